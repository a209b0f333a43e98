import Foundation
import XCTest
@testable import CatalintKit

/// `invalid-swift` as the compiler has it in the file's language mode (issue 28): Swift 6 rejects a
/// space between an attribute's name and its arguments, Swift 5 only warns about it.
final class LanguageModeTests: XCTestCase {
    private let attribute = "struct Options {\n    @Flag (name: .long) var verbose: Bool\n}\n"

    func testTheSettingsSpellings() {
        XCTAssertEqual(LanguageMode(setting: "5.0"), .swift5)
        XCTAssertEqual(LanguageMode(setting: "4.2"), .swift4)
        XCTAssertEqual(LanguageMode(setting: "6"), .swift6)
        XCTAssertEqual(LanguageMode(setting: ".v6"), .swift6)
        XCTAssertNil(LanguageMode(setting: "$(SWIFT_VERSION)"))
        XCTAssertNil(LanguageMode(setting: "7.0"))
    }

    func testTheModeDecidesWhatIsASyntaxError() throws {
        func error(_ mode: LanguageMode) throws -> String? {
            guard case .success(let file) = SwiftSourceFile.parse(path: "A.swift", text: attribute, languageMode: mode) else { return "refused" }
            return file.firstSyntaxError()?.message
        }
        XCTAssertNil(try error(.swift5))
        XCTAssertNotNil(try error(.swift6))
        // Without a project that says otherwise, the compiler's default: Swift 5.
        XCTAssertEqual(lint([("A.swift", attribute)], only: ["invalid-swift"]).count, 0)
    }

    func testTheProjectsSwiftVersion() throws {
        let root = try temporaryDirectory(self)
        func project(_ version: String) throws {
            let target = IdiomDetectionTests.Target(name: "App", sources: ["App/Options.swift"], settings: ["SDKROOT": "iphoneos", "SWIFT_VERSION": version])
            try write(IdiomDetectionTests.pbxproj([target]), to: root.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        }
        try write(attribute, to: root.appendingPathComponent("App/Options.swift"))
        try project("6.0")
        let six = try runCatalint(["lint", "--format", "xcode", "--select", "invalid-swift", "."], in: root)
        XCTAssertTrue(six.stdout.contains("App/Options.swift:2:10: error: Swift syntax error: "), six.stdout + six.stderr)
        // The project changes its mode: the cached results of the file are not the file's any more.
        try project("5.0")
        let five = try runCatalint(["lint", "--format", "xcode", "--select", "invalid-swift", "."], in: root)
        XCTAssertEqual(five.stdout, "", five.stderr)
        XCTAssertEqual(five.status, 0)
    }

    func testAPackagesModes() throws {
        let root = try temporaryDirectory(self)
        try write(attribute, to: root.appendingPathComponent("Sources/Tool/Options.swift"))
        try write(attribute, to: root.appendingPathComponent("Sources/Legacy/Options.swift"))
        try write("""
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "Tool",
                targets: [
                    .target(name: "Tool"),
                    .target(name: "Legacy", swiftSettings: [.swiftLanguageMode(.v5)]),
                ]
            )

            """, to: root.appendingPathComponent("Package.swift"))
        let run = try runCatalint(["lint", "--no-cache", "--format", "xcode", "--select", "invalid-swift", "."], in: root)
        XCTAssertEqual(run.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }, ["Sources/Tool/Options.swift"], run.stdout + run.stderr)
        // `swiftLanguageModes: [.v5]` puts the whole package in Swift 5.
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        try write(text.replacingOccurrences(of: "    name: \"Tool\",\n", with: "    name: \"Tool\",\n    swiftLanguageModes: [.v5],\n"),
                  to: root.appendingPathComponent("Package.swift"))
        XCTAssertEqual(try runCatalint(["lint", "--no-cache", "--format", "xcode", "--select", "invalid-swift", "."], in: root).stdout, "")
    }
}
