import Foundation
import XCTest

/// `catalint server`, end to end: the built binary, spoken to over pipes with Content-Length
/// framing as an editor does.
final class LanguageServerTests: XCTestCase {
    /// A line whose columns differ in characters (24), UTF-16 code units (28) and UTF-8 bytes (35)
    /// before `UIStepper`: an accented letter and an emoji of several scalars.
    private let screen = "let café = \"👩‍💻\"; let s = UIStepper()\nlet r = PullToRefresh()\n"

    private func project() throws -> URL {
        let directory = try temporaryDirectory(self)
        try write("class PullToRefresh: UIRefreshControl {}\n", to: directory.appendingPathComponent("Declarations.swift"))
        try write(screen, to: directory.appendingPathComponent("Screen.swift"))
        // The idiom is set, so that the tests do not depend on idiom detection.
        try write("idiom: mac\n", to: directory.appendingPathComponent(".catalint.yml"))
        return directory
    }

    private func initialize(_ client: LanguageServerClient, folder: URL, capabilities: [String: Any] = [:]) throws -> [String: Any] {
        let response = try client.request("initialize", [
            "processId": NSNull(), "rootUri": folder.absoluteString, "capabilities": capabilities,
            "workspaceFolders": [["uri": folder.absoluteString, "name": folder.lastPathComponent]],
        ])
        client.notify("initialized", [:])
        return try XCTUnwrap(response["result"] as? [String: Any], "initialize failed: \(response)")
    }

    private func open(_ client: LanguageServerClient, _ url: URL, _ text: String, language: String = "swift", version: Int = 1) {
        client.notify("textDocument/didOpen", ["textDocument": ["uri": url.absoluteString, "languageId": language, "version": version, "text": text]])
    }

    private func shutDown(_ client: LanguageServerClient, file: StaticString = #filePath, line: UInt = #line) throws {
        let response = try client.request("shutdown", nil)
        XCTAssertTrue(response.keys.contains("result") && response["error"] == nil, "shutdown: \(response)", file: file, line: line)
        client.notify("exit", nil)
        XCTAssertEqual(client.waitForExit(), 0, "the exit status after shutdown and exit; log:\n\(client.log)", file: file, line: line)
    }

    // MARK: Pushed diagnostics

    func testDiagnosticsFollowTheEditorsTextInUTF16Columns() throws {
        let folder = try project()
        let client = try LanguageServerClient()
        let capabilities = try initialize(client, folder: folder)["capabilities"] as? [String: Any]
        XCTAssertEqual(capabilities?["positionEncoding"] as? String, "utf-16")
        XCTAssertEqual((capabilities?["textDocumentSync"] as? [String: Any])?["change"] as? Int, 2)
        XCTAssertEqual(capabilities?["hoverProvider"] as? Bool, true)
        XCTAssertNil(capabilities?["diagnosticProvider"], "a client that does not pull gets pushed diagnostics")

        // The text is the editor's, not the file's; PullToRefresh is known from another file.
        let uri = folder.appendingPathComponent("Screen.swift")
        open(client, uri, screen)
        let first = try client.diagnostics(for: uri, version: 1)
        XCTAssertEqual(first.map(Self.summary), ["0:28-0:37 1 unavailable-control", "1:8-1:21 1 unavailable-control"])
        let stepper = try XCTUnwrap(first.first)
        XCTAssertEqual(stepper["source"] as? String, "catalint")
        XCTAssertEqual((stepper["codeDescription"] as? [String: Any])?["href"] as? String,
                       "https://github.com/catalint/catalint/blob/main/docs/rules/unavailable-control.md")
        let message = try XCTUnwrap(stepper["message"] as? String)
        XCTAssertTrue(message.hasPrefix("`UIStepper` does not exist in the Mac idiom"), message)
        XCTAssertTrue(message.contains("\nhelp: Create it only where"), message)

        // A full change (no range): the whole text replaced.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri.absoluteString, "version": 2],
            "contentChanges": [["text": "let café = \"👩‍💻\"; let s = UISwitch()\nlet r = PullToRefresh()\n"]],
        ])
        XCTAssertEqual(try client.diagnostics(for: uri, version: 2).map(Self.summary), ["1:8-1:21 1 unavailable-control"])

        // Incremental changes, in UTF-16 code units, applied in order: UISwitch (0:28-0:36) becomes
        // UIPageControl; a comment with a flag (two scalars, four code units) goes before line 1.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri.absoluteString, "version": 3],
            "contentChanges": [
                ["range": Self.range(0, 28, 0, 36), "rangeLength": 8, "text": "UIPageControl"],
                ["range": Self.range(1, 0, 1, 0), "text": "/* 🇫🇷 */ "],
            ],
        ])
        XCTAssertEqual(try client.diagnostics(for: uri, version: 3).map(Self.summary),
                       ["0:28-0:41 1 unavailable-control", "1:19-1:32 1 unavailable-control"])
        // A change that spans lines and ends past a line's end (which means the line's end).
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri.absoluteString, "version": 4],
            "contentChanges": [["range": Self.range(0, 18, 1, 99), "text": "\nlet size = CGSize(width: 834, height: 1194)"]],
        ])
        XCTAssertEqual(try client.diagnostics(for: uri, version: 4).map(Self.summary), ["1:11-1:17 2 hard-coded-size"])

        // Hover over a diagnostic: the rule's explanation, in Markdown.
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": uri.absoluteString], "position": ["line": 1, "character": 14]])
        let result = try XCTUnwrap(hover["result"] as? [String: Any], "\(hover)")
        let contents = try XCTUnwrap(result["contents"] as? [String: Any])
        XCTAssertEqual(contents["kind"] as? String, "markdown")
        let value = try XCTUnwrap(contents["value"] as? String)
        XCTAssertTrue(value.hasPrefix("### hard-coded-size: "), value)
        XCTAssertTrue(value.contains("## What it does") && value.contains("## Use instead"), value)
        // The rule's page and the source it rests on, as links; code fenced.
        XCTAssertTrue(value.contains("[The rule's page](https://github.com/catalint/catalint/blob/main/docs/rules/hard-coded-size.md)"), value)
        XCTAssertTrue(value.contains("## Reference\n[Choosing a user interface idiom for your Mac app](https://developer.apple.com/"), value)
        XCTAssertTrue(value.contains("## Example\n```swift\n"), value)
        XCTAssertEqual(Self.summary(range: result["range"]), "1:11-1:17")
        // Nowhere near a diagnostic: no hover.
        let nothing = try client.request("textDocument/hover", ["textDocument": ["uri": uri.absoluteString], "position": ["line": 0, "character": 2]])
        XCTAssertTrue(nothing["result"] is NSNull, "\(nothing)")

        // Closing the document clears its diagnostics.
        client.notify("textDocument/didClose", ["textDocument": ["uri": uri.absoluteString]])
        let cleared = try client.waitFor { message in
            message["method"] as? String == "textDocument/publishDiagnostics" && (message["params"] as? [String: Any])?["version"] == nil
        }
        XCTAssertEqual(((cleared["params"] as? [String: Any])?["diagnostics"] as? [Any])?.count, 0)
        try shutDown(client)
    }

    func testInterfaceFilesStoryboardsAndXibs() throws {
        let folder = try project()
        let client = try LanguageServerClient()
        _ = try initialize(client, folder: folder)
        let yaml = folder.appendingPathComponent("Screen.interface.yml")
        open(client, yaml, "interface: Café\nviews:\n  - {id: \"🎉é\", class: UIStepper}\n", language: "yaml")
        XCTAssertEqual(try client.diagnostics(for: yaml, version: 1).map(Self.summary), ["2:23-2:32 1 unavailable-control"])
        let xib = folder.appendingPathComponent("View.xib")
        open(client, xib, """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <view id="root" userLabel="Café ☕️"><subviews><stepper opaque="NO" id="s1"/></subviews></view>
                    <view id="custom" customClass="PullToRefresh"/>
                </objects>
            </document>

            """, language: "xml")
        XCTAssertEqual(try client.diagnostics(for: xib, version: 1).map(Self.summary),
                       ["3:54-3:62 1 unavailable-control", "4:8-4:13 1 unavailable-control"])
        // A storyboard with a syntax error: invalid-interface, and the server goes on.
        let storyboard = folder.appendingPathComponent("Main.storyboard")
        open(client, storyboard, "<document>\n  <view id=\"a\">\n</document>\n", language: "xml")
        XCTAssertEqual(try client.diagnostics(for: storyboard, version: 1).map(\.rule), ["invalid-interface"])
        // A file catalint does not lint gets no diagnostics at all.
        open(client, folder.appendingPathComponent("notes.txt"), "UIStepper()", language: "plaintext")
        try shutDown(client)
        XCTAssertFalse(client.received.contains { ($0["params"] as? [String: Any])?["uri"] as? String == folder.appendingPathComponent("notes.txt").absoluteString })
    }

    /// Objective-C documents, linted against the project's index: a header's class, a Swift class.
    func testObjectiveCDocuments() throws {
        let folder = try project()
        try write("@interface RatingStepper : UIStepper\n@end\n", to: folder.appendingPathComponent("RatingStepper.h"))
        let client = try LanguageServerClient()
        _ = try initialize(client, folder: folder)
        let source = folder.appendingPathComponent("Screen.m")
        open(client, source, "#import \"RatingStepper.h\"\nvoid f(UIView *v) {\n    [v addSubview:[[RatingStepper alloc] init]];\n    [v addSubview:[PullToRefresh new]];\n}\n",
             language: "objective-c")
        XCTAssertEqual(try client.diagnostics(for: source, version: 1).map(Self.summary),
                       ["2:20-2:33 1 unavailable-control", "3:19-3:32 1 unavailable-control"])
        let cpp = folder.appendingPathComponent("Screen.mm")
        open(client, cpp, "#include <vector>\nvoid g(UIView *v) { std::vector<int> a; [v addSubview:[UIStepper new]]; }\n", language: "objective-cpp")
        XCTAssertEqual(try client.diagnostics(for: cpp, version: 1).map(Self.summary), ["1:55-1:64 1 unavailable-control"])
        try shutDown(client)
    }

    // MARK: Pulled diagnostics

    func testPulledDiagnosticsAreNotPushed() throws {
        let folder = try project()
        let client = try LanguageServerClient()
        let result = try initialize(client, folder: folder, capabilities: [
            "textDocument": ["diagnostic": ["dynamicRegistration": false]],
            "workspace": ["diagnostics": ["refreshSupport": true]],
        ])
        let provider = (result["capabilities"] as? [String: Any])?["diagnosticProvider"] as? [String: Any]
        XCTAssertEqual(provider?["interFileDependencies"] as? Bool, true)
        let uri = folder.appendingPathComponent("Screen.swift")
        open(client, uri, screen)
        let pull = try client.request("textDocument/diagnostic", ["textDocument": ["uri": uri.absoluteString]])
        let report = try XCTUnwrap(pull["result"] as? [String: Any], "\(pull)")
        XCTAssertEqual(report["kind"] as? String, "full")
        XCTAssertEqual((report["items"] as? [[String: Any]])?.map(Self.summary), ["0:28-0:37 1 unavailable-control", "1:8-1:21 1 unavailable-control"])
        let resultID = try XCTUnwrap(report["resultId"] as? String)
        // Nothing changed: unchanged, with the same id.
        let again = try client.request("textDocument/diagnostic", ["textDocument": ["uri": uri.absoluteString], "previousResultId": resultID])
        XCTAssertEqual((again["result"] as? [String: Any])?["kind"] as? String, "unchanged")
        XCTAssertEqual((again["result"] as? [String: Any])?["resultId"] as? String, resultID)
        // An edit, then a pull: the newest text.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri.absoluteString, "version": 2],
            "contentChanges": [["range": Self.range(0, 28, 0, 37), "text": "UISwitch"]],
        ])
        let edited = try client.request("textDocument/diagnostic", ["textDocument": ["uri": uri.absoluteString], "previousResultId": resultID])
        XCTAssertEqual(((edited["result"] as? [String: Any])?["items"] as? [[String: Any]])?.map(Self.summary), ["1:8-1:21 1 unavailable-control"])

        // A declaration changed on disk and saved: the client is asked to pull again.
        try write("class PullToRefresh: UIView {}\n", to: folder.appendingPathComponent("Declarations.swift"))
        client.notify("textDocument/didSave", ["textDocument": ["uri": folder.appendingPathComponent("Declarations.swift").absoluteString]])
        let refresh = try client.waitFor { $0["method"] as? String == "workspace/diagnostic/refresh" }
        client.send(["jsonrpc": "2.0", "id": refresh["id"]!, "result": NSNull()])
        let refreshed = try client.request("textDocument/diagnostic", ["textDocument": ["uri": uri.absoluteString]])
        XCTAssertEqual(((refreshed["result"] as? [String: Any])?["items"] as? [Any])?.count, 0, "\(refreshed)")

        // A pull cancelled while its document is being linted (a long one: the cancellation arrives
        // in the same read) is answered once, with RequestCancelled; the next pull gets the result.
        let big = folder.appendingPathComponent("Big.swift")
        open(client, big, String(repeating: "let s = UIStepper()\n", count: 2_000))
        client.sendFrames([
            ["jsonrpc": "2.0", "id": "pull", "method": "textDocument/diagnostic", "params": ["textDocument": ["uri": big.absoluteString]]],
            ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": "pull"]],
        ])
        let cancelled = try client.waitFor { $0["id"] as? String == "pull" }
        XCTAssertEqual((cancelled["error"] as? [String: Any])?["code"] as? Int, -32800, "\(cancelled)")
        let bigReport = try client.request("textDocument/diagnostic", ["textDocument": ["uri": big.absoluteString]])
        XCTAssertEqual(((bigReport["result"] as? [String: Any])?["items"] as? [Any])?.count, 2_000)
        try shutDown(client)
        XCTAssertFalse(client.received.contains { $0["method"] as? String == "textDocument/publishDiagnostics" }, "diagnostics were pushed to a client that pulls them")
        XCTAssertEqual(client.received.filter { $0["id"] as? String == "pull" }.count, 1)
    }

    // MARK: The budget

    func testAProjectWithAFilePastTheBudgetStaysResponsive() throws {
        // Generated.swift takes longer than the budget; Named.swift uses a class only it declares.
        let folder = try temporaryDirectory(self)
        try write("idiom: mac\nlimits:\n  seconds_per_file: 0.5\n", to: folder.appendingPathComponent(".catalint.yml"))
        var generated = "import UIKit\nclass PullToRefresh: UIRefreshControl {}\nfunc make() {\n"
        for number in 0..<BudgetEndToEndTests.slowStatements { generated += "    if flag\(number % 97) { return }\n    let s\(number) = UIStepper()\n" }
        generated += "}\n"
        try write(generated, to: folder.appendingPathComponent("Generated.swift"))
        let namedText = "import UIKit\nlet pager = UIPageControl()\nlet refresh = PullToRefresh()\n"
        try write(namedText, to: folder.appendingPathComponent("Named.swift"))

        let client = try LanguageServerClient()
        _ = try initialize(client, folder: folder)
        // The project is read within the budget: the named document gets its diagnostics, without
        // the declarations of the file past the budget, which the log names.
        let named = folder.appendingPathComponent("Named.swift")
        open(client, named, namedText)
        XCTAssertEqual(try client.diagnostics(for: named, version: 1).map(\.rule), ["unavailable-control"])
        XCTAssertTrue(client.logContains("not indexed: \(folder.appendingPathComponent("Generated.swift").path): linting it took more than 0.5 seconds"),
                      client.log)
        // The file past the budget, opened: its own lint stops at the budget with file-skipped.
        let slow = folder.appendingPathComponent("Generated.swift")
        open(client, slow, generated)
        XCTAssertEqual(try client.diagnostics(for: slow, version: 1).map(\.rule), ["file-skipped"])
        // While it is linted again, requests are answered and a cancelled one is cancelled.
        client.sendFrames([
            ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
                "textDocument": ["uri": slow.absoluteString, "version": 2], "contentChanges": [["text": generated + "// edited\n"]],
            ]],
            ["jsonrpc": "2.0", "id": "hover", "method": "textDocument/hover", "params": [
                "textDocument": ["uri": slow.absoluteString], "position": ["line": 0, "character": 0],
            ]],
            ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": "hover"]],
        ])
        let cancelled = try client.waitFor { $0["id"] as? String == "hover" }
        XCTAssertEqual((cancelled["error"] as? [String: Any])?["code"] as? Int, -32800, "\(cancelled)")
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": named.absoluteString], "position": ["line": 1, "character": 14]])
        XCTAssertNotNil(hover["result"] as? [String: Any], "\(hover)")
        XCTAssertEqual(try client.diagnostics(for: slow, version: 2).map(\.rule), ["file-skipped"])
        try shutDown(client)
    }

    func testADocumentWhoseParseRunsAwayIsStoppedAtTheBudget() throws {
        // Sixty nested `[`: swift-syntax's parser takes time exponential in their depth, and cannot
        // be asked to stop; the server parses such a document in a worker process it can stop.
        let folder = try temporaryDirectory(self)
        try write("idiom: mac\nlimits:\n  seconds_per_file: 1\n", to: folder.appendingPathComponent(".catalint.yml"))
        let client = try LanguageServerClient()
        _ = try initialize(client, folder: folder)
        let table = folder.appendingPathComponent("Table.swift")
        open(client, table, "let table = " + String(repeating: "[", count: 60) + "\n")
        XCTAssertEqual(try client.diagnostics(for: table, version: 1).map(\.rule), ["file-skipped"])
        // The server goes on: another document is linted as usual.
        let good = folder.appendingPathComponent("Good.swift")
        open(client, good, "let s = UIStepper()\n")
        XCTAssertEqual(try client.diagnostics(for: good, version: 1).map(\.rule), ["unavailable-control"])
        #if os(Linux)
        // And nothing is left parsing: no worker process of this server is running.
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let workers = entries.filter { entry in
            guard Int(entry) != nil, let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline")),
                  let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8) else { return false }
            let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.last == "__file-worker" && status.contains("PPid:\t\(client.processIdentifier)\n") && !status.contains("State:\tZ")
        }
        XCTAssertEqual(workers, [], "a worker of the server is still running")
        #endif
        try shutDown(client)
    }

    // MARK: The project

    func testConfigurationAndProjectChangesRelintOpenDocuments() throws {
        let folder = try project()
        let client = try LanguageServerClient()
        _ = try initialize(client, folder: folder, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        // The server asks to be told of changes to Swift files and to the files that decide settings.
        let registration = try client.waitFor { $0["method"] as? String == "client/registerCapability" }
        let registrations = (registration["params"] as? [String: Any])?["registrations"] as? [[String: Any]]
        XCTAssertEqual(registrations?.first?["method"] as? String, "workspace/didChangeWatchedFiles")
        let watchers = (registrations?.first?["registerOptions"] as? [String: Any])?["watchers"] as? [[String: Any]]
        XCTAssertTrue(watchers?.contains { $0["globPattern"] as? String == "**/*.swift" } == true, "\(registration)")
        XCTAssertTrue(watchers?.contains { $0["globPattern"] as? String == "**/.catalint.yml" } == true, "\(registration)")
        client.send(["jsonrpc": "2.0", "id": registration["id"]!, "result": NSNull()])

        let uri = folder.appendingPathComponent("Screen.swift")
        let text = screen + "let size = CGSize(width: 834, height: 1194)\n"
        open(client, uri, text)
        XCTAssertEqual(try client.diagnostics(for: uri, version: 1).map(\.rule), ["unavailable-control", "unavailable-control", "hard-coded-size"])

        // .catalint.yml turns a rule off: the folder's session is rebuilt, the open document linted again.
        let configuration = folder.appendingPathComponent(".catalint.yml")
        try write("idiom: mac\nrules:\n  hard-coded-size: off\n", to: configuration)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": configuration.absoluteString, "type": 2]]])
        XCTAssertEqual(try client.diagnostics(for: uri, version: 1).map(\.rule), ["unavailable-control", "unavailable-control"])

        // The idiom: pad makes the exceptions notes (severity 3, Information).
        try write("idiom: pad\nrules:\n  hard-coded-size: off\n", to: configuration)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": configuration.absoluteString, "type": 2]]])
        XCTAssertEqual(try client.diagnostics(for: uri, version: 1).map(Self.summary), ["0:28-0:37 3 unavailable-control", "1:8-1:21 3 unavailable-control"])

        // A broken configuration: said to the user and shown in the file; the defaults apply meanwhile.
        try write("idiom: mac\nrulez: {}\n", to: configuration)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": configuration.absoluteString, "type": 2]]])
        let shown = try client.waitFor { $0["method"] as? String == "window/showMessage" }
        XCTAssertTrue(((shown["params"] as? [String: Any])?["message"] as? String)?.contains(".catalint.yml has errors") == true, "\(shown)")
        let configurationDiagnostics = try client.diagnostics(for: configuration, version: nil)
        XCTAssertEqual(configurationDiagnostics.map(Self.summary), ["1:0-1:5 1 configuration"])
        XCTAssertEqual(try client.diagnostics(for: uri, version: 1).map(\.rule), ["unavailable-control", "unavailable-control", "hard-coded-size"])
        try write("idiom: mac\n", to: configuration)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": configuration.absoluteString, "type": 2]]])
        XCTAssertEqual(try client.diagnostics(for: configuration, version: nil).count, 0)
        _ = try client.diagnostics(for: uri, version: 1)

        // A Swift file changed by another program: the index follows.
        try write("class PullToRefresh: UIView {}\n", to: folder.appendingPathComponent("Declarations.swift"))
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": folder.appendingPathComponent("Declarations.swift").absoluteString, "type": 2]]])
        XCTAssertEqual(try client.diagnostics(for: uri, version: 1).map(Self.summary), ["0:28-0:37 1 unavailable-control", "2:11-2:17 2 hard-coded-size"])

        // A new workspace folder, and a document outside every folder: each gets its own project.
        let other = try temporaryDirectory(self)
        try write("class Refresher: UIRefreshControl {}\n", to: other.appendingPathComponent("Types.swift"))
        client.notify("workspace/didChangeWorkspaceFolders", ["event": ["added": [["uri": other.absoluteString, "name": "other"]], "removed": []]])
        let otherScreen = other.appendingPathComponent("Other.swift")
        open(client, otherScreen, "let r = Refresher()\n")
        XCTAssertEqual(try client.diagnostics(for: otherScreen, version: 1).map(Self.summary), ["0:8-0:17 1 unavailable-control"])
        let outside = try temporaryDirectory(self)
        try write("class Outsider: UIPageControl {}\n", to: outside.appendingPathComponent("Types.swift"))
        let outsideScreen = outside.appendingPathComponent("Loose.swift")
        open(client, outsideScreen, "let p = Outsider()\n")
        XCTAssertEqual(try client.diagnostics(for: outsideScreen, version: 1).map(Self.summary), ["0:8-0:16 1 unavailable-control"])
        try shutDown(client)
    }

    /// The server keeps the projects' readings in its project's cache folder, as the command line
    /// does, and reads a project again when it changes.
    func testTheServerKeepsTheProjectsReadingsAndReadsAChangedProjectAgain() throws {
        let folder = try temporaryDirectory(self)
        try write("idiom: mac\n", to: folder.appendingPathComponent(".catalint.yml"))
        let manifest = folder.appendingPathComponent("Package.swift")
        func declare(_ target: String, age: TimeInterval) throws {
            try write("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [\(target)])\n", to: manifest)
            // Older than two seconds, as a project file is when a run reads it: its reading is kept.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: manifest.path)
        }
        try declare(".target(name: \"App\")", age: 3_600)
        let screen = folder.appendingPathComponent("Sources/App/Screen.swift")
        let text = "let s = UIStepper()\n"
        try write(text, to: screen)
        let client = try LanguageServerClient()
        _ = try initialize(client, folder: folder)
        open(client, screen, text)
        XCTAssertEqual(try client.diagnostics(for: screen, version: 1).map(\.rule), ["unavailable-control"])
        let cache = folder.appendingPathComponent(".catalint_cache").path
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("project-") }.count, 1)
        // And the rule catalogue, which the next start reads instead of the rules' YAML.
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache + "/rule-catalogue"))
        // The target now leaves the file out: the project is read again, not taken from the cache.
        try declare(".target(name: \"App\", exclude: [\"Screen.swift\"])", age: 1_800)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": manifest.absoluteString, "type": 2]]])
        XCTAssertEqual(try client.diagnostics(for: screen, version: 1).map(\.rule), [])
        try shutDown(client)
    }

    // MARK: Bad input

    func testMalformedMessagesAreAnsweredAndTheServerKeepsServing() throws {
        let folder = try project()
        let client = try LanguageServerClient()
        // Before initialize: requests are refused, notifications ignored.
        XCTAssertEqual(try client.error(of: client.request("textDocument/hover", [:])), -32002)
        client.notify("textDocument/didOpen", [:])
        _ = try initialize(client, folder: folder)

        // A header block without Content-Length; the body that follows it is read as garbage
        // before the next header.
        client.sendRaw(Data("Content-Lenght: 5\r\n\r\nhello".utf8))
        XCTAssertEqual(try client.nextError(), -32700)
        XCTAssertEqual(try client.error(of: client.request("no/such/method", [:])), -32601)
        // A Content-Length that is not a number.
        client.sendRaw(Data("Content-Length: five\r\n\r\n".utf8))
        XCTAssertEqual(try client.nextError(), -32700)
        // A body that is not JSON.
        client.sendRaw(LanguageServerClient.frame(Data("{\"jsonrpc\": \"2.0\", \"id\": 1,".utf8)))
        let notJSON = try client.waitFor { $0["error"] != nil }
        XCTAssertEqual(try client.error(of: notJSON), -32700)
        // It says where the text stops being JSON, and how.
        XCTAssertEqual((notJSON["error"] as? [String: Any])?["message"] as? String,
                       "Parse error: the body of 27 bytes is not JSON (an object member without a string key at byte 27).")
        // A body shorter than its Content-Length, followed by a request: the request is still answered.
        let short = Data("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}".utf8)
        var bytes = Data("Content-Length: \(short.count + 40)\r\n\r\n".utf8) + short
        bytes += LanguageServerClient.frame(try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": "after-short", "method": "no/such/method"]))
        client.sendRaw(bytes)
        XCTAssertEqual(try client.nextError(), -32700)
        XCTAssertEqual(try client.error(of: client.waitFor { $0["id"] as? String == "after-short" }), -32601)
        // JSON that is no JSON-RPC message.
        for body in ["[1, 2]", "42", "{\"id\": 5, \"method\": \"shutdown\"}", "{\"jsonrpc\": \"2.0\", \"id\": 6}",
                     "{\"jsonrpc\": \"2.0\", \"id\": {}, \"method\": \"shutdown\"}", "{\"jsonrpc\": \"2.0\", \"method\": 3}"] {
            client.sendRaw(LanguageServerClient.frame(Data(body.utf8)))
            let answer = try client.waitFor { $0["error"] != nil }
            XCTAssertEqual(try client.error(of: answer), -32600, body)
            if body.contains("\"id\": 6") { XCTAssertEqual(answer["id"] as? Int, 6, "the id is kept when it can be read") }
        }
        // A request without an id (a notification for a method that is a request).
        client.send(["jsonrpc": "2.0", "method": "textDocument/hover", "params": [:]])
        let withoutID = try client.waitFor { $0["error"] != nil }
        XCTAssertEqual(try client.error(of: withoutID), -32600)
        XCTAssertTrue(withoutID["id"] is NSNull)
        // Missing parameters.
        XCTAssertEqual(try client.error(of: client.request("textDocument/hover", ["textDocument": ["uri": "file:///x.swift"]])), -32602)
        // Unknown notifications and bad notifications are logged, not answered.
        client.notify("no/such/notification", [:])
        client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///not/open.swift", "version": 2], "contentChanges": []])
        XCTAssertEqual(try client.error(of: client.request("initialize", ["capabilities": [:]])), -32600, "a second initialize")

        // Several messages in one write, and one message in pieces.
        let uri = folder.appendingPathComponent("Screen.swift")
        client.sendFrames([
            ["jsonrpc": "2.0", "method": "textDocument/didOpen",
             "params": ["textDocument": ["uri": uri.absoluteString, "languageId": "swift", "version": 1, "text": screen]]],
            ["jsonrpc": "2.0", "id": "together", "method": "textDocument/hover",
             "params": ["textDocument": ["uri": uri.absoluteString], "position": ["line": 0, "character": 30]]],
        ])
        XCTAssertNotNil((try client.waitFor { $0["id"] as? String == "together" })["result"] as? [String: Any])
        let frame = LanguageServerClient.frame(try JSONSerialization.data(withJSONObject: [
            "jsonrpc": "2.0", "id": "pieces", "method": "textDocument/hover",
            "params": ["textDocument": ["uri": uri.absoluteString], "position": ["line": 1, "character": 9]],
        ] as [String: Any]))
        for range in [0..<7, 7..<20, 20..<21, 21..<frame.count] {
            client.sendRaw(frame.subdata(in: range))
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertNotNil((try client.waitFor { $0["id"] as? String == "pieces" })["result"] as? [String: Any])
        XCTAssertTrue(client.logContains("unknown notification no/such/notification"), client.log)
        XCTAssertTrue(client.logContains("textDocument/didChange for file:///not/open.swift, which is not open"), client.log)
        try shutDown(client)
    }

    func testRandomBytesNeverStopTheServer() throws {
        let folder = try project()
        let client = try LanguageServerClient()
        _ = try initialize(client, folder: folder)
        var generator = SeededGenerator(seed: 20_261_123)
        let pieces = ["Content-Length: ", "Content-Length: 12", "content-length:7", "\r\n", "\r\n\r\n", "{", "}", "[", "null",
                      "\"jsonrpc\": \"2.0\"", ", \"id\": 3", ", \"method\": \"textDocument/hover\"", "é👩‍💻", "\u{0}"].map { Data($0.utf8) }
        for _ in 0..<300 {
            var chunk = Data()
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                if Bool.random(using: &generator) {
                    chunk += pieces.randomElement(using: &generator)!
                } else {
                    chunk += Data((0..<Int.random(in: 1...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
                }
            }
            client.sendRaw(chunk)
        }
        // Whatever the stream was in the middle of (a header, a body of some length), this ends it.
        client.sendRaw(Data("\r\n\r\n".utf8) + Data(repeating: 32, count: 64 * 1024))
        let uri = folder.appendingPathComponent("Screen.swift")
        open(client, uri, screen)
        XCTAssertEqual(try client.diagnostics(for: uri, version: 1).map(Self.summary), ["0:28-0:37 1 unavailable-control", "1:8-1:21 1 unavailable-control"])
        for message in client.received {
            if let error = message["error"] as? [String: Any] {
                XCTAssertTrue([-32700, -32600, -32601, -32602, -32002].contains(error["code"] as? Int ?? 0), "\(message)")
            }
        }
        try shutDown(client)
    }

    func testRequestsAfterShutdownAreRefusedAndExitWithoutShutdownFails() throws {
        let folder = try project()
        let client = try LanguageServerClient()
        _ = try initialize(client, folder: folder)
        _ = try client.request("shutdown", nil)
        XCTAssertEqual(try client.error(of: client.request("textDocument/hover", [:])), -32600)
        client.notify("exit", nil)
        XCTAssertEqual(client.waitForExit(), 0)

        let early = try LanguageServerClient()
        _ = try initialize(early, folder: folder)
        early.notify("exit", nil)
        XCTAssertEqual(early.waitForExit(), 1, "exit without shutdown")

        let closed = try LanguageServerClient()
        _ = try initialize(closed, folder: folder)
        closed.closeInput()
        XCTAssertEqual(closed.waitForExit(), 1, "the end of the input without shutdown")
    }

    // MARK: Helpers

    // MARK: Code actions

    /// Applies the edits of a code action for `uri` to `text`, as an editor does: from `changes`, or,
    /// given the `version` the edit must name, from `documentChanges`.
    static func apply(_ action: [String: Any], uri: String, to text: String, version: Int? = nil,
                      file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let workspaceEdit = try XCTUnwrap(action["edit"] as? [String: Any], file: file, line: line)
        let edits: [[String: Any]]
        if let version {
            XCTAssertNil(workspaceEdit["changes"], "documentChanges, not changes too", file: file, line: line)
            let documents = try XCTUnwrap(workspaceEdit["documentChanges"] as? [[String: Any]], "\(workspaceEdit)", file: file, line: line)
            XCTAssertEqual(documents.count, 1, file: file, line: line)
            let identifier = try XCTUnwrap(documents.first?["textDocument"] as? [String: Any], file: file, line: line)
            XCTAssertEqual(identifier["uri"] as? String, uri, file: file, line: line)
            XCTAssertEqual(identifier["version"] as? Int, version, "the version the edit was computed for", file: file, line: line)
            edits = try XCTUnwrap(documents.first?["edits"] as? [[String: Any]], file: file, line: line)
        } else {
            XCTAssertNil(workspaceEdit["documentChanges"], "a client without documentChanges support gets changes", file: file, line: line)
            let changes = try XCTUnwrap(workspaceEdit["changes"] as? [String: Any], "\(workspaceEdit)", file: file, line: line)
            edits = try XCTUnwrap(changes[uri] as? [[String: Any]], file: file, line: line)
        }
        var lines = text.components(separatedBy: "\n").map { Array($0.utf16) }
        func offset(_ position: [String: Any]) -> (Int, Int) { (position["line"] as! Int, position["character"] as! Int) }
        // Last edit first, so earlier positions stay valid.
        let sorted = edits.sorted { a, b in
            let x = offset((a["range"] as! [String: Any])["start"] as! [String: Any]), y = offset((b["range"] as! [String: Any])["start"] as! [String: Any])
            return x > y
        }
        for edit in sorted {
            let range = try XCTUnwrap(edit["range"] as? [String: Any])
            let (startLine, startCharacter) = offset(try XCTUnwrap(range["start"] as? [String: Any]))
            let (endLine, endCharacter) = offset(try XCTUnwrap(range["end"] as? [String: Any]))
            let before = Array(lines[startLine].prefix(startCharacter))
            let after = Array(lines[endLine].dropFirst(endCharacter))
            let inserted = (String(decoding: before, as: UTF16.self) + (edit["newText"] as! String) + String(decoding: after, as: UTF16.self))
                .components(separatedBy: "\n").map { Array($0.utf16) }
            lines.replaceSubrange(startLine...endLine, with: inserted)
        }
        return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
    }

    func testCodeActionsFixAndSuppressInEveryFormat() throws {
        let folder = try project()
        let client = try LanguageServerClient()
        let capabilities = try initialize(client, folder: folder)["capabilities"] as? [String: Any]
        XCTAssertEqual((capabilities?["codeActionProvider"] as? [String: Any])?["codeActionKinds"] as? [String], ["quickfix", "source.fixAll.catalint"])

        // Swift: a slider's tint (fixable) on a line with an emoji before it.
        let uri = folder.appendingPathComponent("Player.swift")
        let text = "func style(_ volume: UISlider) {\n    let s = \"👩‍💻\"; volume.thumbTintColor = .red\n}\n"
        open(client, uri, text)
        XCTAssertEqual(try client.diagnostics(for: uri, version: 1).map(Self.summary), ["1:28-1:42 1 slider-custom-appearance"])
        let response = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": uri.absoluteString], "range": Self.range(1, 30, 1, 30),
            "context": ["diagnostics": [], "triggerKind": 1],
        ])
        let actions = try XCTUnwrap(response["result"] as? [[String: Any]], "\(response)")
        XCTAssertEqual(actions.map { $0["title"] as? String ?? "" }, [
            "Keep the iPad behavioral style: set `preferredBehavioralStyle = .pad` on the slider first (unsafe: review it)",
            "Suppress `slider-custom-appearance` on this line",
            "Suppress `slider-custom-appearance` in this file",
        ])
        XCTAssertTrue(actions.allSatisfy { $0["kind"] as? String == "quickfix" && ($0["diagnostics"] as? [Any])?.count == 1 })
        XCTAssertNil(actions[0]["isPreferred"], "an unsafe fix is not preferred")
        // The fix applied by the editor, the document changed, linted again: the finding is gone.
        let fixed = try Self.apply(actions[0], uri: uri.absoluteString, to: text)
        XCTAssertEqual(fixed, "func style(_ volume: UISlider) {\n    let s = \"👩‍💻\"; volume.preferredBehavioralStyle = .pad; volume.thumbTintColor = .red\n}\n")
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri.absoluteString, "version": 2], "contentChanges": [["text": fixed]]])
        XCTAssertEqual(try client.diagnostics(for: uri, version: 2).map(Self.summary), [])
        // The suppression comments: each silences the finding and is a comment the linter accepts.
        for (number, action) in actions.dropFirst().enumerated() {
            let suppressed = try Self.apply(action, uri: uri.absoluteString, to: text)
            XCTAssertTrue(suppressed.contains("// catalint:disable") && suppressed.contains("catalint:disable") && suppressed.contains(" slider-custom-appearance\n"), suppressed)
            client.notify("textDocument/didChange", ["textDocument": ["uri": uri.absoluteString, "version": 3 + number], "contentChanges": [["text": suppressed]]])
            XCTAssertEqual(try client.diagnostics(for: uri, version: 3 + number).map(Self.summary), [], suppressed)
        }
        // Away from the diagnostic, or asking only for refactorings: nothing.
        let away = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": uri.absoluteString], "range": Self.range(0, 0, 0, 4), "context": ["diagnostics": []],
        ])
        XCTAssertEqual((away["result"] as? [Any])?.count, 0, "\(away)")

        // YAML interface files and storyboards: the suppression comments in their own syntax.
        let interface = folder.appendingPathComponent("Settings.interface.yml")
        let yaml = "interface: Settings\nviews:\n  - class: UIStepper\n"
        open(client, interface, yaml, language: "yaml")
        XCTAssertEqual(try client.diagnostics(for: interface, version: 1).map(Self.summary), ["2:11-2:20 1 unavailable-control"])
        let yamlActions = try XCTUnwrap(try client.request("textDocument/codeAction", [
            "textDocument": ["uri": interface.absoluteString], "range": Self.range(2, 12, 2, 12), "context": ["diagnostics": [], "only": ["quickfix"]],
        ])["result"] as? [[String: Any]])
        XCTAssertEqual(yamlActions.count, 2, "no fix for an interface file, two suppressions")
        let yamlFixed = try Self.apply(yamlActions[0], uri: interface.absoluteString, to: yaml)
        XCTAssertEqual(yamlFixed, "interface: Settings\nviews:\n  # catalint:disable:next unavailable-control\n  - class: UIStepper\n")
        client.notify("textDocument/didChange", ["textDocument": ["uri": interface.absoluteString, "version": 2], "contentChanges": [["text": yamlFixed]]])
        XCTAssertEqual(try client.diagnostics(for: interface, version: 2).map(Self.summary), [])
        let onlyRefactor = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": interface.absoluteString], "range": Self.range(2, 12, 2, 12), "context": ["diagnostics": [], "only": ["refactor"]],
        ])
        XCTAssertEqual((onlyRefactor["result"] as? [Any])?.count, 0)

        let storyboard = folder.appendingPathComponent("Main.storyboard")
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\" targetRuntime=\"iOS.CocoaTouch\">\n<objects>\n    <stepper opaque=\"NO\" id=\"s\"/>\n</objects>\n</document>\n"
        open(client, storyboard, xml, language: "xml")
        XCTAssertEqual(try client.diagnostics(for: storyboard, version: 1).count, 1)
        let xmlActions = try XCTUnwrap(try client.request("textDocument/codeAction", [
            "textDocument": ["uri": storyboard.absoluteString], "range": Self.range(3, 5, 3, 5), "context": ["diagnostics": []],
        ])["result"] as? [[String: Any]])
        XCTAssertEqual(xmlActions.count, 2)
        let fileWide = try Self.apply(xmlActions[1], uri: storyboard.absoluteString, to: xml)
        XCTAssertTrue(fileWide.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- catalint:disable unavailable-control -->\n<document"), fileWide)
        client.notify("textDocument/didChange", ["textDocument": ["uri": storyboard.absoluteString, "version": 2], "contentChanges": [["text": fileWide]]])
        XCTAssertEqual(try client.diagnostics(for: storyboard, version: 2).map(Self.summary), [])

        // A document that is not open: no actions. An unknown method: MethodNotFound.
        let closed = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": folder.appendingPathComponent("Declarations.swift").absoluteString], "range": Self.range(0, 0, 0, 0), "context": ["diagnostics": []],
        ])
        XCTAssertEqual((closed["result"] as? [Any])?.count, 0, "\(closed)")
        XCTAssertEqual(try client.error(of: client.request("textDocument/rename", ["textDocument": ["uri": uri.absoluteString]])), -32601)
        try shutDown(client)
    }

    /// `source.fixAll.catalint`: every fix the project allows (here unsafe ones too), a round at a
    /// time, as edits of the changed lines only; asked for by `source`, `source.fixAll` or no filter.
    func testFixAllAppliesEveryFixTheProjectAllows() throws {
        let folder = try project()
        let client = try LanguageServerClient()
        _ = try initialize(client, folder: folder)
        let uri = folder.appendingPathComponent("Save.swift")
        let text = "func style(_ volume: UISlider, _ play: UIButton) {\n    volume.thumbTintColor = .red\n    play.setTitle(\"Pause\", for: .selected)\n}\n"
        open(client, uri, text)
        XCTAssertEqual(try client.diagnostics(for: uri, version: 1).count, 2)
        func actions(_ only: [String]?) throws -> [[String: Any]] {
            var context: [String: Any] = ["diagnostics": []]
            if let only { context["only"] = only }
            return try XCTUnwrap(try client.request("textDocument/codeAction", [
                "textDocument": ["uri": uri.absoluteString], "range": Self.range(0, 0, 4, 0), "context": context,
            ])["result"] as? [[String: Any]])
        }
        // Safe fixes only by default, and there are none: no fix-all action.
        XCTAssertEqual(try actions(["source.fixAll"]).count, 0)
        try shutDown(client)

        try write("idiom: mac\nunsafe_fixes: true\n", to: folder.appendingPathComponent(".catalint.yml"))
        let second = try LanguageServerClient()
        _ = try initialize(second, folder: folder)
        open(second, uri, text)
        XCTAssertEqual(try second.diagnostics(for: uri, version: 1).count, 2)
        func fixAll(_ only: [String]?) throws -> [[String: Any]] {
            var context: [String: Any] = ["diagnostics": []]
            if let only { context["only"] = only }
            let all = try XCTUnwrap(try second.request("textDocument/codeAction", [
                "textDocument": ["uri": uri.absoluteString], "range": Self.range(0, 0, 0, 0), "context": context,
            ])["result"] as? [[String: Any]])
            return all.filter { $0["kind"] as? String == "source.fixAll.catalint" }
        }
        for only in [["source.fixAll"], ["source"], ["source.fixAll.catalint"], nil] as [[String]?] {
            XCTAssertEqual(try fixAll(only).count, 1, "\(String(describing: only))")
        }
        XCTAssertEqual(try fixAll(["quickfix"]).count, 0)
        XCTAssertEqual(try fixAll(["source.organizeImports"]).count, 0)
        let action = try XCTUnwrap(try fixAll(["source.fixAll"]).first)
        XCTAssertEqual(action["title"] as? String, "Fix all catalint findings (2 fixes)")
        let fixed = try Self.apply(action, uri: uri.absoluteString, to: text)
        XCTAssertEqual(fixed, "func style(_ volume: UISlider, _ play: UIButton) {\n    volume.preferredBehavioralStyle = .pad\n    volume.thumbTintColor = .red\n"
                       + "    play.preferredBehavioralStyle = .pad\n    play.setTitle(\"Pause\", for: .selected)\n}\n")
        let edits = try XCTUnwrap(((action["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri.absoluteString] as? [[String: Any]])
        XCTAssertEqual(edits.count, 2, "one edit per changed run of lines, not the whole text")
        second.notify("textDocument/didChange", ["textDocument": ["uri": uri.absoluteString, "version": 2], "contentChanges": [["text": fixed]]])
        XCTAssertEqual(try second.diagnostics(for: uri, version: 2).count, 0)
        try shutDown(second)
    }

    func testCodeActionsNameTheDocumentVersionWhenTheClientSupportsDocumentChanges() throws {
        let folder = try project()
        let client = try LanguageServerClient()
        _ = try initialize(client, folder: folder, capabilities: ["workspace": ["workspaceEdit": ["documentChanges": true]]])
        let uri = folder.appendingPathComponent("Player.swift")
        open(client, uri, "func style(_ volume: UISlider) {\n}\n")
        XCTAssertEqual(try client.diagnostics(for: uri, version: 1).map(Self.summary), [])
        // The finding arrives with an edit (version 4: versions need not be consecutive).
        let text = "func style(_ volume: UISlider) {\n    volume.thumbTintColor = .red\n}\n"
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri.absoluteString, "version": 4], "contentChanges": [["text": text]]])
        XCTAssertEqual(try client.diagnostics(for: uri, version: 4).map(Self.summary), ["1:11-1:25 1 slider-custom-appearance"])
        func actions(only: [String]?) throws -> [[String: Any]] {
            var context: [String: Any] = ["diagnostics": []]
            if let only { context["only"] = only }
            let response = try client.request("textDocument/codeAction", [
                "textDocument": ["uri": uri.absoluteString], "range": Self.range(1, 4, 1, 30), "context": context,
            ])
            return try XCTUnwrap(response["result"] as? [[String: Any]], "\(response)")
        }
        let all = try actions(only: nil)
        XCTAssertEqual(all.count, 3, "the fix and two suppressions")
        // Kinds are hierarchical: the empty kind asks for everything; `quick` or a narrower kind is not `quickfix`.
        XCTAssertEqual(try actions(only: [""]).count, 3)
        XCTAssertEqual(try actions(only: ["quickfix"]).count, 3)
        XCTAssertEqual(try actions(only: ["quick"]).count, 0)
        XCTAssertEqual(try actions(only: ["quickfix.other", "source"]).count, 0)
        // Each edit names version 4; applied, and linted again, the finding is gone.
        let fixed = try Self.apply(all[0], uri: uri.absoluteString, to: text, version: 4)
        XCTAssertEqual(fixed, "func style(_ volume: UISlider) {\n    volume.preferredBehavioralStyle = .pad\n    volume.thumbTintColor = .red\n}\n")
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri.absoluteString, "version": 5], "contentChanges": [["text": fixed]]])
        XCTAssertEqual(try client.diagnostics(for: uri, version: 5).map(Self.summary), [])
        let thisLine = try Self.apply(all[1], uri: uri.absoluteString, to: text, version: 4)
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri.absoluteString, "version": 6], "contentChanges": [["text": thisLine]]])
        XCTAssertEqual(try client.diagnostics(for: uri, version: 6).map(Self.summary), [], thisLine)
        try shutDown(client)
    }

    static func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> [String: Any] {
        ["start": ["line": startLine, "character": startCharacter], "end": ["line": endLine, "character": endCharacter]]
    }

    /// `line:character-line:character`.
    static func summary(range: Any?) -> String {
        let range = range as? [String: Any]
        let start = range?["start"] as? [String: Any], end = range?["end"] as? [String: Any]
        return "\(start?["line"] as? Int ?? -1):\(start?["character"] as? Int ?? -1)-\(end?["line"] as? Int ?? -1):\(end?["character"] as? Int ?? -1)"
    }

    /// `range severity code`.
    static func summary(_ diagnostic: [String: Any]) -> String {
        "\(summary(range: diagnostic["range"])) \(diagnostic["severity"] as? Int ?? 0) \(diagnostic["code"] as? String ?? "?")"
    }
}

private extension [String: Any] {
    var rule: String { self["code"] as? String ?? "?" }
}

/// A test's editor: starts `catalint server`, writes framed messages to it, and collects what it
/// answers on a reading thread.
final class LanguageServerClient: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let condition = NSCondition()
    private var buffer = Data()
    private var messages: [[String: Any]] = []
    private var allMessages: [[String: Any]] = []
    private var errorText = Data()
    private var nextID = 1

    init() throws {
        // A write to a server that has died must fail the test, not kill the test run.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = catalintBinary
        process.arguments = ["server"]
        let output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.read(handle.availableData) }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.condition.lock()
            self.errorText.append(data)
            self.condition.unlock()
        }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The server's process.
    var processIdentifier: Int32 { process.processIdentifier }

    /// What the server logged on standard error.
    var log: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: errorText, as: UTF8.self)
    }

    /// Every message received, in order.
    var received: [[String: Any]] {
        condition.lock()
        defer { condition.unlock() }
        return allMessages
    }

    /// Waits (up to 10 seconds) for the server's log to hold `text`.
    func logContains(_ text: String) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if log.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    static func frame(_ body: Data) -> Data {
        Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// Writes bytes to the server; a server that has died fails the test's next wait, not the test run.
    func sendRaw(_ data: Data) {
        do {
            try input.fileHandleForWriting.write(contentsOf: data)
        } catch {
            XCTFail("cannot write to the server: \(error); log:\n\(log)")
        }
    }

    func send(_ message: [String: Any]) {
        sendFrames([message])
    }

    /// Several messages in one write.
    func sendFrames(_ messages: [[String: Any]]) {
        var data = Data()
        for message in messages {
            // Messages are built by the tests: always valid JSON objects.
            data += Self.frame((try? JSONSerialization.data(withJSONObject: message)) ?? Data())
        }
        sendRaw(data)
    }

    func notify(_ method: String, _ params: [String: Any]?) {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
        if let params { message["params"] = params }
        send(message)
    }

    /// Sends a request and waits for its response.
    func request(_ method: String, _ params: [String: Any]?) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        send(message)
        return try waitFor { $0["id"] as? Int == id && $0["method"] == nil }
    }

    /// The error code of a response, or 0 when it has none.
    func error(of response: [String: Any]) throws -> Int {
        (response["error"] as? [String: Any])?["code"] as? Int ?? 0
    }

    /// The code of the next error response.
    func nextError() throws -> Int {
        try error(of: waitFor { $0["error"] != nil })
    }

    /// The diagnostics next published for a document (for this version when given).
    func diagnostics(for url: URL, version: Int?) throws -> [[String: Any]] {
        let message = try waitFor { message in
            guard message["method"] as? String == "textDocument/publishDiagnostics", let params = message["params"] as? [String: Any] else { return false }
            return params["uri"] as? String == url.absoluteString && (version == nil || params["version"] as? Int == version)
        }
        return (message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
    }

    /// The first message not yet taken that matches; fails after 30 seconds.
    func waitFor(_ matches: ([String: Any]) -> Bool, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(30)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = messages.firstIndex(where: matches) { return messages.remove(at: index) }
            guard condition.wait(until: deadline) else {
                let log = String(decoding: errorText, as: UTF8.self)
                throw ServerTimeout(description: "no matching message from the server within 30 s; received \(messages); log:\n\(log)")
            }
        }
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// The server's exit status, once it exits (-1 if it does not within 20 seconds: it is killed).
    func waitForExit() -> Int32 {
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard !process.isRunning else {
            process.terminate()
            return -1
        }
        return process.terminationStatus
    }

    private func read(_ data: Data) {
        condition.lock()
        defer { condition.unlock() }
        buffer.append(data)
        while let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) {
            let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
            guard let lengthLine = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                  let length = Int(lengthLine.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else {
                XCTFail("the server wrote a header without Content-Length: \(header)")
                buffer = Data()
                return
            }
            guard buffer.count - (headerEnd.upperBound - buffer.startIndex) >= length else { return }
            let body = buffer[headerEnd.upperBound..<headerEnd.upperBound + length]
            buffer = Data(buffer[(headerEnd.upperBound + length)...])
            guard let message = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
                XCTFail("the server wrote a body that is no JSON object: \(String(decoding: body, as: UTF8.self))")
                continue
            }
            messages.append(message)
            allMessages.append(message)
            condition.broadcast()
        }
    }
}

struct ServerTimeout: Error, CustomStringConvertible {
    var description: String
}

/// The server is a shell over the kit, as the command line is: it speaks the protocol and keeps
/// editor state, and reaches syntax, facts and rules only through CatalintKit's public API.
final class LanguageServerArchitectureTests: XCTestCase {
    func testTheServerCallsTheKitOnly() throws {
        let folder = packageRoot.appendingPathComponent("Sources/CatalintServer")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                let module = line.split(separator: " ").last.map(String.init) ?? ""
                XCTAssertTrue(["Foundation", "CatalintKit", "Glibc", "Musl", "Darwin"].contains(module), "\(name) imports \(module)")
                XCTAssertFalse(line.hasPrefix("@testable"), "\(name): \(line)")
            }
        }
    }
}
