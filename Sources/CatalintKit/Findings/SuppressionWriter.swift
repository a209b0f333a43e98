/// Writes suppression comments for findings: `catalint lint --add-suppressions` for every current
/// finding, and the editor's "suppress on this line" for one. Each finding gets a
/// `catalint:disable:next RULE` comment (with ` - REASON` when one is given) on the line before it,
/// in its file's comment syntax (`//` in Swift, `#` in YAML interface files, `<!-- -->` in
/// Interface Builder files and XML Info.plists, before the start tag that holds the finding), indented like that line
/// and ending with the file's own line break. Findings on one line share one comment; a comment that
/// already covers the line gets the rule added to its list instead. The new text's comments are read
/// back, and a finding that none covers there (a line inside a multi-line string or a YAML block
/// scalar, where a comment would be text) is left as it was, with nothing written for it.
public enum SuppressionWriter {
    /// What suppressing some findings in one text did.
    public struct Outcome: Sendable {
        /// The text with the comments.
        public var text: String
        /// Comments written, or extended with another rule.
        public var comments: Int
        /// Findings that no comment could cover here, or that no comment may cover (`meta` ones).
        public var left: [Diagnostic]
    }

    /// True when a comment can suppress the finding: catalint's own findings about its inputs (the
    /// `meta` category: a file it could not read or parse, a wrong or unused comment) are fixed,
    /// not suppressed.
    public static func suppressible(_ diagnostic: Diagnostic) -> Bool {
        guard let rule = RuleCatalog.rule(diagnostic.rule) else { return false }
        return rule.category != .meta
    }

    /// Suppresses `diagnostics` (all in the file at `path`, whose text is `text`).
    public static func suppress(_ diagnostics: [Diagnostic], in text: String, kind: InputKind, path: String, reason: String?) -> Outcome {
        var left = diagnostics.filter { !suppressible($0) }
        var wanted = diagnostics.filter(suppressible)
        // A target whose comment is not read back as covering its findings is dropped, and the rest
        // written again (each drop removes one target, so this ends).
        while true {
            let plan = Plan(wanted, text: text, kind: kind, path: path, reason: reason)
            guard let fixed = FixApplier.apply(plan.edits, to: text) else { return Outcome(text: text, comments: 0, left: diagnostics) }
            let uncovered = plan.uncovered(in: fixed)
            if uncovered.isEmpty { return Outcome(text: fixed, comments: plan.edits.count, left: left.sorted()) }
            left += wanted.filter { uncovered.contains(plan.target(of: $0)) }
            wanted.removeAll { uncovered.contains(plan.target(of: $0)) }
        }
    }

    /// The edits that suppress `diagnostics`, for an editor's code action.
    public static func edits(for diagnostics: [Diagnostic], in text: String, kind: InputKind, path: String, reason: String? = nil) -> [TextEdit] {
        let outcome = suppress(diagnostics, in: text, kind: kind, path: path, reason: reason)
        guard outcome.comments > 0 else { return [] }
        return Plan(diagnostics.filter { !outcome.left.contains($0) }, text: text, kind: kind, path: path, reason: reason).edits
    }

    /// The comments for a set of findings in one text: where each goes, and what it says.
    private struct Plan {
        let diagnostics: [Diagnostic]
        let kind: InputKind
        let path: String
        /// For an Interface Builder file: the lines of each start tag, in document order.
        let tagLines: [ClosedRange<Int>]
        /// The line each new comment goes before.
        var inserted: [Int] = []
        var edits: [TextEdit] = []

        init(_ diagnostics: [Diagnostic], text: String, kind: InputKind, path: String, reason: String?) {
            self.diagnostics = diagnostics
            self.kind = kind
            self.path = path
            let source = SourceText(path: path, text: text)
            tagLines = kind == .interfaceBuilder || kind == .propertyList
                ? StartTagScanner.scanMarkup(source.utf8).tags.map { source.lineNumber(utf8Offset: $0.offset)...source.lineNumber(utf8Offset: $0.endOffset) }
                : []
            let lines = SourceLines(text)
            let directives = SuppressionWriter.directives(in: text, kind: kind, path: path)
            var rulesByTarget: [Int: Set<String>] = [:]
            for diagnostic in diagnostics { rulesByTarget[target(of: diagnostic), default: []].insert(diagnostic.rule) }
            for (line, rules) in rulesByTarget.sorted(by: { $0.key < $1.key }) where line >= 1 && line <= lines.count {
                let covered = diagnostics.filter { target(of: $0) == line }.map(\.position.line)
                if let existing = directives.last(where: { directive in
                    (directive.action == .next || directive.action == .this)
                        && covered.allSatisfy { directive.coveredLines?.contains($0) == true } && !directive.rules.isEmpty
                }), let last = existing.rules.last {
                    let missing = rules.subtracting(existing.rules.map(\.id)).sorted()
                    guard !missing.isEmpty else { continue }
                    let addition = ", " + missing.joined(separator: ", ")
                    let after = SourcePosition(path: path, line: last.position.line, column: last.position.column + last.id.count,
                                               utf8Column: last.position.utf8Column + last.id.utf8.count,
                                               utf16Column: last.position.utf16Column + last.id.utf16.count)
                    edits.append(TextEdit(inserting: addition, at: after))
                } else {
                    let indentation = String(lines[line].prefix { $0 == " " || $0 == "\t" })
                    var body = "catalint:disable:next " + rules.sorted().joined(separator: ", ")
                    if let reason = reason?.trimmed, !reason.isEmpty { body += " - " + reason.replacingOccurrences(of: "\n", with: " ") }
                    edits.append(TextEdit(inserting: indentation + SuppressionWriter.comment(body, kind) + lines.lineBreak,
                                          at: SourcePosition(path: path, line: line, column: 1)))
                    inserted.append(line)
                }
            }
        }

        /// The line a finding's comment goes before: its own, or in an Interface Builder file the
        /// first line of the start tag that holds it.
        func target(of diagnostic: Diagnostic) -> Int {
            let line = diagnostic.position.line
            guard kind == .interfaceBuilder || kind == .propertyList else { return line }
            return tagLines.last { $0.contains(line) }?.lowerBound ?? line
        }

        /// The targets some of whose findings no comment covers in `text`, the planned text.
        func uncovered(in text: String) -> Set<Int> {
            let directives = SuppressionWriter.directives(in: text, kind: kind, path: path)
            var shifted: [Diagnostic] = []
            var targets: [Int] = []
            for diagnostic in diagnostics {
                var moved = diagnostic
                moved.position.path = path
                moved.position.line += inserted.filter { $0 <= diagnostic.position.line }.count
                shifted.append(moved)
                targets.append(target(of: diagnostic))
            }
            let filter = SuppressionFilter(knownRules: Set(RuleCatalog.all.map(\.id))) { _, _ in true }
            let kept = Set(filter.apply(shifted, directives: [path: directives]).kept)
            return Set(zip(shifted, targets).filter { kept.contains($0.0) }.map(\.1))
        }
    }

    /// The suppression comments of a text (none in a Swift text that cannot be parsed).
    static func directives(in text: String, kind: InputKind, path: String) -> [SuppressionDirective] {
        switch kind {
        case .swift:
            guard case .success(let file) = SwiftSourceFile.parse(path: path, text: text) else { return [] }
            return SuppressionParser.swift(file).directives
        case .interfaceDescription:
            return SuppressionParser.yaml(SourceText(path: path, text: text)).directives
        case .interfaceBuilder:
            return SuppressionParser.interfaceBuilder(SourceText(path: path, text: text)).directives
        case .objectiveC:
            guard let clang = LibClang.find().library, let tokens = ObjCParser.tokens(path: path, text: text, clang: clang) else { return [] }
            var parse = ObjCParse(path: path, language: ObjCLanguage(path: path))
            parse.tokens = tokens
            return SuppressionParser.objectiveC(parse, source: SourceText(path: path, text: text)).directives
        case .propertyList:
            // A binary property list has no comments: nothing is written into it.
            guard !text.hasPrefix("bplist") else { return [] }
            return SuppressionParser.interfaceBuilder(SourceText(path: path, text: text)).directives
        }
    }

    /// A comment in the syntax of `kind`.
    static func comment(_ body: String, _ kind: InputKind) -> String {
        switch kind {
        case .swift, .objectiveC: return "// " + body
        case .interfaceDescription: return "# " + body
        case .interfaceBuilder, .propertyList: return "<!-- " + body + " -->"
        }
    }
}
