#!/usr/bin/env python3
"""Checks catalint's `idiom-guard` fixes against fixes.csv, what a wrap would do at each site.

fixes.csv says, for every `unavailable-control` site labelled `flag` in labels.csv, what wrapping its
statement in `if UIDevice.current.userInterfaceIdiom != .mac { ... }` would do (judged by reading
the code, LABELING.md "Fixes"):

  wrap        the wrapped statement still compiles and the code after it still works on the Mac
  wrap-traps  it compiles, but code after it force-unwraps what the statement assigned (`!`, an
              implicitly unwrapped property), which is nil on the Mac's path: a wider guard or
              another fix is needed
  no-wrap     no wrap should be offered: it would not compile (the statement assigns a `let`, or
              initializes in an initializer a stored property that has no default and is not
              optional, or declares a name used after it) or there is no statement (a stored
              property's initial value, an Interface Builder element)

The script copies each app of .corpus/ to a temporary folder, runs `catalint lint --idiom mac
--unsafe-fixes` there (the app's own copy is never written), reads which statements it wrapped
from a diff, and prints, per app and in total, the wraps offered where none should be (they break
the build), the wraps that trap, and the `wrap` sites left unwrapped.

It then reads every wrap in the fixed files with `wrapcheck.py`, which knows nothing of fixes.csv
nor of catalint: what a compiler would refuse that a parser cannot see (a stored property an
initializer leaves unset, a local read before it is set, a name used out of its scope) and what
traps on the Mac (an implicitly unwrapped or force-unwrapped value left nil), in every wrap,
labelled or not.

Usage: scripts/corpus/fixes.py [--catalint PATH] [--app NAME ...]
Exit status: 1 when a wrap is offered at a `no-wrap` site or at an unlabelled one, or when
wrapcheck.py finds a wrap a compiler would refuse; else 0.
"""
import argparse
import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict

sys.dont_write_bytecode = True
import score  # noqa: E402  (apps.csv and the catalint arguments are shared)
import wrapcheck  # noqa: E402

GUARD = re.compile(r"userInterfaceIdiom\s*!=\s*\.mac")


def wrapped_lines(folder):
    """(path, original line) of each statement the fixes moved under a `!= .mac` guard."""
    diff = subprocess.run(["git", "-C", folder, "diff", "-U0", "--no-color"], capture_output=True, text=True).stdout
    result = set()
    path, old_line, removed, guarded = None, 0, [], False

    def flush():
        if guarded and removed:
            result.add((path, removed[0]))

    for text in diff.split("\n"):
        if text.startswith("+++ "):
            flush()
            path, removed, guarded = text[6:].rstrip("\t"), [], False
        elif text.startswith("@@"):
            flush()
            match = re.match(r"@@ -(\d+)", text)
            old_line, removed, guarded = int(match.group(1)), [], False
        elif text.startswith("-") and not text.startswith("---"):
            removed.append(old_line)
            old_line += 1
        elif text.startswith("+") and GUARD.search(text):
            guarded = True
    flush()
    return result


def added_guards(folder):
    """(path, line in the fixed file) of each idiom guard the fixes added."""
    diff = subprocess.run(["git", "-C", folder, "diff", "-U0", "--no-color"], capture_output=True, text=True).stdout
    result = []
    path, new_line = None, 0
    for text in diff.split("\n"):
        if text.startswith("+++ "):
            path = text[6:].rstrip("\t")
        elif text.startswith("@@"):
            new_line = int(re.match(r"@@ -\S+ \+(\d+)", text).group(1))
        elif text.startswith("+"):
            if GUARD.search(text):
                result.append((path, new_line))
            new_line += 1
    return result


def compiler_check(folder):
    """wrapcheck.py's problems of each wrap in the fixed app: [(path, line, kind, why)]."""
    problems = []
    cache = {}
    sources = {}
    for path, line in added_guards(folder):
        if path not in sources:
            sources[path] = wrapcheck.Source(open(os.path.join(folder, path), encoding="utf-8", errors="replace").read())
        source = sources[path]
        match = wrapcheck.GUARD.search(source.code, source.line_offset(line))
        found = wrapcheck.check(source, match.start(), folder, cache) if match else [("unreadable", "no guard found")]
        problems += [(path, line, kind, why) for kind, why in found] or [(path, line, "ok", "")]
    return problems


def main():
    parser = argparse.ArgumentParser(description="Check idiom-guard fixes against fixes.csv.")
    parser.add_argument("--catalint", default=os.path.join(score.ROOT, ".build", "release", "catalint"))
    parser.add_argument("--app", action="append", metavar="NAME")
    parser.add_argument("--corpus", default=os.path.join(score.ROOT, ".corpus"))
    options = parser.parse_args()
    options.catalint = os.path.abspath(options.catalint)
    apps = score.read_apps(os.path.join(score.HERE, "apps.csv"))
    if options.app:
        wanted = {name for value in options.app for name in value.split(",")}
        apps = [app for app in apps if app["name"] in wanted]
    expected = defaultdict(dict)  # app name -> {(path, line): (fix, reason)}
    by_repo = {app["repo"]: app["name"] for app in apps}
    with open(os.path.join(score.HERE, "fixes.csv"), newline="", encoding="utf-8") as file:
        for row in csv.DictReader(file):
            if row["repo"] in by_repo:
                expected[by_repo[row["repo"]]][(row["path"], int(row["line"]))] = (row["fix"], row["reason"])

    totals = Counter()
    problems = []
    checked = Counter()
    refused = []
    with tempfile.TemporaryDirectory() as temporary:
        for app in apps:
            source = os.path.join(options.corpus, app["name"])
            if not os.path.isdir(source):
                print(f"fixes: {app['name']} is not extracted: run scripts/corpus/extract.sh", file=sys.stderr)
                continue
            folder = os.path.join(temporary, app["name"])
            shutil.copytree(source, folder, symlinks=True)
            git = ["git", "-C", folder, "-c", "user.email=corpus@localhost", "-c", "user.name=corpus"]
            subprocess.run(git + ["init", "-q"], check=True)
            subprocess.run(git + ["add", "-A"], check=True, capture_output=True)
            subprocess.run(git + ["commit", "-q", "-m", "app"], check=True, capture_output=True)
            arguments = [arg for arg in score.lint_arguments(options.catalint) if arg != "."]
            subprocess.run([options.catalint, *arguments, "--unsafe-fixes", "."], cwd=folder,
                           capture_output=True)
            wraps = wrapped_lines(folder)
            for path, line, kind, why in compiler_check(folder):
                checked[kind] += 1
                if kind != "ok":
                    refused.append((app["name"], path, line, kind, why))
            counts = Counter()
            for site in sorted(wraps):
                fix = expected[app["name"]].get(site, ("unlabelled", ""))[0]
                counts[f"wrapped at {fix}"] += 1
                if fix != "wrap":
                    problems.append((app["name"], site, fix, expected[app["name"]].get(site, ("", ""))[1]))
            for site, (fix, reason) in sorted(expected[app["name"]].items()):
                if fix == "wrap" and site not in wraps:
                    counts["wrap site left unwrapped"] += 1
                    problems.append((app["name"], site, "wrap, not offered", reason))
            totals.update(counts)
            print(f"{app['name']:<16} wraps {len(wraps):>3}  " +
                  "  ".join(f"{key} {value}" for key, value in sorted(counts.items())))
    print(f"\ntotal wraps {sum(v for k, v in totals.items() if k.startswith('wrapped'))}: " +
          ", ".join(f"{key} {value}" for key, value in sorted(totals.items())))
    for app, (path, line), fix, reason in problems:
        print(f"  {fix:<18} {app}/{path}:{line}  ({reason})")
    compile_errors = sum(checked[kind] for kind in ("unset-in-init", "unset-local", "out-of-scope", "unreadable"))
    print(f"\nwrapcheck.py, every wrap of the fixed apps: {sum(checked.values())} checked, {compile_errors} a compiler would refuse, "
          f"{checked['trap']} trap on the Mac" + "".join(f"; {kind} {count}" for kind, count in sorted(checked.items())))
    for app, path, line, kind, why in refused:
        print(f"  {kind:<18} {app}/{path}:{line} (fixed file)  {why}")
    sys.exit(1 if totals["wrapped at no-wrap"] or totals["wrapped at unlabelled"] or compile_errors else 0)


if __name__ == "__main__":
    main()
