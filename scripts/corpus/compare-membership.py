#!/usr/bin/env python3
"""Compares catalint's reading of the corpus apps' projects with membership.py, the oracle.

For every Swift, storyboard, xib and interface file membership.py lists, the oracle's verdict
(`mac`, `ios-only`, `other`, `tool`; `test` and `unbuilt` both as `notbuilt`) against how catalint
judges it in the `build` object of its JSON report (`mac` and `pad` as `mac`, `not-on-mac` as
`ios-only`, `not-ios` as `other`, a file left out as `notbuilt`). Prints each pair that differs,
how many files, and one example. `tool` against `notbuilt` or `other` is the same outcome (no rule
applies): a package manifest, a command-line tool.

Usage: scripts/corpus/compare-membership.py [--catalint PATH] [--corpus PATH] [--app NAME ...]
"""
import argparse
import collections
import csv
import io
import json
import os
import subprocess
import sys

sys.dont_write_bytecode = True
import score  # noqa: E402

CATALINT = {"mac": "mac", "pad": "mac", "not-on-mac": "ios-only", "not-ios": "other"}
ORACLE = {"test": "notbuilt", "unbuilt": "notbuilt"}


def main():
    parser = argparse.ArgumentParser(description="Compare catalint's project membership with membership.py.")
    parser.add_argument("--catalint", default=os.path.join(score.ROOT, ".build", "release", "catalint"))
    parser.add_argument("--corpus", default=os.path.join(score.ROOT, ".corpus"))
    parser.add_argument("--app", action="append", metavar="NAME")
    options = parser.parse_args()
    catalint = os.path.abspath(options.catalint)
    apps = [app["name"] for app in score.read_apps(os.path.join(score.HERE, "apps.csv"))]
    if options.app:
        wanted = {name for value in options.app for name in value.split(",")}
        apps = [app for app in apps if app in wanted]
    pairs = collections.Counter()
    examples = {}
    for app in apps:
        folder = os.path.join(options.corpus, app)
        if not os.path.isdir(folder):
            continue
        listing = subprocess.run([sys.executable, os.path.join(score.HERE, "membership.py"), "--csv", folder],
                                 capture_output=True, text=True).stdout
        oracle = {row["path"]: ORACLE.get(row["verdict"], row["verdict"]) for row in csv.DictReader(io.StringIO(listing))}
        run = subprocess.run([catalint, "lint", "--no-cache", "--idiom", "mac", "--format", "json", "."], cwd=folder,
                             capture_output=True, text=True)
        build = json.loads(run.stdout)["build"]
        ours = {entry["path"]: CATALINT.get(entry["judged_as"], entry["judged_as"]) for entry in build["files"]}
        ours.update({(entry["path"] if isinstance(entry, dict) else entry): "notbuilt" for entry in build["left_out"]})
        for path, verdict in sorted(oracle.items()):
            judged = ours.get(path, "not seen")
            if judged != verdict:
                pairs[(verdict, judged)] += 1
                examples.setdefault((verdict, judged), f"{app}/{path}")
    for (verdict, judged), count in sorted(pairs.items(), key=lambda item: (-item[1], item[0])):
        print(f"oracle {verdict:<9} catalint {judged:<9} {count:5}  e.g. {examples[(verdict, judged)]}")
    print(f"files judged otherwise: {sum(pairs.values())}")


if __name__ == "__main__":
    main()
