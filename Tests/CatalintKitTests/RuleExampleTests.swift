import Foundation
import XCTest
@testable import CatalintKit

/// Every example in `Rules/` is a test: triggering examples fire exactly at their `↓` markers,
/// passing ones stay silent, and no example fires when wrapped in a comment or a string literal.
final class RuleExampleTests: XCTestCase {
    private func diagnostics(_ source: String, rule: String) -> [Diagnostic] {
        lint([("Example.swift", source)], only: [rule])
    }

    func testTriggeringExamplesFireExactlyAtTheirMarkers() {
        var checked = 0
        for rule in RuleCatalog.all {
            for (number, annotated) in (rule.examples?.triggering ?? []).enumerated() {
                let example = RuleExample(annotated)
                XCTAssertFalse(example.markers.isEmpty, "\(rule.id) triggering example \(number + 1) has no ↓ marker")
                let all = diagnostics(example.source, rule: rule.id)
                XCTAssertEqual(all.filter { $0.rule == ToolRule.invalidSwift }.map(\.message), [],
                               "\(rule.id) triggering example \(number + 1) is not valid Swift")
                let found = all.filter { $0.rule == rule.id }.map { "\($0.position.line):\($0.position.column)" }
                let expected = example.markers.map { "\($0.line):\($0.column)" }
                XCTAssertEqual(found, expected, "\(rule.id) triggering example \(number + 1):\n\(annotated)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }

    func testPassingExamplesAreSilent() {
        for rule in RuleCatalog.all {
            for (number, code) in (rule.examples?.passing ?? []).enumerated() {
                XCTAssertFalse(code.contains(RuleExample.marker), "\(rule.id) passing example \(number + 1) has a marker")
                let found = diagnostics(code, rule: rule.id).map { "\($0.position) \($0.rule): \($0.message)" }
                XCTAssertEqual(found, [], "\(rule.id) passing example \(number + 1):\n\(code)")
            }
        }
    }

    func testNoExampleFiresInsideACommentOrAString() {
        for rule in RuleCatalog.all {
            let examples = (rule.examples?.triggering ?? []) + (rule.examples?.passing ?? [])
            for code in examples.map({ RuleExample($0).source }) {
                let wrappings = [
                    "/*\n\(code)\n*/\n",
                    code.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n"),
                    "let text = #\"\"\"\n\(code)\n\"\"\"#\n",
                ]
                for wrapped in wrappings {
                    let found = diagnostics(wrapped, rule: rule.id).map { "\($0.position) \($0.rule)" }
                    XCTAssertEqual(found, [], "\(rule.id) fired inside a comment or string:\n\(wrapped)")
                }
            }
        }
    }

    func testEveryRuleHasLogicOrIsAToolRuleAndExamples() {
        for rule in RuleCatalog.all {
            if rule.category == .tool {
                XCTAssertNil(RuleRegistry.logic[rule.id], "\(rule.id) is a tool rule with logic")
            } else {
                XCTAssertNotNil(RuleRegistry.logic[rule.id], "\(rule.id) has no logic in RuleRegistry")
                XCTAssertFalse(rule.examples?.triggering?.isEmpty ?? true, "\(rule.id) has no triggering example")
                XCTAssertFalse(rule.examples?.passing?.isEmpty ?? true, "\(rule.id) has no passing example")
            }
        }
        for id in RuleRegistry.logic.keys {
            XCTAssertNotNil(RuleCatalog.rule(id), "logic for \(id) has no Rules/\(id).yml")
        }
    }

    func testTheBinaryCarriesExactlyTheRulesFolder() throws {
        let rulesFolder = packageRoot.appendingPathComponent("Rules")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: rulesFolder.path).filter { $0.hasSuffix(".yml") }.sorted()
        XCTAssertEqual(RuleCatalog.embeddedFileNames, onDisk)
        for name in onDisk {
            let text = try String(contentsOf: rulesFolder.appendingPathComponent(name), encoding: .utf8)
            let parsed = try RuleCatalog.parse(text, name: name)
            XCTAssertEqual(RuleCatalog.rule(parsed.id)?.message, parsed.message, "\(name) is embedded out of date")
        }
    }

    func testAFileNamedForAnotherIdIsRejected() {
        let text = try! String(contentsOf: packageRoot.appendingPathComponent("Rules/hard-coded-size.yml"), encoding: .utf8)
        XCTAssertThrowsError(try RuleCatalog.parse(text, name: "hard-coded-sizes.yml"))
    }

    func testMessagesLeaveNoPlaceholderUnfilled() {
        for rule in RuleCatalog.all {
            for annotated in rule.examples?.triggering ?? [] {
                for diagnostic in diagnostics(RuleExample(annotated).source, rule: rule.id) where diagnostic.rule == rule.id {
                    XCTAssertFalse(diagnostic.message.contains("{"), "\(rule.id): \(diagnostic.message)")
                    XCTAssertFalse(diagnostic.help.contains("{"), "\(rule.id): \(diagnostic.help)")
                }
            }
        }
    }

    func testMarkersAreReadInCharacters() {
        let example = RuleExample("let é = 1\nlet café = ↓UIStepper()")
        XCTAssertEqual(example.source, "let é = 1\nlet café = UIStepper()")
        XCTAssertEqual(example.markers.map { "\($0.line):\($0.column)" }, ["2:12"])
    }
}
