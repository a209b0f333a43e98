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
}
