import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import CatalintKit

/// The CI report formats, stdin mode, --changed and --output.
final class IntegrationFormatTests: XCTestCase {
    private func sample(_ diagnostics: [Diagnostic], paths: [String] = ["A.swift"]) -> LintResult {
        LintResult(diagnostics: diagnostics, paths: paths)
    }

    private func diagnostic(_ path: String, _ line: Int, _ column: Int, _ rule: String = "unavailable-control",
                            _ severity: Severity = .error, message: String = "Broken.", source: String? = nil) -> Diagnostic {
        // With a source line, the position comes from the text, as the front ends make it.
        let position = source.map { text in
            let lines = String(repeating: "\n", count: line - 1) + text
            let prefix = text.prefix(column - 1)
            return SourceText(path: path, text: lines).position(utf8Offset: line - 1 + prefix.utf8.count)
        } ?? SourcePosition(path: path, line: line, column: column)
        return Diagnostic(rule: rule, severity: severity, position: position, message: message, help: "Fix it.",
                          excerpt: source.map { SourceExcerpt(line: $0, column: position.column) })
    }

    func testGitHubEscapesAsTheActionsToolkitDoes() {
        XCTAssertEqual(GitHubReporter.escapeData("50% done\r\nnext: a,b"), "50%25 done%0D%0Anext: a,b")
        XCTAssertEqual(GitHubReporter.escapeProperty("dir,with:odd%name\n.swift"), "dir%2Cwith%3Aodd%25name%0A.swift")
        let report = GitHubReporter().report(sample([
            diagnostic("Odd, name: 100%.swift", 3, 7, message: "Line one\nline two: 50%, done."),
            diagnostic("B.swift", 1, 1, "hard-coded-size", .warning),
            diagnostic("C.swift", 2, 2, "unavailable-control", .note),
        ]))
        XCTAssertEqual(report, """
        ::error file=Odd%2C name%3A 100%25.swift,line=3,col=7,title=unavailable-control::Line one%0Aline two: 50%25, done. Fix it.
        ::warning file=B.swift,line=1,col=1,title=hard-coded-size::Broken. Fix it.
        ::notice file=C.swift,line=2,col=2,title=unavailable-control::Broken. Fix it.

        """)
    }

    func testCheckstyleIsWellFormedXML() throws {
        let report = CheckstyleReporter().report(sample([
            diagnostic("A&B.swift", 1, 2, message: "Use <b> & \"quotes\"'"),
            diagnostic("A&B.swift", 3, 4, "hard-coded-size", .warning),
            diagnostic("C.swift", 1, 1, "unavailable-control", .note),
        ]))
        let document = try XMLDocumentReader.read(report)
        XCTAssertEqual(document.filter { $0.name == "file" }.map { $0.attributes["name"] }, ["A&B.swift", "C.swift"])
        let errors = document.filter { $0.name == "error" }
        XCTAssertEqual(errors.map { $0.attributes["severity"] }, ["error", "warning", "info"])
        XCTAssertEqual(errors.first?.attributes["message"], "Use <b> & \"quotes\"'")
        XCTAssertEqual(errors.first?.attributes["source"], "catalint.unavailable-control")
        XCTAssertEqual(errors.first?.attributes["line"], "1")
        XCTAssertEqual(errors.first?.attributes["column"], "2")
    }

    func testJUnitHasATestCasePerRuleAndFile() throws {
        let report = JUnitReporter().report(sample([
            diagnostic("A.swift", 1, 1), diagnostic("A.swift", 2, 1), diagnostic("A.swift", 3, 1, "hard-coded-size", .warning),
        ], paths: ["A.swift", "Clean.swift"]))
        let document = try XMLDocumentReader.read(report)
        let cases = document.filter { $0.name == "testcase" }
        XCTAssertEqual(cases.map { "\($0.attributes["classname"]!) \($0.attributes["name"]!)" },
                       ["A.swift hard-coded-size", "A.swift unavailable-control", "Clean.swift catalint"])
        XCTAssertEqual(document.filter { $0.name == "failure" }.count, 3)
        XCTAssertEqual(document.first { $0.name == "testsuite" }?.attributes["failures"], "2")
        XCTAssertEqual(document.first { $0.name == "testsuite" }?.attributes["tests"], "3")
    }

    func testGitLabFingerprintsAreStableAndDistinct() throws {
        let first = GitLabReporter().report(sample([
            diagnostic("A.swift", 3, 9, source: "let s = UIStepper()"),
            diagnostic("A.swift", 4, 9, source: "let s = UIStepper()"),
        ]))
        let moved = GitLabReporter().report(sample([
            diagnostic("A.swift", 10, 9, source: "  let s = UIStepper()"),
            diagnostic("A.swift", 12, 9, source: "let s = UIStepper()"),
        ]))
        func issues(_ text: String) throws -> [[String: Any]] {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        }
        let before = try issues(first)
        let after = try issues(moved)
        XCTAssertEqual(before.map { $0["fingerprint"] as? String }, after.map { $0["fingerprint"] as? String })
        XCTAssertEqual(Set(before.compactMap { $0["fingerprint"] as? String }).count, 2)
        for issue in before {
            XCTAssertEqual(issue["check_name"] as? String, "unavailable-control")
            XCTAssertEqual(issue["severity"] as? String, "major")
            XCTAssertEqual(issue["description"] as? String, "Broken.")
            let location = try XCTUnwrap(issue["location"] as? [String: Any])
            XCTAssertEqual(location["path"] as? String, "A.swift")
            XCTAssertNotNil((location["lines"] as? [String: Any])?["begin"] as? Int)
        }
    }

    func testSHA256KnownVectors() {
        XCTAssertEqual(SHA256.hex(of: ""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(of: "abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(of: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    func testSARIFStructureAndColumns() throws {
        let report = SARIFReporter().report(sample([
            diagnostic("Sub dir/A.swift", 2, 3, source: "é👩‍👩‍👧x"),
        ]))
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "catalint")
        XCTAssertEqual(driver["version"] as? String, CatalintVersion.current)
        XCTAssertNotNil(driver["informationUri"] as? String)
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, RuleCatalog.all.map(\.id))
        // helpUri is the rule's page; the page it rests on (Apple's) is in the help.
        let stepper = try XCTUnwrap(rules.first { $0["id"] as? String == "unavailable-control" })
        XCTAssertEqual(stepper["helpUri"] as? String, "https://github.com/catalint/catalint/blob/main/docs/rules/unavailable-control.md")
        let help = try XCTUnwrap(stepper["help"] as? [String: String])
        let apple = "https://developer.apple.com/documentation/uikit/choosing-a-user-interface-idiom-for-your-mac-app"
        XCTAssertTrue(try XCTUnwrap(help["text"]).hasSuffix("Reference: Choosing a user interface idiom for your Mac app, \(apple)"), help["text"] ?? "")
        XCTAssertTrue(try XCTUnwrap(help["markdown"]).contains("[Choosing a user interface idiom for your Mac app](\(apple))"))
        // An opt-in rule is off until asked for; SARIF says so in its default configuration.
        let enabled = Dictionary(uniqueKeysWithValues: rules.map { ($0["id"] as? String ?? "", ($0["defaultConfiguration"] as? [String: Any])?["enabled"] as? Bool) })
        XCTAssertEqual(enabled["fixed-font-size"], false)
        XCTAssertEqual(enabled["unavailable-control"], true)
        let result = try XCTUnwrap((run["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(result["ruleId"] as? String, "unavailable-control")
        XCTAssertEqual(result["level"] as? String, "error")
        let location = try XCTUnwrap(((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        let artifact = try XCTUnwrap(location["artifactLocation"] as? [String: Any])
        XCTAssertEqual(artifact["uri"] as? String, "Sub%20dir/A.swift")
        XCTAssertEqual(artifact["uriBaseId"] as? String, "%SRCROOT%")
        // Column 3 in characters is after `é` (1 UTF-16 unit) and the family emoji (8 units).
        XCTAssertEqual((location["region"] as? [String: Any])?["startColumn"] as? Int, 10)
    }

    func testSummaryTable() {
        let report = SummaryReporter().report(sample([
            diagnostic("A.swift", 1, 1), diagnostic("B.swift", 1, 1), diagnostic("A.swift", 2, 1, "hard-coded-size", .warning),
        ], paths: ["A.swift", "B.swift"]))
        XCTAssertEqual(report, """
        rule                 severity  count
        unavailable-control  error     2
        hard-coded-size      warning   1
        2 errors, 1 warning in 2 files (2 files checked)

        """)
    }

    // MARK: Through the binary

    func testOutputWritesTheReportWhileTheTerminalGetsText() throws {
        let directory = try temporaryDirectory(self)
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("A.swift"))
        let result = try runCatalint(["lint", "--format", "sarif", "--output", "report.sarif", "."], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("A.swift:1:9: error[unavailable-control]"), result.stdout)
        let sarif = try String(contentsOf: directory.appendingPathComponent("report.sarif"), encoding: .utf8)
        XCTAssertTrue(sarif.contains("\"ruleId\" : \"unavailable-control\"") || sarif.contains("\"ruleId\": \"unavailable-control\""), sarif)
        for format in ReportFormat.allCases {
            XCTAssertEqual(try runCatalint(["lint", "--format", format.rawValue, "."], in: directory).status, 1, format.rawValue)
        }
    }

    func testStdinIsLintedAsTheNamedFileWithTheProjectIndexed() throws {
        let directory = try temporaryDirectory(self)
        try write("class RatingSlider: UISlider {}\n", to: directory.appendingPathComponent("Sources/RatingSlider.swift"))
        try write("excluded: [Generated]\n", to: directory.appendingPathComponent(".catalint.yml"))
        let source = "let r = RatingSlider()\nr.minimumTrackTintColor = .red\n"
        let result = try runCatalint(["lint", "--format", "xcode", "--stdin-filename", "Sources/Screen.swift", "-"], in: directory, stdin: source)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.hasPrefix("Sources/Screen.swift:2:3: error: `minimumTrackTintColor` throws"), result.stdout)
        let excluded = try runCatalint(["lint", "--format", "xcode", "--stdin-filename", "Generated/Screen.swift", "-"], in: directory, stdin: source)
        XCTAssertEqual(excluded.stdout, "")
        XCTAssertEqual(excluded.status, 0)
        let yaml = try runCatalint(["lint", "--format", "xcode", "--stdin-filename", "S.interface.yml", "-"], in: directory,
                                   stdin: "interface: S\nviews:\n  - class: UIStepper\n")
        XCTAssertTrue(yaml.stdout.hasPrefix("S.interface.yml:3:12: error:"), yaml.stdout)
        XCTAssertEqual(try runCatalint(["lint", "--stdin-filename", "A.swift"], in: directory, stdin: "").status, 2)
        XCTAssertEqual(try runCatalint(["lint", "--stdin-filename", "notes.txt", "-"], in: directory, stdin: "").status, 2)
    }

    func testChangedLintsOnlyWhatGitSeesAsChanged() throws {
        let directory = try temporaryDirectory(self)
        func git(_ arguments: String...) throws { try runGit(arguments, in: directory) }
        try git("init", "-q")
        try write("class Pull: UIRefreshControl {}\nlet old = UIStepper()\n", to: directory.appendingPathComponent("Old.swift"))
        try write("let fine = 1\n", to: directory.appendingPathComponent("Edited.swift"))
        try git("add", ".")
        try git("commit", "-q", "-m", "first")
        try write("let fine = 1\nlet p = Pull()\n", to: directory.appendingPathComponent("Edited.swift"))
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("New.swift"))
        let result = try runCatalint(["lint", "--format", "xcode", "--changed", "."], in: directory)
        XCTAssertEqual(result.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != " " })) },
                       ["Edited.swift:2:9:", "New.swift:1:9:"], result.stdout + result.stderr)
        let outside = try temporaryDirectory(self)
        XCTAssertEqual(try runCatalint(["lint", "--changed", "."], in: outside).status, 2)
    }
}

/// A flat list of the elements of an XML document, read with Foundation's parser (which also
/// proves the document well-formed).
struct XMLDocumentReader {
    struct Element {
        var name: String
        var attributes: [String: String]
    }

    static func read(_ text: String) throws -> [Element] {
        final class Delegate: NSObject, XMLParserDelegate {
            var elements: [Element] = []
            var failed: Error?
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                elements.append(Element(name: name, attributes: attributes))
            }
            func parser(_ parser: XMLParser, parseErrorOccurred error: Error) { failed = error }
        }
        let parser = XMLParser(data: Data(text.utf8))
        let delegate = Delegate()
        parser.delegate = delegate
        let ok = parser.parse()
        if let failed = delegate.failed ?? (ok ? nil : parser.parserError) { throw failed }
        return delegate.elements
    }
}
