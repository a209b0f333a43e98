import Foundation
import XCTest
@testable import CatalintKit

/// The options of `catalint lint` for adopting and daily use (docs/command-line.md), each run
/// through the built binary on files in a temporary folder.
final class CommandLineEndToEndTests: XCTestCase {
    func run(_ arguments: [String], in directory: URL) throws -> CommandRun {
        try runCatalint(["lint", "--no-cache"] + arguments, in: directory, environment: ["NO_COLOR": "1"])
    }

    private func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// `rule` of each line of an xcode report.
    private func rules(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { $0.split(separator: "[").last.map { String($0.dropLast()) } }
    }

    // MARK: --add-suppressions

    func testAddSuppressionsInEveryFormatLeavesACleanRunAndIsIdempotent() throws {
        let directory = try temporaryDirectory(self)
        // Swift with CRLF line breaks, a byte order mark, a tab-indented finding, two findings on one
        // line, and a comment that already covers the line for another rule.
        let swift = "\u{FEFF}import UIKit\r\nfunc make(_ volume: UISlider) {\r\n\tlet s = UIStepper(); let v = UIView(frame: CGRect(x: 0, y: 0, width: 834, height: 1194))\r\n"
            + "    // catalint:disable:next hard-coded-size - sized for iPad\r\n    volume.thumbTintColor = .red; let w = CGSize(width: 1024, height: 768)\r\n}\r\n"
        try write(swift, to: directory.appendingPathComponent("Sources/Make.swift"))
        try write("interface: Settings\nviews:\n  - class: UIStepper\n", to: directory.appendingPathComponent("Settings.interface.yml"))
        // A start tag over three lines, the finding on its second: the comment goes above the tag.
        let storyboard = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\" targetRuntime=\"iOS.CocoaTouch\">\n<objects>\n"
            + "    <stepper opaque=\"NO\"\n             id=\"s\"\n             contentMode=\"scaleToFill\"/>\n</objects>\n</document>\n"
        try write(storyboard, to: directory.appendingPathComponent("Main.storyboard"))
        // catalint's own finding (a syntax error) is left to fix.
        try write("func broken( {\n", to: directory.appendingPathComponent("Broken.swift"))

        let before = try run(["--format", "xcode", "."], in: directory)
        XCTAssertEqual(before.status, 1)
        XCTAssertEqual(rules(before.stdout).sorted(), ["hard-coded-size", "invalid-swift", "slider-custom-appearance", "unavailable-control",
                                                       "unavailable-control", "unavailable-control"].sorted(), before.stdout)

        let added = try run(["--format", "xcode", "--add-suppressions", "--reason", "iPad only for now", "."], in: directory)
        XCTAssertTrue(added.stderr.contains("catalint: added or extended 4 suppression comments in 3 files"), added.stderr)
        XCTAssertTrue(added.stderr.contains("1 finding was left as it was (1 of catalint's own rules"), added.stderr)
        XCTAssertEqual(rules(added.stdout), ["invalid-swift"], "what is left is reported")
        let made = try Data(contentsOf: directory.appendingPathComponent("Sources/Make.swift"))
        XCTAssertEqual(Array(made.prefix(3)), [0xEF, 0xBB, 0xBF], "the byte order mark is kept")
        XCTAssertEqual(String(decoding: made.dropFirst(3), as: UTF8.self),
                       "import UIKit\r\nfunc make(_ volume: UISlider) {\r\n\t// catalint:disable:next hard-coded-size, unavailable-control - iPad only for now\r\n"
                       + "\tlet s = UIStepper(); let v = UIView(frame: CGRect(x: 0, y: 0, width: 834, height: 1194))\r\n"
                       + "    // catalint:disable:next hard-coded-size, slider-custom-appearance - sized for iPad\r\n"
                       + "    volume.thumbTintColor = .red; let w = CGSize(width: 1024, height: 768)\r\n}\r\n")
        XCTAssertEqual(try read(directory.appendingPathComponent("Settings.interface.yml")),
                       "interface: Settings\nviews:\n  # catalint:disable:next unavailable-control - iPad only for now\n  - class: UIStepper\n")
        XCTAssertTrue(try read(directory.appendingPathComponent("Main.storyboard")).contains(
            "<objects>\n    <!-- catalint:disable:next unavailable-control - iPad only for now -->\n    <stepper opaque=\"NO\"\n"))

        // The next run is clean but for the syntax error, and no comment is unused.
        let next = try run(["--format", "xcode", "."], in: directory)
        XCTAssertEqual(rules(next.stdout), ["invalid-swift"], next.stdout)
        // Again: nothing to add, nothing changed.
        let snapshot = try ["Sources/Make.swift", "Settings.interface.yml", "Main.storyboard"].map { try Data(contentsOf: directory.appendingPathComponent($0)) }
        let again = try run(["--add-suppressions", "."], in: directory)
        XCTAssertTrue(again.stderr.contains("catalint: no suppression comment to add"), again.stderr)
        XCTAssertEqual(try ["Sources/Make.swift", "Settings.interface.yml", "Main.storyboard"].map { try Data(contentsOf: directory.appendingPathComponent($0)) }, snapshot)
    }

    func testAddSuppressionsWritesNothingWhereACommentWouldBeText() throws {
        // A finding on a line inside a multi-line string: a comment line there would be part of the
        // string. The writer reads its comments back, and leaves this one out.
        let text = "let selector = \"\"\"\n_setAllowsUnsupportedMacIdiomBehavior:\n\"\"\"\n"
        let diagnostic = Diagnostic(rule: "private-mac-idiom-api", severity: .warning,
                                    position: SourcePosition(path: "/p/A.swift", line: 2, column: 1), message: "m", help: "h")
        let outcome = SuppressionWriter.suppress([diagnostic], in: text, kind: .swift, path: "/p/A.swift", reason: nil)
        XCTAssertEqual(outcome.text, text)
        XCTAssertEqual(outcome.comments, 0)
        XCTAssertEqual(outcome.left, [diagnostic])
    }

    // MARK: Selecting rules

    func testSelectorsByCategoryPrefixAndAll() throws {
        let directory = try temporaryDirectory(self)
        try write("let s = UIStepper()\nlet v = CGSize(width: 1024, height: 768)\nlet f = UIFont.systemFont(ofSize: 13)\nfunc f( {\n",
                  to: directory.appendingPathComponent("A.swift"))
        func found(_ arguments: [String]) throws -> [String] {
            let result = try run(["--format", "xcode"] + arguments + ["A.swift"], in: directory)
            XCTAssertNotEqual(result.status, 2, result.stderr)
            return rules(result.stdout).sorted()
        }
        XCTAssertEqual(try found([]), ["hard-coded-size", "invalid-swift", "unavailable-control"])
        // A category picks its opt-in rules too, as Ruff's groups do; ALL picks everything.
        XCTAssertEqual(try found(["--select", "layout"]), ["fixed-font-size", "hard-coded-size"])
        XCTAssertEqual(try found(["--select", "ALL"]), ["fixed-font-size", "hard-coded-size", "invalid-swift", "unavailable-control"])
        XCTAssertEqual(try found(["--select", "crash,meta"]), ["invalid-swift", "unavailable-control"])
        XCTAssertEqual(try found(["--select", "unavailable-"]), ["unavailable-control"])
        XCTAssertEqual(try found(["--ignore", "meta", "--extend-select", "fixed-font-size"]), ["fixed-font-size", "hard-coded-size", "unavailable-control"])
        // The narrower selector wins, whichever option it is in.
        XCTAssertEqual(try found(["--select", "ALL", "--ignore", "layout", "--extend-select", "hard-coded-size"]),
                       ["hard-coded-size", "invalid-swift", "unavailable-control"])
        XCTAssertEqual(try found(["--ignore", "unavailable", "--select", "unavailable-control"]), ["unavailable-control"])

        // The configuration's selection, which --select replaces and --extend-select and --ignore extend.
        try write("select: [crash]\nignore: [unavailable-control]\n", to: directory.appendingPathComponent(".catalint.yml"))
        XCTAssertEqual(try found([]), [])
        XCTAssertEqual(try found(["--extend-select", "hard-coded-size"]), ["hard-coded-size"])
        XCTAssertEqual(try found(["--select", "meta"]), ["invalid-swift"])

        // Unknown names: an error with the closest name, on the command line and in the file.
        let typo = try run(["--select", "layuot", "A.swift"], in: directory)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("unknown rule or group 'layuot' in --select. Did you mean 'layout'?"), typo.stderr)
        try write("ignore:\n  - crsh\n", to: directory.appendingPathComponent(".catalint.yml"))
        let configured = try run(["A.swift"], in: directory)
        XCTAssertEqual(configured.status, 2)
        XCTAssertTrue(configured.stderr.contains(".catalint.yml:2:5: error: unknown rule or group 'crsh' in 'ignore'. Did you mean 'crash'?"), configured.stderr)

        // Preview mode: the flag and the key are read (no rule ships as a preview today); the
        // category shows in the rules' documentation.
        try write("preview: true\n", to: directory.appendingPathComponent(".catalint.yml"))
        XCTAssertEqual(try found(["--preview"]), ["hard-coded-size", "invalid-swift", "unavailable-control"])
        try write("preview: maybe\n", to: directory.appendingPathComponent(".catalint.yml"))
        XCTAssertTrue(try run(["A.swift"], in: directory).stderr.contains("'preview' must be true or false"))
        XCTAssertTrue(try runCatalint(["rules", "hard-coded-size"], in: directory).stdout.contains("\nCategory: layout\n"))
    }

    func testPreviewRulesReportOnlyInPreviewMode() throws {
        let yaml = try String(contentsOf: packageRoot.appendingPathComponent("Rules/hard-coded-size.yml"), encoding: .utf8)
        var preview = try RuleCatalog.parse(yaml.replacingOccurrences(of: "\ncategory: layout\n", with: "\ncategory: layout\npreview: true\n"),
                                            name: "hard-coded-size.yml")
        XCTAssertTrue(preview.preview)
        preview.id = "new-layout-rule"
        let rules = RuleCatalog.all + [preview]
        let layer = RuleSelection.Layer(select: [try RuleSelector("layout", rules: rules)])
        XCTAssertNil(RuleSelection(rules: rules).decision(for: RuleCatalog.rule("hard-coded-size")!))
        XCTAssertEqual(RuleSelection(rules: rules).decision(for: preview), false)
        XCTAssertEqual(RuleSelection(layers: [layer], rules: rules).decision(for: preview), false)
        XCTAssertEqual(RuleSelection(layers: [layer], preview: true, rules: rules).decision(for: preview), true)
        let named = RuleSelection(layers: [RuleSelection.Layer(extendSelect: [try RuleSelector("new-layout-rule", rules: rules)])], rules: rules)
        XCTAssertEqual(named.decision(for: preview), false)
        XCTAssertEqual(named.notes, ["`new-layout-rule` is a preview rule: selecting it has no effect without --preview (or `preview: true`)"])
    }

    // MARK: Fixes

    func testDiffShowsWhatFixWritesAndShowFixesListsIt() throws {
        let directory = try temporaryDirectory(self)
        let text = "func style(_ volume: UISlider, _ play: UIButton) {\n    volume.thumbTintColor = .red\n    play.setTitle(\"Pause\", for: .selected)\n}\n"
        try write(text, to: directory.appendingPathComponent("A.swift"))
        try write("let label = UILabel()\n", to: directory.appendingPathComponent("Clean.swift"))
        let safe = try run(["--diff", "."], in: directory)
        XCTAssertEqual(safe.status, 0, "no safe fix: nothing to show")
        XCTAssertEqual(safe.stdout, "")
        let diff = try run(["--diff", "--unsafe-fixes", "."], in: directory)
        XCTAssertEqual(diff.status, 1)
        XCTAssertEqual(diff.stdout, """
            --- A.swift
            +++ A.swift
            @@ -1,4 +1,6 @@
             func style(_ volume: UISlider, _ play: UIButton) {
            +    volume.preferredBehavioralStyle = .pad
                 volume.thumbTintColor = .red
            +    play.preferredBehavioralStyle = .pad
                 play.setTitle("Pause", for: .selected)
             }

            """)
        XCTAssertTrue(diff.stderr.contains("catalint: --fix --unsafe-fixes would apply 2 fixes in 1 file"), diff.stderr)
        XCTAssertEqual(try read(directory.appendingPathComponent("A.swift")), text, "--diff writes nothing")
        // git applies the diff, and gives what --fix writes.
        let copy = try temporaryDirectory(self)
        try write(text, to: copy.appendingPathComponent("A.swift"))
        try write(diff.stdout, to: copy.appendingPathComponent("fixes.diff"))
        let apply = Process()
        apply.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        apply.arguments = ["git", "apply", "-p0", "fixes.diff"]
        apply.currentDirectoryURL = copy
        try apply.run()
        apply.waitUntilExit()
        XCTAssertEqual(apply.terminationStatus, 0)

        let fixed = try run(["--unsafe-fixes", "--show-fixes", "--format", "xcode", "."], in: directory)
        XCTAssertEqual(fixed.status, 0, fixed.stdout)
        XCTAssertTrue(fixed.stderr.contains("""
            Fixed 2 findings:
            - A.swift:
                1 × button-non-normal-state (Keep the iPad behavioral style: set `preferredBehavioralStyle = .pad` on the button first)
                1 × slider-custom-appearance (Keep the iPad behavioral style: set `preferredBehavioralStyle = .pad` on the slider first)

            """), fixed.stderr)
        XCTAssertEqual(try read(directory.appendingPathComponent("A.swift")), try read(copy.appendingPathComponent("A.swift")))
        let after = try run(["--diff", "--unsafe-fixes", "."], in: directory)
        XCTAssertEqual(after.status, 0)
        XCTAssertEqual(after.stdout, "")
    }

    // MARK: Output

    func testStatisticsReportsAndNoiseControl() throws {
        let directory = try temporaryDirectory(self)
        try write("let a = UIStepper()\nlet b = UIStepper()\nlet c = UIStepper()\nlet v = CGSize(width: 1024, height: 768)\n"
                  + "func f(_ s: UISlider) { s.thumbTintColor = .red }\n", to: directory.appendingPathComponent("A.swift"))
        // --statistics after the report, not in its place; on standard error beside JSON.
        let text = try run(["--statistics", "A.swift"], in: directory)
        XCTAssertTrue(text.stdout.contains("\n4 errors, 1 warning in 1 file (1 file checked)\n"), text.stdout)
        XCTAssertTrue(text.stdout.hasSuffix("""
            count  rule                      severity  fixable
                3  unavailable-control       error
                1  hard-coded-size           warning
                1  slider-custom-appearance  error     1 with --unsafe-fixes

            """), text.stdout)
        let json = try run(["--statistics", "--format", "json", "A.swift"], in: directory)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)))
        XCTAssertTrue(json.stderr.contains("    3  unavailable-control"), json.stderr)

        // Several reports from one run: SARIF and JSON to files, github annotations to standard output.
        let reports = try run(["--report", "sarif=catalint.sarif", "--report", "github", "--report", "json=catalint.json", "A.swift"], in: directory)
        XCTAssertEqual(reports.status, 1)
        XCTAssertEqual(reports.stdout.split(separator: "\n").filter { $0.hasPrefix("::error file=A.swift,line=") }.count, 4, reports.stdout)
        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("catalint.sarif"))) as? [String: Any]
        XCTAssertEqual(((sarif?["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.count, 5)
        XCTAssertTrue(try read(directory.appendingPathComponent("catalint.json")).contains("\"errors\": 4"))
        // With no report to standard output, it gets the --format one.
        let files = try run(["--format", "xcode", "--report", "markdown=summary.md", "A.swift"], in: directory)
        XCTAssertTrue(files.stdout.hasPrefix("A.swift:1:9: error: "), files.stdout)
        XCTAssertTrue(try read(directory.appendingPathComponent("summary.md")).contains("unavailable-control"))
        for (arguments, message) in [
            (["--report", "github", "--report", "xcode"], "Only one --report can go to standard output"),
            (["--report", "sarf=x.sarif"], "--report sarf=x.sarif: 'sarf' is not a format. Did you mean 'sarif'?"),
            (["--report", "json=same.json", "--output", "same.json"], "name the same file, same.json; nothing was written."),
            (["--report", "json=A.swift"], "--report A.swift: "),
        ] {
            let refused = try run(arguments + ["A.swift"], in: directory)
            XCTAssertEqual(refused.status, 2, "\(arguments)")
            XCTAssertTrue(refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }

        // --max-diagnostics lists the first N and says how many more; the summary and exit status count all.
        let limited = try run(["--max-diagnostics", "2", "A.swift"], in: directory)
        XCTAssertEqual(limited.status, 1)
        XCTAssertEqual(limited.stdout.components(separatedBy: "error[").count - 1 + limited.stdout.components(separatedBy: "warning[").count - 1, 2)
        XCTAssertTrue(limited.stdout.contains("3 more findings not shown (--max-diagnostics).\n4 errors, 1 warning in 1 file"), limited.stdout)
        let limitedXcode = try run(["--max-diagnostics", "1", "--format", "xcode", "A.swift"], in: directory)
        XCTAssertEqual(limitedXcode.stdout.split(separator: "\n").count, 1)
        XCTAssertTrue(limitedXcode.stderr.contains("catalint: 4 more findings not shown (--max-diagnostics 1)"), limitedXcode.stderr)
        // --quiet: the findings and nothing else.
        let quiet = try run(["--quiet", "A.swift"], in: directory)
        XCTAssertEqual(quiet.status, 1)
        XCTAssertTrue(quiet.stdout.hasPrefix("A.swift:1:9: error[unavailable-control]"), quiet.stdout)
        XCTAssertFalse(quiet.stdout.contains("4 errors") || quiet.stdout.contains("can be fixed"), quiet.stdout)
        let silent = try run(["--quiet", "--max-diagnostics", "0", "A.swift"], in: directory)
        XCTAssertEqual([silent.stdout, silent.stderr], ["", ""])
        XCTAssertEqual(silent.status, 1)
    }

    // MARK: Which files

    func testSinceAndStagedLintThoseFilesWithTheWholeProjectsIndex() throws {
        let directory = try temporaryDirectory(self)
        func git(_ arguments: String...) throws { try runGit(arguments, in: directory) }
        try git("init", "-q", "-b", "main")
        // Declared in a file no run below lints: the index still knows it.
        try write("class PullToRefresh: UIRefreshControl {}\nlet old = UIStepper()\n", to: directory.appendingPathComponent("Base.swift"))
        try git("add", ".")
        try git("commit", "-q", "-m", "base")
        try git("checkout", "-q", "-b", "feature")
        try write("let control = PullToRefresh()\n", to: directory.appendingPathComponent("Committed.swift"))
        try git("add", ".")
        try git("commit", "-q", "-m", "feature")
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("Untracked.swift"))

        let since = try run(["--format", "xcode", "--since", "main"], in: directory)
        XCTAssertEqual(since.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }, ["Committed.swift", "Untracked.swift"], since.stdout)
        XCTAssertTrue(since.stdout.contains("`PullToRefresh`, a subclass of `UIRefreshControl`"), since.stdout)
        let nothing = try run(["--since", "HEAD", "Base.swift"], in: directory)
        XCTAssertEqual(nothing.status, 0, "no changed file among the paths is no mistake: \(nothing.stderr)")
        XCTAssertTrue(nothing.stderr.contains("warning: no file was linted (no changed files)."), nothing.stderr)
        let unknown = try run(["--since", "no-such-branch"], in: directory)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("--since no-such-branch: git knows no commit, branch or tag of that name"), unknown.stderr)

        // --staged reads the index: a finding staged and then fixed in the work tree is still reported ...
        try write("let staged = UIStepper()\n", to: directory.appendingPathComponent("Staged.swift"))
        try git("add", "Staged.swift")
        try write("let staged = UILabel()\n", to: directory.appendingPathComponent("Staged.swift"))
        // ... and one only in the work tree is not.
        try write("let label = UILabel()\n", to: directory.appendingPathComponent("Committed.swift"))
        try git("add", "Committed.swift")
        try write("let control = UIStepper()\n", to: directory.appendingPathComponent("Committed.swift"))
        let staged = try run(["--format", "xcode", "--staged"], in: directory)
        XCTAssertEqual(staged.stdout, "Staged.swift:1:14: error: `UIStepper` does not exist in the Mac idiom: showing it throws an exception when the app runs with Optimize Interface for Mac. [unavailable-control]\n",
                       staged.stdout)
        let conflict = try run(["--staged", "--fix"], in: directory)
        XCTAssertEqual(conflict.status, 2)
        XCTAssertTrue(conflict.stderr.contains("--fix reads the files on disk, so it cannot be used with --staged."), conflict.stderr)
    }

    // MARK: Documentation

    /// Every option of `catalint lint --help` is described in docs/command-line.md, and the Emacs
    /// recipe of docs/editors.md is the one CI runs (scripts/emacs/check.el).
    func testTheDocsDescribeEveryOptionAndTheTestedRecipes() throws {
        let help = try runCatalint(["lint", "--help"], in: packageRoot).stdout
        let page = try read(packageRoot.appendingPathComponent("docs/command-line.md"))
        // An option's line starts with two spaces and its names; its help runs on below, further in.
        let options = Set(help.split(separator: "\n").flatMap { line -> [String] in
            guard line.hasPrefix("  -") else { return [] }
            let names = line.withoutIndentation.prefix { $0 != "<" }.components(separatedBy: "  ")[0]
            return names.split(whereSeparator: { $0 == "/" || $0 == "," || $0 == " " }).map(String.init).filter { $0.hasPrefix("--") }
        }).subtracting(["--help", "--version"])
        XCTAssertTrue(options.isSuperset(of: ["--add-suppressions", "--since", "--staged", "--report", "--statistics", "--diff", "--preview"]), "\(options)")
        for option in options.sorted() {
            XCTAssertTrue(page.contains("`\(option)"), "docs/command-line.md does not describe \(option)")
        }
        let editors = try read(packageRoot.appendingPathComponent("docs/editors.md"))
        let check = try read(packageRoot.appendingPathComponent("scripts/emacs/check.el"))
        let start = try XCTUnwrap(check.range(of: ";;; The recipe (docs/editors.md) starts here.\n"))
        let end = try XCTUnwrap(check.range(of: ";;; The recipe ends here."))
        for line in check[start.upperBound..<end.lowerBound].split(separator: "\n") {
            XCTAssertTrue(editors.contains(line), "docs/editors.md lacks the tested line: \(line)")
        }
    }
}

private extension Substring {
    /// Without its leading spaces.
    var withoutIndentation: Substring { drop { $0 == " " } }
}
