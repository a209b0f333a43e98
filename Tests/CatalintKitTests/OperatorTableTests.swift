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

