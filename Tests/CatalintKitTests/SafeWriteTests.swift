import Foundation
import XCTest
@testable import CatalintKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--output` and `--write-baseline` never write where they must not, never leave half a file or a
/// temporary file, and never turn a FIFO, a link or a file's permissions into something else.
/// Through the real command.
final class SafeWriteTests: XCTestCase {
    private func project() throws -> URL {
        let directory = try temporaryDirectory(self)
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("Sources/A.swift"))
        try write("idiom: mac\n", to: directory.appendingPathComponent(".catalint.yml"))
        return directory
    }

    /// Names in `folder` that a write left behind: temporary files of any writer.
    private func leftovers(_ folder: URL, besides kept: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !kept.contains($0) }.sorted()
    }

    func testAFolderALintedFileAndTheConfigurationAreRefusedBeforeLinting() throws {
        let directory = try project()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("link.json").path, withDestinationPath: "Sources/A.swift")
        try FileManager.default.linkItem(atPath: directory.appendingPathComponent("Sources/A.swift").path,
                                         toPath: directory.appendingPathComponent("hard.json").path)
        let cases: [([String], String)] = [
            (["--output", "Out"], "--output Out: is a folder; name a file in it; nothing was written."),
            (["--output", "Out/"], "--output Out/: names a folder, not a file; nothing was written."),
            (["--output", "Sources/A.swift"], "--output Sources/A.swift: is a file being linted (Sources/A.swift); catalint never writes over its input"),
            (["--write-baseline", "Sources/A.swift"], "--write-baseline Sources/A.swift: is a file being linted"),
            (["--output", "link.json"], "--output link.json: is a file being linted (Sources/A.swift)"),
            (["--output", "hard.json"], "--output hard.json: is a file being linted (Sources/A.swift)"),
            (["--output", ".catalint.yml"], "--output .catalint.yml: is the configuration file in use; catalint never writes over it"),
            (["--write-baseline", "./.catalint.yml"], "--write-baseline ./.catalint.yml: is the configuration file in use"),
            (["--output", "Missing/report.json"], "--output Missing/report.json: its folder Missing does not exist; nothing was written."),
            (["--output", "same.json", "--write-baseline", "same.json"], "--output and --write-baseline name the same file, same.json"),
        ]
        for (options, message) in cases {
            let run = try runBounded(["lint", "--no-cache"] + options + ["."], in: directory, timeout: 20)
            XCTAssertEqual(run.status, 2, "\(options): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("error: " + message), "\(options): \(run.stderr)")
            // Refused before linting: no report at all.
            XCTAssertEqual(run.stdout, "", "\(options)")
        }
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("Sources/A.swift"), encoding: .utf8), "let s = UIStepper()\n")
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent(".catalint.yml"), encoding: .utf8), "idiom: mac\n")
        XCTAssertEqual(fileType(directory.appendingPathComponent("link.json").path), S_IFLNK)
        XCTAssertEqual(try leftovers(directory.appendingPathComponent("Out"), besides: []), [])
        XCTAssertEqual(try leftovers(directory, besides: [".catalint.yml", "Sources", "Out", "link.json", "hard.json"]), [])
    }

    func testTheBaselineBeingReadIsNotWrittenOver() throws {
        let directory = try project()
        XCTAssertEqual(try runBounded(["lint", "--no-cache", "--write-baseline", "baseline.json", "."], in: directory).status, 0)
        let before = try Data(contentsOf: directory.appendingPathComponent("baseline.json"))
        let run = try runBounded(["lint", "--no-cache", "--baseline", "baseline.json", "--output", "baseline.json", "."], in: directory)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("--output baseline.json: is the baseline being read"), run.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("baseline.json")), before)
    }

    func testAReadOnlyFolderIsRefusedBeforeLinting() throws {
        let directory = try project()
        let locked = directory.appendingPathComponent("Locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
        addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
        // As root, run as nobody: the temporary folder itself (root's, 0755) is then read-only too.
        let run = try runWithPermissions(["lint", "--no-cache", "--output", "Locked/report.json", "Sources"], in: directory, timeout: 20)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("error: --output Locked/report.json: its folder Locked is not writable (permission denied); nothing was written."),
                      run.stderr)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(try leftovers(locked, besides: []), [])
    }

    func testAFIFOIsWrittenIntoNotReplaced() throws {
        let directory = try project()
        let fifo = directory.appendingPathComponent("report.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        // A reader, as `catalint --output >(...)` or a CI log collector would be.
        let received = Locked<Data?>(nil)
        let reader = Thread {
            let handle = FileHandle(forReadingAtPath: fifo)
            let data = handle?.readDataToEndOfFile() ?? Data()
            received.withLock { $0 = data }
        }
        reader.start()
        defer {
            // Should catalint never open the FIFO, the reader is still waiting for a writer: open and close it.
            let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
        }
        let run = try runBounded(["lint", "--no-cache", "--format", "json", "--output", "report.fifo", "Sources"], in: directory, timeout: 20)
        XCTAssertFalse(run.timedOut)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("Sources/A.swift:1:9: error[unavailable-control]"), run.stdout)
        XCTAssertEqual(fileType(fifo), S_IFIFO, "the FIFO was replaced")
        let deadline = Date().addingTimeInterval(10)
        while received.withLock({ $0 }) == nil && Date() < deadline { usleep(10_000) }
        XCTAssertTrue(String(decoding: received.withLock { $0 } ?? Data(), as: UTF8.self).contains("\"rule\": \"unavailable-control\""))

        // No one reads it: an error at once, not a hang, and the FIFO is left as it was.
        let unread = try runBounded(["lint", "--no-cache", "--output", "report.fifo", "Sources"], in: directory, timeout: 20)
        XCTAssertFalse(unread.timedOut)
        XCTAssertEqual(unread.status, 2, unread.stderr)
        XCTAssertTrue(unread.stderr.contains("cannot write report.fifo: it is a FIFO that no process is reading."), unread.stderr)
        XCTAssertEqual(fileType(fifo), S_IFIFO)
        XCTAssertEqual(try leftovers(directory, besides: [".catalint.yml", "Sources", "report.fifo"]), [])
    }

    func testALinkStaysALinkAndAFileKeepsItsPermissions() throws {
        let directory = try project()
        let real = directory.appendingPathComponent("Reports/real.json")
        try write("old\n", to: real)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real.path)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("report.json").path, withDestinationPath: "Reports/real.json")
        let baseline = directory.appendingPathComponent("baseline.json")
        try write("{}\n", to: baseline)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: baseline.path)

        let run = try runBounded(["lint", "--no-cache", "--format", "json", "--output", "report.json", "Sources"], in: directory, timeout: 20)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(fileType(directory.appendingPathComponent("report.json").path), S_IFLNK, "the link was replaced by a file")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("report.json").path), "Reports/real.json")
        XCTAssertTrue(try String(contentsOf: real, encoding: .utf8).contains("\"rule\": \"unavailable-control\""))
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? NSNumber)?.intValue, 0o640)

        let written = try runBounded(["lint", "--no-cache", "--write-baseline", "baseline.json", "Sources"], in: directory, timeout: 20)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(try String(contentsOf: baseline, encoding: .utf8).contains("\"rule\" : \"unavailable-control\""))
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: baseline.path)[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual(try leftovers(directory.appendingPathComponent("Reports"), besides: ["real.json"]), [])
        XCTAssertEqual(try leftovers(directory, besides: [".catalint.yml", "Sources", "Reports", "report.json", "baseline.json"]), [])
    }

    /// SIGTERM while a large report is being written: the temporary file goes, the report is either
    /// the old one or absent, and the process ends by the signal.
    func testSIGTERMDuringTheWriteLeavesNoTemporaryFile() throws {
        let directory = try temporaryDirectory(self)
        for number in 0..<90 {
            try write((0..<200).map { "let s\($0) = UIStepper()\n" }.joined(), to: directory.appendingPathComponent("Sources/F\(number).swift"))
        }
        let out = directory.appendingPathComponent("Out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        var caught = false
        for _ in 0..<3 where !caught {
            var seen: [String] = []
            let run = try runBounded(["lint", "--no-cache", "--format", "json", "--output", "Out/report.json", "Sources"], in: directory,
                                     timeout: 120) { process in
                guard seen.isEmpty, let names = try? FileManager.default.contentsOfDirectory(atPath: out.path) else { return }
                seen = names.filter { $0 != "report.json" }
                if !seen.isEmpty { kill(process.processIdentifier, SIGTERM) }
            }
            XCTAssertFalse(run.timedOut)
            guard !seen.isEmpty else { continue }  // written too fast to catch: try again
            caught = true
            XCTAssertTrue(seen.allSatisfy { $0.hasPrefix(".report.json.catalint-tmp-") }, "\(seen)")
            if run.signaled {
                XCTAssertEqual(run.status, SIGTERM)
            } else {
                // The signal came as the write ended: then the whole report is there, and nothing else.
                XCTAssertEqual(run.status, 1, run.stderr)
                let report = try Data(contentsOf: out.appendingPathComponent("report.json"))
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: report), "half a report")
            }
            XCTAssertEqual(try leftovers(out, besides: ["report.json"]), [], "a temporary file is left")
        }
        if !caught { throw XCTSkip("the report was written too fast to send SIGTERM while it was") }
    }
}
