#!/usr/bin/env python3
"""Time and memory of catalint on the hostile inputs of the hardening work, one case at a time.

Each case is written to a fresh temporary folder beside one ordinary file with a finding, and
`catalint lint --no-cache` runs there under a time limit. The script prints, for each case: the exit
status (or the signal, or "timeout"), the wall time, the CPU time (user + system of every thread),
the peak resident memory, whether the ordinary file's finding was still reported, and what else the
case checks (how many of its own findings came out, what -v said). It asserts nothing: give it two
binaries to compare.

The cases of the budget work (issue 19):
  early-exits-1k/4k/16k  one function with N early exits, each followed by a finding: the time
                         should grow linearly, and every finding come out
  beside-slow            `catalint lint Named.swift` in a project whose other file is past the
                         budget (seconds_per_file: 0.5, as the tests): only indexed, it must not hold the run
  server-beside-slow     `catalint server` on that project: the time to answer initialize, to
                         publish the named document's diagnostics, and the slow file's own
                         (file-skipped) when it is opened

    scripts/hostile-inputs.py --catalint .build/release/catalint
    scripts/hostile-inputs.py --catalint /path/to/old/catalint --timeout 120 --only deep-nesting,one-line
"""
import argparse
import json
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


def early_exits(count):
    def write(folder):
        with open(os.path.join(folder, "Exits.swift"), "w") as f:
            f.write("import UIKit\nfunc make(" + ", ".join(f"c{n}: Bool" for n in range(min(count, 4))) + ") {\n")
            for n in range(count):
                f.write(f"    if flag{n} {{ return }}\n    let s{n} = UIStepper()\n")
            f.write("}\n")
        return {"what": f"one function of {count:,} early exits, each followed by a UIStepper()",
                "check": lambda out, err: f"{sum(1 for l in out.splitlines() if l.startswith('Exits.swift:') and '[unavailable-control]' in l):,}/{count:,} found"}
    return write


SLOW_STATEMENTS = 60_000


def slow_project(folder):
    """A project whose Generated.swift is past a half-second budget (a release build reads it in about 2 s; the budget of the tests), and a small file to name."""
    with open(os.path.join(folder, ".catalint.yml"), "w") as f:
        f.write("limits:\n  seconds_per_file: 0.5\n")
    with open(os.path.join(folder, "Generated.swift"), "w") as f:
        f.write("import UIKit\nclass PullToRefresh: UIRefreshControl {}\nfunc make() {\n")
        for n in range(SLOW_STATEMENTS):
            f.write(f"    if x{n % 97} {{ return }}\n    let s{n} = UIStepper()\n")
        f.write("}\n")
    with open(os.path.join(folder, "Named.swift"), "w") as f:
        f.write("import UIKit\nlet control = UIPageControl()\n")


def beside_slow(folder):
    slow_project(folder)
    def check(out, err):
        named = "named reported" if "Named.swift:2:15" in out else "named MISSING"
        said = "-v names it" if "not indexed: " in err and "Generated.swift" in err else "-v silent"
        return f"{named}; {said}"
    return {"what": f"`lint -v Named.swift` beside a {SLOW_STATEMENTS:,}-exit Generated.swift past a 0.5 s budget",
            "args": ["-v", "Named.swift"], "check": check}


CASES = {
    "deep-nesting": deep_nesting,
    "unclosed": unclosed,
    "huge-file": huge_file,
    "one-line": one_line,
    "long-block": long_block,
    "yaml-alias-keys": yaml_keys,
    "config-alias-keys": config_keys,
    "deep-glob": deep_glob,
    "early-exits-1k": early_exits(1_000),
    "early-exits-4k": early_exits(4_000),
    "early-exits-16k": early_exits(16_000),
    "beside-slow": beside_slow,
    "server-beside-slow": None,  # run by server_case
}


def run(binary, folder, timeout, args=None):
    help_text = subprocess.run([binary, "lint", "--help"], capture_output=True, text=True).stdout
    cache = ["--no-cache"] if "--no-cache" in help_text else []  # builds before the cache have none
    start = time.monotonic()
    process = subprocess.Popen([binary, "lint", *cache, "--format", "xcode", *(args or ["."])], cwd=folder,
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


def cpu_of_children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def server_case(binary, folder, timeout):
    """Starts `catalint server` on the slow project; returns (status, wall, what it measured)."""
    slow_project(folder)
    process = subprocess.Popen([binary, "server"], cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    messages = []
    buffer = b""
    start = time.monotonic()

    def send(message):
        process.stdin.write(frame(message))
        process.stdin.flush()

    def wait_for(predicate, seconds):
        nonlocal buffer
        import select
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for message in messages:
                if predicate(message):
                    messages.remove(message)
                    return time.monotonic()
            ready, _, _ = select.select([process.stdout], [], [], max(0, deadline - time.monotonic()))
            if not ready:
                break
            chunk = os.read(process.stdout.fileno(), 1 << 16)
            if not chunk:
                break
            buffer += chunk
            while b"\r\n\r\n" in buffer:
                head, rest = buffer.split(b"\r\n\r\n", 1)
                length = int(head.split(b":")[1])
                if len(rest) < length:
                    break
                messages.append(json.loads(rest[:length]))
                buffer = rest[length:]
        return None

    uri = lambda name: "file://" + os.path.join(os.path.realpath(folder), name)
    results = []
    try:
        sent = time.monotonic()
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"processId": None, "rootUri": "file://" + os.path.realpath(folder), "capabilities": {}}})
        answered = wait_for(lambda m: m.get("id") == 1, timeout)
        results.append(f"initialize {answered - sent:.2f} s" if answered else "initialize: no answer")
        send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        for name in ("Named.swift", "Generated.swift"):
            text = open(os.path.join(folder, name)).read()
            sent = time.monotonic()
            send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                  "params": {"textDocument": {"uri": uri(name), "languageId": "swift", "version": 1, "text": text}}})
            got = {}
            def published(message, name=name):
                if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri(name):
                    got["diagnostics"] = message["params"]["diagnostics"]
                    return True
                return False
            arrived = wait_for(published, timeout)
            if arrived is None:
                results.append(f"{name}: no diagnostics")
                continue
            codes = sorted({d.get("code", "?") for d in got["diagnostics"]})
            results.append(f"{name} {arrived - sent:.2f} s ({', '.join(codes) or 'none'})")
        send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        wait_for(lambda m: m.get("id") == 2, 10)
        send({"jsonrpc": "2.0", "method": "exit"})
        status = process.wait(timeout=10)
    except (subprocess.TimeoutExpired, BrokenPipeError, OSError):
        process.kill()
        process.wait()
        status = None
    return status, time.monotonic() - start, "; ".join(results)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalint", default=".build/release/catalint")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--only", help="comma-separated case names: " + ", ".join(CASES))
    args = parser.parse_args()
    binary = os.path.abspath(args.catalint)
    names = args.only.split(",") if args.only else list(CASES)
    print(f"catalint: {binary}; time limit {args.timeout:.0f} s per case")
    print(f"{'case':18}  {'exit':>8}  {'wall s':>7}  {'CPU s':>7}  {'peak RSS':>9}  other file  what; checked")
    for name in names:
        folder = tempfile.mkdtemp(prefix=f"catalint-hostile-{name}-")
        try:
            # Each case in its own process, so the peak memory and CPU are this case's alone.
            child = subprocess.run([sys.executable, __file__, "--_one", binary, folder, str(args.timeout), name],
                                   capture_output=True, text=True)
            fields = child.stdout.strip().split("\t")
            if len(fields) != 7:
                print(f"{name:18}  the case failed: {child.stderr.strip()[-300:]}")
                continue
            status, wall, cpu, rss, other, what, checked = fields
            print(f"{name:18}  {status:>8}  {float(wall):7.2f}  {float(cpu):7.2f}  {int(rss):6,} MB  {other:10}  {what}; {checked}")
        finally:
            shutil.rmtree(folder, ignore_errors=True)


def one(binary, folder, timeout, name):
    if name == "server-beside-slow":
        status, wall, checked = server_case(binary, folder, timeout)
        what, other = "catalint server on the beside-slow project", "-"
    else:
        case = CASES[name](folder)
        if isinstance(case, str):
            case = {"what": case}
        with open(os.path.join(folder, "Ordinary.swift"), "w") as f:
            f.write(ORDINARY)
        status, wall, out, err = run(binary, folder, timeout, case.get("args"))
        other = "reported" if "Ordinary.swift:3:19" in out else ("-" if case.get("args") else "missing")
        what = case["what"]
        checked = case["check"](out, err) if "check" in case else "-"
    if status is None:
        shown = "timeout"
    elif status < 0:
        shown = f"signal {-status}"
    else:
        shown = str(status)
    print("\t".join([shown, f"{wall:.2f}", f"{cpu_of_children():.2f}", str(peak_rss_of_children()), other, what, checked]))


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "--_one":
        one(sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5])
    else:
        main()
