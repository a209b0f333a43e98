import Foundation
import XCTest
@testable import CatalintKit

/// The cache of each file's results: the same output with and without it, whatever the thread
/// count, and every way it can be wrong (corrupt, truncated, foreign, raced) ignored, never trusted.
final class CacheTests: XCTestCase {
    /// Without options for the rules the key stands for the built-in vocabulary by the executable;
    /// an option for a rule changes what lowering keeps, so it changes the key, and so does a
    /// different option.
    /// The hash that checks the cache and the snapshot, and keys files by their text: every bit
    /// flipped in the words or in the bytes after them changes it; the same bytes, however held,
    /// hash alike; a byte more or less changes it.
    func testTheStableHashSeesEveryFlippedBit() {
        func hash(_ bytes: [UInt8]) -> UInt64 {
            var hasher = StableHash()
            hasher.add(bytes)
            return hasher.value
        }
        let bytes = (0..<29).map { UInt8(($0 * 37 + 11) & 0xFF) }  // three words and five bytes
        let original = hash(bytes)
        var seen: Set<UInt64> = [original]
        for index in bytes.indices {
            for bit in 0..<8 {
                var flipped = bytes
                flipped[index] ^= 1 << bit
                XCTAssertTrue(seen.insert(hash(flipped)).inserted, "byte \(index), bit \(bit)")
            }
        }
        // The top bit of two words flipped: a multiplication alone would keep both differences in
        // the top bit, where they cancel.
        var twice = bytes
        twice[7] ^= 0x80
        twice[15] ^= 0x80
        XCTAssertNotEqual(hash(twice), original)
        XCTAssertNotEqual(hash(bytes + [0]), original)
        XCTAssertNotEqual(hash(Array(bytes.dropLast())), original)
        var slice = StableHash()
        slice.add(([9] + bytes)[1...])
        XCTAssertEqual(slice.value, original)
        XCTAssertEqual(ResultCache.hash("naïve text, of no whole number of words"), hash(Array("naïve text, of no whole number of words".utf8)))
        XCTAssertEqual(hash([]), StableHash().value)
    }

    /// What a run of the command line leaves for the process's end is held until the next run
    /// starts or keeps its own: never more than one run's values at a time.
    func testValuesKeptUntilExitAreOneRunsAtATime() {
        final class Value {}
        weak var first: Value?
        weak var second: Value?
        do {
            let one = Value()
            first = one
            KeptUntilExit.keep(one, [one])
        }
        XCTAssertNotNil(first, "kept")
        do {
            let two = Value()
            second = two
            KeptUntilExit.keep(two)
        }
        XCTAssertNil(first, "freed when the next run keeps its own")
        XCTAssertNotNil(second)
        KeptUntilExit.release()
        XCTAssertNil(second, "freed when a run starts")
    }

    /// git's answer that it tracks no file of the cache folder is kept beside the cache with the
    /// state of git's index, and trusted only while the index is that same file unchanged: files
    /// added to git since, or a memo that came from elsewhere, are refused as before.
    func testGitsAnswerIsKeptOnlyWhileItsIndexIsUnchanged() throws {
        let directory = try temporaryDirectory(self)
        guard Git.run(["init", "-q"], in: directory.path) != nil else { throw XCTSkip("git is not installed") }
        let cache = directory.appendingPathComponent(".catalint_cache")
        try write("results\n", to: cache.appendingPathComponent("results-1.bin"))
        try write("let a = 1\n", to: directory.appendingPathComponent("A.swift"))
        XCTAssertNotNil(Git.run(["add", "A.swift"], in: directory.path))
        let memo = cache.appendingPathComponent(CacheFolder.untrackedMemo)
        XCTAssertNil(CacheFolder.refusal(cache.path))
        let stamp = try XCTUnwrap(CacheFolder.indexStamp(of: cache.path, environment: [:]))
        XCTAssertTrue(stamp.contains("/.git/index "), stamp)
        XCTAssertEqual(try String(contentsOf: memo, encoding: .utf8), stamp)
        XCTAssertNil(CacheFolder.refusal(cache.path), "the memo is read again")
        // Tracked since: the index changed, so the memo no longer answers.
        XCTAssertNotNil(Git.run(["add", "-f", ".catalint_cache/results-1.bin"], in: directory.path))
        XCTAssertNotEqual(CacheFolder.indexStamp(of: cache.path, environment: [:]), stamp)
        XCTAssertTrue(CacheFolder.refusal(cache.path)?.contains("git tracks 1 file") == true)
        // A memo made to match the index the way it is now still stands only for that index.
        try write(try XCTUnwrap(CacheFolder.indexStamp(of: cache.path, environment: [:])), to: memo)
        XCTAssertNil(CacheFolder.refusal(cache.path), "a memo that matches is trusted (so it must never come from elsewhere)")
        XCTAssertNotNil(Git.run(["rm", "-q", "--cached", ".catalint_cache/results-1.bin"], in: directory.path))
        XCTAssertNotNil(Git.run(["add", "-f", ".catalint_cache/results-1.bin"], in: directory.path))
        XCTAssertTrue(CacheFolder.refusal(cache.path)?.contains("git tracks") == true)
        // With git pointed elsewhere by the environment, nothing is kept.
        for variable in CacheFolder.gitLocationVariables {
            XCTAssertNil(CacheFolder.indexStamp(of: cache.path, environment: [variable: "/elsewhere"]), variable)
        }
    }

    /// git is asked whether it tracks the cache's files only where it could: in a working tree, or
    /// when the environment points git at a repository.
    func testGitIsAskedAboutTheCacheOnlyWhereItCouldTrackIt() throws {
        let directory = try temporaryDirectory(self)
        let outside = directory.appendingPathComponent("Outside/.catalint_cache").path
        let inside = directory.appendingPathComponent("Repository/.catalint_cache").path
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: inside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory.appendingPathComponent("Repository/.git").path, withIntermediateDirectories: true)
        XCTAssertFalse(CacheFolder.mayBeTracked(outside, environment: [:]))
        XCTAssertTrue(CacheFolder.mayBeTracked(inside, environment: [:]))
        XCTAssertEqual(CacheFolder.gitLocationVariables.count, 4)
        for variable in CacheFolder.gitLocationVariables {
            XCTAssertTrue(CacheFolder.mayBeTracked(outside, environment: [variable: "/elsewhere"]), variable)
        }
    }

    func testTheCacheKeyFollowsTheRulesOptions() {
        func key(_ options: (any RuleKnowledge)?, level: RuleLevel? = nil) -> UInt64 {
            var lintOptions = LintOptions(idiom: .mac, jobs: 1)
            if options != nil || level != nil { lintOptions.configuration.rules["hard-coded-size"] = RuleSettings(level: level, options: options) }
            let linter = Linter(options: lintOptions)
            return linter.cacheKey(linter.vocabulary)
        }
        XCTAssertNotNil(ResultCache.executableIdentity)
        XCTAssertEqual(key(nil), key(nil))
        XCTAssertEqual(key(nil), key(nil, level: .warning), "a level alone changes no lowering")
        var wider = ScreenSizeKnowledge()
        wider.dimensions = [Dimension()]
        wider.screenWords = ["canvas"]
        var other = ScreenSizeKnowledge()
        other.screenWords = ["stage"]
        XCTAssertNotEqual(key(wider), key(nil))
        XCTAssertNotEqual(key(other), key(nil))
        XCTAssertNotEqual(key(wider), key(other))
        XCTAssertEqual(key(other), key(other))
    }

    /// A small project: an app with findings in every format, a subclass declared in another file.
    private func project() throws -> URL {
        let directory = try temporaryDirectory(self)
        try write("class PullToRefresh: UIRefreshControl {}\nextension UIDevice { static var isPad: Bool { current.userInterfaceIdiom == .pad } }\n",
                  to: directory.appendingPathComponent("Sources/Declarations.swift"))
        for number in 0..<12 {
            try write("""
                final class Screen\(number): UIViewController {
                    let refresh = PullToRefresh()
                    override func viewDidLoad() {
                        if UIDevice.isPad { stack.spacing = 20 } else { stack.spacing = 8 }
                        let b = UIButton(); b.setTitle("x", for: .selected)
                    }
                }
                """, to: directory.appendingPathComponent("Sources/Screen\(number).swift"))
        }
        try write("interface: Detail\nviews:\n  - class: UIStepper\n", to: directory.appendingPathComponent("Interfaces/Detail.interface.yml"))
        try write(".catalint.yml placeholder\n", to: directory.appendingPathComponent("notes.txt"))
        try write("idiom: mac\n", to: directory.appendingPathComponent(".catalint.yml"))
        return directory
    }

    private func lint(_ directory: URL, _ extra: [String] = []) throws -> CommandRun {
        let run = try runCatalint(["lint", "--format", "json"] + extra + ["."], in: directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        return run
    }

    private var cacheFolder: (URL) -> URL { { $0.appendingPathComponent(".catalint_cache") } }

    private func cacheFiles(_ directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: cacheFolder(directory), includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("results-") }
    }

    func testTheSameOutputWithAndWithoutTheCacheWhateverTheThreadCount() throws {
        let directory = try project()
        let uncached = try lint(directory, ["--no-cache"]).stdout
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheFolder(directory).path), "--no-cache wrote a cache")
        XCTAssertTrue(uncached.contains("\"rule\": \"idiom-layout-decision\""), uncached)
        let cold = try lint(directory, ["-j", "1"]).stdout
        XCTAssertEqual(try cacheFiles(directory).count, 1)
        let gitignore = try String(contentsOf: cacheFolder(directory).appendingPathComponent(".gitignore"), encoding: .utf8)
        XCTAssertTrue(gitignore.contains("\n*\n"), gitignore)
        let warm = try lint(directory, ["-j", "4"]).stdout
        let warmAgain = try lint(directory, ["-j", "2", "--verbose"])
        XCTAssertEqual(cold, uncached)
        XCTAssertEqual(warm, uncached)
        XCTAssertEqual(warmAgain.stdout, uncached)
        XCTAssertTrue(warmAgain.stderr.contains("cache: "), warmAgain.stderr)
    }

    /// A file named on the command line after a run over the folder: the rest of the project's
    /// index comes from what that run stored, though it named the files relative to the folder.
    func testAFileNamedAfterAFolderRunReusesTheFolderRunsResults() throws {
        let directory = try project()
        let folderRun = try lint(directory, ["--verbose"])
        XCTAssertTrue(folderRun.stderr.contains("cache: 0 of 14 files' results from the cache"), folderRun.stderr)
        try write("// changed\n", to: directory.appendingPathComponent("Sources/Other.swift"))
        let screen = directory.appendingPathComponent("Sources/Screen0.swift")
        try write(try String(contentsOf: screen, encoding: .utf8) + "// changed\n", to: screen)
        let fileRun = try runCatalint(["lint", "--verbose", "--format", "json", "Sources/Screen0.swift"], in: directory)
        XCTAssertEqual(fileRun.status, 1, fileRun.stderr)
        // Screen0 and the new Other.swift are read afresh; the other 12 Swift files come from the cache.
        XCTAssertTrue(fileRun.stderr.contains("cache: 12 of 14 files' results from the cache"), fileRun.stderr)
        XCTAssertTrue(fileRun.stdout.contains("\"path\": \"Sources/Screen0.swift\""), fileRun.stdout)
        // And the other way round, with an absolute path: the same findings, the path as given.
        let absolute = try runCatalint(["lint", "--verbose", "--format", "json", screen.path], in: directory)
        XCTAssertTrue(absolute.stderr.contains("cache: 14 of 14 files' results from the cache"), absolute.stderr)
        XCTAssertEqual(absolute.stdout.replacingOccurrences(of: screen.path, with: "Sources/Screen0.swift"), fileRun.stdout)
    }

    func testAChangedFileIsLintedAgainAndTheRestComesFromTheCache() throws {
        let directory = try project()
        _ = try lint(directory)
        // Declarations change: the subclass is no refresh control any more; every screen's finding goes.
        try write("class PullToRefresh: UIView {}\nextension UIDevice { static var isPad: Bool { current.userInterfaceIdiom == .pad } }\n",
                  to: directory.appendingPathComponent("Sources/Declarations.swift"))
        let after = try lint(directory).stdout
        XCTAssertFalse(after.contains("PullToRefresh"), after)
        XCTAssertEqual(after, try lint(directory, ["--no-cache"]).stdout)
        // The same content written again (a new modification time) comes from the cache by its hash.
        let text = try String(contentsOf: directory.appendingPathComponent("Sources/Screen3.swift"), encoding: .utf8)
        try write(text, to: directory.appendingPathComponent("Sources/Screen3.swift"))
        XCTAssertEqual(try lint(directory).stdout, after)
    }

    /// The projects' readings are kept in the cache: the next run takes them from there and reports
    /// the same; a project changed between runs is read again, and the report follows it.
    func testAProjectChangedBetweenRunsIsReadAgain() throws {
        let directory = try temporaryDirectory(self)
        try write("idiom: mac\n", to: directory.appendingPathComponent(".catalint.yml"))
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("Sources/App/Screen.swift"))
        let manifest = directory.appendingPathComponent("Package.swift")
        func declare(_ target: String, age: TimeInterval) throws {
            try write("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [\(target)])\n", to: manifest)
            // Older than two seconds, as a project file is when a run reads it: its reading is kept.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: manifest.path)
        }
        func run(_ extra: [String] = []) throws -> CommandRun {
            try runCatalint(["lint", "--format", "json", "--verbose"] + extra + ["."], in: directory)
        }
        try declare(".target(name: \"App\")", age: 3_600)
        let first = try run()
        XCTAssertEqual(first.status, 1, first.stderr)
        XCTAssertTrue(first.stderr.contains("cache: 0 project files taken from the cache, 1 read"), first.stderr)
        let second = try run()
        XCTAssertTrue(second.stderr.contains("cache: 1 project file taken from the cache, 0 read"), second.stderr)
        XCTAssertEqual(second.stdout, first.stdout)
        // The target leaves the file out now: read again, and nothing is reported.
        try declare(".target(name: \"App\", exclude: [\"Screen.swift\"])", age: 1_800)
        let third = try run()
        XCTAssertTrue(third.stderr.contains("cache: 0 project files taken from the cache, 1 read"), third.stderr)
        XCTAssertEqual(third.status, 0, third.stderr)
        XCTAssertEqual(third.stdout, try run(["--no-cache"]).stdout)
        XCTAssertNotEqual(third.stdout, first.stdout)
    }

    /// The rule catalogue is decoded from the rule files by the first run and kept in the cache; the
    /// next run takes it from there; a damaged one is decoded again and replaced. The report is the
    /// same every time.
    func testTheRuleCatalogueIsKeptInTheCacheAndADamagedOneIsReplaced() throws {
        let directory = try project()
        let expected = try lint(directory, ["--no-cache"]).stdout
        func catalogue(_ extra: [String] = []) throws -> String {
            let run = try lint(directory, ["--verbose"] + extra)
            XCTAssertEqual(run.stdout, expected)
            return run.stderr.split(separator: "\n").filter { $0.contains("rule catalogue") }.joined(separator: "\n")
        }
        XCTAssertEqual(try catalogue(), "catalint: cache: the rule catalogue decoded from the rule files")
        let entry = cacheFolder(directory).appendingPathComponent(RuleCatalogEntry.fileName)
        XCTAssertTrue(FileManager.default.fileExists(atPath: entry.path))
        XCTAssertEqual(try catalogue(), "catalint: cache: the rule catalogue taken from the cache")
        var bytes = try Data(contentsOf: entry)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: entry)
        XCTAssertEqual(try catalogue(), "catalint: cache: the rule catalogue decoded from the rule files")
        XCTAssertEqual(try catalogue(), "catalint: cache: the rule catalogue taken from the cache")
        XCTAssertEqual(try catalogue(["--no-cache"]), "")
        // Selectors by category and rules' settings, in the configuration and on the command line,
        // need the catalogue before the run starts: it comes from the cache all the same.
        try write("ignore: [layout]\nrules:\n  unavailable-control: warning\n", to: directory.appendingPathComponent(".catalint.yml"))
        let selected = ["lint", "--format", "json", "--extend-select", "crash", "--ignore", "meta", "."]
        let uncached = try runCatalint(selected + ["--no-cache"], in: directory)
        let cached = try runCatalint(selected + ["--verbose"], in: directory)
        XCTAssertEqual(cached.stdout, uncached.stdout)
        XCTAssertNotEqual(cached.stdout, expected)
        XCTAssertTrue(cached.stderr.contains("catalint: cache: the rule catalogue taken from the cache"), cached.stderr)
    }

    /// A rule catalogue in a cache folder that catalint refuses (git tracks its files, or it is a
    /// symbolic link) is never read: an entry that rewords every message changes the report only
    /// where the folder is trusted.
    func testARuleCatalogueInARefusedCacheFolderIsNeverRead() throws {
        let directory = try project()
        let expected = try lint(directory, ["--no-cache"]).stdout
        _ = try lint(directory)
        let folder = cacheFolder(directory)
        // This build's key, from the entry the run kept; the same rules, every message reworded.
        let entry = folder.appendingPathComponent(RuleCatalogEntry.fileName).path
        let key = try BinaryReader(try XCTUnwrap(CacheFolder.readChecked(entry, magic: RuleCatalogEntry.magic))).readUInt64()
        let forged = RuleCatalog.decodeEmbedded().map { rule -> RuleDefinition in
            var rule = rule
            rule.message = "FORGED " + rule.message
            return rule
        }
        func forge() throws {
            RuleCatalogEntry(directory: folder.path, key: key).store(forged)
            // Without the results kept, which hold the messages made before.
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("results-") || name.hasPrefix("snapshot-") {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
        // In a folder catalint trusts, the entry is what a run reads: the test can tell.
        try forge()
        XCTAssertTrue(try lint(directory).stdout.contains("FORGED "))
        // Committed with the repository: refused, and the rules are the binary's.
        try forge()
        try runGit(["init", "-q"], in: directory)
        try runGit(["add", "-f", "."], in: directory)
        try runGit(["commit", "-q", "-m", "x"], in: directory)
        let tracked = try lint(directory)
        XCTAssertEqual(tracked.stdout, expected)
        XCTAssertTrue(tracked.stderr.contains("warning: git tracks "), tracked.stderr)
        // A link to a folder that holds it: refused too.
        try FileManager.default.removeItem(at: directory.appendingPathComponent(".git"))
        let elsewhere = try temporaryDirectory(self).appendingPathComponent("cache")
        try FileManager.default.moveItem(at: folder, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: elsewhere)
        XCTAssertEqual(try lint(directory).stdout, expected)
    }

    func testCorruptTruncatedAndForeignCachesAreIgnoredAndReplaced() throws {
        let directory = try project()
        let expected = try lint(directory, ["--no-cache"]).stdout
        _ = try lint(directory)
        let file = try XCTUnwrap(try cacheFiles(directory).first)
        let good = try Data(contentsOf: file)
        var generator = SeededGenerator(seed: 11)
        let damaged: [(String, Data)] = [
            ("empty", Data()),
            ("truncated", good.prefix(good.count / 2)),
            ("header only", good.prefix(20)),
            ("random bytes", Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })),
            ("flipped bytes", Data(good.enumerated().map { $0.offset % 97 == 50 ? $0.element ^ 0x5A : $0.element })),
            ("another format", Data("{\"version\": 1}".utf8)),
        ]
        for (name, data) in damaged {
            try data.write(to: file)
            XCTAssertEqual(try lint(directory).stdout, expected, name)
            // Rewritten whole: the next run reads it.
            XCTAssertEqual(try lint(directory).stdout, expected, "\(name), after rewriting")
        }
        // A cache left by another build or other settings has another name and is not read.
        let foreign = cacheFolder(directory).appendingPathComponent("results-0.bin")
        try good.write(to: foreign)
        XCTAssertEqual(try lint(directory).stdout, expected)
    }

    func testConcurrentRunsNeverCorruptTheCache() throws {
        let directory = try project()
        let expected = try lint(directory, ["--no-cache"]).stdout
        for round in 0..<3 {
            // Touch every file so that every run writes the cache, then race four runs.
            for number in 0..<12 {
                let url = directory.appendingPathComponent("Sources/Screen\(number).swift")
                try write(try String(contentsOf: url, encoding: .utf8) + "// round \(round)\n", to: url)
            }
            let group = DispatchGroup()
            let outputs = Locked<[String]>([])
            for _ in 0..<4 {
                group.enter()
                DispatchQueue.global().async {
                    if let run = try? runCatalint(["lint", "--format", "json", "."], in: directory) { outputs.withLock { $0.append(run.stdout) } }
                    group.leave()
                }
            }
            group.wait()
            let fresh = try lint(directory, ["--no-cache"]).stdout
            let values = outputs.withLock { $0 }
            XCTAssertEqual(values.count, 4)
            for output in values { XCTAssertEqual(output, fresh) }
            XCTAssertEqual(try lint(directory).stdout, fresh)
            XCTAssertNotEqual(fresh, "")
        }
        XCTAssertTrue(expected.contains("Screen0.swift"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cacheFolder(directory).path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
    }

    func testCacheDirAndStandardInput() throws {
        let directory = try project()
        let elsewhere = try temporaryDirectory(self).appendingPathComponent("cache")
        _ = try lint(directory, ["--cache-dir", elsewhere.path])
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheFolder(directory).path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).filter { $0.hasPrefix("results-") }.count, 1)
        let text = try String(contentsOf: directory.appendingPathComponent("Sources/Screen1.swift"), encoding: .utf8)
        let viaStdin = try runCatalint(["lint", "--format", "xcode", "--stdin-filename", "Sources/Screen1.swift", "-"], in: directory, stdin: text)
        let named = try runCatalint(["lint", "--format", "xcode", "Sources/Screen1.swift"], in: directory)
        XCTAssertEqual(viaStdin.stdout, named.stdout)
        XCTAssertTrue(named.stdout.contains("Sources/Screen1.swift:2:19: error: `PullToRefresh`"), named.stdout)
        XCTAssertEqual(try runCatalint(["lint", "--no-cache", "--cache-dir", "x", "."], in: directory).status, 2)
    }

    func testEncodingRoundTripsEveryKindOfFact() throws {
        let source = """
            class Pad: UISlider { init() { super.init(frame: .zero); preferredBehavioralStyle = .pad } }
            var isPad: Bool { UIDevice.current.userInterfaceIdiom == .pad }
            final class Screen: UIViewController {
                @IBOutlet var save: UIButton!
                func f(cell: Cell) {
                    guard !isPad else { return }
                    if isPad { stack.axis = .horizontal } else { stack.axis = .vertical }
                    let s = UIStepper(); save.setTitle("x", for: [.selected, .highlighted]); cell.knob.setThumbImage(nil, for: .normal)
                    let v = CGRect(x: 0, y: 0, width: 834, height: 640); if UIScreen.main.bounds.height == 812 {}
                    switch traitCollection.userInterfaceIdiom { case .pad: grid.columns = 3; default: grid.columns = 1 }
                }
            }
            func share(_ url: URL) {
                let sheet = UIActivityViewController(activityItems: [url], applicationActivities: nil)
                present(sheet, animated: true)
                guard UIImagePickerController.isSourceTypeAvailable(.camera) else { return }
                picker.sourceType = .camera
                label.font = .systemFont(ofSize: 17)
                _ = NSSelectorFromString("_setAllowsUnsupportedMacIdiomBehavior:")
                list.refreshable { }
            }
            // catalint:disable:next hard-coded-size - a reason
            let w = CGSize(width: 768, height: 1024)
            """
        let output = FileJob.run(SourceInput(path: "A.swift", kind: .swift, contents: .success(source)), vocabulary: .standard)
        XCTAssertFalse(output.facts.decisions.isEmpty)
        XCTAssertFalse(output.facts.arguments.isEmpty)
        XCTAssertEqual(output.facts.references.count, 2)  // UIScreen.main.bounds, the selector string
        XCTAssertFalse(output.facts.fontSizes.isEmpty)
        XCTAssertFalse(output.facts.calls.isEmpty)
        XCTAssertTrue(output.facts.objects.contains { $0.settings.contains { $0.guardContext.checks == ["isSourceTypeAvailable"] } })
        XCTAssertFalse(output.index.helpers.isEmpty)
        XCTAssertFalse(output.suppressions.isEmpty)
        let bytes = BinaryCoder.encode(output)
        let decoded = try BinaryCoder.decode(FileOutput.self, from: bytes[...])
        XCTAssertEqual(decoded.facts, output.facts)
        XCTAssertEqual(decoded.excerpts, output.excerpts)
        XCTAssertEqual(decoded.index.helpers, output.index.helpers)
        XCTAssertEqual(decoded.suppressions.map(\.text), output.suppressions.map(\.text))
        // Every prefix of the bytes is refused, never misread or crashed on.
        XCTAssertEqual(BinaryCoder.encode(decoded, canonical: true), BinaryCoder.encode(output, canonical: true), "encoded again, the same bytes")
        for length in stride(from: 0, to: bytes.count, by: 7) {
            if let misread = try? BinaryCoder.decode(FileOutput.self, from: bytes.prefix(length)) {
                XCTFail("a prefix of \(length) bytes decoded as \(misread.path)")
            }
        }
    }

    /// The read log skips a name among the last four it recorded (a condition's helpers are read
    /// again at each place it is evaluated at); what it keeps must still be every name read, of
    /// every kind: `type("A")` and `helper("A")` are two names.
    func testTheReadLogKeepsEveryNameReadWhateverTheOrder() {
        var generator = SystemRandomNumberGenerator()
        let kinds: [(String) -> ReadLog.Name] = [ReadLog.Name.type, ReadLog.Name.helper, ReadLog.Name.global,
                                                 ReadLog.Name.function, ReadLog.Name.paper, ReadLog.Name.returns]
        for round in 0..<300 {
            let log = ReadLog()
            var expected: Set<ReadLog.Name> = []
            let alphabet = (0..<(1 + round % 9)).map { "N\($0)" }
            for _ in 0..<(round % 60) {
                let name = kinds[Int.random(in: 0..<kinds.count, using: &generator)](alphabet.randomElement(using: &generator)!)
                log.read(name)
                expected.insert(name)
            }
            XCTAssertEqual(log.names, expected, "round \(round)")
        }
    }
}
