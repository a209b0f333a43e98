/// GitHub-flavoured Markdown for a pull-request comment or a job's step summary
/// (`$GITHUB_STEP_SUMMARY`): a heading with the counts, a table of how often each rule reported,
/// and a table of the findings with their place, rule, message and advice.
///
/// The findings table stops after `limit` rows and says how many it left out: GitHub cuts a
/// comment at 65,536 characters and a step summary at 1 MiB, and a table cut in the middle
/// shows nothing at all.
public struct MarkdownReporter: Reporter {
    /// The most findings the table lists.
    public var limit: Int

    public init(limit: Int = 200) {
        self.limit = limit
    }

    public func report(_ result: LintResult) -> String {
        var output = "## catalint\n\n"
        guard !result.diagnostics.isEmpty else {
            return output + "No problems found (\(plural(result.filesChecked, "file")) checked).\n"
        }
        let counts = [Severity.error, .warning, .note].compactMap { severity -> String? in
            let count = result.count(severity)
            return count == 0 ? nil : plural(count, severity.rawValue)
        }
        output += "**\(counts.joined(separator: ", "))** in \(plural(result.filesWithDiagnostics, "file")) "
        output += "(\(plural(result.filesChecked, "file")) checked).\n\n"

        let groups = Dictionary(grouping: result.diagnostics) { "\($0.rule)\u{0}\($0.severity.rawValue)" }
        let rows = groups.map { key, diagnostics -> (rule: String, severity: String, count: Int) in
            let parts = key.split(separator: "\u{0}").map(String.init)
            return (parts[0], parts[1], diagnostics.count)
        }.sorted { ($0.count, $1.rule, $1.severity) > ($1.count, $0.rule, $0.severity) }
        output += "| Rule | Severity | Count |\n| --- | --- | ---: |\n"
        for row in rows {
            output += "| `\(row.rule)` | \(row.severity) | \(row.count) |\n"
        }

        output += "\n| Severity | Location | Rule | Problem |\n| --- | --- | --- | --- |\n"
        for diagnostic in result.diagnostics.prefix(limit) {
            let place = "\(pathFromWorkingDirectory(diagnostic.position.path).path):\(diagnostic.position.line):\(diagnostic.position.column)"
            output += "| \(diagnostic.severity.rawValue) | \(Self.code(place)) | `\(diagnostic.rule)` | "
            output += "\(Self.cell(diagnostic.message))<br>\(Self.cell(diagnostic.help)) |\n"
        }
        if result.diagnostics.count > limit {
            let left = result.diagnostics.count - limit
            output += "\n\(plural(left, "more finding")) not shown; the text, JSON or SARIF report lists them all.\n"
        }
        return output
    }

    /// A code span that holds `text` whatever backticks it contains, safe in a table cell.
    static func code(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = text.hasPrefix("`") || text.hasSuffix("`") ? " \(text) " : text
        return fence + padded.replacingOccurrences(of: "|", with: "\\|") + fence
    }

    /// Text for a table cell: the message's own code spans are kept, line breaks become spaces,
    /// `|` is escaped everywhere (GitHub splits the row on it, inside code spans too), and outside
    /// code spans `<`, `>`, `&`, `*`, `_`, `[`, `]` and `\` are escaped so that no text turns into
    /// HTML, emphasis or a link.
    static func cell(_ text: String) -> String {
        var output = ""
        var inCode = false
        for character in text {
            switch character {
            case "\n", "\r", "\r\n": output += " "
            case "|": output += "\\|"
            case "`":
                inCode.toggle()
                output.append(character)
            case "<" where !inCode: output += "&lt;"
            case ">" where !inCode: output += "&gt;"
            case "&" where !inCode: output += "&amp;"
            case "*", "_", "[", "]", "\\":
                if !inCode { output += "\\" }
                output.append(character)
            default: output.append(character)
            }
        }
        // An unmatched backtick would open a span to the end of the row: escape them all then.
        if inCode {
            return cell(text.replacingOccurrences(of: "`", with: "'"))
        }
        return output
    }
}
