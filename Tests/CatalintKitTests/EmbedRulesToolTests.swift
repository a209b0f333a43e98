import Foundation
import XCTest
@testable import CatalintKit

/// `catalint-embed-rules` checks each rule file's structure before embedding it, so a mistake in
/// `Rules/` fails the build with its file and line; its key lists are RuleDefinition's.
final class EmbedRulesToolTests: XCTestCase {
    private var tool: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("catalint-embed-rules")
        }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("catalint-embed-rules")
    }

    private func runTool(_ arguments: [String]) throws -> CommandRun {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    func testItsKeyListsAreTheDecodersCodingKeys() throws {
        let run = try runTool(["--print-schema"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [String: [String]]])
        let keys = try XCTUnwrap(schema["keys"])
        XCTAssertEqual(keys[""], RuleDefinition.CodingKeys.allCases.map(\.rawValue))
        XCTAssertEqual(keys["reference"], RuleDefinition.Reference.fields.map(\.key))
        XCTAssertEqual(keys["examples"], RuleDefinition.Examples.fields.map(\.key))
        XCTAssertEqual(keys["fix"], RuleDefinition.FixDefinition.fields.map(\.key))
        let values = try XCTUnwrap(schema["values"])
        XCTAssertEqual(values["severity"], Severity.allCases.map(\.rawValue))
        XCTAssertEqual(values["category"], RuleCategory.allCases.map(\.rawValue))
        XCTAssertEqual(values["breaks_in"], BreakScope.allCases.map(\.rawValue))
        XCTAssertEqual(values["fix.kind"], FixKind.allCases.map(\.rawValue))
        XCTAssertEqual(values["fix.applicability"], FixApplicability.allCases.map(\.rawValue))
    }

    func testAMistakeInARuleFileFailsWithItsFileAndLine() throws {
        let directory = try temporaryDirectory(self)
        let rules = directory.appendingPathComponent("Rules")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Rules"), to: rules)
        let output = directory.appendingPathComponent("EmbeddedRules.swift")
        let good = try runTool([rules.path, output.path])
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertTrue(try String(contentsOf: output, encoding: .utf8).contains("enum EmbeddedRules"))

        let cases: [(file: String, edit: (String) -> String, expected: String)] = [
            ("unavailable-control.yml", { $0.replacingOccurrences(of: "\nseverity: error\n", with: "\nseverity: eror\n") },
             "unavailable-control.yml:3:11: error: 'severity' is 'eror'; it must be one of: note, warning, error"),
            ("hard-coded-size.yml", { $0 + "exmples: []\n" }, "error: unknown key 'exmples'"),
            ("button-non-normal-state.yml", { $0.replacingOccurrences(of: "  applicability: unsafe\n", with: "  applicability: unsafe\n  colour: red\n") },
             "error: unknown key 'colour' in 'fix'"),
            ("slider-custom-appearance.yml", { $0.replacingOccurrences(of: "id: slider-custom-appearance\n", with: "id: slider-appearance\n") },
             "slider-custom-appearance.yml:1:5: error: the id 'slider-appearance' is not the file's name"),
            ("idiom-layout-decision.yml", { $0.replacingOccurrences(of: "\nsummary:", with: "\nsummary: x\nsummary:") }, "error: 'summary' is given twice"),
            ("invalid-swift.yml", { $0.replacingOccurrences(of: "\nhelp:", with: "\nhelpp:") }, "error: missing key 'help'"),
        ]
        for (file, edit, expected) in cases {
            let broken = directory.appendingPathComponent("Broken-\(file)")
            try? FileManager.default.removeItem(at: broken)
            try FileManager.default.copyItem(at: rules, to: broken)
            let url = broken.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            let edited = edit(text)
            XCTAssertNotEqual(edited, text, "the edit of \(file) changed nothing")
            try edited.write(to: url, atomically: true, encoding: .utf8)
            let run = try runTool([broken.path, directory.appendingPathComponent("out.swift").path])
            XCTAssertEqual(run.status, 1, file)
            XCTAssertTrue(run.stderr.contains(expected), "\(file): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix(url.path + ":"), run.stderr)
        }
    }
}
