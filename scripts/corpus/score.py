#!/usr/bin/env python3
"""Scores catalint against the labelled real-app corpus.

Runs `catalint lint --idiom mac --format json .` in each app folder extracted by
extract.sh (.corpus/<name>/), and compares what it reports with labels.csv (see LABELING.md):

  TP  a `flag` label that catalint reports          FN  a `flag` label it does not report
  FP  an `ok` label that catalint reports, and any finding with no label at all (unlabeled)
  TN  an `ok` label it does not report

A label matches a finding on app, path, line and rule (the column is not compared). Findings on
labels whose reason starts with `not built:` (a file no target of the app builds) or `not in the
Mac idiom:` (a file built only by targets that never run in the Mac idiom), as membership.py
decides them, are also counted on a line of their own. The tool
rules (invalid-swift, unreadable-file, ...) are not scored; their counts are reported. A run that
exits with a status other than 0 or 1, dies of a signal, prints no JSON or times out is a crash.

Usage: scripts/corpus/score.py [--catalint PATH] [--labels PATH] [--app NAME] [--rules A,B]
                               [--languages L,L] [--unlabeled] [--json] [--timeout SECONDS]

  --unlabeled  print each unlabeled finding as a CSV row ready to complete and append to
               labels.csv (`repo,commit,path,line,rule,,message`); the rows go to standard output
               and the report to standard error, so `score.py --unlabeled > todo.csv` works.
  --json       print the report as one JSON object instead.
  --languages  score only the findings and labels in files of these kinds: swift, objc (.m, .mm,
               .h, .pch), ib (.storyboard, .xib), interface (.interface.yml/.yaml), plist (an app's
               Info.plist), project (a build setting in .pbxproj, .xcconfig, project.yml). The apps
               added for the Objective-C front end have labels for their Objective-C files and their
               Info.plist only (README): score them with --languages objc,plist.

Exit status: 0, or 1 when a run crashed, or 2 when the corpus or the binary is missing.
"""
import argparse
import csv
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LANGUAGES = {"swift": (".swift",), "objc": (".m", ".mm", ".h", ".pch"), "ib": (".storyboard", ".xib"),
             "interface": (".interface.yml", ".interface.yaml"), "plist": (".plist",),
             "project": (".pbxproj", ".xcconfig", "project.yml", "project.yaml")}


def language_of(path):
    """The kind of file a finding or label is in (LANGUAGES), or "other"."""
    return next((name for name, endings in LANGUAGES.items() if path.endswith(endings)), "other")


TOOL_RULES = {"invalid-swift", "unreadable-file", "invalid-interface", "invalid-suppression",
              "unused-suppression"}
# The opt-in rules (`opt_in: true` in Rules/<id>.yml) are scored too: they run with --extend-select.
OPT_IN_RULES = sorted(
    os.path.basename(path)[:-len(".yml")] for path in
    (os.path.join(ROOT, "Rules", name) for name in os.listdir(os.path.join(ROOT, "Rules")) if name.endswith(".yml"))
    if any(line.strip() == "opt_in: true" for line in open(path, encoding="utf-8")))
# The app folder holds the .catalint.yml extract.sh writes from apps.csv (its test and watch folders).
LINT_ARGUMENTS = ["lint", "--idiom", "mac", "--format", "json"]


def lint_arguments(catalint):
    """The arguments of a run: the opt-in rules this binary knows are selected too (an older binary
    that has none, and no --extend-select, is run without)."""
    listed = subprocess.run([catalint, "rules"], capture_output=True, text=True).stdout.split()
    known = [rule for rule in OPT_IN_RULES if rule in listed]
    return LINT_ARGUMENTS + (["--extend-select", ",".join(known)] if known else []) + ["."]


def main():
    options = parse_arguments()
    out = sys.stderr if options.unlabeled and not options.json else sys.stdout

    apps = read_apps(os.path.join(HERE, "apps.csv"))
    known_repos = {app["repo"] for app in apps}
    if options.app:
        unknown = [name for name in options.app if name not in {app["name"] for app in apps}]
        if unknown:
            fail(f"not in apps.csv: {', '.join(unknown)}")
        apps = [app for app in apps if app["name"] in options.app]
    if not os.access(options.catalint, os.X_OK):
        fail(f"no catalint binary at {options.catalint} (build one with `swift build -c release`, "
             "or pass --catalint PATH)")
    for app in apps:
        if not os.path.isdir(app_folder(options, app)):
            fail(f"{app['name']} is not extracted: run scripts/corpus/extract.sh")

    labels = read_labels(options.labels, apps, known_repos)
    check_label_paths(options, labels)
    if options.languages:
        labels = {key: label for key, label in labels.items() if language_of(key[1]) in options.languages}
    selected = set(options.rules) if options.rules else None

    runs = [run_catalint(options, app) for app in apps]
    findings = {}  # (app, path, line, rule) -> message, for the scored (non-tool) rules
    for run in runs:
        for diagnostic in run["diagnostics"]:
            if diagnostic["rule"] in TOOL_RULES:
                continue
            key = (run["app"], diagnostic["path"], diagnostic["line"], diagnostic["rule"])
            if options.languages and language_of(key[1]) not in options.languages:
                continue
            findings.setdefault(key, diagnostic["message"])

    def scored(rule):
        return rule not in TOOL_RULES and (selected is None or rule in selected)

    counts = defaultdict(Counter)  # rule -> {"TP": n, ...}
    mistakes = []  # (kind, key, reason)
    for key, label in labels.items():
        if not scored(key[3]) or label["expected"] == "":
            continue
        reported = key in findings
        if label["expected"] == "flag":
            counts[key[3]]["TP" if reported else "FN"] += 1
            if not reported:
                mistakes.append(("missed", key, label.get("reason", "")))
        else:
            counts[key[3]]["FP" if reported else "TN"] += 1
            if reported:
                mistakes.append(("false positive", key, label.get("reason", "")))
    unlabeled = []
    for key in sorted(findings):
        if scored(key[3]) and (key not in labels or labels[key]["expected"] == ""):
            counts[key[3]]["FP"] += 1
            counts[key[3]]["unlabeled"] += 1
            unlabeled.append((key, findings[key]))
    for rule in selected or ():
        counts[rule]  # list a selected rule even with nothing to count

    total = sum(counts.values(), Counter())
    # Findings in files the app does not build (labels whose reason starts with `not built:`), and in
    # files built only by targets that never run in the Mac idiom (`not in the Mac idiom:`), as
    # membership.py decides them (LABELING.md): a linter that reads the project reports neither.
    outside = Counter()
    for key in findings:
        reason = labels.get(key, {}).get("reason", "")
        if scored(key[3]) and reason.startswith("not built:"):
            outside["not built"] += 1
        elif scored(key[3]) and reason.startswith("not in the Mac idiom:"):
            outside["not in the Mac idiom"] += 1
    crashes = [run for run in runs if run["crash"]]
    if options.json:
        print_json(runs, counts, total, unlabeled, apps, outside)
    else:
        print_report(out, runs, counts, total, unlabeled, outside)
    if options.unlabeled and not options.json:
        print_unlabeled_rows(unlabeled, apps)
    if options.mistakes and not options.json:
        print("\nwhere catalint and the labels disagree:", file=out)
        for kind, (app, path, line, rule), reason in sorted(mistakes, key=lambda m: (m[1][3], m[0], m[1])):
            print(f"  {kind:14} {rule:26} {app}/{path}:{line}  ({reason})", file=out)
    sys.exit(1 if crashes else 0)


def parse_arguments():
    parser = argparse.ArgumentParser(description="Score catalint against the real-app corpus.")
    parser.add_argument("--catalint", default=os.path.join(ROOT, ".build", "release", "catalint"),
                        help="the catalint binary (default: .build/release/catalint)")
    parser.add_argument("--mistakes", action="store_true",
                        help="list every false positive and miss, with the label's reason")
    parser.add_argument("--labels", default=os.path.join(HERE, "labels.csv"),
                        help="the labels (default: scripts/corpus/labels.csv)")
    parser.add_argument("--corpus", default=os.path.join(ROOT, ".corpus"),
                        help="where extract.sh put the apps (default: .corpus)")
    parser.add_argument("--app", action="append", metavar="NAME",
                        help="score only this app (repeatable, or NAME,NAME)")
    parser.add_argument("--rules", metavar="A,B", help="score only these rules")
    parser.add_argument("--languages", metavar="L,L",
                        help=f"score only findings and labels in these kinds of file ({', '.join(LANGUAGES)})")
    parser.add_argument("--unlabeled", action="store_true",
                        help="print the unlabeled findings as CSV rows on standard output")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--timeout", type=float, default=600,
                        help="seconds before a run counts as a crash (default 600)")
    options = parser.parse_args()
    options.catalint = os.path.abspath(options.catalint)
    if options.app:
        options.app = [name for value in options.app for name in value.split(",") if name]
    if options.rules:
        options.rules = [rule for rule in options.rules.split(",") if rule]
    if options.languages:
        options.languages = {language for language in options.languages.split(",") if language}
        unknown = options.languages - set(LANGUAGES)
        if unknown:
            fail(f"unknown --languages {', '.join(sorted(unknown))} (known: {', '.join(LANGUAGES)})")
    return options


def fail(message):
    print(f"score: {message}", file=sys.stderr)
    sys.exit(2)


def warn(message):
    print(f"score: warning: {message}", file=sys.stderr)


# --- Inputs ---------------------------------------------------------------------------------

def read_apps(path):
    with open(path, newline="", encoding="utf-8") as file:
        return [row for row in csv.DictReader(file) if row.get("name")]


def app_folder(options, app):
    return os.path.join(options.corpus, app["name"])


def read_labels(path, apps, known_repos):
    """Returns {(app, path, line, rule): {"expected", "reason"}} for the apps being scored."""
    if not os.path.exists(path):
        warn(f"no labels at {path}: every finding counts as unlabeled")
        return {}
    by_repo = {app["repo"]: app for app in apps}
    labels = {}
    other_commits = Counter()
    pending = 0
    with open(path, newline="", encoding="utf-8") as file:
        reader = csv.DictReader(file)
        missing = {"repo", "commit", "path", "line", "rule", "expected"} - set(reader.fieldnames or [])
        if missing:
            fail(f"{path} lacks the columns {', '.join(sorted(missing))}")
        for row in reader:
            where = f"{os.path.basename(path)}:{reader.line_num}"
            app = by_repo.get(row["repo"])
            if app is None:
                if row["repo"] not in known_repos:
                    warn(f"{where}: {row['repo']} is not in apps.csv; row skipped")
                continue  # or an app left out with --app
            if row["commit"] != app["commit"]:
                other_commits[(row["repo"], row["commit"])] += 1
            expected = (row["expected"] or "").strip()
            if expected not in ("flag", "ok", ""):
                warn(f"{where}: expected is {expected!r}, not flag or ok; row skipped")
                continue
            if expected == "":
                pending += 1
            try:
                line = int(row["line"])
            except ValueError:
                warn(f"{where}: line {row['line']!r} is not a number; row skipped")
                continue
            key = (app["name"], row["path"], line, row["rule"])
            if key in labels:
                warn(f"{where}: a second label for {row['path']}:{line} {row['rule']}; the last one counts")
            labels[key] = {"expected": expected, "reason": row.get("reason", "")}
    for (repo, commit), count in sorted(other_commits.items()):
        warn(f"{count} labels of {repo} are for commit {commit[:12]}, but apps.csv pins "
             f"{by_repo[repo]['commit'][:12]}: their lines may have moved")
    if pending:
        warn(f"{pending} labels have no expected value yet; they count as unlabeled")
    return labels


def check_label_paths(options, labels):
    """Warns about labels whose file or line does not exist in the extracted app."""
    lengths = {}
    for app, path, line, rule in labels:
        file = os.path.join(options.corpus, app, path)
        if file not in lengths:
            try:
                with open(file, "rb") as handle:
                    lengths[file] = handle.read().count(b"\n") + 1
            except OSError:
                lengths[file] = None
        if lengths[file] is None:
            warn(f"label for a file that is not in .corpus/{app}: {path}")
        elif line > lengths[file]:
            warn(f"label past the end of {app}/{path}: line {line}")


# --- Running catalint -----------------------------------------------------------------------

def run_catalint(options, app):
    """Runs catalint on one app; returns its diagnostics, status, wall time and peak RSS."""
    folder = app_folder(options, app)
    stdout_path = os.path.join(options.corpus, f".{app['name']}.score.out")
    stderr_path = os.path.join(options.corpus, f".{app['name']}.score.err")
    start = time.perf_counter()
    with open(stdout_path, "wb") as stdout, open(stderr_path, "wb") as stderr:
        process = subprocess.Popen([options.catalint, *lint_arguments(options.catalint)], cwd=folder, start_new_session=True,
                                   stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr)
        timed_out = threading.Event()

        def kill():
            timed_out.set()
            os.killpg(process.pid, signal.SIGKILL)  # it and anything it started

        timer = threading.Timer(options.timeout, kill)
        timer.start()
        # Reap it with wait4 rather than process.wait() to learn its peak memory (ru_maxrss).
        _, status, usage = os.wait4(process.pid, 0)
        timer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - start
    with open(stdout_path, encoding="utf-8", errors="replace") as file:
        output = file.read()
    with open(stderr_path, encoding="utf-8", errors="replace") as file:
        errors = file.read()
    os.remove(stdout_path)
    os.remove(stderr_path)

    exit_code = process.returncode  # negative: the signal that ended it
    run = {"app": app["name"], "exit": exit_code, "seconds": round(seconds, 2),
           "peak_rss_mb": round(usage.ru_maxrss / 1024, 1), "files": None, "diagnostics": [],
           "crash": None, "stderr": errors.strip()}
    if timed_out.is_set():
        run["crash"] = f"timed out after {options.timeout:g} s"
    elif exit_code < 0:
        run["crash"] = f"killed by signal {signal.Signals(-exit_code).name}"
    elif exit_code not in (0, 1):
        run["crash"] = f"exit status {exit_code}"
    try:
        report = json.loads(output)
        run["files"] = report.get("summary", {}).get("files")
        for diagnostic in report["diagnostics"]:
            diagnostic["path"] = normalized(diagnostic["path"])
            run["diagnostics"].append(diagnostic)
    except (ValueError, KeyError, TypeError):
        run["crash"] = run["crash"] or "no JSON report on standard output"
    run["tool"] = dict(Counter(d["rule"] for d in run["diagnostics"] if d["rule"] in TOOL_RULES))
    return run


def normalized(path):
    """Paths relative to the app root, as labels.csv writes them (no leading ./)."""
    while path.startswith("./"):
        path = path[2:]
    return path


# --- Output ---------------------------------------------------------------------------------

def ratio(numerator, denominator):
    return numerator / denominator if denominator else None


def percent(value):
    return "n/a" if value is None else f"{value:.3f}"


def print_report(out, runs, counts, total, unlabeled, outside):
    print(f"{'app':<16} {'exit':>4} {'seconds':>8} {'RSS MB':>7} {'files':>6} {'findings':>8}  tool diagnostics",
          file=out)
    for run in runs:
        scored_findings = sum(1 for d in run["diagnostics"] if d["rule"] not in TOOL_RULES)
        tool = ", ".join(f"{rule} {n}" for rule, n in sorted(run["tool"].items())) or "-"
        print(f"{run['app']:<16} {run['exit']:>4} {run['seconds']:>8.2f} {run['peak_rss_mb']:>7.0f} "
              f"{run['files'] if run['files'] is not None else '-':>6} {scored_findings:>8}  {tool}", file=out)
    for run in runs:
        if run["crash"]:
            print(f"\nCRASH {run['app']}: {run['crash']}", file=out)
            if run["stderr"]:
                print("  " + "\n  ".join(run["stderr"].splitlines()[-20:]), file=out)
        for diagnostic in run["diagnostics"]:
            if diagnostic["rule"] in ("invalid-swift", "unreadable-file"):
                print(f"{run['app']}/{diagnostic['path']}:{diagnostic['line']}:{diagnostic['column']}: "
                      f"[{diagnostic['rule']}] {diagnostic['message']}", file=out)

    print(f"\n{'rule':<26} {'TP':>5} {'FP':>5} {'FN':>5} {'TN':>5} {'precision':>9} {'recall':>7} {'unlabeled':>9}",
          file=out)
    for rule in sorted(counts):
        c = counts[rule]
        print(f"{rule:<26} {c['TP']:>5} {c['FP']:>5} {c['FN']:>5} {c['TN']:>5} "
              f"{percent(ratio(c['TP'], c['TP'] + c['FP'])):>9} {percent(ratio(c['TP'], c['TP'] + c['FN'])):>7} "
              f"{c['unlabeled']:>9}", file=out)
    if unlabeled and out is sys.stdout:
        print(f"\nunlabeled findings (counted as FP; list them as CSV rows with --unlabeled):", file=out)
        for (app, path, line, rule), message in unlabeled:
            print(f"  {app}/{path}:{line} [{rule}] {message}", file=out)
    crashes = sum(1 for run in runs if run["crash"])
    print(f"\nfindings in files not built {outside['not built']} "
          f"(and in files built only outside the Mac idiom {outside['not in the Mac idiom']})", file=out)
    print(f"precision {percent(ratio(total['TP'], total['TP'] + total['FP']))} "
          f"recall {percent(ratio(total['TP'], total['TP'] + total['FN']))} "
          f"crashes {crashes} unlabeled {total['unlabeled']}", file=out)


def print_unlabeled_rows(unlabeled, apps):
    by_name = {app["name"]: app for app in apps}
    writer = csv.writer(sys.stdout, lineterminator="\n")
    for (app, path, line, rule), message in unlabeled:
        writer.writerow([by_name[app]["repo"], by_name[app]["commit"], path, line, rule, "", message])


def print_json(runs, counts, total, unlabeled, apps, outside):
    by_name = {app["name"]: app for app in apps}
    rules = {}
    for rule, c in sorted(counts.items()):
        rules[rule] = {"tp": c["TP"], "fp": c["FP"], "fn": c["FN"], "tn": c["TN"],
                       "unlabeled": c["unlabeled"],
                       "precision": ratio(c["TP"], c["TP"] + c["FP"]),
                       "recall": ratio(c["TP"], c["TP"] + c["FN"])}
    report = {
        "runs": [{key: run[key] for key in ("app", "exit", "seconds", "peak_rss_mb", "files", "crash", "tool")}
                 | {"findings": Counter(d["rule"] for d in run["diagnostics"] if d["rule"] not in TOOL_RULES),
                    "tool_diagnostics": [d for d in run["diagnostics"] if d["rule"] in TOOL_RULES]}
                 for run in runs],
        "rules": rules,
        "unlabeled": [{"repo": by_name[app]["repo"], "commit": by_name[app]["commit"], "app": app,
                       "path": path, "line": line, "rule": rule, "message": message}
                      for (app, path, line, rule), message in unlabeled],
        "summary": {"precision": ratio(total["TP"], total["TP"] + total["FP"]),
                    "recall": ratio(total["TP"], total["TP"] + total["FN"]),
                    "crashes": sum(1 for run in runs if run["crash"]),
                    "unlabeled": total["unlabeled"],
                    "findings_not_built": outside["not built"],
                    "findings_outside_mac_idiom": outside["not in the Mac idiom"]},
    }
    json.dump(report, sys.stdout, indent=2, sort_keys=False)
    print()


if __name__ == "__main__":
    main()
