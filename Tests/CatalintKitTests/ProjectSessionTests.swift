import Foundation
import XCTest
@testable import CatalintKit

/// The editor's view of a project: documents linted from their text against the whole project's index.
final class ProjectSessionTests: XCTestCase {
    func testADocumentIsLintedAgainstTheProjectAsTheCommandLineLintsIt() throws {
        let directory = try temporaryDirectory(self)
        try write("class PullToRefresh: UIRefreshControl {}\nextension UIDevice { static var isPad: Bool { current.userInterfaceIdiom == .pad } }\n",
                  to: directory.appendingPathComponent("Declarations.swift"))
        let screen = "let r = PullToRefresh()\nfunc f() { if UIDevice.isPad { stack.spacing = 20 } }\n"
        try write(screen, to: directory.appendingPathComponent("Screen.swift"))
        let options = LintOptions(idiom: .mac, configuration: Configuration(directory: directory.path),
                                  cacheDirectory: directory.appendingPathComponent(".catalint_cache").path)
        let session = ProjectSession(root: directory.path, options: options)
        XCTAssertEqual(session.fileCount, 2)
        let path = directory.appendingPathComponent("Screen.swift").path
        let fromSession = session.lint(path: path, text: screen).diagnostics
        var cli = options
        cli.indexRoot = directory.path
        let fromLinter = try Linter(options: cli).lint(.files([path])).diagnostics
        XCTAssertEqual(fromSession, fromLinter)
        XCTAssertEqual(fromSession.map(\.rule), ["unavailable-control", "idiom-layout-decision"])

        // The editor's text, not the file: an unsaved edit counts.
        XCTAssertEqual(session.lint(path: path, text: "let r = PullToRefresh()\n").diagnostics.map(\.rule), ["unavailable-control"])
        // A declaration typed in an open document is known at once in another.
        let declarations = directory.appendingPathComponent("Declarations.swift").path
        _ = session.lint(path: declarations, text: "class PullToRefresh: UIView {}\n")
        XCTAssertEqual(session.lint(path: path, text: "let r = PullToRefresh()\n").diagnostics.map(\.rule), [])
        session.close(path: declarations)
        XCTAssertEqual(session.lint(path: path, text: "let r = PullToRefresh()\n").diagnostics.map(\.rule), ["unavailable-control"])
        // A file changed on disk, then read again.
        try write("class PullToRefresh: UIView {}\n", to: URL(fileURLWithPath: declarations))
        session.filesChanged([declarations])
        XCTAssertEqual(session.lint(path: path, text: "let r = PullToRefresh()\n").diagnostics.map(\.rule), [])
    }

    /// The server reads the files it does not lint for the index alone (`FileProcessor.indexOnly`):
    /// what it makes is kept apart from a lint's results, so a lint with the same cache never takes
    /// it for its own; a lint's results are taken when there are; unchanged files are not read again.
    func testTheProjectIsReadForTheIndexAloneAndKeptApartFromALintsResults() throws {
        let directory = try temporaryDirectory(self)
        let declarations = directory.appendingPathComponent("Declarations.swift")
        try write("class PullToRefresh: UIRefreshControl {}\nextension UIDevice { static var isPad: Bool { current.userInterfaceIdiom == .pad } }\n"
                  + "func f() { if UIDevice.isPad { stack.spacing = 20 }; let s = UIStepper() }\n", to: declarations)
        let screen = "let r = PullToRefresh()\nfunc g() { if UIDevice.isPad { stack.spacing = 20 } }\n"
        let screenFile = directory.appendingPathComponent("Screen.swift")
        try write(screen, to: screenFile)
        let cache = directory.appendingPathComponent(".catalint_cache").path
        var options = LintOptions(idiom: .mac, configuration: Configuration(directory: directory.path), cacheDirectory: cache)
        options.indexRoot = directory.path
        func resultsFiles() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: cache) where name.hasPrefix("results-") {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: cache + "/" + name))
            }
            return files
        }
        let session = ProjectSession(root: directory.path, options: options)
        XCTAssertEqual(session.lint(path: screenFile.path, text: screen).diagnostics.map(\.rule), ["unavailable-control", "idiom-layout-decision"])
        let indexOnly = try resultsFiles()
        XCTAssertEqual(indexOnly.count, 1, "the index's results only")
        let indexFile = try XCTUnwrap(indexOnly.keys.first)
        // A file written again is a new file renamed over the old one, even with the same bytes.
        func identity() throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: cache + "/" + indexFile)[.systemFileNumber] as? Int
        }
        let written = try identity()

        // Another session reads nothing again: it takes what the first kept.
        let again = ProjectSession(root: directory.path, options: options)
        XCTAssertEqual(again.lint(path: screenFile.path, text: screen).diagnostics.map(\.rule), ["unavailable-control", "idiom-layout-decision"])
        XCTAssertEqual(try identity(), written, "the second session read the files again")

        // A lint with the same cache makes and keeps its own results: the same as with no cache.
        let paths = [declarations.path, screenFile.path]
        var uncached = options
        uncached.cacheDirectory = nil
        let expected = try Linter(options: uncached).lint(.files(paths)).diagnostics
        XCTAssertEqual(expected.map(\.rule).sorted(), ["idiom-layout-decision", "idiom-layout-decision", "unavailable-control", "unavailable-control"])
        XCTAssertEqual(try Linter(options: options).lint(.files(paths)).diagnostics, expected)
        XCTAssertEqual(try resultsFiles().count, 2)
        XCTAssertEqual(try identity(), written, "the lint wrote the index's results")

        // A changed file is read for the index again, and kept with the index's results.
        try write("class PullToRefresh: UIView {}\n", to: declarations)
        let changed = ProjectSession(root: directory.path, options: options)
        XCTAssertEqual(changed.lint(path: screenFile.path, text: screen).diagnostics.map(\.rule), [])
        XCTAssertNotEqual(try resultsFiles()[indexFile], indexOnly[indexFile])
        XCTAssertEqual(try Linter(options: options).lint(.files(paths)).diagnostics, try Linter(options: uncached).lint(.files(paths)).diagnostics)
    }

    /// The facts of the apps, which a keystroke no longer makes again, still follow the Info.plist:
    /// a scene manifest added on disk ends the finding at the next keystroke; and a document's text
    /// is not kept in the cache.
    func testTheAppsFactsFollowTheirInfoPlistFromKeystrokeToKeystroke() throws {
        let directory = try temporaryDirectory(self)
        try write("name: Recipes\ntargets:\n  Recipes:\n    type: application\n    platform: iOS\n    sources: [Recipes]\n"
                  + "    settings:\n      INFOPLIST_FILE: Recipes/Info.plist\n", to: directory.appendingPathComponent("project.yml"))
        let plist = directory.appendingPathComponent("Recipes/Info.plist")
        let keys = "<key>CFBundleName</key><string>Recipes</string>"
        func writePlist(_ body: String) throws {
            try write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n", to: plist)
        }
        try writePlist(keys)
        let delegate = "import UIKit\n\n@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {\n    var window: UIWindow?\n}\n"
        try write(delegate, to: directory.appendingPathComponent("Recipes/AppDelegate.swift"))
        let cache = directory.appendingPathComponent(".catalint_cache").path
        var options = LintOptions(idiom: .mac, configuration: Configuration(directory: directory.path), cacheDirectory: cache)
        options.membership = BuildMembership()
        let session = ProjectSession(root: directory.path, options: options)
        let path = directory.appendingPathComponent("Recipes/AppDelegate.swift").path
        XCTAssertEqual(session.lint(path: path, text: delegate).diagnostics.map(\.rule), ["scene-life-cycle"])
        XCTAssertEqual(session.lint(path: path, text: delegate + "// typing\n").diagnostics.map(\.rule), ["scene-life-cycle"])
        try writePlist(keys + "<key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict>"
                       + "<key>UIWindowSceneSessionRoleApplication</key><array><dict><key>UISceneDelegateClassName</key>"
                       + "<string>SceneDelegate</string></dict></array></dict></dict>")
        // The same size would leave the stamp's size alone; the time is what tells then.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: plist.path)
        XCTAssertEqual(session.lint(path: path, text: delegate + "let typingStepper = UIStepper()\n").diagnostics.map(\.rule), ["unavailable-control"])
        // Only the files read from disk went to the cache, not the document's texts (the cache is
        // written when a file changes on disk).
        let other = directory.appendingPathComponent("Recipes/Other.swift")
        try write("let x = 1\n", to: other)
        session.filesChanged([other.path])
        let cached = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("results-") }
        let bytes = try cached.map { try Data(contentsOf: URL(fileURLWithPath: cache + "/" + $0)) }.reduce(Data(), +)
        XCTAssertFalse(bytes.isEmpty)
        XCTAssertNil(bytes.range(of: Data("typingStepper".utf8)), "a keystroke's results were cached")
    }

    /// A document is parsed from its previous version at each keystroke (`ParseMemory`): what each
    /// version gives is what the same text gives parsed whole, as the user types a control in,
    /// breaks the syntax and mends it.
    func testAKeystrokeParsedFromTheLastVersionGivesWhatAWholeParseGives() throws {
        let directory = try temporaryDirectory(self)
        let start = """
        import UIKit

        class Screen: UIViewController {
            let slider = UISlider()

            override func viewDidLoad() {
                super.viewDidLoad()
                slider.setThumbImage(UIImage(named: "knob"), for: .normal)
            }

            func layout() {
                if traitCollection.userInterfaceIdiom == .pad && view.bounds.width > 700 { stack.spacing = 20 }
            }
        }

        """
        try write(start, to: directory.appendingPathComponent("Screen.swift"))
        let options = LintOptions(idiom: .mac, configuration: Configuration(directory: directory.path))
        let session = ProjectSession(root: directory.path, options: options)
        let path = directory.appendingPathComponent("Screen.swift").path
        var text = start
        var versions: [String] = [text]
        // Typed a character at a time inside `viewDidLoad`, then a brace removed and put back.
        let typed = "\n        let stepper = UIStepper(); stepper.value = 1 + 2 * 3"
        var at = text.range(of: "super.viewDidLoad()")!.upperBound
        for character in typed {
            text.insert(character, at: at)
            at = text.index(after: at)
            versions.append(text)
        }
        let brace = text.range(of: "func layout() {")!
        versions.append(text.replacingCharacters(in: brace, with: "func layout() "))
        versions.append(text)
        versions.append(text.replacingOccurrences(of: "== .pad", with: "== .phone"))
        var rules: Set<String> = []
        for (number, version) in versions.enumerated() {
            let incremental = session.lint(path: path, text: version).diagnostics
            session.close(path: path)
            let whole = session.lint(path: path, text: version).diagnostics
            XCTAssertEqual(incremental, whole, "version \(number)")
            rules.formUnion(whole.map(\.rule))
        }
        // The versions went through the rules the edits touch.
        XCTAssertTrue(rules.isSuperset(of: ["unavailable-control", "idiom-layout-decision", "invalid-swift"]), "\(rules.sorted())")

        // Only the parses of the documents linted last are kept, however many are open.
        XCTAssertEqual(session.parsesKept, [path])
        let others = (0..<(ProjectSession.keptParses + 2)).map { directory.appendingPathComponent("Other\($0).swift").path }
        for other in others { _ = session.lint(path: other, text: "let x\(others.count) = 1\n") }
        XCTAssertEqual(session.parsesKept, Array(others.suffix(ProjectSession.keptParses)))
        _ = session.lint(path: others[4], text: "let again = 2\n")
        XCTAssertEqual(session.parsesKept.last, others[4])
        XCTAssertEqual(session.parsesKept.count, ProjectSession.keptParses)
        session.close(path: others[4])
        XCTAssertFalse(session.parsesKept.contains(others[4]))
    }
}
