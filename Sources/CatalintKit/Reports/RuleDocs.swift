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

    /// Everything about one rule: what it does, why, an example, what to use instead, its fix, the
    /// source it rests on, and the address of its page (`RulePages`). In Markdown (`markdown`: for
    /// hover in editors and SARIF's `help.markdown`) the title is a heading, code is fenced and
    /// addresses are links; else it is text for a terminal.
    public static func explain(_ rule: RuleDefinition, markdown: Bool = false) -> String {
        var text = (markdown ? "### " : "") + "\(rule.id): \(rule.title)\n" + (markdown ? "\n" : "")
        if rule.optIn {
            text += "Default: off, an opt-in rule; it reports at \(rule.severity.rawValue) once given a level in .catalint.yml "
                + "(`rules: {\(rule.id): \(rule.severity.rawValue)}`) or named by --select or --extend-select"
        } else {
            text += "Default severity: \(rule.severity.rawValue)"
        }
        if rule.breaksIn == .macIdiom { text += " (a note under --idiom pad)" }
        let page = RulePages.url(of: rule.id)
        text += markdown ? ". [The rule's page](\(page))\n" : "\nDocumentation: \(page)\n"
        text += (markdown ? "\nCategory: `\(rule.category.rawValue)`" : "Category: \(rule.category.rawValue)")
            + (rule.preview ? " (a preview: it reports only with --preview)" : "") + "\n"
        text += "\n## What it does\n\(rule.summary)\n\n## \(whyHeading(rule))\n\(rule.rationale.trimmed)\n"
        if let example = rule.examples?.triggering?.first {
            text += "\n## Example\n" + code(RuleExample(example).source, markdown: markdown) + "\n"
        }
        text += "\n## Use instead\n\(rule.advice.trimmed)\n"
        if let passing = rule.examples?.passing?.first {
            text += "\n" + code(RuleExample(passing).source, markdown: markdown) + "\n"
        }
        if let fix = rule.fix {
            let how = fix.applicability == .safe ? "a safe fix, applied by `catalint lint --fix`" : "an unsafe fix, applied by `catalint lint --unsafe-fixes`; review it"
            text += "\n## Fix\n\(fix.title) (\(how)).\n"
        }
        text += markdown
            ? "\n## Reference\n[\(rule.reference.title)](\(rule.reference.url))\n"
            : "\n## Reference\n\(rule.reference.title)\n\(rule.reference.url)\n"
        return text
    }

    /// The heading of a rule's rationale: why the app breaks, or, for catalint's own rules about
    /// its inputs, why catalint reports it.
    static func whyHeading(_ rule: RuleDefinition) -> String {
        rule.category == .meta ? "Why catalint reports it" : "Why it breaks in the Mac idiom"
    }

    /// The rules table of the README, between its markers: each id links to its page, at
    /// `linkPrefix` + `<id>.md` (the README's `docs/rules/`; nil for no links).
    public static func markdownTable(_ rules: [RuleDefinition] = RuleCatalog.all, linkPrefix: String? = RulePages.folder + "/") -> String {
        var table = "| Rule | Default | What it flags |\n|---|---|---|\n"
        for rule in rules {
            let name = linkPrefix.map { "[`\(rule.id)`](\($0)\(rule.id).md)" } ?? "`\(rule.id)`"
            table += "| \(name) | \(rule.optIn ? "off (opt-in; \(rule.severity.rawValue))" : rule.severity.rawValue) | \(rule.summary) |\n"
        }
        return table
    }

    private static func code(_ source: String, markdown: Bool) -> String {
        markdown ? RulePages.fenced(source.trimmed, "swift").trimmed : indent(source)
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
