import Foundation
import XCTest
@testable import CatalintKit

/// The README's promises that can drift from the code.
final class DocumentationTests: XCTestCase {
    private func readme() throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    func testReadmeRulesTableMatchesRules() throws {
        let text = try readme()
        let marker = try XCTUnwrap(text.range(of: "<!-- rules-table"))
        let start = try XCTUnwrap(text.range(of: "-->\n", range: marker.upperBound..<text.endIndex))
        let end = try XCTUnwrap(text.range(of: "<!-- end rules-table -->"))
        XCTAssertEqual(String(text[start.upperBound..<end.lowerBound]), RuleDocs.markdownTable(),
                       "README's rules table is out of date: paste `catalint rules --markdown` into it")
    }

    func testReadmeShowsTheQuickStartCommands() throws {
        let text = try readme()
        XCTAssertTrue(text.contains("swift run catalint lint samples/Recipes"))
        XCTAssertTrue(text.contains("swift test"))
    }

    func testReadmeConfigurationExampleLoads() throws {
        let text = try readme()
        let section = try XCTUnwrap(text.range(of: "## Configuration"))
        let start = try XCTUnwrap(text.range(of: "```yaml\n", range: section.upperBound..<text.endIndex))
        let end = try XCTUnwrap(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let configuration = try ConfigurationLoader.parse(String(text[start.upperBound..<end.lowerBound]), path: "/app/.catalint.yml")
        XCTAssertEqual(configuration.idiom, .auto)
        XCTAssertEqual(configuration.level(of: "hard-coded-size", at: "/app/Tests/A.swift"), .off)
        XCTAssertEqual((configuration.rules["unavailable-control"]?.options as? ControlCreationKnowledge)?.classes.first?.name, "CountryPickerView")
    }
}
