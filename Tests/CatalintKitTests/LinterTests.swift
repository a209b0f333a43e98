import Foundation
import XCTest
@testable import CatalintKit

final class LinterTests: XCTestCase {
    /// Many files with findings in each, linted with different thread counts, give the same list.
    func testOutputDoesNotDependOnTheThreadCount() {
        var sources: [(String, String)] = []
        for number in 0..<60 {
            sources.append(("File\(number).swift", """
            class Slider\(number): UISlider {}
            let s\(number) = Slider\((number + 1) % 60)()
            s\(number).setThumbImage(nil, for: .normal)
            let b\(number) = UIButton(); b\(number).setTitle("x", for: .selected)
            let r\(number) = UIRefreshControl()
            """))
        }
        let one = lint(sources, jobs: 1)
        XCTAssertEqual(one.count, 180)
        for jobs in [2, 4, 16] {
            XCTAssertEqual(lint(sources, jobs: jobs), one, "jobs \(jobs)")
        }
        XCTAssertEqual(one, one.sorted())
    }

    func testPadIdiomTurnsExceptionRulesIntoNotes() {
        let source = "let s = UIStepper()\nlet v = CGSize(width: 390, height: 844)\nlet b = UIButton()\nb.setTitle(\"x\", for: .selected)\n"
        let mac = lint([("A.swift", source)]).map { "\($0.rule) \($0.severity)" }
        XCTAssertEqual(mac, ["unavailable-control error", "hard-coded-size warning", "button-non-normal-state error"])
        let pad = lint([("A.swift", source)], idiom: .pad).map { "\($0.rule) \($0.severity)" }
        XCTAssertEqual(pad, ["unavailable-control note", "hard-coded-size warning", "button-non-normal-state note"])
    }

    func testDiscoveryKeepsTheUsersSpellingOfPaths() throws {
        let directory = try temporaryDirectory(self)
        try write("let a = 1\n", to: directory.appendingPathComponent("Sub/B.swift"))
        try write("let a = 1\n", to: directory.appendingPathComponent("A.swift"))
        let root = directory.path
        XCTAssertEqual(try FileDiscovery.files(in: [root]), ["\(root)/A.swift", "\(root)/Sub/B.swift"])
        XCTAssertEqual(try FileDiscovery.files(in: [root + "/"]), ["\(root)/A.swift", "\(root)/Sub/B.swift"])
        XCTAssertEqual(try FileDiscovery.files(in: [root + "/A.swift", root]), ["\(root)/A.swift", "\(root)/Sub/B.swift"])
        XCTAssertEqual(FileDiscovery.join(".", "A.swift"), "A.swift")
        XCTAssertThrowsError(try FileDiscovery.files(in: [root + "/Missing"])) { error in
            XCTAssertEqual(error as? LintError, .pathNotFound(root + "/Missing"))
        }
    }

    func testAFileThatCannotBeReadIsReported() throws {
        #if os(Linux) || os(macOS)
        let directory = try temporaryDirectory(self)
        let file = directory.appendingPathComponent("Locked.swift")
        try write("let s = UIStepper()\n", to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path) }
        if FileManager.default.isReadableFile(atPath: file.path) {
            throw XCTSkip("running as a user who can read any file (root)")
        }
        let result = try Linter().lint(.paths([file.path]))
        XCTAssertEqual(result.diagnostics.map(\.rule), [ToolRule.unreadableFile])
        XCTAssertTrue(result.diagnostics[0].message.contains("cannot be read"))
        #endif
    }

    func testABrokenLinkIsReportedAsUnreadable() throws {
        let directory = try temporaryDirectory(self)
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("Good.swift"))
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("Gone.swift").path,
                                                   withDestinationPath: directory.appendingPathComponent("Nowhere.swift").path)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("Loop").path, withDestinationPath: directory.path)
        let result = try Linter().lint(.paths([directory.path]))
        XCTAssertEqual(result.diagnostics.map { "\(($0.position.path as NSString).lastPathComponent) \($0.rule)" },
                       ["Gone.swift unreadable-file", "Good.swift unavailable-control"])
        XCTAssertEqual(result.filesChecked, 2)
    }

    func testOddInputGetsAnAnswer() {
        let cases: [(String, [String])] = [
            ("", []),
            ("\u{0}", []),
            ("#if", ["invalid-swift"]),
            // Circular superclasses: B is known to be no slider.
            ("class A: A {}\nclass B: C {}\nclass C: B {}\nlet x = B()\nx.setThumbImage(nil, for: .normal)", []),
            (String(repeating: "(", count: 5000), ["file-skipped"]),
            (String(repeating: "{", count: 3000) + "UIStepper()", ["file-skipped"]),
            ("let s = UIStepper(\n", ["unavailable-control", "invalid-swift"]),
            ("\u{FEFF}let s = UIStepper()", ["unavailable-control"]),
            ("x.setTitle(\"\", for: [.selected, 3])", []),
            ("if traitCollection.userInterfaceIdiom == { }", ["invalid-swift"]),
            ("switch traitCollection.userInterfaceIdiom { }", []),
        ]
        for (source, expected) in cases {
            XCTAssertEqual(lintOddInput("Odd.swift", source), expected, source.debugDescription)
        }
    }

    func testDeeplyNestedSwiftIsRefusedNotCrashed() {
        let chains = [
            "let x = " + Array(repeating: "a", count: 20_000).joined(separator: " && "),
            "let x = a" + String(repeating: ".b", count: 20_000),
            "let x = " + Array(repeating: "1", count: 50_000).joined(separator: " + "),
        ]
        for source in chains {
            let found = lint([("Deep.swift", source), ("Other.swift", "let s = UIStepper()\n")], jobs: 2)
            XCTAssertEqual(found.map(\.rule), [ToolRule.fileSkipped, "unavailable-control"])
            XCTAssertTrue(found[0].message.contains("past the limit of 10000"), found[0].message)
            XCTAssertTrue(found[0].help.contains("limits.operator_chain"), found[0].help)
        }
        // Just under the limit is linted.
        let deep = "let x = a" + String(repeating: ".b", count: 1_900) + ".setTitle(\"\", for: .selected)"
        // Without the time budget, which a debug build on a busy machine can exceed here.
        var options = LintOptions(idiom: .mac, jobs: 1)
        options.configuration.limits.secondsPerFile = 600
        XCTAssertEqual(Linter(options: options).lintSources([(path: "Deep.swift", text: deep)]).diagnostics.map(\.rule), ["button-non-normal-state"])
    }

    /// A chain of properties as long as the operator-chain limit allows (`a.b.b...`) is resolved
    /// without a call a link: resolution runs on the main thread, whose stack a call a link
    /// overflowed (a 9,900-link chain crashed a debug build).
    func testALongChainOfPropertiesIsResolvedWithoutACallALink() {
        let untyped = ObjectID.expression(path: "A.swift", scope: nil, text: "a.b")
        var value = ValueRef.name("a", inType: nil, untyped: .expression(path: "A.swift", scope: nil, text: "a"))
        for _ in 0..<20_000 { value = .property(of: value, name: "b", untyped: untyped) }
        let resolved = Resolution(index: ProjectIndex()).resolve(value)
        XCTAssertEqual(resolved.object, untyped)
        XCTAssertNil(resolved.type)
    }

    func testSuggestions() {
        XCTAssertEqual(Suggestion.closest(to: "unavailable-controls", in: RuleCatalog.all.map(\.id)), "unavailable-control")
        XCTAssertEqual(Suggestion.closest(to: "hardcoded-size", in: RuleCatalog.all.map(\.id)), "hard-coded-size")
        XCTAssertNil(Suggestion.closest(to: "completely-different", in: RuleCatalog.all.map(\.id)))
        // Equally close candidates: the first in sorted order, whatever order they come in.
        for _ in 0..<20 {
            XCTAssertEqual(Suggestion.closest(to: "bat", in: Set(["cat", "hat", "rat", "mat"])), "cat")
        }
        XCTAssertEqual(Suggestion.sentence("idoim", in: ["idiom", "included"]), " Did you mean 'idiom'?")
        XCTAssertEqual(Suggestion.aside("disabel", in: ["disable", "enable"], prefix: "catalint:"), " (did you mean `catalint:disable`?)")
        XCTAssertEqual(Suggestion.aside("zzzzzz", in: ["disable"]), "")
    }
}
