import Foundation
import XCTest
@testable import CatalintKit

/// Which files a project builds and how each is judged, with the hand-written fixture projects in
/// `Fixtures/Projects` (a classic pbxproj, an Xcode 16 one with synchronized folders, an XcodeGen
/// spec, a Package.swift), copied into a temporary folder.
final class BuildMembershipTests: XCTestCase {
    /// A project file asked for by several threads at once is read once, and each gets that reading.
    func testAProjectFileAskedForFromSeveralThreadsIsReadOnce() {
        let parsed = Locked<[String: Int]>([:])
        let reads = ProjectReads { file in
            parsed.withLock { $0[file, default: 0] += 1 }
            Thread.sleep(forTimeInterval: 0.002)  // long enough for the others to ask meanwhile
            return (.failure(XcodeProject.ReadError(description: "read \(file)")), [])
        }
        let files = (0..<8).map { "/p\($0)/Package.swift" }
        let answers = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let file = files[index % files.count]
            if case .failure(let error) = reads.read(file).read { answers.withLock { $0.append("\(file) \(error.message)") } }
        }
        XCTAssertEqual(parsed.withLock { $0 }, Dictionary(uniqueKeysWithValues: files.map { ($0, 1) }))
        let all = answers.withLock { $0 }
        XCTAssertEqual(all.count, 64)
        XCTAssertTrue(all.allSatisfy { answer in files.contains { answer == "\($0) read \($0)" } }, "\(all)")
    }

    private func fixtures() throws -> URL { try fixtureProjects(self) }

    /// The index of each project's targets by their roots, which judging a file asks instead of
    /// every target: each target is under each file and folder it compiles or copies, once, in
    /// order, and under nothing else.
    func testTheTargetsByRootAreEveryTargetUnderEachOfItsRoots() throws {
        let root = try fixtures()
        let membership = BuildMembership()
        var checked = 0
        for name in ["Classic/Recipes.xcodeproj/project.pbxproj", "Frameworks/Shop.xcodeproj/project.pbxproj",
                     "Localized/Journal.xcodeproj/project.pbxproj", "Synchronized/Notes.xcodeproj/project.pbxproj",
                     "XcodeGen/project.yml", "Package/Package.swift"] {
            guard case .success(let project) = BuildMembership.parse(root.appendingPathComponent(name).path).read else {
                XCTFail("\(name) was not read")
                continue
            }
            var expected: [String: [Int]] = [:]
            for (offset, target) in project.targets.enumerated() {
                for path in target.sources.union(target.resources).sorted() { expected[path, default: []].append(offset) }
            }
            XCTAssertEqual(membership.targetsRooted(in: project), expected, name)
            XCTAssertFalse(expected.isEmpty, name)
            checked += expected.count
        }
        XCTAssertGreaterThan(checked, 20)
    }


    /// `judged_as target` for each file, or `unbuilt` (and why), or `-` without a judgement.
    private func judge(_ paths: [String], in root: URL, membership: BuildMembership = BuildMembership()) -> [String: String] {
        var result: [String: String] = [:]
        // The files are on disk, as in a checkout (a project most of whose files are missing is stale).
        for path in paths where !FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
            try? write("", to: root.appendingPathComponent(path))
        }
        for path in paths {
            guard let judgement = membership.judgement(of: root.appendingPathComponent(path).path) else {
                result[path] = "-"
                continue
            }
            result[path] = judgement.scope.map { "\($0.label(runIdiom: .mac)) \(judgement.target ?? "?")" } ?? "unbuilt: " + judgement.reason
        }
        return result
    }

    /// Lints `paths` under `root` with a membership, returning `path rule severity` per finding
    /// (paths relative to `root`) and the result.
    private func lint(_ paths: [String], in root: URL, idiom: Idiom = .mac, membership: BuildMembership = BuildMembership())
        throws -> (findings: [String], result: LintResult) {
        var options = LintOptions(idiom: idiom, jobs: 2, configuration: Configuration(directory: root.path))
        options.membership = membership
        let result = try Linter(options: options).lint(.paths(paths.map { $0 == "." ? root.path : root.appendingPathComponent($0).path }))
        let findings = result.diagnostics.map { "\($0.position.path.dropFirst(root.path.count + 1)) \($0.rule) \($0.severity.rawValue)" }
        return (findings, result)
    }

    // MARK: Which files a project builds

    func testAClassicProjectBuildsWhatItsSourcesAndResourcesPhasesName() throws {
        let root = try fixtures().appendingPathComponent("Classic")
        let judged = judge(["Recipes/AppDelegate.swift", "Recipes/Base.lproj/Main.storyboard", "Recipes/Cell.xib", "Shared/Formatter.swift",
                            "Widget/WidgetView.swift", "Watch/WatchView.swift", "Mac/MacWindow.swift", "Recipes/Unused.swift",
                            "Recipes/Old.storyboard", "RecipesTests/ListTests.swift", "OldScripts/Migrate.swift", "OldScripts/Legacy.storyboard"], in: root)
        XCTAssertEqual(judged["Recipes/AppDelegate.swift"], "mac Recipes")
        XCTAssertEqual(judged["Recipes/Base.lproj/Main.storyboard"], "mac Recipes", "the Base variant of a localized storyboard")
        XCTAssertEqual(judged["Recipes/Cell.xib"], "mac Recipes")
        XCTAssertEqual(judged["Shared/Formatter.swift"], "mac Recipes", "compiled by the app and the widget: the strictest decides")
        XCTAssertEqual(judged["Widget/WidgetView.swift"], "not-on-mac RecipesWidget")
        XCTAssertEqual(judged["Watch/WatchView.swift"], "not-ios RecipesWatch")
        XCTAssertEqual(judged["Mac/MacWindow.swift"], "not-ios RecipesMac")
        XCTAssertEqual(judged["Recipes/Unused.swift"], "unbuilt: no target of \(root.path)/Recipes.xcodeproj/project.pbxproj compiles it")
        XCTAssertTrue(judged["Recipes/Old.storyboard"]?.hasPrefix("unbuilt: no target of ") == true && judged["Recipes/Old.storyboard"]!.contains("copies it"),
                      judged["Recipes/Old.storyboard"] ?? "")
        XCTAssertTrue(judged["RecipesTests/ListTests.swift"]?.contains("only the test target RecipesTests of") == true, judged["RecipesTests/ListTests.swift"] ?? "")
        // A folder added as a resource reference is copied as it is: nothing in it is compiled.
        XCTAssertTrue(judged["OldScripts/Migrate.swift"]?.hasPrefix("unbuilt: no target") == true, judged["OldScripts/Migrate.swift"] ?? "")
        XCTAssertTrue(judged["OldScripts/Legacy.storyboard"]?.hasPrefix("unbuilt: no target") == true, judged["OldScripts/Legacy.storyboard"] ?? "")
    }

    /// A framework without Mac Catalyst of its own is built for the Mac with the app that links,
    /// embeds or depends on it; one only an extension without it uses (or the app only through a
    /// platform filter that leaves Mac Catalyst out) never runs in the Mac idiom; one only tests
    /// link is a test helper. An extension the app embeds only with `platformFilter = ios` is left
    /// out of the Mac build, whatever its own settings.
    func testAFrameworkIsJudgedByTheTargetsThatUseIt() throws {
        let root = try fixtures().appendingPathComponent("Frameworks")
        let judged = judge(["Kit/Store.swift", "Charts/Chart.swift", "TestKit/MockStore.swift", "Shop/ShopViewController.swift", "Widget/WidgetView.swift"], in: root)
        XCTAssertEqual(judged["Shop/ShopViewController.swift"], "mac Shop")
        XCTAssertEqual(judged["Kit/Store.swift"], "mac Kit")
        XCTAssertEqual(judged["Charts/Chart.swift"], "not-on-mac Charts")
        XCTAssertEqual(judged["Widget/WidgetView.swift"], "not-on-mac ShopWidget")
        XCTAssertEqual(judge(["Intents/IntentHandler.swift"], in: root)["Intents/IntentHandler.swift"], "not-on-mac ShopIntents",
                       "supports Mac Catalyst, but the app embeds it only with platformFilter = ios")
        XCTAssertTrue(judged["TestKit/MockStore.swift"]?.contains("only the test target TestKit") == true, judged["TestKit/MockStore.swift"] ?? "")
        let membership = BuildMembership()
        XCTAssertTrue(membership.judgement(of: root.appendingPathComponent("Kit/Store.swift").path)?.reason
            .contains("target Kit (framework) is used by target Shop") == true)
    }

    /// A framework's own project whose only other target is its tests says nothing of who uses it:
    /// an app of another project may link it, so it is not taken for a test helper.
    func testALibraryProjectsOwnTestsDoNotMakeItATestHelper() {
        var kit = XcodeProject.Target(name: "Kit", productType: "com.apple.product-type.framework")
        kit.configurations = []
        var tests = XcodeProject.Target(name: "KitTests", productType: "com.apple.product-type.bundle.unit-test")
        tests.uses = ["Kit"]
        var app = XcodeProject.Target(name: "App", productType: "com.apple.product-type.application")
        app.configurations = [.init(name: "Release", layers: [SettingsLayer(owner: "target App", file: "/p/project.pbxproj",
                                                                            settings: [BuildSetting(written: "SUPPORTS_MACCATALYST", value: "YES", file: "/p/project.pbxproj")])])]
        let library = XcodeProject(file: "/p/Kit.xcodeproj/project.pbxproj", folder: "/p", targets: [kit, tests])
        XCTAssertNotNil(TargetScope.of(library, idiomFromProject: true)[0].scope)
        let withApp = XcodeProject(file: "/p/App.xcodeproj/project.pbxproj", folder: "/p", targets: [app, kit, tests])
        XCTAssertNil(TargetScope.of(withApp, idiomFromProject: true)[1].scope, "a test helper beside the app")
    }

    /// A localized file in a Sources phase (an intent definition: a variant group with a name and no
    /// path) stands for its languages, not for its group's folder; a folder reference in a Sources
    /// phase is copied as it is. Neither makes the Swift files of a folder the target's.
    func testALocalizedSourceOrAFolderInASourcesPhaseCompilesNoFolder() throws {
        let root = try fixtures().appendingPathComponent("Localized")
        let judged = judge(["Journal/EntryViewController.swift", "Journal/Stories/OldStory.swift", "Journal/Templates/Snippet.swift"], in: root)
        XCTAssertEqual(judged["Journal/EntryViewController.swift"], "mac Journal")
        XCTAssertTrue(judged["Journal/Stories/OldStory.swift"]?.hasPrefix("unbuilt: no target") == true, judged["Journal/Stories/OldStory.swift"] ?? "")
        XCTAssertTrue(judged["Journal/Templates/Snippet.swift"]?.hasPrefix("unbuilt: no target") == true, judged["Journal/Templates/Snippet.swift"] ?? "")
        XCTAssertEqual(try lint(["."], in: root).findings, ["Journal/EntryViewController.swift unavailable-control error"])
    }

    func testSynchronizedFoldersBelongToTheirTargetsButForTheirExceptions() throws {
        let root = try fixtures().appendingPathComponent("Synchronized")
        let judged = judge(["Notes/EditorViewController.swift", "Notes/Main.storyboard", "Notes/Legacy/OldEditor.swift", "Notes/Legacy/Old.storyboard",
                            "Notes/Shared/Sharing.swift", "NotesShare/ShareViewController.swift", "NotesTests/EditorTests.swift"], in: root)
        XCTAssertEqual(judged["Notes/EditorViewController.swift"], "pad Notes")
        XCTAssertEqual(judged["Notes/Main.storyboard"], "pad Notes", "a synchronized folder copies its storyboards")
        XCTAssertTrue(judged["Notes/Legacy/OldEditor.swift"]?.hasPrefix("unbuilt: no target") == true, "the exception takes it out")
        XCTAssertTrue(judged["Notes/Legacy/Old.storyboard"]?.hasPrefix("unbuilt: no target") == true)
        XCTAssertEqual(judged["Notes/Shared/Sharing.swift"], "pad Notes", "the share extension's exception brings it in too; the app is stricter")
        XCTAssertEqual(judged["NotesShare/ShareViewController.swift"], "not-on-mac NotesShare")
        XCTAssertTrue(judged["NotesTests/EditorTests.swift"]?.contains("only the test target NotesTests") == true)
    }

    func testAnXcodeGenSpecsSourcesWithExcludesPhasesAndFolderReferences() throws {
        let root = try fixtures().appendingPathComponent("XcodeGen")
        let judged = judge(["Cards/DeckViewController.swift", "Cards/Drafts/Sketch.swift", "Resources/Deck.storyboard", "Resources/Helper.swift",
                            "Tools/Generate.swift", "CardsWatch/Face.swift", "CardsUITests/DeckUITests.swift"], in: root)
        XCTAssertEqual(judged["Cards/DeckViewController.swift"], "mac Cards")
        XCTAssertTrue(judged["Cards/Drafts/Sketch.swift"]?.hasPrefix("unbuilt: no target") == true, "excludes: [Drafts/**]")
        XCTAssertEqual(judged["Resources/Deck.storyboard"], "mac Cards", "a resources phase copies the storyboard")
        XCTAssertTrue(judged["Resources/Helper.swift"]?.hasPrefix("unbuilt: no target") == true, "and does not compile the Swift file")
        XCTAssertTrue(judged["Tools/Generate.swift"]?.hasPrefix("unbuilt: no target") == true, "a folder reference")
        XCTAssertEqual(judged["CardsWatch/Face.swift"], "not-ios CardsWatch")
        XCTAssertTrue(judged["CardsUITests/DeckUITests.swift"]?.contains("only the test target CardsUITests") == true)
    }

    func testAPackagesTargetsAreReadWithoutRunningTheManifest() throws {
        let root = try fixtures().appendingPathComponent("Package")
        let judged = judge(["Sources/Kit/Store.swift", "Sources/Kit/Old/Legacy.swift", "Sources/Kit/Internal/Generated/Model.swift",
                            "Sources/Orphan/Lost.swift", "UI/Panel.swift", "UI/Panel.xib", "Tests/KitTests/StoreTests.swift",
                            "Plugins/Generate/plugin.swift", "Macros/Expand.swift", "Examples/Demo.swift"], in: root)
        XCTAssertEqual(judged["Sources/Kit/Store.swift"], "mac Kit", "a library target takes the run's idiom")
        XCTAssertTrue(judged["Sources/Kit/Old/Legacy.swift"]?.hasPrefix("unbuilt: no target") == true, "exclude: [\"Old\"]")
        XCTAssertTrue(judged["Sources/Kit/Internal/Generated/Model.swift"]?.hasPrefix("unbuilt: no target") == true, "excluded through a constant")
        XCTAssertTrue(judged["Sources/Orphan/Lost.swift"]?.hasPrefix("unbuilt: no target") == true, "a folder of Sources that no target names")
        XCTAssertEqual(judged["UI/Panel.swift"], "mac KitUI", "a target's own path")
        XCTAssertEqual(judged["UI/Panel.xib"], "mac KitUI")
        XCTAssertTrue(judged["Tests/KitTests/StoreTests.swift"]?.contains("only the test target KitTests") == true)
        XCTAssertEqual(judged["Plugins/Generate/plugin.swift"], "not-ios Generate", "a plugin runs in the build")
        XCTAssertEqual(judged["Macros/Expand.swift"], "not-ios KitMacros", "appended after the Package(...) call")
        XCTAssertEqual(judged["Examples/Demo.swift"], "-", "a folder SwiftPM does not read is not the package's")
    }

    /// A file belongs to the projects of the nearest folder up the tree whose projects claim it:
    /// past a nearer package that does not, to one further up; files of one folder asked in any
    /// order (the nearest project is known by folder once found) get the same answers.
    func testTheNearestProjectThatClaimsAFileOwnsIt() throws {
        let root = try temporaryDirectory(self)
        try write("""
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.target(name: "App", path: "Sources")])
            """, to: root.appendingPathComponent("Package.swift"))
        try write("""
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Vendor", targets: [.target(name: "Lib", path: "Lib")])
            """, to: root.appendingPathComponent("Sources/Vendor/Package.swift"))
        let paths = ["Sources/Vendor/Lib/A.swift", "Sources/Vendor/Other/B.swift", "Sources/Vendor/Lib/Deep/C.swift",
                     "Sources/Vendor/Other/D.swift", "Sources/E.swift", "Elsewhere/F.swift"]
        let expected = ["Sources/Vendor/Lib/A.swift": "mac Lib", "Sources/Vendor/Other/B.swift": "mac App", "Sources/Vendor/Lib/Deep/C.swift": "mac Lib",
                        "Sources/Vendor/Other/D.swift": "mac App", "Sources/E.swift": "mac App"]
        for order in [paths, paths.reversed(), [paths[3], paths[1], paths[4], paths[0], paths[5], paths[2]]] {
            let judged = judge(order, in: root)
            for (path, judgement) in expected { XCTAssertEqual(judged[path], judgement, path) }
            XCTAssertEqual(judged["Elsewhere/F.swift"], "-", "a folder SwiftPM does not read is not the package's")
        }
    }

    /// A project may spell a file in another case than the disk does, which a Mac's file system
    /// does not tell apart: the file is the project's all the same; another name is not.
    func testAFileNamedInAnotherCaseIsTheOneTheProjectBuilds() throws {
        let root = try temporaryDirectory(self)
        let settings = ["SDKROOT": "iphoneos", "SUPPORTS_MACCATALYST": "YES", "TARGETED_DEVICE_FAMILY": "1,2,6"]
        try write(IdiomDetectionTests.pbxproj([
            .init(name: "Notes", sources: ["Notes/UIDevice+DeviceInfo.m", "Notes/App.swift"], settings: settings),
        ]), to: root.appendingPathComponent("Notes.xcodeproj/project.pbxproj"))
        let judged = judge(["Notes/App.swift", "Notes/UIDevice+deviceInfo.m", "Notes/UIDevice+Battery.m"], in: root)
        XCTAssertEqual(judged["Notes/UIDevice+deviceInfo.m"], "mac Notes")
        XCTAssertEqual(judged["Notes/UIDevice+Battery.m"], "unbuilt: no target of \(root.path)/Notes.xcodeproj/project.pbxproj compiles it")
    }

    /// A header is Objective-C only where its project compiles Objective-C: the headers of a C
    /// target, of a C implementation and of a project without `.m` files are left out; an
    /// Objective-C target's headers, a Swift target's bridging header and the headers of a project
    /// that compiles Objective-C are not.
    func testAHeaderIsObjectiveCOnlyWhereItsProjectCompilesObjectiveC() throws {
        let root = try temporaryDirectory(self)
        try write("""
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [
                .target(name: "Kit", dependencies: ["CShim", "Legacy"]),
                .target(name: "CShim"),
                .target(name: "Legacy"),
                .target(name: "Listed", sources: ["Listed.m"]),
                .executableTarget(name: "tool", path: "Sources/vendored", sources: ["main.cc"]),
            ])
            """, to: root.appendingPathComponent("Package.swift"))
        let package = ["Sources/Kit/Kit.swift", "Sources/CShim/include/shim.h", "Sources/CShim/shim.c", "Sources/CShim/internal.h",
                       "Sources/Legacy/include/Legacy.h", "Sources/Legacy/Legacy.m", "Sources/Legacy/Sizes.h", "Sources/Legacy/Sizes.c",
                       "Sources/vendored/main.cc", "Sources/vendored/lib/vendor.h", "Sources/Listed/Listed.m", "Sources/Listed/include/Listed.h"]
        let judged = judge(package, in: root)
        XCTAssertEqual(judged["Sources/Kit/Kit.swift"], "mac Kit")
        XCTAssertEqual(judged["Sources/CShim/include/shim.h"], "unbuilt: a header of the target CShim, which compiles no Objective-C (.m, .mm)")
        XCTAssertEqual(judged["Sources/CShim/internal.h"], "unbuilt: a header of the target CShim, which compiles no Objective-C (.m, .mm)")
        XCTAssertEqual(judged["Sources/Legacy/include/Legacy.h"], "mac Legacy", "a header of a target with .m files")
        XCTAssertEqual(judged["Sources/Legacy/Legacy.m"], "mac Legacy")
        XCTAssertEqual(judged["Sources/Listed/include/Listed.h"], "mac Listed", "in the folder of a target whose sources name only its .m")
        XCTAssertEqual(judged["Sources/Legacy/Sizes.h"], "unbuilt: a C or C++ header: its implementation \(root.path)/Sources/Legacy/Sizes.c is not Objective-C")
        XCTAssertEqual(judged["Sources/vendored/lib/vendor.h"], "unbuilt: a header of the target tool, which compiles no Objective-C (.m, .mm)",
                       "in a target's folder, outside the sources it names")
        // C and C++ headers are no unbuilt files: not linted even when those are.
        let everything = BuildMembership(includeUnbuilt: true)
        XCTAssertFalse(everything.admits(root.appendingPathComponent("Sources/CShim/include/shim.h").path))
        XCTAssertFalse(everything.admits(root.appendingPathComponent("Sources/Legacy/Sizes.h").path))
        XCTAssertTrue(everything.admits(root.appendingPathComponent("Sources/Legacy/include/Legacy.h").path))

        // An Xcode project: Swift only, but for its bridging header; then one that compiles Objective-C.
        let settings = ["SDKROOT": "iphoneos", "SUPPORTS_MACCATALYST": "YES", "TARGETED_DEVICE_FAMILY": "1,2,6"]
        let swiftOnly = root.appendingPathComponent("SwiftApp")
        try write(IdiomDetectionTests.pbxproj([
            .init(name: "Notes", sources: ["Notes/App.swift"], settings: settings.merging(["SWIFT_OBJC_BRIDGING_HEADER": "$(SRCROOT)/Notes/Notes-Bridging-Header.h"]) { $1 }),
        ]), to: swiftOnly.appendingPathComponent("Notes.xcodeproj/project.pbxproj"))
        let swiftJudged = judge(["Notes/App.swift", "Notes/Notes-Bridging-Header.h", "Vendor/sqlite3.h",
                                 "Vendor/Ads.xcframework/ios-arm64/Ads.framework/Headers/Ads.h"], in: swiftOnly)
        XCTAssertEqual(swiftJudged["Vendor/Ads.xcframework/ios-arm64/Ads.framework/Headers/Ads.h"], "-", "a binary framework's Objective-C interface")
        XCTAssertEqual(swiftJudged["Notes/Notes-Bridging-Header.h"], "mac Notes")
        XCTAssertEqual(swiftJudged["Vendor/sqlite3.h"], "unbuilt: no target of \(swiftOnly.path)/Notes.xcodeproj/project.pbxproj compiles Objective-C (.m, .mm)")
        let mixed = root.appendingPathComponent("MixedApp")
        try write(IdiomDetectionTests.pbxproj([
            .init(name: "Notes", sources: ["Notes/App.swift", "Notes/Editor.m"], settings: settings),
        ]), to: mixed.appendingPathComponent("Notes.xcodeproj/project.pbxproj"))
        let mixedJudged = judge(["Notes/App.swift", "Notes/Editor.m", "Notes/Editor.h", "Notes/Theme.h"], in: mixed)
        XCTAssertEqual(mixedJudged["Notes/Editor.h"], "mac Notes", "as its implementation")
        XCTAssertEqual(mixedJudged["Notes/Theme.h"], "-", "a header of a project that compiles Objective-C, linted in the run's idiom")

        // Without a project, a header beside a C++ implementation is C++ all the same.
        let loose = root.appendingPathComponent("Loose")
        let looseJudged = judge(["Harness.h", "Harness.cc", "Stepper.h"], in: loose)
        XCTAssertEqual(looseJudged["Harness.h"], "unbuilt: a C or C++ header: its implementation \(loose.path)/Harness.cc is not Objective-C")
        XCTAssertEqual(looseJudged["Stepper.h"], "-")

        // A package catalint cannot read: its files still tell.
        let unread = root.appendingPathComponent("Unread")
        try write("import PackageDescription\nlet package = Package(name: \"U\", targets: names.map { .target(name: $0) })\n",
                  to: unread.appendingPathComponent("Package.swift"))
        XCTAssertEqual(judge(["Sources/U/U.swift", "Sources/CU/include/cu.h", "Sources/CU/cu.c"], in: unread)["Sources/CU/include/cu.h"],
                       "unbuilt: no .m or .mm file is under \(unread.path), whose project cannot be read: a C or C++ header")
        XCTAssertEqual(judge(["Sources/CU/include/cu.h", "Sources/Legacy/Legacy.m"], in: unread, membership: BuildMembership())["Sources/CU/include/cu.h"], "-")
    }

    // MARK: How each file is judged

    func testEachFileGetsTheRulesItsTargetsAllow() throws {
        let root = try fixtures()
        let (findings, result) = try lint(["."], in: root)
        func rules(_ path: String) -> [String] { findings.filter { $0.hasPrefix(path + " ") }.map { String($0.dropFirst(path.count + 1)) } }
        let all = ["unavailable-control error", "hard-coded-size warning", "unchecked-camera error"]
        // Several projects in one run: each file by the project that owns it.
        XCTAssertEqual(rules("Classic/Recipes/AppDelegate.swift"), all)
        XCTAssertEqual(rules("Classic/Widget/WidgetView.swift"), ["unchecked-camera error"], "never in the Mac idiom: crash rules only")
        XCTAssertEqual(rules("Classic/Watch/WatchView.swift"), [], "watchOS: no rule")
        XCTAssertEqual(rules("Classic/Mac/MacWindow.swift"), [], "AppKit: no rule")
        XCTAssertEqual(rules("Synchronized/Notes/EditorViewController.swift"), ["unavailable-control note", "hard-coded-size warning", "unchecked-camera error"],
                       "the pad idiom, from its own project, though the run's idiom is mac")
        XCTAssertEqual(rules("Synchronized/Notes/Main.storyboard"), ["unavailable-control note"])
        XCTAssertEqual(rules("Package/Examples/Demo.swift"), all, "no project: as before")
        for leftOut in ["Classic/RecipesTests/ListTests.swift", "Classic/OldScripts/Migrate.swift", "Synchronized/Notes/Legacy/OldEditor.swift",
                        "XcodeGen/Cards/Drafts/Sketch.swift", "Package/Tests/KitTests/StoreTests.swift"] {
            XCTAssertEqual(rules(leftOut), [], leftOut)
            XCTAssertTrue(result.build?.leftOut.contains { $0.path.hasSuffix(leftOut) } == true, leftOut)
            XCTAssertFalse(result.paths.contains { $0.hasSuffix(leftOut) }, leftOut)
        }
        let widget = try XCTUnwrap(result.build?.files.first { $0.path.hasSuffix("Classic/Widget/WidgetView.swift") })
        XCTAssertEqual(widget.judgedAs, "not-on-mac")
        XCTAssertEqual(widget.target, "RecipesWidget")
        XCTAssertTrue(widget.reason.contains("while target Recipes does"), widget.reason)
        XCTAssertEqual(result.build?.files.map(\.path), result.build?.files.map(\.path).sorted())
        XCTAssertEqual(result.build?.leftOut.map(\.path), result.build?.leftOut.map(\.path).sorted())
    }

    func testUnbuiltFilesAreLintedWhenAskedInTheRunsIdiom() throws {
        let root = try fixtures().appendingPathComponent("Classic")
        let (findings, result) = try lint(["RecipesTests/ListTests.swift", "Watch"], in: root, idiom: .pad,
                                          membership: BuildMembership(includeUnbuilt: true))
        XCTAssertEqual(findings, ["RecipesTests/ListTests.swift unavailable-control note", "RecipesTests/ListTests.swift hard-coded-size warning",
                                  "RecipesTests/ListTests.swift unchecked-camera error"])
        XCTAssertEqual(result.build?.leftOut, [])
        XCTAssertEqual(result.build?.files.map(\.judgedAs), ["unbuilt", "not-ios"])
    }

    func testAGivenIdiomReplacesTheIdiomOfTheTargetsOnTheMac() throws {
        let root = try fixtures().appendingPathComponent("Classic")
        let given = BuildMembership(idiomFromProjects: false)
        let (findings, _) = try lint(["Recipes/AppDelegate.swift", "Widget", "Watch"], in: root, idiom: .pad, membership: given)
        XCTAssertEqual(findings, ["Recipes/AppDelegate.swift unavailable-control note", "Recipes/AppDelegate.swift hard-coded-size warning",
                                  "Recipes/AppDelegate.swift unchecked-camera error", "Widget/WidgetView.swift unchecked-camera error"])
        XCTAssertEqual(given.judgement(of: root.appendingPathComponent("Recipes/AppDelegate.swift").path)?.scope, .onMac(nil))
    }

    func testAProjectWithoutMacCatalystIsAnAppAboutToMove() throws {
        let root = try temporaryDirectory(self)
        let families = ["TARGETED_DEVICE_FAMILY": "1,2", "SDKROOT": "iphoneos"]
        try write(IdiomDetectionTests.pbxproj([
            .init(name: "Recipes", sources: ["Recipes/List.swift"], settings: families),
            .init(name: "Widget", type: "com.apple.product-type.app-extension", sources: ["Widget/View.swift"], settings: families),
        ]), to: root.appendingPathComponent("Recipes.xcodeproj/project.pbxproj"))
        let judged = judge(["Recipes/List.swift", "Widget/View.swift"], in: root)
        // The app, in the strict default; its extension comes to the Mac only when it opts in itself.
        XCTAssertEqual(judged, ["Recipes/List.swift": "mac Recipes", "Widget/View.swift": "not-on-mac Widget"], "the strict default, as for the run's idiom")
        let given = BuildMembership(idiomFromProjects: false)
        XCTAssertEqual(given.judgement(of: root.appendingPathComponent("Recipes/List.swift").path)?.scope, .onMac(nil))
        XCTAssertEqual(given.judgement(of: root.appendingPathComponent("Widget/View.swift").path)?.scope, .neverOnMac)
    }

    func testALibraryIsBuiltForTheTargetsThatUseIt() throws {
        let root = try temporaryDirectory(self)
        let catalyst = ["SDKROOT": "iphoneos", "SUPPORTS_MACCATALYST": "YES", "TARGETED_DEVICE_FAMILY": "1,2,6"]
        let plain = ["SDKROOT": "iphoneos", "TARGETED_DEVICE_FAMILY": "1,2"]
        let framework = "com.apple.product-type.framework"
        try write(IdiomDetectionTests.pbxproj([
            .init(name: "App", sources: ["App/Main.swift"], settings: catalyst, dependencies: ["Shared"]),
            .init(name: "Widget", type: "com.apple.product-type.app-extension", sources: ["Widget/View.swift"], settings: plain,
                  dependencies: ["WidgetKit"]),
            .init(name: "Shared", type: framework, sources: ["Shared/Style.swift"], settings: plain),
            .init(name: "WidgetKit", type: framework, sources: ["WidgetKit/Entry.swift"], settings: plain),
            .init(name: "Loose", type: framework, sources: ["Loose/Tools.swift"], settings: plain),
        ]), to: root.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        let judged = judge(["Shared/Style.swift", "WidgetKit/Entry.swift", "Loose/Tools.swift"], in: root)
        // Built into the app on the Mac; into an extension that never comes there; a library of the app.
        XCTAssertEqual(judged, ["Shared/Style.swift": "mac Shared", "WidgetKit/Entry.swift": "not-on-mac WidgetKit", "Loose/Tools.swift": "mac Loose"])
    }

    func testATargetBuiltNativelyForMacOSAndForIOSNeverRunsInTheMacIdiom() throws {
        let root = try temporaryDirectory(self)
        try write(IdiomDetectionTests.pbxproj([
            .init(name: "Notes", sources: ["Notes/App.swift"], settings: ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx"]),
            .init(name: "Vision", sources: ["Vision/Space.swift"], settings: ["SDKROOT": "xros"]),
        ]), to: root.appendingPathComponent("Notes.xcodeproj/project.pbxproj"))
        let judged = judge(["Notes/App.swift", "Vision/Space.swift"], in: root)
        XCTAssertEqual(judged, ["Notes/App.swift": "not-on-mac Notes", "Vision/Space.swift": "not-ios Vision"])
    }

    func testFilesWithoutAProjectAndInterfaceDescriptionsGetNoJudgement() throws {
        let root = try temporaryDirectory(self)
        try write("let s = UIStepper()\n", to: root.appendingPathComponent("Sources/A.swift"))
        try write("interface: X\nviews:\n  - class: UIStepper\n", to: root.appendingPathComponent("Screens/X.interface.yml"))
        XCTAssertEqual(judge(["Sources/A.swift"], in: root), ["Sources/A.swift": "-"])
        let (findings, result) = try lint(["."], in: root)
        XCTAssertEqual(findings, ["Screens/X.interface.yml unavailable-control error", "Sources/A.swift unavailable-control error"])
        XCTAssertEqual(result.build, BuildReport())
        // An interface description beside a project is the project's concern no more than before.
        let fixtures = try fixtures().appendingPathComponent("Classic")
        try write("interface: X\nviews:\n  - class: UIStepper\n", to: fixtures.appendingPathComponent("Screens/X.interface.yml"))
        XCTAssertEqual(judge(["Screens/X.interface.yml"], in: fixtures), ["Screens/X.interface.yml": "-"])
    }

    // MARK: Projects that cannot be read

    func testAProjectThatCannotBeReadLeavesItsFilesAsWithoutOne() throws {
        let cases: [(file: String, text: String, place: String)] = [
            ("Broken.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tobjects = ( ;\n", "Broken.xcodeproj/project.pbxproj:3:14: not a property list"),
            ("project.yml", "targets:\n  App:\n    sources: [App\n", "project.yml:4:1: not YAML"),
            ("Package.swift", "import PackageDescription\nlet package = Package(\n  name: \"Kit\",\n  targets: makeTargets()\n)\n",
             "Package.swift:4:12: catalint cannot tell a list of targets from `makeTargets()` without running the manifest"),
            ("project.yml", "include: [Common.yml]\ntargets:\n  App:\n    type: application\n    sources: [App]\n", ""),
            ("project.yml", "name: Docs\npages: [index.md]\n", ""),
        ]
        for (file, text, place) in cases {
            let root = try temporaryDirectory(self)
            try write(text, to: root.appendingPathComponent(file))
            try write("let s = UIStepper()\n", to: root.appendingPathComponent("Tests/A.swift"))
            let membership = BuildMembership()
            let (findings, _) = try lint(["."], in: root, membership: membership)
            XCTAssertEqual(findings, ["Tests/A.swift unavailable-control error"], file)
            if place.isEmpty {
                // A spec that includes others, or a project.yml of another tool: its targets are not
                // known; said with --verbose.
                XCTAssertEqual(membership.problems, [], file)
                XCTAssertTrue(membership.notes.contains { ($0.contains("include:") || $0.contains("no `targets:`")) && $0.hasSuffix("linted as if there were no project") },
                              "\(membership.notes)")
            } else {
                XCTAssertEqual(membership.problems.count, 1, file)
                XCTAssertTrue(membership.problems.first?.hasPrefix(root.path + "/" + place) == true, "\(membership.problems)")
                XCTAssertTrue(membership.problems.first?.hasSuffix("linted as if there were no project") == true, "\(membership.problems)")
            }
        }
    }

    func testATruncatedProjectIsReadOrReportedNeverACrash() throws {
        let root = try fixtures()
        let cases = [("Classic", "Recipes.xcodeproj/project.pbxproj", "Recipes/AppDelegate.swift"),
                     ("Synchronized", "Notes.xcodeproj/project.pbxproj", "Notes/EditorViewController.swift"),
                     ("XcodeGen", "project.yml", "Cards/DeckViewController.swift"), ("Package", "Package.swift", "Sources/Kit/Store.swift")]
        for (folder, file, probe) in cases {
            let url = root.appendingPathComponent(folder + "/" + file)
            let bytes = Array(try Data(contentsOf: url))
            for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 40)) {
                try Data(bytes[..<cut]).write(to: url)
                let membership = BuildMembership()
                // Read as far as it goes, or not read and said why: never a crash, never silence.
                if membership.judgement(of: root.appendingPathComponent(folder + "/" + probe).path) == nil {
                    XCTAssertFalse(membership.problems.isEmpty && membership.notes.isEmpty, "\(file) cut at \(cut)")
                }
            }
        }
    }

    func testManifestsAreReadAsWrittenOrNotAtAll() throws {
        let root = try temporaryDirectory(self)
        let path = root.appendingPathComponent("Package.swift").path
        func targets(_ text: String) -> String {
            do throws(XcodeProject.ReadError) {
                return try SwiftPackage.declarations(in: text, path: path)
                    .map { "\($0.kind) \($0.name)" + ($0.path.map { " @\($0)" } ?? "") + ($0.exclude.isEmpty ? "" : " -\($0.exclude.joined(separator: ","))")
                        + ($0.sources.map { " +\($0.joined(separator: ","))" } ?? "") }
                    .joined(separator: "; ")
            } catch {
                return error.located(in: "Package.swift")
            }
        }
        let head = "// swift-tools-version: 5.9\nimport PackageDescription\n"
        XCTAssertEqual(targets(head + """
            let common: [Target] = [.target(name: "Core", sources: ["Model", "Store.swift"])]
            let excluded = ["README.md"]
            var package = Package(name: "Kit", targets: common + [
                Target.executableTarget(name: "Tool", path: "Tools/Tool", exclude: excluded),
            ])
            package.targets += [.testTarget(name: "CoreTests")]
            package.targets.append(contentsOf: [.plugin(name: "Lint", capability: .buildTool())])
            for target in package.targets where target.type != .plugin {
                target.swiftSettings = [.enableUpcomingFeature("StrictConcurrency")]
            }
            """), "target Core +Model,Store.swift; executableTarget Tool @Tools/Tool -README.md; testTarget CoreTests; plugin Lint")
        XCTAssertEqual(targets(head + "let package = Package(name: \"Kit\", targets: [.target(name: \"Kit\"\n"),
                       "Package.swift:3:65: not valid Swift (expected ')' to end function call)")
        XCTAssertEqual(targets(head + "let package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\nfor t in package.targets {\n    t.path = \"Other\"\n}\n"),
                       "Package.swift:4:1: this changes the package's targets in a way catalint cannot follow without running the manifest")
        XCTAssertEqual(targets(head + "var list: [Target] = []\nlist.append(.target(name: \"A\"))\nlet package = Package(name: \"Kit\", targets: list)\n"),
                       "Package.swift:5:45: `list` is a `var` that the manifest changes: catalint cannot follow it without running the manifest")
        XCTAssertEqual(targets(head + "let prefix = \"My\"\nlet package = Package(name: \"Kit\", targets: [.target(name: \"\\(prefix)Kit\")])\n"),
                       "Package.swift:4:60: catalint cannot tell a string from `\"\\(prefix)Kit\"` without running the manifest")
        XCTAssertEqual(targets(head + "let a = b\nlet b = a\nlet package = Package(name: \"Kit\", targets: a)\n"),
                       "Package.swift:4:9: constants and `+` nest more than 32 deep (or constants refer to each other in a cycle)")
        let chain = (0..<100).map { "[.target(name: \"T\($0)\")]" }.joined(separator: " + ")
        XCTAssertEqual(targets(head + "let package = Package(name: \"Kit\", targets: \(chain))\n").prefix(42), "Package.swift:3:45: constants and `+` nest")
        let short = (0..<20).map { "[.target(name: \"T\($0)\")]" }.joined(separator: " + ")
        XCTAssertEqual(targets(head + "let package = Package(name: \"Kit\", targets: \(short))\n").split(separator: ";").count, 20)
        XCTAssertEqual(targets(head + "print(\"no package\")\n"), "Package.swift: no `let package = Package(...)` in it")
        XCTAssertEqual(targets(head + String(repeating: "(", count: 5_000) + String(repeating: ")", count: 5_000) + "\n").prefix(27), "Package.swift:3:1: not read")
    }

    // MARK: The editor

    func testTheLanguageServersSessionLintsWhatTheCommandLineLints() throws {
        let root = try fixtures().appendingPathComponent("Classic")
        var options = LintOptions(idiom: .mac, jobs: 2, configuration: Configuration(directory: root.path))
        options.membership = BuildMembership()
        let session = ProjectSession(root: root.path, options: options)
        XCTAssertEqual(session.fileCount, 6, "the compiled Swift files only: no test, unused or resource-folder file in the index")
        func rules(_ path: String) -> [String] {
            let url = root.appendingPathComponent(path)
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            return session.lint(path: url.path, text: text).diagnostics.map(\.rule)
        }
        XCTAssertEqual(rules("Widget/WidgetView.swift"), ["unchecked-camera"])
        XCTAssertEqual(rules("RecipesTests/ListTests.swift"), [])
        XCTAssertEqual(rules("Watch/WatchView.swift"), [])
        XCTAssertEqual(rules("Recipes/AppDelegate.swift"), ["unavailable-control", "hard-coded-size", "unchecked-camera"])
    }

    // MARK: Configuration

    func testTheIncludeUnbuiltKey() throws {
        XCTAssertTrue(try ConfigurationLoader.parse("include_unbuilt: true\n", path: "/p/.catalint.yml").includeUnbuilt)
        XCTAssertFalse(try ConfigurationLoader.parse("include_unbuilt: false\n", path: "/p/.catalint.yml").includeUnbuilt)
        XCTAssertFalse(try ConfigurationLoader.parse("idiom: auto\n", path: "/p/.catalint.yml").includeUnbuilt)
        XCTAssertThrowsError(try ConfigurationLoader.parse("include_unbuilt: [tests]\n", path: "/p/.catalint.yml")) { error in
            XCTAssertTrue("\(error)".hasPrefix("/p/.catalint.yml:1:18: error: 'include_unbuilt' must be true or false"), "\(error)")
        }
        XCTAssertThrowsError(try ConfigurationLoader.parse("include_unbuild: true\n", path: "/p/.catalint.yml")) { error in
            XCTAssertTrue("\(error)".contains("Did you mean 'include_unbuilt'?"), "\(error)")
        }
    }
}
