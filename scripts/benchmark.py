#!/usr/bin/env python3
"""Measures catalint against its performance targets and prints the numbers; it asserts nothing.

Workloads, each timed `--runs` times (median, min and max), catalint and the baseline alternated
run by run (ABBA) so that the noise of this shared machine falls on both alike:

  cold       `catalint lint --no-config --idiom mac -j N .` on the perf corpus (1.49M lines of
             server-side Swift built by ../shared/make-perf-corpus.sh), on its swift-syntax part
             (a ~300k-line project, also with -j 1) and, with --apps, on each real app in .corpus/
             (scripts/corpus/extract.sh), else on samples/Recipes copied 200 times. A cold run
             starts without catalint's cache (--no-cache, or its cache folder deleted) but with
             the files in the OS page cache (one untimed run first).
  baseline   `swift-frontend -frontend -parse` (what `swiftc -frontend` runs) over the same Swift
             files, split by bytes into N groups, one process per group, all at once: the time a
             parser alone needs with as many processes as catalint has threads.
  warm       the same lint again with nothing changed, after one run that fills the cache.
  one file   in a copy of the swift-syntax part (with a .catalint.yml, so it is the project), a
             comment appended to one mid-sized file before each run, then `catalint lint .`,
             `catalint lint FILE` and `catalint lint --stdin-filename FILE -`; then the same in a
             copy of the whole perf corpus, linted from its root with --idiom mac (not with --quick).
  start-up   `catalint lint FILE` of one small file in a project of its own, its cache warm (a
             pre-commit hook with one file staged: little but start-up), alternated with
             `catalint --version` (the process and its libraries alone), runs x 5 times each.
  callgrind  instructions (valgrind --tool=callgrind) of catalint -j 1 and of swift-frontend
             -parse on a fixed subset: the first 40 Swift files of swift-syntax/Sources/SwiftParser
             (catalint's: the median of 3 runs). Unlike times, these move by 3% at most between runs
             whatever the load: compare them across changes.

  objc       with --objc, for each app of .corpus/ with Objective-C: catalint on a copy holding
             only the app's .m, .mm and .h files, against clang -fsyntax-only over the same files
             (each a translation unit, as catalint lints headers too) with the same arguments and
             the same prelude (`catalint __objc-dump --clang-arguments` writes them), split by
             bytes into N groups run at once; and against libclang parsing each file once in one
             process per group (scripts/clang-parse-files.c: no process start per file); then each app with Swift and Objective-C whole,
             cold against swift-frontend -parse followed by clang, and warm.

Peak RSS is the child's own maximum resident set (wait4), the largest of the runs.

Usage: scripts/benchmark.py [--catalint PATH | --build] [--corpus PATH] [--apps] [--runs N]
                            [--jobs N] [--quick] [--json] [--skip-callgrind] [--objc | --objc-only]

  --catalint PATH   the binary (default: .build/release/catalint)
  --build           `swift build -c release` first and use its binary
  --corpus PATH     the perf corpus folder (default: .build-perf-corpus, git-ignored); built with
                    ../shared/make-perf-corpus.sh when missing (a few seconds from local copies)
  --apps            also the real apps of .corpus/ (or samples/Recipes scaled up when absent)
  --runs N          timed runs of each case (default 5)
  --jobs N          catalint's -j and the number of swift-frontend processes (default: the cores)
  --quick           a smoke run: one run, no warm-up, the swift-syntax part only
  --json            print one JSON object on standard output instead of the tables
  --skip-callgrind  no instruction counts
  --objc            also the Objective-C workloads (needs .corpus/ apps with Objective-C and clang)
  --objc-only       only the Objective-C workloads
  --objc-apps A,B   only these apps of .corpus/ for them

Progress goes to standard error. Exit status: 0, or 2 when the binary or the corpus is missing.
"""
import argparse
import datetime
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIPPED_FOLDERS = {".git", ".build", "DerivedData", "Pods", "Carthage"}  # as catalint walks folders
INTERFACE_SUFFIXES = (".interface.yml", ".interface.yaml", ".storyboard", ".xib")
PROJECT_PART = "swift-syntax"  # the ~300k-line project of the perf corpus
CHANGED_FILE = "Sources/SwiftParser/Patterns.swift"  # mid-sized (409 lines); else the median file
CALLGRIND_FOLDER = "swift-syntax/Sources/SwiftParser"
CALLGRIND_FILES = 40
CALLGRIND_RUNS = 3
LINT = ["lint", "--no-config", "--idiom", "mac"]

TARGET_RATIO = 3.0
TARGET_RSS_MB = 400
TARGET_WARM_SHARE = 0.05
TARGET_ONE_FILE_S = 0.3
TARGET_OBJC_RATIO = 2.0
OBJC_SUFFIXES = (".m", ".mm", ".h")


def main():
    options = parse_arguments()
    catalint = find_catalint(options)
    frontend = find_frontend()
    corpus = None if options.objc_only else ensure_corpus(options.corpus, options.corpus_script)
    cache = detect_cache(catalint)
    # Every Swift file, as swiftc gets them: builds that leave out what no target builds (a
    # package's test targets) are asked to lint those too.
    if "--include-unbuilt" in subprocess.run([catalint, "lint", "--help"], capture_output=True, text=True).stdout:
        LINT.append("--include-unbuilt")
    work = tempfile.mkdtemp(prefix="catalint-benchmark-")
    result = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "catalint": catalint, "catalint_version": version(catalint), "jobs": options.jobs,
        "cores": os.cpu_count(), "runs": options.runs, "frontend": frontend, "corpus": corpus,
        "cache": cache["kind"], "load_before": os.getloadavg()[0],
    }
    try:
        if options.objc or options.objc_only:
            result["objc"] = measure_objc(options, catalint, cache, work)
        if options.objc_only:
            result["workloads"] = []
            return finish(options, result, work)
        workloads = make_workloads(options, corpus, work)
        result["workloads"] = [measure_cold(options, catalint, frontend, cache, work, w) for w in workloads]
        result["warm"] = measure_warm(options, catalint, cache, work, workloads[0], result["workloads"][0])
        result["one_file"] = measure_one_file(options, catalint, cache, corpus, work)
        result["startup"] = measure_startup(options, catalint, cache, work)
        if not options.quick:
            result["one_file_corpus"] = measure_one_file(options, catalint, cache, corpus, work, whole=True)
        result["callgrind"] = None if options.skip_callgrind else \
            measure_callgrind(catalint, frontend, cache, corpus, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    finish(options, result, work)


def finish(options, result, work):
    shutil.rmtree(work, ignore_errors=True)
    result["load_after"] = os.getloadavg()[0]
    result["targets"] = targets(result)
    if options.json:
        json.dump(result, sys.stdout, indent=2)
        print()
    else:
        print_report(result)


# -- Setup ------------------------------------------------------------------------------------

def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--catalint", help="the catalint binary (default: .build/release/catalint)")
    parser.add_argument("--build", action="store_true", help="swift build -c release first")
    parser.add_argument("--corpus", default=os.path.join(ROOT, ".build-perf-corpus"))
    parser.add_argument("--corpus-script",
                        default=os.path.join(os.path.dirname(ROOT), "shared", "make-perf-corpus.sh"))
    parser.add_argument("--apps", action="store_true", help="also the real apps of .corpus/")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--quick", action="store_true", help="one run, the swift-syntax part only")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--skip-callgrind", action="store_true")
    parser.add_argument("--objc", action="store_true", help="also the Objective-C apps of .corpus/")
    parser.add_argument("--objc-only", action="store_true", help="only the Objective-C workloads")
    parser.add_argument("--objc-apps", help="comma-separated names of .corpus/ apps (default: every one with Objective-C)")
    options = parser.parse_args()
    if options.quick:
        options.runs = 1
    if options.runs < 1 or options.jobs < 1:
        parser.error("--runs and --jobs must be at least 1")
    options.corpus = os.path.abspath(options.corpus)
    return options


def fail(message):
    print(f"benchmark.py: {message}", file=sys.stderr)
    sys.exit(2)


def progress(message):
    print(message, file=sys.stderr, flush=True)


def find_catalint(options):
    if options.build:
        progress("swift build -c release ...")
        subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        folder = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout.strip()
        path = options.catalint or os.path.join(folder, "catalint")
    else:
        path = options.catalint or os.path.join(ROOT, ".build", "release", "catalint")
    if not os.access(path, os.X_OK):
        fail(f"no catalint binary at {path}: pass --catalint PATH, or --build")
    return os.path.abspath(path)


def find_frontend():
    """swift-frontend beside swiftc: `swiftc -frontend ...` only hands over to it."""
    swiftc = shutil.which("swiftc") or "/opt/swift/usr/bin/swiftc"
    if not os.path.exists(swiftc):
        fail("no swiftc on PATH nor at /opt/swift/usr/bin/swiftc")
    frontend = os.path.join(os.path.dirname(os.path.realpath(swiftc)), "swift-frontend")
    return frontend if os.access(frontend, os.X_OK) else swiftc


def ensure_corpus(corpus, script):
    if not os.path.isdir(corpus):
        if not os.path.exists(script):
            fail(f"no perf corpus at {corpus} and no {script} to build it")
        progress(f"building the perf corpus: {script} {corpus}")
        subprocess.run(["bash", script, corpus], check=True, stdout=sys.stderr)
    if not os.path.isdir(os.path.join(corpus, PROJECT_PART)):
        fail(f"{corpus} has no {PROJECT_PART}/: delete it and run again to rebuild it")
    return corpus


def version(binary):
    done = subprocess.run([binary, "--version"], capture_output=True, text=True)
    return done.stdout.strip()


def detect_cache(catalint):
    """How to run catalint cold and warm, from the options `lint --help` lists."""
    text = subprocess.run([catalint, "lint", "--help"], capture_output=True, text=True).stdout
    no_cache = re.search(r"--no-cache\b", text) is not None
    match = re.search(r"(--cache[-\w]*)[ =]<", text)  # --cache-dir <path>
    folder_option = match.group(1) if match else None
    kind = ", ".join(o for o in ("--no-cache" if no_cache else None, folder_option) if o) or "none"
    return {"kind": kind, "no_cache": no_cache, "folder_option": folder_option}


def cache_arguments(cache, work, cold):
    """Arguments for a cold run (--no-cache, else an emptied cache folder) or a warm one (the cache
    in our own folder, not in the corpus). catalint takes --no-cache or --cache-dir, not both."""
    if cold and cache["no_cache"]:
        return ["--no-cache"]
    if not cache["folder_option"]:
        return []
    folder = os.path.join(work, "cache")
    if cold:
        shutil.rmtree(folder, ignore_errors=True)
    return [cache["folder_option"], folder]


# -- Files ------------------------------------------------------------------------------------

def walk(root):
    """The Swift and interface files catalint finds under root, as sorted relative paths."""
    swift, interface = [], []
    for folder, folders, names in os.walk(root):
        folders[:] = [f for f in folders if f not in SKIPPED_FOLDERS and not f.startswith(".")]
        for name in names:
            path = os.path.relpath(os.path.join(folder, name), root)
            if name.endswith(".swift"):
                swift.append(path)
            elif name.endswith(INTERFACE_SUFFIXES):
                interface.append(path)
    return sorted(swift), sorted(interface)


def count_lines(path):
    with open(path, "rb") as handle:
        return handle.read().count(b"\n")


class Workload:
    def __init__(self, name, root, jobs, note=""):
        self.name, self.root, self.jobs, self.note = name, root, jobs, note
        self.swift, self.interface = walk(root)
        self.bytes, self.lines = {}, 0
        for path in self.swift:
            with open(os.path.join(root, path), "rb") as handle:
                data = handle.read()
            self.bytes[path] = len(data)
            self.lines += data.count(b"\n")


def make_workloads(options, corpus, work):
    workloads = []
    if not options.quick:
        workloads.append(Workload("perf corpus", corpus, options.jobs, "8 packages"))
    workloads.append(Workload(f"{PROJECT_PART} part", os.path.join(corpus, PROJECT_PART), options.jobs))
    if not options.quick and options.jobs > 1:
        workloads.append(Workload(f"{PROJECT_PART} part", os.path.join(corpus, PROJECT_PART), 1))
    if options.apps:
        apps = os.path.join(ROOT, ".corpus")
        names = sorted(n for n in os.listdir(apps) if walk(os.path.join(apps, n))[0]) if os.path.isdir(apps) else []
        for name in names:
            workloads.append(Workload(f"app {name}", os.path.join(apps, name), options.jobs))
        if not names:
            scaled = os.path.join(work, "samples-scaled")
            for index in range(200):
                shutil.copytree(os.path.join(ROOT, "samples", "Recipes"), os.path.join(scaled, f"Recipes{index:03}"))
            workloads.append(Workload("samples/Recipes x200", scaled, options.jobs, "no .corpus/"))
    return workloads


def split_by_bytes(files, sizes, groups):
    """Balanced groups (largest file first into the lightest group), each in path order."""
    buckets = [[0, []] for _ in range(min(groups, max(1, len(files))))]
    for path in sorted(files, key=lambda p: (-sizes[p], p)):
        bucket = min(buckets, key=lambda b: b[0])
        bucket[0] += sizes[path]
        bucket[1].append(path)
    return [sorted(b[1]) for b in buckets if b[1]]


# -- Running ----------------------------------------------------------------------------------

def start(command, cwd, stdin=None, stdout=None, stderr=None):
    return subprocess.Popen(command, cwd=cwd, stdin=stdin or subprocess.DEVNULL,
                            stdout=stdout or subprocess.DEVNULL, stderr=stderr or subprocess.DEVNULL)


def reap(process):
    """Waits for the process; its exit status, its own peak RSS in bytes and its CPU seconds."""
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, usage.ru_maxrss * 1024, usage.ru_utime + usage.ru_stime


def run_once(command, cwd, stdin_path=None, stdout_path=None):
    """Wall time, exit status, peak RSS and the tail of standard error of one run."""
    with tempfile.TemporaryFile() as err, \
            open(stdin_path, "rb") if stdin_path else open(os.devnull, "rb") as stdin, \
            open(stdout_path, "wb") if stdout_path else open(os.devnull, "wb") as out:
        began = time.perf_counter()
        status, rss, cpu = reap(start(command, cwd, stdin=stdin, stdout=out, stderr=err))
        wall = time.perf_counter() - began
        err.seek(0)
        tail = err.read()[-2000:].decode("utf-8", "replace")
    return {"wall": wall, "cpu": cpu, "status": status, "rss": rss, "stderr": tail}


def run_groups(frontend, cwd, lists, errors_dir=None):
    """swift-frontend -parse on each file list at once; wall time of the batch, largest RSS."""
    processes, outputs = [], []
    began = time.perf_counter()
    for index, filelist in enumerate(lists):
        err = open(os.path.join(errors_dir, f"{index}.txt"), "wb") if errors_dir else None
        outputs.append(err)
        command = [frontend, "-frontend", "-parse", "-diagnostic-style", "llvm", "-filelist", filelist]
        processes.append(start(command, cwd, stderr=err))
    statuses, rss, cpu = [], 0, 0.0
    for process in processes:
        status, peak, seconds_used = reap(process)
        statuses.append(status)
        rss = max(rss, peak)
        cpu += seconds_used
    wall = time.perf_counter() - began
    for err in outputs:
        if err:
            err.close()
    return {"wall": wall, "cpu": cpu, "statuses": statuses, "rss": rss}


def summary(values):
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "all": values}


def checked_count(output_path):
    """The `(N files checked)` of a text report, to see that catalint read what we counted."""
    with open(output_path, "rb") as handle:
        handle.seek(max(0, os.path.getsize(output_path) - 400))
        match = re.search(rb"\((\d+) files? checked\)", handle.read())
    return int(match.group(1)) if match else None


def measure_cold(options, catalint, frontend, cache, work, workload):
    label = f"{workload.name} (-j {workload.jobs})"
    progress(f"{label}: {len(workload.swift)} Swift files, {workload.lines} lines")
    lists = []
    for index, group in enumerate(split_by_bytes(workload.swift, workload.bytes, workload.jobs)):
        filelist = os.path.join(work, f"files-{index}.txt")
        with open(filelist, "w") as handle:
            handle.write("".join(path + "\n" for path in group))
        lists.append(filelist)
    errors_dir = os.path.join(work, "swiftc-errors")
    shutil.rmtree(errors_dir, ignore_errors=True)
    os.makedirs(errors_dir)
    report = os.path.join(work, "report.txt")

    def lint():
        command = [catalint] + LINT + cache_arguments(cache, work, cold=True) + ["-j", str(workload.jobs), "."]
        return run_once(command, workload.root, stdout_path=report)

    if not options.quick:  # untimed: the files into the page cache, for both alike
        lint()
        run_groups(frontend, workload.root, lists)
    ours, theirs, failures = [], [], []
    for index in range(options.runs):
        pair = {}
        for which in ("catalint", "swiftc") if index % 2 == 0 else ("swiftc", "catalint"):
            if which == "catalint":
                pair[which] = lint()
                if pair[which]["status"] not in (0, 1):
                    failures.append(f"catalint exited {pair[which]['status']}: {pair[which]['stderr'].strip()[-300:]}")
            else:
                pair[which] = run_groups(frontend, workload.root, lists, errors_dir if index == 0 else None)
        ours.append(pair["catalint"])
        theirs.append(pair["swiftc"])
        progress(f"  run {index + 1}/{options.runs}: catalint {pair['catalint']['wall']:.3f} s, "
                 f"swift-frontend -parse {pair['swiftc']['wall']:.3f} s")
    error_files = set()
    for name in os.listdir(errors_dir):
        with open(os.path.join(errors_dir, name), encoding="utf-8", errors="replace") as handle:
            for line in handle:
                match = re.match(r"(.+?):\d+:\d+: error: ", line)
                if match:
                    error_files.add(match.group(1))
    bad_status = sorted({s for t in theirs for s in t["statuses"] if s not in (0, 1)})
    checked = checked_count(report)
    expected = len(workload.swift) + len(workload.interface)
    result = {
        "name": workload.name, "note": workload.note, "root": workload.root, "jobs": workload.jobs,
        "swift_files": len(workload.swift), "interface_files": len(workload.interface),
        "lines": workload.lines, "bytes": sum(workload.bytes.values()),
        "catalint": summary([r["wall"] for r in ours]), "catalint_rss": max(r["rss"] for r in ours),
        "catalint_status": sorted({r["status"] for r in ours}), "catalint_files_checked": checked,
        "catalint_cpu": summary([r["cpu"] for r in ours]), "swiftc_cpu": summary([r["cpu"] for r in theirs]),
        "swiftc": summary([r["wall"] for r in theirs]), "swiftc_rss": max(r["rss"] for r in theirs),
        "swiftc_processes": len(lists), "swiftc_files_with_errors": len(error_files),
        "swiftc_bad_status": bad_status, "failures": failures,
    }
    # Each catalint run against the swiftc run next to it, so that a busy spell weighs on both.
    result["ratio"] = statistics.median(a["wall"] / b["wall"] for a, b in zip(ours, theirs))
    result["cpu_ratio"] = statistics.median(a["cpu"] / b["cpu"] for a, b in zip(ours, theirs))
    if checked is not None and checked != expected:
        failures.append(f"catalint checked {checked} files, the benchmark counted {expected}")
    return result


def measure_warm(options, catalint, cache, work, workload, cold):
    if cache["kind"] == "none":
        return {"cache": False, "median": cold["catalint"]["median"], "share": 1.0}
    progress(f"{workload.name}: warm runs")
    if cache["folder_option"]:
        shutil.rmtree(os.path.join(work, "cache"), ignore_errors=True)
    command = [catalint] + LINT + cache_arguments(cache, work, cold=False) + ["-j", str(workload.jobs), "."]
    run_once(command, workload.root)  # fills the cache
    times, rss, statuses = [], 0, set()
    for index in range(options.runs):
        done = run_once(command, workload.root)
        times.append(done["wall"])
        rss = max(rss, done["rss"])
        statuses.add(done["status"])
        progress(f"  run {index + 1}/{options.runs}: {done['wall']:.3f} s")
    result = summary(times)
    result.update({"cache": True, "rss": rss, "share": result["median"] / cold["catalint"]["median"],
                   "statuses": sorted(statuses)})
    return result


def measure_one_file(options, catalint, cache, corpus, work, whole=False):
    """One file edited between runs: in a copy of the swift-syntax part made the project by a
    .catalint.yml, or (whole) in a copy of the whole perf corpus linted from its root as it is."""
    project = os.path.join(work, "corpus" if whole else "project")
    shutil.rmtree(project, ignore_errors=True)
    shutil.copytree(corpus if whole else os.path.join(corpus, PROJECT_PART), project, symlinks=True)
    if not whole:
        with open(os.path.join(project, ".catalint.yml"), "w") as handle:
            handle.write("# Written by scripts/benchmark.py: this folder is the project.\nidiom: mac\n")
    swift, _ = walk(project)
    wanted = os.path.join(PROJECT_PART, CHANGED_FILE) if whole else CHANGED_FILE
    if wanted in swift:
        changed = wanted
    else:
        by_size = sorted(swift, key=lambda p: (os.path.getsize(os.path.join(project, p)), p))
        changed = by_size[len(by_size) // 2]
    lines = sum(count_lines(os.path.join(project, p)) for p in swift)
    with open(os.path.join(project, changed), "rb") as handle:
        original = handle.read()
    if not original.endswith(b"\n"):
        original += b"\n"
    scope = "the perf corpus" if whole else PROJECT_PART
    progress(f"one changed file: {changed} in {scope} ({lines} lines)")
    base = [catalint, "lint"] + cache_arguments(cache, work, cold=False) + ["-j", str(options.jobs)] \
        + (["--idiom", "mac"] if whole else [])
    edited = os.path.join(work, "edited.swift")
    cases = [("project", "catalint lint .", base + ["."], None),
             ("file", f"catalint lint {changed}", base + [changed], None),
             ("stdin", f"catalint lint --stdin-filename {changed} -",
              base + ["--stdin-filename", changed, "-"], edited)]
    run_once(base + ["."], project)  # fills the cache, if there is one; the page cache anyway
    times = {key: [] for key, _, _, _ in cases}
    statuses = set()
    for index in range(options.runs):
        for key, _, command, stdin in cases:
            text = original + f"// catalint benchmark: edit {index} for {key}\n".encode()
            with open(stdin or os.path.join(project, changed), "wb") as handle:
                handle.write(text)
            done = run_once(command, project, stdin_path=stdin)
            statuses.add(done["status"])
            times[key].append(done["wall"])
        progress(f"  run {index + 1}/{options.runs}: " +
                 ", ".join(f"{key} {times[key][-1]:.3f} s" for key, _, _, _ in cases))
    shutil.rmtree(project, ignore_errors=True)
    return {"project": scope, "lines": lines, "files": len(swift), "file": changed,
            "statuses": sorted(statuses),
            "cases": [dict(summary(times[key]), key=key, command=label) for key, label, _, _ in cases]}


def measure_startup(options, catalint, cache, work):
    """A run with next to nothing to do, which is mostly start-up: one small Swift file in a project
    of its own, its cache warm (a pre-commit hook with one file staged), alternated with
    `catalint --version` (the process and its libraries alone). Each `runs` x 5 times."""
    project = os.path.join(work, "small")
    os.makedirs(project, exist_ok=True)
    with open(os.path.join(project, ".catalint.yml"), "w") as handle:
        handle.write("# Written by scripts/benchmark.py: this folder is the project.\nidiom: mac\n")
    with open(os.path.join(project, "Screen.swift"), "w") as handle:
        handle.write("import UIKit\n\nfinal class Screen: UIViewController {\n    let stepper = UIStepper()\n}\n")
    arguments = cache_arguments(cache, work, cold=False)
    if arguments:
        arguments = [arguments[0], os.path.join(work, "small-cache")]
    lint = [catalint, "lint"] + arguments + ["Screen.swift"]
    run_once(lint, project)  # fills its cache
    times = {"lint": [], "version": []}
    statuses = set()
    for _ in range(options.runs * 5):
        done = run_once(lint, project)
        statuses.add(done["status"])
        times["lint"].append(done["wall"])
        times["version"].append(run_once([catalint, "--version"], project)["wall"])
    progress(f"start-up: lint of one small file {statistics.median(times['lint']):.4f} s, "
             f"--version {statistics.median(times['version']):.4f} s (medians)")
    return {"lint": summary(times["lint"]), "version": summary(times["version"]), "statuses": sorted(statuses)}


def measure_callgrind(catalint, frontend, cache, corpus, work):
    if not shutil.which("valgrind"):
        return {"error": "valgrind is not installed"}
    source = os.path.join(corpus, CALLGRIND_FOLDER)
    files = walk(source)[0][:CALLGRIND_FILES]
    # A fixed folder, so that the paths (and the instructions spent on them) are the same every time.
    subset = os.path.join(tempfile.gettempdir(), "catalint-benchmark-callgrind")
    shutil.rmtree(subset, ignore_errors=True)
    for path in files:
        os.makedirs(os.path.dirname(os.path.join(subset, path)), exist_ok=True)
        shutil.copyfile(os.path.join(source, path), os.path.join(subset, path))
    lines = sum(count_lines(os.path.join(subset, p)) for p in files)
    progress(f"callgrind: {len(files)} files of {CALLGRIND_FOLDER} ({lines} lines)")
    # Valgrind 3.19 cannot read the DWARF 5 of a Swift release build: a copy without it first.
    binaries = []
    if shutil.which("objcopy"):
        stripped = os.path.join(work, "catalint-nodebug")
        if subprocess.run(["objcopy", "--strip-debug", catalint, stripped]).returncode == 0:
            binaries.append(stripped)
    binaries.append(catalint)
    for binary in binaries:
        command = [binary] + LINT + cache_arguments(cache, work, cold=True) + ["-j", "1", "."]
        ours = instructions(command, subset)
        if ours["count"] is not None:
            break
    # catalint's count still moves by up to 3% in about one run in ten (in malloc and the runtime's
    # exclusivity checks; not with the load); the median of three is nearly always the common value.
    counts = [ours["count"]] + ([instructions(command, subset)["count"] for _ in range(CALLGRIND_RUNS - 1)]
                                if ours["count"] is not None else [])
    theirs = instructions([frontend, "-frontend", "-parse", "-diagnostic-style", "llvm"] + files, subset)
    shutil.rmtree(subset, ignore_errors=True)
    known = [c for c in counts if c is not None]
    result = {"folder": CALLGRIND_FOLDER, "files": len(files), "lines": lines,
              "catalint": statistics.median(known) if known else None, "catalint_all": counts,
              "swiftc": theirs["count"], "stripped_copy": bool(known) and binary != catalint}
    if not known or theirs["count"] is None:
        result["error"] = (ours["error"] or theirs["error"])[-500:]
    return result


def instructions(command, cwd):
    # Swift seeds its hash function at random in each process; fixed, the counts repeat.
    environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
                          cwd=cwd, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          errors="replace")
    match = re.search(r"Collected : (\d+)", done.stderr)
    return {"count": int(match.group(1)) if match else None, "error": None if match else done.stderr}


# -- Objective-C ------------------------------------------------------------------------------

def find_clang():
    """The clang of the toolchain whose libclang catalint loads: beside swiftc."""
    swiftc = shutil.which("swiftc") or "/opt/swift/usr/bin/swiftc"
    clang = os.path.join(os.path.dirname(os.path.realpath(swiftc)), "clang")
    return clang if os.access(clang, os.X_OK) else shutil.which("clang")


def walk_objc(root):
    """The Objective-C files catalint finds under root (.m, .mm, .h), as sorted relative paths."""
    found = []
    for folder, folders, names in os.walk(root):
        folders[:] = [f for f in folders if f not in SKIPPED_FOLDERS and not f.startswith(".")]
        found += [os.path.relpath(os.path.join(folder, n), root) for n in names if n.endswith(OBJC_SUFFIXES)]
    return sorted(found)


def clang_arguments(catalint, root, folder):
    """What catalint gives clang for the files of the project at root, per language, with its
    prelude and an empty stubs header written into folder (and each list into a file there, one
    argument per line); None when the binary cannot say."""
    arguments = {}
    for language in ("objective-c", "objective-c++"):
        done = subprocess.run([catalint, "__objc-dump", "--clang-arguments", root, folder, language],
                              capture_output=True, text=True)
        lines = done.stdout.splitlines()
        if done.returncode != 0 or "-x" not in lines:
            return None
        arguments[language] = lines
        with open(os.path.join(folder, f"{language}.arguments"), "w") as handle:
            handle.write("".join(line + "\n" for line in lines))
    arguments["files"] = {language: os.path.join(folder, f"{language}.arguments") for language in ("objective-c", "objective-c++")}
    return arguments


def clang_group_command(clang, arguments, files):
    """One shell command that parses the files of a group, each a translation unit: the .m and .h
    files with clang's Objective-C arguments, then the .mm files with its Objective-C++ ones."""
    plain = [f for f in files if not f.endswith(".mm")]
    cpp = [f for f in files if f.endswith(".mm")]
    parts = []
    for language, chunk in (("objective-c", plain), ("objective-c++", cpp)):
        if chunk:
            parts.append(" ".join(shlex.quote(a) for a in [clang, "-fsyntax-only"] + arguments[language] + chunk))
    return "; ".join(parts) + "; exit 0"


def build_parse_files(clang, work):
    """scripts/clang-parse-files.c built with the toolchain's clang, and the libclang beside it: the
    in-process baseline (each file parsed once, no process per file). None when either is missing."""
    folder = os.path.join(os.path.dirname(os.path.realpath(clang)), "..", "lib")
    library = next((os.path.join(folder, n) for n in ("libclang.so", "libclang.dylib")
                    if os.path.exists(os.path.join(folder, n))), None)
    binary = os.path.join(work, "clang-parse-files")
    done = subprocess.run([clang, "-O2", "-o", binary, os.path.join(ROOT, "scripts", "clang-parse-files.c"), "-ldl"],
                          capture_output=True, text=True)
    return (binary, os.path.realpath(library)) if library and done.returncode == 0 else None


def parse_files_command(parse_files, arguments_files, files):
    binary, library = parse_files
    return " ".join(shlex.quote(a) for a in [binary, library, arguments_files["objective-c"],
                                             arguments_files["objective-c++"]] + files)


def run_shell_groups(commands, cwd):
    """The shell commands at once; wall time of the batch, CPU seconds, largest RSS."""
    began = time.perf_counter()
    processes = [start(["sh", "-c", command], cwd) for command in commands]
    rss, cpu = 0, 0.0
    for process in processes:
        _, peak, used = reap(process)
        rss, cpu = max(rss, peak), cpu + used
    return {"wall": time.perf_counter() - began, "cpu": cpu, "rss": rss}


def measure_objc(options, catalint, cache, work):
    clang = find_clang()
    apps_folder = os.path.join(ROOT, ".corpus")
    if not clang:
        return {"error": "no clang beside swiftc nor on PATH"}
    names = sorted(n for n in os.listdir(apps_folder) if os.path.isdir(os.path.join(apps_folder, n))) \
        if os.path.isdir(apps_folder) else []
    if options.objc_apps:
        names = [n for n in names if n in options.objc_apps.split(",")]
    apps = [(n, os.path.join(apps_folder, n)) for n in names if any(p.endswith((".m", ".mm"))
                                                                   for p in walk_objc(os.path.join(apps_folder, n)))]
    if not apps:
        return {"error": "no app with Objective-C in .corpus/ (scripts/corpus/extract.sh makes it)"}
    parse_files = build_parse_files(clang, work)
    result = {"clang": clang, "apps": [], "mixed": [], "in_process": parse_files is not None}
    for name, root in apps:
        files = walk_objc(root)
        copy = os.path.join(work, f"objc-{name}")
        shutil.rmtree(copy, ignore_errors=True)
        for path in files:
            os.makedirs(os.path.dirname(os.path.join(copy, path)), exist_ok=True)
            shutil.copyfile(os.path.join(root, path), os.path.join(copy, path))
        arguments = clang_arguments(catalint, copy, os.path.join(work, f"clang-{name}"))
        if arguments is None:
            return {"error": f"{catalint} has no `__objc-dump --clang-arguments`: an older build"}
        sizes = {p: os.path.getsize(os.path.join(copy, p)) for p in files}
        lines = sum(count_lines(os.path.join(copy, p)) for p in files)
        groups = split_by_bytes(files, sizes, options.jobs)
        commands = [clang_group_command(clang, arguments, group) for group in groups]
        in_process = [parse_files_command(parse_files, arguments["files"], group) for group in groups] if parse_files else None
        report = os.path.join(work, "objc-report.txt")
        lint = [catalint] + LINT + cache_arguments(cache, work, cold=True) + ["-j", str(options.jobs), "."]
        progress(f"objc {name}: {len(files)} files, {lines} lines")
        if not options.quick:
            run_once(lint, copy)
            run_shell_groups(commands, copy)
        ours, theirs, parses = [], [], []
        for index in range(options.runs):
            for which in ("catalint", "clang") if index % 2 == 0 else ("clang", "catalint"):
                if which == "catalint":
                    ours.append(run_once(lint, copy, stdout_path=report))
                else:
                    theirs.append(run_shell_groups(commands, copy))
                    if in_process:
                        parses.append(run_shell_groups(in_process, copy))
            progress(f"  run {index + 1}/{options.runs}: catalint {ours[-1]['wall']:.3f} s, "
                     f"clang -fsyntax-only {theirs[-1]['wall']:.3f} s"
                     + (f", libclang in process {parses[-1]['wall']:.3f} s" if parses else ""))
        result["apps"].append({
            "name": name, "files": len(files), "lines": lines, "checked": checked_count(report),
            "catalint": summary([r["wall"] for r in ours]), "clang": summary([r["wall"] for r in theirs]),
            "ratio": statistics.median(a["wall"] / b["wall"] for a, b in zip(ours, theirs)),
            "cpu_ratio": statistics.median(a["cpu"] / b["cpu"] for a, b in zip(ours, theirs)),
            "catalint_rss": max(r["rss"] for r in ours), "statuses": sorted({r["status"] for r in ours}),
            "in_process": summary([r["wall"] for r in parses]) if parses else None,
            "in_process_ratio": statistics.median(a["wall"] / b["wall"] for a, b in zip(ours, parses)) if parses else None,
        })
        shutil.rmtree(copy, ignore_errors=True)
        swift, _ = walk(root)
        if swift:
            # The arguments again, for the app's own folders (its header folders are -I arguments).
            arguments = clang_arguments(catalint, root, os.path.join(work, f"clang-{name}-whole"))
            result["mixed"].append(measure_mixed(options, catalint, cache, work, name, root, swift, files, arguments, clang))
    return result


def measure_mixed(options, catalint, cache, work, name, root, swift, objc, arguments, clang):
    """An app with Swift and Objective-C linted whole: cold against swift-frontend -parse over its
    Swift files then clang over its Objective-C files (each split into N processes), and warm."""
    frontend = find_frontend()
    swift_sizes = {p: os.path.getsize(os.path.join(root, p)) for p in swift}
    lists = []
    for index, group in enumerate(split_by_bytes(swift, swift_sizes, options.jobs)):
        filelist = os.path.join(work, f"mixed-files-{index}.txt")
        with open(filelist, "w") as handle:
            handle.write("".join(path + "\n" for path in group))
        lists.append(filelist)
    objc_sizes = {p: os.path.getsize(os.path.join(root, p)) for p in objc}
    commands = [clang_group_command(clang, arguments, g) for g in split_by_bytes(objc, objc_sizes, options.jobs)]
    lint = [catalint] + LINT + cache_arguments(cache, work, cold=True) + ["-j", str(options.jobs), "."]
    progress(f"mixed {name}: {len(swift)} Swift and {len(objc)} Objective-C files")
    if not options.quick:
        run_once(lint, root)
    ours, theirs = [], []
    for index in range(options.runs):
        for which in ("catalint", "parsers") if index % 2 == 0 else ("parsers", "catalint"):
            if which == "catalint":
                ours.append(run_once(lint, root))
            else:
                first, second = run_groups(frontend, root, lists), run_shell_groups(commands, root)
                theirs.append({"wall": first["wall"] + second["wall"], "cpu": first["cpu"] + second["cpu"]})
        progress(f"  run {index + 1}/{options.runs}: catalint {ours[-1]['wall']:.3f} s, "
                 f"parsers {theirs[-1]['wall']:.3f} s")
    mixed = {"name": name, "swift_files": len(swift), "objc_files": len(objc),
             "catalint": summary([r["wall"] for r in ours]), "parsers": summary([r["wall"] for r in theirs]),
             "ratio": statistics.median(a["wall"] / b["wall"] for a, b in zip(ours, theirs)),
             "statuses": sorted({r["status"] for r in ours}), "warm": None}
    if cache["kind"] != "none":
        warm = [catalint] + LINT + cache_arguments(cache, work, cold=False) + ["-j", str(options.jobs), "."]
        if cache["folder_option"]:
            shutil.rmtree(os.path.join(work, "cache"), ignore_errors=True)
        run_once(warm, root)
        times = [run_once(warm, root)["wall"] for _ in range(options.runs)]
        mixed["warm"] = summary(times)
        mixed["warm_share"] = mixed["warm"]["median"] / mixed["catalint"]["median"]
    return mixed


# -- Report -----------------------------------------------------------------------------------

def verdict(value, limit):
    return "met" if value <= limit else "not met"


def targets(result):
    """Each target of the performance issue: what it is, the value measured, met or not."""
    rows = []
    by_name = {(w["name"], w["jobs"]): w for w in result["workloads"]}
    jobs = result["jobs"]
    perf = by_name.get(("perf corpus", jobs))
    for workload in result["workloads"]:
        if workload["jobs"] == jobs:
            rows.append({"target": f"cold, {workload['name']}: catalint / swiftc -parse <= {TARGET_RATIO}x",
                         "value": f"{workload['ratio']:.2f}x", "met": workload["ratio"] <= TARGET_RATIO})
    if perf:
        rss = perf["catalint_rss"] / 1e6
        rows.append({"target": f"peak RSS, perf corpus <= {TARGET_RSS_MB} MB", "value": f"{rss:.0f} MB",
                     "met": rss <= TARGET_RSS_MB})
    for app in result.get("objc", {}).get("apps", []):
        rows.append({"target": f"Objective-C, {app['name']}: catalint / clang -fsyntax-only <= {TARGET_OBJC_RATIO}x",
                     "value": f"{app['ratio']:.2f}x", "met": app["ratio"] <= TARGET_OBJC_RATIO})
    if "warm" not in result:
        return rows
    warm = result["warm"]
    name = result["workloads"][0]["name"]
    rows.append({"target": f"warm, nothing changed <= {TARGET_WARM_SHARE:.0%} of cold ({name})",
                 "value": f"{warm['share']:.0%}" + ("" if warm["cache"] else " (no cache)"),
                 "met": warm["share"] <= TARGET_WARM_SHARE})
    for case in result["one_file"]["cases"] + result.get("one_file_corpus", {}).get("cases", []):
        rows.append({"target": f"one changed file, {case['command']} <= {TARGET_ONE_FILE_S} s",
                     "value": f"{case['median']:.3f} s", "met": case["median"] <= TARGET_ONE_FILE_S})
    return rows


def seconds(value):
    if value < 0.1:
        return f"{value:.4f}"
    return f"{value:.3f}" if value < 10 else f"{value:.2f}"


def spread(stats):
    if len(stats["all"]) == 1:
        return seconds(stats["median"])
    return f"{seconds(stats['median'])} ({seconds(stats['min'])}-{seconds(stats['max'])})"


def megabytes(value):
    return f"{value / 1e6:,.0f} MB"


def table(headers, rows):
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *rows)]
    lines = []
    for index, row in enumerate([headers] + rows):
        cells = [str(c).rjust(w) if i and str(c)[:1].isdigit() else str(c).ljust(w)
                 for i, (c, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
        if index == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def print_report(result):
    cache = "no cache" if result["cache"] == "none" else f"cache via {result['cache']}"
    print(f"catalint benchmark, {result['date']}; load average {result['load_before']:.2f} before, "
          f"{result['load_after']:.2f} after; {result['cores']} cores")
    print(f"catalint {result['catalint_version']}: {result['catalint']} ({cache})")
    print(f"baseline: {result['frontend']} -frontend -parse over the same Swift files, "
          f"split by bytes into one process per catalint thread")
    runs = f"{result['runs']} run{'s' if result['runs'] > 1 else ''} each"
    print(f"perf corpus: {result['corpus']}; {runs}: median (min-max), seconds of wall time, "
          f"catalint and swiftc alternated")
    print()
    if "objc" in result:
        print_objc(result["objc"])
    if not result["workloads"]:
        return
    rows = []
    for w in result["workloads"]:
        files = f"{w['swift_files']}" + (f"+{w['interface_files']}" if w["interface_files"] else "")
        name = w["name"] + (f" ({w['note']})" if w["note"] else "")
        ratio_met = "met" if w["ratio"] <= TARGET_RATIO else "not met"
        rows.append([name, w["jobs"], files, f"{w['lines']:,}", spread(w["catalint"]), spread(w["swiftc"]),
                     f"{w['ratio']:.2f}x", f"{w['cpu_ratio']:.2f}x", megabytes(w["catalint_rss"]),
                     megabytes(w["swiftc_rss"]), f"<= {TARGET_RATIO}x", ratio_met])
    print(table(["workload (cold)", "-j", "files", "lines", "catalint s", "swiftc -parse s", "ratio",
                 "CPU ratio", "peak RSS", "swiftc RSS", "target", ""], rows))
    print("files: Swift + Interface Builder and interface files (swiftc gets the Swift files)\n"
          "ratio: the median of each catalint run's wall time over the swiftc run's next to it\n"
          "CPU ratio: the same of user+system seconds (all threads, all swiftc processes), steadier on a busy machine\n"
          "peak RSS: the largest of the runs (swiftc: of one process)")
    said = set()
    for w in result["workloads"]:
        count = w["swiftc_files_with_errors"]
        if count and w["name"] not in said:
            said.add(w["name"])
            print(f"  {w['name']}: swiftc reported errors in {count} file{'s' if count > 1 else ''} (top-level code "
                  f"outside main.swift, and the like), parsed all the same and kept")
        for message in w["failures"] + [f"swiftc exited {s}" for s in w["swiftc_bad_status"]]:
            print(f"  {w['name']}: WARNING: {message}")
    print()

    by_name = {(w["name"], w["jobs"]): w for w in result["workloads"]}
    perf = by_name.get(("perf corpus", result["jobs"]))
    part = by_name.get((f"{PROJECT_PART} part", result["jobs"]))
    single = by_name.get((f"{PROJECT_PART} part", 1))
    if perf:
        print(f"peak RSS, perf corpus: {megabytes(perf['catalint_rss'])} (target <= {TARGET_RSS_MB} MB): "
              f"{verdict(perf['catalint_rss'] / 1e6, TARGET_RSS_MB)}")
        if part:
            print(f"  against size: {megabytes(part['catalint_rss'])} for {part['lines']:,} lines, "
                  f"{megabytes(perf['catalint_rss'])} for {perf['lines']:,} "
                  f"({perf['catalint_rss'] / part['catalint_rss']:.1f}x the memory for "
                  f"{perf['lines'] / part['lines']:.1f}x the lines; the target: flat)")
    if part and single:
        print(f"  against threads: {PROJECT_PART} part {megabytes(single['catalint_rss'])} with -j 1, "
              f"{megabytes(part['catalint_rss'])} with -j {part['jobs']}; "
              f"time {spread(single['catalint'])} s with -j 1")
    warm = result["warm"]
    name = result["workloads"][0]["name"]
    if warm["cache"]:
        print(f"warm, nothing changed, {name}: {spread(warm)} s, {warm['share']:.1%} of cold "
              f"(target <= {TARGET_WARM_SHARE:.0%}): {verdict(warm['share'], TARGET_WARM_SHARE)}; "
              f"peak RSS {megabytes(warm['rss'])}")
        if any(s not in (0, 1) for s in warm["statuses"]):
            print(f"  WARNING: catalint exited {warm['statuses']}")
    else:
        print(f"warm, nothing changed, {name}: no cache: warm = cold, 100% of cold "
              f"(target <= {TARGET_WARM_SHARE:.0%}): not met")
    for one in [result["one_file"]] + ([result["one_file_corpus"]] if "one_file_corpus" in result else []):
        print(f"one changed file, {one['file']} in {one['project']} ({one['files']} files, {one['lines']:,} lines), "
              f"a comment appended before each run:")
        width = max(len(c["command"]) for c in one["cases"])
        for case in one["cases"]:
            print(f"  {case['command'].ljust(width)}  {spread(case)} s  (target <= {TARGET_ONE_FILE_S} s): "
                  f"{verdict(case['median'], TARGET_ONE_FILE_S)}")
        if any(s not in (0, 1) for s in one["statuses"]):
            print(f"  WARNING: catalint exited {one['statuses']}")
    startup = result.get("startup")
    if startup:
        print(f"start-up: catalint lint of one small file, cache warm: {spread(startup['lint'])} s; "
              f"catalint --version: {spread(startup['version'])} s")
        if any(s not in (0, 1) for s in startup["statuses"]):
            print(f"  WARNING: catalint exited {startup['statuses']}")
    grind = result["callgrind"]
    if grind is None:
        pass
    elif grind.get("catalint") is None or grind.get("swiftc") is None:
        print(f"callgrind: failed: {grind.get('error', '').strip()[-300:]}")
    else:
        known = [c for c in grind["catalint_all"] if c is not None]
        print(f"callgrind, {grind['files']} files of {grind['folder']} ({grind['lines']:,} lines), instructions:")
        print(f"  catalint -j 1          {grind['catalint']:>15,.0f}  (median of {len(known)}: "
              f"{', '.join(f'{c:,}' for c in sorted(known))})")
        print(f"  swift-frontend -parse  {grind['swiftc']:>15,}  (catalint / swiftc: "
              f"{grind['catalint'] / grind['swiftc']:.2f}x)")


def print_objc(objc):
    if "error" in objc:
        print(f"Objective-C: not measured: {objc['error']}\n")
        return
    print(f"Objective-C: catalint on each app's .m, .mm and .h files against {objc['clang']} -fsyntax-only "
          f"over the same files with catalint's arguments and prelude (cold)")
    rows = []
    for app in objc["apps"]:
        checked = "" if app["checked"] in (None, app["files"]) else f" (catalint checked {app['checked']})"
        inside = [spread(app["in_process"]), f"{app['in_process_ratio']:.2f}x"] if app["in_process"] else ["-", "-"]
        rows.append([app["name"] + checked, app["files"], f"{app['lines']:,}", spread(app["catalint"]),
                     spread(app["clang"]), f"{app['ratio']:.2f}x", f"{app['cpu_ratio']:.2f}x"] + inside +
                    [megabytes(app["catalint_rss"]), f"<= {TARGET_OBJC_RATIO}x", verdict(app["ratio"], TARGET_OBJC_RATIO)])
    print(table(["app", "files", "lines", "catalint s", "clang s", "ratio", "CPU ratio", "libclang s", "ratio",
                 "peak RSS", "target", ""], rows))
    print("clang s: clang -fsyntax-only, which starts a compiler process per file; libclang s: each file parsed\n"
          "once in one process per group (scripts/clang-parse-files.c), clang's parse without the process starts")
    if objc["mixed"]:
        print("\nmixed apps, linted whole: cold against swift-frontend -parse then clang -fsyntax-only; warm")
        rows = [[m["name"], f"{m['swift_files']}+{m['objc_files']}", spread(m["catalint"]), spread(m["parsers"]),
                 f"{m['ratio']:.2f}x", spread(m["warm"]) if m["warm"] else "no cache",
                 f"{m['warm_share']:.1%}" if m["warm"] else ""] for m in objc["mixed"]]
        print(table(["app", "Swift+ObjC files", "catalint cold s", "parsers s", "ratio", "warm s", "warm/cold"], rows))
    print()


if __name__ == "__main__":
    main()
