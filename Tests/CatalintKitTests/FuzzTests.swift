import Foundation
import XCTest
@testable import CatalintKit

/// The seeded fuzz test: mutated Swift, interface YAML, storyboard XML and configuration YAML,
/// drawn the same way on every run, go through the real command with its limits, and every run
/// ends with an answer. `scripts/fuzz.sh` is the long-running version of this test.
final class FuzzTests: XCTestCase {
    private static let seeds: [String: [String]] = [
        "swift": [
            "import UIKit\nfinal class C: UIViewController {\n    override func viewDidLoad() {\n        let s = UIStepper()\n"
                + "        if traitCollection.userInterfaceIdiom == .mac { s.isHidden = true }\n        view.frame = CGRect(x: 0, y: 0, width: 834, height: 1194)\n"
                + "        let b = UIButton()\n        b.setTitle(\"x\", for: .selected)\n    }\n}\n",
            "#if targetEnvironment(macCatalyst)\nlet p = UIPageControl()\n#else\nlet q = \"\\(a) \\(\"b\")\"\n#endif\n// catalint:disable-next-line unavailable-control\nlet r = UIRefreshControl()\n",
        ],
        "interface": [
            "interface: Detail\nviews:\n  - class: UIView\n    id: root\n    frame: {x: 0, y: 0, width: 834, height: 1194}\n    subviews:\n"
                + "      - class: UIStepper\n        id: servings\n      - class: UIButton\n        id: b\n        image: {normal: star, selected: star.fill}\n",
        ],
        "storyboard": [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">\n"
                + "<scenes><scene sceneID=\"a\"><objects><viewController id=\"b\"><view key=\"view\" id=\"c\"><subviews>\n"
                + "<stepper id=\"d\"/>\n<button id=\"e\"><state key=\"selected\" title=\"t\"/></button>\n</subviews></view></viewController></objects></scene></scenes>\n</document>\n",
        ],
        "config": [
            "idiom: mac\nexcluded:\n  - Pods\n  - \"**/Generated/**\"\nlimits:\n  seconds_per_file: 5\n  nesting: 500\nrules:\n  hard-coded-size:\n    severity: warning\n",
        ],
    ]

    /// Pieces that found or could find defects: deep and unclosed nesting, directives, quotes,
    /// YAML anchors and aliases, XML entities, odd bytes and line breaks, huge numbers.
    private static let pieces: [String: [String]] = [
        "swift": ["[", "(", "{", "\"\\(", "#if swift(>=99)\n", "#endif\n", "\"\"\"", "#\"", "/*", "UIStepper()", "1e999", "\u{2028}=", "x.y"],
        "interface": ["&a ", "*a", "? *a\n: 1\n", "[", "{", "- ", "'", "\"", "99999999999999999999999", "!!binary ", "<<: *a\n"],
        "storyboard": ["<view>", "</view>", "&amp;", "&#0;", "&#x10FFFF;", "<![CDATA[", "<!--", "<!DOCTYPE a [<!ENTITY x \"y\">]>", "\"", "<"],
        "config": ["[", "{", "&a ", "*a", "excluded: [\"\"]\n", "limits:\n  file_size: 99999999999999999999TB\n", "idiom: ", "- ", "\t"],
    ]

    private func mutate(_ text: String, _ kind: String, steps: ClosedRange<Int>, using generator: inout SeededGenerator) -> Data {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: steps, using: &generator) {
            let at = Int.random(in: 0...bytes.count, using: &generator)
            switch Int.random(in: 0..<8, using: &generator) {
            case 0 where !bytes.isEmpty:
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            case 1:
                let piece = Self.pieces[kind]!.randomElement(using: &generator)!
                let count = [1, 3, 40, 2_000].randomElement(using: &generator)!
                bytes.insert(contentsOf: Array(String(repeating: piece, count: count).utf8), at: at)
            case 2:
                bytes.removeSubrange(at...)
            case 3:
                bytes.insert(contentsOf: [[0], [0xFF, 0xFE], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xEF, 0xBB, 0xBF]].randomElement(using: &generator)!, at: at)
            case 4:
                let breaks: [UInt8] = [[13], [13, 10]].randomElement(using: &generator)!
                bytes = bytes.flatMap { $0 == 10 ? breaks : [$0] }
            case 5 where kind == "interface" || kind == "config":
                // Anchors aliased twice a level, keys too: two to the power of the depth nodes.
                let depth = Int.random(in: 2...24, using: &generator)
                var bomb = "a0: &a0 [x, y]\n"
                for level in 1..<depth { bomb += "a\(level): &a\(level) [*a\(level - 1), *a\(level - 1)]\n" }
                bomb += "? *a\(depth - 1)\n: 1\n"
                bytes = Array(bomb.utf8) + bytes
            case 5 where kind == "storyboard":
                bytes.insert(contentsOf: Array("<!DOCTYPE document [<!ENTITY e \"&e;&e;\">]>&e;".utf8), at: at)
            case 6:
                let lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
                let line = lines.randomElement(using: &generator) ?? []
                bytes.insert(contentsOf: Array(repeating: Array(line) + [10], count: 200).joined(), at: at)
            default:
                let end = min(bytes.count, at + Int.random(in: 1...40, using: &generator))
                bytes.removeSubrange(at..<end)
            }
        }
        return Data(bytes)
    }

    private func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// The JSON report's file count, or nil when standard output is not a report.
    private func reportedFiles(_ stdout: String) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any],
              object["diagnostics"] is [Any], let summary = object["summary"] as? [String: Any] else { return nil }
        return summary["files"] as? Int
    }

    func testMutatedSourcesInterfacesAndStoryboardsAllGetAnAnswer() throws {
        var generator = SeededGenerator(seed: 13)
        let directory = try temporaryDirectory(self)
        try write(Data("let s = UIStepper()\n".utf8), to: directory.appendingPathComponent("Good.swift"))
        try write(Data("limits:\n  seconds_per_file: 5\n".utf8), to: directory.appendingPathComponent(".catalint.yml"))
        let extensions = ["swift": "swift", "interface": "interface.yml", "storyboard": "storyboard"]
        var count = 1
        for kind in extensions.keys.sorted() {
            for number in 0..<12 {
                let seed = Self.seeds[kind]!.randomElement(using: &generator)!
                try write(mutate(seed, kind, steps: 1...3, using: &generator), to: directory.appendingPathComponent("Fuzz\(number).\(extensions[kind]!)"))
                count += 1
            }
        }
        let run = try runBounded(["lint", "--no-cache", "--format", "json", "-j", "2", "."], in: directory, timeout: 240)
        XCTAssertFalse(run.timedOut, "the run did not end")
        XCTAssertFalse(run.signaled, "ended by signal \(run.status): \(run.stderr)")
        XCTAssertTrue([0, 1].contains(run.status), "exit \(run.status): \(run.stderr)")
        XCTAssertEqual(reportedFiles(run.stdout), count, "every file gets an answer in the report: \(run.stdout.prefix(2_000))")
        XCTAssertTrue(run.stdout.contains("\"path\": \"Good.swift\""), "the good file's finding is reported")
    }

    func testMutatedConfigurationsAreReadOrRefusedWithALine() throws {
        var generator = SeededGenerator(seed: 13)
        let directory = try temporaryDirectory(self)
        try write(Data("let s = UIStepper()\n".utf8), to: directory.appendingPathComponent("Good.swift"))
        var read = 0, refused = 0
        for _ in 0..<16 {
            try write(mutate(Self.seeds["config"]![0], "config", steps: 1...1, using: &generator), to: directory.appendingPathComponent(".catalint.yml"))
            let run = try runBounded(["lint", "--no-cache", "--format", "json", "."], in: directory, timeout: 120)
            XCTAssertFalse(run.timedOut, "the run did not end")
            XCTAssertFalse(run.signaled, "ended by signal \(run.status): \(run.stderr)")
            if run.status == 2 {
                XCTAssertTrue(run.stderr.contains(".catalint.yml:"), "a refused configuration is named with its line: \(run.stderr)")
                refused += 1
            } else {
                read += 1
                XCTAssertTrue([0, 1].contains(run.status), "exit \(run.status): \(run.stderr)")
                XCTAssertNotNil(reportedFiles(run.stdout), "no report: \(run.stdout.prefix(2_000))")
            }
        }
        // The draw covers both ways a configuration goes.
        XCTAssertGreaterThan(read, 0)
        XCTAssertGreaterThan(refused, 0)
    }

    /// The cache reader, on a real cache file mutated the same ways (bits flipped, pieces cut and
    /// repeated, odd bytes): a lookup finds either nothing or exactly what was stored, never a
    /// changed result, and never crashes.
    func testMutatedCachesGiveNothingOrWhatWasStored() throws {
        var generator = SeededGenerator(seed: 19)
        let directory = try temporaryDirectory(self)
        let sources = Self.seeds["swift"]! + ["import UIKit\nfunc f() {\n    if isPad { return }\n    let s = UIStepper()\n}\n"]
        var stored: [String: [UInt8]] = [:]
        let cache = ResultCache(directory: directory.path, key: 7)
        for (number, source) in sources.enumerated() {
            let path = directory.appendingPathComponent("File\(number).swift").path
            let output = FileJob.run(SourceInput(path: path, kind: .swift, contents: .success(source)), vocabulary: .standard)
            cache.store(output, path: path, contentHash: UInt64(number), stamp: ResultCache.Stamp(size: number, modified: 1))
            stored[path] = BinaryCoder.encode(output, canonical: true)
        }
        cache.save()
        let file = URL(fileURLWithPath: cache.file)
        let good = try Data(contentsOf: file)
        var found = 0
        for trial in 0..<300 {
            var bytes = Array(good)
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &generator)))
                case 2: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 12)], at: at)
                default: bytes.insert(contentsOf: [0xFF, 0x80, 0x00], at: at)
                }
                if bytes.isEmpty { bytes = [0] }
            }
            try Data(bytes).write(to: file)
            let read = ResultCache(directory: directory.path, key: 7)
            for (number, path) in stored.keys.sorted().enumerated() {
                guard let output = read.output(for: path, contentHash: UInt64(number), stamp: nil)
                        ?? read.output(for: path, stamp: ResultCache.Stamp(size: number, modified: 1)) else { continue }
                XCTAssertEqual(BinaryCoder.encode(output, canonical: true), stored[path], "trial \(trial): \(path) came back changed")
                found += 1
            }
        }
        // Most damage leaves most entries whole: the test also sees entries that are read.
        XCTAssertGreaterThan(found, 0)
    }

    // Findings of scripts/fuzz.py, each reduced to its smallest form.

    /// A processing instruction with no data (`<?m?>`, found as `<?xm?>` in a mutated storyboard)
    /// made Foundation's XMLParser on Linux read through a null pointer: the process died with
    /// SIGSEGV and no file of the run was reported. Now the file is linted, at the right columns.
    func testAProcessingInstructionWithoutDataDoesNotTakeTheRunDown() throws {
        let directory = try temporaryDirectory(self)
        try write(Data("let s = UIStepper()\n".utf8), to: directory.appendingPathComponent("Good.swift"))
        let storyboard = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?m?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">"
            + "<?x?><stepper id=\"d\"/></document>\n"
        try write(Data(storyboard.utf8), to: directory.appendingPathComponent("Main.storyboard"))
        try write(Data("<?xml?><a/>".utf8), to: directory.appendingPathComponent("Bare.xib"))
        let run = try runBounded(["lint", "--no-cache", "--format", "xcode", "."], in: directory, timeout: 60)
        XCTAssertFalse(run.signaled, "ended by signal \(run.status): \(run.stderr)")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(findingLines(run.stdout), ["Good.swift:1:9 unavailable-control", "Main.storyboard:2:82 unavailable-control"], run.stdout)
    }
}
