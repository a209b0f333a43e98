import SwiftSyntax
import XCTest
@testable import CatalintKit

/// What the Swift front end must understand: types across files, guards, states, comments.
final class SwiftFrontEndTests: XCTestCase {
    // MARK: Types from what the source says

    /// The text of an expression read from the file's bytes is the text read from the tree, on
    /// one line or several, ASCII or not, with tabs, comments and string literals: where the bytes
    /// cannot tell, they do not answer.
    func testAnExpressionsTextFromTheBytesIsItsTextFromTheTree() throws {
        let source = """
        let a = view.layer.sublayers?.first!.frame.size\tcheck
        let b = cell
            .contentView
            .subviews.first // a comment
        let c = "ü \\(name)".count + label.text!.count
        let d = (button as? UIButton)?.titleLabel?.font.pointSize ?? 0
        let e = items.map { $0.title } /* note */ .joined()
        let f = x\u{2028}.y
        """
        guard case .success(let file) = SwiftSourceFile.parse(path: "A.swift", text: source) else { return XCTFail("not parsed") }
        var expressions: [ExprSyntax] = []
        var pending = [Syntax(file.tree)]
        while let node = pending.popLast() {
            if let expression = node.as(ExprSyntax.self) { expressions.append(expression) }
            pending += node.children(viewMode: .sourceAccurate)
        }
        var answered = 0, declined = 0
        for expression in expressions {
            if let text = file.compactText(of: expression) {
                XCTAssertEqual(text, expression.compactText)
                answered += 1
            } else {
                declined += 1
            }
        }
        XCTAssertGreaterThan(answered, 30)
        XCTAssertGreaterThan(declined, 3, "several lines, non-ASCII text")
    }

    func testSubclassDeclaredInAnotherFileIsKnown() {
        let found = lint([
            ("A.swift", "let control = MyRefreshControl()\nlet rating = RatingSlider()\nrating.thumbTintColor = .red\n"),
            ("Z.swift", "class BaseRefresh: UIRefreshControl {}\nclass MyRefreshControl: BaseRefresh {}\nclass RatingSlider: UISlider {}\n"),
        ])
        XCTAssertEqual(found.map { "\($0.position) \($0.rule)" }, [
            "A.swift:1:15 unavailable-control",
            "A.swift:3:8 slider-custom-appearance",
        ])
        XCTAssertTrue(found[0].message.contains("`MyRefreshControl`, a subclass of `UIRefreshControl`"), found[0].message)
    }

    func testPropertyDeclaredInAnotherFileIsTyped() {
        let found = lint([
            ("Controller.swift", "class PlayerController: UIViewController {\n    @IBOutlet weak var volume: UISlider!\n}\n"),
            ("Controller+Setup.swift", "extension PlayerController {\n    func setUp() {\n        volume.thumbTintColor = .red\n        self.volume.value = 2\n    }\n}\n"),
        ])
        XCTAssertEqual(found.map { "\($0.position) \($0.rule)" }, ["Controller+Setup.swift:3:16 slider-custom-appearance"])
    }

    func testThumbTintColorAloneDoesNotTellASlider() {
        XCTAssertEqual(rules("func f(control: Any) { (control as AnyObject).thumbTintColor = .red }\nlet s = UISwitch()\ns.thumbTintColor = .red\n"), [])
        XCTAssertEqual(rules("func f(cell: Cell) { cell.knob.thumbTintColor = .red }\n"), [])
        XCTAssertEqual(rules("func f(cell: Cell) { cell.knob.setThumbImage(nil, for: .normal) }\n"), ["slider-custom-appearance"])
    }

    func testAKnownNonButtonTypeDoesNotFire() {
        let source = """
        class Card { func setTitle(_ title: String, for state: UIControl.State) {} }
        let card = Card()
        card.setTitle("x", for: .selected)
        let segments = UISegmentedControl()
        segments.setTitle("x", for: .selected)
        """
        XCTAssertEqual(rules(source), [])
    }

    func testVarLazyVarAndClosureBuiltControls() {
        let source = """
        class Screen: UIViewController {
            var save: UIButton = UIButton()
            lazy var rating = { () -> UISlider in
                let slider = UISlider()
                return slider
            }()
            lazy var share: UIButton = makeShare()
            func configure() {
                save.setTitle("Saved", for: .selected)
                rating.setThumbImage(nil, for: .normal)
                share.setImage(nil, for: .highlighted)
            }
        }
        """
        XCTAssertEqual(findings(source), [
            "9:14 button-non-normal-state",
            "10:16 slider-custom-appearance",
            "11:15 button-non-normal-state",
        ])
    }

    func testPadStyleOnTheSameObjectExemptsIt() {
        let source = """
        class Screen: UIViewController {
            lazy var rating: UISlider = {
                let slider = UISlider()
                slider.preferredBehavioralStyle = .pad
                return slider
            }()
            let save = UIButton()
            func configure() {
                rating.setThumbImage(nil, for: .normal)
                save.setTitle("Saved", for: .selected)
            }
            func style() {
                self.save.preferredBehavioralStyle = .pad
            }
            func other() {
                let unrelated = UIButton()
                unrelated.setTitle("x", for: .selected)
            }
        }
        """
        XCTAssertEqual(findings(source), ["17:19 button-non-normal-state"])
    }

    func testPadStyleInASubclassInitializerCoversEveryInstance() {
        let found = lint([
            ("Use.swift", "let star = StarSlider()\nstar.setThumbImage(nil, for: .normal)\nlet plain = PlainSlider()\nplain.setThumbImage(nil, for: .normal)\n"),
            ("Sliders.swift", """
            class StarSlider: UISlider {
                init() {
                    super.init(frame: .zero)
                    self.preferredBehavioralStyle = .pad
                }
            }
            class PlainSlider: UISlider {}
            """),
        ])
        XCTAssertEqual(found.map { "\($0.position) \($0.rule)" }, ["Use.swift:4:7 slider-custom-appearance"])
    }

    func testPadStyleDoesNotHelpUnavailableControls() {
        XCTAssertEqual(rules("let s = UIStepper()\ns.preferredBehavioralStyle = .pad\n"), ["unavailable-control"])
    }

    // MARK: Control states

    func testNormalStateSpellings() {
        for state in [".normal", "[]", "UIControl.State()", "UIControl.State.normal", "[.normal]", ".init()"] {
            XCTAssertEqual(rules("let b = UIButton()\nb.setTitle(\"x\", for: \(state))\n"), [], state)
        }
        for state in [".highlighted", "[.selected, .highlighted]", "UIControl.State.disabled", "[.normal, .focused]"] {
            XCTAssertEqual(rules("let b = UIButton()\nb.setTitle(\"x\", for: \(state))\n"), ["button-non-normal-state"], state)
        }
        // A state held in a variable is not known: no guess.
        XCTAssertEqual(rules("let b = UIButton()\nlet s: UIControl.State = .selected\nb.setTitle(\"x\", for: s)\n"), [])
    }

    func testTheMessageNamesTheState() {
        let found = lint([("T.swift", "let b = UIButton()\nb.setImage(nil, for: [.selected, .highlighted])\n")])
        XCTAssertTrue(found[0].message.contains("`setImage(_:for:)` for `[.highlighted, .selected]`"), found[0].message)
    }

    // MARK: Guards

    func testCompileTimeGuards() {
        let exempt = [
            "#if !targetEnvironment(macCatalyst)\nlet s = UIStepper()\n#endif\n",
            "#if targetEnvironment(macCatalyst)\nlet f = UITextField()\n#else\nlet s = UIStepper()\n#endif\n",
            "#if targetEnvironment(macCatalyst)\nlet f = 1\n#elseif DEBUG\nlet s = UIStepper()\n#endif\n",
            "#if os(iOS) && !targetEnvironment(macCatalyst)\nlet s = UIStepper()\n#endif\n",
            "#if os(macOS)\nlet s = UIStepper()\n#endif\n",
            // A file that imports AppKit, Cocoa or WatchKit is never part of a Mac Catalyst build.
            "import AppKit\nlet s = UIStepper()\n",
            "import Foundation\nimport WatchKit\nlet v = CGRect(x: 0, y: 0, width: 768, height: 1024)\n",
        ]
        for source in exempt { XCTAssertEqual(rules(source), [], source) }
        let notExempt = [
            "#if targetEnvironment(macCatalyst)\nlet s = UIStepper()\n#endif\n",
            "#if os(iOS)\nlet s = UIStepper()\n#endif\n",
            "#if DEBUG\nlet s = UIStepper()\n#endif\n",
            "#if canImport(UIKit)\nlet s = UIStepper()\n#endif\n",
            "#if !targetEnvironment(macCatalyst) || DEBUG\nlet s = UIStepper()\n#endif\n",
            "#if os(macOS)\nimport AppKit\n#else\nimport UIKit\n#endif\nlet s = UIStepper()\n",
        ]
        for source in notExempt { XCTAssertEqual(rules(source), ["unavailable-control"], source) }
    }

    func testRunTimeGuards() {
        let exempt = [
            "if traitCollection.userInterfaceIdiom != .mac { let s = UIStepper() }",
            "if traitCollection.userInterfaceIdiom == .mac { } else { let s = UIStepper() }",
            "if UIDevice.current.userInterfaceIdiom == .mac { } else if x { let s = UIStepper() }",
            "func f() { guard traitCollection.userInterfaceIdiom != .mac else { return }\n let s = UIStepper() }",
            "func f() { if traitCollection.userInterfaceIdiom == .mac { return }\n let s = UIStepper() }",
            "switch traitCollection.userInterfaceIdiom { case .mac: break\n default: let s = UIStepper() }",
            "switch traitCollection.userInterfaceIdiom { case .pad, .phone: let s = UIStepper()\n default: break }",
            "if !ProcessInfo.processInfo.isMacCatalystApp { let s = UIStepper() }",
            "if ProcessInfo.processInfo.isMacCatalystApp == false { let s = UIStepper() }",
            "if ready && traitCollection.userInterfaceIdiom != .mac { let s = UIStepper() }",
            "let s = traitCollection.userInterfaceIdiom == .mac ? nil : UIStepper()",
            "let idiom = traitCollection.userInterfaceIdiom\nif idiom != .mac { let s = UIStepper() }",
            "var isMac: Bool { traitCollection.userInterfaceIdiom == .mac }\nfunc f() { if !isMac { let s = UIStepper() } }",
            "if .mac != UIDevice.current.userInterfaceIdiom { let s = UIStepper() }",
            "@available(macCatalyst, unavailable)\nclass Legacy { let s = UIStepper() }",
            "class A { @available(macCatalyst, unavailable) func f() { let s = UIStepper() } }",
        ]
        for source in exempt { XCTAssertEqual(rules(source), [], source) }
        let notExempt = [
            "if traitCollection.userInterfaceIdiom == .mac { let s = UIStepper() }",
            "if traitCollection.userInterfaceIdiom != .mac { } else { let s = UIStepper() }",
            "switch traitCollection.userInterfaceIdiom { case .pad: break\n default: let s = UIStepper() }",
            "if ready || traitCollection.userInterfaceIdiom != .mac { let s = UIStepper() }",
            "if ProcessInfo.processInfo.isMacCatalystApp { let s = UIStepper() }",
            "func f() { guard traitCollection.userInterfaceIdiom == .mac else { return }\n let s = UIStepper() }",
            "@available(iOS 15, *)\nfunc f() { let s = UIStepper() }",
        ]
        for source in notExempt { XCTAssertEqual(rules(source), ["unavailable-control"], source) }
    }

    func testGuardsApplyToEveryRule() {
        let source = """
        if traitCollection.userInterfaceIdiom != .mac {
            let b = UIButton(); b.setTitle("x", for: .selected)
            let s = UISlider(); s.minimumTrackTintColor = .red
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 768, height: 1024))
            let columns = UIDevice.current.userInterfaceIdiom == .pad ? 3 : 1
        }
        """
        XCTAssertEqual(rules(source), [])
    }

    // MARK: Apple's own code

    func testApplesRecommendedSnippetsAreSilent() throws {
        let file = try String(contentsOf: packageRoot.appendingPathComponent("Tests/CatalintKitTests/Fixtures/AppleIdiomSnippets.swift.txt"), encoding: .utf8)
        let snippets = file.components(separatedBy: "// ---\n").dropFirst()
        XCTAssertEqual(snippets.count, 4)
        for snippet in snippets {
            let wrapped = "class RecipeViewController: UIViewController {\n    func run(sender: Any) {\n\(snippet)\n    }\n}\n"
            XCTAssertEqual(lint([("Apple.swift", wrapped)]).map { "\($0.position) \($0.rule)" }, [], snippet)
        }
    }

    // MARK: Positions, comments, strings, syntax

    func testColumnsCountCharacters() {
        let found = lint([("T.swift", "let café = \"👩‍👩‍👧\"; let s = UIStepper()\n")])
        // `é` is one character (two UTF-8 bytes), the family emoji one character (18 bytes).
        XCTAssertEqual(found.map { "\($0.position.line):\($0.position.column)" }, ["1:25"])
    }

    func testTextInCommentsAndStringsNeverFires() {
        let source = """
        // let s = UIStepper()
        /* button.setTitle("x", for: .selected) */
        /// `UIRefreshControl()` in docs
        let text = "UIPageControl() and slider.setThumbImage(nil, for: .normal)"
        let more = \"\"\"
            CGRect(x: 0, y: 0, width: 768, height: 1024)
            \"\"\"
        """
        XCTAssertEqual(rules(source), [])
    }

    func testASyntaxErrorIsReportedAndTheRestIsLinted() {
        let found = lint([("Broken.swift", "let s = UIStepper()\nfunc f( {\n"), ("Fine.swift", "let p = UIPageControl()\n")])
        XCTAssertEqual(found.map { "\($0.position) \($0.rule)" },
                       ["Broken.swift:1:9 unavailable-control", "Broken.swift:2:8 invalid-swift", "Fine.swift:1:9 unavailable-control"])
        let invalid = found.first { $0.rule == ToolRule.invalidSwift }!
        XCTAssertEqual(invalid.position.path, "Broken.swift")
        XCTAssertEqual(invalid.position.line, 2)
        XCTAssertEqual(invalid.severity, .error)
        XCTAssertTrue(invalid.message.hasPrefix("Swift syntax error: "), invalid.message)
    }

    func testBareCallsInsideASubclassUseSelf() {
        let source = """
        class RatingSlider: UISlider {
            func setUp() {
                setThumbImage(nil, for: .normal)
                minimumTrackTintColor = .red
                value = 3
            }
        }
        class Plain: UIView {
            func setUp() { setImage(nil, for: .selected) }
            func setImage(_ image: UIImage?, for state: UIControl.State) {}
        }
        """
        XCTAssertEqual(findings(source), ["3:9 slider-custom-appearance", "4:9 slider-custom-appearance"])
    }
}

/// `#if swift(...)` and `#if compiler(...)` branches a compiler would skip hold syntax for other
/// compilers: their syntax errors do not count.
final class VersionConditionTests: XCTestCase {
    private func errors(_ source: String, version: String? = nil) -> [String] {
        var configuration = Configuration(directory: "/p")
        if let version { configuration.swiftVersion = SwiftVersion(version)! }
        return Linter(options: LintOptions(configuration: configuration)).lintSources([(path: "/p/A.swift", text: source)])
            .diagnostics.filter { $0.rule == ToolRule.invalidSwift }.map { "\($0.position.line)" }
    }

    func testInactiveVersionBranchesAreNotSyntaxChecked() {
        let newer = "#if swift(>=99)\nlet x = future syntax here )(\n#else\nlet y = 1\n#endif\n"
        XCTAssertEqual(errors(newer), [])
        XCTAssertEqual(errors("#if compiler(<5.0)\nold ( syntax\n#endif\nlet s = 1\n"), [])
        XCTAssertEqual(errors("#if swift(>=5.9) && !swift(>=99)\nlet a = 1\n#elseif swift(>=99)\nbroken ( code\n#endif\n"), [])
        // An active branch is checked, and so is one that depends on anything but the version.
        XCTAssertEqual(errors("#if swift(>=5.0)\nlet x = )(\n#endif\n"), ["2"])
        XCTAssertEqual(errors("#if DEBUG\nlet x = )(\n#endif\n"), ["2"])
        XCTAssertEqual(errors("#if swift(>=99) || DEBUG\nlet x = )(\n#endif\n"), ["2"])
        // The project's Swift decides: with swift_version 5.8, `#if swift(>=5.9)` is skipped.
        let gated = "#if swift(>=5.9)\nlet x = )(\n#endif\n"
        XCTAssertEqual(errors(gated), ["2"])
        XCTAssertEqual(errors(gated, version: "5.8"), [])
    }

    func testVersionsCompareByComponents() {
        XCTAssertTrue(SwiftVersion("5.10")! > SwiftVersion("5.9")!)
        XCTAssertEqual(SwiftVersion("6")!, SwiftVersion("6.0.0")!)
        XCTAssertNil(SwiftVersion("six"))
        XCTAssertNil(SwiftVersion("5..1"))
    }

    /// Columns computed in any order on one long line, with accents, emoji and a combining mark,
    /// are the columns computed afresh (the cursor that makes them linear never changes a result).
    func testColumnsInAnyOrderOnOneLineAreExact() {
        let line = (0..<300).map { n in n % 7 == 0 ? "é👍🏽e\u{301} " : "let x\(n) = 1; " }.joined()
        let text = "first\n" + line + "\nlast"
        let offsets = Array(stride(from: 6, to: 6 + line.utf8.count, by: 1)).filter { offset in
            let bytes = Array(text.utf8)
            return bytes[offset] & 0xC0 != 0x80
        }
        var generator = SystemRandomNumberGenerator()
        let shared = SourceText(path: "A.swift", text: text)
        for offset in offsets.shuffled(using: &generator) + offsets + offsets.reversed() {
            XCTAssertEqual(shared.position(utf8Offset: offset), SourceText(path: "A.swift", text: text).position(utf8Offset: offset), "offset \(offset)")
        }
    }
}
