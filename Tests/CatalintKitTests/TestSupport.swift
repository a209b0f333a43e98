import Foundation
import XCTest
@testable import CatalintKit

/// The package root, found from this file's place in `Tests/CatalintKitTests/`.
let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Lints in-memory Swift sources in the Mac idiom.
func lint(_ sources: [(String, String)], idiom: Idiom = .mac, jobs: Int = 2, only: Set<String>? = nil) -> [Diagnostic] {
    Linter(options: LintOptions(idiom: idiom, jobs: jobs, onlyRules: only)).lintSources(sources.map { (path: $0.0, text: $0.1) }).diagnostics
}

/// Lints one in-memory file and returns `line:column rule` for each diagnostic.
func findings(_ source: String, only rule: String? = nil) -> [String] {
    lint([("Test.swift", source)], only: rule.map { [$0] })
        .filter { rule == nil || $0.rule == rule }
        .map { "\($0.position.line):\($0.position.column) \($0.rule)" }
}

/// Lints one in-memory file and returns the rule ids that fired, in order.
func rules(_ source: String) -> [String] {
    lint([("Test.swift", source)]).map(\.rule)
}

/// A temporary folder, removed when the test ends.
func temporaryDirectory(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalint-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

/// What a run of the built binary printed and how it exited.
struct CommandRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The `catalint` executable: `CATALINT_BINARY` when set (CI points it at a release build), else
/// the one built beside the tests.
let catalintBinary: URL = {
    if let path = ProcessInfo.processInfo.environment["CATALINT_BINARY"] { return URL(fileURLWithPath: path) }
    #if os(macOS)
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("catalint")
    }
    #endif
    return Bundle.main.bundleURL.appendingPathComponent("catalint")
}()

/// Runs the built binary in `directory` and collects what it printed.
func runCatalint(_ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:], stdin: String? = nil) throws -> CommandRun {
    let process = Process()
    process.executableURL = catalintBinary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { _, new in new }
    process.environment = env
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("catalint-out-\(UUID().uuidString)")
    let err = FileManager.default.temporaryDirectory.appendingPathComponent("catalint-err-\(UUID().uuidString)")
    // FileHandle(forWritingTo:) below throws when either file could not be created.
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    defer {
        try? FileManager.default.removeItem(at: out)
        try? FileManager.default.removeItem(at: err)
    }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    let input = Pipe()
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    try process.run()
    if let stdin {
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try? input.fileHandleForWriting.close()
    }
    process.waitUntilExit()
    return CommandRun(status: process.terminationStatus,
                      stdout: try String(contentsOf: out, encoding: .utf8),
                      stderr: try String(contentsOf: err, encoding: .utf8))
}

/// A seeded random number generator (SplitMix64), so fuzz tests draw the same inputs on every run
/// and a failure can be reproduced.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Linter {
    /// Lints in-memory sources: in-memory input never fails to be found.
    func lintSources(_ sources: [(path: String, text: String)]) -> LintResult {
        do {
            return try lint(.sources(sources))
        } catch {
            XCTFail("linting in-memory sources threw \(error)")
            return LintResult(diagnostics: [], paths: [])
        }
    }
}

/// Lints odd input and checks what any run must give, whatever the input: the file is reported as
/// checked, every diagnostic points inside the file (a line it has, a column of 1 or more), the
/// diagnostics are sorted, and a second run gives the same. Returns the rule ids reported.
@discardableResult
func lintOddInput(_ path: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
    let linter = Linter(options: LintOptions(idiom: .mac, jobs: 1))
    let first = linter.lintSources([(path: path, text: text)])
    let second = linter.lintSources([(path: path, text: text)])
    let lineCount = SourceText(path: path, text: text).lineCount
    XCTAssertEqual(first.paths, [path], "the file is not reported as checked", file: file, line: line)
    XCTAssertEqual(first.diagnostics, first.diagnostics.sorted(), "the diagnostics are not sorted", file: file, line: line)
    XCTAssertEqual(first.diagnostics, second.diagnostics, "two runs disagree", file: file, line: line)
    for diagnostic in first.diagnostics {
        XCTAssertEqual(diagnostic.position.path, path, file: file, line: line)
        XCTAssertTrue((1...lineCount).contains(diagnostic.position.line), "\(diagnostic.position) is past the end of the input", file: file, line: line)
        XCTAssertGreaterThanOrEqual(diagnostic.position.column, 1, file: file, line: line)
        XCTAssertGreaterThanOrEqual(diagnostic.position.utf8Column, diagnostic.position.column, file: file, line: line)
    }
    return first.diagnostics.map(\.rule)
}

/// A copy of the fixture projects (`Fixtures/Projects`: a classic pbxproj, an Xcode 16 one with
/// synchronized folders, an XcodeGen spec, a Package.swift) in a temporary folder. A source file
/// there that says only `// fixture class Name: ...` gets `fixtureSource(Name)`: one finding of each
/// category, so a test sees which rules the file's targets allow (`fixtureFindings`).
func fixtureProjects(_ test: XCTestCase) throws -> URL {
    let root = try temporaryDirectory(test).appendingPathComponent("Projects")
    try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/CatalintKitTests/Fixtures/Projects"), to: root)
    let marker = "// fixture class "
    for case let file as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)! where file.pathExtension == "swift" {
        let text = try String(contentsOf: file, encoding: .utf8)
        guard text.hasPrefix(marker), let name = text.dropFirst(marker.count).split(separator: ":").first else { continue }
        try fixtureSource(String(name)).write(to: file, atomically: true, encoding: .utf8)
    }
    return root
}

/// The code of a fixture class: an unavailable control (line 5), a screen-sized size (line 6) and an
/// unchecked camera (line 10).
func fixtureSource(_ name: String) -> String {
    """
    import UIKit

    /// Fixture: one finding of each category, so a test sees which rules the file's targets allow.
    final class \(name): UIViewController {
        let servings = UIStepper()
        let preferred = CGSize(width: 834, height: 1194)

        func takePhoto() {
            let picker = UIImagePickerController()
            picker.sourceType = .camera
            present(picker, animated: true)
        }
    }

    """
}

/// The findings of a fixture class's file (`fixtureSource`) where its targets allow them: `mac`
/// (every rule), `pad` (the exception rule as a note), `not-on-mac` (only the crash rule), else none.
func fixtureFindings(_ path: String, _ judged: String) -> [String] {
    switch judged {
    case "mac": return ["\(path):5:20: error [unavailable-control]", "\(path):6:21: warning [hard-coded-size]", "\(path):10:16: error [unchecked-camera]"]
    case "pad": return ["\(path):5:20: note [unavailable-control]", "\(path):6:21: warning [hard-coded-size]", "\(path):10:16: error [unchecked-camera]"]
    case "not-on-mac": return ["\(path):10:16: error [unchecked-camera]"]
    default: return []
    }
}


/// Runs git in `directory` with a committer set, quietly; fails the test when git does.
func runGit(_ arguments: [String], in directory: URL, file: StaticString = #filePath, line: UInt = #line) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments
    process.currentDirectoryURL = directory
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "git " + arguments.joined(separator: " "), file: file, line: line)
}

/// Every stored value of a rule, its prose and examples included, as text: two rules with the same
/// fingerprint are the same rule. A dictionary's entries are sorted (their order is the hash table's).
func ruleFingerprint(_ rule: RuleDefinition) -> String {
    func canonical(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        let children = mirror.children.map { ($0.label.map { "\($0): " } ?? "") + canonical($0.value) }
        if children.isEmpty, mirror.displayStyle != .collection, mirror.displayStyle != .dictionary { return String(reflecting: value) }
        let parts = mirror.displayStyle == .dictionary ? children.sorted() : children
        return "\(mirror.subjectType)(" + parts.joined(separator: ", ") + ")"
    }
    return canonical((rule.id, rule.title, rule.severity, rule.category, rule.breaksIn, rule.optIn, rule.preview, rule.summary, rule.rationale,
                      rule.advice, rule.reference, rule.message, rule.help, rule.phrases, rule.fix, rule.uikit as Any, rule.examples))
}

/// The Swift files of the repository's folders `folders` (by path), then every rule's examples
/// (named `<rule> example <n>`): real code of many shapes, for tests that compare two ways of
/// reading a file.
func repositorySwiftSources(in folders: [String]) throws -> [(name: String, text: String)] {
    var sources: [(name: String, text: String)] = []
    for folder in folders {
        let root = packageRoot.appendingPathComponent(folder)
        for url in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap({ $0 as? URL }) ?? []
        where url.pathExtension == "swift" {
            sources.append((url.path, try String(contentsOf: url, encoding: .utf8)))
        }
    }
    for rule in RuleCatalog.all {
        for (number, annotated) in ((rule.examples?.triggering ?? []) + (rule.examples?.passing ?? [])).enumerated() {
            sources.append(("\(rule.id) example \(number + 1)", RuleExample(annotated).source))
        }
    }
    return sources
}
