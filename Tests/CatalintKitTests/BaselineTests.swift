import Foundation
import XCTest
@testable import CatalintKit

final class BaselineTests: XCTestCase {
    private func diagnostics(_ source: String, path: String) -> [Diagnostic] {
        lint([(path, source)])
    }

    func testMatchesOnPathRuleAndLineTextNotLineNumber() throws {
        let directory = try temporaryDirectory(self).path
        let before = diagnostics("let a = UIStepper()\nlet b = UIPageControl()\n", path: "\(directory)/A.swift")
        let baseline = Baseline(diagnostics: before, directory: directory)
        XCTAssertEqual(baseline.findings.map(\.path), ["A.swift", "A.swift"])
        XCTAssertEqual(baseline.findings.map(\.line), ["let a = UIStepper()", "let b = UIPageControl()"])

        // Lines moved and re-indented: still baselined. A second identical finding is new.
        let after = diagnostics("import UIKit\n\n    let b = UIPageControl()\nlet a = UIStepper()\nlet a = UIStepper()\n", path: "\(directory)/A.swift")
        let outcome = baseline.apply(to: after, directory: directory)
        XCTAssertEqual(outcome.new.map(\.position.line), [5])
        XCTAssertEqual(outcome.gone, [])

        // Another file with the same line is new; a fixed finding is gone.
        let elsewhere = diagnostics("let a = UIStepper()\n", path: "\(directory)/B.swift")
        let second = baseline.apply(to: elsewhere, directory: directory)
        XCTAssertEqual(second.new.count, 1)
        XCTAssertEqual(second.gone.count, 2)
    }

    func testFileRoundTripAndErrors() throws {
        let directory = try temporaryDirectory(self)
        let file = directory.appendingPathComponent("baseline.json").path
        let baseline = Baseline(diagnostics: diagnostics("let a = UIStepper()\n", path: directory.appendingPathComponent("A.swift").path), directory: directory.path)
        try baseline.write(to: file)
        XCTAssertEqual(try Baseline.read(file), baseline)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(leftovers, ["baseline.json"], "an atomic write leaves no temporary file")

        try write("{\"version\": 1, \"findings\": [{\"path\": 3}]}", to: URL(fileURLWithPath: file))
        XCTAssertThrowsError(try Baseline.read(file)) { XCTAssertTrue("\($0)".contains("not a catalint baseline"), "\($0)") }
        try write("not json", to: URL(fileURLWithPath: file))
        XCTAssertThrowsError(try Baseline.read(file)) { XCTAssertTrue("\($0)".contains("not valid JSON"), "\($0)") }
        try write("{\"version\": 7, \"findings\": []}", to: URL(fileURLWithPath: file))
        XCTAssertThrowsError(try Baseline.read(file)) { XCTAssertTrue("\($0)".contains("version 7"), "\($0)") }
        XCTAssertThrowsError(try Baseline.read(directory.appendingPathComponent("missing.json").path))
    }
}
