#!/usr/bin/env python3
"""Runs the steps of action.yml as a GitHub runner runs a composite action, on a copy of the sample
app, and checks what they leave behind: catalint on the PATH, the step outputs, the cache, the
SARIF report and the job summary.

    scripts/action-check.py RELEASES

RELEASES is a folder laid out like the release pages the install step downloads from
(download/VERSION/ASSET and latest/download/ASSET); CI fills it with what
scripts/build-artifactbundle.sh built. The `run` steps run for real with bash, with the
environment variables and files GitHub gives them (GITHUB_OUTPUT, GITHUB_PATH,
GITHUB_STEP_SUMMARY, RUNNER_TEMP, ...). Of the `uses` steps, actions/cache is played by a folder
(restored before the lint, saved at the end of the job, by key), and the SARIF that
github/codeql-action/upload-sarif would upload is validated against the SARIF 2.1.0 schema.
Expressions (`${{ ... }}`) are evaluated with the operators and functions action.yml uses.
"""
import glob
import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

import yaml
from sarif_kit.validate import validation_errors

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# Expressions ---------------------------------------------------------------------------------

TOKEN = re.compile(r"\s*(?:(?P<str>'(?:[^']|'')*')|(?P<op>==|!=|&&|\|\||[!(),.])|(?P<name>[A-Za-z_][A-Za-z0-9_-]*))")


def tokenize(text):
    tokens, position = [], 0
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match or match.end() == position:
            if text[position:].strip() == "":
                break
            raise ValueError(f"cannot read the expression at {text[position:]!r}")
        position = match.end()
        kind = match.lastgroup
        tokens.append((kind, match.group(kind)))
    return tokens


def truthy(value):
    return value not in ("", None, False, 0)


class Expression:
    """A recursive-descent reader of GitHub's expression language, as far as action.yml uses it."""

    def __init__(self, text, context):
        self.tokens = tokenize(text)
        self.index = 0
        self.context = context

    def peek(self):
        return self.tokens[self.index] if self.index < len(self.tokens) else (None, None)

    def take(self, value=None):
        token = self.peek()
        if value is not None and token[1] != value:
            raise ValueError(f"expected {value!r}, found {token[1]!r}")
        self.index += 1
        return token

    def evaluate(self):
        value = self.disjunction()
        if self.index != len(self.tokens):
            raise ValueError(f"unexpected {self.peek()[1]!r}")
        return value

    def disjunction(self):
        value = self.conjunction()
        while self.peek()[1] == "||":
            self.take()
            right = self.conjunction()
            value = value if truthy(value) else right
        return value

    def conjunction(self):
        value = self.comparison()
        while self.peek()[1] == "&&":
            self.take()
            right = self.comparison()
            value = right if truthy(value) else value
        return value

    def comparison(self):
        value = self.unary()
        while self.peek()[1] in ("==", "!="):
            operator = self.take()[1]
            right = self.unary()
            equal = str(value).lower() == str(right).lower()  # GitHub compares strings ignoring case
            value = equal if operator == "==" else not equal
        return value

    def unary(self):
        if self.peek()[1] == "!":
            self.take()
            return not truthy(self.unary())
        return self.primary()

    def primary(self):
        kind, value = self.take()
        if kind == "str":
            return value[1:-1].replace("''", "'")
        if value == "(":
            inner = self.disjunction()
            self.take(")")
            return inner
        if kind != "name":
            raise ValueError(f"unexpected {value!r}")
        if self.peek()[1] == "(":
            self.take("(")
            arguments = []
            while self.peek()[1] != ")":
                arguments.append(self.disjunction())
                if self.peek()[1] == ",":
                    self.take()
            self.take(")")
            return self.context["functions"][value](*arguments)
        current = self.context[value]
        while self.peek()[1] == ".":
            self.take()
            current = current.get(self.take()[1], "") if isinstance(current, dict) else ""
        return current


def substitute(text, context):
    """A value with `${{ ... }}` in it: each expression replaced by its value."""
    if not isinstance(text, str):
        return text
    return re.sub(r"\$\{\{(.*?)\}\}", lambda match: stringify(Expression(match.group(1), context).evaluate()), text)


def stringify(value):
    if value is True:
        return "true"
    if value is False:
        return "false"
    return "" if value is None else str(value)


def condition(text, context):
    """A step's `if`: an expression with or without `${{ }}`; no status function means success()."""
    if text is None:
        return context["functions"]["success"]()
    text = text.strip()
    if text.startswith("${{") and text.endswith("}}"):
        text = text[3:-2]
    if not re.search(r"\b(success|failure|always|cancelled)\(", text):
        text = f"success() && ({text})"
    return truthy(Expression(text, context).evaluate())


def hash_files(workspace):
    def hash_files(*patterns):
        files = sorted({path for pattern in patterns if pattern
                        for path in glob.glob(os.path.join(workspace, pattern), recursive=True, include_hidden=True)
                        if os.path.isfile(path)})
        if not files:
            return ""
        digest = hashlib.sha256()
        for path in files:
            digest.update(hashlib.sha256(open(path, "rb").read()).digest())
        return digest.hexdigest()
    return hash_files


# A run of the action -------------------------------------------------------------------------

def run_action(action, inputs, workspace, cache_store, environment):
    """Runs every step; returns the steps' outputs, whether the job failed, the summary, the
    PATH additions, what the `uses` steps were given, and the log."""
    temp = tempfile.mkdtemp(prefix="runner-temp-")
    files = {name: os.path.join(temp, f"_{name}") for name in ("summary", "path", "output", "env")}
    for path in files.values():
        open(path, "w").close()
    defaults = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    unknown = set(inputs) - set(defaults)
    assert not unknown, f"the action has no input {unknown}"
    state = {"failed": False}
    steps = {}
    context = {
        "inputs": {**defaults, **inputs},
        "github": {"action_ref": environment.get("ACTION_REF", ""), "workspace": workspace, "sha": "0" * 40,
                   "action_path": ROOT},
        "runner": {"os": environment["RUNNER_OS"], "arch": environment["RUNNER_ARCH"], "temp": temp},
        "steps": steps,
        "env": {},
        "functions": {
            "success": lambda: not state["failed"], "failure": lambda: state["failed"],
            "always": lambda: True, "cancelled": lambda: False, "hashFiles": hash_files(workspace),
        },
    }
    path_additions = []
    used = []
    saves = []
    log = []
    for step in action["runs"]["steps"]:
        name = step.get("name", step.get("id", "?"))
        if not condition(step.get("if"), context):
            log.append(f"skipped: {name}")
            continue
        if "uses" in step:
            given = {key: substitute(value, context) for key, value in step.get("with", {}).items()}
            used.append((step["uses"], given))
            if step["uses"].startswith("actions/cache@"):
                # Restore by key, then by the restore-keys prefixes (newest first); save after the job.
                keys = [given["key"]] + [line for line in given.get("restore-keys", "").splitlines() if line.strip()]
                for key in keys:
                    matches = sorted((entry for entry in os.listdir(cache_store) if entry.startswith(key)), reverse=True)
                    if matches:
                        shutil.copytree(os.path.join(cache_store, matches[0]), given["path"], dirs_exist_ok=True)
                        log.append(f"cache restored from {matches[0]}")
                        break
                saves.append((given["key"], given["path"]))
            log.append(f"used: {step['uses']}")
            continue
        open(files["output"], "w").close()
        open(files["path"], "w").close()
        env = dict(os.environ)
        env.update(environment)
        env.update({
            "GITHUB_ACTION_PATH": ROOT, "GITHUB_WORKSPACE": workspace, "RUNNER_TEMP": temp,
            "GITHUB_OUTPUT": files["output"], "GITHUB_PATH": files["path"], "GITHUB_STEP_SUMMARY": files["summary"],
            "GITHUB_ENV": files["env"], "GITHUB_ACTIONS": "true", "CI": "true",
            "PATH": os.pathsep.join(path_additions + [os.environ["PATH"]]),
        })
        env.update({key: substitute(value, context) for key, value in step.get("env", {}).items()})
        script = substitute(step["run"], context)
        result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=workspace, env=env,
                                capture_output=True, text=True)
        log.append(f"ran: {name} (exit {result.returncode})\n{result.stdout}{result.stderr}")
        outputs = {}
        for line in open(files["output"]).read().splitlines():
            key, _, value = line.partition("=")
            outputs[key] = value
        if "id" in step:
            steps[step["id"]] = {"outputs": outputs, "outcome": "success" if result.returncode == 0 else "failure"}
        path_additions = [line for line in open(files["path"]).read().splitlines() if line] + path_additions
        if result.returncode != 0:
            state["failed"] = True
    # The cache's post step: saved whatever happened, unless the key exists (entries are immutable).
    for key, path in saves:
        if os.path.isdir(path) and not os.path.exists(os.path.join(cache_store, key)):
            shutil.copytree(path, os.path.join(cache_store, key))
            log.append(f"cache saved as {key}")
    return {"steps": steps, "failed": state["failed"], "summary": open(files["summary"]).read(),
            "path": path_additions, "used": used, "log": "\n".join(log), "temp": temp}


def check(condition, message, run):
    if not condition:
        print(run["log"])
        sys.exit(f"action-check: {message}")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    releases = os.path.abspath(sys.argv[1])
    action = yaml.safe_load(open(os.path.join(ROOT, "action.yml")))
    assert action["runs"]["using"] == "composite"
    expected = [line for line in open(os.path.join(ROOT, "samples/Recipes/EXPECTED.txt")).read().splitlines() if line]
    version = re.search(r'current = "([^"]+)"', open(os.path.join(ROOT, "Sources/CatalintKit/Version.swift")).read()).group(1)
    machine = platform.machine()
    runner = {"RUNNER_OS": {"Linux": "Linux", "Darwin": "macOS"}[platform.system()],
              "RUNNER_ARCH": "ARM64" if machine in ("aarch64", "arm64") else "X64",
              "CATALINT_RELEASES_URL": "file://" + releases}
    cache_store = tempfile.mkdtemp(prefix="actions-cache-")

    def workspace():
        folder = tempfile.mkdtemp(prefix="workspace-")
        shutil.copytree(os.path.join(ROOT, "samples/Recipes"), os.path.join(folder, "samples/Recipes"))
        return folder

    def sarif_of(run):
        uploads = [given for uses, given in run["used"] if uses.startswith("github/codeql-action/upload-sarif@")]
        check(len(uploads) == 1, "the SARIF was not uploaded", run)
        log = json.load(open(uploads[0]["sarif_file"]))
        errors = validation_errors(log)
        check(not errors, f"the SARIF is not valid SARIF 2.1.0: {errors}", run)
        check(uploads[0]["category"] == "catalint", "the upload has no category", run)
        return log["runs"][0]["results"]

    # 1. As `uses: catalint/catalint@VERSION`: the release binary of that tag, findings fail the job.
    first = workspace()
    run = run_action(action, {"paths": "samples/Recipes"}, first, cache_store, {**runner, "ACTION_REF": version})
    install = run["steps"]["install"]["outputs"]
    check(install.get("source") == "release" and install.get("version") == version, f"install gave {install}", run)
    check(run["path"] and os.path.isfile(os.path.join(run["path"][0], "catalint")), "catalint is not on the PATH", run)
    lint = run["steps"]["lint"]["outputs"]
    check(lint.get("exit-code") == "1", f"the lint step gave exit-code {lint.get('exit-code')!r}, expected 1", run)
    check(run["failed"], "the job passed with errors in the sample app", run)
    results = sarif_of(run)
    check(len(results) == len(expected), f"{len(results)} SARIF results for {len(expected)} expected findings", run)
    located = {(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], r["locations"][0]["physicalLocation"]["region"]["startLine"])
               for r in results}
    for line in expected:
        path, number = line.split(":")[:2]
        check((path, int(number)) in located, f"the SARIF misses {line}", run)
    summary = run["summary"]
    rows = [row for row in summary.splitlines() if re.match(r"^\| (error|warning|note) \| `samples/Recipes/", row)]
    check(summary.startswith("## catalint\n"), f"the summary does not start with its heading:\n{summary}", run)
    check(len(rows) == len(expected), f"the summary lists {len(rows)} findings, expected {len(expected)}", run)
    for line in expected:
        check(f"`{':'.join(line.split(':')[:3])}`" in summary, f"the summary misses {line}", run)
    errors = sum(1 for line in expected if ": error: " in line)
    check(f"**{errors} error" in summary, f"the summary does not count {errors} errors", run)
    keys = [given["key"] for uses, given in run["used"] if uses.startswith("actions/cache@")]
    check(len(keys) == 1 and f"-{version}-" in keys[0], f"the cache key {keys} does not name the version", run)
    check(os.listdir(cache_store) == [keys[0]] and os.listdir(os.path.join(cache_store, keys[0])),
          "catalint's cache was not saved", run)
    print(f"action: release {version} installed from the tag; {len(results)} SARIF results, {len(rows)} summary rows; "
          f"exit code 1 fails the job; cache saved as {keys[0]}")

    # 2. A later run in a fresh checkout: the cache comes back before the lint, and the report is the same.
    second = workspace()
    again = run_action(action, {"paths": "samples/Recipes", "version": version}, second, cache_store, runner)
    check("cache restored from" in again["log"].split("ran: Lint")[0], "the cache was not restored before the lint", again)
    check(sarif_of(again) == results, "the second run's SARIF differs", again)
    print("action: a fresh checkout restores the cache and reports the same")

    # 3. A configuration, a baseline of today's findings and --strict: nothing new, the job passes,
    #    the summary says so, and the cache key follows the configuration.
    third = workspace()
    catalint = os.path.join(run["path"][0], "catalint")
    with open(os.path.join(third, ".catalint.yml"), "w") as config:
        config.write("idiom: auto\n")
    subprocess.run([catalint, "lint", "--no-cache", "--write-baseline", "catalint-baseline.json", "samples/Recipes"], cwd=third,
                   check=True, capture_output=True)
    clean = run_action(action, {"paths": "samples/Recipes", "baseline": "catalint-baseline.json", "strict": "true"}, third,
                       cache_store, runner)
    clean_keys = [given["key"] for uses, given in clean["used"] if uses.startswith("actions/cache@")]
    check(clean_keys and clean_keys[0] != keys[0] and re.search(r"-[0-9a-f]{64}-", clean_keys[0]),
          f"the cache key {clean_keys} does not follow the configuration", clean)
    check(clean["steps"]["install"]["outputs"].get("version") == version, "the newest release was not installed", clean)
    check(clean["steps"]["lint"]["outputs"].get("exit-code") == "0" and not clean["failed"], "the baselined run failed", clean)
    check(sarif_of(clean) == [], "the baselined run reported findings", clean)
    check("No problems found" in clean["summary"], f"the summary of a clean run:\n{clean['summary']}", clean)
    print("action: with a baseline and strict, the newest release passes and says so in the summary")

    # 4. No release for the runner: the action builds its own checkout.
    fourth = workspace()
    built = run_action(action, {"paths": "samples/Recipes/Sources"}, fourth, cache_store,
                       {**runner, "CATALINT_RELEASES_URL": "file://" + os.path.join(releases, "no-such-release")})
    install = built["steps"]["install"]["outputs"]
    check(install.get("source") == "source" and install.get("version") == version, f"the fallback gave {install}", built)
    check(built["steps"]["lint"]["outputs"].get("exit-code") == "1", "the fallback's catalint did not lint", built)
    print("action: without a release, the action builds catalint from its own checkout")
    print("action-check: all checks passed")


if __name__ == "__main__":
    main()
