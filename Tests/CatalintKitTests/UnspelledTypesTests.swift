import XCTest
@testable import CatalintKit

/// Types the code does not spell out where it uses them (issue 28): a control returned by a function
/// or a computed property declared in another file, a factory's product, a superclass that only the
/// configuration knows.
final class UnspelledTypesTests: XCTestCase {
    private func found(_ sources: [(String, String)], only rule: String) -> [String] {
        lint(sources, only: [rule]).map { "\($0.position.path):\($0.position.line)" }
    }

    func testAControlReturnedByAFunctionDeclaredElsewhere() {
        let setup = """
        extension LibraryViewController {
            func setupSortButton() -> UIButton {
                let button = UIButton(type: .system)
                button.setTitle("Sort", for: .normal)
                return button
            }
            func setupTitle() -> UILabel { UILabel() }
            static func makeScrubber() -> UISlider? { UISlider() }
        }
        enum Controls {
            static func toggle() -> UISwitch { UISwitch() }
        }
        """
        let uses = """
        final class LibraryViewController: UIViewController {
            func a() { let sortButton = setupSortButton(); sortButton.addGestureRecognizer(press) }
            func b() { let title = setupTitle(); title.addGestureRecognizer(press) }
            func c() { let scrubber = LibraryViewController.makeScrubber(); scrubber?.thumbTintColor = .red }
            func d() { setupSortButton().addGestureRecognizer(press) }
            func e() { let toggle = Controls.toggle(); toggle.addGestureRecognizer(press) }
        }
        """
        let sources = [("Setup.swift", setup), ("Library.swift", uses)]
        XCTAssertEqual(found(sources, only: "button-gesture-recognizer"), ["Library.swift:2", "Library.swift:5"])
        XCTAssertEqual(found(sources, only: "slider-custom-appearance"), ["Library.swift:4"])
    }

    func testAComputedPropertyDeclaredInAnExtension() {
        let declared = """
        extension PlayerView {
            var scrubber: UISlider { subviews.compactMap { $0 as? UISlider }.first! }
        }
        """
        let uses = "final class PlayerView: UIView { func style() { scrubber.setThumbImage(knob, for: .normal) } }\n"
        XCTAssertEqual(found([("Scrubber.swift", declared), ("Player.swift", uses)], only: "slider-custom-appearance"), ["Player.swift:1"])
    }

    func testAUIKitFactoryStaysItsClass() {
        // A class method the project does not declare gives the class it is called on.
        let source = "func f() { let b = UIButton.systemButton(with: image, target: nil, action: nil); b.addGestureRecognizer(press) }\n"
        XCTAssertEqual(found([("A.swift", source)], only: "button-gesture-recognizer"), ["A.swift:1"])
    }

    /// `slider-custom-appearance` on one file, with a configuration in /tmp and what `--verbose` adds.
    private func sliders(in source: String, at path: String, configuration text: String) throws -> LintResult {
        var configuration = try ConfigurationLoader.parse(text, path: "/tmp/.catalint.yml")
        configuration.directory = "/tmp"
        var options = LintOptions(idiom: .mac, onlyRules: ["slider-custom-appearance"], configuration: configuration)
        options.describesTypes = true
        return try Linter(options: options).lint(.sources([(path: path, text: source)]))
    }

    func testASuperclassFromTheConfiguration() throws {
        let source = """
        final class ScrubBar: OBSlider {
            override func awakeFromNib() { super.awakeFromNib(); thumbTintColor = .white }
        }
        final class Tag: ChipView { func style() { thumbTintColor = .white } }
        """
        let result = try sliders(in: source, at: "/tmp/ScrubBar.swift", configuration: "superclasses:\n  OBSlider: UISlider\n")
        XCTAssertEqual(result.diagnostics.map(\.position.line), [2])
        // The class whose chain stops at a name nothing declares is named with --verbose.
        XCTAssertEqual(result.typeNotes.count, 1)
        XCTAssertTrue(result.typeNotes[0].hasPrefix("/tmp/ScrubBar.swift:4:13: superclass unknown: Tag inherits from ChipView"), result.typeNotes[0])
    }

    func testTheConfigurationReplacesADeclaredSuperclass() throws {
        let source = "class Knob: UIView {}\nfinal class Dial: Knob { func f() { thumbTintColor = .red } }\n"
        let result = try sliders(in: source, at: "/tmp/Dial.swift", configuration: "superclasses: {Knob: UISlider}\n")
        XCTAssertEqual(result.diagnostics.map(\.position.line), [2])
        XCTAssertEqual(result.typeNotes, ["/tmp/.catalint.yml:1:16: superclasses: Knob is taken as a subclass of UISlider, as the configuration says; "
                                          + "the project declares it a subclass of UIView"])
    }

    func testApplesNamesAreNotUnknownAndADependencysAre() {
        for name in ["UIView", "NSObject", "AVPlayerViewController", "WKWebView", "SKScene", "ARSCNView", "Codable", "ObservableObject"] {
            XCTAssertTrue(SystemNames.isSystem(name), name)
        }
        // Prefixes that pods share with Apple's frameworks are not taken for Apple's.
        for name in ["ARFlatButton", "SKPhotoBrowser", "ASDisplayNode", "OBSlider", "MBProgressHUD"] {
            XCTAssertFalse(SystemNames.isSystem(name), name)
        }
    }

    func testSuperclassesThatCannotBeRead() {
        for (text, message) in [
            ("superclasses: [OBSlider]\n", "'superclasses' must be a mapping"),
            ("superclasses: {OBSlider: OBSlider}\n", "'OBSlider' cannot be its own superclass"),
            ("superclasses: {A: B, B: A}\n", "makes 'A' its own ancestor"),
            ("superclasses: {\"OB Slider\": UISlider}\n", "takes class names as keys"),
            ("superclasses: {OBSlider: [UISlider]}\n", "the superclass of 'OBSlider' must be a class name"),
        ] {
            XCTAssertThrowsError(try ConfigurationLoader.parse(text, path: "/tmp/.catalint.yml"), text) { error in
                XCTAssertTrue("\(error)".contains(message), "\(text): \(error)")
            }
        }
    }

    func testAPopoverBoundWithIfLetAndGivenToAHelperThatAnchorsIt() {
        let helper = """
        enum Anchor {
            case item(UIBarButtonItem)
            case view(UIView)
            func apply(to popover: UIPopoverPresentationController?) {
                guard let popover else { return }
                switch self {
                case .item(let item): popover.sourceItem = item
                case .view(let view): popover.sourceView = view
                }
            }
        }
        """
        let uses = """
        func share(_ url: URL, at anchor: Anchor) {
            let sheet = UIActivityViewController(activityItems: [url], applicationActivities: nil)
            if let popover = sheet.popoverPresentationController {
                anchor.apply(to: popover)
            }
            present(sheet, animated: true)
        }
        func unanchored(_ url: URL) {
            let sheet = UIActivityViewController(activityItems: [url], applicationActivities: nil)
            if let popover = sheet.popoverPresentationController { popover.permittedArrowDirections = .up }
            present(sheet, animated: true)
        }
        """
        XCTAssertEqual(found([("Anchor.swift", helper), ("Share.swift", uses)], only: "missing-popover-anchor"), ["Share.swift:11"])
    }
}
