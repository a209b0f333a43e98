#!/usr/bin/env python3
"""A mutation fuzzer for catalint: every front end (Swift, Objective-C, YAML interface files,
storyboards and xibs) and the configuration loader, through the real `catalint lint` command.

It mutates seed inputs from the repository (the sample app, the examples in Rules/, the test
fixtures), lints them in batches, and saves every input that makes catalint crash (a signal, or
an exit status other than 0, 1 or 2), hang (past the time limit), use too much memory, exit 2 on
source files (only a bad configuration or command line may), or print a report that does not
parse. Each finding goes to `.fuzz/findings/<kind>-<hash>/` with the input and the command that
reproduces it; a failing batch is bisected down to the file that causes it.

    scripts/fuzz.sh --minutes 60                 # runs a release build, prints counts as it goes
    scripts/fuzz.py --catalint PATH --minutes 5 --seed 7 --batch 40

Only the Python standard library; GNU time (/usr/bin/time) measures the memory when present.
"""
import argparse
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KINDS = {"swift": ".swift", "objc": ".m", "interface": ".interface.yml", "storyboard": ".storyboard", "config": ".catalint.yml"}


# --- seeds -------------------------------------------------------------------------------------

def rule_examples():
    """The examples of Rules/*.yml, by kind, read without a YAML library: block scalars under the
    example keys."""
    found = {"swift": [], "objc": [], "interface": [], "storyboard": []}
    keys = {"triggering": "swift", "passing": "swift", "input": "swift", "output": "swift",
            "objc_triggering": "objc", "objc_passing": "objc",
            "interface_triggering": "interface", "interface_passing": "interface",
            "interface_builder_triggering": "storyboard", "interface_builder_passing": "storyboard"}
    for name in sorted(os.listdir(os.path.join(ROOT, "Rules"))):
        lines = open(os.path.join(ROOT, "Rules", name), encoding="utf-8").read().split("\n")
        current = None
        index = 0
        while index < len(lines):
            line = lines[index]
            index += 1
            match = re.match(r"^\s*([a-z_]+):\s*$", line)
            if match and match.group(1) in keys:
                current = keys[match.group(1)]
                continue
            match = re.match(r"^(\s*)(?:- )?(?:(input|output): )?\|\s*$", line)
            if not (match and current):
                continue
            kind = keys[match.group(2)] if match.group(2) else current
            start = len(match.group(1))
            block = []
            indent = None
            while index < len(lines):
                text = lines[index]
                depth = len(text) - len(text.lstrip(" "))
                if text.strip() and (depth <= start or (indent is not None and depth < indent)):
                    break
                if text.strip() and indent is None:
                    indent = depth
                block.append(text[indent:] if indent is not None else "")
                index += 1
            found[kind].append("\n".join(block).strip("\n").replace("\u2193", "") + "\n")
    return found


def seeds():
    by_kind = {kind: [] for kind in KINDS}
    for folder in ["samples", "Tests"]:
        for base, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in files:
                path = os.path.join(base, name)
                kind = ("swift" if name.endswith(".swift") and folder == "samples" else
                        "objc" if name.endswith((".m", ".mm", ".h")) else
                        "interface" if name.endswith((".interface.yml", ".interface.yaml")) else
                        "storyboard" if name.endswith((".storyboard", ".xib")) else None)
                if kind:
                    by_kind[kind].append(open(path, "rb").read())
    for kind, texts in rule_examples().items():
        by_kind[kind] += [text.encode() for text in texts]
    by_kind["config"] = [
        b"idiom: mac\nexcluded:\n  - Generated\n  - '**/Pods/**'\nincluded:\n  - Sources\n",
        b"rules:\n  hard-coded-size: off\n  unavailable-control:\n    severity: warning\n    classes: [{name: UIStepper}]\n",
        b"limits:\n  file_size: 1MB\n  nesting: 200\n  seconds_per_file: 2\nswift_version: '5.9'\n",
        b"overrides:\n  - paths: ['Legacy/**']\n    rules: {button-non-normal-state: warning}\ninput_kinds:\n  swift: ['*.swift']\n",
    ]
    return by_kind


# --- mutations ---------------------------------------------------------------------------------

def mutate(data, kind, pool, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        choice = rng.randrange(14)
        at = rng.randint(0, len(data)) if data else 0
        if choice == 0 and data:  # flip bytes
            for _ in range(rng.randint(1, 8)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        elif choice == 1:  # deep or unclosed brackets
            run = rng.choice(["[", "(", "{", "[(", "<", "{[(", "\"\\(", "#if A\n"]) * rng.choice([10, 40, 300, 3000, 60000])
            data[at:at] = run.encode()
        elif choice == 2:  # truncate
            del data[at:]
        elif choice == 3 and data:  # duplicate a slice
            end = min(len(data), at + rng.randint(1, 400))
            data[at:at] = data[at:end] * rng.randint(2, 50)
        elif choice == 4:  # splice another seed
            other = rng.choice(pool)
            cut = rng.randint(0, len(other))
            data[at:] = other[cut:]
        elif choice == 5:  # invalid UTF-8, NUL, BOM, surrogates
            data[at:at] = rng.choice([b"\xff\xfe", b"\x00", b"\xef\xbb\xbf", b"\xed\xa0\x80", b"\xc3", b"\xe2\x80\xa8"])
        elif choice == 6:  # line breaks
            data = bytearray(data.replace(b"\n", rng.choice([b"\r", b"\r\n", b"\n\n", b"\u2028".decode("unicode_escape").encode()])))
        elif choice == 7:  # huge numbers and long names
            data[at:at] = rng.choice([b"99999999999999999999999999", b"-0x1p-1074", b"1e400", b"_" * 5000, b"\xf0\x9f\x91\x8d" * 2000])
        elif choice == 8 and kind in ("interface", "config"):  # YAML anchors and aliases
            depth = rng.randint(2, 30)
            bomb = "a0: &a0 [x, y]\n" + "".join(f"a{n}: &a{n} [*a{n-1}, *a{n-1}]\n" for n in range(1, depth))
            if rng.random() < 0.5:
                bomb += f"? *a{depth - 1}\n: 1\n"
            data[at:at] = bomb.encode()
        elif choice == 9 and kind in ("interface", "config"):  # YAML oddities
            data[at:at] = rng.choice([b"\n%YAML 1.1\n---\n", b"!!binary |\n  AAAA\n", b"{{{{{{{{", b"- - - - -\n", b"&a *a\n",
                                      b"? [a, b]\n: c\n", b"\t\t", b"key: \"\\u0000\"\n", b"<<: *missing\n"])
        elif choice == 10 and kind == "storyboard":  # XML oddities
            data[at:at] = rng.choice([b"<!DOCTYPE x [<!ENTITY a \"&#38;a;\">]>", b"<![CDATA[", b"]]>", b"<!--", b"-->",
                                      b"&amp;&lt;&#xFFFF;&#0;", b"<view>" * 3000, b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>",
                                      b"<state key=\"highlighted\" title=\"\xe9\"/>", b" customClass=\"\" "])
        elif choice == 11 and kind == "swift":  # Swift oddities
            data[at:at] = rng.choice([b"#if swift(>=9.0)\nlet x = @#$\n#endif\n", b"// catalint:disable:next \n", b"/* /* */",
                                      b"#\"\"\"\n", b"\\(", b"UIDevice.current.userInterfaceIdiom == .pad ? ", b"UIStepper()",
                                      b"#if targetEnvironment(macCatalyst)\n", b"@available(macCatalyst, unavailable)\n",
                                      b"x" + b".y" * 20000, b"1" + b" + 1" * 20000])
        elif choice == 11 and kind == "objc":  # Objective-C and preprocessor oddities
            data[at:at] = rng.choice([b"#if TARGET_OS_MACCATALYST\n", b"#endif\n", b"#define UIStepper UIStepper UIStepper\n",
                                      b"#define A(x) A(x)\nA(1)\n", b"#include \"F0.m\"\n", b"#import <UIKit/UIKit.h>\n",
                                      b"@interface X : X @end\n", b"[[[[[[[[" * 200, b"@implementation", b"__attribute__((",
                                      b"[[UIStepper alloc] init];", b"UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad ? ",
                                      b"template <class T> struct S { S<S<T>> s; };\n", b"#pragma clang diagnostic push\n", b"\\\n" * 50])
        elif choice == 12 and data:  # delete a slice
            del data[at:at + rng.randint(1, 200)]
        elif choice == 13:  # repeat lines
            lines = data.split(b"\n")
            if lines:
                line = rng.choice(lines)
                data[at:at] = (line + b"\n") * rng.randint(10, 3000)
    return bytes(data[: 3_000_000])


# --- running -----------------------------------------------------------------------------------

def run_catalint(binary, folder, timeout, paths=(".",)):
    command = [binary, "lint", "--no-cache", "--format", "json", *paths]
    time_file = os.path.join(folder, ".time")
    wrapped = ["/usr/bin/time", "-o", time_file, "-f", "%M", *command] if os.path.exists("/usr/bin/time") else command
    start = time.monotonic()
    try:
        process = subprocess.run(wrapped, cwd=folder, capture_output=True, timeout=timeout)
        status, out, err = process.returncode, process.stdout, process.stderr
    except subprocess.TimeoutExpired as expired:
        status, out, err = None, expired.stdout or b"", expired.stderr or b""
    seconds = time.monotonic() - start
    rss = None
    if os.path.exists(time_file):
        text = open(time_file).read().split()
        rss = int(text[-1]) // 1024 if text and text[-1].isdigit() else None
        if text and "signal" in " ".join(text):
            match = re.search(r"signal (\d+)", " ".join(text))
            if match:
                status = -int(match.group(1))
        os.remove(time_file)
    return status, out, err, seconds, rss


def problem(status, out, err, seconds, rss, kind, limit_mb):
    if status is None:
        return "hang"
    if status < 0 or status > 2 or b"Fatal error" in err or b"Segmentation" in err:
        return "crash"
    if rss is not None and rss > limit_mb:
        return "memory"
    if status == 2 and kind != "config":
        return "usage-exit"
    if status in (0, 1):
        try:
            report = json.loads(out)
            assert isinstance(report.get("diagnostics"), list)
        except Exception:
            return "bad-report"
    return None


def save(findings_dir, name, kind, data, outcome, detail):
    digest = hashlib.sha256(data).hexdigest()[:12]
    folder = os.path.join(findings_dir, f"{outcome}-{kind}-{digest}")
    if os.path.exists(folder):
        return folder, False
    os.makedirs(folder)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)
    with open(os.path.join(folder, "README.txt"), "w") as f:
        f.write(f"{outcome} on a {kind} input: {detail}\nreproduce: cd {folder} && catalint lint --no-cache --format json .\n")
    return folder, True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalint", default=os.path.join(ROOT, ".build/release/catalint"))
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--batch", type=int, default=40, help="mutated files per run of catalint")
    parser.add_argument("--timeout", type=float, default=60, help="seconds before a run counts as a hang")
    parser.add_argument("--memory", type=int, default=1500, help="MB of peak memory that count as a blow-up")
    parser.add_argument("--findings", default=os.path.join(ROOT, ".fuzz/findings"))
    args = parser.parse_args()
    binary = os.path.abspath(args.catalint)
    rng = random.Random(args.seed)
    pool = seeds()
    flat = [data for texts in pool.values() for data in texts]
    os.makedirs(args.findings, exist_ok=True)
    counts = {kind: 0 for kind in KINDS}
    found = []
    deadline = time.monotonic() + args.minutes * 60
    runs = 0
    print(f"fuzzing {binary} for {args.minutes:g} min, seed {args.seed}, seeds: "
          + ", ".join(f"{len(v)} {k}" for k, v in pool.items()), flush=True)
    while time.monotonic() < deadline:
        kind = rng.choice(["swift", "swift", "objc", "interface", "storyboard", "config"])
        folder = tempfile.mkdtemp(prefix="catalint-fuzz-")
        try:
            inputs = {}
            if kind == "config":
                data = mutate(rng.choice(pool["config"]), "config", flat, rng)
                inputs[".catalint.yml"] = data
                inputs["A.swift"] = rng.choice(pool["swift"])
            else:
                for number in range(args.batch):
                    inputs[f"F{number}{KINDS[kind]}"] = mutate(rng.choice(pool[kind]), kind, flat, rng)
            for name, data in inputs.items():
                with open(os.path.join(folder, name), "wb") as f:
                    f.write(data)
            status, out, err, seconds, rss = run_catalint(binary, folder, args.timeout)
            runs += 1
            counts[kind] += 1 if kind == "config" else len(inputs)
            outcome = problem(status, out, err, seconds, rss, kind, args.memory)
            if outcome:
                # Bisect: each mutated file alone (the configuration is one file already).
                culprits = [(name, data) for name, data in inputs.items() if (name == ".catalint.yml") == (kind == "config")]
                if kind != "config":
                    single = []
                    for name, data in culprits:
                        alone = tempfile.mkdtemp(prefix="catalint-fuzz-one-")
                        with open(os.path.join(alone, name), "wb") as f:
                            f.write(data)
                        result = run_catalint(binary, alone, args.timeout)
                        if problem(*result, kind, args.memory) == "hang":
                            # A busy machine can starve a low-priority run: a hang must repeat.
                            result = run_catalint(binary, alone, args.timeout * 2)
                        shutil.rmtree(alone, ignore_errors=True)
                        if problem(*result, kind, args.memory):
                            single.append((name, data))
                            break
                    culprits = single or culprits[:0]
                detail = f"exit {status}, {seconds:.1f} s, {rss} MB; stderr: {err[-300:].decode(errors='replace')!r}"
                for name, data in culprits or [("batch.tar", b"")]:
                    where, new = save(args.findings, name, kind, data, outcome, detail)
                    if new:
                        found.append((outcome, kind, where))
                        print(f"FOUND {outcome} ({kind}): {where}: {detail}", flush=True)
            if runs % 50 == 0:
                print(f"{runs} runs: " + ", ".join(f"{n} {k}" for k, n in counts.items()) + f"; {len(found)} findings", flush=True)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"done: {runs} runs, inputs: " + ", ".join(f"{n} {k}" for k, n in counts.items()) + f"; {len(found)} findings")
    for outcome, kind, where in found:
        print(f"  {outcome} {kind} {where}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
