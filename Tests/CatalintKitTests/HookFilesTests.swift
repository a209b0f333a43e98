import Foundation
import XCTest
@testable import CatalintKit

/// The pre-commit hooks and the Xcode build-tool plugin name the files they hand catalint by their
/// suffixes; they must name exactly the files catalint lints, or a new kind of input (Objective-C
/// was one) is silently left out of every commit and build.
final class HookFilesTests: XCTestCase {
    /// Names of every kind catalint lints and of look-alikes it does not.
    private let names = ["View.swift", "View.m", "View.mm", "View.h", "Main.storyboard", "Cell.xib", "screen.interface.yml",
                         "screen.interface.yaml", "config.yml", "settings.yaml", "main.c", "main.cpp", "View.hpp", "Info.plist",
                         "project.pbxproj", "View.swiftinterface", "notes.md", "View.mmx", "Header.hh"]

    func testThePreCommitHooksTakeWhatCatalintLints() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let patterns = text.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("files:") else { return nil }
            return String(trimmed.dropFirst("files:".count)).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
        }
        XCTAssertEqual(patterns.count, 2, "one files: pattern per hook")
        for pattern in patterns {
            // pre-commit matches with Python's re.search on the path.
            let expression = try NSRegularExpression(pattern: pattern)
            for name in names {
                let path = "App/Sources/" + name
                let matched = expression.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
                XCTAssertEqual(matched, InputKind(path: path) != nil, "\(name): the hook's files: \(pattern)")
            }
        }
    }

    func testTheXcodePluginTakesWhatCatalintLints() throws {
        let source = try String(contentsOf: packageRoot.appendingPathComponent("Plugins/CatalintBuildTool/plugin.swift"), encoding: .utf8)
        // The suffix list the Xcode target's input files are filtered by: `[".swift", ...].contains`.
        guard let end = source.range(of: "].contains { path.hasSuffix($0) }"),
              let start = source[..<end.lowerBound].range(of: "[", options: .backwards) else {
            return XCTFail("the plugin's suffix list was not found")
        }
        let suffixes = source[start.upperBound..<end.lowerBound].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        for name in names {
            let path = "App/Sources/" + name
            XCTAssertEqual(suffixes.contains { path.hasSuffix($0) }, InputKind(path: path) != nil, "\(name): the plugin's suffixes \(suffixes)")
        }
    }
}
