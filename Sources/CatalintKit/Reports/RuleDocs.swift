/// The rule documentation `catalint rules` prints, generated from `Rules/`.
public enum RuleDocs {
    /// One line a rule: id, default severity, summary.
    public static func list(_ rules: [RuleDefinition] = RuleCatalog.all) -> String {
        let width = rules.map(\.id.count).max() ?? 0
        return rules.map { rule in
            rule.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + (rule.optIn ? "off" : rule.severity.rawValue).padding(toLength: 7, withPad: " ", startingAt: 0) + "  " + rule.summary
        }.joined(separator: "\n") + "\n"
    }

    /// Everything about one rule: what it does, why, an example, what to use instead, the source.
    public static func explain(_ rule: RuleDefinition) -> String {
        var text = "\(rule.id): \(rule.title)\n"
        if rule.optIn {
            text += "Default: off, an opt-in rule; it reports at \(rule.severity.rawValue) once given a level in .catalint.yml "
                + "(`rules: {\(rule.id): \(rule.severity.rawValue)}`) or named by --select or --extend-select"
        } else {
            text += "Default severity: \(rule.severity.rawValue)"
        }
        if rule.breaksIn == .macIdiom { text += " (a note under --idiom pad)" }
        text += "\nCategory: \(rule.category.rawValue)" + (rule.preview ? " (preview: reports only with --preview)" : "") + "\n"
        text += "\n\n## What it does\n\(rule.summary)\n\n## Why it breaks in the Mac idiom\n\(rule.rationale.trimmed)\n"
        if let example = rule.examples?.triggering?.first {
            text += "\n## Example\n" + indent(RuleExample(example).source) + "\n"
        }
        text += "\n## Use instead\n\(rule.advice.trimmed)\n"
        if let passing = rule.examples?.passing?.first {
            text += "\n" + indent(RuleExample(passing).source) + "\n"
        }
        if let fix = rule.fix {
            let how = fix.applicability == .safe ? "a safe fix, applied by `catalint lint --fix`" : "an unsafe fix, applied by `catalint lint --unsafe-fixes`; review it"
            text += "\n## Fix\n\(fix.title) (\(how)).\n"
        }
        text += "\n## Reference\n\(rule.reference.title)\n\(rule.reference.url)\n"
        return text
    }

    /// The rules table of the README, between its markers.
    public static func markdownTable(_ rules: [RuleDefinition] = RuleCatalog.all) -> String {
        var table = "| Rule | Default | What it flags |\n|---|---|---|\n"
        for rule in rules {
            table += "| `\(rule.id)` | \(rule.optIn ? "off (opt-in; \(rule.severity.rawValue))" : rule.severity.rawValue) | \(rule.summary) |\n"
        }
        return table
    }

    private static func indent(_ code: String) -> String {
        code.trimmed.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}

extension String {
    var trimmed: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
