import Foundation
import XCTest
@testable import CatalintKit
@testable import CatalintKit

/// One budget on every path (issue 19), through the built binary: a file past it never holds a run
/// however the run reaches it, the cache is never trusted, and catalint writes only what it may.
/// The name ends in EndToEndTests, so CI runs these against the release build as well.
final class BudgetEndToEndTests: XCTestCase {
    /// Early exits, each followed by a finding: this many take longer than `budget` seconds on any
    /// build of catalint (the release build on a fast machine included).
    static let slowStatements = 60_000
    static let budget = "0.5"

    /// A project whose Generated.swift is past the budget; Named.swift creates a page control (line 2)
    /// and a refresh control of a class that only Generated.swift declares (line 3).
    private func slowProject() throws -> URL {
        try slowProjects(1)[0]
    }

    /// `count` such projects, each in its own folder.
    private func slowProjects(_ count: Int) throws -> [URL] {
        var generated = "import UIKit\nclass PullToRefresh: UIRefreshControl {}\nfunc make() {\n"
        for number in 0..<Self.slowStatements {
            generated += "    if flag\(number % 97) { return }\n    let s\(number) = UIStepper()\n"
        }
        return try (0..<count).map { _ in
            let directory = try temporaryDirectory(self)
            try write("idiom: mac\nlimits:\n  seconds_per_file: \(Self.budget)\n", to: directory.appendingPathComponent(".catalint.yml"))
            try write(generated + "}\n", to: directory.appendingPathComponent("Generated.swift"))
            try write("import UIKit\nlet pager = UIPageControl()\nlet refresh = PullToRefresh()\n", to: directory.appendingPathComponent("Named.swift"))
            return directory
        }
    }

    private static let named = "import UIKit\nlet pager = UIPageControl()\nlet refresh = PullToRefresh()\n"

    func testAFileNamedBesideAFilePastTheBudgetIsLintedAndTheOtherOnlyNamedByVerbose() throws {
        // The two runs at once, each in a project of its own (each waits out the budget).
        let directories = try slowProjects(2)
        let requests: [(arguments: [String], stdin: Data?)] = [
            (["lint", "-v", "--format", "xcode", "Named.swift"], nil),
            (["lint", "-v", "--format", "xcode", "--stdin-filename", "Named.swift", "-"], Data(Self.named.utf8)),
        ]
        let results = Locked<[Int: Result<TimedRun, Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: requests.count) { index in
            let result = Result { try runBounded(requests[index].arguments, in: directories[index], timeout: 120, stdin: requests[index].stdin) }
            results.withLock { $0[index] = result }
        }
        let runs = try (0..<requests.count).map { index in try XCTUnwrap(results.withLock { $0[index] }).get() }
        XCTAssertEqual(runs.count, 2)
        for run in runs {
            XCTAssertFalse(run.timedOut, "the run waited for the file past the budget")
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(findingLines(run.stdout), ["Named.swift:2:13 unavailable-control"], run.stdout)
            // Past the budget, Generated.swift adds nothing to the index: its subclass is unknown.
            XCTAssertTrue(run.stderr.contains("catalint: not indexed: ") && run.stderr.contains("Generated.swift: linting it took more than 0.5 seconds"),
                          run.stderr)
        }
    }

    func testAFileLintedPastTheBudgetIsSkippedAndTheOthersAreLinted() throws {
        let directory = try slowProject()
        let run = try runBounded(["lint", "--no-cache", "--format", "xcode", "."], in: directory, timeout: 120)
        XCTAssertFalse(run.timedOut)
        XCTAssertEqual(findingLines(run.stdout), ["Generated.swift:1:1 file-skipped", "Named.swift:2:13 unavailable-control"],
                       run.stdout)
        XCTAssertTrue(run.stdout.contains("linting it took more than 0.5 seconds"), run.stdout)
    }

    func testAParserThatWouldRunForMinutesIsStoppedAndLeavesNoProcessBehind() throws {
        // Sixty nested `[`: swift-syntax's parser takes time exponential in their depth.
        let directory = try temporaryDirectory(self)
        try write("idiom: mac\nlimits:\n  seconds_per_file: 1\n", to: directory.appendingPathComponent(".catalint.yml"))
        try write("let table = " + String(repeating: "[", count: 60) + "\n", to: directory.appendingPathComponent("Table.swift"))
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("Good.swift"))
        let run = try runBounded(["lint", "--no-cache", "--format", "xcode", "."], in: directory, timeout: 120)
        XCTAssertFalse(run.timedOut)
        XCTAssertEqual(findingLines(run.stdout), ["Good.swift:1:9 unavailable-control", "Table.swift:1:1 file-skipped"],
                       run.stdout)
        // The worker that was parsing it was killed: no catalint process of this folder is left.
        XCTAssertEqual(try workerProcesses(), [], "worker processes outlived the run")
    }

    /// The catalint worker processes running now.
    private func workerProcesses() throws -> [String] {
        let folder = URL(fileURLWithPath: "/proc")
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return entries.compactMap { entry -> String? in
            guard Int(entry) != nil, let command = try? Data(contentsOf: folder.appendingPathComponent("\(entry)/cmdline")) else { return nil }
            let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.count == 2 && arguments[0] == catalintBinary.path && arguments[1] == "__file-worker" ? entry : nil
        }
    }

    // MARK: The cache

    /// A small project with findings in every format and a subclass declared in another file.
    private func cachedProject() throws -> URL {
        let directory = try temporaryDirectory(self)
        try write("class PullToRefresh: UIRefreshControl {}\n", to: directory.appendingPathComponent("Sources/Declarations.swift"))
        for number in 0..<6 {
            try write("""
                final class Screen\(number): UIViewController {
                    let refresh = PullToRefresh()
                    override func viewDidLoad() {
                        if traitCollection.userInterfaceIdiom == .pad { stack.spacing = 20 } else { stack.spacing = 8 }
                        let b = UIButton(); b.setTitle("x", for: .selected)
                    }
                }
                """, to: directory.appendingPathComponent("Sources/Screen\(number).swift"))
        }
        try write("interface: Detail\nviews:\n  - class: UIStepper\n", to: directory.appendingPathComponent("Interfaces/Detail.interface.yml"))
        try write("idiom: mac\n", to: directory.appendingPathComponent(".catalint.yml"))
        return directory
    }

    /// The cache's files: the results of each file, and the snapshot of the last run.
    private func cacheFiles(_ directory: URL) throws -> [URL] {
        let folder = directory.appendingPathComponent(".catalint_cache")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".bin") }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    private func cacheFile(_ directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent(".catalint_cache")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("results-") }
        XCTAssertEqual(names.count, 1, "\(names)")
        return folder.appendingPathComponent(try XCTUnwrap(names.first))
    }

    func testBitsFlippedAnywhereInTheCacheNeverChangeTheReport() throws {
        // Two projects alike, each with its own cache, so that the trials run on both cores.
        let lanes = try (0..<2).map { _ in try cachedProject() }
        var expectations: [String] = []
        var originals: [[(file: URL, data: Data)]] = []
        for directory in lanes {
            let expected = try runCatalint(["lint", "--no-cache", "--format", "json", "."], in: directory).stdout
            XCTAssertEqual(try runCatalint(["lint", "--format", "json", "."], in: directory).stdout, expected)
            let files = try cacheFiles(directory)
            XCTAssertEqual(files.count, 2, "\(files)")
            expectations.append(expected)
            originals.append(try files.map { ($0, try Data(contentsOf: $0)) })
        }
        var generator = SeededGenerator(seed: 19)
        // Offsets spread over each whole file (every entry's path, stamp, hash and results; every
        // record of the snapshot), a few bits each. Trial n runs in lane n % 2.
        let trials = 48
        var damages: [[(file: Int, offset: Int, bit: Int)]] = []
        for trial in 0..<trials {
            let files = originals[trial % lanes.count]
            let which = trial % files.count
            let size = files[which].data.count
            let base = size * trial / trials
            damages.append((0..<Int.random(in: 1...3, using: &generator)).map { _ in
                (which, min(size - 1, base + Int.random(in: 0..<max(1, size / trials), using: &generator)), Int.random(in: 0..<8, using: &generator))
            })
        }
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: lanes.count) { [originals, damages, expectations] lane in
            for trial in stride(from: lane, to: trials, by: lanes.count) {
                do {
                    for (file, data) in originals[lane] { try data.write(to: file) }
                    var damaged = originals[lane][damages[trial][0].file].data
                    for damage in damages[trial] { damaged[damage.offset] ^= UInt8(1 << damage.bit) }
                    try damaged.write(to: originals[lane][damages[trial][0].file].file)
                    let run = try runCatalint(["lint", "--format", "json", "."], in: lanes[lane])
                    if run.stdout != expectations[lane] { failures.withLock { $0.append("trial \(trial): the report changed with a damaged cache:\n\(run.stdout)") } }
                    if run.status != 1 { failures.withLock { $0.append("trial \(trial): exit status \(run.status): \(run.stderr)") } }
                } catch {
                    failures.withLock { $0.append("trial \(trial): \(error)") }
                }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        let directory = lanes[0], expected = expectations[0]
        let files = originals[0].map(\.file)
        let goods = originals[0].map(\.data)
        // What was damaged is made again: after one run, the next reads no file at all.
        for (file, good) in zip(files, goods) {
            var flipped = good
            flipped[good.count / 2] ^= 0x10
            try flipped.write(to: file)
        }
        XCTAssertEqual(try runCatalint(["lint", "--format", "json", "."], in: directory).stdout, expected)
        let verbose = try runCatalint(["lint", "-v", "--format", "json", "."], in: directory)
        XCTAssertEqual(verbose.stdout, expected)
        XCTAssertTrue(verbose.stderr.contains("cache: 8 of 8 files' results from the cache"), verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("nothing changed since the last run: no file read"), verbose.stderr)
    }

    func testACacheFolderThatIsALinkOrHoldsOneIsRefused() throws {
        let directory = try cachedProject()
        let expected = try runCatalint(["lint", "--no-cache", "--format", "json", "."], in: directory).stdout
        let elsewhere = try temporaryDirectory(self)
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent(".catalint_cache"), withDestinationURL: elsewhere)
        let run = try runCatalint(["lint", "--format", "json", "."], in: directory)
        XCTAssertEqual(run.stdout, expected)
        XCTAssertTrue(run.stderr.contains("warning: the cache folder ") && run.stderr.contains("is a symbolic link"), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [], "catalint wrote through the link")

        // A real folder holding a link: refused too, and the link's target is left alone.
        try FileManager.default.removeItem(at: directory.appendingPathComponent(".catalint_cache"))
        _ = try runCatalint(["lint", "--format", "json", "."], in: directory)
        let file = try cacheFile(directory)
        let target = elsewhere.appendingPathComponent("target.bin")
        try Data("not a cache".utf8).write(to: target)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
        let linked = try runCatalint(["lint", "--format", "json", "."], in: directory)
        XCTAssertEqual(linked.stdout, expected)
        XCTAssertTrue(linked.stderr.contains("the cache folder holds a symbolic link"), linked.stderr)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "not a cache")
    }

    func testACacheThatGitTracksIsNotRead() throws {
        let directory = try cachedProject()
        let expected = try runCatalint(["lint", "--no-cache", "--format", "json", "."], in: directory).stdout
        _ = try runCatalint(["lint", "--format", "json", "."], in: directory)
        // Committed with the repository (the cache's own .gitignore forced past).
        for arguments in [["init", "-q"], ["add", "-f", "."], ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", "x"]] {
            XCTAssertEqual(try git(arguments, in: directory), 0)
        }
        // Entries that say every file is clean, as a pull request could carry them.
        let file = try cacheFile(directory)
        let committed = try Data(contentsOf: file)
        let run = try runCatalint(["lint", "--format", "json", "."], in: directory)
        XCTAssertEqual(run.stdout, expected)
        XCTAssertTrue(run.stderr.contains("warning: git tracks ") && run.stderr.contains("in the cache folder"), run.stderr)
        XCTAssertEqual(try Data(contentsOf: file), committed, "a tracked cache was written")
    }

    private func git(_ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func testStandardInputNamedInAMissingFolderCreatesNoFolder() throws {
        let directory = try temporaryDirectory(self)
        XCTAssertEqual(try git(["init", "-q"], in: directory), 0)
        let run = try runCatalint(["lint", "--format", "xcode", "--stdin-filename", "Nope/Deeper/X.swift", "-"], in: directory,
                                  stdin: "let s = UIStepper()\n")
        XCTAssertEqual(findingLines(run.stdout), ["Nope/Deeper/X.swift:1:9 unavailable-control"], run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Nope").path), "a folder the user did not name was made")
        // The cache went to the project's root, the working tree.
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent(".catalint_cache").path))
    }

    // MARK: Messages and options

    func testAPlaceholderInAValueIsNeverFilledAgain() throws {
        // The file's own name looks like the message's other placeholder.
        let directory = try temporaryDirectory(self)
        try write("limits:\n  file_size: 10\n", to: directory.appendingPathComponent(".catalint.yml"))
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("{reason}.swift"))
        // Several runs: an order of filling that depends on hashing would come out right in some.
        for _ in 0..<8 {
            let run = try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: directory)
            XCTAssertTrue(run.stdout.contains("error: `{reason}.swift` was not linted: it has 20 bytes, past the limit of 10."), run.stdout)
        }
    }

    /// Every numeric option of `.catalint.yml`, set to 0: it applies, or it is refused with where it is.
    func testEveryNumericOptionSetToZeroAppliesOrIsRefusedWithItsPlace() throws {
        // The numeric options, as the configuration schema lists them: a new one fails this test
        // until it is added below.
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: packageRoot.appendingPathComponent("docs/config.schema.json")))
        var found: Set<String> = []
        func collect(_ node: Any, _ name: String) {
            if let object = node as? [String: Any] {
                if let type = object["type"] as? String, type == "number" || type == "integer" { found.insert(name) }
                if let types = object["type"] as? [String], types.contains("number") || types.contains("integer") { found.insert(name) }
                for (key, value) in object { collect(value, key == "properties" || key == "items" || key == "$defs" || key == "oneOf" || key == "anyOf" ? name : key) }
            } else if let array = node as? [Any] {
                for value in array { collect(value, name) }
            }
        }
        collect(schema, "")
        // Each refused one: the configuration that sets it to 0, and the line it is on.
        let refused: [String: (configuration: String, line: Int)] = [
            "file_size": ("idiom: mac\nlimits:\n  file_size: 0\n", 3),
            "nesting": ("idiom: mac\nlimits:\n  nesting: 0\n", 3),
            "operator_chain": ("idiom: mac\nlimits:\n  operator_chain: 0\n", 3),
            "seconds_per_file": ("idiom: mac\nlimits:\n  seconds_per_file: 0\n", 3),
            "swift_version": ("idiom: mac\nswift_version: 0\n", 2),
            "width": ("rules:\n  hard-coded-size:\n    dimensions:\n      - {width: 0, height: 500}\n", 4),
            "height": ("rules:\n  hard-coded-size:\n    dimensions:\n      - {width: 500, height: 0}\n", 4),
            "pixel_dimensions": ("rules:\n  hard-coded-size:\n    pixel_dimensions: [0]\n", 3),
        ]
        let applied = ["single_value_minimum", "minimum_size"]
        XCTAssertEqual(found, Set(refused.keys).union(applied), "a numeric option without a test of 0")

        for (name, (configuration, line)) in refused.sorted(by: { $0.key < $1.key }) {
            let directory = try temporaryDirectory(self)
            try write(configuration, to: directory.appendingPathComponent(".catalint.yml"))
            try write("let s = UIStepper()\n", to: directory.appendingPathComponent("A.swift"))
            let run = try runCatalint(["lint", "--no-cache", "."], in: directory)
            XCTAssertEqual(run.status, 2, "\(name): 0 was accepted")
            XCTAssertTrue(run.stderr.contains(".catalint.yml:\(line):") && run.stderr.contains("'\(name)'"), "\(name): \(run.stderr)")
        }
        // hard-coded-size: 320 (the width of the smallest iPhone) as a lone constant is below the
        // default minimum; with a minimum of 0, it is a screen's width.
        let sizes = try temporaryDirectory(self)
        try write("let c = view.widthAnchor.constraint(equalToConstant: 320)\n", to: sizes.appendingPathComponent("A.swift"))
        try write("idiom: mac\n", to: sizes.appendingPathComponent(".catalint.yml"))
        XCTAssertEqual(findingLines(try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: sizes).stdout), [])
        try write("idiom: mac\nrules:\n  hard-coded-size:\n    single_value_minimum: 0\n", to: sizes.appendingPathComponent(".catalint.yml"))
        XCTAssertEqual(findingLines(try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: sizes).stdout),
                       ["A.swift:1:54 hard-coded-size"])
        // fixed-font-size: a size of 1 holds a face whose size is set later, unless the minimum is 0.
        let fonts = try temporaryDirectory(self)
        try write("let f = UIFont(name: \"Avenir\", size: 1)\n", to: fonts.appendingPathComponent("A.swift"))
        try write("idiom: mac\nrules:\n  fixed-font-size: warning\n", to: fonts.appendingPathComponent(".catalint.yml"))
        XCTAssertEqual(findingLines(try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: fonts).stdout), [])
        try write("idiom: mac\nrules:\n  fixed-font-size:\n    severity: warning\n    minimum_size: 0\n", to: fonts.appendingPathComponent(".catalint.yml"))
        XCTAssertEqual(findingLines(try runCatalint(["lint", "--no-cache", "--format", "xcode", "."], in: fonts).stdout).count, 1)
        // Below 0: refused, with its place.
        try write("idiom: mac\nrules:\n  fixed-font-size:\n    minimum_size: -1\n", to: fonts.appendingPathComponent(".catalint.yml"))
        let negative = try runCatalint(["lint", "--no-cache", "."], in: fonts)
        XCTAssertEqual(negative.status, 2)
        XCTAssertTrue(negative.stderr.contains(".catalint.yml:4:") && negative.stderr.contains("0 or more"), negative.stderr)
    }
}
