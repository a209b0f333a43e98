import XCTest
@testable import CatalintKit

final class ReportTests: XCTestCase {
    private let sample = LintResult(diagnostics: [
        Diagnostic(rule: "unavailable-control", severity: .error, position: SourcePosition(path: "A.swift", line: 12, column: 5),
                   message: "Broken \"here\".", help: "Fix it.", excerpt: SourceExcerpt(line: "    UIStepper()", column: 5)),
        Diagnostic(rule: "hard-coded-size", severity: .warning, position: SourcePosition(path: "B.swift", line: 3, column: 1),
                   message: "Tab\tand\nnewline and \u{1}.", help: "Do X.", excerpt: nil),
    ], paths: ["A.swift", "B.swift", "C.swift", "D.swift"])

    func testTextReport() {
        let text = TextReporter(color: false).report(sample)
        XCTAssertEqual(text, """
        A.swift:12:5: error[unavailable-control] Broken "here".
           |
        12 |     UIStepper()
           |     ^
           = help: Fix it.

        B.swift:3:1: warning[hard-coded-size] Tab\tand
        newline and \u{1}.
          = help: Do X.

        1 error, 1 warning in 2 files (4 files checked)

        """)
    }

    func testTextReportColours() {
        let text = TextReporter(color: true).report(sample)
        XCTAssertTrue(text.contains("\u{1B}[1;31merror[unavailable-control]\u{1B}[0m"))
        XCTAssertTrue(text.contains("\u{1B}[1;33mwarning[hard-coded-size]\u{1B}[0m"))
    }

    func testSummaryCountsNotes() {
        var result = sample
        result.diagnostics[0].severity = .note
        XCTAssertTrue(TextReporter(color: false).report(result).hasSuffix("0 errors, 1 warning, 1 note in 2 files (4 files checked)\n"))
    }

    func testXcodeReport() {
        XCTAssertEqual(XcodeReporter().report(sample), """
        A.swift:12:5: error: Broken "here". [unavailable-control]
        B.swift:3:1: warning: Tab\tand
        newline and \u{1}. [hard-coded-size]

        """)
    }

    func testJSONReportEscapes() throws {
        let json = JSONReporter().report(sample)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap(object["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics[0]["message"] as? String, "Broken \"here\".")
        XCTAssertEqual(diagnostics[1]["message"] as? String, "Tab\tand\nnewline and \u{1}.")
        XCTAssertEqual(object["summary"] as? [String: Int], ["files": 4, "errors": 1, "warnings": 1, "notes": 0])
    }
}
