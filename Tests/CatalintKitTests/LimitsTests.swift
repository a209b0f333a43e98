import Foundation
import XCTest
@testable import CatalintKit

/// One bad file never takes a run down: past the limits, a file is reported as `file-skipped`, in
/// bounded time and memory, and the other files are linted. Through the real command.
final class LimitsTests: XCTestCase {
    private func project(_ files: [String: String], configuration: String? = nil) throws -> URL {
        let directory = try temporaryDirectory(self)
        for (name, text) in files { try write(text, to: directory.appendingPathComponent(name)) }
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("Good.swift"))
        if let configuration { try write(configuration, to: directory.appendingPathComponent(".catalint.yml")) }
        return directory
    }

    private func lint(_ directory: URL) throws -> (run: CommandRun, seconds: Double) {
        let start = Date()
        let run = try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: directory)
        return (run, Date().timeIntervalSince(start))
    }

    private func rules(_ run: CommandRun) -> [String] {
        run.stdout.split(separator: "\n").map { line in
            let path = line.split(separator: ":").first.map(String.init) ?? ""
            return path + " " + (line.split(separator: "[").last?.dropLast().description ?? "")
        }
    }

    func testDeepNestingIsSkippedBeforeParsing() throws {
        let directory = try project([
            "Table.swift": "let table = " + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000) + "\n",
            "Calls.swift": "let x = f(" + String(repeating: "g(", count: 30_000) + "\n",
        ])
        let (run, seconds) = try lint(directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(rules(run), ["Calls.swift file-skipped", "Good.swift unavailable-control", "Table.swift file-skipped"])
        XCTAssertTrue(run.stdout.contains("`Table.swift` was not linted: its brackets nest 50000 levels deep (line 1), past the limit of 1000."), run.stdout)
        XCTAssertLessThan(seconds, 30)
    }

    func testLongChainsAreSkipped() throws {
        let directory = try project([
            "Sum.swift": "let x = " + Array(repeating: "1", count: 100_000).joined(separator: " + ") + "\n",
            "Members.swift": "let y = a" + String(repeating: ".b", count: 100_000) + "\n",
        ])
        let (run, seconds) = try lint(directory)
        XCTAssertEqual(rules(run), ["Good.swift unavailable-control", "Members.swift file-skipped", "Sum.swift file-skipped"])
        XCTAssertLessThan(seconds, 30)
    }

    func testAFileThatParsesTooSlowlyIsSkippedAndTheRunGoesOn() throws {
        // Unclosed `[(` pairs make swift-syntax's parser take time exponential in their number.
        let directory = try project(["Fuzzed.swift": "let w = " + String(repeating: "[(", count: 40) + "\n"],
                                    configuration: "limits:\n  seconds_per_file: 1\n")
        let (run, seconds) = try lint(directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(rules(run), ["Fuzzed.swift file-skipped", "Good.swift unavailable-control"])
        XCTAssertTrue(run.stdout.contains("linting it took more than 1 seconds"), run.stdout)
        XCTAssertLessThan(seconds, 30)
    }

    func testAFileLargerThanTheSizeLimitIsNotRead() throws {
        // 12 MB of findings: past the default limit of 10 MB, it is skipped without being read.
        let line = "let s = UIStepper()\n"
        let directory = try project(["Huge.swift": String(repeating: line, count: 12_000_000 / line.utf8.count + 1)])
        let (run, seconds) = try lint(directory)
        XCTAssertEqual(rules(run), ["Good.swift unavailable-control", "Huge.swift file-skipped"])
        XCTAssertTrue(run.stdout.contains("past the limit of 10000000"), run.stdout)
        XCTAssertLessThan(seconds, 30)
        // A lower limit from the configuration.
        try write("limits:\n  file_size: 10B\n", to: directory.appendingPathComponent(".catalint.yml"))
        let (limited, _) = try lint(directory)
        XCTAssertEqual(rules(limited), ["Good.swift file-skipped", "Huge.swift file-skipped"])
    }

    func testBranchesForOtherCompilersAreNotSyntaxChecked() throws {
        let directory = try project(["Future.swift": "#if swift(>=99)\nlet x = future )( syntax\n#else\nlet y = UIPageControl()\n#endif\n"])
        let run = try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: directory)
        XCTAssertEqual(rules(run), ["Future.swift unavailable-control", "Good.swift unavailable-control"])
        try write("swift_version: \"99.1\"\n", to: directory.appendingPathComponent(".catalint.yml"))
        let newer = try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: directory)
        XCTAssertEqual(rules(newer), ["Future.swift invalid-swift", "Good.swift unavailable-control"])
    }

    func testLimitsInTheConfigurationAreChecked() throws {
        let directory = try project([:], configuration: "limits:\n  nesting: deep\n  file_sise: 3MB\n")
        let run = try runCatalint(["lint", "."], in: directory)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains(".catalint.yml:2:12: error: 'nesting' must be a whole number of 1 or more"), run.stderr)
        XCTAssertTrue(run.stderr.contains(".catalint.yml:3:3: error: unknown key 'file_sise' in 'limits'. Did you mean 'file_size'?"), run.stderr)
    }
}
