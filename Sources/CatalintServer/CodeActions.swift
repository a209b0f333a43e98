import CatalintKit
import Foundation

/// `textDocument/codeAction`: for each diagnostic in the requested range, the rule's fix when it has
/// one, and comments that disable the rule for the line or for the file.
enum CodeActions {
    /// The quick fixes for `document` in `range`; `only` is the client's filter of action kinds.
    /// Edits go in `documentChanges`, with the version of the document they were computed for,
    /// when the client supports that, else in `changes`.
    static func json(for document: LintedDocument, in range: LSPRange, only: [String]?, documentChanges: Bool) -> JSON {
        // Kinds are hierarchical by dots: `quickfix` is asked for by `quickfix` or by the empty kind
        // (everything), not by `quick` nor by a narrower `quickfix.something`.
        if let only, !only.contains(where: { $0.isEmpty || $0 == "quickfix" }) { return [] }
        let kind = document.path.flatMap(InputKind.init(path:)) ?? .swift
        var actions: [JSON] = []
        for (diagnostic, diagnosticRange) in document.diagnostics where overlaps(diagnosticRange, range) {
            // The configuration's own errors have no rule to fix or to disable.
            guard RuleCatalog.rule(diagnostic.rule) != nil else { continue }
            let published = LSPDiagnostics.json(diagnostic, range: diagnosticRange)
            if let fix = diagnostic.fix {
                let note = fix.applicability == .unsafe ? " (unsafe: review it)" : ""
                actions.append(action(title: fix.title + note, fix: fix, document: document, diagnostic: published,
                                      preferred: fix.applicability == .safe, documentChanges: documentChanges))
            }
            for fix in SuppressionFixes.fixes(for: diagnostic, in: document.text, kind: kind) {
                actions.append(action(title: fix.title, fix: fix, document: document, diagnostic: published, preferred: false,
                                      documentChanges: documentChanges))
            }
        }
        return .array(actions)
    }

    private static func action(title: String, fix: Fix, document: LintedDocument, diagnostic: JSON, preferred: Bool,
                               documentChanges: Bool) -> JSON {
        let edits = JSON.array(fix.edits.map { edit -> JSON in
            ["range": LSPRange(start: position(edit.start), end: position(edit.end)).json, "newText": .string(edit.replacement)]
        })
        let workspaceEdit: JSON = documentChanges
            ? ["documentChanges": [["textDocument": ["uri": .string(document.uri), "version": .int(document.version)], "edits": edits]]]
            : ["changes": .object([document.uri: edits])]
        var json: [String: JSON] = [
            "title": .string(title),
            "kind": "quickfix",
            "diagnostics": [diagnostic],
            "edit": workspaceEdit,
        ]
        if preferred { json["isPreferred"] = true }
        return .object(json)
    }

    /// A position of catalint's (1-based line, 1-based UTF-16 column) in the protocol's terms.
    private static func position(_ position: SourcePosition) -> LSPPosition {
        LSPPosition(line: max(position.line - 1, 0), character: max(position.utf16Column - 1, 0))
    }

    /// Ranges that overlap or touch: a cursor (an empty range) at either end of a diagnostic counts.
    private static func overlaps(_ a: LSPRange, _ b: LSPRange) -> Bool {
        a.start <= b.end && b.start <= a.end
    }
}
