import Foundation
import XCTest
@testable import CatalintKit

/// "Lint what the app builds" through the built binary, on a copy of the fixture projects
/// (`Fixtures/Projects`): what is left out, how each file is judged, what `--verbose` and the JSON
/// report say, and files named on the command line or given on standard input.
final class BuildMembershipEndToEndTests: XCTestCase {
    private func fixtures() throws -> URL { try fixtureProjects(self) }

    /// `path:line:col: severity [rule]` for each line of an xcode-format report.
    private func findings(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, let rule = line.split(separator: "[").last else { return nil }
            return "\(parts[0]) \(parts[1].dropLast()) [\(rule)"
        }
    }

    private func screen(_ path: String, _ judged: String) -> [String] { fixtureFindings(path, judged) }

    func testAFolderOfProjectsIsLintedAsEachAppBuildsIt() throws {
        let root = try fixtures()
        let run = try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: root)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let expected = screen("Classic/Recipes/AppDelegate.swift", "mac") + ["Classic/Recipes/Base.lproj/Main.storyboard:9:29: error [unavailable-control]",
            "Classic/Recipes/Cell.xib:6:17: error [unavailable-control]"] + screen("Classic/Recipes/ListViewController.swift", "mac")
            + screen("Classic/Shared/Formatter.swift", "mac") + screen("Classic/Widget/WidgetView.swift", "not-on-mac")
            + screen("Frameworks/Charts/Chart.swift", "not-on-mac") + screen("Frameworks/Intents/IntentHandler.swift", "not-on-mac")
            + screen("Frameworks/Kit/Store.swift", "mac")
            + screen("Frameworks/Shop/ShopViewController.swift", "mac") + screen("Frameworks/Widget/WidgetView.swift", "not-on-mac")
            + ["Localized/Journal/EntryViewController.swift:4:17: error [unavailable-control]"]
            + screen("Package/Examples/Demo.swift", "mac") + screen("Package/Sources/Kit/Store.swift", "mac") + screen("Package/UI/Panel.swift", "mac")
            + ["Package/UI/Panel.xib:6:17: error [unavailable-control]"] + screen("Synchronized/Notes/EditorViewController.swift", "pad")
            + ["Synchronized/Notes/Main.storyboard:9:29: note [unavailable-control]"] + screen("Synchronized/Notes/Shared/Sharing.swift", "pad")
            + screen("Synchronized/NotesShare/ShareViewController.swift", "not-on-mac") + screen("XcodeGen/Cards/DeckViewController.swift", "mac")
            + ["XcodeGen/Resources/Deck.storyboard:9:29: error [unavailable-control]"]
        XCTAssertEqual(findings(run.stdout), expected)
    }

    func testVerboseSaysWhichTargetJudgedEachFileAndWhatWasLeftOutAndWhy() throws {
        let root = try fixtures()
        let run = try runCatalint(["lint", "--no-cache", "--verbose", "--format", "xcode", "Classic"], in: root)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        for expected in [
            "catalint: build: project Classic/Recipes.xcodeproj/project.pbxproj: 5 targets",
            "catalint: build:   target RecipesWidget: never in the Mac idiom, crash rules only: target RecipesWidget (app-extension) does not support Mac Catalyst, while target Recipes does: it never runs in the Mac idiom, so only the rules of crashes that also happen on iPad apply",
            "catalint: build:   target RecipesWatch: not iOS, no rule: target RecipesWatch (application) builds for watchOS, not iOS: no rule applies",
            "catalint: build: Classic/Recipes/AppDelegate.swift: judged in the mac idiom, by target Recipes of Classic/Recipes.xcodeproj/project.pbxproj",
            "catalint: build: Classic/Shared/Formatter.swift: judged in the mac idiom, by target Recipes of Classic/Recipes.xcodeproj/project.pbxproj",
            "catalint: build: Classic/Widget/WidgetView.swift: never in the Mac idiom (crash rules only), by target RecipesWidget of Classic/Recipes.xcodeproj/project.pbxproj",
            "catalint: build: Classic/Mac/MacWindow.swift: not iOS (no rule), by target RecipesMac of Classic/Recipes.xcodeproj/project.pbxproj",
            "catalint: build: left out Classic/OldScripts/Migrate.swift: no target of Classic/Recipes.xcodeproj/project.pbxproj compiles it",
            "catalint: build: left out Classic/Recipes/Unused.swift: no target of Classic/Recipes.xcodeproj/project.pbxproj compiles it",
            "catalint: build: left out Classic/RecipesTests/ListTests.swift: only the test target RecipesTests of Classic/Recipes.xcodeproj/project.pbxproj compiles it: the app does not build it",
            "catalint: 8 files checked",
        ] {
            XCTAssertTrue(lines.contains(expected), "missing \(expected) in\n\(run.stderr)")
        }
        // The same whatever the number of threads.
        let again = try runCatalint(["lint", "--no-cache", "--verbose", "--format", "xcode", "-j", "1", "Classic"], in: root)
        XCTAssertEqual(again.stderr, run.stderr)
    }

    func testTheJSONReportSaysHowEachFileWasJudged() throws {
        let root = try fixtures()
        let run = try runCatalint(["lint", "--no-cache", "--format", "json", "Synchronized"], in: root)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let build = try XCTUnwrap(report["build"] as? [String: Any])
        let files = try XCTUnwrap(build["files"] as? [[String: Any]])
        XCTAssertEqual(files.map { "\($0["path"]!) \($0["judged_as"]!) \($0["target"]!) \($0["project"]!)" }, [
            "Synchronized/Notes/EditorViewController.swift pad Notes Synchronized/Notes.xcodeproj/project.pbxproj",
            "Synchronized/Notes/Main.storyboard pad Notes Synchronized/Notes.xcodeproj/project.pbxproj",
            "Synchronized/Notes/Shared/Sharing.swift pad Notes Synchronized/Notes.xcodeproj/project.pbxproj",
            "Synchronized/NotesShare/ShareViewController.swift not-on-mac NotesShare Synchronized/Notes.xcodeproj/project.pbxproj",
        ])
        XCTAssertTrue((files[0]["reason"] as? String)?.hasSuffix("sets SUPPORTS_MACCATALYST = YES without device family 6 (Scale Interface to Match iPad, the pad idiom)") == true,
                      "\(files[0])")
        let leftOut = try XCTUnwrap(build["left_out"] as? [[String: Any]])
        XCTAssertEqual(leftOut.compactMap { $0["path"] as? String }, ["Synchronized/Notes/Legacy/Old.storyboard", "Synchronized/Notes/Legacy/OldEditor.swift",
                                                                      "Synchronized/NotesTests/EditorTests.swift"])
        XCTAssertEqual((report["summary"] as? [String: Any])?["files"] as? Int, 4)
        // Without a project there is nothing to say, and no `build` key.
        try write("let s = UIStepper()\n", to: root.appendingPathComponent("Loose/A.swift"))
        let loose = try runCatalint(["lint", "--no-cache", "--format", "json", "Loose"], in: root.deletingLastPathComponent())
        XCTAssertFalse(loose.stdout.contains("\"build\""), loose.stdout)
    }

    func testUnbuiltFilesAreLintedWithTheOptionOrTheKey() throws {
        let root = try fixtures()
        let leftOut = ["Classic/OldScripts/Legacy.storyboard", "Classic/OldScripts/Migrate.swift", "Classic/Recipes/Old.storyboard",
                       "Classic/Recipes/Unused.swift", "Classic/RecipesTests/ListTests.swift"]
        func linted(_ run: CommandRun) -> Set<String> {
            Set(findings(run.stdout).map { String($0.prefix { $0 != ":" }) })
        }
        let plain = try runCatalint(["lint", "--no-cache", "--format", "xcode", "Classic"], in: root)
        XCTAssertTrue(linted(plain).isDisjoint(with: leftOut), plain.stdout)
        let option = try runCatalint(["lint", "--no-cache", "--format", "xcode", "--include-unbuilt", "Classic"], in: root)
        XCTAssertTrue(linted(option).isSuperset(of: leftOut), option.stdout)
        XCTAssertTrue(findings(option.stdout).contains("Classic/RecipesTests/ListTests.swift:5:20: error [unavailable-control]"), "in the run's idiom")
        XCTAssertEqual(findings(option.stdout).filter { $0.hasPrefix("Classic/Watch/") }, [], "a watch app's files still get no finding")

        try write("include_unbuilt: true\n", to: root.appendingPathComponent(".catalint.yml"))
        let key = try runCatalint(["lint", "--no-cache", "--format", "xcode", "Classic"], in: root)
        XCTAssertEqual(key.stdout, option.stdout)
        let overridden = try runCatalint(["lint", "--no-cache", "--format", "xcode", "--no-include-unbuilt", "Classic"], in: root)
        XCTAssertEqual(overridden.stdout, plain.stdout)
    }

    func testFilesNamedExplicitlyAreJudgedAsInAFolder() throws {
        let root = try fixtures().appendingPathComponent("Classic")
        // pre-commit passes the staged files: a test file is left out, and that is no error.
        let test = try runCatalint(["lint", "--no-cache", "--format", "xcode", "RecipesTests/ListTests.swift"], in: root)
        XCTAssertEqual(test.status, 0, test.stderr)
        XCTAssertEqual(test.stdout, "")
        XCTAssertEqual(test.stderr, "warning: no file was linted: no target of its project builds RecipesTests/ListTests.swift (--verbose says why; --include-unbuilt lints it).\n")
        let staged = try runCatalint(["lint", "--no-cache", "--format", "xcode", "RecipesTests/ListTests.swift", "Widget/WidgetView.swift"], in: root)
        XCTAssertEqual(staged.status, 1)
        XCTAssertEqual(findings(staged.stdout), ["Widget/WidgetView.swift:10:16: error [unchecked-camera]"])
        XCTAssertEqual(staged.stderr, "")
        // An editor's buffer, as the same file.
        let text = try String(contentsOf: root.appendingPathComponent("RecipesTests/ListTests.swift"), encoding: .utf8)
        let stdin = try runCatalint(["lint", "--no-cache", "--format", "xcode", "--stdin-filename", "RecipesTests/ListTests.swift", "-"], in: root, stdin: text)
        XCTAssertEqual(stdin.status, 0, stdin.stderr)
        XCTAssertEqual(stdin.stdout, "")
        let widget = try runCatalint(["lint", "--no-cache", "--format", "xcode", "--stdin-filename", "Widget/WidgetView.swift", "-"], in: root, stdin: text)
        XCTAssertEqual(findings(widget.stdout), ["Widget/WidgetView.swift:10:16: error [unchecked-camera]"])
        // A folder that holds only unbuilt files.
        let folder = try runCatalint(["lint", "--no-cache", "OldScripts"], in: root)
        XCTAssertEqual(folder.status, 0, folder.stderr)
        XCTAssertTrue(folder.stderr.contains("no target of their projects builds any of the 2 files"), folder.stderr)
    }

    func testAGivenIdiomAppliesToTheTargetsThatRunOnTheMac() throws {
        let root = try fixtures().appendingPathComponent("Classic")
        let run = try runCatalint(["lint", "--no-cache", "--format", "xcode", "--idiom", "pad", "Recipes/AppDelegate.swift", "Widget", "Watch"], in: root)
        XCTAssertEqual(findings(run.stdout), screen("Recipes/AppDelegate.swift", "pad") + screen("Widget/WidgetView.swift", "not-on-mac"))
    }

    func testAProjectThatNoLongerMatchesTheDiskIsLintedAsIfThereWereNone() throws {
        // The project lists Planner/..., the folder was renamed PlannerApp: every file would be unbuilt.
        let root = try temporaryDirectory(self)
        let target = IdiomDetectionTests.Target(name: "Planner", sources: ["Planner/AppDelegate.swift", "Planner/ListViewController.swift",
                                                                           "Planner/Stepper.swift", "Shared/Theme.swift"],
                                                settings: ["SDKROOT": "iphoneos", "SUPPORTS_MACCATALYST": "YES", "TARGETED_DEVICE_FAMILY": "1,2,6"])
        try write(IdiomDetectionTests.pbxproj([target]), to: root.appendingPathComponent("Planner.xcodeproj/project.pbxproj"))
        try write("class AppDelegate {}\n", to: root.appendingPathComponent("PlannerApp/AppDelegate.swift"))
        try write("class ListViewController {}\n", to: root.appendingPathComponent("PlannerApp/ListViewController.swift"))
        try write("let s = UIStepper()\n", to: root.appendingPathComponent("PlannerApp/Stepper.swift"))
        try write("enum Theme {}\n", to: root.appendingPathComponent("Shared/Theme.swift"))
        let run = try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: root)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(findings(run.stdout), ["PlannerApp/Stepper.swift:1:9: error [unavailable-control]"], run.stdout)
        XCTAssertTrue(run.stderr.hasPrefix("warning: Planner.xcodeproj/project.pbxproj: 3 of the 4 Swift and Interface Builder files it lists do not exist "
                                           + "(Planner/AppDelegate.swift, ...): the project no longer matches the disk (a folder renamed or moved?); "),
                      run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix(" are linted as if there were no project\n"), run.stderr)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
        // A project that lists a few files that are not there (generated ones) is read as usual.
        try write("class ListViewController {}\n", to: root.appendingPathComponent("Planner/ListViewController.swift"))
        try write("let s = UIStepper()\n", to: root.appendingPathComponent("Planner/Stepper.swift"))
        let current = try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: root)
        XCTAssertEqual(findings(current.stdout), ["Planner/Stepper.swift:1:9: error [unavailable-control]"], current.stdout + current.stderr)
        XCTAssertEqual(current.stderr, "")
    }

    func testAProjectThatCannotBeReadIsAWarningAndItsFilesAreLintedAsBefore() throws {
        let root = try fixtures().appendingPathComponent("Classic")
        try write("// !$*UTF8*$!\n{\n\tobjects = ( ;\n", to: root.appendingPathComponent("Recipes.xcodeproj/project.pbxproj"))
        let run = try runCatalint(["lint", "--no-cache", "--format", "xcode", "RecipesTests", "Watch"], in: root)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(findings(run.stdout), screen("RecipesTests/ListTests.swift", "mac") + screen("Watch/WatchView.swift", "mac"))
        XCTAssertTrue(run.stderr.hasPrefix("warning: Recipes.xcodeproj/project.pbxproj:3:14: not a property list (unexpected ';'); the files under "),
                      run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix(" are linted as if there were no project\n"), run.stderr)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
    }
}
