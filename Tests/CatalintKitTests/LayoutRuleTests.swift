import XCTest
import SwiftParser
import SwiftSyntax
@testable import CatalintKit

/// The layout rules' semantics beyond one-file examples: helpers declared in other files, the
/// branch the Mac takes, previews, and the shapes real apps use.
final class LayoutRuleTests: XCTestCase {
    private func layout(_ sources: [(String, String)]) -> [Diagnostic] {
        lint(sources).filter { $0.rule == "idiom-layout-decision" || $0.rule == "hard-coded-size" }
    }

    // MARK: Names

    /// A name judged once for the three questions is judged as each asked alone.
    func testAJudgedNameIsWhatEachQuestionAloneSays() {
        let classifier = LoweringVocabulary.standard.featureClassifier
        var names = ["rightBarButtonItems", "navigationItem", "barButtonItem", "setContentOffset", "contentOffset", "columnCount",
                     "albumsGridSizeSetting", "preferredContentSize", "numberOfColumns", "isHidden", "title", "", "_x", "écranLargeur"]
        names += Array(classifier.names) + Array(classifier.words) + classifier.phrases.map { $0.joined(separator: "_") }
        var generator = SeededGenerator(seed: 31)
        let words = ["item", "Bar", "button", "Count", "column", "Setting", "offset", "Content", "size", "x", "Navigation", "popover"]
        for _ in 0..<1_000 { names.append((0..<Int.random(in: 1...4, using: &generator)).map { _ in words.randomElement(using: &generator)! }.joined()) }
        for name in names {
            let judged = classifier.judged(name)
            XCTAssertEqual(judged.excluded, classifier.excludes(name), name)
            XCTAssertEqual(judged.matches, classifier.matches(name), name)
            XCTAssertEqual(judged.words, camelCaseWords(name).count, name)
        }
        XCTAssertTrue(names.contains(where: { classifier.judged($0).matches }) && names.contains(where: { classifier.judged($0).excluded }))
    }

    func testCamelCaseWordsOfASCIINamesAreThoseOfTheUnicodeReading() {
        let names = ["UIEdgeInsets", "numberOfColumns", "contentInset", "URLSessionTask", "iPad", "isiOSAppOnMac",
                     "_private", "cell2Width", "HTTP2Frame", "a", "", "ABC", "x_y_Z", "columnCount__", "UIScreen"]
        for name in names { XCTAssertEqual(camelCaseWords(name), unicodeCamelCaseWords(name), name) }
        XCTAssertEqual(camelCaseWords("UIEdgeInsets"), ["ui", "edge", "insets"])
        XCTAssertEqual(camelCaseWords("numberOfColumns"), ["number", "of", "columns"])
        // Seeded random names over letters, digits and underscores: the two readings agree.
        var generator = SeededGenerator(seed: 20)
        let alphabet = Array("aZbYcX_09mMqQ")
        for _ in 0..<2_000 {
            let name = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            XCTAssertEqual(camelCaseWords(name), unicodeCamelCaseWords(name), name)
        }
        // A name with letters beyond ASCII is read by Character.
        XCTAssertEqual(camelCaseWords("ÉcranLargeur"), ["écran", "largeur"])
    }

    func testTheByteLookBeforeReadingAHelperValueNeverHidesAnIdiomWord() throws {
        // Seeded values made of idiom words, look-alikes (`padding`, `macro`), escaped names and
        // plain names: whenever the value's tokens name the idiom, its bytes must say so first.
        let pieces = Array(IndexBuilder.idiomWords) + ["padding", "macro", "`pad`", "`tv`", "isBig", "x", "UIDevice.current", "self", "tvOS"]
        let joins = [" == .", " && ", " ? ", " : ", ".", "(", ") || "]
        var generator = SeededGenerator(seed: 17)
        var named = 0
        for _ in 0..<1_500 {
            var text = pieces.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                text += joins.randomElement(using: &generator)! + pieces.randomElement(using: &generator)!
            }
            let source = "let value = \(text)\n"
            let tree = Parser.parse(source: source)
            guard let value = tree.statements.first?.item.as(VariableDeclSyntax.self)?.bindings.first?.initializer?.value else { continue }
            let bytes = Array(source.utf8)
            let start = value.positionAfterSkippingLeadingTrivia.utf8Offset, end = value.endPositionBeforeTrailingTrivia.utf8Offset
            if IndexBuilder.namesIdiom(value) {
                named += 1
                XCTAssertTrue(IndexBuilder.mayHoldIdiomWord(bytes, from: start, to: end), text)
            }
        }
        XCTAssertGreaterThan(named, 500)
        let plain = Array("let count = items.count + 1".utf8)
        XCTAssertFalse(IndexBuilder.mayHoldIdiomWord(plain, from: 0, to: plain.count))
    }

    // MARK: Helpers across files

    func testAHelperOnUIDeviceInAnotherFileIsFollowed() {
        let found = layout([
            ("Device.swift", "extension UIDevice {\n    static var isPad: Bool { current.userInterfaceIdiom == .pad }\n}\n"),
            ("Grid.swift", "func configure() {\n    if UIDevice.isPad {\n        layout.itemSize = CGSize(width: 240, height: 320)\n    } else {\n        layout.itemSize = CGSize(width: 160, height: 220)\n    }\n}\n"),
        ])
        XCTAssertEqual(found.map { "\($0.position) \($0.rule)" }, ["Grid.swift:2:8 idiom-layout-decision"])
        let message = found.first?.message ?? ""
        XCTAssertTrue(message.contains("through `isPad` (it reads the idiom at Device.swift:2)"), message)
        XCTAssertTrue(message.contains("the Mac takes the `else` branch"), message)
        XCTAssertTrue(message.contains("`itemSize`"), message)
    }

    func testAStaticLetPhoneHelperKeepsTheMacOnTheIPadBranch() {
        let sources = [
            ("Layout.swift", "enum Layout {\n    static let isPhone = UIDevice.current.userInterfaceIdiom == .phone\n}\n"),
            ("Grid.swift", "func columns() -> Int {\n    if Layout.isPhone { return 1 } else { return 3 }\n}\nlet spacing: CGFloat = Layout.isPhone ? 8 : 20\n"),
        ]
        XCTAssertEqual(layout(sources).map { "\($0.position)" }, [])
    }

    func testAClosureInitializedHelperAndAFunctionHelper() {
        let found = layout([
            ("Helpers.swift", """
            let usesPhoneLayout: Bool = {
                return UIDevice.current.userInterfaceIdiom != .pad
            }()
            func isPadDevice() -> Bool {
                switch UIDevice.current.userInterfaceIdiom {
                case .pad: return true
                default: return false
                }
            }
            """),
            ("Screen.swift", """
            final class Screen: UIViewController {
                var sideMargin: CGFloat { usesPhoneLayout ? 16 : 40 }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    stack.axis = isPadDevice() ? .horizontal : .vertical
                }
            }
            """),
        ])
        XCTAssertEqual(found.map { "\($0.position) \($0.rule)" }, [
            "Screen.swift:2:31 idiom-layout-decision",
            "Screen.swift:5:22 idiom-layout-decision",
        ])
        XCTAssertTrue(found.last?.message.contains("through `isPadDevice` (it reads the idiom at Helpers.swift:5)") == true, found.last?.message ?? "")
    }

    func testAHelperOfHelpers() {
        let found = layout([
            ("Traits.swift", "extension UITraitCollection {\n    var isPad: Bool { userInterfaceIdiom == .pad }\n    var isCompactDevice: Bool { !isPad }\n}\n"),
            ("Cell.swift", "func apply() {\n    if traitCollection.isCompactDevice { insets = .zero } else { insets = UIEdgeInsets(top: 8, left: 40, bottom: 8, right: 40) }\n}\n"),
        ])
        XCTAssertEqual(found.map { "\($0.position) \($0.rule)" }, ["Cell.swift:2:8 idiom-layout-decision"])
    }

    func testAGuardThroughAHelperInAnotherFileProtectsEveryRule() {
        let found = lint([
            ("Idiom.swift", "extension UIViewController {\n    var isMac: Bool { traitCollection.userInterfaceIdiom == .mac }\n}\n"),
            ("List.swift", "final class List: UIViewController {\n    func setUp() {\n        guard !isMac else { return }\n        tableView.refreshControl = UIRefreshControl()\n    }\n}\n"),
        ])
        XCTAssertEqual(found.map { "\($0.position) \($0.rule)" }, [])
    }

    func testAGuardThroughAHelperThatAllowsTheMacStillFires() {
        let found = lint([
            ("Idiom.swift", "extension UIViewController {\n    var isPhone: Bool { traitCollection.userInterfaceIdiom == .phone }\n}\n"),
            ("List.swift", "final class List: UIViewController {\n    func setUp() {\n        guard !isPhone else { return }\n        tableView.refreshControl = UIRefreshControl()\n    }\n}\n"),
        ])
        XCTAssertEqual(found.map { "\($0.position) \($0.rule)" }, ["List.swift:4:36 unavailable-control"])
    }

    // MARK: Which branch the Mac takes

    func testTheMessageSaysWhichBranchTheMacTakes() {
        let cases: [(String, String)] = [
            ("if traitCollection.userInterfaceIdiom == .pad { stack.axis = .horizontal }", "no branch (it skips the `if`)"),
            ("func f() {\n    guard traitCollection.userInterfaceIdiom == .pad else { return }\n    stack.spacing = 20\n}", "the `guard`'s `else` branch"),
            ("let columnCount = traitCollection.userInterfaceIdiom == .pad ? 3 : 1", "the value after `:`"),
            ("switch traitCollection.userInterfaceIdiom {\ncase .pad: stack.axis = .horizontal\ndefault: stack.axis = .vertical\n}", "`default`"),
            ("switch traitCollection.userInterfaceIdiom {\ncase .pad: stack.axis = .horizontal\ncase .phone, .mac: stack.axis = .vertical\ndefault: break\n}", "`case .phone, .mac`"),
        ]
        for (source, branch) in cases {
            let found = layout([("T.swift", source)])
            XCTAssertEqual(found.count, 1, source)
            XCTAssertTrue(found.first?.message.contains("the Mac takes \(branch), the iPhone's way") == true, found.first?.message ?? source)
        }
    }

    func testCompoundConditionsAreWorkedOutIdiomByIdiom() {
        let flagged = [
            "if traitCollection.userInterfaceIdiom == .pad && isLandscape { grid.numberOfColumns = 4 } else { grid.numberOfColumns = 2 }",
            "if !(traitCollection.userInterfaceIdiom == .pad) { grid.numberOfColumns = 2 }",
            "if traitCollection.userInterfaceIdiom == .pad || ready { grid.numberOfColumns = 4 } else { grid.numberOfColumns = 2 }",
            "if traitCollection.userInterfaceIdiom != .pad || compact { grid.numberOfColumns = 2 }",
        ]
        for source in flagged { XCTAssertEqual(layout([("T.swift", source)]).count, 1, source) }
        let silent = [
            // The Mac takes the iPad's branch, or one of its own, or decides by size class.
            "if traitCollection.userInterfaceIdiom != .phone && ready { grid.numberOfColumns = 4 } else { grid.numberOfColumns = 2 }",
            "if traitCollection.userInterfaceIdiom == .pad || traitCollection.userInterfaceIdiom == .mac { grid.numberOfColumns = 4 }",
            "if traitCollection.userInterfaceIdiom == .pad || traitCollection.horizontalSizeClass == .regular { grid.numberOfColumns = 4 } else { grid.numberOfColumns = 2 }",
            "if traitCollection.userInterfaceIdiom == .pad || view.bounds.width > 700 { grid.numberOfColumns = 4 } else { grid.numberOfColumns = 2 }",
            "if traitCollection.userInterfaceIdiom == .pad { grid.numberOfColumns = 4 } else if view.bounds.width > 700 { grid.numberOfColumns = 3 } else { grid.numberOfColumns = 1 }",
            "if traitCollection.userInterfaceIdiom == .pad { grid.numberOfColumns = 4 } else { grid.numberOfColumns = traitCollection.horizontalSizeClass == .regular ? 3 : 1 }",
            "if traitCollection.userInterfaceIdiom == .pad { grid.numberOfColumns = 4 } else if traitCollection.userInterfaceIdiom == .phone { grid.numberOfColumns = 1 }",
        ]
        for source in silent { XCTAssertEqual(layout([("T.swift", source)]).map(\.message), [], source) }
    }

    func testEarlyExitsChooseTheCodeAfterThem() {
        let flagged = "func f() {\n    if traitCollection.userInterfaceIdiom != .pad { return }\n    grid.numberOfColumns = 4\n}"
        XCTAssertEqual(layout([("T.swift", flagged)]).map { "\($0.position.line):\($0.position.column)" }, ["2:8"])
        let silent = "func f() {\n    if traitCollection.userInterfaceIdiom == .phone { return }\n    grid.numberOfColumns = 4\n}"
        XCTAssertEqual(layout([("T.swift", silent)]).map(\.message), [])
    }

    func testIfExpressionsAndSwitchExpressionsAsValues() {
        let source = """
        let spacing: CGFloat = if traitCollection.userInterfaceIdiom == .pad { 20 } else { 8 }
        let axis: NSLayoutConstraint.Axis = switch traitCollection.userInterfaceIdiom {
        case .pad: .horizontal
        default: .vertical
        }
        """
        XCTAssertEqual(layout([("T.swift", source)]).map { "\($0.position.line)" }, ["1", "2"])
    }

    // MARK: What is not geometry

    func testDecisionsThatSelectNoGeometryAreSilent() {
        let source = """
        if UIDevice.current.userInterfaceIdiom == .pad {
            navigationItem.rightBarButtonItem = editButtonItem
            present(settings, animated: true)
        } else {
            navigationController?.pushViewController(settings, animated: true)
        }
        let style: UIModalPresentationStyle = UIDevice.current.userInterfaceIdiom == .pad ? .formSheet : .fullScreen
        let title = UIDevice.current.userInterfaceIdiom == .pad ? "Library" : "Books"
        let titleFont = UIFont.systemFont(ofSize: UIDevice.current.userInterfaceIdiom == .pad ? 20 : 16)
        let renderer = UIGraphicsImageRenderer(size: UIDevice.current.userInterfaceIdiom == .pad ? big : small)
        """
        XCTAssertEqual(layout([("T.swift", source)]).map(\.message), [])
    }

    // MARK: Previews

    func testPreviewsNeverRunInTheApp() {
        let source = """
        #Preview {
            let stepper = UIStepper()
            return stepper
        }
        struct Servings_Previews: PreviewProvider {
            static var previews: some View {
                Rows(columns: UIDevice.current.userInterfaceIdiom == .pad ? 3 : 1)
                    .frame(width: 834, height: 1194)
            }
        }
        """
        XCTAssertEqual(lint([("T.swift", source)]).map { "\($0.position) \($0.rule)" }, [])
    }

    // MARK: Screen sizes

    func testScreenSizeComparisons() {
        let source = """
        let isPhoneX = UIScreen.main.nativeBounds.height == 2436
        let isSmall = UIScreen.main.bounds.width <= 320
        if view.bounds.width == 768 { }
        if view.bounds.width >= 768 { }
        if items.count == 1024 { }
        switch UIScreen.main.bounds.height {
        case 667: inset = 20
        case 0..<568: inset = 10
        default: inset = 30
        }
        """
        XCTAssertEqual(layout([("T.swift", source)]).map { "\($0.position.line):\($0.position.column)" },
                       ["1:53", "2:45", "3:25", "7:6", "8:10"])
    }

    func testLoneIPadDimensionsInFrames() {
        let source = """
        let a = CGRect(x: 0, y: 0, width: 834, height: 640)
        let b = CGSize(width: 300, height: 1024)
        let c = CGSize(width: 1024, height: 1024)
        let d = CGRect(x: 0, y: 0, width: 414, height: 300)
        let e = UIGraphicsImageRenderer(bounds: CGRect(x: 0, y: 0, width: 834, height: 640))
        """
        XCTAssertEqual(layout([("T.swift", source)]).map { "\($0.position.line):\($0.position.column)" }, ["1:9", "2:9"])
    }

    /// A file's decisions ask the same names again and again, and `IdiomDecisionReader.Memo`
    /// answers each once: its answers must be the classifier's, asked in any order and more than once.
    func testTheMemoOfFeatureJudgementsAnswersAsTheClassifier() {
        let vocabulary = LoweringVocabulary.standard
        XCTAssertFalse(vocabulary.featureWords.isEmpty)
        let memo = IdiomDecisionReader.Memo(vocabulary)
        let names = ["addInteraction", "buildMenu", "keyCommands", "popoverPresentationController", "barButtonItem",
                     "rightBarButtonItems", "navigationItem", "isHidden", "contextMenuInteraction", "x", "",
                     "UIPencilInteraction", "menuSourceAnchor", "registerForPreviewing"]
        var judged = 0
        for name in names + names.reversed() + names {
            let memoized = memo.judgedFeature(name), direct = vocabulary.featureClassifier.judged(name)
            XCTAssertTrue(memoized == direct, "\(name): \(memoized) against \(direct)")
            if direct.matches { judged += 1 }
            XCTAssertEqual(memo.adaptation(of: name), vocabulary.adaptation(of: name), name)
        }
        XCTAssertGreaterThan(judged, 6)
        // A group judged through the memo picks the feature the classifier picks.
        let group = ["navigationItem", "rightBarButtonItems", "addInteraction"]
        XCTAssertEqual(vocabulary.feature(in: group, leaving: nil, judge: memo.judgedFeature),
                       vocabulary.feature(in: group, leaving: nil, judge: vocabulary.featureClassifier.judged))
        XCTAssertNil(vocabulary.feature(in: ["popoverPresentationController", "addInteraction"], leaving: nil, judge: memo.judgedFeature))
    }
}
