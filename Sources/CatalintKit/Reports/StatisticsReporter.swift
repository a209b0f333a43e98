/// `--statistics`: after the report, how many findings each rule has, at which severity, and how
/// many of them `--fix` (or `--unsafe-fixes`) can fix; the most frequent first.
public struct StatisticsReporter: Reporter {
    public init() {}

    public func report(_ result: LintResult) -> String {
        struct Row {
            var rule: String
            var severity: String
            var count = 0
            var safe = 0
            var unsafe = 0
        }
        var rows: [String: Row] = [:]
        for diagnostic in result.diagnostics + result.omitted {
            let key = diagnostic.rule + "\u{0}" + diagnostic.severity.rawValue
            var row = rows[key] ?? Row(rule: diagnostic.rule, severity: diagnostic.severity.rawValue)
            row.count += 1
            if let fix = diagnostic.fix {
                if fix.applicability == .safe { row.safe += 1 } else { row.unsafe += 1 }
            }
            rows[key] = row
        }
        let sorted = rows.values.sorted { ($0.count, $1.rule, $1.severity) > ($1.count, $0.rule, $0.severity) }
        guard !sorted.isEmpty else { return "Statistics: no findings.\n" }
        let countWidth = max(5, String(sorted[0].count).count)
        let ruleWidth = max(4, sorted.map(\.rule.count).max() ?? 0)
        func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            let padding = String(repeating: " ", count: max(0, width - text.count))
            return right ? padding + text : text + padding
        }
        var output = pad("count", countWidth, right: true) + "  " + pad("rule", ruleWidth) + "  severity  fixable\n"
        for row in sorted {
            var fixable = ""
            if row.safe > 0 { fixable = "\(row.safe) with --fix" }
            if row.unsafe > 0 { fixable += (fixable.isEmpty ? "" : ", ") + "\(row.unsafe) with --unsafe-fixes" }
            let line = pad(String(row.count), countWidth, right: true) + "  " + pad(row.rule, ruleWidth) + "  " + pad(row.severity, 8) + "  " + fixable
            output += line.trimmingTrailingSpaces + "\n"
        }
        return output
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
