#!/usr/bin/env python3
"""Times a release build of catalint on large Swift trees and prints the numbers (no assertions).

Usage: scripts/benchmark.py [RUNS]   (default 3 runs of each case; prints the best and the median)
"""
import os
import statistics
import subprocess
import sys
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)
runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
subprocess.run(["swift", "build", "-c", "release"], check=True, stdout=subprocess.DEVNULL)
subprocess.run(["swift", "package", "resolve"], check=True, stdout=subprocess.DEVNULL)
binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], check=True,
                        capture_output=True, text=True).stdout.strip() + "/catalint"
syntax = ".build/checkouts/swift-syntax"

swift_files = [os.path.join(d, f) for d, _, names in os.walk(syntax) for f in names if f.endswith(".swift")]
lines = sum(sum(1 for _ in open(f, encoding="utf-8", errors="replace")) for f in swift_files)
print(f"swift-syntax 603.0.1 checkout: {len(swift_files)} Swift files, {lines} lines; {os.cpu_count()} cores")


def measure(label, *arguments):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([binary, *arguments], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    print(f"{label:<44} best {min(times):6.3f}s  median {statistics.median(times):6.3f}s")


measure("swift-syntax, all cores", "lint", "--no-config", "--idiom", "mac", syntax)
measure("swift-syntax, one thread (-j 1)", "lint", "--no-config", "--idiom", "mac", "-j", "1", syntax)
measure("swift-syntax Sources only", "lint", "--no-config", "--idiom", "mac", syntax + "/Sources")
measure("samples/Recipes", "lint", "--no-config", "samples/Recipes")
