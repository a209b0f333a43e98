import Foundation
import XCTest
@testable import CatalintKit

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

    /// Rules/ is the single source of truth of a rule's words: the Swift of a rule holds logic, and
    /// its string literals are ids and the names of phrases (no spaces, no Markdown).
    func testARulesSwiftHoldsNoWords() throws {
        for (name, text) in try sources(in: "Sources/CatalintKit/Checks/Rules") {
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            let literals = try NSRegularExpression(pattern: #""((?:[^"\\\n]|\\.)*)""#)
            for match in literals.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                let literal = String(code[Range(match.range(at: 1), in: code)!])
                XCTAssertFalse(literal.contains(" ") || literal.contains("`") || literal.contains("\\("),
                               "\(name) writes \"\(literal)\": words of a message belong in the rule's YAML (message, help, phrases)")
            }
        }
    }

    /// Every phrase a rule's logic names is in its YAML file, and every phrase there is named.
    func testEveryPhraseIsDeclaredAndUsed() throws {
        let namedPattern = try NSRegularExpression(pattern: #"\.named\("([a-z_]+)""#)
        for (name, text) in try sources(in: "Sources/CatalintKit/Checks/Rules") {
            guard let id = text.range(of: #"static let id = "([a-z-]+)""#, options: .regularExpression).map({ String(text[$0].split(separator: "\"")[1]) }),
                  let rule = RuleCatalog.rule(id) else { continue }
            // `.named("x"` must name a declared phrase; a declared phrase must be a literal of the
            // logic (some are picked by a condition: `.named(isWidth ? "a_width" : "a_height")`).
            let named = Set(namedPattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range(at: 1), in: text)!]) })
            XCTAssertTrue(named.isSubset(of: rule.phrases.keys), "\(name) names phrases Rules/\(id).yml lacks: \(named.subtracting(rule.phrases.keys).sorted())")
            for phrase in rule.phrases.keys where !text.contains("\"\(phrase)\"") {
                XCTFail("Rules/\(id).yml declares the phrase \(phrase), which \(name) never picks")
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

    /// docs/ARCHITECTURE.md names files and folders (`Sources/...`, `Rules/...`, `Plugins/...`,
    /// `docs/...`, `scripts/...`) and the types in the flow table: each must exist.
    func testEveryPathTheArchitecturePageNamesExists() throws {
        // Code spans outside the fenced diagram (whose fences would throw the pairs of backticks off).
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
            .components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
        let code = try NSRegularExpression(pattern: "`([^`]+)`")
        var named: [String] = []
        for match in code.matches(in: page, range: NSRange(page.startIndex..., in: page)) {
            guard let range = Range(match.range(at: 1), in: page) else { continue }
            named.append(String(page[range]))
        }
        let roots = ["Sources/", "Rules/", "Plugins/", "docs/", "scripts/", "Tests/", "CatalintPlugins/", ".github/"]
        let paths = named.filter { path in roots.contains { path.hasPrefix($0) } }.map { $0.replacingOccurrences(of: "<id>", with: "unavailable-control") }
        XCTAssertGreaterThan(paths.count, 8, "the page names paths")
        for path in paths where !path.contains("<") {
            XCTAssertTrue(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path), "docs/ARCHITECTURE.md names \(path), which does not exist")
        }
        // The folders of the flow table, and the types it names, exist in the sources.
        let sources = try FileManager.default.subpathsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources").path)
        let swiftFiles = sources.filter { $0.hasSuffix(".swift") }
        // The names declared as a struct, class, enum or protocol, word by word (a search of the
        // joined sources for each name took most of this test's time).
        var declared: Set<Substring> = []
        for file in swiftFiles {
            let text = try String(contentsOf: packageRoot.appendingPathComponent("Sources/" + file), encoding: .utf8)
            let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            for (keyword, name) in zip(words, words.dropFirst()) where ["struct", "class", "enum", "protocol"].contains(keyword) {
                declared.insert(name)
            }
        }
        let table = String(page[page.range(of: "| step |")!.lowerBound..<page.range(of: "## Where a change goes")!.lowerBound])
        for match in code.matches(in: table, range: NSRange(table.startIndex..., in: table)) {
            guard let range = Range(match.range(at: 1), in: table) else { continue }
            let name = String(table[range])
            guard name.first?.isUppercase == true, name.allSatisfy({ $0.isLetter || $0.isNumber }), name != "Codable" else { continue }
            XCTAssertTrue(declared.contains(Substring(name)) || swiftFiles.contains { $0.hasSuffix("/\(name).swift") },
                          "docs/ARCHITECTURE.md names \(name), which no source declares")
        }
    }

    /// One place applies a file's budget: only `FileProcessor` runs `FileJob` (and the workers it starts).
    func testTheBudgetHasOnePlace() throws {
        let folder = packageRoot.appendingPathComponent("Sources")
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where path.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            guard text.contains("FileJob.run(") else { continue }
            XCTAssertTrue(path.hasSuffix("FileProcessor.swift") || path.hasSuffix("FileWorkers.swift"),
                          "\(path) runs FileJob itself, outside the budget of FileProcessor")
        }
    }
}
