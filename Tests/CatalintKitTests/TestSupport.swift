import Foundation
import XCTest
@testable import CatalintKit

/// The package root, found from this file's place in `Tests/CatalintKitTests/`.
let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Lints in-memory Swift sources in the Mac idiom.
func lint(_ sources: [(String, String)], idiom: Idiom = .mac, jobs: Int = 2, only: Set<String>? = nil) -> [Diagnostic] {
    Linter(options: LintOptions(idiom: idiom, jobs: jobs, onlyRules: only)).lint(sources: sources.map { (path: $0.0, text: $0.1) }).diagnostics
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
