import Foundation
import XCTest
@testable import CatalintKit

/// Every example in `Rules/` is a test: triggering examples fire exactly at their `↓` markers,
/// passing ones stay silent, and no example fires when wrapped in a comment or a string literal.
final class RuleExampleTests: XCTestCase {
    /// One input format's examples: the file name they are linted as, and how to hide code in a
    /// comment or a string of that format.
    private struct Format: Sendable {
        var name: String
        var path: String
        var triggering: @Sendable (RuleDefinition) -> [String]
        var passing: @Sendable (RuleDefinition) -> [String]
        var wrappings: @Sendable (String) -> [String]
        /// The tool rule that reports a file of this format as malformed.
        var malformedRule: String
    }

    private static let formats = [
        Format(name: "Swift", path: "Example.swift",
               triggering: { $0.examples?.triggering ?? [] }, passing: { $0.examples?.passing ?? [] },
               wrappings: { code in [
                   "/*\n\(code)\n*/\n",
                   code.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n"),
                   "let text = #\"\"\"\n\(code)\n\"\"\"#\n",
               ] },
               malformedRule: ToolRule.invalidSwift),
        Format(name: "interface", path: "Example.interface.yml",
               triggering: { $0.examples?.interfaceTriggering ?? [] }, passing: { $0.examples?.interfacePassing ?? [] },
               wrappings: { code in [
                   code.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 }.joined(separator: "\n"),
                   "interface: Wrapped\nviews:\n  - class: UILabel\n    text: |\n"
                       + code.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n"),
               ] },
               malformedRule: ToolRule.invalidInterface),
        Format(name: "Interface Builder", path: "Example.storyboard",
               triggering: { $0.examples?.interfaceBuilderTriggering ?? [] }, passing: { $0.examples?.interfaceBuilderPassing ?? [] },
               wrappings: { code in
                   let body = code.replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", with: "")
                   let document = { (inner: String) in
                       "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\" targetRuntime=\"iOS.CocoaTouch\">\n\(inner)\n</document>\n"
                   }
                   return [
                       document("<!--\n" + body.replacingOccurrences(of: "--", with: "- -") + "\n-->"),
                       document("<objects><label opaque=\"NO\" id=\"l\" text=\"" + xmlEscaped(body) + "\"/></objects>"),
                   ]
               },
               malformedRule: ToolRule.invalidInterface),
        Format(name: "Objective-C", path: "Example.m",
               triggering: { $0.examples?.objcTriggering ?? [] }, passing: { $0.examples?.objcPassing ?? [] },
               wrappings: { code in [
                   "/*\n\(code.replacingOccurrences(of: "*/", with: "* /"))\n*/\n",
                   code.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n"),
                   "#if 0\n\(code)\n#endif\n",
                   "static NSString *text = @\"" + code.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                       .replacingOccurrences(of: "\n", with: "\\n") + "\";\n",
               ] },
               malformedRule: ToolRule.unreadableFile),
    ]

    /// Every rule runs, opt-in rules too, so that the suppression rules see the rules their comments name.
    private func diagnostics(_ source: String, path: String, rule: String) -> [Diagnostic] {
        lintEach([(path: path, text: source)])[0]
    }

    /// Each source linted alone (its own run: examples must not see each other's declarations), the
    /// runs spread over every core; every rule runs, opt-in rules too. The files are named in an
    /// empty folder: a run looks for the headers of Objective-C files under the folder that holds
    /// them, and the folder the tests run in is the whole package.
    private func lintEach(_ sources: [(path: String, text: String)], idiom: Idiom = .mac) -> [[Diagnostic]] {
        var options = LintOptions(idiom: idiom, jobs: 1)
        options.extendedRules = Set(RuleCatalog.all.filter(\.optIn).map(\.id))
        let linter = Linter(options: options)
        guard let folder = try? temporaryDirectory(self).path else {
            XCTFail("no temporary folder")
            return sources.map { _ in [] }
        }
        return parallelMap(sources.map { Source(path: folder + "/" + $0.path, text: $0.text) }, jobs: ProcessInfo.processInfo.activeProcessorCount) { source in
            linter.lintSources([(path: source.path, text: source.text)]).diagnostics
        }
    }

    private struct Source: Sendable {
        var path: String
        var text: String
    }

    func testTriggeringExamplesFireExactlyAtTheirMarkers() {
        var checked: [String: Int] = [:]
        let cases = Self.formats.flatMap { format in
            RuleCatalog.all.flatMap { rule in format.triggering(rule).enumerated().map { (format: format, rule: rule, number: $0, annotated: $1) } }
        }
        let results = lintEach(cases.map { (path: $0.format.path, text: RuleExample($0.annotated).source) })
        for ((format, rule, number, annotated), all) in zip(cases, results) {
                    let label = "\(rule.id) \(format.name) triggering example \(number + 1)"
                    let example = RuleExample(annotated)
                    XCTAssertFalse(example.markers.isEmpty, "\(label) has no ↓ marker")
                    XCTAssertEqual(all.filter { $0.rule == format.malformedRule }.map(\.message), [], "\(label) is malformed")
                    let found = all.filter { $0.rule == rule.id }.map { "\($0.position.line):\($0.position.column)" }
                    let expected = example.markers.map { "\($0.line):\($0.column)" }
                    XCTAssertEqual(found, expected, "\(label):\n\(annotated)")
                    // Reporters show the line of every finding: its front end kept the excerpt.
                    for diagnostic in all where diagnostic.rule == rule.id {
                        XCTAssertNotNil(diagnostic.excerpt, "\(label): no source line for \(diagnostic.position)")
                    }
                    checked[format.name, default: 0] += 1
        }
        XCTAssertGreaterThan(checked["Swift"] ?? 0, 20)
        XCTAssertGreaterThan(checked["interface"] ?? 0, 4)
        XCTAssertGreaterThanOrEqual(checked["Interface Builder"] ?? 0, 4)
        XCTAssertGreaterThanOrEqual(checked["Objective-C"] ?? 0, 14)
    }

    /// Writes a project example's files (markers taken out) into a new folder, and lints the folder
    /// as the command line does: its projects say which files each target builds. Returns the
    /// markers (`path:line:column`, the path relative to the folder) and each diagnostic the same way.
    private func lintProject(_ files: [String: String], directives: (String, String) -> String? = { _, _ in nil })
        throws -> (markers: [String], diagnostics: [(place: String, diagnostic: Diagnostic)]) {
        let folder = try temporaryDirectory(self)
        var markers: [String] = []
        for (path, annotated) in files.sorted(by: { $0.key < $1.key }) {
            let example = RuleExample(annotated)
            markers += example.markers.map { "\(path):\($0.line):\($0.column)" }
            try write(directives(path, example.source) ?? example.source, to: folder.appendingPathComponent(path))
        }
        var options = LintOptions(idiom: .mac, jobs: 2)
        options.extendedRules = Set(RuleCatalog.all.filter(\.optIn).map(\.id))
        options.membership = BuildMembership()
        let result = try Linter(options: options).lint(.paths([folder.path]))
        let diagnostics = result.diagnostics.map { diagnostic -> (String, Diagnostic) in
            let relative = String(diagnostic.position.path.dropFirst(folder.path.count + 1))
            return ("\(relative):\(diagnostic.position.line):\(diagnostic.position.column)", diagnostic)
        }
        return (markers, diagnostics)
    }

    /// The rules about whole apps have their examples as small projects: triggering ones fire
    /// exactly at their markers (in whichever file), passing ones stay silent, and a file-wide
    /// disable comment in the file of a marker (a Swift or Objective-C file, an Info.plist) silences it.
    func testProjectExamples() throws {
        var checked = 0
        for rule in RuleCatalog.all {
            for (number, files) in (rule.examples?.projectTriggering ?? []).enumerated() {
                let label = "\(rule.id) project triggering example \(number + 1)"
                let (markers, diagnostics) = try lintProject(files)
                XCTAssertFalse(markers.isEmpty, "\(label) has no ↓ marker")
                XCTAssertEqual(diagnostics.filter { $0.diagnostic.rule == ToolRule.invalidInterface || $0.diagnostic.rule == ToolRule.invalidSwift }.map(\.place),
                               [], "\(label) is malformed")
                XCTAssertEqual(diagnostics.filter { $0.diagnostic.rule == rule.id }.map(\.place), markers.sorted(), label)
                for (place, diagnostic) in diagnostics where diagnostic.rule == rule.id {
                    XCTAssertNotNil(diagnostic.excerpt, "\(label): no source line for \(place)")
                }
                // A disable comment in each file a marker is in, where the format has comments.
                let silenced = try lintProject(files) { path, text in
                    guard files[path]?.contains(RuleExample.marker) == true else { return nil }
                    let comment = "catalint:disable \(rule.id) - accepted for this test"
                    if [".swift", ".m", ".mm", ".h"].contains(where: path.hasSuffix) { return "// \(comment)\n" + text }
                    guard path.hasSuffix(".plist") else { return nil }
                    let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                    return lines[0] + "\n<!-- \(comment) -->\n" + (lines.count > 1 ? lines[1] : "")
                }
                let commentable = markers.filter { [".swift:", ".plist:", ".m:", ".mm:", ".h:"].contains(where: $0.contains) }.count
                XCTAssertEqual(silenced.diagnostics.filter { $0.diagnostic.rule == rule.id }.count, markers.count - commentable, "\(label): not silenced")
                XCTAssertEqual(silenced.diagnostics.filter { $0.diagnostic.rule == ToolRule.unusedSuppression }.map(\.place), [], "\(label)")
                checked += 1
            }
            for (number, files) in (rule.examples?.projectPassing ?? []).enumerated() {
                let label = "\(rule.id) project passing example \(number + 1)"
                let (markers, diagnostics) = try lintProject(files)
                XCTAssertEqual(markers, [], "\(label) has a marker")
                XCTAssertEqual(diagnostics.filter { $0.diagnostic.rule == rule.id || RuleCatalog.rule($0.diagnostic.rule)?.category == .meta }.map { "\($0.place) \($0.diagnostic.rule)" },
                               [], label)
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 5)
    }

    /// Each fix example: the rule fires at its markers, and the code after every fix (unsafe ones
    /// too) is the example's output; without `--unsafe-fixes` an unsafe fix changes nothing.
    func testFixExamplesGiveTheirOutput() throws {
        var changed = 0
        for rule in RuleCatalog.all {
            guard let fix = rule.fix else { continue }
            XCTAssertFalse(fix.examples.isEmpty, "\(rule.id) has a fix with no examples")
            for (number, annotated) in fix.examples.enumerated() {
                let label = "\(rule.id) fix example \(number + 1)"
                let example = RuleExample(annotated.input)
                let found = lint([("Example.swift", example.source)]).filter { $0.rule == rule.id }
                XCTAssertEqual(found.map { "\($0.position.line):\($0.position.column)" }, example.markers.map { "\($0.line):\($0.column)" }, label)
                let linter = Linter(options: LintOptions(idiom: .mac, jobs: 1))
                let all = try Fixer.fixInMemory([(path: "Example.swift", text: example.source)], linter: linter, unsafe: true)
                XCTAssertEqual(all.texts["Example.swift"], annotated.output, label)
                if annotated.output != example.source {
                    changed += 1
                    XCTAssertEqual(all.diagnostics.filter { $0.rule == rule.id }, [], "\(label): the fixed code still has findings")
                }
                if fix.applicability == .unsafe {
                    let safeOnly = try Fixer.fixInMemory([(path: "Example.swift", text: example.source)], linter: linter, unsafe: false)
                    XCTAssertEqual(safeOnly.texts["Example.swift"], example.source, "\(label): an unsafe fix was applied without --unsafe-fixes")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(changed, 4)
    }

    func testPassingExamplesAreSilent() {
        let cases = Self.formats.flatMap { format in
            RuleCatalog.all.flatMap { rule in format.passing(rule).enumerated().map { (format: format, rule: rule, number: $0, code: $1) } }
        }
        XCTAssertGreaterThan(cases.count, 40)
        let results = lintEach(cases.map { (path: $0.format.path, text: $0.code) })
        for ((format, rule, number, code), all) in zip(cases, results) {
            let label = "\(rule.id) \(format.name) passing example \(number + 1)"
            XCTAssertFalse(code.contains(RuleExample.marker), "\(label) has a marker")
            XCTAssertEqual(all.filter { $0.rule == format.malformedRule }.map(\.message), [], "\(label) is malformed")
            let found = all.filter { $0.rule == rule.id }.map { "\($0.position) \($0.rule): \($0.message)" }
            XCTAssertEqual(found, [], "\(label):\n\(code)")
        }
    }

    func testADisableCommentSilencesEveryTriggeringExample() {
        var cases: [(rule: String, path: String, code: String)] = []
        for format in Self.formats {
            for rule in RuleCatalog.all where !SuppressionFilter.aboutSuppressions(rule.id) {
                for annotated in format.triggering(rule) {
                    let directive = "catalint:disable \(rule.id) - accepted for this test"
                    let source = RuleExample(annotated).source
                    let code: String
                    switch format.name {
                    case "Swift": code = "// \(directive)\n" + source
                    case "interface": code = "# \(directive)\n" + source
                    case "Objective-C": code = "// \(directive)\n" + source
                    default:
                        // After the XML declaration, which must come first.
                        let lines = source.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                        code = lines[0] + "\n<!-- \(directive) -->\n" + (lines.count > 1 ? lines[1] : "")
                    }
                    cases.append((rule.id, format.path, code))
                }
            }
        }
        XCTAssertGreaterThan(cases.count, 40)
        for ((rule, _, code), all) in zip(cases, lintEach(cases.map { (path: $0.path, text: $0.code) })) {
            let found = all.filter { $0.rule == rule || $0.rule == ToolRule.unusedSuppression }
            XCTAssertEqual(found.map { "\($0.position) \($0.rule)" }, [], "\(rule) was not silenced:\n\(code)")
        }
    }

    func testNoExampleFiresInsideACommentOrAString() {
        let cases = Self.formats.flatMap { format in
            RuleCatalog.all.flatMap { rule in
                (format.triggering(rule) + format.passing(rule)).map { RuleExample($0).source }.flatMap { code in
                    format.wrappings(code).map { (rule: rule.id, path: format.path, wrapped: $0) }
                }
            }
        }
        XCTAssertGreaterThan(cases.count, 200)
        for ((rule, _, wrapped), all) in zip(cases, lintEach(cases.map { (path: $0.path, text: $0.wrapped) })) {
            let found = all.filter { $0.rule == rule }
            XCTAssertEqual(found.map { "\($0.position) \($0.rule)" }, [], "\(rule) fired inside a comment or string:\n\(wrapped)")
        }
    }

    /// Under `--idiom pad`, a rule about what throws in the Mac idiom alone reports notes; every
    /// other rule (what breaks in the pad idiom too, layout, private API) keeps its severity.
    func testThePadIdiomMakesNotesOfTheMacIdiomExceptionsOnly() {
        let cases = Self.formats.flatMap { format in
            RuleCatalog.all.flatMap { rule in format.triggering(rule).map { (format: format, rule: rule, annotated: $0) } }
        }
        let results = lintEach(cases.map { (path: $0.format.path, text: RuleExample($0.annotated).source) }, idiom: .pad)
        for ((format, rule, _), all) in zip(cases, results) {
            let found = all.filter { $0.rule == rule.id }
            XCTAssertFalse(found.isEmpty, "\(rule.id) \(format.name): no finding under --idiom pad")
            let expected: Severity = rule.breaksIn == .macIdiom ? .note : rule.severity
            XCTAssertEqual(Set(found.map(\.severity)), [expected], "\(rule.id) (breaks in \(rule.breaksIn.rawValue)) under --idiom pad")
        }
        XCTAssertEqual(Set(RuleCatalog.all.filter { $0.breaksIn == .anywhere && $0.category == .crash }.map(\.id)),
                       ["missing-popover-anchor", "unchecked-camera", "switch-title", "pushed-split-view", "scene-life-cycle"])
        // catalint's own rules, and only they, are meta; they apply wherever the app runs.
        XCTAssertEqual(Set(RuleCatalog.all.filter { $0.category == .meta }.map(\.id)), Set(RuleCatalog.all.filter { RuleRegistry.logic[$0.id] == nil }.map(\.id)))
        XCTAssertTrue(RuleCatalog.all.filter { $0.category == .meta }.allSatisfy { $0.breaksIn == .anywhere })
    }

    func testEveryRuleHasLogicOrIsAToolRuleAndExamples() {
        for rule in RuleCatalog.all {
            if rule.category == .meta {
                XCTAssertNil(RuleRegistry.logic[rule.id], "\(rule.id) is a tool rule with logic")
            } else {
                XCTAssertNotNil(RuleRegistry.logic[rule.id], "\(rule.id) has no RuleLogic type in Checks/Rules/")
                // Swift examples, or for a rule about whole apps, small projects.
                XCTAssertFalse((rule.examples?.triggering?.isEmpty ?? true) && (rule.examples?.projectTriggering?.isEmpty ?? true),
                               "\(rule.id) has no triggering example")
                XCTAssertFalse((rule.examples?.passing?.isEmpty ?? true) && (rule.examples?.projectPassing?.isEmpty ?? true),
                               "\(rule.id) has no passing example")
            }
        }
        for id in RuleRegistry.logic.keys {
            XCTAssertNotNil(RuleCatalog.rule(id), "logic for \(id) has no Rules/\(id).yml")
        }
    }

    func testTheBinaryCarriesExactlyTheRulesFolder() throws {
        let rulesFolder = packageRoot.appendingPathComponent("Rules")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: rulesFolder.path).filter { $0.hasSuffix(".yml") }.sorted()
        XCTAssertEqual(RuleCatalog.embeddedFileNames, onDisk)
        for name in onDisk {
            let text = try String(contentsOf: rulesFolder.appendingPathComponent(name), encoding: .utf8)
            let parsed = try RuleCatalog.parse(text, name: name)
            XCTAssertEqual(RuleCatalog.rule(parsed.id)?.message, parsed.message, "\(name) is embedded out of date")
        }
    }

    /// The catalogue reads the embedded files from their YAML nodes, not through `Decodable`: every
    /// rule file reads the same both ways, every field of it, and a node the strict decoding refuses
    /// is refused too.
    func testTheCatalogueReadFromNodesIsWhatStrictDecodingGives() throws {
        let fingerprint = ruleFingerprint
        let rulesFolder = packageRoot.appendingPathComponent("Rules")
        for name in RuleCatalog.embeddedFileNames {
            let text = try String(contentsOf: rulesFolder.appendingPathComponent(name), encoding: .utf8)
            let strict = try RuleCatalog.parse(text, name: name)
            let read = try RuleCatalog.read(text, name: name)
            XCTAssertEqual(fingerprint(read), fingerprint(strict), name)
            XCTAssertGreaterThan(fingerprint(read).count, 500, name)
            if let embedded = RuleCatalog.rule(strict.id) {
                XCTAssertEqual(fingerprint(embedded), fingerprint(strict), name)
            } else {
                XCTFail("\(name) is not in the catalogue")
            }
        }
        let base = try String(contentsOf: rulesFolder.appendingPathComponent("hard-coded-size.yml"), encoding: .utf8)
        let broken = [
            base.replacingOccurrences(of: "\nsummary:", with: "\nsumary:"),
            base.replacingOccurrences(of: "\nseverity: ", with: "\nseverity: fatal-"),
            base.replacingOccurrences(of: "\nuikit:\n", with: "\nuikit:\n  dimension: []\n"),
            base.replacingOccurrences(of: "pixel_dimensions: [640,", with: "pixel_dimensions: [-640,"),
            base.replacingOccurrences(of: "\nreference:\n", with: "\nreference: [a]\nold_reference:\n"),
            base.replacingOccurrences(of: "id: hard-coded-size\n", with: "id: other-size\n"),
        ]
        for (index, text) in broken.enumerated() {
            XCTAssertNotEqual(text, base, "case \(index) changes nothing")
            XCTAssertThrowsError(try RuleCatalog.parse(text, name: "hard-coded-size.yml"), "case \(index)")
            XCTAssertThrowsError(try RuleCatalog.read(text, name: "hard-coded-size.yml"), "case \(index)")
        }
    }

    /// The catalogue decodes each file without its examples and reads them when asked: the same
    /// examples as the whole file's, in every kind, and every other line where it was.
    func testExamplesReadWhenAskedForAreTheFilesExamples() throws {
        let rulesFolder = packageRoot.appendingPathComponent("Rules")
        for rule in RuleCatalog.all {
            let text = try String(contentsOf: rulesFolder.appendingPathComponent("\(rule.id).yml"), encoding: .utf8)
            let whole = try RuleCatalog.parse(text, name: "\(rule.id).yml")
            let kinds: [(String, KeyPath<RuleDefinition.Examples, [String]?>)] = [
                ("triggering", \.triggering), ("passing", \.passing), ("interface_triggering", \.interfaceTriggering),
                ("interface_passing", \.interfacePassing), ("interface_builder_triggering", \.interfaceBuilderTriggering),
                ("interface_builder_passing", \.interfaceBuilderPassing), ("objc_triggering", \.objcTriggering), ("objc_passing", \.objcPassing),
            ]
            for (kind, path) in kinds {
                XCTAssertEqual(rule.examples?[keyPath: path], whole.examples?[keyPath: path], "\(rule.id): \(kind)")
            }
            XCTAssertEqual(rule.examples?.projectTriggering, whole.examples?.projectTriggering, rule.id)
            XCTAssertEqual(rule.examples?.projectPassing, whole.examples?.projectPassing, rule.id)
            let stripped = RuleCatalog.blocks(of: text, keeping: { $0 != "examples" })
            XCTAssertFalse(stripped.contains("\nexamples:"), rule.id)
            XCTAssertEqual(stripped.split(separator: "\n", omittingEmptySubsequences: false).count,
                           text.split(separator: "\n", omittingEmptySubsequences: false).count, rule.id)
        }
        let sample = "# about\nid: x\nexamples:\n  passing:\n    - |\n      a\n\n      b\n# notes\nfix:\n  kind: wrap\nsummary: s\n"
        XCTAssertEqual(RuleCatalog.blocks(of: sample, keeping: { $0 != "examples" }),
                       "# about\nid: x\n\n\n\n\n\n\n\nfix:\n  kind: wrap\nsummary: s\n")
        XCTAssertEqual(RuleCatalog.blocks(of: sample, keeping: { RuleCatalog.deferredKeys.contains($0) }),
                       "# about\n\nexamples:\n  passing:\n    - |\n      a\n\n      b\n# notes\n\n\nsummary: s\n")
    }

    func testAFileNamedForAnotherIdIsRejected() {
        let text = try! String(contentsOf: packageRoot.appendingPathComponent("Rules/hard-coded-size.yml"), encoding: .utf8)
        XCTAssertThrowsError(try RuleCatalog.parse(text, name: "hard-coded-sizes.yml"))
    }

    func testMessagesLeaveNoPlaceholderUnfilled() {
        for rule in RuleCatalog.all {
            for annotated in rule.examples?.triggering ?? [] {
                for diagnostic in diagnostics(RuleExample(annotated).source, path: "Example.swift", rule: rule.id) where diagnostic.rule == rule.id {
                    XCTAssertFalse(diagnostic.message.contains("{"), "\(rule.id): \(diagnostic.message)")
                    XCTAssertFalse(diagnostic.help.contains("{"), "\(rule.id): \(diagnostic.help)")
                }
            }
        }
    }

    func testMarkersAreReadInCharacters() {
        let example = RuleExample("let é = 1\nlet café = ↓UIStepper()")
        XCTAssertEqual(example.source, "let é = 1\nlet café = UIStepper()")
        XCTAssertEqual(example.markers.map { "\($0.line):\($0.column)" }, ["2:12"])
    }
}
