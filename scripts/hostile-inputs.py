#!/usr/bin/env python3
"""Time and memory of catalint on the hostile inputs of the hardening work, one case at a time.

Each case is written to a fresh temporary folder beside one ordinary file with a finding, and
`catalint lint --no-cache` runs there under a time limit. The script prints, for each case: the exit
status (or the signal, or "timeout"), the wall time, the peak resident memory, and whether the
ordinary file's finding was still reported. It asserts nothing: give it two binaries to compare.

    scripts/hostile-inputs.py --catalint .build/release/catalint
    scripts/hostile-inputs.py --catalint /path/to/old/catalint --timeout 120 --only deep-nesting,one-line
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ORDINARY = "import UIKit\nfunc make() {\n    let stepper = UIStepper()\n}\n"


def deep_nesting(folder):
    with open(os.path.join(folder, "Table.swift"), "w") as f:
        f.write("let table = " + "[" * 50_000 + "1" + "]" * 50_000 + "\n")
    return "50,000 nested [ in a Swift file (generated data tables)"


def unclosed(folder):
    with open(os.path.join(folder, "Fuzzed.swift"), "w") as f:
        f.write("let w = " + "[(" * 40 + "\n")
    return "a 90-byte fuzzed file: 40 unclosed [( pairs"


def huge_file(folder):
    line = "let value = 1 // " + "x" * 80 + "\n"
    with open(os.path.join(folder, "Huge.swift"), "w") as f:
        for _ in range((200 * 1024 * 1024) // len(line)):
            f.write(line)
    return "a 200 MB Swift file"


def one_line(folder):
    with open(os.path.join(folder, "OneLine.swift"), "w") as f:
        f.write("import UIKit\nfunc make() { " + "let s = UIStepper(); " * 20_000 + "}\n")
    return "one 420 kB line with 20,000 findings"


def long_block(folder):
    with open(os.path.join(folder, "Block.swift"), "w") as f:
        f.write("import UIKit\nfunc make(_ v: UIView) {\n")
        for n in range(30_000):
            f.write(f"    let s{n} = UIStepper()\n")
        f.write("}\n")
    return "one block of 30,000 statements, each with a finding"


def yaml_keys(folder):
    text = "a0: &a0 {x: 1, y: 2}\n"
    for n in range(1, 24):
        text += f"a{n}: &a{n} {{? *a{n-1} : 1, ? [*a{n-1}, *a{n-1}] : 2}}\n"
    with open(os.path.join(folder, "Bomb.interface.yml"), "w") as f:
        f.write("interface: Bomb\nviews:\n  - class: UILabel\n" + text)
    return "an interface file with aliases as mapping keys, 24 levels"


def config_keys(folder):
    text = "x0: &x0 {x: 1, y: 2}\n"
    for n in range(1, 24):
        text += f"x{n}: &x{n} {{? *x{n-1} : 1, ? [*x{n-1}, *x{n-1}] : 2}}\n"
    with open(os.path.join(folder, ".catalint.yml"), "w") as f:
        f.write(text)
    return ".catalint.yml with aliases as mapping keys, 24 levels"


def deep_glob(folder):
    path = os.path.join(folder, "a", *(["d"] * 120))
    os.makedirs(path)
    with open(os.path.join(path, "Deep.swift"), "w") as f:
        f.write("import UIKit\nlet pager = UIPageControl()\n")
    with open(os.path.join(folder, ".catalint.yml"), "w") as f:
        f.write("excluded:\n  - 'a/**/**/**/**/**/**/**/**/**/**/b'\n")
    return "an excluded glob with ten ** against a 120-folder-deep path"


CASES = {
    "deep-nesting": deep_nesting,
    "unclosed": unclosed,
    "huge-file": huge_file,
    "one-line": one_line,
    "long-block": long_block,
    "yaml-alias-keys": yaml_keys,
    "config-alias-keys": config_keys,
    "deep-glob": deep_glob,
}


def run(binary, folder, timeout):
    help_text = subprocess.run([binary, "lint", "--help"], capture_output=True, text=True).stdout
    cache = ["--no-cache"] if "--no-cache" in help_text else []  # builds before the cache have none
    start = time.monotonic()
    process = subprocess.Popen([binary, "lint", *cache, "--format", "xcode", "."], cwd=folder,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = process.communicate(timeout=timeout)
        status = process.returncode
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        status = None
    wall = time.monotonic() - start
    return status, wall, out.decode(errors="replace"), err.decode(errors="replace")


def peak_rss_of_children():
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalint", default=".build/release/catalint")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--only", help="comma-separated case names: " + ", ".join(CASES))
    args = parser.parse_args()
    binary = os.path.abspath(args.catalint)
    names = args.only.split(",") if args.only else list(CASES)
    print(f"catalint: {binary}; time limit {args.timeout:.0f} s per case")
    print(f"{'case':18}  {'exit':>8}  {'wall s':>7}  {'peak RSS':>9}  other file  what")
    for name in names:
        folder = tempfile.mkdtemp(prefix=f"catalint-hostile-{name}-")
        try:
            what = CASES[name](folder)
            with open(os.path.join(folder, "Ordinary.swift"), "w") as f:
                f.write(ORDINARY)
            # Each case in its own process, so the peak memory is this case's alone.
            child = subprocess.run([sys.executable, __file__, "--_one", binary, folder, str(args.timeout)],
                                   capture_output=True, text=True)
            status, wall, rss, other = child.stdout.strip().split("\t")
            print(f"{name:18}  {status:>8}  {float(wall):7.2f}  {int(rss):6,} MB  {other:10}  {what}")
        finally:
            shutil.rmtree(folder, ignore_errors=True)


def one(binary, folder, timeout):
    status, wall, out, err = run(binary, folder, timeout)
    if status is None:
        shown = "timeout"
    elif status < 0:
        shown = f"signal {-status}"
    else:
        shown = str(status)
    other = "reported" if "Ordinary.swift:3:19" in out else "missing"
    print(f"{shown}\t{wall:.2f}\t{peak_rss_of_children()}\t{other}")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--_one":
        one(sys.argv[2], sys.argv[3], float(sys.argv[4]))
    else:
        main()
