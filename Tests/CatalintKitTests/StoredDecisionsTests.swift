import SwiftSyntax
import XCTest
@testable import CatalintKit

/// Decisions on the idiom kept in a local and used later (issue 28).
final class StoredDecisionsTests: XCTestCase {
    private func lines(_ source: String, only rule: String) -> [Int] {
        lint([("A.swift", source)], only: [rule]).map(\.position.line)
    }

    func testABoolSetInASwitchOnTheIdiom() {
        let source = """
        func layOut() {
            let columns: Bool
            switch traitCollection.userInterfaceIdiom {
            case .pad: columns = true
            case .mac: columns = true
            default: columns = false
            }
            stack.axis = columns ? .horizontal : .vertical
            let sidebar: Bool
            switch traitCollection.userInterfaceIdiom {
            case .pad: sidebar = true
            default: sidebar = false
            }
            stack.axis = sidebar ? .horizontal : .vertical
        }
        """
        // The Mac has its own case in the first (the iPad's value); it takes `default`, the phone's, in the second.
        XCTAssertEqual(lines(source, only: "idiom-layout-decision"), [14])
    }

    func testWhatIsNotAStoredDecision() {
        let source = """
        func layOut(_ items: [Item]) {
            var wide = false
            for item in items { if UIDevice.current.userInterfaceIdiom == .pad { wide = item.isWide } }
            stack.axis = wide ? .horizontal : .vertical
            let narrow: Bool
            narrow = UIDevice.current.userInterfaceIdiom == .phone
            if UIDevice.current.userInterfaceIdiom == .pad { print("pad") }
            stack.spacing = narrow ? 4 : 8
        }
        """
        // Set in a loop: not followed. Set by a plain assignment, not an `if` or a `switch`: the
        // statement after the declaration that names it is what counts, and it is no decision.
        XCTAssertEqual(lines(source, only: "idiom-layout-decision"), [])
    }

    func testAStyleKeptInAVariableGoesWhereTheStyleGoes() {
        let source = """
        func share(from button: UIBarButtonItem) {
            var style = UIAlertController.Style.actionSheet
            if UIDevice.current.userInterfaceIdiom == .phone { style = .actionSheet } else { style = .alert }
            let sheet = UIAlertController(title: nil, message: nil, preferredStyle: style)
            present(sheet, animated: true)
        }
        func other(style: UIAlertController.Style) {
            present(UIAlertController(title: nil, message: nil, preferredStyle: style), animated: true)
        }
        """
        // The iPad and the Mac get an alert; a style from elsewhere is not known.
        XCTAssertEqual(lines(source, only: "missing-popover-anchor"), [])
        let unanchored = source.replacingOccurrences(of: "== .phone", with: "== .pad").replacingOccurrences(of: "style = .actionSheet } else { style = .alert",
                                                                                                                 with: "style = .alert } else { style = .actionSheet")
        XCTAssertEqual(lines(unanchored, only: "missing-popover-anchor"), [5])
    }

    /// A stored decision is looked for by the name's bytes before its tokens: where the text spells
    /// the name with no letter, digit or `_` beside it (`IndexBuilder.spellings`), and only when an
    /// `=` can follow one of them (`IndexBuilder.mayBeAssigned`). Both must hold wherever the tree
    /// has the name as a token, and after every name assigned, on real code and on tricky spellings.
    func testTheByteSearchesFindEveryTokenAndEveryAssignmentTheTreeHas() throws {
        var sources: [(String, String)] = [("tricky", """
            func f() {
                var flag: Bool
                if isPad { (flag)! = true } else if other { flag/* why */= false } else { self.flag=true }
                flag
                    = false
                let café_flag = flag == true, flag2 = !flag
                switch x { case .a: ((flag)) = true; default: flag? = nil }
                print("flag", `flag`, $flag, flag_, _flag, éflag)
            }
            """)]
        sources += try repositorySwiftSources(in: ["samples/Recipes/Sources"]).map { (URL(fileURLWithPath: $0.name).lastPathComponent, $0.text) }
        var tokens = 0, assignments = 0
        for (name, text) in sources {
            guard case .success(let file) = SwiftSourceFile.parse(path: "/tmp/\(name).swift", text: text) else { continue }
            let bytes = file.source.utf8
            var spellings: [String: Set<Int>] = [:]
            for token in file.tree.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let text) = token.tokenKind else { continue }
                let offset = token.positionAfterSkippingLeadingTrivia.utf8Offset
                if spellings[text] == nil {
                    spellings[text] = Set(IndexBuilder.spellings(of: Array(text.utf8), in: bytes, from: 0, to: bytes.count))
                }
                XCTAssertTrue(spellings[text]!.contains(offset), "\(name): \(text) at \(file.position(of: token)) is not found by its bytes")
                tokens += 1
            }
            // Each name an assignment sets, as ReturnPaths reads one: `name = value` or
            // `self.name = value`, through parentheses, `!`, `?`.
            final class Assignments: SyntaxVisitor {
                var names: [TokenSyntax] = []
                override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
                    guard node.operator.is(AssignmentExprSyntax.self) else { return .visitChildren }
                    let target = node.leftOperand.unwrapped
                    if let reference = target.as(DeclReferenceExprSyntax.self) { names.append(reference.baseName) }
                    if let member = target.as(MemberAccessExprSyntax.self), member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                        names.append(member.declName.baseName)
                    }
                    return .visitChildren
                }
            }
            let found = Assignments(viewMode: .sourceAccurate)
            found.walk(file.tree)
            for token in found.names {
                XCTAssertTrue(IndexBuilder.mayBeAssigned(after: token.endPositionBeforeTrailingTrivia.utf8Offset, in: bytes),
                              "\(name): \(token.text) at \(file.position(of: token)) is assigned, but not by its bytes")
                assignments += 1
            }
        }
        XCTAssertGreaterThan(tokens, 3_000)
        XCTAssertGreaterThan(assignments, 40)
        // A comparison or a test after the name is no assignment; a break between the name and `=` is not seen as one.
        XCTAssertFalse(IndexBuilder.mayBeAssigned(after: 4, in: Array("flag == true".utf8)))
        XCTAssertFalse(IndexBuilder.mayBeAssigned(after: 4, in: Array("flag ? a : b".utf8)))
        XCTAssertTrue(IndexBuilder.mayBeAssigned(after: 4, in: Array("flag)\n  ! = x".utf8)))
    }
}
