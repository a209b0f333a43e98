import XCTest
@testable import CatalintKit

/// The rules of issue 12 beyond one-file examples: guards through helpers declared in other files,
/// where each rule counts a guard (the Mac idiom, the Mac in either idiom, everything but the Mac
/// idiom), popovers followed through a function, checks that hold, and segues in any order.
final class BreakageRuleTests: XCTestCase {
    private func found(_ sources: [(String, String)], rule: String, idiom: Idiom = .mac) -> [String] {
        var options = LintOptions(idiom: idiom, jobs: 2)
        options.extendedRules = Set(RuleCatalog.all.filter(\.optIn).map(\.id))
        return Linter(options: options).lintSources(sources.map { (path: $0.0, text: $0.1) }).diagnostics
            .filter { $0.rule == rule }.map { "\($0.position) \($0.severity.rawValue)" }
    }

    private let helpers = ("Device.swift", """
        extension UIDevice {
            static var isMac: Bool { current.userInterfaceIdiom == .mac }
            static var isPad: Bool { current.userInterfaceIdiom == .pad }
            static var isPhone: Bool { current.userInterfaceIdiom == .phone }
        }
        """)

    // MARK: Guards through helpers in other files

    func testASwitchTitleIsFineBehindAMacHelperDeclaredElsewhere() {
        let code = """
            func configure(_ toggle: UISwitch) {
                if UIDevice.isMac {
                    toggle.title = "Sync"
                }
                if UIDevice.isPad {
                    toggle.title = "Sync"
                }
            }
            """
        XCTAssertEqual(found([helpers, ("Settings.swift", code)], rule: "switch-title"), ["Settings.swift:6:16 error"])
        // Without the helper's declaration nothing is known of it: both titles may run anywhere.
        XCTAssertEqual(found([("Settings.swift", code)], rule: "switch-title"), ["Settings.swift:3:16 error", "Settings.swift:6:16 error"])
    }

    func testAnIPadBranchGuardsAMacIdiomExceptionButNotWhatBreaksInBothIdioms() {
        let code = """
            func setUp() {
                if UIDevice.isPad {
                    picker.preferredDatePickerStyle = .wheels
                    let width = UIScreen.main.bounds.width
                }
                if UIDevice.isPhone {
                    let height = UIScreen.main.bounds.height
                }
            }
            """
        let sources = [helpers, ("Setup.swift", code)]
        XCTAssertEqual(found(sources, rule: "date-picker-wheels"), [])
        XCTAssertEqual(found(sources, rule: "main-screen-layout"), ["Setup.swift:4:21 warning"])
    }

    func testAnAnchorSetOnlyThroughAnIPadHelperIsMissingInTheMacIdiom() {
        let code = """
            final class ListViewController: UIViewController {
                func share(_ url: URL, from button: UIBarButtonItem) {
                    let activity = UIActivityViewController(activityItems: [url], applicationActivities: nil)
                    if UIDevice.isPad {
                        activity.popoverPresentationController?.barButtonItem = button
                    }
                    present(activity, animated: true)
                }
            }
            """
        let diagnostics = lint([helpers, ("List.swift", code)]).filter { $0.rule == "missing-popover-anchor" }
        XCTAssertEqual(diagnostics.map { "\($0.position)" }, ["List.swift:7:9"])
        XCTAssertTrue(diagnostics.first?.message.contains("in the Mac idiom (its anchor is set only where the Mac idiom does not go)") == true,
                      diagnostics.first?.message ?? "")
        // Under --idiom pad it stays an error: it throws on iPad and the Mac in either idiom.
        XCTAssertEqual(found([helpers, ("List.swift", code)], rule: "missing-popover-anchor", idiom: .pad), ["List.swift:7:9 error"])
    }

    func testAHelperThatReturnsEarlyFromAGuardIsAHelper() {
        let device = ("UIDevice+Mac.swift", """
            extension UIDevice {
                var isMacIdiom: Bool {
                    guard userInterfaceIdiom == .mac else { return false }
                    return true
                }
            }
            """)
        let code = "func configure(_ toggle: UISwitch) {\n    if UIDevice.current.isMacIdiom { toggle.title = \"On\" }\n}\n"
        XCTAssertEqual(found([device, ("Settings.swift", code)], rule: "switch-title"), [])
        XCTAssertEqual(found([("Settings.swift", code)], rule: "switch-title"), ["Settings.swift:2:45 error"])
    }

    // MARK: Popovers, function by function

    func testAControllerThatLeavesTheFunctionIsNotJudged() {
        let code = """
            final class ShareViewController: UIViewController {
                var lastSheet: UIAlertController?
                func keep() {
                    let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
                    lastSheet = sheet
                    present(sheet, animated: true)
                }
                func returned() -> UIActivityViewController {
                    let activity = UIActivityViewController(activityItems: [], applicationActivities: nil)
                    present(activity, animated: true)
                    return activity
                }
                func given(_ sheet: UIAlertController) {
                    present(sheet, animated: true)
                }
                func collected() {
                    let activity = UIActivityViewController(activityItems: [], applicationActivities: nil)
                    pending.append(activity)
                    present(activity, animated: true)
                }
                func anchoredThroughABinding(from view: UIView) {
                    let activity = UIActivityViewController(activityItems: [], applicationActivities: nil)
                    let popover = activity.popoverPresentationController
                    popover?.sourceView = view
                    present(activity, animated: true)
                }
                func madeInline() {
                    present(UIActivityViewController(activityItems: [], applicationActivities: nil), animated: true)
                }
                func otherMembersOfTheSameName() {
                    let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
                    model.sheet = nil
                    present(sheet, animated: true)
                }
            }
            """
        XCTAssertEqual(found([("Share.swift", code)], rule: "missing-popover-anchor"), ["Share.swift:28:9 error", "Share.swift:33:9 error"])
    }

    func testAPopoverStyleSetOnlyOnIPhoneIsNotAPopoverOnTheMac() {
        let code = """
            func show() {
                let filters = FiltersViewController()
                if UIDevice.isPhone {
                    filters.modalPresentationStyle = .popover
                }
                present(filters, animated: true)
            }
            """
        XCTAssertEqual(found([helpers, ("Filters.swift", code)], rule: "missing-popover-anchor"), [])
    }

    func testAStyleChosenByIdiomInATernaryIsAnActionSheetInTheMacIdiom() {
        // A helper that returns early (`if ... { return true }; return false`), in another file.
        let device = ("UIDevice+Idiom.swift", """
            public extension UIDevice {
                var isIpad: Bool {
                    if self.userInterfaceIdiom == .pad {
                        return true
                    }
                    return false
                }
            }
            """)
        let code = """
            func unshare() {
                let alert = UIAlertController(title: nil, message: nil, preferredStyle: UIDevice.current.isIpad ? .alert : .actionSheet)
                present(alert, animated: true)
            }
            func unshareOnPhones() {
                let alert = UIAlertController(title: nil, message: nil, preferredStyle: UIDevice.current.isIpad ? .actionSheet : .alert)
                present(alert, animated: true)
            }
            """
        XCTAssertEqual(found([device, ("Unshare.swift", code)], rule: "missing-popover-anchor"), ["Unshare.swift:3:5 error", "Unshare.swift:7:5 error"])
        // The second one throws on iPad (and the Mac in the pad idiom): under --idiom pad both stay errors.
        XCTAssertEqual(found([device, ("Unshare.swift", code)], rule: "missing-popover-anchor", idiom: .pad).count, 2)
        XCTAssertEqual(found([("Unshare.swift", code)], rule: "missing-popover-anchor"), ["Unshare.swift:3:5 error", "Unshare.swift:7:5 error"],
                       "an unknown helper may hold anywhere")
    }

    func testTheRightSideOfAndRunsOnlyWhereTheLeftHolds() {
        let code = """
            if UIDevice.current.userInterfaceIdiom == .phone && UIScreen.main.nativeBounds.height == 1136 { compact() }
            if UIDevice.current.userInterfaceIdiom == .pad || UIScreen.main.bounds.width > 1000 { wide() }
            let picker = UIImagePickerController()
            let camera = UIImagePickerController.isSourceTypeAvailable(.camera) && { picker.sourceType = .camera; return true }()
            """
        XCTAssertEqual(found([("Screen.swift", code)], rule: "main-screen-layout"), ["Screen.swift:2:51 warning"])
        XCTAssertEqual(found([("Screen.swift", code)], rule: "hard-coded-size"), [])
        XCTAssertEqual(found([("Screen.swift", code)], rule: "unchecked-camera"), [])
    }

    // MARK: Checks that hold

    func testTheCameraCheckHoldsAfterAnEarlyExitAndInTheElseOfItsNegation() {
        let code = """
            func camera() {
                if !UIImagePickerController.isSourceTypeAvailable(.camera) { return }
                let picker = UIImagePickerController()
                picker.sourceType = .camera
            }
            func other() {
                let picker = UIImagePickerController()
                if !UIImagePickerController.isSourceTypeAvailable(.camera) {
                    picker.sourceType = .photoLibrary
                } else {
                    picker.sourceType = .camera
                }
                if UIImagePickerController.isSourceTypeAvailable(.camera) || hasExternalCamera {
                    picker.sourceType = .camera
                }
                picker.sourceType = UIImagePickerController.isSourceTypeAvailable(.camera) ? .camera : .photoLibrary
            }
            func unchecked(_ available: Bool) {
                let picker = UIImagePickerController()
                if available { picker.sourceType = .camera }
            }
            """
        // `a || b` holding does not tell which held; a Bool parameter is not the check.
        XCTAssertEqual(found([("Camera.swift", code)], rule: "unchecked-camera"), ["Camera.swift:14:16 error", "Camera.swift:20:27 error"])
    }

    // MARK: Interface Builder

    func testARootRelationshipToASplitViewSceneIsFoundInEitherOrder() {
        let splitFirst = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
                <scenes>
                    <scene sceneID="a"><objects><splitViewController id="split" customClass="LibrarySplitViewController"/></objects></scene>
                    <scene sceneID="b"><objects>
                        <navigationController id="nav">
                            <connections>
                                <segue destination="split" kind="relationship" relationship="rootViewController" id="r"/>
                                <segue destination="detail" kind="push" id="p"/>
                                <segue destination="split" kind="push" id="q"/>
                            </connections>
                        </navigationController>
                    </objects></scene>
                    <scene sceneID="c"><objects><viewController id="detail"/></objects></scene>
                </scenes>
            </document>
            """
        let sources = [("Main.storyboard", splitFirst), ("Library.swift", "final class LibrarySplitViewController: UISplitViewController {}\n")]
        XCTAssertEqual(found(sources, rule: "pushed-split-view"), ["Main.storyboard:8:68 error", "Main.storyboard:10:48 error"])
    }

    // MARK: Opt-in

    func testAFontScaledInAnotherStatementIsStillReportedButOneScaledInPlaceIsNot() {
        let code = """
            let base = UIFont.systemFont(ofSize: 17)
            label.font = UIFontMetrics.default.scaledFont(for: base)
            title.font = UIFontMetrics(forTextStyle: .title1).scaledFont(for: .boldSystemFont(ofSize: 28))
            """
        XCTAssertEqual(found([("Fonts.swift", code)], rule: "fixed-font-size"), ["Fonts.swift:1:19 warning"])
        XCTAssertEqual(lint([("Fonts.swift", code)]).filter { $0.rule == "fixed-font-size" }, [], "opt-in: off by default")
    }
}
