import Foundation
import XCTest
import Yams
@testable import CatalintKit

/// The promises of README.md and `docs/` that can drift from the code: the generated rules table
/// and rule pages, the configuration examples, the README's length, and every link.
final class DocumentationTests: XCTestCase {
    private func text(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    private func readme() throws -> String { try text("README.md") }

    // MARK: Generated

    func testReadmeRulesTableMatchesRules() throws {
        let text = try readme()
        let marker = try XCTUnwrap(text.range(of: "<!-- rules-table"))
        let start = try XCTUnwrap(text.range(of: "-->\n", range: marker.upperBound..<text.endIndex))
        let end = try XCTUnwrap(text.range(of: "<!-- end rules-table -->"))
        XCTAssertEqual(String(text[start.upperBound..<end.lowerBound]), RuleDocs.markdownTable(),
                       "README's rules table is out of date: paste `catalint rules --markdown` into it")
    }

    /// `docs/rules/` holds exactly the pages `catalint rules --docs docs/rules` writes, each current.
    func testRulePagesAreCurrent() throws {
        let folder = packageRoot.appendingPathComponent(RulePages.folder)
        let present = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        let pages = RulePages.pages()
        let hint = "run `swift run catalint rules --docs docs/rules`"
        XCTAssertEqual(present, pages.map(\.name).sorted(), "docs/rules/ holds other files than the rules' pages: \(hint)")
        for page in pages {
            let written = try? String(contentsOf: folder.appendingPathComponent(page.name), encoding: .utf8)
            XCTAssertEqual(written, page.text, "docs/rules/\(page.name) is out of date: \(hint)")
        }
        XCTAssertEqual(pages.count, RuleCatalog.all.count + 1)
    }

    /// A page has every section its rule's file feeds, and every example of the file, in each format.
    func testARulePageShowsEverythingItsFileSays() throws {
        let rule = try XCTUnwrap(RuleCatalog.rule("unavailable-control"))
        let page = RulePages.page(rule)
        for heading in ["# unavailable-control\n", "## What it finds", "## Why it breaks in the Mac idiom", "## What to do instead",
                        "## Examples", "### Swift", "### YAML interface files", "### Interface Builder files", "## Fix",
                        "## Options", "## Reference"] {
            XCTAssertTrue(page.contains(heading), heading)
        }
        let examples = try XCTUnwrap(rule.examples)
        for example in [examples.triggering, examples.passing, examples.interfaceTriggering, examples.interfacePassing,
                        examples.interfaceBuilderTriggering, examples.interfaceBuilderPassing].compactMap({ $0 }).joined() {
            XCTAssertTrue(page.contains(example.trimmingCharacters(in: .newlines)), example)
        }
        for example in try XCTUnwrap(rule.fix).examples {
            XCTAssertTrue(page.contains(example.output.trimmingCharacters(in: .newlines)), example.output)
        }
        XCTAssertTrue(page.contains("[\(rule.reference.title)](\(rule.reference.url))"))
        XCTAssertTrue(page.contains("| `classes` | a list of names, or mappings with `name`, `replacement` | Classes added to the rule's list. |"), page)
        XCTAssertTrue(page.contains("```yaml\nclasses:\n  - name: UIStepper\n"), page)
        // A tool rule: no options but its level, and its rationale is why catalint reports it.
        let skipped = RulePages.page(try XCTUnwrap(RuleCatalog.rule("file-skipped")))
        XCTAssertTrue(skipped.contains("## Why catalint reports it") && !skipped.contains("## Examples"), skipped)
        XCTAssertTrue(skipped.contains("None besides its level"), skipped)
        // An opt-in rule says how to turn it on.
        XCTAssertTrue(RulePages.page(try XCTUnwrap(RuleCatalog.rule("fixed-font-size"))).contains("- **Default:** off: an opt-in rule"))
    }

    /// A rule's knowledge as its page shows it is the `uikit:` section of its file, whole: it decodes
    /// to a mapping whose keys are the rule's options, and every entry of the section is there.
    func testEachRulePageShowsItsWholeKnowledge() throws {
        for rule in RuleCatalog.all {
            let file = try text("Rules/\(rule.id).yml")
            let section = try XCTUnwrap(Yams.load(yaml: file) as? [String: Any])["uikit"] as? [String: Any]
            guard let logic = RuleRegistry.logic[rule.id] else {
                XCTAssertNil(section, rule.id)
                continue
            }
            let shown = RuleCatalog.knowledgeText(of: rule.id)
            guard let section else {
                XCTAssertNil(shown, rule.id)
                continue
            }
            let decoded = try XCTUnwrap(Yams.load(yaml: try XCTUnwrap(shown, rule.id)) as? [String: Any], rule.id)
            XCTAssertEqual(Set(decoded.keys), Set(section.keys), rule.id)
            XCTAssertTrue(Set(decoded.keys).isSubset(of: type(of: logic).optionNames), rule.id)
            XCTAssertEqual(try Yams.dump(object: decoded, sortKeys: true), try Yams.dump(object: section, sortKeys: true), rule.id)
        }
        // The block ends at the next key at the margin, and the comments just above it are that key's.
        XCTAssertEqual(RuleCatalog.topLevelBlock("uikit", of: "id: a\nuikit:   # knowledge\n  classes:\n    # a comment\n    - A\n\n# the phrases\nphrases: {}\n"),
                       "classes:\n  # a comment\n  - A")
        XCTAssertNil(RuleCatalog.topLevelBlock("uikit", of: "id: a\nuikit_words: []\n"))
    }

    func testRulePageAddressesAreTheRepositorysPages() throws {
        for rule in RuleCatalog.all {
            let url = RulePages.url(of: rule.id)
            XCTAssertEqual(url, "https://github.com/catalint/catalint/blob/main/docs/rules/\(rule.id).md")
            XCTAssertNotNil(try repositoryPath(of: url), url)
        }
    }

    // MARK: The front page

    func testReadmeIsAFrontPage() throws {
        let lines = try readme().split(separator: "\n", omittingEmptySubsequences: false).count
        XCTAssertLessThanOrEqual(lines, 400, "README.md is the front page, read in five minutes: move the detail to a page in docs/")
        let headings = try readme().split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
        for section in ["Quick start", "Installation", "Usage", "Integrations", "Configuration", "Rules", "Documentation"] {
            XCTAssertTrue(headings.contains(section), "README.md has no section \(section)")
        }
    }

    /// Every page in docs/ is listed on the front page, so none is an orphan.
    func testReadmeListsEveryDocsPage() throws {
        let text = try readme()
        let pages = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }
        for page in pages {
            XCTAssertTrue(text.contains("](docs/\(page))"), "README.md's documentation table does not link docs/\(page)")
        }
    }

    func testReadmeShowsTheQuickStartCommands() throws {
        let text = try readme()
        XCTAssertTrue(text.contains("swift run catalint lint samples/Recipes"))
        XCTAssertTrue(text.contains("swift test"))
    }

    func testConfigurationExamplesLoad() throws {
        for (path, heading) in [("README.md", "## Configuration"), ("docs/configuration.md", "# Configuration")] {
            let text = try text(path)
            let section = try XCTUnwrap(text.range(of: heading), path)
            let start = try XCTUnwrap(text.range(of: "```yaml\n", range: section.upperBound..<text.endIndex), path)
            let end = try XCTUnwrap(text.range(of: "```", range: start.upperBound..<text.endIndex), path)
            let configuration = try ConfigurationLoader.parse(String(text[start.upperBound..<end.lowerBound]), path: "/app/.catalint.yml")
            XCTAssertEqual(configuration.idiom, .auto, path)
            XCTAssertEqual(configuration.level(of: "hard-coded-size", at: "/app/Tests/A.swift"), .off, path)
            XCTAssertEqual((configuration.rules["unavailable-control"]?.options as? ControlCreationKnowledge)?.classes.first?.name, "CountryPickerView", path)
        }
    }

    /// docs/configuration.md names every option of every rule, with the rule.
    func testConfigurationPageNamesEveryRuleOption() throws {
        let page = try text("docs/configuration.md")
        for rule in RuleCatalog.all {
            guard let logic = RuleRegistry.logic[rule.id] else { continue }
            XCTAssertTrue(page.contains(rule.id), "docs/configuration.md does not name \(rule.id) among the rules with options")
            for option in type(of: logic).optionNames {
                XCTAssertTrue(page.contains("`\(option)`"), "docs/configuration.md does not name \(rule.id)'s option \(option)")
            }
        }
    }

    // MARK: Links

    /// Every relative link in README.md and docs/ leads to a file or folder of the repository, and
    /// to a heading of it when it names one; so does every link to this repository's files on
    /// GitHub (`.../blob/main/PATH`), there and in `Rules/`.
    func testEveryLinkResolves() throws {
        var documents = ["README.md"]
        let docs = packageRoot.appendingPathComponent("docs")
        let walker = FileManager.default.enumerator(atPath: docs.path)
        while let name = walker?.nextObject() as? String {
            if name.hasSuffix(".md") { documents.append("docs/" + name) }
        }
        XCTAssertGreaterThan(documents.count, 10)
        var checked = 0
        for document in documents.sorted() {
            for target in MarkdownLinks.targets(in: try text(document)) {
                let resolved: String?
                if target.contains("://") || target.hasPrefix("mailto:") {
                    guard let path = try repositoryPath(of: target) else { continue }
                    resolved = path
                } else {
                    resolved = MarkdownLinks.resolve(target, from: document)
                }
                checked += 1
                XCTAssertNil(try problem(with: resolved, target: target), "\(document): \(target)")
            }
        }
        for rule in RuleCatalog.all {
            guard let resolved = try repositoryPath(of: rule.reference.url) else { continue }
            XCTAssertNil(try problem(with: resolved, target: rule.reference.url), "Rules/\(rule.id).yml: \(rule.reference.url)")
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// The checker itself: it finds links outside code, resolves them, and makes GitHub's anchors.
    func testTheLinkCheckerReadsMarkdownAsGitHubDoes() {
        let text = """
            See [a](a.md#intro) and ![image](img/x.png "title"), `[not](code.md)`,
            [nested (parens)](b.md#x-y). <https://example.com>
            ```md
            [fenced](fenced.md)
            ```
            """
        XCTAssertEqual(MarkdownLinks.targets(in: text), ["a.md#intro", "img/x.png", "b.md#x-y"])
        XCTAssertEqual(MarkdownLinks.resolve("../README.md#usage", from: "docs/cache.md"), "README.md#usage")
        XCTAssertEqual(MarkdownLinks.resolve("#fixes", from: "docs/command-line.md"), "docs/command-line.md#fixes")
        XCTAssertEqual(MarkdownLinks.resolve("rules/", from: "docs/x.md"), "docs/rules/")
        XCTAssertEqual(MarkdownLinks.anchors(in: """
            # In Xcode and `swift build`: the build-tool plugin
            ## pre-commit
            ```sh
            # not a heading
            ```
            ### pre-commit
            ## Through standard input: ALE, nvim-lint, Flycheck (Emacs) 2026-11-25
            """), ["in-xcode-and-swift-build-the-build-tool-plugin", "pre-commit", "pre-commit-1",
                   "through-standard-input-ale-nvim-lint-flycheck-emacs-2026-11-25"])
    }

    /// What is wrong with a link to `resolved` (a repository path with an optional `#anchor`), or nil.
    private func problem(with resolved: String?, target: String) throws -> String? {
        guard let resolved else { return "leaves the repository" }
        let parts = resolved.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let file = packageRoot.appendingPathComponent(parts[0])
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else { return "no file \(parts[0])" }
        guard parts.count == 2 else { return nil }
        guard !isFolder.boolValue, parts[0].hasSuffix(".md") else { return "an anchor in a file that is not Markdown" }
        let anchors = MarkdownLinks.anchors(in: try String(contentsOf: file, encoding: .utf8))
        return anchors.contains(parts[1]) ? nil : "no heading #\(parts[1]) in \(parts[0]) (it has \(anchors.joined(separator: ", ")))"
    }

    /// The repository path (with its anchor) of a link to this repository's files on GitHub; nil
    /// for any other address. Only `main` is linked: other refs would not match these files.
    private func repositoryPath(of url: String) throws -> String? {
        let base = SARIFReporter.informationURI + "/"
        guard url.hasPrefix(base) else { return nil }
        let rest = String(url.dropFirst(base.count))
        for kind in ["blob/", "tree/"] where rest.hasPrefix(kind) {
            let path = rest.dropFirst(kind.count)
            XCTAssertTrue(path.hasPrefix("main/"), "\(url) names a ref other than main")
            return String(path.drop { $0 != "/" }.dropFirst())
        }
        return nil
    }
}

/// Markdown links as GitHub renders them: inline links outside code, relative targets resolved
/// against the linking file, and the anchors GitHub gives headings.
enum MarkdownLinks {
    /// The targets of the inline links and images of `text`, outside fenced code and code spans.
    static func targets(in text: String) -> [String] {
        var targets: [String] = []
        for line in prose(text) {
            let characters = Array(stripCodeSpans(line))
            var index = 0
            while index + 1 < characters.count {
                guard characters[index] == "]", characters[index + 1] == "(" else { index += 1; continue }
                var depth = 0
                var end = index + 2
                var target = ""
                while end < characters.count {
                    let character = characters[end]
                    if character == "(" { depth += 1 }
                    if character == ")" {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    target.append(character)
                    end += 1
                }
                // A title after the target: `(path "title")`.
                if let space = target.firstIndex(of: " ") { target = String(target[..<space]) }
                if !target.isEmpty { targets.append(target) }
                index = end
            }
        }
        return targets
    }

    /// `target` as a path from the repository's root (with its `#anchor`), from a link in
    /// `document`; nil when it leads out of the repository.
    static func resolve(_ target: String, from document: String) -> String? {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let anchor = parts.count == 2 ? "#" + parts[1] : ""
        guard !parts[0].isEmpty else { return document + anchor }
        var components = document.split(separator: "/").dropLast().map(String.init)
        for component in parts[0].split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                guard !components.isEmpty else { return nil }
                components.removeLast()
            } else {
                components.append(String(component))
            }
        }
        return components.joined(separator: "/") + (parts[0].hasSuffix("/") ? "/" : "") + anchor
    }

    /// The anchors of the headings of `text`, as GitHub makes them: the heading's text without
    /// its markup, lower-cased, without punctuation, spaces as hyphens; `-1`, `-2` after repeats.
    static func anchors(in text: String) -> [String] {
        var anchors: [String] = []
        var seen: [String: Int] = [:]
        for line in prose(text) {
            let hashes = line.prefix { $0 == "#" }.count
            guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { continue }
            var heading = String(line.dropFirst(hashes)).trimmingCharacters(in: .whitespaces)
            heading = heading.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "*", with: "")
            var slug = ""
            for character in heading.lowercased() {
                if character == " " {
                    slug.append("-")
                } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                    slug.append(character)
                }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.append(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// The lines of `text` outside fenced code blocks.
    private static func prose(_ text: String) -> [String] {
        var lines: [String] = []
        var fence: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let marks = trimmed.prefix { $0 == "`" || $0 == "~" }
            if let open = fence {
                if marks.count >= open.count, marks.first == open.first, trimmed.dropFirst(marks.count).trimmingCharacters(in: .whitespaces).isEmpty {
                    fence = nil
                }
                continue
            }
            if marks.count >= 3, Set(marks).count == 1 {
                fence = String(marks)
                continue
            }
            lines.append(line)
        }
        return lines
    }

    /// `line` with its code spans taken out.
    private static func stripCodeSpans(_ line: String) -> String {
        var result = ""
        var characters = Substring(line)
        while let open = characters.firstIndex(of: "`") {
            result += characters[..<open]
            let run = characters[open...].prefix { $0 == "`" }
            let after = characters[run.endIndex...]
            guard let close = after.range(of: String(run)) else {
                result += characters[open...]
                return result
            }
            characters = after[close.upperBound...]
        }
        return result + characters
    }
}
