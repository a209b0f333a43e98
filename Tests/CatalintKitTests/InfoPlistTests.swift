import Foundation
import XCTest
@testable import CatalintKit

/// Reading Info.plist files (XML, binary, old-style) with each key's place, and what a project says
/// of each target's Info.plist: the files `INFOPLIST_FILE` names and the keys its settings generate.
final class InfoPlistTests: XCTestCase {
    private func entries(_ text: String) throws -> [String] {
        let source = SourceText(path: "Info.plist", text: text)
        let (value, offset) = try InfoPlist.parse(Array(text.utf8))
        return InfoPlist.entries(of: value, at: offset, in: source).map { entry in
            "\(entry.keyPath.joined(separator: "/")) = \(entry.value ?? entry.count.map { "(\($0))" } ?? "-") @\(entry.position.line):\(entry.position.column)"
        }
    }

    private func problem(_ text: String) -> String? {
        let output = InfoPlist.lower(SourceText(path: "Info.plist", text: text))
        return output.problems.first.map { "\($0.position.line):\($0.position.column) \($0.values["detail"] ?? "")" }
    }

    func testXMLKeysWithTheirPlaces() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <!-- the app's keys -->
        <dict>
            <key>CFBundleName</key>
            <string>R&amp;D &#x2713; <![CDATA[<raw>]]></string>
            <key>UIApplicationSceneManifest</key>
            <dict>
                <key>UISceneConfigurations</key>
                <dict>
                    <key>UIWindowSceneSessionRoleApplication</key>
                    <array>
                        <dict><key>UISceneConfigurationName</key><string>Default</string></dict>
                    </array>
                </dict>
                <key>Empty</key><dict/>
            </dict>
            <key>UIDesignRequiresCompatibility</key>
            <true/>
            <key>Count</key>
            <integer> 3 </integer>
        </dict>
        </plist>
        """
        XCTAssertEqual(try entries(text), [
            " = (4) @5:1",
            "CFBundleName = R&D ✓ <raw> @6:5",
            "UIApplicationSceneManifest = (2) @8:5",
            "UIApplicationSceneManifest/UISceneConfigurations = (1) @10:9",
            "UIApplicationSceneManifest/UISceneConfigurations/UIWindowSceneSessionRoleApplication = (1) @12:13",
            "UIApplicationSceneManifest/UISceneConfigurations/UIWindowSceneSessionRoleApplication/0 = (1) @12:13",
            "UIApplicationSceneManifest/UISceneConfigurations/UIWindowSceneSessionRoleApplication/0/UISceneConfigurationName = Default @14:23",
            "UIApplicationSceneManifest/Empty = (0) @17:9",
            "UIDesignRequiresCompatibility = true @19:5",
            "Count = 3 @21:5",
        ])
    }

    /// An Info.plist built with INFOPLIST_PREPROCESS = YES has C preprocessor lines between its
    /// elements: they are read as if every branch were kept.
    func testPreprocessorLinesAreSkipped() throws {
        let text = "<plist>\n<dict>\n\t#ifndef DISABLE_PLAIN_HTTP\n\t<key>A</key>\n\t<true/>\n\t#endif\n   #if 0\n</dict>\n</plist>\n"
        XCTAssertEqual(try entries(text), [" = (1) @2:1", "A = true @4:2"])
        XCTAssertEqual(problem("<plist>\n<dict>x #if\n</dict></plist>"), "2:7 Not a property list: text outside an element.")
    }

    func testMalformedXMLIsAProblemAtItsPlace() {
        XCTAssertEqual(problem("<plist>\n<dict>\n  <key>A</key>\n</dict>\n</plist>\n"), "3:3 Not a property list: the <key>A</key> has no value.")
        XCTAssertEqual(problem("<plist>\n<dict>\n  <key>A</key><string>x</string>\n</plist>\n"), "4:1 Not a property list: an unexpected </plist>.")
        XCTAssertEqual(problem("<plist>\n<dict>\n  <string>x</string>\n</dict>\n</plist>\n"), "3:3 Not a property list: a <string> where a <key> must come.")
        XCTAssertEqual(problem("<plist>\n<dict>\n  <key>A</key><view/>\n</dict>\n</plist>\n"), "3:15 Not a property list: <view> is not an element of a property list.")
        XCTAssertEqual(problem("<plist>\n  <dict>\n"), "2:3 Not a property list: the <dict> is not closed.")
        XCTAssertEqual(problem("<plist><dict/></plist>\n<dict/>"), "2:1 Not a property list: content after </plist>.")
        XCTAssertEqual(problem("<plist><string>a &bogus; b</string></plist>"), "1:18 Not a property list: an unknown entity &bogus;.")
        XCTAssertEqual(problem("{ A = (1, 2; }"), "1:12 Not a property list: unexpected ';'.")
        XCTAssertNil(problem("<plist><dict/></plist>"))
    }

    func testBinaryAndOldStylePropertyLists() throws {
        let value: [String: Any] = ["UIApplicationSceneManifest": ["UISceneConfigurations": ["Role": [["Name": "Default"]]]],
                                    "UIDesignRequiresCompatibility": true, "Version": 3, "Name": "Récipes"]
        let data = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        let bytes = Array(data)
        XCTAssertTrue(bytes.starts(with: Array("bplist".utf8)))
        let text = InfoPlist.text(of: bytes)
        XCTAssertEqual(InfoPlist.bytes(of: text), bytes, "a binary list goes through text and back unchanged")
        let (parsed, _) = try InfoPlist.parse(bytes)
        let keys = InfoPlist.entries(of: parsed, at: 0, in: SourceText(path: "Info.plist", text: text)).map { ($0.keyPath.joined(separator: "/"), $0.value) }
        XCTAssertEqual(Dictionary(keys, uniquingKeysWith: { first, _ in first }).filter { $0.value != nil }.mapValues { $0! },
                       ["UIDesignRequiresCompatibility": "true", "Version": "3", "Name": "Récipes",
                        "UIApplicationSceneManifest/UISceneConfigurations/Role/0/Name": "Default"])
        // Through the front end: no excerpts to show for a binary list, and no problem.
        XCTAssertEqual(InfoPlist.lower(SourceText(path: "Info.plist", text: text)).problems.count, 0)

        let (openStep, _) = try InfoPlist.parse(Array("{ UIDesignRequiresCompatibility = YES; List = (a, b); }".utf8))
        XCTAssertEqual(openStep, .dictionary([InfoPlist.Entry(key: "List", offset: 0, value: .array([.string("a"), .string("b")])),
                                              InfoPlist.Entry(key: "UIDesignRequiresCompatibility", offset: 0, value: .string("YES"))]))
    }

    /// Damaged binary lists and random XML never crash or hang the reader: each is a value or a problem.
    func testDamagedPropertyListsAreProblemsNotCrashes() throws {
        let value: [String: Any] = ["A": ["B": [1, 2, ["C": "d"]]], "E": true]
        let binary = Array(try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0))
        let xml = Array(try PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0))
        var generator = SeededGenerator(seed: 29)
        for round in 0..<3_000 {
            var bytes = round % 2 == 0 ? binary : xml
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: index)
                default: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
                }
            }
            _ = InfoPlist.lower(SourceText(path: "Info.plist", text: InfoPlist.text(of: bytes)))
        }
        // A binary list whose container holds itself.
        var looping = binary
        if let top = looping.lastIndex(of: 0xD2) { looping[top + 1] = 0 }
        _ = try? InfoPlist.parse(looping)
        // Nesting far past the limit.
        let deep = "<plist>" + String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000) + "</plist>"
        XCTAssertEqual(problem(deep)?.hasSuffix("nested deeper than \(PropertyList.maximumDepth) levels."), true)
    }

    // MARK: What a project says of a target's Info.plist

    func testInfoPlistFilesAndGeneratedKeysOfATarget() throws {
        let folder = try temporaryDirectory(self)
        try write("""
        // The app's settings.
        APP_FOLDER = Recipes
        GENERATE_INFOPLIST_FILE = YES
          INFOPLIST_KEY_UIDesignRequiresCompatibility = YES
        INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES
        INFOPLIST_KEY_UILaunchScreen_Generation = NO
        """, to: folder.appendingPathComponent("App.xcconfig"))
        let pbxproj = IdiomDetectionTests.pbxproj([
            IdiomDetectionTests.Target(name: "Recipes", sources: ["Recipes/AppDelegate.swift"],
                                       settings: ["INFOPLIST_FILE": "$(SRCROOT)/$(APP_FOLDER)/$(TARGET_NAME)-Info.plist"],
                                       release: ["INFOPLIST_KEY_CFBundleDisplayName": "Recipes"], xcconfig: "App.xcconfig"),
            IdiomDetectionTests.Target(name: "Share", type: "com.apple.product-type.app-extension", settings: ["INFOPLIST_FILE": "$(UNDEFINED)/Info.plist"]),
        ])
        let file = folder.appendingPathComponent("Recipes.xcodeproj/project.pbxproj")
        try write(pbxproj, to: file)
        let project = try XcodeProject.read(pbxproj: file.path, log: { _ in })
        let recipes = project.infoPlistSources(of: project.targets[0])
        XCTAssertEqual(recipes.files, [folder.appendingPathComponent("Recipes/Recipes-Info.plist").path])
        XCTAssertTrue(recipes.generates)
        let xcconfig = folder.appendingPathComponent("App.xcconfig").path
        XCTAssertEqual(recipes.generated.map { "\($0.keyPath[0]) \($0.value ?? "(dictionary)") \(($0.position.path as NSString).lastPathComponent):\($0.position.line):\($0.position.column)" }, [
            "UIApplicationSceneManifest (dictionary) App.xcconfig:5:1",
            "UIDesignRequiresCompatibility YES App.xcconfig:4:3",
            "CFBundleDisplayName Recipes project.pbxproj:\(lineOf("INFOPLIST_KEY_CFBundleDisplayName", in: pbxproj)):5",
        ])
        XCTAssertTrue(recipes.generated.allSatisfy { $0.position.path == xcconfig || $0.position.path == file.path })
        let share = project.infoPlistSources(of: project.targets[1])
        XCTAssertEqual(share.files, [])
        XCTAssertEqual(share.notes, ["target Share (Debug): INFOPLIST_FILE = $(UNDEFINED)/Info.plist: no setting gives $(UNDEFINED)",
                                     "target Share (Release): INFOPLIST_FILE = $(UNDEFINED)/Info.plist: no setting gives $(UNDEFINED)"])
    }

    func testEveryGeneratedKeyIsPlacedInItsOwnConfigurationAsTheProjectIsRead() throws {
        // Keys of the same name in both configurations and in several targets, quoted and not: each
        // setting that generates a key is placed in the object of its own configuration as the
        // project is read, in each of three projects, and again after an edit moves every line.
        let folders = try (0...2).map { index -> URL in
            let folder = try temporaryDirectory(self).appendingPathComponent("p\(index)")
            let targets = (0..<3).map { number in
                IdiomDetectionTests.Target(name: "App\(number)", sources: ["App\(number)/A.swift"],
                                           settings: ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_CFBundleDisplayName": "App \(number)",
                                                      "INFOPLIST_KEY_NSCameraUsageDescription[sdk=macosx*]": "Scans"],
                                           release: ["INFOPLIST_KEY_LSApplicationCategoryType": "public.app-category.food-and-drink"])
            }
            try write(IdiomDetectionTests.pbxproj(targets), to: folder.appendingPathComponent("App.xcodeproj/project.pbxproj"))
            return folder
        }
        func check(_ folder: URL) throws {
            let file = folder.appendingPathComponent("App.xcodeproj/project.pbxproj").path
            let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let project = try XcodeProject.read(pbxproj: file, log: { _ in })
            var placed = 0
            for target in project.targets {
                for configuration in target.configurations {
                    for layer in configuration.layers {
                        for setting in layer.settings where setting.file == file && setting.configuration != nil
                            && setting.key.hasPrefix(XcodeProject.generatedPrefix) {
                            XCTAssertNotNil(setting.placedAt, setting.written)
                            let position = BuildSettings.position(of: setting)
                            let line = lines[position.line - 1]
                            let at = String(line.utf8.dropFirst(position.column - 1))!
                            XCTAssertTrue(at.hasPrefix(setting.written) || at.hasPrefix("\"" + setting.written + "\""), "\(setting.written) at \(position): \(line)")
                            // In its own configuration object: the nearest object above it is that one.
                            let object = lines[..<position.line].lastIndex { $0.hasPrefix("\t\t") && !$0.hasPrefix("\t\t\t") && $0.contains(" = {") }
                            XCTAssertTrue(object.map { lines[$0].contains(setting.configuration!) } == true, "\(setting.written) at \(position)")
                            placed += 1
                        }
                    }
                }
            }
            XCTAssertGreaterThan(placed, 12)
        }
        for folder in folders { try check(folder) }
        try check(folders[0])
        // An edit moves every line: the text is read again.
        let file = folders[0].appendingPathComponent("App.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: file, encoding: .utf8)
        try write("// !$*UTF8*$!\n\n\n" + text.replacingOccurrences(of: "// !$*UTF8*$!\n", with: ""), to: file)
        try check(folders[0])
    }

    /// The line of the first `key = ` in the Release configuration of the fixture text.
    private func lineOf(_ key: String, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains(key + " = ") } ?? -1) + 1
    }

    func testAPropertyListIsLintedOnlyWhenATargetNamesIt() throws {
        let folder = try temporaryDirectory(self)
        try write("""
        name: Recipes
        targets:
          Recipes:
            type: application
            platform: iOS
            sources: [Recipes]
            settings:
              INFOPLIST_FILE: Recipes/Info.plist
        """, to: folder.appendingPathComponent("project.yml"))
        for name in ["Recipes/Info.plist", "Recipes/Defaults.plist"] {
            try write("<plist><dict/></plist>\n", to: folder.appendingPathComponent(name))
        }
        try write("<plist><dict/></plist>\n", to: folder.appendingPathComponent("Elsewhere/Info.plist"))
        let membership = BuildMembership()
        let info = folder.appendingPathComponent("Recipes/Info.plist").path
        XCTAssertEqual(membership.judgement(of: info)?.target, "Recipes")
        XCTAssertTrue(membership.admits(info))
        XCTAssertFalse(membership.admits(folder.appendingPathComponent("Recipes/Defaults.plist").path))
        XCTAssertEqual(membership.judgement(of: folder.appendingPathComponent("Recipes/Defaults.plist").path)?.reason,
                       "no target of \(IdiomDetection.display(folder.appendingPathComponent("project.yml").path)) names it as its Info.plist (INFOPLIST_FILE)")
        // Outside any project: not an Info.plist anyone names.
        let lone = try temporaryDirectory(self).appendingPathComponent("Info.plist")
        try write("<plist><dict/></plist>\n", to: lone)
        XCTAssertFalse(membership.admits(lone.path))
        XCTAssertTrue(BuildMembership(includeUnbuilt: true).admits(lone.path))

        let targets = membership.targets(of: [info, folder.appendingPathComponent("Recipes/AppDelegate.swift").path], seeing: [folder.path])
        XCTAssertEqual(targets.map(\.name), ["Recipes"])
        XCTAssertEqual(targets.first?.infoPlists, [info])
        XCTAssertEqual(targets.first?.entries.map(\.keyPath), [[]])
    }
}
