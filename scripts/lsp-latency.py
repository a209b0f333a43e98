#!/usr/bin/env python3
"""How long `catalint server` takes from an edit to its diagnostics, on a big project.

Builds a project in a temporary folder from the Swift files of a corpus (about 300,000 lines by
default) plus one generated 2,000-line view-controller file, starts the server on it, opens the
2,000-line file and edits it as a user types, and prints the time from each `textDocument/didChange`
to the `textDocument/publishDiagnostics` of that version (median, p95, max):

  - keystrokes in a function body (the project's index is unchanged),
  - keystrokes in a declaration (the file's part of the index changes, so the index is merged again),
  - a burst of keystrokes 5 ms apart without waiting: how many lints ran for how many edits
    (edits are coalesced) and the time from the last keystroke to its diagnostics.

It prints numbers; it asserts nothing. Use a release build:

    swift build -c release
    python3 scripts/lsp-latency.py [--corpus DIR] [--lines 300000] [--binary .build/release/catalint]

The corpus defaults to .corpus/ (real apps), else .build-perf-corpus/, at the package root or at
the root of the main worktree. Standard library only.
"""

import argparse
import json
import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def find_corpus():
    candidates = [ROOT]
    try:
        common = subprocess.run(["git", "-C", ROOT, "rev-parse", "--path-format=absolute", "--git-common-dir"],
                                capture_output=True, text=True, check=True).stdout.strip()
        candidates.append(os.path.dirname(common))
    except (OSError, subprocess.CalledProcessError):
        pass
    for base in candidates:
        for name in (".corpus", ".build-perf-corpus"):
            path = os.path.join(base, name)
            if os.path.isdir(path):
                return path
    return None


def copy_swift_files(corpus, destination, target_lines):
    """Copies the Swift files of the corpus's projects, one project after another, until
    `target_lines` lines are copied. Returns (files, lines)."""
    files = lines = 0
    projects = sorted(p for p in os.listdir(corpus) if os.path.isdir(os.path.join(corpus, p)) and not p.startswith("."))
    for project in projects:
        if lines >= target_lines:
            break
        for folder, subfolders, names in os.walk(os.path.join(corpus, project)):
            subfolders[:] = sorted(d for d in subfolders if not d.startswith(".") and d not in (".build", "DerivedData", "Pods"))
            for name in sorted(names):
                if not name.endswith(".swift") or lines >= target_lines:
                    continue
                source = os.path.join(folder, name)
                target = os.path.join(destination, os.path.relpath(source, corpus))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copyfile(source, target)
                with open(source, "rb") as handle:
                    lines += handle.read().count(b"\n")
                files += 1
    return files, lines


def generated_screen(line_count=2000):
    """A view-controller file of `line_count` lines with a few findings, like a screen of a real app."""
    out = ["import UIKit", ""]
    index = 0
    while len(out) < line_count - 30:
        out += [
            f"final class Screen{index}ViewController: UIViewController {{",
            f"    private let titleLabel{index} = UILabel()",
            f"    private let stack{index} = UIStackView()",
            f"    var itemCount{index}: Int = {index}",
            "",
            "    override func viewDidLoad() {",
            "        super.viewDidLoad()",
            f"        titleLabel{index}.text = \"Screen {index} — café ☕️\"",
            f"        stack{index}.axis = .vertical",
            f"        stack{index}.addArrangedSubview(titleLabel{index})",
            f"        view.addSubview(stack{index})",
            "        configureLayout()",
            "    }",
            "",
            "    private func configureLayout() {",
            f"        stack{index}.translatesAutoresizingMaskIntoConstraints = false",
            "        NSLayoutConstraint.activate([",
            f"            stack{index}.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),",
            f"            stack{index}.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),",
            f"            stack{index}.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),",
            "        ])",
            "        if traitCollection.userInterfaceIdiom == .pad {" if index % 10 == 0 else "        if traitCollection.horizontalSizeClass == .regular {",
            f"            stack{index}.spacing = 20",
            "        }",
            "    }",
            "",
            "    func makeAccessory() -> UIView {",
            "        let stepper = UIStepper()" if index % 10 == 5 else "        let toggle = UISwitch()",
            "        return stepper" if index % 10 == 5 else "        return toggle",
            "    }",
            "}",
            "",
        ]
        index += 1
    out.append("// The edits go below.")
    out.append("func editedFunction() {")
    out.append("    // BODY")
    out.append("}")
    out.append("final class EditedDeclarations {")
    out.append("    var DECLARATION: Int = 0")
    out.append("}")
    while len(out) < line_count:
        out.append("// padding")
    return "\n".join(out[:line_count]) + "\n"


class Server:
    def __init__(self, binary, log):
        self.process = subprocess.Popen([binary, "server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log)
        self.messages = queue.Queue()
        self.published = []  # (uri, version) of every publishDiagnostics, in order
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put((time.perf_counter(), None))
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii", "replace").partition(":")
                if name.lower() == "content-length":
                    length = int(value.strip())
            body = stream.read(length)
            arrived = time.perf_counter()
            message = json.loads(body)
            if message.get("method") == "textDocument/publishDiagnostics":
                self.published.append((message["params"]["uri"], message["params"].get("version")))
            self.messages.put((arrived, message))

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params, timeout=600):
        request_id = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == request_id and "method" not in m, timeout)[1]

    def wait(self, matches, timeout=60):
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError("no answer from the server")
            arrived, message = self.messages.get(timeout=left)
            if message is None:
                raise RuntimeError("the server exited")
            if matches(message):
                return arrived, message

    def diagnostics(self, uri, version, timeout=60):
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == uri and m["params"].get("version") == version, timeout)


def position_of(text, marker):
    """The 0-based line and UTF-16 column just after `marker`."""
    offset = text.index(marker) + len(marker)
    line = text.count("\n", 0, offset)
    column = len(text[text.rfind("\n", 0, offset) + 1:offset].encode("utf-16-le")) // 2
    return line, column


def summary(name, samples):
    samples_ms = sorted(s * 1000 for s in samples)
    p95 = samples_ms[min(len(samples_ms) - 1, int(round(0.95 * (len(samples_ms) - 1))))]
    print(f"{name}: {len(samples_ms)} edits, median {statistics.median(samples_ms):.1f} ms, "
          f"p95 {p95:.1f} ms, max {samples_ms[-1]:.1f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "catalint"))
    parser.add_argument("--corpus", default=None, help="a folder of projects (default: .corpus or .build-perf-corpus)")
    parser.add_argument("--lines", type=int, default=300_000, help="lines of Swift to copy from the corpus")
    parser.add_argument("--edits", type=int, default=60, help="keystrokes timed in each series")
    parser.add_argument("--keep", action="store_true", help="keep the project folder")
    parser.add_argument("--verbose", action="store_true", help="show the server's log")
    args = parser.parse_args()

    if not os.access(args.binary, os.X_OK):
        sys.exit(f"no catalint binary at {args.binary}: run `swift build -c release` (or pass --binary)")
    corpus = args.corpus or find_corpus()
    if not corpus:
        sys.exit("no corpus: pass --corpus DIR (a folder of Swift projects)")

    folder = tempfile.mkdtemp(prefix="catalint-lsp-latency-")
    try:
        files, lines = copy_swift_files(corpus, folder, args.lines)
        text = generated_screen()
        edited = os.path.join(folder, "App", "Screen2000.swift")
        os.makedirs(os.path.dirname(edited))
        with open(edited, "w") as handle:
            handle.write(text)
        with open(os.path.join(folder, ".catalint.yml"), "w") as handle:
            handle.write("idiom: mac\n")
        print(f"project: {files + 1} Swift files, {lines + text.count(chr(10))} lines (from {corpus}), in {folder}")
        print(f"edited: {edited}, {text.count(chr(10))} lines")

        log = None if args.verbose else subprocess.DEVNULL
        server = Server(args.binary, log)
        root_uri = "file://" + folder
        uri = "file://" + edited
        server.request("initialize", {"processId": os.getpid(), "rootUri": root_uri, "capabilities": {},
                                      "workspaceFolders": [{"uri": root_uri, "name": "latency"}]})
        server.notify("initialized", {})
        started = time.perf_counter()
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})
        arrived, message = server.diagnostics(uri, 1, timeout=900)
        found = len(message["params"]["diagnostics"])
        print(f"first diagnostics (the project indexed, cold cache): {arrived - started:.2f} s, {found} diagnostics")

        version = 1

        def keystrokes(marker, typed):
            """Types `typed` after `marker`, one character an edit, then deletes it again; the time
            from each edit to its diagnostics."""
            nonlocal version, text
            line, column = position_of(text, marker)
            times = []
            steps = [(c, False) for c in typed] + [(None, True)] * len(typed)
            for character, delete in steps:
                version += 1
                if delete:
                    column -= 1
                    change = {"range": {"start": {"line": line, "character": column}, "end": {"line": line, "character": column + 1}}, "text": ""}
                else:
                    change = {"range": {"start": {"line": line, "character": column}, "end": {"line": line, "character": column}}, "text": character}
                    column += 1
                sent = time.perf_counter()
                server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
                arrived, _ = server.diagnostics(uri, version)
                times.append(arrived - sent)
            return times

        statement = "let s = UIStepper(); s.value = 1; print(s)  "
        body_text = (statement * (args.edits // len(statement) + 1))[: max(1, args.edits // 2)]
        summary("keystrokes in a function body", keystrokes("    // BODY", "\n    " + body_text[:-1]))
        summary("keystrokes in a declaration (index merged again)", keystrokes("    var DECLARATION", "_renamedProperty"[: max(1, args.edits // 2)]))

        # A burst: keystrokes 5 ms apart, not waiting for diagnostics.
        line, column = position_of(text, "    // BODY")
        burst = 50
        first_version = version + 1
        for index in range(burst):
            version += 1
            change = {"range": {"start": {"line": line, "character": column}, "end": {"line": line, "character": column}}, "text": "x"}
            column += 1
            server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
            last_sent = time.perf_counter()
            time.sleep(0.005)
        arrived, _ = server.diagnostics(uri, version)
        published = sum(1 for u, v in server.published if u == uri and v is not None and first_version <= v <= version)
        print(f"burst of {burst} keystrokes 5 ms apart: diagnostics published for {published} of them (stale results dropped), "
              f"the last {1000 * (arrived - last_sent):.1f} ms after the last keystroke")

        server.request("shutdown", None)
        server.notify("exit", None)
        server.process.wait(timeout=30)
    finally:
        if args.keep:
            print(f"kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
