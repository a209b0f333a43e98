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

    /// `catalint lint` in `directory`: what it printed, its wall time and its peak resident memory
    /// in MB, all from one run under GNU time; the memory is nil where there is no GNU time (the
    /// bound is then not checked: macOS's time has other options).
    private func lint(_ directory: URL) throws -> (run: CommandRun, seconds: Double, megabytes: Int?) {
        let arguments = ["lint", "--no-cache", "--format", "xcode", "."]
        let time = URL(fileURLWithPath: "/usr/bin/time")
        guard FileManager.default.isExecutableFile(atPath: time.path) else {
            let start = Date()
            let run = try runCatalint(arguments, in: directory)
            return (run, Date().timeIntervalSince(start), nil)
        }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("catalint-time-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        let timed = try runBounded(["-o", report.path, "-f", "%M", catalintBinary.path] + arguments, in: directory, timeout: 600, executable: time)
        // GNU time writes "Command exited with non-zero status N" before the figure when the status is not 0.
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        let kilobytes = text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return (CommandRun(status: timed.status, stdout: timed.stdout, stderr: timed.stderr), timed.seconds, kilobytes.map { $0 / 1024 })
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
        let (run, seconds, megabytes) = try lint(directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(rules(run), ["Calls.swift file-skipped", "Good.swift unavailable-control", "Table.swift file-skipped"])
        XCTAssertTrue(run.stdout.contains("`Table.swift` was not linted: its brackets nest 50000 levels deep (line 1), past the limit of 1000."), run.stdout)
        XCTAssertLessThan(seconds, 30)
        if let megabytes { XCTAssertLessThan(megabytes, 400) }
    }

    /// A generated one-line file with 10,000 findings: columns and excerpts cost time and memory
    /// linear in the line (before: 44 s and 8 GB with 20,000; each diagnostic copied the whole
    /// line, so 10,000 took a quarter of that, 2 GB, still over three times the bound below).
    func testManyFindingsOnOneLongLineStayLinear() throws {
        // The time budget is raised: a debug build on a busy machine may need more than 10 s here,
        // and the bound this test checks is its own.
        let directory = try project(["OneLine.swift": "func make() { " + String(repeating: "let s = UIStepper(); ", count: 10_000) + "}\n"],
                                    configuration: "limits:\n  seconds_per_file: 600\n")
        let (run, seconds, megabytes) = try lint(directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 10_001)
        XCTAssertTrue(lines.last?.hasPrefix("OneLine.swift:1:") == true && lines.last!.count < 400, String(lines.last ?? ""))
        XCTAssertLessThan(seconds, 120)  // generous for a debug build on a busy machine; memory tells the old quadratic code
        if let megabytes { XCTAssertLessThan(megabytes, 600) }
    }

    /// Found by scripts/fuzz.py: string interpolations nested 60,000 deep (`"\\("\\(`...) were not
    /// counted as nesting, so the parser ran into the time limit and took 4.3 GB meanwhile.
    func testNestedStringInterpolationsAreNesting() throws {
        let directory = try project(["Strings.swift": "let s = " + String(repeating: "\"\\(", count: 60_000) + "\n"])
        let (run, seconds, megabytes) = try lint(directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(rules(run), ["Good.swift unavailable-control", "Strings.swift file-skipped"])
        XCTAssertTrue(run.stdout.contains("its string interpolations nest 60000 levels deep (line 1), past the limit of 100"), run.stdout)
        XCTAssertLessThan(seconds, 30)
        if let megabytes { XCTAssertLessThan(megabytes, 400) }
    }

    /// Found by scripts/fuzz.py: 505 unclosed interpolations, under the nesting limit, took the
    /// parser 3.9 GB before the time limit stopped it (memory grows with the cube of the depth).
    /// Interpolations may nest a tenth of the nesting limit; real code nests a few.
    func testUnclosedInterpolationsPastATenthOfTheNestingLimitAreSkipped() throws {
        let deep = "func size() -> CGSize\"" + String(repeating: "\\(\"", count: 505) + "\n"
        let fine = "let s = \"a\\(\"b\\(\"c\\(1)\")\")\"\nlet p = UIPageControl()\n"
        let directory = try project(["Deep.swift": deep, "Fine.swift": fine])
        let (run, seconds, megabytes) = try lint(directory)
        XCTAssertEqual(rules(run), ["Deep.swift file-skipped", "Fine.swift unavailable-control", "Good.swift unavailable-control"])
        XCTAssertTrue(run.stdout.contains("its string interpolations nest 505 levels deep (line 1), past the limit of 100"), run.stdout)
        XCTAssertLessThan(seconds, 30)
        if let megabytes { XCTAssertLessThan(megabytes, 400) }
        // The limit follows the nesting limit.
        try write("limits:\n  nesting: 500\n", to: directory.appendingPathComponent(".catalint.yml"))
        let (lowered, _, _) = try lint(directory)
        XCTAssertTrue(lowered.stdout.contains("its string interpolations nest 505 levels deep (line 1), past the limit of 50"), lowered.stdout)
    }

    /// Found by scripts/fuzz.py: swift-syntax's diagnostics trap on an `=` with a line separator
    /// (U+2028) and spaces around it, which took the whole run down (signal 4, no report).
    func testALineSeparatorBeforeAnEqualsSignIsAnInvalidSwiftFinding() throws {
        let directory = try project(["Separator.swift": "let x \u{2028}= 1\n", "Separator2.swift": "let y = 2\nvar z\u{2028} = UIStepper()\n"])
        let (run, _, _) = try lint(directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(rules(run), ["Good.swift unavailable-control", "Separator.swift invalid-swift", "Separator2.swift invalid-swift",
                                      "Separator2.swift unavailable-control"])
        XCTAssertTrue(run.stdout.contains("Separator.swift:1:10: error: Swift syntax error: '=' must have consistent whitespace on both sides."), run.stdout)
    }

    func testLongChainsAreSkipped() throws {
        let directory = try project([
            "Sum.swift": "let x = " + Array(repeating: "1", count: 100_000).joined(separator: " + ") + "\n",
            "Members.swift": "let y = a" + String(repeating: ".b", count: 100_000) + "\n",
        ])
        let (run, seconds, _) = try lint(directory)
        XCTAssertEqual(rules(run), ["Good.swift unavailable-control", "Members.swift file-skipped", "Sum.swift file-skipped"])
        XCTAssertLessThan(seconds, 30)
    }

    func testAFileThatParsesTooSlowlyIsSkippedAndTheRunGoesOn() throws {
        // Unclosed `[(` pairs make swift-syntax's parser take time exponential in their number.
        let directory = try project(["Fuzzed.swift": "let w = " + String(repeating: "[(", count: 40) + "\n"],
                                    configuration: "limits:\n  seconds_per_file: 1\n")
        let (run, seconds, _) = try lint(directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(rules(run), ["Fuzzed.swift file-skipped", "Good.swift unavailable-control"])
        XCTAssertTrue(run.stdout.contains("linting it took more than 1 seconds"), run.stdout)
        XCTAssertLessThan(seconds, 30)
    }

    func testAFileLargerThanTheSizeLimitIsNotRead() throws {
        // 12 MB of findings: past the default limit of 10 MB, it is skipped without being read.
        let line = "let s = UIStepper()\n"
        let directory = try project(["Huge.swift": String(repeating: line, count: 12_000_000 / line.utf8.count + 1)])
        let (run, seconds, megabytes) = try lint(directory)
        XCTAssertEqual(rules(run), ["Good.swift unavailable-control", "Huge.swift file-skipped"])
        XCTAssertTrue(run.stdout.contains("past the limit of 10000000"), run.stdout)
        XCTAssertLessThan(seconds, 30)
        if let megabytes { XCTAssertLessThan(megabytes, 200, "the skipped file was read") }
        // A lower limit from the configuration.
        try write("limits:\n  file_size: 10B\n", to: directory.appendingPathComponent(".catalint.yml"))
        let (limited, _, _) = try lint(directory)
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
