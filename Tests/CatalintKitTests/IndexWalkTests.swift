import Foundation
import XCTest
@testable import CatalintKit

/// A run builds a file's part of the project index in the fact collector's walk
/// (`FactCollector.lowerAndIndex`) rather than in a walk of `IndexBuilder`'s own: the two must
/// give the same index, entry for entry and in the same order, whatever the file declares.
final class IndexWalkTests: XCTestCase {
    /// Every kind of declaration the index reads, nested in every way it can be.
    private let everyKind = """
    import UIKit

    protocol Themed {}
    var isPadGlobal: Bool { UIDevice.current.userInterfaceIdiom == .pad }
    let sheetStyle: UIAlertController.Style = isPadGlobal ? .alert : .actionSheet
    var globalButton: UIButton = UIButton()

    class Root: UIViewController, Themed {
        var isPad: Bool { traitCollection.userInterfaceIdiom == .pad }
        var stepper: UIStepper!
        let label: UILabel
        lazy var slider = UISlider()
        override var preferredBehavioralStyle: UIBehavioralStyle { .pad }
        init(label: UILabel) {
            self.label = label
            super.init(nibName: nil, bundle: nil)
            preferredBehavioralStyle = .pad
        }
        required init?(coder: NSCoder) { fatalError() }
        func makeSortButton() -> UIButton { UIButton(type: .system) }
        static func makeSwitch(on: Bool = false) -> UISwitch { UISwitch() }
        func isMac() -> Bool {
            #if targetEnvironment(macCatalyst)
            return true
            #else
            return false
            #endif
        }
        func layOut() {
            let wide: Bool
            if traitCollection.userInterfaceIdiom == .pad { wide = true } else { wide = false }
            stack.axis = wide ? .horizontal : .vertical
            class Local: UIView {
                var isPhone: Bool { UIDevice.current.userInterfaceIdiom == .phone }
                struct Inner { let columns = 3 }
            }
            enum Mode { case a, b; var isCompact: Bool { isPhone } }
        }
        protocol Nested {}
    }

    struct Layout {
        static let spacing: CGFloat = UIDevice.current.userInterfaceIdiom == .pad ? 20 : 8
        let idiom: UIUserInterfaceIdiom = .pad
    }

    enum Device { case pad, phone
        static var current: Device { UIDevice.current.userInterfaceIdiom == .pad ? .pad : .phone }
    }

    actor Worker: NSObject { var count = 0 }

    extension Root {
        var isRegular: Bool { traitCollection.horizontalSizeClass == .regular && isPad }
        func makePicker() -> UIDatePicker { UIDatePicker() }
    }

    extension UIView { class Subview: UILabel {} }

    @main class AppDelegate: UIResponder, UIApplicationDelegate {
        func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    }
    """

    private func sources() throws -> [(name: String, text: String)] {
        [("every kind", everyKind)] + (try repositorySwiftSources(in: ["samples", "Tests/CatalintKitTests/Fixtures"]))
    }

    func testOneWalkIndexesAFileAsTheIndexBuildersOwnWalkDoes() throws {
        var compared = 0, helpers = 0, types = 0, stored = 0, returnTypes = 0
        for (name, text) in try sources() {
            guard case .success(let file) = SwiftSourceFile.parse(path: "/tmp/\(name.replacingOccurrences(of: "/", with: "_")).swift", text: text) else { continue }
            let separate = FactCollector.lower(file, vocabulary: .standard)
            var expected = IndexBuilder.index(file)
            for summary in separate.summaries { expected.functions[summary.name, default: []].append(summary) }
            expected.paperTypes.merge(separate.paperTypes) { first, _ in first }
            expected.declarations = separate.declarations
            let merged = FactCollector.lowerAndIndex(file, vocabulary: .standard)
            XCTAssertEqual(merged.index, expected, name)
            XCTAssertEqual(merged.facts, separate.facts, name)
            compared += 1
            helpers += expected.helpers.count
            types += expected.types.count
            stored += expected.types.values.filter { $0.stored != nil }.count
            returnTypes += expected.returnTypes.count
        }
        // What the comparison covered: every part of the index, in many files.
        XCTAssertGreaterThan(compared, 100)
        XCTAssertGreaterThan(helpers, 20)
        XCTAssertGreaterThan(types, 50)
        XCTAssertGreaterThan(stored, 3)
        XCTAssertGreaterThan(returnTypes, 3)
    }

    /// Read for the index alone (the language server's files that are not open), a file gives
    /// the index a lint gives, and nothing else.
    func testAFileReadForTheIndexAloneGivesTheIndexALintGives() throws {
        var compared = 0
        let deep = "let a = " + String(repeating: "(", count: 2_000) + String(repeating: ")", count: 2_000) + "\n"
        for (name, text) in try sources() + [("deep", deep)] {
            let input = SourceInput(path: "/tmp/\(name.replacingOccurrences(of: "/", with: "_")).swift", kind: .swift, contents: .success(text))
            let whole = FileJob.run(input, vocabulary: .standard)
            let indexOnly = FileJob.run(input, vocabulary: .standard, indexOnly: true)
            XCTAssertEqual(indexOnly.index, whole.index, name)
            XCTAssertEqual(indexOnly.skippedReason, whole.skippedReason, name)
            XCTAssertEqual(indexOnly.facts, FileFacts(), name)
            XCTAssertTrue(indexOnly.suppressions.isEmpty && indexOnly.excerpts.isEmpty, name)
            compared += whole.facts.decisions.isEmpty ? 0 : 1
        }
        // Files whose lint reads decisions on the idiom were among them.
        XCTAssertGreaterThan(compared, 20)
        let skipped = FileJob.run(SourceInput(path: "/tmp/deep.swift", kind: .swift, contents: .success(deep)), vocabulary: .standard, indexOnly: true)
        XCTAssertNotNil(skipped.skippedReason)
    }

    func testEveryKindOfDeclarationIsIndexedInTheOneWalk() throws {
        guard case .success(let file) = SwiftSourceFile.parse(path: "/tmp/Every.swift", text: everyKind) else { return XCTFail("not parsed") }
        let index = FactCollector.lowerAndIndex(file, vocabulary: .standard).index
        XCTAssertEqual(Set(index.types.keys), ["Root", "Local", "Inner", "Mode", "Layout", "Device", "Worker", "UIView", "Subview", "AppDelegate"])
        XCTAssertEqual(index.types["Root"]?.superclass, "UIViewController")
        XCTAssertEqual(index.types["Root"]?.padStyleForEveryInstance, true)
        XCTAssertEqual(index.types["Root"]?.properties.keys.sorted(), ["isPad", "isRegular", "label", "preferredBehavioralStyle", "slider", "stepper"])
        XCTAssertEqual(index.types["Root"]?.stored?.keys.sorted(), ["label", "stepper"])
        XCTAssertEqual(index.protocols, ["Themed", "Nested"])
        XCTAssertEqual(Set(index.helpers.keys), ["isPadGlobal", "isPad", "isMac", "wide", "isPhone", "isCompact", "idiom", "current",
                                                "isRegular"])
        XCTAssertEqual(Set(index.returnTypes.keys), ["makeSortButton", "makeSwitch", "makePicker"])
        XCTAssertEqual(index.globals.keys.sorted(), ["globalButton", "isPadGlobal", "sheetStyle"])
    }
}
