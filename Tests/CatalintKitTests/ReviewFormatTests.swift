import Foundation
import XCTest
@testable import CatalintKit

/// The formats for review tools: reviewdog's rdjson, SonarQube's generic issues, Markdown.
final class ReviewFormatTests: XCTestCase {
    private func diagnostic(_ path: String, _ line: Int, _ column: Int, _ rule: String = "unavailable-control",
                            _ severity: Severity = .error, message: String = "Broken.", help: String = "Fix it.",
                            source: String? = nil, fix: Fix? = nil) -> Diagnostic {
        let position = source.map { text in
            let lines = String(repeating: "\n", count: line - 1) + text
            return SourceText(path: path, text: lines).position(utf8Offset: line - 1 + text.prefix(column - 1).utf8.count)
        } ?? SourcePosition(path: path, line: line, column: column)
        return Diagnostic(rule: rule, severity: severity, position: position, message: message, help: help,
                          excerpt: source.map { SourceExcerpt(line: $0, column: position.column) }, fix: fix)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    // MARK: rdjson

    /// What reviewdog's JSON Schema for `DiagnosticResult` (proto/rdf/jsonschema/DiagnosticResult.json
    /// in reviewdog's repository, not kept here: CI cannot fetch it) says of the fields catalint
    /// writes, checked by hand: the properties it knows, `source` {name, url}, and each diagnostic's
    /// `message`, `location` {path, range {start, end: {line, column}}}, `severity` (a name of the
    /// enum), `code` {value, url} and `suggestions` [{range, text}].
    private func checkShape(_ result: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws {
        let allowedTop: Set<String> = ["diagnostics", "source", "severity"]
        XCTAssertTrue(Set(result.keys).isSubset(of: allowedTop), "\(result.keys)", file: file, line: line)
        let source = try XCTUnwrap(result["source"] as? [String: Any])
        XCTAssertEqual(source["name"] as? String, "catalint", file: file, line: line)
        XCTAssertNotNil(source["url"] as? String, file: file, line: line)
        func checkPosition(_ value: Any?) throws {
            let position = try XCTUnwrap(value as? [String: Any], file: file, line: line)
            XCTAssertEqual(Set(position.keys), ["line", "column"], file: file, line: line)
            XCTAssertGreaterThan(try XCTUnwrap(position["line"] as? Int), 0, file: file, line: line)
            XCTAssertGreaterThan(try XCTUnwrap(position["column"] as? Int), 0, file: file, line: line)
        }
        for entry in try XCTUnwrap(result["diagnostics"] as? [[String: Any]]) {
            XCTAssertTrue(Set(entry.keys).isSubset(of: ["message", "location", "severity", "source", "code", "suggestions", "original_output", "related_locations"]),
                          "\(entry.keys)", file: file, line: line)
            XCTAssertFalse(try XCTUnwrap(entry["message"] as? String).isEmpty, file: file, line: line)
            XCTAssertTrue(["ERROR", "WARNING", "INFO"].contains(entry["severity"] as? String ?? ""), file: file, line: line)
            let location = try XCTUnwrap(entry["location"] as? [String: Any])
            XCTAssertFalse(try XCTUnwrap(location["path"] as? String).isEmpty, file: file, line: line)
            try checkPosition((location["range"] as? [String: Any])?["start"])
            let code = try XCTUnwrap(entry["code"] as? [String: Any])
            XCTAssertNotNil(code["value"] as? String, file: file, line: line)
            for suggestion in entry["suggestions"] as? [[String: Any]] ?? [] {
                XCTAssertEqual(Set(suggestion.keys), ["range", "text"], file: file, line: line)
                XCTAssertNotNil(suggestion["text"] as? String, file: file, line: line)
                let range = try XCTUnwrap(suggestion["range"] as? [String: Any])
                try checkPosition(range["start"])
                try checkPosition(range["end"])
            }
        }
    }

    func testRDJSONGivesByteColumnsSeverityNamesAndFixesAsSuggestions() throws {
        // `é` is two bytes: the stepper is at character column 16, byte column 17.
        let source = "let é = 1; s = UIStepper()"
        let start = SourcePosition(path: "App/Screen.swift", line: 2, column: 12, utf8Column: 13, utf16Column: 12)
        let end = SourcePosition(path: "App/Screen.swift", line: 2, column: 27, utf8Column: 28, utf16Column: 27)
        let fix = Fix(title: "Wrap it", applicability: .unsafe, edits: [
            TextEdit(start: start, end: end, replacement: "s = nil"),
            TextEdit(inserting: "// checked\n", at: SourcePosition(path: "App/Screen.swift", line: 2, column: 1)),
        ])
        let report = RDJSONReporter().report(LintResult(diagnostics: [
            diagnostic("App/Screen.swift", 2, 16, source: source, fix: fix),
            diagnostic("App/Other.swift", 3, 5, "hard-coded-size", .warning),
            diagnostic("App/Other.swift", 4, 1, "unavailable-control", .note),
        ], paths: ["App/Other.swift", "App/Screen.swift"]))
        let result = try object(report)
        try checkShape(result)
        let diagnostics = try XCTUnwrap(result["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.map { $0["severity"] as? String }, ["ERROR", "WARNING", "INFO"])
        let first = diagnostics[0]
        let location = try XCTUnwrap(first["location"] as? [String: Any])
        XCTAssertEqual(location["path"] as? String, "App/Screen.swift")
        XCTAssertEqual(((location["range"] as? [String: Any])?["start"] as? [String: Any])?["column"] as? Int, 17)
        XCTAssertEqual(((location["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int, 2)
        XCTAssertEqual((first["code"] as? [String: Any])?["value"] as? String, "unavailable-control")
        XCTAssertEqual((first["code"] as? [String: Any])?["url"] as? String,
                       "https://github.com/catalint/catalint/blob/main/docs/rules/unavailable-control.md")
        XCTAssertEqual(first["message"] as? String, "Broken. Fix it. Suggested fix (unsafe): Wrap it")
        // The edits in order, the insertion first (it sorts before), columns in bytes.
        let suggestions = try XCTUnwrap(first["suggestions"] as? [[String: Any]])
        XCTAssertEqual(suggestions.count, 2)
        XCTAssertEqual(suggestions[0]["text"] as? String, "// checked\n")
        let insertion = try XCTUnwrap(suggestions[0]["range"] as? [String: Any])
        XCTAssertEqual((insertion["start"] as? [String: Any])?["column"] as? Int, 1)
        XCTAssertEqual((insertion["end"] as? [String: Any])?["column"] as? Int, 1)
        let replacement = try XCTUnwrap(suggestions[1]["range"] as? [String: Any])
        XCTAssertEqual((replacement["start"] as? [String: Any])?["column"] as? Int, 13)
        XCTAssertEqual((replacement["end"] as? [String: Any])?["column"] as? Int, 28)
        XCTAssertEqual(suggestions[1]["text"] as? String, "s = nil")
        XCTAssertNil(diagnostics[1]["suggestions"], "a finding without a fix has no suggestions")
        // No findings: still a result with its source.
        let empty = try object(RDJSONReporter().report(LintResult(diagnostics: [], paths: ["A.swift"])))
        try checkShape(empty)
        XCTAssertEqual((empty["diagnostics"] as? [Any])?.count, 0)
    }

    /// Through the binary: applying the suggestions of the rdjson report, as reviewdog's "apply
    /// suggestion" does, gives the file `--unsafe-fixes` writes.
    func testRDJSONSuggestionsApplyToWhatTheFixesWrite() throws {
        let directory = try temporaryDirectory(self)
        // The fix's edits come after `½` on their line: their columns must count bytes.
        let text = "import UIKit\n\nfinal class Screen: UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n"
            + "        view.addSubview(UIStepper(frame: CGRect(x: \"½\".count, y: 0, width: 1, height: 1)))\n    }\n}\n"
        try write(text, to: directory.appendingPathComponent("Screen.swift"))
        let run = try runCatalint(["lint", "--format", "rdjson", "--idiom", "mac", "Screen.swift"], in: directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        let result = try object(run.stdout)
        try checkShape(result)
        let diagnostics = try XCTUnwrap(result["diagnostics"] as? [[String: Any]])
        let withFixes = diagnostics.filter { $0["suggestions"] != nil }
        guard withFixes.count == 1 else { return XCTFail("expected one finding with a fix:\n\(run.stdout)") }
        // Apply the edits from the last to the first, at UTF-8 byte offsets.
        var bytes = Array(text.utf8)
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        func offset(_ position: Any?) throws -> Int {
            let point = try XCTUnwrap(position as? [String: Any])
            return lineStarts[try XCTUnwrap(point["line"] as? Int) - 1] + (try XCTUnwrap(point["column"] as? Int)) - 1
        }
        let edits = try (withFixes[0]["suggestions"] as? [[String: Any]] ?? []).map { suggestion -> (Int, Int, String) in
            let range = try XCTUnwrap(suggestion["range"] as? [String: Any])
            return (try offset(range["start"]), try offset(range["end"]), try XCTUnwrap(suggestion["text"] as? String))
        }
        XCTAssertFalse(edits.isEmpty)
        for (start, end, replacement) in edits.sorted(by: { $0.0 > $1.0 }) {
            bytes.replaceSubrange(start..<end, with: Array(replacement.utf8))
        }
        let fixed = try runCatalint(["lint", "--unsafe-fixes", "--idiom", "mac", "Screen.swift"], in: directory)
        XCTAssertTrue(fixed.stderr.contains("applied 1 fix"), fixed.stderr)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self),
                       try String(contentsOf: directory.appendingPathComponent("Screen.swift"), encoding: .utf8))
    }

    // MARK: sonarqube

    func testSonarQubeListsEachRuleOnceAtItsHighestSeverity() throws {
        let report = SonarQubeReporter().report(LintResult(diagnostics: [
            diagnostic("A.swift", 1, 9),
            diagnostic("B.swift", 2, 3, "hard-coded-size", .warning, message: "Wide.", help: "Use the bounds."),
            diagnostic("C.swift", 3, 1, "hard-coded-size", .note),
            diagnostic("D.swift", 4, 1, "unavailable-control", .note),
        ], paths: ["A.swift", "B.swift", "C.swift", "D.swift"]))
        let document = try object(report)
        XCTAssertEqual(Set(document.keys), ["rules", "issues"])
        let rules = try XCTUnwrap(document["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, ["hard-coded-size", "unavailable-control"])
        for rule in rules {
            for key in ["id", "name", "description", "engineId", "cleanCodeAttribute"] {
                XCTAssertFalse((rule[key] as? String ?? "").isEmpty, "\(key) in \(rule)")
            }
            XCTAssertEqual(rule["engineId"] as? String, "catalint")
            XCTAssertTrue(["BUG", "VULNERABILITY", "CODE_SMELL"].contains(rule["type"] as? String ?? ""))
            XCTAssertTrue(["BLOCKER", "CRITICAL", "MAJOR", "MINOR", "INFO"].contains(rule["severity"] as? String ?? ""))
            let impacts = try XCTUnwrap(rule["impacts"] as? [[String: Any]])
            XCTAssertEqual(impacts.count, 1)
            XCTAssertTrue(["SECURITY", "RELIABILITY", "MAINTAINABILITY"].contains(impacts[0]["softwareQuality"] as? String ?? ""))
            XCTAssertTrue(["LOW", "MEDIUM", "HIGH"].contains(impacts[0]["severity"] as? String ?? ""))
        }
        let bySeverity = Dictionary(uniqueKeysWithValues: rules.map { ($0["id"] as? String ?? "", ($0["impacts"] as? [[String: Any]])?.first?["severity"] as? String) })
        XCTAssertEqual(bySeverity["unavailable-control"], "HIGH")
        XCTAssertEqual(bySeverity["hard-coded-size"], "MEDIUM")
        XCTAssertEqual(rules[0]["name"] as? String, RuleCatalog.all.first { $0.id == "hard-coded-size" }?.title)
        let issues = try XCTUnwrap(document["issues"] as? [[String: Any]])
        XCTAssertEqual(issues.count, 4)
        let ids = Set(rules.compactMap { $0["id"] as? String })
        for issue in issues {
            XCTAssertTrue(ids.contains(issue["ruleId"] as? String ?? ""), "every issue's rule is in rules")
        }
        let second = try XCTUnwrap(issues[1]["primaryLocation"] as? [String: Any])
        XCTAssertEqual(second["message"] as? String, "Wide. Use the bounds.")
        XCTAssertEqual(second["filePath"] as? String, "B.swift")
        let range = try XCTUnwrap(second["textRange"] as? [String: Any])
        XCTAssertEqual(range["startLine"] as? Int, 2)
        XCTAssertEqual(range["endLine"] as? Int, 2)
        XCTAssertNil(range["startColumn"], "lines only")
        let empty = try object(SonarQubeReporter().report(LintResult(diagnostics: [], paths: [])))
        XCTAssertEqual((empty["rules"] as? [Any])?.count, 0)
        XCTAssertEqual((empty["issues"] as? [Any])?.count, 0)
    }

    // MARK: markdown

    func testMarkdownTable() {
        let report = MarkdownReporter().report(LintResult(diagnostics: [
            diagnostic("A.swift", 1, 9, message: "`UIStepper` throws | here.", help: "Use <a> *text* field."),
            diagnostic("B.swift", 2, 3, "hard-coded-size", .warning, message: "834 wide.", help: "Use the bounds."),
            diagnostic("B.swift", 5, 1),
        ], paths: ["A.swift", "B.swift", "C.swift"]))
        XCTAssertEqual(report, """
        ## catalint

        **2 errors, 1 warning** in 2 files (3 files checked).

        | Rule | Severity | Count |
        | --- | --- | ---: |
        | `unavailable-control` | error | 2 |
        | `hard-coded-size` | warning | 1 |

        | Severity | Location | Rule | Problem |
        | --- | --- | --- | --- |
        | error | `A.swift:1:9` | `unavailable-control` | `UIStepper` throws \\| here.<br>Use &lt;a&gt; \\*text\\* field. |
        | warning | `B.swift:2:3` | `hard-coded-size` | 834 wide.<br>Use the bounds. |
        | error | `B.swift:5:1` | `unavailable-control` | Broken.<br>Fix it. |

        """)
    }

    func testMarkdownOfACleanRunAndOfALongOne() {
        XCTAssertEqual(MarkdownReporter().report(LintResult(diagnostics: [], paths: ["A.swift"])),
                       "## catalint\n\nNo problems found (1 file checked).\n")
        let many = (1...5).map { diagnostic("A.swift", $0, 1) }
        let report = MarkdownReporter(limit: 3).report(LintResult(diagnostics: many, paths: ["A.swift"]))
        XCTAssertEqual(report.components(separatedBy: "\n").filter { $0.hasPrefix("| error | ") }.count, 3)
        XCTAssertTrue(report.hasSuffix("\n2 more findings not shown; the text, JSON or SARIF report lists them all.\n"), report)
    }

    func testMarkdownCellsKeepCodeSpansAndEscapeTheRest() {
        XCTAssertEqual(MarkdownReporter.cell("a|b `x|y` <c> & [d](e) _f_"), "a\\|b `x\\|y` &lt;c&gt; &amp; \\[d\\](e) \\_f\\_")
        XCTAssertEqual(MarkdownReporter.cell("`<kept>` line\nbreak"), "`<kept>` line break")
        // An odd backtick would open a code span to the end of the row.
        XCTAssertEqual(MarkdownReporter.cell("it's `odd"), "it's 'odd")
        XCTAssertEqual(MarkdownReporter.code("a`b|c"), "``a`b\\|c``")
    }

    // MARK: The command line

    func testHelpListsTheFormatsAndSaysWhatGitLabMeans() throws {
        let help = try runCatalint(["lint", "--help"])
        XCTAssertEqual(help.status, 0)
        let text = help.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        for format in ReportFormat.allCases {
            XCTAssertTrue(text.contains(format.rawValue), "--help does not name \(format.rawValue)")
        }
        XCTAssertTrue(text.contains("gitlab is GitLab Code Quality JSON"), text)
        XCTAssertTrue(text.contains("SwiftLint's reporter of that name writes JUnit XML, which is junit here"), text)
    }

    func testEachNewFormatThroughTheBinary() throws {
        let directory = try temporaryDirectory(self)
        try write("let s = UIStepper()\nlet v = UIView(frame: CGRect(x: 0, y: 0, width: 834, height: 1194))\n",
                  to: directory.appendingPathComponent("Sources/A.swift"))
        let rdjson = try runCatalint(["lint", "--format", "rdjson", "--idiom", "mac", "Sources"], in: directory)
        XCTAssertEqual(rdjson.status, 1)
        XCTAssertEqual((try object(rdjson.stdout)["diagnostics"] as? [[String: Any]])?.compactMap { ($0["location"] as? [String: Any])?["path"] as? String },
                       ["Sources/A.swift", "Sources/A.swift"])
        let sonar = try runCatalint(["lint", "--format", "sonarqube", "--idiom", "mac", "Sources"], in: directory)
        XCTAssertEqual((try object(sonar.stdout)["issues"] as? [Any])?.count, 2)
        let markdown = try runCatalint(["lint", "--format", "markdown", "--output", "summary.md", "--idiom", "mac", "Sources"], in: directory)
        XCTAssertEqual(markdown.status, 1)
        let written = try String(contentsOf: directory.appendingPathComponent("summary.md"), encoding: .utf8)
        XCTAssertTrue(written.contains("| error | `Sources/A.swift:1:9` | `unavailable-control` |"), written)
        XCTAssertTrue(markdown.stdout.contains("Sources/A.swift:1:9: error[unavailable-control]"), "the terminal gets the text report")
    }
}
