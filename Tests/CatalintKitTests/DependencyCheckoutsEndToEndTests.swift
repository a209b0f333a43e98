import Foundation
import XCTest
@testable import CatalintKit

/// Dependencies checked out beside an app (issue 28): read for the project index, never linted; a
/// superclass they do not declare either is named with `-v`, and `superclasses:` says what it is.
final class DependencyCheckoutsEndToEndTests: XCTestCase {
    private func app() throws -> URL {
        let directory = try temporaryDirectory(self)
        // Four classes of the app, each inheriting from a class that only a dependency declares (the
        // last from one that none does); then a pod in Swift, a Carthage checkout, a SwiftPM checkout:
        // each declares one superclass, and sets what a rule reports, which must not be reported
        // (it is not the app's code).
        let files = [
            ("Sources/App/ScrubBar.swift", "final class ScrubBar: OBSlider {\n    func style() { thumbTintColor = .white }\n}\n"),
            ("Sources/App/TagButton.swift", "final class TagButton: ChipButton {\n    func style() { setTitle(\"x\", for: .highlighted) }\n}\n"),
            ("Sources/App/Dial.swift", "final class Dial: Knob {\n    func style() { minimumTrackTintColor = .red }\n}\n"),
            ("Sources/App/Marquee.swift", "final class Marquee: TickerView {\n    func style() { thumbTintColor = .red }\n}\n"),
            ("Pods/OBSlider/OBSlider/OBSlider.swift", "open class OBSlider: UISlider {\n    func reset() { thumbTintColor = nil }\n}\n"),
            ("Carthage/Checkouts/Chips/Sources/ChipButton.swift", "open class ChipButton: UIButton {\n    func reset() { setTitle(nil, for: .selected) }\n}\n"),
            (".build/checkouts/Knobs/Sources/Knobs/Knob.swift", "open class Knob: UISlider {}\n"),
            // The app is a package's target: its SwiftPM checkouts are its own.
            ("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [.target(name: \"App\")])\n"),
        ]
        for (path, text) in files { try write(text, to: directory.appendingPathComponent(path)) }
        return directory
    }

    func testTheCheckoutsTellTheSuperclassesAndAreNotLinted() throws {
        let directory = try app()
        let run = try runCatalint(["lint", "--format", "xcode", "--verbose", "--no-cache", "."], in: directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout.split(separator: "\n").map { String($0.split(separator: ":")[0...1].joined(separator: ":")) },
                       ["Sources/App/Dial.swift:2", "Sources/App/ScrubBar.swift:2", "Sources/App/TagButton.swift:2"], run.stdout)
        XCTAssertTrue(run.stderr.contains("dependencies: 3 files of the checkouts in .build/checkouts, Carthage/Checkouts, Pods read for their declarations"),
                      run.stderr)
        // The one class whose superclass nothing declares is named, where it is declared.
        XCTAssertTrue(run.stderr.contains("Sources/App/Marquee.swift:1:13: superclass unknown: Marquee inherits from TickerView"), run.stderr)
        XCTAssertFalse(run.stderr.contains("superclass unknown: ScrubBar"), run.stderr)
    }

    func testLintingAFolderOfTheProjectReadsTheCheckoutsAtItsRoot() throws {
        let directory = try app()
        try write("excluded: []\n", to: directory.appendingPathComponent(".catalint.yml"))
        let run = try runCatalint(["lint", "--format", "xcode", "--no-cache", "Sources"], in: directory)
        XCTAssertEqual(run.stdout.split(separator: "\n").count, 3, run.stdout)
        // One file of it, from pre-commit: the same.
        let one = try runCatalint(["lint", "--format", "xcode", "--no-cache", "Sources/App/Dial.swift"], in: directory)
        XCTAssertTrue(one.stdout.contains("Sources/App/Dial.swift:2:"), one.stdout + one.stderr)
    }

    func testAnUnrelatedPackagesCheckoutsAreNotRead() throws {
        // A sample app kept in a package's repository: the package's checkouts (its build tools'
        // sources, say) are not the sample's dependencies.
        let directory = try temporaryDirectory(self)
        try write("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Lib\", targets: [.target(name: \"Lib\")])\n",
                  to: directory.appendingPathComponent("Package.swift"))
        try write("public enum Lib {}\n", to: directory.appendingPathComponent("Sources/Lib/Lib.swift"))
        try write("open class Knob: UISlider {}\n", to: directory.appendingPathComponent(".build/checkouts/Knobs/Sources/Knobs/Knob.swift"))
        try write("final class Dial: Knob {\n    func style() { minimumTrackTintColor = .red }\n}\n",
                  to: directory.appendingPathComponent("samples/Demo/Dial.swift"))
        let run = try runCatalint(["lint", "--format", "xcode", "--verbose", "--no-cache", "samples/Demo"], in: directory)
        XCTAssertEqual(run.stdout, "", run.stdout)
        XCTAssertFalse(run.stderr.contains("dependencies:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("superclass unknown: Dial inherits from Knob"), run.stderr)
    }

    func testTheConfigurationDeclaresWhatNoCheckoutDoes() throws {
        let directory = try app()
        try write("superclasses:\n  TickerView: UISlider\n", to: directory.appendingPathComponent(".catalint.yml"))
        let run = try runCatalint(["lint", "--format", "xcode", "--verbose", "--no-cache", "."], in: directory)
        XCTAssertTrue(run.stdout.contains("Sources/App/Marquee.swift:2:"), run.stdout)
        XCTAssertFalse(run.stderr.contains("superclass unknown"), run.stderr)
    }
}
