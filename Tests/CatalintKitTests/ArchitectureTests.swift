import Foundation
import XCTest

/// The invariants of docs/ARCHITECTURE.md, read off the sources: rules never see input formats,
/// reports never see rules' logic or facts.
final class ArchitectureTests: XCTestCase {
    private func sources(in folder: String) throws -> [(name: String, text: String)] {
        let url = packageRoot.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// Identifiers of the input formats and their parsers.
    private let formatNames = ["import SwiftSyntax", "import SwiftParser", "import Yams", "FoundationXML", "XMLParser",
                               "Syntax", "SourceText", "Node", "InterfaceFileLowering", "InterfaceBuilderLowering", "FactCollector"]

    func testRulesNeverSeeInputFormats() throws {
        let rules = try sources(in: "Sources/CatalintKit/Checks/Rules")
        XCTAssertGreaterThanOrEqual(rules.count, 5)
        for (name, text) in rules {
            for word in formatNames where text.range(of: "\\b\(word)\\b", options: .regularExpression) != nil {
                XCTFail("\(name) mentions \(word): a rule reads facts and its knowledge only")
            }
        }
    }

    func testReportsNeverSeeRulesLogicOrFacts() throws {
        let reports = try sources(in: "Sources/CatalintKit/Reports")
        XCTAssertGreaterThanOrEqual(reports.count, 5)
        let forbidden = ["UIFacts", "RuleLogic", "RuleRegistry", "Knowledge", "CreationFact", "SettingFact", "SizeFact",
                         "IdiomDecisionFact", "UIObjectFact"] + formatNames
        for (name, text) in reports {
            for word in forbidden where text.range(of: "\\b\(word)\\b", options: .regularExpression) != nil {
                XCTFail("\(name) mentions \(word): a reporter reads diagnostics and rule documentation only")
            }
        }
    }

    func testTheCommandLineIsAThinShell() throws {
        for (name, text) in try sources(in: "Sources/catalint") {
            for word in ["import SwiftSyntax", "import Yams", "UIFacts", "FactCollector"] where text.contains(word) {
                XCTFail("\(name) mentions \(word): the command line goes through the library's entry points")
            }
        }
    }
}
