import CatalintKit
import Foundation

/// `textDocument/hover` over a diagnostic: the explanation of its rule, as `catalint rules ID` prints it,
/// with a link to the rule's page.
enum Hover {
    /// The hover at `position`, from the diagnostics whose range holds it; nil when none does.
    static func json(for document: LintedDocument, at position: LSPPosition, markdown: Bool) -> JSON? {
        let hits = document.diagnostics.filter { $0.range.contains(position) }
        var rules: [RuleDefinition] = []
        for hit in hits {
            if let rule = RuleCatalog.rule(hit.diagnostic.rule), !rules.contains(where: { $0.id == rule.id }) { rules.append(rule) }
        }
        guard let first = hits.first, !rules.isEmpty else { return nil }
        // In Markdown the first line (`id: title`) is a heading, so the sections below read as its
        // parts, and the rule's page is a link.
        let explanations = rules.map { RuleDocs.explain($0, markdown: markdown) }
        var range = first.range
        for hit in hits.dropFirst() {
            range.start = min(range.start, hit.range.start)
            range.end = max(range.end, hit.range.end)
        }
        return [
            "contents": ["kind": .string(markdown ? "markdown" : "plaintext"),
                         "value": .string(explanations.joined(separator: markdown ? "\n---\n\n" : "\n\n"))],
            "range": range.json,
        ]
    }
}
