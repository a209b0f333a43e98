import SwiftParser
import SwiftSyntax
import XCTest
@testable import CatalintKit

/// The one `#if` evaluator: what a Mac Catalyst build compiles, and what any compiler parses.
final class CompilationConditionsTests: XCTestCase {
    private let catalyst = CompilationConditions.macCatalyst()
    private let parsing = CompilationConditions.parsing()

    /// The clauses of the first `#if` of `source`, parsed and folded as the front end does.
    private func clauses(_ source: String, folded: Bool = true) throws -> [IfConfigClauseSyntax] {
        let tree: SourceFileSyntax
        if folded {
            guard case .success(let file) = SwiftSourceFile.parse(path: "T.swift", text: source) else { throw XCTSkip("not parsed") }
            tree = file.tree
        } else {
            tree = Parser.parse(source: source)
        }
        let ifConfig = try XCTUnwrap(tree.statements.first?.item.as(IfConfigDeclSyntax.self))
        return Array(ifConfig.clauses)
    }

    private func value(_ condition: String, _ evaluator: CompilationConditions, folded: Bool = true) throws -> Bool? {
        let clause = try XCTUnwrap(clauses("#if \(condition)\nlet x = 1\n#endif\n", folded: folded).first)
        return evaluator.value(try XCTUnwrap(clause.condition))
    }

    func testPlatformConditionsOnMacCatalyst() throws {
        XCTAssertEqual(try value("targetEnvironment(macCatalyst)", catalyst), true)
        XCTAssertEqual(try value("targetEnvironment(simulator)", catalyst), false)
        XCTAssertNil(try value("targetEnvironment(device)", catalyst))
        XCTAssertEqual(try value("os(iOS)", catalyst), true)
        for system in ["macOS", "OSX", "tvOS", "watchOS", "visionOS", "Linux"] {
            XCTAssertEqual(try value("os(\(system))", catalyst), false, system)
        }
        XCTAssertNil(try value("os(Fuchsia)", catalyst))
        XCTAssertEqual(try value("canImport(UIKit)", catalyst), true)
        XCTAssertNil(try value("canImport(AppKit)", catalyst))
        XCTAssertEqual(try value("true", catalyst), true)
        XCTAssertEqual(try value("false", catalyst), false)
    }

    func testUnknownFlagsAreUnknown() throws {
        for evaluator in [catalyst, parsing] {
            XCTAssertNil(try value("DEBUG", evaluator))
            XCTAssertNil(try value("!DEBUG", evaluator))
            XCTAssertNil(try value("arch(arm64)", evaluator))
            XCTAssertNil(try value("hasFeature(StrictConcurrency)", evaluator))
        }
    }

    func testOperatorsAndParentheses() throws {
        XCTAssertEqual(try value("!targetEnvironment(macCatalyst)", catalyst), false)
        XCTAssertEqual(try value("os(iOS) && !targetEnvironment(macCatalyst)", catalyst), false)
        XCTAssertEqual(try value("os(iOS) && targetEnvironment(macCatalyst)", catalyst), true)
        XCTAssertNil(try value("os(iOS) && DEBUG", catalyst))
        XCTAssertEqual(try value("os(macOS) && DEBUG", catalyst), false)
        XCTAssertEqual(try value("DEBUG || targetEnvironment(macCatalyst)", catalyst), true)
        XCTAssertNil(try value("DEBUG || os(macOS)", catalyst))
        XCTAssertEqual(try value("os(macOS) || os(tvOS)", catalyst), false)
        XCTAssertEqual(try value("!(os(macOS) || os(tvOS))", catalyst), true)
        XCTAssertEqual(try value("(os(iOS) && (DEBUG || true))", catalyst), true)
    }

    func testVersionChecks() throws {
        let old = CompilationConditions.parsing(swiftVersion: SwiftVersion("5.8")!)
        XCTAssertEqual(try value("swift(>=5.9)", parsing), true)
        XCTAssertEqual(try value("swift(>=5.9)", old), false)
        XCTAssertEqual(try value("swift(<6)", old), true)
        XCTAssertEqual(try value("compiler(>=99)", parsing), false)
        XCTAssertEqual(try value("compiler(<5.0)", catalyst), false)
        XCTAssertNil(try value("swift(>5.9)", parsing))
        XCTAssertNil(try value("swift(>=banana)", parsing))
        XCTAssertEqual(try value("swift(>=5.9) && !swift(>=99)", parsing), true)
        XCTAssertEqual(try value("swift(>=99) || compiler(>=99)", catalyst), false)
    }

    /// A compiler parses `#if os(macOS)` and `#if false` branches: only version checks decide what it skips.
    func testParsingDecidesVersionChecksOnly() throws {
        XCTAssertNil(try value("os(macOS)", parsing))
        XCTAssertNil(try value("targetEnvironment(macCatalyst)", parsing))
        XCTAssertNil(try value("canImport(UIKit)", parsing))
        XCTAssertNil(try value("false", parsing))
        XCTAssertNil(try value("swift(>=99) || DEBUG", parsing))
        XCTAssertEqual(try value("swift(>=99) && DEBUG", parsing), false)
    }

    /// Conditions left as a sequence (a tree not folded) are read left to right.
    func testUnfoldedSequences() throws {
        XCTAssertEqual(try value("swift(>=5.9) && !swift(>=99)", parsing, folded: false), true)
        XCTAssertEqual(try value("os(macOS) || targetEnvironment(macCatalyst)", catalyst, folded: false), true)
        XCTAssertNil(try value("os(iOS) && DEBUG", catalyst, folded: false))
    }

    func testClausesAndElse() throws {
        let source = "#if os(macOS)\nlet a = 1\n#elseif targetEnvironment(macCatalyst)\nlet b = 1\n#elseif DEBUG\nlet c = 1\n#else\nlet d = 1\n#endif\n"
        let all = try clauses(source)
        XCTAssertEqual(all.map(catalyst.isInactive), [true, false, true, true])
        XCTAssertEqual(all.map(parsing.isInactive), [false, false, false, false])
        let unknown = try clauses("#if DEBUG\nlet a = 1\n#else\nlet b = 1\n#endif\n")
        XCTAssertEqual(unknown.map(catalyst.isInactive), [false, false])
        let versioned = try clauses("#if swift(>=5.0)\nlet a = 1\n#else\nlet b = 1\n#endif\n")
        XCTAssertEqual(versioned.map(parsing.isInactive), [false, true])
    }

    func testNodesInsideNestedClauses() throws {
        let source = "#if DEBUG\n#if swift(>=99)\nlet inner = 1\n#endif\n#endif\n"
        guard case .success(let file) = SwiftSourceFile.parse(path: "T.swift", text: source) else { return XCTFail("not parsed") }
        let inner = try XCTUnwrap(file.tree.tokens(viewMode: .sourceAccurate).first { $0.text == "inner" })
        XCTAssertTrue(parsing.isInactive(inner))
        XCTAssertTrue(catalyst.isInactive(inner))
        let outer = try XCTUnwrap(file.tree.tokens(viewMode: .sourceAccurate).first { $0.text == "DEBUG" })
        XCTAssertFalse(catalyst.isInactive(outer))
    }
}
