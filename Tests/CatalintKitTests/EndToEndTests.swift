import Foundation
import XCTest
@testable import CatalintKit

/// Runs the built `catalint` binary on files in temporary folders and checks its output and exit status.
final class EndToEndTests: XCTestCase {
    typealias Run = CommandRun

    static var binary: URL { catalintBinary }

    func run(_ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:]) throws -> Run {
        try runCatalint(arguments, in: directory, environment: environment)
    }

    func testTheBinaryIsBuilt() {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.binary.path), "no catalint at \(Self.binary.path)")
    }

    // MARK: The sample app

    func testSampleAppFindingsMatchExpected() throws {
        let expected = try String(contentsOf: packageRoot.appendingPathComponent("samples/Recipes/EXPECTED.txt"), encoding: .utf8)
        let result = try run(["lint", "--format", "xcode", "samples/Recipes"])
        XCTAssertEqual(result.stdout, expected)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "")
        let ruleIDs = Set(expected.split(separator: "\n").compactMap { $0.split(separator: "[").last?.dropLast() }.map(String.init))
        XCTAssertEqual(ruleIDs, Set(RuleCatalog.all.filter { $0.category != .meta && !$0.optIn }.map(\.id)),
                       "the sample must hit every rule that reports by default")
    }

    func testEveryFormatIsByteForByteTheSameWhateverTheThreadCountRunAfterRun() throws {
        // The sample app, plus files whose messages carry suggestions (picked from sorted candidates).
        let directory = try temporaryDirectory(self)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("samples/Recipes"), to: directory.appendingPathComponent("Recipes"))
        for number in 0..<20 {
            try write("let s\(number) = UIStepper() // catalint:disable:this unavailable-contrl, hard-coded-sise\n",
                      to: directory.appendingPathComponent("Recipes/Sources/Typo\(number).swift"))
        }
        try write("interface: X\nviews:\n  - class: UIButton\n    image: {normal: a, hilighted: b, selectd: c}\n",
                  to: directory.appendingPathComponent("Recipes/Interfaces/Typo.interface.yml"))
        // Each run writes every format at once (`--report FORMAT=PATH`); the text report goes to
        // standard output as well.
        var outputs: [ReportFormat: [String]] = [:]
        var texts: [String] = []
        for (number, jobs) in ["1", "8", "1", "3"].enumerated() {
            let folder = directory.appendingPathComponent("reports-\(number)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let reports = ReportFormat.allCases.flatMap { ["--report", "\($0.rawValue)=\(folder.appendingPathComponent($0.rawValue).path)"] }
            let result = try run(["lint", "--no-cache", "--format", "text", "--jobs", jobs] + reports + ["Recipes"], in: directory)
            XCTAssertEqual(result.status, 1, result.stderr)
            texts.append(result.stdout)
            for format in ReportFormat.allCases {
                outputs[format, default: []].append(try String(contentsOf: folder.appendingPathComponent(format.rawValue), encoding: .utf8))
            }
        }
        XCTAssertEqual(Set(texts).count, 1, "the text report on standard output differs between runs")
        for format in ReportFormat.allCases {
            let written = outputs[format] ?? []
            XCTAssertEqual(written.count, 4, format.rawValue)
            XCTAssertEqual(Set(written).count, 1, "\(format.rawValue) differs between runs")
            XCTAssertFalse(written.first?.isEmpty ?? true, format.rawValue)
        }
        // A report written to a file is the one standard output gets.
        for format in [ReportFormat.sarif, .junit] {
            XCTAssertEqual(try run(["lint", "--no-cache", "--format", format.rawValue, "Recipes"], in: directory).stdout, outputs[format]?.first,
                           format.rawValue)
        }
    }

    // MARK: First run

    func testAMistypedSubcommandGetsASuggestion() throws {
        let directory = try temporaryDirectory(self)
        let mistyped = try run(["lnit"], in: directory)
        XCTAssertEqual(mistyped.status, 2)
        XCTAssertTrue(mistyped.stderr.contains("unknown command 'lnit'. Did you mean `init`?"), mistyped.stderr)
        XCTAssertEqual(try run(["rulse"], in: directory).stderr.contains("Did you mean `rules`?"), true)
        // Every command is suggested by the name it is run by.
        for (typed, command) in [("lnt", "lint"), ("servr", "server"), ("shema", "schema")] {
            let run = try run([typed], in: directory)
            XCTAssertTrue(run.stderr.contains("unknown command '\(typed)'. Did you mean `\(command)`?"), run.stderr)
        }
        // A real path of that name is linted, not taken for a command.
        try write("let label = UILabel()\n", to: directory.appendingPathComponent("lnit/A.swift"))
        let path = try run(["lnit"], in: directory)
        XCTAssertEqual(path.status, 0, path.stderr)
        XCTAssertTrue(path.stdout.contains("1 file checked"), path.stdout)
    }

    func testARunThatChecksNoFileSaysSo() throws {
        let directory = try temporaryDirectory(self)
        try write("notes\n", to: directory.appendingPathComponent("Docs/README.md"))
        let named = try run(["lint", "Docs"], in: directory)
        XCTAssertEqual(named.status, 2)
        XCTAssertTrue(named.stderr.contains("no file to lint under Docs"), named.stderr)
        let current = try run(["lint"], in: directory)
        XCTAssertEqual(current.status, 0)
        XCTAssertTrue(current.stderr.contains("warning: no file was linted"), current.stderr)
        try write("excluded: [\"Sources/**\"]\n", to: directory.appendingPathComponent(".catalint.yml"))
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("Sources/A.swift"))
        let excluded = try run(["lint", "Sources"], in: directory)
        XCTAssertEqual(excluded.status, 2, excluded.stdout)
    }

    func testVerboseSaysWhatItDecidedBeforeItFails() throws {
        let directory = try temporaryDirectory(self)
        try write("idiom: pad\n", to: directory.appendingPathComponent(".catalint.yml"))
        let result = try run(["lint", "--verbose", "Missing"], in: directory)
        XCTAssertEqual(result.status, 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("catalint: configuration: ") == true, result.stderr)
        XCTAssertTrue(lines.contains("catalint: idiom: pad (the configuration's idiom)"), result.stderr)
        XCTAssertEqual(lines.last, "error: Missing: no such file or directory")
    }

    func testSelectAppliesToTheToolsOwnRules() throws {
        let directory = try temporaryDirectory(self)
        try write("let s = UIStepper()\nfunc f( {\n", to: directory.appendingPathComponent("A.swift"))
        let selected = try run(["lint", "--format", "xcode", "--select", "unavailable-control", "."], in: directory)
        XCTAssertEqual(selected.stdout.split(separator: "\n").count, 1, selected.stdout)
        XCTAssertTrue(selected.stdout.contains("[unavailable-control]"))
        let ignored = try run(["lint", "--format", "xcode", "--ignore", "invalid-swift", "."], in: directory)
        XCTAssertFalse(ignored.stdout.contains("invalid-swift"), ignored.stdout)
    }

    func testColumnsInEachUnit() throws {
        let directory = try temporaryDirectory(self)
        // `é` is one character and two UTF-8 bytes; the family emoji one character, 18 bytes, 8 UTF-16 units.
        try write("let café = \"👩‍👩‍👧\"; let s = UIStepper()\n", to: directory.appendingPathComponent("A.swift"))
        let xcode = try run(["lint", "--format", "xcode", "A.swift"], in: directory)
        XCTAssertTrue(xcode.stdout.hasPrefix("A.swift:1:43: error: "), xcode.stdout)
        let text = try run(["lint", "A.swift"], in: directory, environment: ["NO_COLOR": "1"])
        XCTAssertTrue(text.stdout.hasPrefix("A.swift:1:43: error[unavailable-control]"), text.stdout)
        // The caret stands under the character, whatever the bytes.
        XCTAssertTrue(text.stdout.contains("\n  |                         ^\n"), text.stdout)
        let json = try run(["lint", "--format", "json", "A.swift"], in: directory)
        XCTAssertTrue(json.stdout.contains("\"line\": 1, \"column\": 25, \"byte_column\": 43, \"utf16_column\": 32,"), json.stdout)
        let sarif = try run(["lint", "--format", "sarif", "A.swift"], in: directory)
        XCTAssertTrue(sarif.stdout.contains("\"startColumn\" : 32"), sarif.stdout)
        XCTAssertTrue(sarif.stdout.contains("\"columnKind\" : \"utf16CodeUnits\""), sarif.stdout)
    }

    func testEveryKindOfLineBreakCounts() throws {
        let directory = try temporaryDirectory(self)
        try write("let a = 1\rlet s = UIStepper()\r\nlet b = 2\rlet p = UIPageControl()\n", to: directory.appendingPathComponent("A.swift"))
        let result = try run(["lint", "--format", "xcode", "A.swift"], in: directory)
        XCTAssertEqual(result.stdout.split(separator: "\n").map { $0.split(separator: ":").prefix(3).joined(separator: ":") },
                       ["A.swift:2:9", "A.swift:4:9"])
    }

    // MARK: Exit status

    func testExitStatuses() throws {
        let directory = try temporaryDirectory(self)
        try write("let label = UILabel()\n", to: directory.appendingPathComponent("Clean.swift"))
        try write("let v = UIView(frame: CGRect(x: 0, y: 0, width: 768, height: 1024))\n", to: directory.appendingPathComponent("Warn/Size.swift"))
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("Error/Stepper.swift"))

        XCTAssertEqual(try run(["lint", "Clean.swift"], in: directory).status, 0)
        XCTAssertEqual(try run(["lint", "Warn"], in: directory).status, 0, "warnings alone pass")
        XCTAssertEqual(try run(["lint", "--strict", "Warn"], in: directory).status, 1, "--strict fails on warnings")
        XCTAssertEqual(try run(["lint", "Error"], in: directory).status, 1)
        XCTAssertEqual(try run(["Error"], in: directory).status, 1, "lint is the default command")
        XCTAssertEqual(try run(["lint", "--idiom", "pad", "Error"], in: directory).status, 0, "notes do not fail")

        let missing = try run(["lint", "Nowhere"], in: directory)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("Nowhere: no such file or directory"), missing.stderr)
        XCTAssertEqual(try run(["lint", "--format", "html", "."], in: directory).status, 2)
        XCTAssertEqual(try run(["lint", "--idiom", "phone", "."], in: directory).status, 2)
        XCTAssertEqual(try run(["lint", "--frobnicate"], in: directory).status, 2)
        XCTAssertEqual(try run(["lint", "--jobs", "0", "."], in: directory).status, 2)
    }

    func testNoPathMeansTheCurrentFolder() throws {
        let directory = try temporaryDirectory(self)
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("App/Stepper.swift"))
        let result = try run(["lint", "--format", "xcode"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.hasPrefix("App/Stepper.swift:1:9: error: "), result.stdout)
    }

    // MARK: Formats

    func testTextFormat() throws {
        let directory = try temporaryDirectory(self)
        try write("import UIKit\n\tlet s = UIStepper()\n", to: directory.appendingPathComponent("A.swift"))
        try write("let v = CGSize(width: 390, height: 844)\n", to: directory.appendingPathComponent("B.swift"))
        try write("let fine = 1\n", to: directory.appendingPathComponent("C.swift"))
        let result = try run(["lint", "."], in: directory, environment: ["NO_COLOR": "1"])
        let lines = result.stdout.components(separatedBy: "\n")
        XCTAssertTrue(lines[0].hasPrefix("A.swift:2:10: error[unavailable-control] `UIStepper` does not exist in the Mac idiom"), lines[0])
        XCTAssertEqual(lines[1], "  |")
        XCTAssertEqual(lines[2], "2 | \tlet s = UIStepper()")
        XCTAssertEqual(lines[3], "  | \t        ^")
        XCTAssertTrue(lines[4].hasPrefix("  = help: Create it only where"), lines[4])
        XCTAssertTrue(result.stdout.contains("B.swift:1:9: warning[hard-coded-size]"))
        XCTAssertTrue(result.stdout.hasSuffix("1 error, 1 warning in 2 files (3 files checked)\n"), result.stdout)
        XCTAssertFalse(result.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")

        let clean = try run(["lint", "C.swift"], in: directory)
        XCTAssertEqual(clean.stdout, "All checks passed (1 file checked).\n")
    }

    /// Colour only on a terminal, and never with NO_COLOR: run under `script`, which gives the
    /// command a pseudo-terminal (util-linux's syntax; other systems skip).
    func testColourOnlyOnATerminalWithoutNoColor() throws {
        #if os(Linux)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { throw XCTSkip("no script(1)") }
        let directory = try temporaryDirectory(self)
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("A.swift"))
        func onTerminal(_ environment: String) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", "\(environment) '\(Self.binary.path)' lint --no-config A.swift", "/dev/null"]
            process.currentDirectoryURL = directory
            var env = ProcessInfo.processInfo.environment
            env.removeValue(forKey: "NO_COLOR")
            process.environment = env
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
        let coloured = try onTerminal("env")
        XCTAssertTrue(coloured.contains("\u{1B}[1;31merror[unavailable-control]"), coloured)
        let plain = try onTerminal("env NO_COLOR=1")
        XCTAssertTrue(plain.contains("error[unavailable-control]"), plain)
        XCTAssertFalse(plain.contains("\u{1B}["), plain)
        #else
        throw XCTSkip("uses util-linux script(1)")
        #endif
    }

    /// Under `--idiom pad` the rules about exceptions in the Mac idiom report notes; a rule about
    /// what breaks in the pad idiom too (a switch's title) keeps its severity and fails the run.
    func testThePadIdiomKeepsTheSeverityOfWhatBreaksThereToo() throws {
        let directory = try temporaryDirectory(self)
        try write("let s = UIStepper()\nlet t = UISwitch()\nt.title = \"On\"\n", to: directory.appendingPathComponent("A.swift"))
        let pad = try run(["lint", "--format", "xcode", "--idiom", "pad", "A.swift"], in: directory)
        let lines = pad.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, pad.stdout)
        XCTAssertTrue(lines[0].hasPrefix("A.swift:1:9: note: ") && lines[0].hasSuffix("[unavailable-control]"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("A.swift:3:3: error: ") && lines[1].hasSuffix("[switch-title]"), lines[1])
        XCTAssertEqual(pad.status, 1)
        XCTAssertTrue(try run(["rules", "switch-title"], in: directory).stdout.contains("Default severity: error\n"))
        XCTAssertTrue(try run(["rules", "unavailable-control"], in: directory).stdout.contains("(a note under --idiom pad)"))
    }

    /// An opt-in rule reports only when asked for: `--extend-select`, `--select`, or a level in
    /// `.catalint.yml`; `catalint rules` says it is off.
    func testOptInRulesReportOnlyWhenAskedFor() throws {
        let directory = try temporaryDirectory(self)
        try write("label.font = .systemFont(ofSize: 17)\nlet s = UIStepper()\n", to: directory.appendingPathComponent("A.swift"))
        func rules(_ arguments: [String]) throws -> [String] {
            try run(["lint", "--format", "xcode", "--no-cache"] + arguments + ["A.swift"], in: directory).stdout
                .split(separator: "\n").map { line in String(line.split(separator: ":")[3].trimmingCharacters(in: .whitespaces) + " " + line.split(separator: "[").last!.dropLast()) }
        }
        XCTAssertEqual(try rules([]), ["error unavailable-control"])
        XCTAssertEqual(try rules(["--extend-select", "fixed-font-size"]), ["warning fixed-font-size", "error unavailable-control"])
        XCTAssertEqual(try rules(["--select", "fixed-font-size"]), ["warning fixed-font-size"])
        try write("rules:\n  fixed-font-size: error\n", to: directory.appendingPathComponent(".catalint.yml"))
        XCTAssertEqual(try rules([]), ["error fixed-font-size", "error unavailable-control"])
        let unknown = try run(["lint", "--extend-select", "fixed-font-sizes", "A.swift"], in: directory)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown rule or group 'fixed-font-sizes' in --extend-select. Did you mean 'fixed-font-size'?"), unknown.stderr)
        let list = try run(["rules"], in: directory).stdout
        XCTAssertTrue(list.contains("\nfixed-font-size              off      "), list)
        XCTAssertTrue(try run(["rules", "fixed-font-size"], in: directory).stdout.contains("Default: off, an opt-in rule"))
    }

    func testXcodeFormat() throws {
        let directory = try temporaryDirectory(self)
        try write("let s = UIStepper()\nlet v = CGSize(width: 390, height: 844)\n", to: directory.appendingPathComponent("A.swift"))
        let result = try run(["lint", "--format", "xcode", "--idiom", "pad", "A.swift"], in: directory)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix("A.swift:1:9: note: `UIStepper` does not exist"), lines[0])
        XCTAssertTrue(lines[0].hasSuffix(" [unavailable-control]"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("A.swift:2:9: warning: "), lines[1])
        XCTAssertTrue(lines[1].hasSuffix(" [hard-coded-size]"), lines[1])
    }

    func testJSONFormat() throws {
        let directory = try temporaryDirectory(self)
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("Sub/A \"quoted\".swift"))
        try write("let fine = 1\n", to: directory.appendingPathComponent("B.swift"))
        let result = try run(["lint", "--format", "json", "Sub", "B.swift"], in: directory)
        XCTAssertEqual(result.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? String, CatalintVersion.current)
        let diagnostics = try XCTUnwrap(object["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics[0]["rule"] as? String, "unavailable-control")
        XCTAssertEqual(diagnostics[0]["severity"] as? String, "error")
        XCTAssertEqual(diagnostics[0]["path"] as? String, "Sub/A \"quoted\".swift")
        XCTAssertEqual(diagnostics[0]["line"] as? Int, 1)
        XCTAssertEqual(diagnostics[0]["column"] as? Int, 9)
        XCTAssertNotNil(diagnostics[0]["message"] as? String)
        XCTAssertNotNil(diagnostics[0]["help"] as? String)
        let summary = try XCTUnwrap(object["summary"] as? [String: Int])
        XCTAssertEqual(summary, ["files": 2, "errors": 1, "warnings": 0, "notes": 0])
        // The keys come in the documented order.
        let keys = ["\"rule\"", "\"severity\"", "\"path\"", "\"line\"", "\"column\"", "\"message\"", "\"help\""]
        let offsets = keys.map { result.stdout.range(of: $0)!.lowerBound }
        XCTAssertEqual(offsets, offsets.sorted())

        let empty = try run(["lint", "--format", "json", "B.swift"], in: directory)
        let emptyObject = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(empty.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((emptyObject["diagnostics"] as? [Any])?.count, 0)
    }

    // MARK: Bad input

    func testUnreadableAndInvalidFilesAreReportedAndTheRunGoesOn() throws {
        let directory = try temporaryDirectory(self)
        try Data([0x6C, 0x65, 0x74, 0x20, 0xFF, 0xFE, 0x0A]).write(to: directory.appendingPathComponent("Binary.swift"))
        try write("func broken( {\n", to: directory.appendingPathComponent("Broken.swift"))
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("Good.swift"))
        let result = try run(["lint", "--format", "xcode", "."], in: directory)
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, result.stdout)
        XCTAssertTrue(lines[0].hasPrefix("Binary.swift:1:1: error: Cannot lint `Binary.swift`: it is not valid UTF-8 text: byte 0xFF on line 1 is not UTF-8"), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("[unreadable-file]"))
        XCTAssertTrue(lines[1].hasPrefix("Broken.swift:1:"), lines[1])
        XCTAssertTrue(lines[1].hasSuffix("[invalid-swift]"))
        XCTAssertTrue(lines[2].hasPrefix("Good.swift:1:9: error: "), lines[2])
    }

    func testFolderWalkSkipsBuildAndDependencyFolders() throws {
        let directory = try temporaryDirectory(self)
        for folder in [".git", ".build", "DerivedData", "Pods", "Carthage", ".hidden", "Nested/.build"] {
            try write("let s = UIStepper()\n", to: directory.appendingPathComponent("\(folder)/Skipped.swift"))
        }
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("Nested/Deep/Kept.swift"))
        try write("UIStepper()\n", to: directory.appendingPathComponent("Nested/notes.txt"))
        let result = try run(["lint", "--format", "xcode", "."], in: directory)
        XCTAssertEqual(result.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != ":" })) }, ["Nested/Deep/Kept.swift"])
    }

    // MARK: Rules, help and version

    func testRulesCommand() throws {
        let list = try run(["rules"])
        XCTAssertEqual(list.status, 0)
        for rule in RuleCatalog.all {
            XCTAssertTrue(list.stdout.contains(rule.id), rule.id)
        }
        let explained = try run(["rules", "slider-custom-appearance"])
        XCTAssertEqual(explained.status, 0)
        for section in ["## What it does", "## Why it breaks in the Mac idiom", "## Example", "## Use instead", "## Reference",
                        "setThumbImage", "https://developer.apple.com/"] {
            XCTAssertTrue(explained.stdout.contains(section), section)
        }
        XCTAssertFalse(explained.stdout.contains("↓"))
        XCTAssertTrue(explained.stdout.contains("\nDocumentation: https://github.com/catalint/catalint/blob/main/docs/rules/slider-custom-appearance.md\n"),
                      explained.stdout)
        let unknown = try run(["rules", "unavailable-controls"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("Did you mean 'unavailable-control'?"), unknown.stderr)
    }

    /// `catalint rules --docs DIR` writes the pages of docs/rules/ (the binary's are the repository's),
    /// rewrites only what changed, removes the pages it wrote for rules that are gone and nothing else.
    func testRulesDocsWritesEveryRulePage() throws {
        let directory = try temporaryDirectory(self)
        let first = try run(["rules", "--docs", "pages"], in: directory)
        XCTAssertEqual(first.status, 0, first.stderr)
        let pages = directory.appendingPathComponent("pages")
        let repository = packageRoot.appendingPathComponent("docs/rules")
        let names = try FileManager.default.contentsOfDirectory(atPath: repository.path).sorted()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted(), names)
        for name in names {
            XCTAssertEqual(try Data(contentsOf: pages.appendingPathComponent(name)), try Data(contentsOf: repository.appendingPathComponent(name)), name)
        }
        XCTAssertTrue(first.stderr.hasSuffix("catalint: \(names.count) pages in pages: \(names.count) written, 0 already current\n"), first.stderr)

        // A page of a rule that is gone (it starts as the generated ones do), one edited, and a file of the user's.
        let marker = "<!-- Generated by `catalint rules --docs` from Rules/old-rule.yml: edit that file, then run it again. -->\n# old-rule\n"
        try write(marker, to: pages.appendingPathComponent("old-rule.md"))
        try write("edited\n", to: pages.appendingPathComponent("switch-title.md"))
        try write("# Notes\n", to: pages.appendingPathComponent("notes.md"))
        let second = try run(["rules", "--docs", "pages"], in: directory)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stderr, """
            catalint: wrote pages/switch-title.md
            catalint: removed pages/old-rule.md: no rule has that id any more
            catalint: \(names.count) pages in pages: 1 written, \(names.count - 1) already current, 1 removed

            """)
        XCTAssertEqual(try Data(contentsOf: pages.appendingPathComponent("switch-title.md")), try Data(contentsOf: repository.appendingPathComponent("switch-title.md")))
        XCTAssertEqual(try String(contentsOf: pages.appendingPathComponent("notes.md"), encoding: .utf8), "# Notes\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pages.appendingPathComponent("old-rule.md").path))

        // Usage errors: with an id or --markdown; a file in the way; a folder whose parent is missing.
        XCTAssertEqual(try run(["rules", "--docs", "pages", "switch-title"], in: directory).status, 2)
        XCTAssertEqual(try run(["rules", "--docs", "pages", "--markdown"], in: directory).status, 2)
        try write("x\n", to: directory.appendingPathComponent("file"))
        let onFile = try run(["rules", "--docs", "file"], in: directory)
        XCTAssertEqual(onFile.status, 2)
        XCTAssertTrue(onFile.stderr.contains("file is not a folder; nothing was written."), onFile.stderr)
        let orphan = try run(["rules", "--docs", "missing/pages"], in: directory)
        XCTAssertEqual(orphan.status, 2)
        XCTAssertTrue(orphan.stderr.contains("cannot make the folder missing/pages"), orphan.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("missing").path))
    }

    func testVersionAndHelp() throws {
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, CatalintVersion.current + "\n")
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("Examples:"))
        let lintHelp = try run(["lint", "--help"])
        XCTAssertEqual(lintHelp.status, 0)
        XCTAssertTrue(lintHelp.stdout.contains("--format"))
        XCTAssertTrue(lintHelp.stdout.contains("--idiom"))
    }
}
