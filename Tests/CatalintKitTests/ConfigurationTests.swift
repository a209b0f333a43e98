import Foundation
import XCTest
@testable import CatalintKit

final class ConfigurationTests: XCTestCase {
    private func parse(_ text: String) throws -> Configuration {
        try ConfigurationLoader.parse(text, path: "/project/.catalint.yml")
    }

    private func problems(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            return []
        } catch let error as ConfigurationError {
            return error.problems.map { "\($0.position.line):\($0.position.column) \($0.message)" }
        } catch {
            return ["\(error)"]
        }
    }

    func testEveryKey() throws {
        let configuration = try parse("""
        idiom: pad
        included: [Sources, "App/**/*.swift"]
        excluded:
          - "**/Generated/**"
        interface_files: ["Screens/*.yml"]
        rules:
          hard-coded-size: off
          idiom-layout-decision: note
          unavailable-control:
            severity: warning
            classes: [UIPickerView, {name: UIDatePicker, replacement: a menu}]
          slider-custom-appearance: {properties: [trackImage]}
        overrides:
          - paths: ["Tests/**"]
            rules:
              unavailable-control: off
          - paths: ["Tests/Keep/**"]
            rules:
              unavailable-control: error
        """)
        XCTAssertEqual(configuration.idiom, .pad)
        XCTAssertEqual(configuration.directory, "/project")
        XCTAssertEqual(configuration.included.map(\.pattern), ["Sources", "App/**/*.swift"])
        XCTAssertEqual(configuration.excluded.map(\.pattern), ["**/Generated/**"])
        XCTAssertEqual(configuration.interfaceFiles.map(\.pattern), ["Screens/*.yml"])
        XCTAssertEqual(configuration.level(of: "hard-coded-size", at: "/project/A.swift"), .off)
        XCTAssertEqual(configuration.level(of: "idiom-layout-decision", at: "/project/A.swift"), .note)
        XCTAssertEqual(configuration.level(of: "unavailable-control", at: "/project/A.swift"), .warning)
        XCTAssertEqual(configuration.level(of: "unavailable-control", at: "/project/Tests/A.swift"), .off)
        XCTAssertEqual(configuration.level(of: "unavailable-control", at: "/project/Tests/Keep/A.swift"), .error)
        XCTAssertNil(configuration.level(of: "button-non-normal-state", at: "/project/A.swift"))
        let classes = (configuration.rules["unavailable-control"]?.options as? ControlCreationKnowledge)?.classes.map(\.name)
        XCTAssertEqual(classes, ["UIPickerView", "UIDatePicker"])
        XCTAssertEqual((configuration.rules["slider-custom-appearance"]?.options as? ControlSettingKnowledge)?.properties.map(\.name), ["trackImage"])
        XCTAssertEqual(configuration.inputKind("/project/Screens/Detail.yml"), .interfaceDescription)
        XCTAssertNil(configuration.inputKind("/project/Other/Detail.yml"))
        XCTAssertTrue(configuration.isExcluded("/project/App/Generated/Model.swift"))
        XCTAssertFalse(configuration.isExcluded("/project/App/Model.swift"))
        XCTAssertTrue(configuration.isIncluded("/project/Sources/A/B.swift"))
        XCTAssertTrue(configuration.isIncluded("/project/App/X/Y.swift"))
        XCTAssertFalse(configuration.isIncluded("/project/Tools/Y.swift"))
    }

    func testAbsolutePathsKeepNormalPathsAndNormalizeTheRest() {
        // The reading by string that `isNormal` replaces, as the reference.
        func reference(_ path: String) -> Bool {
            !path.isEmpty && !path.hasSuffix("/") && !path.contains("//") && !path.contains("/./") && !path.contains("/../")
                && !path.hasSuffix("/.") && !path.hasSuffix("/..")
        }
        var generator = SeededGenerator(seed: 84)
        let pieces = ["/", ".", "..", "a", "b.swift", "...", ".git", "/"]
        for _ in 0..<3_000 {
            let path = (0..<Int.random(in: 0...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            XCTAssertEqual(Configuration.isNormal(path), reference(path), path)
        }
        // The folder of a path, and its ancestors, by bytes: as NSString and the reading by Character give them.
        for _ in 0..<3_000 {
            let parts = (0..<Int.random(in: 1...5, using: &generator)).map { _ in ["a", "b.swift", "é", "...", ".git"].randomElement(using: &generator)! }
            let path = "/" + parts.joined(separator: "/")
            XCTAssertEqual(IdiomDetection.parent(of: path), (path as NSString).deletingLastPathComponent, path)
            XCTAssertEqual(IdiomDetection.parent(of: path + "/"), (path + "/" as NSString).deletingLastPathComponent, path)
        }
        XCTAssertEqual(IdiomDetection.selfAndAncestors("/a/é/c.swift"), ["/a/é/c.swift", "/a/é", "/a", "/"])
        XCTAssertEqual(IdiomDetection.selfAndAncestors("/"), ["/"])
        XCTAssertEqual(IdiomDetection.selfAndAncestors("/c.swift"), ["/c.swift", "/"])
        XCTAssertEqual(IdiomDetection.selfAndAncestors("a/b"), ["a/b", "a", "/"])
        // The ancestry made one at a time is the list, however far it is read; and a file's
        // ancestors are the file, then its folder's (what the targets' lookup by folder rests on).
        for _ in 0..<2_000 {
            let parts = (0..<Int.random(in: 1...6, using: &generator)).map { _ in ["a", "b.swift", "é", "...", ".git", "x y"].randomElement(using: &generator)! }
            let path = "/" + parts.joined(separator: "/")
            let all = IdiomDetection.selfAndAncestors(path)
            var reference = [path]
            var folder = path
            while folder != "/" {
                folder = (folder as NSString).deletingLastPathComponent
                reference.append(folder)
            }
            XCTAssertEqual(all, reference, path)
            XCTAssertEqual(Array(IdiomDetection.Ancestry(path)), all, path)
            let stop = Int.random(in: 0...all.count, using: &generator)
            XCTAssertEqual(Array(IdiomDetection.Ancestry(path).prefix(stop)), Array(all.prefix(stop)), path)
            XCTAssertEqual([path] + IdiomDetection.selfAndAncestors(IdiomDetection.parent(of: path)), all, path)
        }
        XCTAssertEqual(Configuration.absolute("/a/./b/../c.swift"), "/a/c.swift")
        XCTAssertEqual(Configuration.absolute("/a//b/"), "/a/b")
        XCTAssertEqual(Configuration.absolute("/a/.../b"), "/a/.../b")
        XCTAssertEqual(Configuration.absolute("/a/b/.."), "/a")
        // A relative path is the working folder's: the same as the two joined by `/` and read as absolute.
        for relative in ["a/b.swift", "./a", "", ".", "..", "é/x y.swift", "../x", "a//b/", "Caf\u{65}\u{301}/z"] {
            XCTAssertEqual(Configuration.absolute(relative), Configuration.absolute(Configuration.workingDirectory + "/" + relative), relative)
        }
        XCTAssertEqual(Configuration.absolute("a/b.swift"), Configuration.workingDirectory + "/a/b.swift")
    }

    func testEmptyFileIsTheDefaults() throws {
        let configuration = try parse("# nothing yet\n")
        XCTAssertEqual(configuration.idiom, .auto)
        XCTAssertTrue(configuration.rules.isEmpty)
    }

    func testErrorsHaveAPlaceAndASuggestion() {
        XCTAssertEqual(problems("idoim: mac\n"), ["1:1 unknown key 'idoim'. Did you mean 'idiom'? The keys are idiom, included, excluded, include_unbuilt, interface_files, select, extend_select, ignore, preview, unsafe_fixes, rules, overrides, limits, objective_c, superclasses, swift_version."])
        XCTAssertEqual(problems("idiom: ipad\n"), ["1:8 'idiom' must be mac, pad or auto. Did you mean 'pad'?"])
        XCTAssertEqual(problems("rules:\n  unavailable-controls: off\n"), ["2:3 unknown rule 'unavailable-controls'. Did you mean 'unavailable-control'? `catalint rules` lists them."])
        XCTAssertEqual(problems("rules:\n  hard-coded-size: of\n"), ["2:20 a rule's severity must be off, note, warning or error. Did you mean 'off'?"])
        XCTAssertEqual(problems("rules:\n  hard-coded-size: {dimension: []}\n"), [
            "2:21 unknown option 'dimension' for hard-coded-size. Did you mean 'dimensions'? It takes 'severity', 'dimensions', 'single_value_minimum', 'pixel_dimensions', 'screen_words', 'pixel_words', 'dimension_words', 'non_layout_words'.",
        ])
        XCTAssertEqual(problems("excluded: {a: b}\n"), ["1:11 'excluded' must be a list of strings"])
        XCTAssertEqual(problems("overrides:\n  - path: [a]\n"), [
            "2:5 unknown key 'path' in an override. Did you mean 'paths'? It takes 'paths' and 'rules'.",
            "2:5 an override needs 'paths'",
        ])
        XCTAssertEqual(problems("rules:\n  hard-coded-size:\n    single_value_minimum: big\n"), ["3:27 'single_value_minimum' must be a number"])
        XCTAssertEqual(problems("overrides:\n  - paths: [Legacy]\n    rules:\n      hard-coded-size: {severity: off, single_value_minimum: 900}\n"), [
            "4:40 an override sets levels only, and 'single_value_minimum' is an option of hard-coded-size: options apply to every file, so set it under the top-level 'rules'",
        ])
        XCTAssertEqual(problems("rules: [\n"), ["2:1 YAML syntax error: did not find expected node content (while parsing a flow node)"])
        XCTAssertEqual(problems("- idiom\n"), ["1:1 the configuration must be a mapping of keys: idiom, included, excluded, include_unbuilt, interface_files, select, extend_select, ignore, preview, unsafe_fixes, rules, overrides, limits, objective_c, superclasses, swift_version"])
    }

    func testOptionsExtendTheRulesKnowledge() {
        let configuration = try! parse("rules:\n  unavailable-control:\n    classes: [UIPickerView]\n")
        let found = Linter(options: LintOptions(configuration: configuration))
            .lintSources([(path: "/project/A.swift", text: "let p = UIPickerView()\nlet s = UIStepper()\n")]).diagnostics
        XCTAssertEqual(found.map { "\($0.position.line) \($0.rule)" }, ["1 unavailable-control", "2 unavailable-control"])
        XCTAssertTrue(found[0].message.contains("`UIPickerView` does not exist"))
    }

    func testLevelsSelectAndIgnore() {
        let configuration = try! parse("rules:\n  hard-coded-size: error\n  unavailable-control: off\noverrides:\n  - paths: [Legacy]\n    rules: {hard-coded-size: off}\n")
        let source = "let s = UIStepper()\nlet v = CGSize(width: 390, height: 844)\nlet b = UIButton(); b.setTitle(\"x\", for: .selected)\nfunc f( {\n"
        func run(_ path: String, only: Set<String>? = nil, ignored: Set<String> = []) -> [String] {
            Linter(options: LintOptions(onlyRules: only, ignoredRules: ignored, configuration: configuration))
                .lintSources([(path: path, text: source)]).diagnostics.map { "\($0.rule) \($0.severity.rawValue)" }
        }
        XCTAssertEqual(run("/project/A.swift"), ["hard-coded-size error", "button-non-normal-state error", "invalid-swift error"])
        XCTAssertEqual(run("/project/Legacy/A.swift"), ["button-non-normal-state error", "invalid-swift error"])
        // --select applies to the tool's own rules too: a syntax error is not reported unless selected.
        XCTAssertEqual(run("/project/A.swift", only: ["hard-coded-size"]), ["hard-coded-size error"])
        XCTAssertEqual(run("/project/A.swift", only: ["hard-coded-size", "invalid-swift"]), ["hard-coded-size error", "invalid-swift error"])
        XCTAssertEqual(run("/project/A.swift", ignored: ["hard-coded-size", "invalid-swift"]), ["button-non-normal-state error"])
    }

    func testDiscoveryFindsTheNearestFile() throws {
        let directory = try temporaryDirectory(self)
        try write("idiom: pad\n", to: directory.appendingPathComponent(".catalint.yml"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        XCTAssertEqual(ConfigurationLoader.discover(from: directory.appendingPathComponent("a/b").path).map(Configuration.absolute),
                       Configuration.absolute(directory.appendingPathComponent(".catalint.yml").path))
    }

    /// A run's root without a configuration is its working tree's, found as git finds it but
    /// without running git: the nearest `.git` folder, or `.git` file of a linked worktree or
    /// submodule, at or above the folder; spelled as the folder is, through a symbolic link.
    func testTheWorkTreeRootIsTheNearestFolderWithAGitEntry() throws {
        let directory = try temporaryDirectory(self)
        let app = directory.appendingPathComponent("App")
        let module = app.appendingPathComponent("Vendor/Module")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        // A real repository where git is installed (so that its answer is compared below).
        if Git.run(["init", "-q"], in: app.path) == nil {
            try FileManager.default.createDirectory(at: app.appendingPathComponent(".git/objects"), withIntermediateDirectories: true)
        }
        try write("gitdir: ../../.git/modules/Module\n", to: module.appendingPathComponent(".git"))
        try FileManager.default.createDirectory(at: module.appendingPathComponent("Sources/Deep"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        XCTAssertEqual(Git.workTreeRoot(of: app.path), app.path)
        XCTAssertEqual(Git.workTreeRoot(of: app.appendingPathComponent("Sources").path), app.path)
        XCTAssertEqual(Git.workTreeRoot(of: app.path + "/Sources/../Sources/."), app.path)
        XCTAssertEqual(Git.workTreeRoot(of: module.appendingPathComponent("Sources/Deep").path), module.path)
        XCTAssertEqual(Git.workTreeRoot(of: module.path), module.path)
        let link = directory.appendingPathComponent("Link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: app.path)
        XCTAssertEqual(Git.workTreeRoot(of: link.appendingPathComponent("Sources").path), link.path)
        // Outside every working tree (the temporary folder is in none here), there is none; the
        // same answer as git's own.
        let outside = directory.appendingPathComponent("Outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        XCTAssertEqual(Git.workTreeRoot(of: outside.path), Git.topLevel(of: outside.path))
        if let top = Git.topLevel(of: app.appendingPathComponent("Sources").path) {
            XCTAssertEqual(URL(fileURLWithPath: top).resolvingSymlinksInPath().path, URL(fileURLWithPath: app.path).resolvingSymlinksInPath().path)
        }
    }

    func testGlobs() {
        let cases: [(String, String, Bool)] = [
            ("Generated", "App/Generated/Model.swift", true),
            ("Generated", "App/NotGenerated/Model.swift", false),
            ("*.pb.swift", "Sources/Proto/A.pb.swift", true),
            ("Sources/*.swift", "Sources/A.swift", true),
            ("Sources/*.swift", "Sources/Sub/A.swift", false),
            ("Sources/**/*.swift", "Sources/Sub/Deep/A.swift", true),
            ("Sources/**/*.swift", "Sources/A.swift", true),
            ("**/Generated/**", "Generated/A.swift", true),
            ("Tests", "Tests/A.swift", true),
            ("Tests/", "Tests/A.swift", true),
            ("./Tests", "Tests/A.swift", true),
            ("Test?", "Tests/A.swift", true),
            ("[ST]ources", "Sources/A.swift", true),
            ("[!S]ources", "Sources/A.swift", false),
            ("A[0-9].swift", "A7.swift", true),
            ("*", "anything/at/all.swift", true),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(Glob(pattern).matches(path), expected, "\(pattern) ~ \(path)")
        }
    }
}

/// The rules' knowledge is typed: rule files and options decode strictly into one struct per kind
/// of rule, and a new property, attribute or control is an edit of knowledge, not of a front end.
final class RuleKnowledgeTests: XCTestCase {
    private func ruleFile(_ uikit: String) -> String {
        let text = try! String(contentsOf: packageRoot.appendingPathComponent("Rules/slider-custom-appearance.yml"), encoding: .utf8)
        let start = text.range(of: "uikit:\n")!.lowerBound
        let end = text.index(after: text.range(of: "\nexamples:\n")!.lowerBound)
        return String(text[..<start]) + uikit + String(text[end...])
    }

    func testRuleFilesDecodeStrictlyWithPlaces() throws {
        XCTAssertNoThrow(try RuleCatalog.parse(ruleFile("uikit:\n  classes: [UISlider]\n"), name: "slider-custom-appearance.yml"))
        let cases: [(String, String)] = [
            ("uikit:\n  clases: [UISlider]\n", "unknown key 'clases'. Did you mean 'classes'?"),
            ("uikit:\n  properties:\n    - {name: thumbImage, uniq: true}\n", "unknown key 'uniq'. Did you mean 'unique'?"),
            ("uikit:\n  properties:\n    - {name: thumbImage, interface_builder: {colour: x}}\n", "unknown key 'colour'. Did you mean 'color'?"),
            ("uikit:\n  properties:\n    - {name: thumbImage, unique: maybe}\n", "'unique' must be true or false"),
        ]
        for (uikit, message) in cases {
            let text = ruleFile(uikit)
            XCTAssertThrowsError(try RuleCatalog.parse(text, name: "slider-custom-appearance.yml"), uikit) { error in
                let line = text.components(separatedBy: "\n").firstIndex { $0.hasPrefix("uikit:") }! + 2
                XCTAssertTrue("\(error)".hasPrefix("slider-custom-appearance.yml:\(line + (uikit.contains("properties") ? 1 : 0)):"), "\(error)")
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
        let unknownTop = try String(contentsOf: packageRoot.appendingPathComponent("Rules/hard-coded-size.yml"), encoding: .utf8) + "colour: red\n"
        XCTAssertThrowsError(try RuleCatalog.parse(unknownTop, name: "hard-coded-size.yml")) { error in
            XCTAssertTrue("\(error)".contains("unknown key 'colour'"), "\(error)")
        }
    }

    func testOptionsDecodeAsTheRulesKnowledge() {
        func problems(_ text: String) -> [String] {
            do {
                _ = try ConfigurationLoader.parse(text, path: "/p/.catalint.yml")
                return []
            } catch let error as ConfigurationError {
                return error.problems.map { "\($0.position.line):\($0.position.column) \($0.message)" }
            } catch {
                return ["\(error)"]
            }
        }
        XCTAssertEqual(problems("rules:\n  hard-coded-size:\n    dimensions:\n      - {width: 1032, heigth: 1376}\n"), [
            "4:23 unknown key 'heigth'. Did you mean 'height'? The keys here are 'width', 'height', 'device', 'family'.",
        ])
        XCTAssertEqual(problems("rules:\n  unavailable-control:\n    classes: {name: UIPickerView}\n"), ["3:14 'classes' must be a list"])
        XCTAssertEqual(problems("rules:\n  unavailable-control:\n    classes: [UIPickerView, {name: UIDatePicker, replacement: a menu}]\n"), [])
    }

    func testANewPropertyAttributeOrControlIsAKnowledgeEdit() throws {
        let configuration = try ConfigurationLoader.parse("""
            rules:
              slider-custom-appearance:
                properties:
                  - {name: trackShadowColor, unique: true, interface_builder: {color: trackShadowColor}}
                  - {name: glowImage, unique: true, state: true}
              unavailable-control:
                classes: [UIFictionalDial]
            """, path: "/p/.catalint.yml")
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <slider id="s1">
                        <color key="trackShadowColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom"/>
                    </slider>
                    <fictionalDial id="d1"/>
                </objects>
            </document>
            """
        let interface = "interface: Dial\nviews:\n  - class: UISlider\n    glowImage: {selected: glow}\n"
        let found = try Linter(options: LintOptions(configuration: configuration))
            .lint(.sources([(path: "/p/Main.storyboard", text: storyboard), (path: "/p/Dial.interface.yml", text: interface)]))
            .diagnostics.map { "\($0.position.path.split(separator: "/").last!):\($0.position.line) \($0.rule)" }
        XCTAssertEqual(found, [
            "Dial.interface.yml:4 slider-custom-appearance",
            "Main.storyboard:5 slider-custom-appearance",
            "Main.storyboard:7 unavailable-control",
        ])
    }
}
