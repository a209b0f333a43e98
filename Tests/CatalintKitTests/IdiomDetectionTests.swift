import Foundation
import XCTest
@testable import CatalintKit

/// Idiom detection from the Xcode project that owns the linted files, with real-looking projects
/// written into temporary folders.
final class IdiomDetectionTests: XCTestCase {
    // MARK: Fixtures

    /// A target of a fixture project.
    struct Target {
        var name: String
        var type = "com.apple.product-type.application"
        /// Files it compiles, relative to the project's folder.
        var sources: [String] = []
        /// Settings of both configurations.
        var settings: [String: String] = [:]
        /// Settings of the Release configuration only.
        var release: [String: String] = [:]
        /// Its base configuration, relative to the project's folder.
        var xcconfig: String?
        /// Synchronized folders it lists (Xcode 16), relative to the project's folder.
        var synchronized: [String] = []
        /// Membership exceptions: synchronized folder -> files in it, relative to the folder.
        var exceptions: [String: [String]] = [:]
        /// The targets it depends on, by name.
        var dependencies: [String] = []
    }

    /// The text of a `project.pbxproj` as Xcode writes it: sections, `/* name */` comments, files in
    /// groups nested folder by folder.
    static func pbxproj(_ targets: [Target], projectSettings: [String: String] = [:], projectXcconfig: String? = nil) -> String {
        var counter = 0
        func id() -> String {
            counter += 1
            let hex = String(counter, radix: 16, uppercase: true)
            return "A1B2C3D4E5F6" + String(repeating: "0", count: 12 - hex.count) + hex
        }
        var sections: [String: [String]] = [:]
        func add(_ isa: String, _ id: String, _ comment: String, _ body: String) {
            sections[isa, default: []].append("\t\t\(id) /* \(comment) */ = {\n\t\t\tisa = \(isa);\n\(body)\t\t};")
        }
        func quoted(_ text: String) -> String {
            text.allSatisfy { $0.isLetter || $0.isNumber || "_./".contains($0) } ? text : "\"\(text)\""
        }

        // Groups, one per folder, and file references.
        var groups: [String: (id: String, children: [String])] = ["": (id(), [])]
        var references: [String: String] = [:]
        func group(_ folder: String) -> String {
            if let existing = groups[folder] { return existing.id }
            let parent = (folder as NSString).deletingLastPathComponent
            _ = group(parent)
            let new = id()
            groups[folder] = (new, [])
            groups[parent]!.children.append(new)
            return new
        }
        func reference(_ path: String) -> String {
            if let existing = references[path] { return existing }
            let folder = (path as NSString).deletingLastPathComponent
            _ = group(folder)
            let new = id()
            references[path] = new
            groups[folder]!.children.append(new)
            let name = (path as NSString).lastPathComponent
            let type = name.hasSuffix(".xcconfig") ? "text.xcconfig" : "sourcecode.swift"
            add("PBXFileReference", new, name, "\t\t\tlastKnownFileType = \(type);\n\t\t\tpath = \(quoted(name));\n\t\t\tsourceTree = \"<group>\";\n")
            return new
        }
        var synchronizedGroups: [String: (id: String, exceptions: [String])] = [:]

        func configurationList(_ owner: String, _ settings: [String: String], _ release: [String: String], _ xcconfig: String?) -> String {
            var ids: [String] = []
            for name in ["Debug", "Release"] {
                let new = id()
                ids.append(new)
                var all = settings
                if name == "Release" { all.merge(release) { $1 } }
                var body = ""
                if let xcconfig { body += "\t\t\tbaseConfigurationReference = \(reference(xcconfig)) /* \((xcconfig as NSString).lastPathComponent) */;\n" }
                body += "\t\t\tbuildSettings = {\n"
                for (key, value) in all.sorted(by: { $0.key < $1.key }) { body += "\t\t\t\t\(quoted(key)) = \(quoted(value));\n" }
                body += "\t\t\t};\n\t\t\tname = \(name);\n"
                add("XCBuildConfiguration", new, name, body)
            }
            let list = id()
            add("XCConfigurationList", list, "Build configuration list for \(owner)",
                "\t\t\tbuildConfigurations = (\n" + ids.map { "\t\t\t\t\($0) /* config */,\n" }.joined()
                + "\t\t\t);\n\t\t\tdefaultConfigurationIsVisible = 0;\n\t\t\tdefaultConfigurationName = Release;\n")
            return list
        }

        let projectID = id()
        let targetIDs = targets.map { _ in id() }
        for (targetID, target) in zip(targetIDs, targets) {
            var dependencies: [String] = []
            for used in target.dependencies {
                guard let index = targets.firstIndex(where: { $0.name == used }) else { continue }
                let dependency = id()
                add("PBXTargetDependency", dependency, "PBXTargetDependency", "\t\t\ttarget = \(targetIDs[index]) /* \(used) */;\n")
                dependencies.append("\t\t\t\t\(dependency) /* PBXTargetDependency */,\n")
            }
            let phase = id()
            var files: [String] = []
            for source in target.sources {
                let buildFile = id()
                let name = (source as NSString).lastPathComponent
                add("PBXBuildFile", buildFile, "\(name) in Sources", "\t\t\tfileRef = \(reference(source)) /* \(name) */;\n")
                files.append("\t\t\t\t\(buildFile) /* \(name) in Sources */,\n")
            }
            add("PBXSourcesBuildPhase", phase, "Sources", "\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n\(files.joined())\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n")
            var synchronized: [String] = []
            for folder in Set(target.synchronized).union(target.exceptions.keys).sorted() {
                if synchronizedGroups[folder] == nil {
                    let new = id()
                    synchronizedGroups[folder] = (new, [])
                    groups[""]!.children.append(new)
                }
                if target.synchronized.contains(folder) { synchronized.append(synchronizedGroups[folder]!.id) }
                if let names = target.exceptions[folder] {
                    let set = id()
                    synchronizedGroups[folder]!.exceptions.append(set)
                    add("PBXFileSystemSynchronizedBuildFileExceptionSet", set, "Exceptions for \"\(folder)\" folder in \"\(target.name)\" target",
                        "\t\t\tmembershipExceptions = (\n" + names.map { "\t\t\t\t\(quoted($0)),\n" }.joined() + "\t\t\t);\n\t\t\ttarget = \(targetID) /* \(target.name) */;\n")
                }
            }
            let list = configurationList("PBXNativeTarget \"\(target.name)\"", target.settings, target.release, target.xcconfig)
            var body = "\t\t\tbuildConfigurationList = \(list) /* Build configuration list for PBXNativeTarget \"\(target.name)\" */;\n"
            body += "\t\t\tbuildPhases = (\n\t\t\t\t\(phase) /* Sources */,\n\t\t\t);\n\t\t\tbuildRules = (\n\t\t\t);\n\t\t\tdependencies = (\n\(dependencies.joined())\t\t\t);\n"
            if !synchronized.isEmpty {
                body += "\t\t\tfileSystemSynchronizedGroups = (\n" + synchronized.map { "\t\t\t\t\($0) /* folder */,\n" }.joined() + "\t\t\t);\n"
            }
            body += "\t\t\tname = \(quoted(target.name));\n\t\t\tproductName = \(quoted(target.name));\n\t\t\tproductType = \"\(target.type)\";\n"
            add("PBXNativeTarget", targetID, target.name, body)
        }
        for (folder, group) in synchronizedGroups {
            var body = ""
            if !group.exceptions.isEmpty {
                body += "\t\t\texceptions = (\n" + group.exceptions.map { "\t\t\t\t\($0) /* exceptions */,\n" }.joined() + "\t\t\t);\n"
            }
            body += "\t\t\tpath = \(quoted(folder));\n\t\t\tsourceTree = \"<group>\";\n"
            add("PBXFileSystemSynchronizedRootGroup", group.id, folder, body)
        }
        let projectList = configurationList("PBXProject \"Fixture\"", projectSettings, [:], projectXcconfig)
        for (folder, group) in groups {
            let name = (folder as NSString).lastPathComponent
            var body = "\t\t\tchildren = (\n" + group.children.map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t);\n"
            if !folder.isEmpty { body += "\t\t\tpath = \(quoted(name));\n" }
            body += "\t\t\tsourceTree = \"<group>\";\n"
            add("PBXGroup", group.id, folder.isEmpty ? "main" : name, body)
        }
        add("PBXProject", projectID, "Project object", """
        \t\t\tbuildConfigurationList = \(projectList) /* Build configuration list for PBXProject "Fixture" */;
        \t\t\tcompatibilityVersion = "Xcode 14.0";
        \t\t\tmainGroup = \(groups[""]!.id);
        \t\t\tprojectDirPath = "";
        \t\t\tprojectRoot = "";
        \t\t\ttargets = (
        \(targetIDs.map { "\t\t\t\t\($0),\n" }.joined())\t\t\t);

        """)
        var text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 77;\n\tobjects = {\n"
        for isa in sections.keys.sorted() {
            text += "\n/* Begin \(isa) section */\n" + sections[isa]!.joined(separator: "\n") + "\n/* End \(isa) section */\n"
        }
        text += "\t};\n\trootObject = \(projectID) /* Project object */;\n}\n"
        return text
    }

    /// Writes `Name.xcodeproj/project.pbxproj` and empty source files for its targets under `folder`.
    @discardableResult
    private func project(_ name: String, in folder: URL, _ targets: [Target], projectSettings: [String: String] = [:],
                         projectXcconfig: String? = nil) throws -> URL {
        try write(Self.pbxproj(targets, projectSettings: projectSettings, projectXcconfig: projectXcconfig),
                  to: folder.appendingPathComponent("\(name).xcodeproj/project.pbxproj"))
        for source in targets.flatMap(\.sources) {
            try write("import UIKit\n", to: folder.appendingPathComponent(source))
        }
        return folder.appendingPathComponent("\(name).xcodeproj/project.pbxproj")
    }

    private let pad = ["SUPPORTS_MACCATALYST": "YES", "TARGETED_DEVICE_FAMILY": "1,2"]
    private let macIdiom = ["SUPPORTS_MACCATALYST": "YES", "TARGETED_DEVICE_FAMILY": "1,2,6"]

    /// Detects for `paths` under `root`, returning the decision and what was logged.
    private func detect(_ paths: [String], in root: URL) -> (decision: IdiomDetection.Decision, log: [String]) {
        var lines: [String] = []
        let decision = IdiomDetection.detect(for: paths.map { root.appendingPathComponent($0).path }) { lines.append($0) }
        return (decision, lines)
    }

    // MARK: Deciding

    func testFamilySixIsTheMacIdiomAndSaysWhere() throws {
        let root = try temporaryDirectory(self)
        let file = try project("Recipes", in: root, [Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"], settings: pad,
                                                            release: ["TARGETED_DEVICE_FAMILY": "1,2,6"])])
        let (decision, log) = detect(["Recipes/RecipeList.swift"], in: root)
        XCTAssertEqual(decision.idiom, .mac)
        XCTAssertEqual(decision.file, file.path)
        XCTAssertTrue(decision.reason.hasSuffix("Recipes.xcodeproj/project.pbxproj: target Recipes (Release) sets TARGETED_DEVICE_FAMILY = \"1,2,6\" (6: Optimize Interface for Mac, the mac idiom)"), decision.reason)
        // The steps, in order, as they happen.
        XCTAssertTrue(log.first?.hasPrefix("looking for an Xcode project from \(root.path)/Recipes") == true, "\(log)")
        let using = try XCTUnwrap(log.firstIndex { $0.hasPrefix("using ") && $0.contains("Recipes.xcodeproj/project.pbxproj") }, "\(log)")
        XCTAssertTrue(log[using].hasSuffix("target Recipes compiles the linted files"), log[using])
        let setting = try XCTUnwrap(log.firstIndex { $0.contains("target Recipes (Debug) sets TARGETED_DEVICE_FAMILY = \"1,2\"") }, "\(log)")
        XCTAssertLessThan(using, setting)
    }

    func testCatalystWithoutSixIsTheIPadIdiom() throws {
        let root = try temporaryDirectory(self)
        try project("Recipes", in: root, [Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"], settings: pad)])
        let decision = detect(["Recipes/RecipeList.swift"], in: root).decision
        XCTAssertEqual(decision.idiom, .pad)
        XCTAssertTrue(decision.reason.contains("target Recipes (Debug) sets SUPPORTS_MACCATALYST = YES without device family 6"), decision.reason)
    }

    func testNeitherIsTheStrictDefault() throws {
        let root = try temporaryDirectory(self)
        try project("Recipes", in: root, [Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"], settings: ["TARGETED_DEVICE_FAMILY": "2"])])
        let decision = detect(["Recipes"], in: root).decision
        XCTAssertEqual(decision.idiom, .mac)
        XCTAssertNil(decision.file)
        XCTAssertTrue(decision.reason.contains("target Recipes set neither"), decision.reason)
    }

    func testNoProjectAtAllIsTheStrictDefault() throws {
        let root = try temporaryDirectory(self)
        try write("import UIKit\n", to: root.appendingPathComponent("Sources/View.swift"))
        // A loose xcconfig is nobody's setting.
        try write("TARGETED_DEVICE_FAMILY = 1,2\nSUPPORTS_MACCATALYST = YES\n", to: root.appendingPathComponent("App.xcconfig"))
        let (decision, log) = detect(["Sources/View.swift"], in: root)
        XCTAssertEqual(decision, IdiomDetection.Decision(idiom: .mac, file: nil, reason: decision.reason))
        XCTAssertTrue(decision.reason.contains("no Xcode project"), decision.reason)
        XCTAssertEqual(log.count, 1, "\(log)")
    }

    // MARK: Which project

    func testASiblingProjectAndItsXcconfigDoNotCount() throws {
        let root = try temporaryDirectory(self)
        try project("Recipes", in: root.appendingPathComponent("Recipes"),
                    [Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"], settings: pad)])
        // Beside it, another app that opts into the Mac idiom, and a loose xcconfig in the project's own folder.
        try project("Widgets", in: root.appendingPathComponent("Widgets"),
                    [Target(name: "Widgets", sources: ["Widgets/Widget.swift"], settings: macIdiom, xcconfig: "Mac.xcconfig")])
        try write("TARGETED_DEVICE_FAMILY = 2,6\n", to: root.appendingPathComponent("Widgets/Mac.xcconfig"))
        try write("TARGETED_DEVICE_FAMILY = 2,6\n", to: root.appendingPathComponent("Recipes/Configurations/Unused.xcconfig"))

        let (decision, log) = detect(["Recipes/Recipes/RecipeList.swift"], in: root)
        XCTAssertEqual(decision.idiom, .pad, decision.reason)
        XCTAssertTrue(decision.file?.hasSuffix("Recipes/Recipes.xcodeproj/project.pbxproj") == true, decision.reason)
        XCTAssertFalse(log.contains { $0.contains("Widgets") || $0.contains("Unused.xcconfig") }, "\(log)")
        XCTAssertEqual(detect(["Widgets/Widgets"], in: root).decision.idiom, .mac)
    }

    func testTheNearestProjectWinsOverAParents() throws {
        let root = try temporaryDirectory(self)
        try project("Suite", in: root, [Target(name: "Suite", sources: ["Suite/Main.swift"], settings: macIdiom)])
        try project("Recipes", in: root.appendingPathComponent("Apps/Recipes"),
                    [Target(name: "Recipes", sources: ["Sources/RecipeList.swift"], settings: pad)])
        let decision = detect(["Apps/Recipes/Sources/RecipeList.swift", "Apps/Recipes/Sources"], in: root).decision
        XCTAssertEqual(decision.idiom, .pad, decision.reason)
        XCTAssertTrue(decision.file?.hasSuffix("Apps/Recipes/Recipes.xcodeproj/project.pbxproj") == true, decision.reason)
        // Files of the parent's own folders are the parent's.
        XCTAssertEqual(detect(["Suite/Main.swift"], in: root).decision.idiom, .mac)
    }

    func testOfSeveralProjectsInAFolderTheOneThatCompilesTheFiles() throws {
        let root = try temporaryDirectory(self)
        try project("Recipes", in: root, [Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"], settings: pad)])
        try project("RecipesMac", in: root, [Target(name: "RecipesMac", sources: ["Mac/Window.swift"], settings: macIdiom)])
        XCTAssertEqual(detect(["Recipes/RecipeList.swift"], in: root).decision.idiom, .pad)
        XCTAssertEqual(detect(["Mac/Window.swift"], in: root).decision.idiom, .mac)
        // The folder of both: every application target of both, and 6 wins.
        XCTAssertEqual(detect(["."], in: root).decision.idiom, .mac)
    }

    // MARK: Which targets

    func testOnlyTheTargetThatCompilesTheFilesCounts() throws {
        let root = try temporaryDirectory(self)
        try project("Recipes", in: root, [
            Target(name: "Recipes", sources: ["Recipes/RecipeList.swift", "Shared/Model.swift"], settings: pad),
            Target(name: "RecipesMac", sources: ["RecipesMac/Window.swift", "Shared/Model.swift"], settings: macIdiom),
            Target(name: "RecipesTests", type: "com.apple.product-type.bundle.unit-test", sources: ["RecipesTests/ListTests.swift"], settings: [:]),
        ])
        let iPad = detect(["Recipes/RecipeList.swift"], in: root)
        XCTAssertEqual(iPad.decision.idiom, .pad, iPad.decision.reason)
        XCTAssertFalse(iPad.log.contains { $0.contains("target RecipesMac (Debug)") }, "\(iPad.log)")
        XCTAssertEqual(detect(["RecipesMac/Window.swift"], in: root).decision.idiom, .mac)
        XCTAssertEqual(detect(["Recipes"], in: root).decision.idiom, .pad, "a folder: the targets with sources in it")
        let shared = detect(["Shared/Model.swift"], in: root)
        XCTAssertEqual(shared.decision.idiom, .mac, "a file of both targets: 6 in either wins")
        XCTAssertTrue(shared.log.contains { $0.hasSuffix("targets Recipes, RecipesMac compile the linted files") }, "\(shared.log)")
        // Not compiled by any target, or the whole project: the application targets.
        let whole = detect(["."], in: root)
        XCTAssertEqual(whole.decision.idiom, .mac)
        XCTAssertTrue(whole.log.contains { $0.hasSuffix("the linted folder holds the whole project, so deciding from its application targets Recipes, RecipesMac") }, "\(whole.log)")
    }

    func testTheApplicationTargetsDecideForFilesOfNoTarget() throws {
        let root = try temporaryDirectory(self)
        try project("Recipes", in: root, [
            Target(name: "RecipesKit", type: "com.apple.product-type.framework", sources: ["Kit/Store.swift"], settings: macIdiom),
            Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"], settings: pad),
        ])
        try write("import UIKit\n", to: root.appendingPathComponent("Scratch/Notes.swift"))
        XCTAssertEqual(detect(["Scratch/Notes.swift"], in: root).decision.idiom, .pad)
        XCTAssertEqual(detect(["Kit/Store.swift"], in: root).decision.idiom, .mac)
    }

    func testTheProjectsSettingsAreInheritedAndOverridden() throws {
        let root = try temporaryDirectory(self)
        try project("Recipes", in: root, [Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"])],
                    projectSettings: pad)
        let inherited = detect(["Recipes/RecipeList.swift"], in: root).decision
        XCTAssertEqual(inherited.idiom, .pad)
        XCTAssertTrue(inherited.reason.contains("the project's Debug configuration, inherited by target Recipes, sets SUPPORTS_MACCATALYST = YES"), inherited.reason)

        try project("Recipes", in: root, [Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"], settings: ["TARGETED_DEVICE_FAMILY": "1,2"])],
                    projectSettings: macIdiom)
        XCTAssertEqual(detect(["Recipes/RecipeList.swift"], in: root).decision.idiom, .pad, "the target's own family overrides the project's")

        try project("Recipes", in: root, [Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"], settings: ["TARGETED_DEVICE_FAMILY": "$(inherited),6"])],
                    projectSettings: pad)
        XCTAssertEqual(detect(["Recipes/RecipeList.swift"], in: root).decision.idiom, .mac)
    }

    func testConditionalSettingsCountOnlyForTheMacSDK() throws {
        let root = try temporaryDirectory(self)
        try project("Recipes", in: root, [Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"],
                                                 settings: pad.merging(["TARGETED_DEVICE_FAMILY[sdk=iphoneos*]": "1,2,6"]) { $1 })])
        XCTAssertEqual(detect(["Recipes/RecipeList.swift"], in: root).decision.idiom, .pad)
        try project("Recipes", in: root, [Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"],
                                                 settings: pad.merging(["TARGETED_DEVICE_FAMILY[sdk=macosx*]": "2,6"]) { $1 })])
        let decision = detect(["Recipes/RecipeList.swift"], in: root).decision
        XCTAssertEqual(decision.idiom, .mac)
        XCTAssertTrue(decision.reason.contains("sets TARGETED_DEVICE_FAMILY[sdk=macosx*] = \"2,6\""), decision.reason)
    }

    func testASettingsKeyIsItsNameWithoutConditionsAndResolvingFindsItByThat() {
        let spellings: [(written: String, key: String)] = [
            ("SDKROOT", "SDKROOT"), ("TARGETED_DEVICE_FAMILY[sdk=macosx*]", "TARGETED_DEVICE_FAMILY"),
            ("TARGETED_DEVICE_FAMILY [sdk=macosx*][arch=*]", "TARGETED_DEVICE_FAMILY"), ("\tKEY\t[config=Debug]", "KEY"), ("[sdk=*]", ""),
        ]
        for (written, key) in spellings {
            XCTAssertEqual(BuildSetting(written: written, value: "v", file: "/p/a.xcconfig").key, key, written)
        }
        let layers = [
            SettingsLayer(owner: "project", file: "/p/a.xcconfig", settings: [
                BuildSetting(written: "TARGETED_DEVICE_FAMILY", value: "1,2", file: "/p/a.xcconfig"),
                BuildSetting(written: "TARGETED_DEVICE_FAMILY [sdk=iphoneos*]", value: "1", file: "/p/a.xcconfig"),
                BuildSetting(written: "TARGETED_DEVICE_FAMILY_OTHER", value: "9", file: "/p/a.xcconfig"),
            ]),
            SettingsLayer(owner: "target", file: "/p/b.xcconfig", settings: [
                BuildSetting(written: "TARGETED_DEVICE_FAMILY[sdk=macosx*]", value: "$(inherited),6", file: "/p/b.xcconfig"),
            ]),
        ]
        XCTAssertEqual(BuildSettings.resolve("TARGETED_DEVICE_FAMILY", in: layers)?.value, "1,2,6")
        XCTAssertEqual(BuildSettings.resolve("TARGETED_DEVICE_FAMILY", in: Array(layers.prefix(1)))?.value, "1,2")
        XCTAssertNil(BuildSettings.resolve("TARGETED_DEVICE", in: layers))
    }

    // MARK: Configuration files

    func testTheIdiomAndTheBuildReadTheProjectOnceAndTheLogIsTheSame() throws {
        let root = try temporaryDirectory(self)
        let pbxproj = try project("Recipes", in: root, [Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"], xcconfig: "Recipes.xcconfig")])
        // An include cycle: the reader says so while reading, which the idiom's log shows.
        try write("#include \"Recipes.xcconfig\"\nSUPPORTS_MACCATALYST = YES\nTARGETED_DEVICE_FAMILY = 1,2,6\n", to: root.appendingPathComponent("Recipes.xcconfig"))
        let alone = detect(["Recipes/RecipeList.swift"], in: root)
        XCTAssertTrue(alone.log.contains { $0.contains("an #include cycle") }, "\(alone.log)")
        // Through reads already made (by the membership, say), the decision and its log are the same.
        let reads = ProjectReads()
        _ = reads.read(pbxproj.path)
        var lines: [String] = []
        let shared = IdiomDetection.detect(for: [root.appendingPathComponent("Recipes/RecipeList.swift").path], reads: reads) { lines.append($0) }
        XCTAssertEqual(shared, alone.decision)
        XCTAssertEqual(lines, alone.log)
        // A run's workspace reads the project for the idiom; its membership then judges without reading it again.
        var opened: [String] = []
        let workspace = try Workspace.open(linting: [root.appendingPathComponent("Recipes").path], configuration: .none, idiom: nil) { opened.append($0) }
        XCTAssertEqual(workspace.idiom, .mac)
        XCTAssertEqual(opened.filter { $0.contains("an #include cycle") }.count, 1, "\(opened)")
        let membership = try XCTUnwrap(workspace.membership)
        XCTAssertEqual(membership.projectFilesRead, [pbxproj.path])
        XCTAssertEqual(membership.judgement(of: root.appendingPathComponent("Recipes/RecipeList.swift").path)?.target, "Recipes")
        XCTAssertEqual(membership.projectFilesRead, [pbxproj.path])
    }

    func testTheBaseConfigurationDecidesThroughItsIncludes() throws {
        let root = try temporaryDirectory(self)
        try project("Recipes", in: root, [Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"], xcconfig: "Configurations/Recipes.xcconfig")])
        try write("""
        // The app's settings
        #include "Shared/Base.xcconfig"
        #include? "Local.xcconfig"
        PRODUCT_BUNDLE_IDENTIFIER = com.example.Recipes
        """, to: root.appendingPathComponent("Configurations/Recipes.xcconfig"))
        try write("""
        #include "../Recipes.xcconfig" // a cycle, read once
        SUPPORTS_MACCATALYST = YES
        TARGETED_DEVICE_FAMILY = 1,2
        """, to: root.appendingPathComponent("Configurations/Shared/Base.xcconfig"))
        let padDecision = detect(["Recipes/RecipeList.swift"], in: root)
        XCTAssertEqual(padDecision.decision.idiom, .pad)
        XCTAssertEqual(padDecision.decision.file, root.appendingPathComponent("Configurations/Shared/Base.xcconfig").path)
        XCTAssertTrue(padDecision.decision.reason.contains("Base.xcconfig (included by \(root.path)/Configurations/Recipes.xcconfig): the base configuration of target Recipes (Debug) sets SUPPORTS_MACCATALYST = YES"),
                      padDecision.decision.reason)
        XCTAssertTrue(padDecision.log.contains { $0.contains("an #include cycle") }, "\(padDecision.log)")

        try write("TARGETED_DEVICE_FAMILY[sdk=macosx*] = 2,6 // the Mac idiom on Catalyst\n", to: root.appendingPathComponent("Configurations/Local.xcconfig"))
        let macDecision = detect(["Recipes/RecipeList.swift"], in: root).decision
        XCTAssertEqual(macDecision.idiom, .mac)
        XCTAssertEqual(macDecision.file, root.appendingPathComponent("Configurations/Local.xcconfig").path)
        XCTAssertTrue(macDecision.reason.contains("sets TARGETED_DEVICE_FAMILY[sdk=macosx*] = \"2,6\" (6: "), macDecision.reason)
    }

    func testTheTargetsSettingsOverrideItsBaseConfiguration() throws {
        let root = try temporaryDirectory(self)
        try project("Recipes", in: root, [Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"],
                                                 settings: ["TARGETED_DEVICE_FAMILY": "1,2"], xcconfig: "Recipes.xcconfig")])
        try write("SUPPORTS_MACCATALYST = YES\nTARGETED_DEVICE_FAMILY = 1,2,6\n", to: root.appendingPathComponent("Recipes.xcconfig"))
        XCTAssertEqual(detect(["Recipes/RecipeList.swift"], in: root).decision.idiom, .pad)
    }

    // MARK: Synchronized folders (Xcode 16)

    func testASynchronizedFolderBelongsToItsTargets() throws {
        let root = try temporaryDirectory(self)
        try project("Recipes", in: root, [
            Target(name: "Recipes", settings: pad, synchronized: ["Recipes"], exceptions: ["Recipes": ["Mac/Toolbar.swift"]]),
            Target(name: "RecipesMac", settings: macIdiom, synchronized: ["RecipesMac"], exceptions: ["Recipes": ["Mac/Toolbar.swift"]]),
        ])
        for file in ["Recipes/Views/RecipeList.swift", "Recipes/Mac/Toolbar.swift", "RecipesMac/Window.swift"] {
            try write("import UIKit\n", to: root.appendingPathComponent(file))
        }
        let list = detect(["Recipes/Views/RecipeList.swift"], in: root)
        XCTAssertEqual(list.decision.idiom, .pad, list.decision.reason)
        XCTAssertTrue(list.log.contains { $0.hasSuffix("target Recipes compiles the linted files") }, "\(list.log)")
        XCTAssertEqual(detect(["Recipes/Views"], in: root).decision.idiom, .pad, "a folder inside a synchronized folder")
        // The exception takes the file out of Recipes and into RecipesMac.
        let toolbar = detect(["Recipes/Mac/Toolbar.swift"], in: root)
        XCTAssertEqual(toolbar.decision.idiom, .mac, toolbar.decision.reason)
        XCTAssertTrue(toolbar.log.contains { $0.hasSuffix("target RecipesMac compiles the linted files") }, "\(toolbar.log)")
    }

    // MARK: XcodeGen

    func testXcodeGenTargetsBySources() throws {
        let root = try temporaryDirectory(self)
        try write("""
        name: Recipes
        options:
          bundleIdPrefix: com.example
        configFiles:
          Debug: Configurations/Project.xcconfig
        settings:
          base:
            SUPPORTS_MACCATALYST: YES
        targets:
          Recipes:
            type: application
            platform: iOS
            sources: [Recipes]
            settings:
              base:
                TARGETED_DEVICE_FAMILY: "1,2"
          RecipesMac:
            type: application
            platform: iOS
            sources:
              - path: RecipesMac
            settings:
              configs:
                Release:
                  TARGETED_DEVICE_FAMILY: "2,6"
        """, to: root.appendingPathComponent("project.yml"))
        try write("TARGETED_DEVICE_FAMILY = 1,2,6\n", to: root.appendingPathComponent("Configurations/Project.xcconfig"))
        try write("import UIKit\n", to: root.appendingPathComponent("Recipes/RecipeList.swift"))
        try write("import UIKit\n", to: root.appendingPathComponent("RecipesMac/Window.swift"))

        let recipes = detect(["Recipes/RecipeList.swift"], in: root).decision
        XCTAssertEqual(recipes.idiom, .pad, recipes.reason)
        XCTAssertTrue(recipes.reason.contains("project.yml: the project's settings, inherited by target Recipes (Debug), sets SUPPORTS_MACCATALYST = YES"), recipes.reason)
        let mac = detect(["RecipesMac"], in: root).decision
        XCTAssertEqual(mac.idiom, .mac, mac.reason)
        XCTAssertEqual(mac.file, root.appendingPathComponent("Configurations/Project.xcconfig").path, "the project's config file reaches a target without the setting")
        XCTAssertEqual(detect(["."], in: root).decision.idiom, .mac)
    }

    func testAnXcodeprojBesideTheXcodeGenSpecIsWhatCounts() throws {
        let root = try temporaryDirectory(self)
        try write("targets:\n  Recipes:\n    type: application\n    sources: [Recipes]\n    settings:\n      TARGETED_DEVICE_FAMILY: \"2,6\"\n",
                  to: root.appendingPathComponent("project.yml"))
        try project("Recipes", in: root, [Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"], settings: pad)])
        XCTAssertEqual(detect(["Recipes/RecipeList.swift"], in: root).decision.idiom, .pad)
        // An .xcodeproj that cannot be read leaves the spec.
        try write("{ broken", to: root.appendingPathComponent("Recipes.xcodeproj/project.pbxproj"))
        let spec = detect(["Recipes/RecipeList.swift"], in: root)
        XCTAssertEqual(spec.decision.idiom, .mac)
        XCTAssertEqual(spec.decision.file, root.appendingPathComponent("project.yml").path, spec.decision.reason)
    }

    // MARK: Malformed projects

    func testMalformedProjectsGiveTheDefaultQuickly() throws {
        let good = Self.pbxproj([Target(name: "Recipes", sources: ["Recipes/RecipeList.swift"], settings: pad)])
        let malformed = [
            "truncated": String(good.prefix(good.count / 2)),
            "unbalanced": good.replacingOccurrences(of: "\t};\n\trootObject", with: "\t};\n\t};\n\trootObject"),
            "nested": String(repeating: "{", count: 100_000),
            "nested arrays": "{ objects = " + String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000) + "; }",
            "unclosed string": "{ objects = { \"abc = 1; }; }",
            "unclosed comment": "{ objects = { /* x = 1; }; }",
            "binary": String(decoding: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }, as: UTF8.self),
            "empty": "",
            "a string": "hello",
        ]
        for (name, text) in malformed {
            let root = try temporaryDirectory(self)
            try write(text, to: root.appendingPathComponent("Recipes.xcodeproj/project.pbxproj"))
            try write("import UIKit\n", to: root.appendingPathComponent("Recipes/RecipeList.swift"))
            let start = Date()
            let (decision, log) = detect(["Recipes/RecipeList.swift"], in: root)
            XCTAssertLessThan(Date().timeIntervalSince(start), 1, name)
            XCTAssertEqual(decision.idiom, .mac, name)
            XCTAssertNil(decision.file, name)
            XCTAssertTrue(log.contains { $0.contains("project.pbxproj: ") && $0.hasSuffix("it decides nothing") }, "\(name): \(log)")
        }
    }

    // MARK: The property list reader

    func testPropertyListSyntax() throws {
        let text = """
        // !$*UTF8*$!
        { /* a comment */ plain = a/b.swift; quoted = "with \\"quotes\\" and // no comment";
          'single' = 'x'; list = ( one, "two", /* three */ ); empty = ( ); nested = { inner = { }; };
          data = <0fbd 7777>; // trailing comment
        }
        """
        let list = try PropertyList.parse(text)
        XCTAssertEqual(list["plain"], .string("a/b.swift"))
        XCTAssertEqual(list["quoted"], .string("with \"quotes\" and // no comment"))
        XCTAssertEqual(list["single"], .string("x"))
        XCTAssertEqual(list["list"], .array([.string("one"), .string("two")]))
        XCTAssertEqual(list["empty"], .array([]))
        XCTAssertEqual(list["nested"], .dictionary(["inner": .dictionary([:])]))
        XCTAssertEqual(list["data"], .string("<0fbd 7777>"))
        for bad in ["{ a = b }", "{ a = b; } }", "( a b )", "{ = b; }", "{ a b; }", "(", ")", "{ a = b; } x"] {
            XCTAssertThrowsError(try PropertyList.parse(bad), bad)
        }
        XCTAssertEqual(try PropertyList.parse(String(repeating: "(", count: 64) + String(repeating: ")", count: 64)).array?.count, 1)
        XCTAssertThrowsError(try PropertyList.parse(String(repeating: "(", count: 65) + String(repeating: ")", count: 65)))
    }

    /// `IdiomDetection.join` against the plain definition (split at `/`, drop `.`, `..` drops the
    /// part before it, absolute result), over every path of a small alphabet of parts.
    func testJoiningPathsWorksOutDotsAndSlashes() {
        func reference(_ base: String, _ path: String) -> String {
            var parts: [String] = []
            for part in (path.hasPrefix("/") ? path : base + "/" + path).split(separator: "/") {
                if part == "." { continue }
                if part == ".." { _ = parts.popLast(); continue }
                parts.append(String(part))
            }
            return "/" + parts.joined(separator: "/")
        }
        let pieces = ["", "/", "a", ".", "..", "...", ".b", "é", "a/", "//"]
        var checked = 0
        for base in ["/", "/x/y", "/x/y/", "x", "/x/./y", "/x/../.."] {
            for first in pieces {
                for second in pieces {
                    for third in pieces {
                        let path = first + "/" + second + third
                        XCTAssertEqual(IdiomDetection.join(base, path), reference(base, path), "join(\(base), \(path))")
                        XCTAssertEqual(IdiomDetection.join(base, first + second), reference(base, first + second), "join(\(base), \(first + second))")
                        checked += 1
                    }
                }
            }
        }
        XCTAssertEqual(IdiomDetection.join("/Users/me/App", "Sources/View.swift"), "/Users/me/App/Sources/View.swift")
        XCTAssertEqual(IdiomDetection.join("/Users/me/App", "../Shared/./View.swift"), "/Users/me/Shared/View.swift")
        XCTAssertEqual(IdiomDetection.join("/a", "/../.."), "/")
        XCTAssertEqual(checked, 6_000)
    }
}
