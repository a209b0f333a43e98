import Foundation
import XCTest
@testable import CatalintKit

/// The app's Info.plist through the built binary, on small Xcode projects written for each test:
/// an app with an Info.plist and one without, a generated Info.plist, a SwiftUI app, an app
/// delegate that gives its scene configuration in code, a malformed Info.plist, and a run with
/// the cache after the Info.plist changes.
final class InfoPlistEndToEndTests: XCTestCase {
    private typealias Target = IdiomDetectionTests.Target

    private let catalyst = ["SUPPORTS_MACCATALYST": "YES", "TARGETED_DEVICE_FAMILY": "1,2,6"]

    private func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>

        """
    }

    private let sceneManifest = """
        \t<key>UIApplicationSceneManifest</key>
        \t<dict>
        \t\t<key>UISceneConfigurations</key>
        \t\t<dict>
        \t\t\t<key>UIWindowSceneSessionRoleApplication</key>
        \t\t\t<array>
        \t\t\t\t<dict>
        \t\t\t\t\t<key>UISceneDelegateClassName</key>
        \t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
        \t\t\t\t</dict>
        \t\t\t</array>
        \t\t</dict>
        \t</dict>
        """

    private let appDelegate = """
        import UIKit

        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
        }

        """

    /// Writes a project `Recipes.xcodeproj` with `targets` and the files given, in a new folder.
    private func project(_ targets: [Target], files: [String: String]) throws -> URL {
        let folder = try temporaryDirectory(self)
        try write(IdiomDetectionTests.pbxproj(targets), to: folder.appendingPathComponent("Recipes.xcodeproj/project.pbxproj"))
        for (path, text) in files { try write(text, to: folder.appendingPathComponent(path)) }
        return folder
    }

    /// `path:line:column rule` of each diagnostic of a run in the Xcode format
    /// (`path:line:column: severity: message [rule]`).
    private func findings(_ run: CommandRun) -> [String] {
        run.stdout.split(separator: "\n").compactMap { line in
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "["), let place = line.components(separatedBy: ": ").first else { return nil }
            return place + " " + line[line.index(after: open)..<line.index(before: line.endIndex)]
        }
    }

    func testAnAppWithAnInfoPlistAndOneWithout() throws {
        let folder = try project([
            Target(name: "Recipes", sources: ["Recipes/AppDelegate.swift"], settings: catalyst.merging(["INFOPLIST_FILE": "Recipes/Info.plist"]) { $1 }),
            // No Info.plist named and none generated: nothing is known of it, nothing is reported.
            Target(name: "Pantry", sources: ["Pantry/AppDelegate.swift"], settings: catalyst),
        ], files: [
            "Recipes/Info.plist": plist("\t<key>UIDesignRequiresCompatibility</key>\n\t<true/>"),
            "Recipes/AppDelegate.swift": appDelegate,
            "Pantry/AppDelegate.swift": appDelegate,
            "Recipes/Defaults.plist": "not a property list at all",
            // The project root when a few files are linted: the rest of it is indexed.
            ".catalint.yml": "rules: {}\n",
        ])
        let run = try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(findings(run), [
            "Recipes/AppDelegate.swift:4:13 scene-life-cycle",
            "Recipes/Info.plist:5:2 design-compatibility-ends",
        ], run.stdout)
        XCTAssertTrue(run.stdout.contains("The app `Recipes` has not adopted the scene-based life cycle: no Info.plist of it has a `UIApplicationSceneManifest`."))
        // The Info.plist counts among the files checked; the other property list is not linted.
        let verbose = try runCatalint(["lint", "--no-cache", "-v", "."], in: folder)
        XCTAssertTrue(verbose.stderr.contains("Recipes/Info.plist: judged in the mac idiom, by target Recipes"), verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("not linted: Recipes/Defaults.plist") || !verbose.stdout.contains("Defaults.plist"), verbose.stderr)

        // Named alone, the app delegate still gets the app's finding; the Info.plist's key is not
        // reported, as its file is not linted.
        let one = try runCatalint(["lint", "--no-cache", "--format", "xcode", "Recipes/AppDelegate.swift"], in: folder)
        XCTAssertEqual(findings(one), ["Recipes/AppDelegate.swift:4:13 scene-life-cycle"], one.stdout + one.stderr)
    }

    func testAGeneratedInfoPlistASwiftUIAppAndAConfigurationInCode() throws {
        let folder = try project([
            // SwiftUI: scenes already, with a generated Info.plist that has no manifest.
            Target(name: "Journal", sources: ["Journal/JournalApp.swift"], settings: catalyst.merging(["GENERATE_INFOPLIST_FILE": "YES"]) { $1 }),
            // A generated manifest with no configuration, and the app delegate gives it in code.
            Target(name: "Player", sources: ["Player/AppDelegate.swift"],
                   settings: catalyst.merging(["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES"]) { $1 }),
            // A generated manifest, but no configuration anywhere; the opt-out in an .xcconfig.
            Target(name: "Tally", sources: ["Tally/AppDelegate.swift"],
                   settings: catalyst.merging(["INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES"]) { $1 }, xcconfig: "Tally/Tally.xcconfig"),
        ], files: [
            "Journal/JournalApp.swift": "import SwiftUI\n\n@main\nstruct JournalApp: App {\n    var body: some Scene { WindowGroup { Text(\"Journal\") } }\n}\n",
            "Player/AppDelegate.swift": """
                import UIKit

                @main
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, configurationForConnecting session: UISceneSession,
                                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                        UISceneConfiguration(name: "Default Configuration", sessionRole: session.role)
                    }
                }

                """,
            "Tally/AppDelegate.swift": appDelegate,
            "Tally/Tally.xcconfig": "// Tally's settings\nGENERATE_INFOPLIST_FILE = YES\nINFOPLIST_KEY_UIDesignRequiresCompatibility = YES\n",
        ])
        let run = try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: folder)
        XCTAssertEqual(findings(run), [
            "Tally/AppDelegate.swift:4:13 scene-life-cycle",
            "Tally/Tally.xcconfig:3:1 design-compatibility-ends",
        ], run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("its `UIApplicationSceneManifest` names no scene configuration, and `AppDelegate` does not implement `application(_:configurationForConnecting:options:)`"),
                      run.stdout)
    }

    func testAMalformedInfoPlistIsReportedAtItsPlace() throws {
        let folder = try project([
            Target(name: "Recipes", sources: ["Recipes/AppDelegate.swift"], settings: catalyst.merging(["INFOPLIST_FILE": "Recipes/Info.plist"]) { $1 }),
        ], files: [
            "Recipes/Info.plist": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleName</key>\n</dict>\n</plist>\n",
            "Recipes/AppDelegate.swift": appDelegate,
        ])
        let run = try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: folder)
        XCTAssertEqual(run.status, 1)
        // Nothing is said of the app whose Info.plist cannot be read, but that it cannot be.
        XCTAssertEqual(findings(run), ["Recipes/Info.plist:4:2 invalid-interface"], run.stdout)
        XCTAssertTrue(run.stdout.contains("Not a property list: the <key>CFBundleName</key> has no value."), run.stdout)
    }

    func testAChangedInfoPlistChangesTheFindingsOfARunWithTheCache() throws {
        let folder = try project([
            Target(name: "Recipes", sources: ["Recipes/AppDelegate.swift"], settings: catalyst.merging(["INFOPLIST_FILE": "Recipes/Info.plist"]) { $1 }),
        ], files: [
            "Recipes/Info.plist": plist("\t<key>CFBundleName</key>\n\t<string>Recipes</string>"),
            "Recipes/AppDelegate.swift": appDelegate,
        ])
        let arguments = ["lint", "--format", "xcode", "--cache-dir", folder.appendingPathComponent("cache").path, "."]
        let first = try runCatalint(arguments, in: folder)
        XCTAssertEqual(findings(first), ["Recipes/AppDelegate.swift:4:13 scene-life-cycle"], first.stdout)
        XCTAssertEqual(findings(try runCatalint(arguments, in: folder)), findings(first))
        // The manifest added: the app delegate, unchanged, has no finding any more.
        try write(plist(sceneManifest), to: folder.appendingPathComponent("Recipes/Info.plist"))
        let second = try runCatalint(arguments, in: folder)
        XCTAssertEqual(findings(second), [], second.stdout)
        let uncached = try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: folder)
        XCTAssertEqual(second.stdout, uncached.stdout)
        // And back, through a suppression comment in the Swift file.
        try write(plist(""), to: folder.appendingPathComponent("Recipes/Info.plist"))
        try write("// catalint:disable scene-life-cycle - moving to scenes in 4.0\n" + appDelegate, to: folder.appendingPathComponent("Recipes/AppDelegate.swift"))
        let third = try runCatalint(arguments, in: folder)
        XCTAssertEqual(findings(third), [], third.stdout)
    }

    func testTheRulesAreListedAndExplained() throws {
        let table = try runCatalint(["rules", "--markdown"])
        for id in ["scene-life-cycle", "design-compatibility-ends", "control-internals", "input-accessory-view", "pad-only-feature"] {
            XCTAssertTrue(table.stdout.contains("[`\(id)`](docs/rules/\(id).md)"), id)
            let explained = try runCatalint(["rules", id])
            XCTAssertEqual(explained.status, 0, id)
            XCTAssertTrue(explained.stdout.contains(id), id)
        }
        let scene = try runCatalint(["rules", "scene-life-cycle"])
        XCTAssertTrue(scene.stdout.contains("tn3187"), scene.stdout)
    }
}
