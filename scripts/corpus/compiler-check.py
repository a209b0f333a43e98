#!/usr/bin/env python3
"""Checks catalint's `invalid-swift` against the compiler, file by file, on the corpus.

For every Swift file of each app that some target builds for iOS (membership.py's verdict is not
`other`: catalint applies no rule to watchOS or AppKit files), it asks `swiftc -frontend -parse`
whether the file parses, in the language mode its targets compile it in (SWIFT_VERSION, a
package's `swiftLanguageModes:` or `.swiftLanguageMode(...)`, its tools version; Swift 5 when
nothing says) and with regex literals as its targets have them (Xcode enables `/.../` by default,
SWIFT_ENABLE_BARE_SLASH_REGEX; SwiftPM in Swift 6 mode or with `BareSlashRegexLiterals`): an
independent reading of the projects (membership.py), not catalint's. It then runs catalint with
`--include-unbuilt` (so that every file is linted) and compares: a file is in agreement when both
reject it or both accept it.

Usage: scripts/corpus/compiler-check.py [--catalint PATH] [--app NAME ...] [--swiftc PATH]
Prints, per app, how many files each says are invalid and every disagreement with the first error
of each side; exits 1 when there is one.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
import membership  # noqa: E402
import score  # noqa: E402

HERE = score.HERE
ROOT = score.ROOT
BATCH = 200


# What the frontend says of a file parsed beside others that it would not say of it parsed alone
# (as the main file of a script or a one-file tool): not the file's syntax.
NOT_ALONE = ("hashbang line is allowed only in the main file", "expressions are not allowed at the top level",
             "statements are not allowed at the top level")


def compiler_errors(files, mode, bare_slash, swiftc, alone=False):
    """{absolute path: first error} for the files swiftc -frontend -parse rejects."""
    errors = {}
    again = []
    for start in range(0, len(files), 1 if alone else BATCH):
        batch = files[start:start + (1 if alone else BATCH)]
        command = [swiftc, "-frontend", "-parse", "-swift-version", mode]
        if bare_slash and mode != "6":
            command.append("-enable-bare-slash-regex")
        result = subprocess.run(command + batch, capture_output=True, text=True)
        for line in result.stderr.splitlines():
            match = re.match(r"(/.*?\.swift):(\d+):(\d+): error: (.*)", line)
            if not match or match.group(1) in errors:
                continue
            if not alone and match.group(4).startswith(NOT_ALONE):
                again.append(match.group(1))
                continue
            errors[match.group(1)] = f"{match.group(2)}:{match.group(3)}: {match.group(4)}"
    again = sorted(set(again) - set(errors))
    if again:
        errors.update(compiler_errors(again, mode, bare_slash, swiftc, alone=True))
    return errors


def catalint_errors(binary, folder):
    """{absolute path: message} for the files catalint reports invalid-swift in."""
    result = subprocess.run([binary, "lint", "--idiom", "mac", "--include-unbuilt", "--no-cache", "--select", "invalid-swift",
                             "--format", "json", "."], cwd=folder, capture_output=True, text=True)
    report = json.loads(result.stdout or "{}")
    errors = {}
    for diagnostic in report.get("diagnostics", []):
        if diagnostic["rule"] == "invalid-swift":
            path = os.path.normpath(os.path.join(folder, diagnostic["path"]))
            errors.setdefault(path, f"{diagnostic['line']}:{diagnostic['column']}: {diagnostic['message']}")
    return errors


def languages(app):
    """{absolute path: (mode, bare_slash)} of the app's Swift files that some iOS target builds."""
    by_label = {}
    for project in app.projects:
        for target in project.targets:
            by_label[target.label] = target
    for package in app.packages.values():
        for target in package.targets.values():
            by_label[target.label] = target
    result = {}
    for relative, (verdict, entries) in app.files().items():
        if not relative.endswith(".swift") or verdict == "other":
            continue
        targets = [by_label[label] for label, _, _ in entries if label in by_label]
        modes = [t.language for t in targets if t.language]
        mode = max(modes) if modes else "5"
        bare_slash = any(t.bare_slash for t in targets) if targets else True
        result[os.path.join(app.folder, relative)] = (mode, bare_slash)
    return result


def main():
    parser = argparse.ArgumentParser(description="invalid-swift against swiftc -frontend -parse, on the corpus.")
    parser.add_argument("--catalint", default=os.path.join(ROOT, ".build", "release", "catalint"))
    parser.add_argument("--swiftc", default="swiftc")
    parser.add_argument("--app", action="append", metavar="NAME")
    parser.add_argument("--corpus", default=os.path.join(ROOT, ".corpus"))
    options = parser.parse_args()
    apps = [app for app in score.read_apps(os.path.join(HERE, "apps.csv")) if not options.app or app["name"] in options.app]
    disagreements = 0
    total_files = 0
    print(f"{'app':<16} {'files':>6} {'swiftc':>7} {'catalint':>9} {'agree':>6}")
    lines = []
    for entry in apps:
        folder = os.path.join(options.corpus, entry["name"])
        if not os.path.isdir(folder):
            print(f"{entry['name']:<16} not extracted")
            continue
        app = membership.App(folder)
        files = languages(app)
        groups = collections.defaultdict(list)
        for path, key in files.items():
            groups[key].append(path)
        compiler = {}
        for (mode, bare_slash), paths in sorted(groups.items()):
            compiler.update(compiler_errors(sorted(paths), mode, bare_slash, options.swiftc))
        catalint = {path: message for path, message in catalint_errors(options.catalint, folder).items() if path in files}
        differing = sorted(set(compiler) ^ set(catalint))
        total_files += len(files)
        disagreements += len(differing)
        print(f"{entry['name']:<16} {len(files):>6} {len(compiler):>7} {len(catalint):>9} {len(files) - len(differing):>6}")
        for path in differing:
            mode, bare_slash = files[path]
            lines.append(f"  {entry['name']}/{os.path.relpath(path, folder)} (Swift {mode}{', regex literals' if bare_slash else ''}):\n"
                         f"    swiftc:   {compiler.get(path, 'accepts it')}\n    catalint: {catalint.get(path, 'accepts it')}")
    print(f"\n{total_files} files, {disagreements} where invalid-swift and the compiler disagree")
    if lines:
        print("\n".join(lines))
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
