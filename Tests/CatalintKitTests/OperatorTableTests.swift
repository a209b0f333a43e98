@testable import CatalintKit
import SwiftOperators
import SwiftParser
import SwiftSyntax
import XCTest

/// The operators catalint folds with are swift-syntax's standard ones, with the syntax of each
/// precedence relation so that folding does not make it up for every relation it follows.
final class OperatorTableTests: XCTestCase {
    func testTheTableIsTheStandardOneWithItsRelationsSyntax() {
        let ours = SwiftSourceFile.operators
        let standard = OperatorTable.standardOperators
        func lines(_ table: OperatorTable) -> [Substring] {
            table.description.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
        }
        XCTAssertEqual(lines(ours), lines(standard))
        XCTAssertGreaterThan(lines(ours).count, 90)
        for name in ["&&", "||", "==", "+", "*", "??", "..<", "=", "+=", "as", "is"] {
            XCTAssertEqual(ours.infixOperator(named: name)?.precedenceGroup, standard.infixOperator(named: name)?.precedenceGroup, name)
        }
        // Every relation has the syntax of the group it names (swift-syntax's have none).
        let relations = StandardOperators.groups.flatMap(\.relations)
        XCTAssertGreaterThan(relations.count, 10)
        for relation in relations {
            XCTAssertEqual(relation.syntax?.name.text, relation.groupName)
        }
    }

    func testFoldingGivesTheSameTreesAsTheStandardTable() throws {
        let source = """
        let a = b + c * d - e / f % g << h & i | j ^ k
        if idiom == .pad && !isCompact || width > 700 && height >= 500, x ?? y == z { }
        button.isEnabled = a < b ? c : d
        let r = 0..<n, s = 1...m, t = a ... b
        value += 1; value -= 2; value *= 3; mask |= flag; shifted <<= 2
        let cast = view as? UIButton ?? other as! UIView
        let check = item is UISlider && (x === y || x !== z)
        let deep = ((a + b) * (c - d)) / (e % (f + g)) == h && i != j || k <= l
        guard let v = w, v.count > 0 || v.isEmpty == false else { return }
        x = y = z
        let custom = a <> b +++ c
        """
        let parsed = Parser.parse(source: source)
        let ours = SwiftSourceFile.operators.foldAll(parsed) { _ in }
        let standard = OperatorTable.standardOperators.foldAll(parsed) { _ in }
        XCTAssertEqual(ours.debugDescription, standard.debugDescription)
        XCTAssertEqual(ours.description, source)
        // catalint's own rewriter (one arena for the nodes it rebuilds) gives the same tree, nested
        // sequences in closures and bodies included.
        let nested = source + "\nlet f = { x in x + 1 * 2 == y }\nfunc g() { if a && (b || c) { z = [1 + 2, 3 * 4] } }\n"
        let parsedNested = Parser.parse(source: nested)
        XCTAssertEqual(SequenceFolder.fold(parsedNested, table: SwiftSourceFile.operators).debugDescription,
                       OperatorTable.standardOperators.foldAll(parsedNested) { _ in }.debugDescription)
    }
}


/// catalint's folder against swift-syntax's `foldAll` on real code: the sample app, the test
/// fixtures and every Swift example of the rules, node for node.
final class SequenceFolderTests: XCTestCase {
    /// Every node's kind and place, parents first: two trees with the same text are the same tree
    /// when these are.
    private final class Shape: SyntaxAnyVisitor {
        var nodes: [String] = []
        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            nodes.append("\(node.kind) \(node.position.utf8Offset)-\(node.endPosition.utf8Offset)")
            return .visitChildren
        }
    }

    private func shape(_ tree: some SyntaxProtocol) -> [String] {
        let shape = Shape(viewMode: .all)
        shape.walk(tree)
        return shape.nodes
    }

    func testFoldingGivesFoldAllsTreeOnRealCode() throws {
        var texts: [(String, String)] = []
        for folder in ["Tests/CatalintKitTests/Fixtures", "samples"] {
            let root = packageRoot.appendingPathComponent(folder)
            for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) ?? FileManager.DirectoryEnumerator()
            where url.pathExtension == "swift" || url.lastPathComponent.hasSuffix(".swift.txt") {
                texts.append((url.path, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        for rule in RuleCatalog.all {
            for (number, annotated) in ((rule.examples?.triggering ?? []) + (rule.examples?.passing ?? [])).enumerated() {
                texts.append(("\(rule.id) example \(number + 1)", RuleExample(annotated).source))
            }
        }
        // The sequences folded without `foldSingle` and those next to them: a `try`, `await` or
        // `unsafe` first (hoisted over the operator), casts, `?:`, `->`, unknown operators.
        texts.append(("snippet", """
        let a = try b + c
        let d = await e == f
        let g = unsafe h - i
        j = try await k() ?? l
        m = n
        let o = p as? Int, q = r is String, s = t ? u : v
        let w = x <> y, z = (a) -> b
        if try a == b { }
        let c = try! d + e, f = try? g * h
        """))
        XCTAssertGreaterThan(texts.count, 250)
        var infixes = 0
        for (name, text) in texts {
            let parsed = Parser.parse(source: text)
            let ours = SequenceFolder.fold(parsed, table: SwiftSourceFile.operators)
            let theirs = OperatorTable.standardOperators.foldAll(parsed) { _ in }
            let oursShape = shape(ours)
            XCTAssertEqual(oursShape, shape(theirs), name)
            XCTAssertEqual(ours.description, text, name)
            infixes += oursShape.filter { $0.hasPrefix("infixOperatorExpr") }.count
        }
        XCTAssertGreaterThan(infixes, 400)
    }
}
