import XCTest
@testable import CatalintKit

/// Decisions that hold across functions and files (issue 20): helpers that tell the idiom or the
/// Mac with several returns, values chosen by idiom, factories, and functions that set something
/// on what they are given.
final class AcrossFunctionsTests: XCTestCase {
    private func found(_ sources: [(String, String)], only rule: String) -> [String] {
        lint(sources, only: [rule]).map { "\($0.position.path):\($0.position.line)" }
    }

    // MARK: Helpers read path by path

    func testABoolFunctionWithSeveralReturnsDecides() {
        let helper = """
        enum Platform {
            static func isPadLayout() -> Bool {
                guard UIDevice.current.userInterfaceIdiom == .pad else { return false }
                if #available(iOS 15, *) { return true }
                return true
            }
        }
        """
        let layout = "func f() { if Platform.isPadLayout() { stack.spacing = 20 } else { stack.spacing = 8 } }\n"
        XCTAssertEqual(found([("Platform.swift", helper), ("Layout.swift", layout)], only: "idiom-layout-decision"), ["Layout.swift:1"])
    }

    func testIsMacCatalystAppAndIsiOSAppOnMac() {
        // isMacCatalystApp is true on a Mac in either idiom; isiOSAppOnMac is false in a Mac Catalyst app.
        let onMac = """
        func runningOnMac() -> Bool {
            if #available(iOS 14.0, *) {
                return ProcessInfo.processInfo.isiOSAppOnMac || ProcessInfo.processInfo.isMacCatalystApp
            }
            return ProcessInfo.processInfo.isMacCatalystApp
        }
        """
        let uses = """
        func a() { if !runningOnMac() { let s = UIStepper() } }
        func b() { if !runningOnMac() { present(UIActivityViewController(activityItems: [], applicationActivities: nil), animated: true) } }
        func c() { if UIDevice.current.userInterfaceIdiom == .pad || runningOnMac() { stack.spacing = 20 } else { stack.spacing = 8 } }
        func d() { if !ProcessInfo.processInfo.isiOSAppOnMac { let p = UIPageControl() } }
        """
        XCTAssertEqual(lint([("Mac.swift", onMac), ("Uses.swift", uses)]).map { "\($0.position.line) \($0.rule)" }, ["4 unavailable-control"])
    }

    func testACompileTimeBranchOfAHelperTellsTheMac() {
        let helper = """
        let isOnMac: Bool = {
            #if targetEnvironment(macCatalyst)
            return true
            #else
            return ProcessInfo.processInfo.isiOSAppOnMac
            #endif
        }()
        """
        XCTAssertEqual(found([("Helper.swift", helper), ("Use.swift", "func f() { guard !isOnMac else { return }\n let s = UIStepper() }\n")],
                             only: "unavailable-control"), [])
    }

    // MARK: Values chosen by idiom

    func testAStyleChosenByIdiomInAnotherFile() {
        let style = """
        extension UIAlertController.Style {
            static var safeActionSheet: UIAlertController.Style {
                if UIDevice.current.userInterfaceIdiom == .pad { return .alert } else { return .actionSheet }
            }
            static func phoneSheet() -> UIAlertController.Style { .actionSheet }
        }
        """
        let uses = """
        func a() { let s = UIAlertController(title: nil, message: nil, preferredStyle: .safeActionSheet); present(s, animated: true) }
        func b() { let s = UIAlertController(title: nil, message: nil, preferredStyle: UIAlertController.Style.safeActionSheet); present(s, animated: true) }
        func c() {
            let s = UIAlertController(title: nil, message: nil, preferredStyle: .safeActionSheet)
            s.popoverPresentationController?.sourceView = view
            present(s, animated: true)
        }
        """
        XCTAssertEqual(found([("Style.swift", style), ("Uses.swift", uses)], only: "missing-popover-anchor"), ["Uses.swift:1", "Uses.swift:2"])
        let message = lint([("Style.swift", style), ("Uses.swift", uses)], only: ["missing-popover-anchor"]).first?.message ?? ""
        XCTAssertTrue(message.contains("in the Mac idiom (its style is chosen by idiom"), message)
    }

    // MARK: Factories and helpers that anchor

    func testAFactoryInAnotherFile() {
        let factories = """
        func confirm(_ title: String) -> UIAlertController {
            let alert = UIAlertController(title: title, message: nil, preferredStyle: .actionSheet)
            return alert
        }
        func anchored(from view: UIView) -> UIAlertController {
            let alert = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            alert.popoverPresentationController?.sourceView = view
            return alert
        }
        final class Store { var kept: UIAlertController?
            func stored() -> UIAlertController {
                let alert = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
                kept = alert
                return alert
            }
        }
        """
        let uses = """
        func a() { let s = confirm("x"); present(s, animated: true) }
        func b(_ v: UIView) { let s = anchored(from: v); present(s, animated: true) }
        func c(_ store: Store) { let s = store.stored(); present(s, animated: true) }
        func d() { present(confirm("y"), animated: true) }
        func e() { let s = confirm("z"); s.popoverPresentationController?.barButtonItem = item; present(s, animated: true) }
        """
        XCTAssertEqual(found([("Factories.swift", factories), ("Uses.swift", uses)], only: "missing-popover-anchor"), ["Uses.swift:1", "Uses.swift:4"])
    }

    func testHelpersThatAnchorWhatTheyAreGiven() {
        let helpers = """
        func anchor(_ sheet: UIAlertController, to view: UIView, animated: Bool = true) {
            sheet.popoverPresentationController?.sourceView = view
        }
        func padOnly(_ sheet: UIAlertController, to view: UIView) {
            if UIDevice.current.userInterfaceIdiom == .pad { sheet.popoverPresentationController?.sourceView = view }
        }
        func keep(_ sheet: UIAlertController) { Registry.sheets.append(sheet) }
        """
        let uses = """
        func a(_ v: UIView) { let s = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet); anchor(s, to: v); present(s, animated: true) }
        func b(_ v: UIView) { let s = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet); padOnly(s, to: v); present(s, animated: true) }
        func c() { let s = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet); keep(s); present(s, animated: true) }
        func d(_ v: UIView) {
            let s = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            if UIDevice.current.userInterfaceIdiom == .pad { anchor(s, to: v) }
            present(s, animated: true)
        }
        """
        // b and d anchor only where the idiom is `.pad`; c hands the sheet to code that keeps it.
        XCTAssertEqual(found([("Helpers.swift", helpers), ("Uses.swift", uses)], only: "missing-popover-anchor"), ["Uses.swift:2", "Uses.swift:7"])
    }

    // MARK: A camera picker made elsewhere

    func testACameraPickerMadeByAFactoryIsJudgedWhereTheFactoryIsCalled() {
        let factory = """
        extension UIImagePickerController {
            static func camera() -> UIImagePickerController {
                let picker = UIImagePickerController()
                picker.sourceType = .camera
                return picker
            }
        }
        """
        let checked = "func a() { guard UIImagePickerController.isSourceTypeAvailable(.camera) else { return }\n let p = UIImagePickerController.camera(); present(p, animated: true) }\n"
        let unchecked = "func b() { let p = UIImagePickerController.camera(); present(p, animated: true) }\n"
        XCTAssertEqual(found([("Camera.swift", factory), ("A.swift", checked)], only: "unchecked-camera"), [])
        XCTAssertEqual(found([("Camera.swift", factory), ("A.swift", checked), ("B.swift", unchecked)], only: "unchecked-camera"), ["Camera.swift:4"])
    }
}

/// Two files that declare different types of the same name: each sees its own.
final class SameNamedTypesTests: XCTestCase {
    func testEachFileSeesItsOwnDeclarationOfATypeDeclaredTwice() {
        let ios = """
        class SoundChoiceView: UIView {
            private lazy var checkbox: UISwitch = { UISwitch() }()
            func refresh() { self.checkbox.title = "Sound" }
        }
        """
        let mac = """
        class SoundChoiceView: NSViewish {
            private lazy var checkbox: CheckboxButton = { CheckboxButton() }()
            func refresh() { self.checkbox.title = "Sound" }
        }
        """
        // Whichever file comes first in the index, the UISwitch's title is the one reported.
        for sources in [[("A/SoundChoiceView.swift", mac), ("B/SoundChoiceView.swift", ios)],
                        [("A/SoundChoiceView.swift", ios), ("B/SoundChoiceView.swift", mac)]] {
            let found = lint(sources, only: ["switch-title"]).map(\.position.path)
            XCTAssertEqual(found, [sources.first { $0.1 == ios }!.0])
        }
    }
}
