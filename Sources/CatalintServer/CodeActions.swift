import CatalintKit
import Foundation

/// `textDocument/codeAction`: for each diagnostic in the requested range, the rule's fix when it has
/// one, and comments that disable the rule for the line or for the file.
enum CodeActions {
    /// The kind of the action that applies every safe fix of a document, which editors run on save
    /// when asked to (VS Code's `editor.codeActionsOnSave`, a `BufWritePre` in Neovim).
    static let fixAllKind = "source.fixAll.catalint"

    /// True when the client's filter of kinds (`only`) asks for `kind`: kinds are hierarchical by
    /// dots, so `source` and `source.fixAll` ask for `source.fixAll.catalint`, and the empty kind
    /// for everything; no filter asks for every kind too.
    static func asks(_ only: [String]?, for kind: String) -> Bool {
        guard let only else { return true }
        return only.contains { $0.isEmpty || $0 == kind || kind.hasPrefix($0 + ".") }
    }

    /// True when the document has a fix that "fix all" applies (a safe one, or with `unsafe` any),
    /// so that `source.fixAll.catalint` has something to do.
    static func hasFix(_ document: LintedDocument, unsafe: Bool) -> Bool {
        document.diagnostics.contains { $0.diagnostic.fix.map { unsafe || $0.applicability == .safe } ?? false }
    }

    /// The `source.fixAll.catalint` action: `edits` (from the document's text to the text with
    /// every safe fix) as one workspace edit.
    static func fixAll(for document: LintedDocument, edits: [TextEdit], fixes: Int, documentChanges: Bool) -> JSON {
        let json = JSON.array(edits.map { edit -> JSON in
            ["range": LSPRange(start: position(edit.start), end: position(edit.end)).json, "newText": .string(edit.replacement)]
        })
        return [
            "title": .string("Fix all catalint findings (\(fixes) fix\(fixes == 1 ? "" : "es"))"),
            "kind": .string(fixAllKind),
            "edit": workspaceEdit(json, document: document, documentChanges: documentChanges),
        ]
    }

    private static func workspaceEdit(_ edits: JSON, document: LintedDocument, documentChanges: Bool) -> JSON {
        documentChanges
            ? ["documentChanges": [["textDocument": ["uri": .string(document.uri), "version": .int(document.version)], "edits": edits]]]
            : ["changes": .object([document.uri: edits])]
    }

    /// The quick fixes for `document` in `range`; `only` is the client's filter of action kinds.
    /// Edits go in `documentChanges`, with the version of the document they were computed for,
    /// when the client supports that, else in `changes`.
    static func json(for document: LintedDocument, in range: LSPRange, only: [String]?, documentChanges: Bool) -> JSON {
        // Kinds are hierarchical by dots: `quickfix` is asked for by `quickfix` or by the empty kind
        // (everything), not by `quick` nor by a narrower `quickfix.something`.
        guard asks(only, for: "quickfix") else { return [] }
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
        var json: [String: JSON] = [
            "title": .string(title),
            "kind": "quickfix",
            "diagnostics": [diagnostic],
            "edit": workspaceEdit(edits, document: document, documentChanges: documentChanges),
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
