/// The suppression comments an editor offers as code actions for a diagnostic: suppress its rule
/// on the line (the comment `catalint lint --add-suppressions` writes, by `SuppressionWriter`), or
/// for the rest of the file. They are never applied by `--fix`: silencing a finding is a decision
/// for a person, who can add the reason after ` - `.
public enum SuppressionFixes {
    /// "Suppress on this line" and "suppress in this file", in the comment syntax of `kind`.
    public static func fixes(for diagnostic: Diagnostic, in text: String, kind: InputKind) -> [Fix] {
        let lines = SourceLines(text)
        let line = diagnostic.position.line
        guard line >= 1, line <= lines.count, SuppressionWriter.suppressible(diagnostic) else { return [] }
        let rule = diagnostic.rule
        var fixes: [Fix] = []
        let lineEdits = SuppressionWriter.edits(for: [diagnostic], in: text, kind: kind, path: diagnostic.position.path)
        if !lineEdits.isEmpty {
            fixes.append(Fix(title: "Suppress `\(rule)` on this line", applicability: .unsafe, edits: lineEdits))
        }
        // In XML nothing may come before the declaration; the comment goes after it.
        var fileLine = 1
        if kind == .interfaceBuilder || kind == .propertyList, lines[1].hasPrefix("<?xml") { fileLine = 2 }
        let fileEdit: TextEdit
        if fileLine > lines.count {
            fileEdit = TextEdit(inserting: lines.lineBreak + comment("catalint:disable \(rule)", kind),
                                at: end(of: lines.count, in: lines, path: diagnostic.position.path))
        } else {
            fileEdit = TextEdit(inserting: comment("catalint:disable \(rule)", kind) + lines.lineBreak,
                                at: start(of: fileLine, path: diagnostic.position.path))
        }
        fixes.append(Fix(title: "Suppress `\(rule)` in this file", applicability: .unsafe, edits: [fileEdit]))
        return fixes
    }

    private static func comment(_ body: String, _ kind: InputKind) -> String {
        SuppressionWriter.comment(body, kind)
    }

    private static func start(of line: Int, path: String) -> SourcePosition {
        SourcePosition(path: path, line: line, column: 1, utf8Column: 1, utf16Column: 1)
    }

    private static func end(of line: Int, in lines: SourceLines, path: String) -> SourcePosition {
        let text = lines[line]
        return SourcePosition(path: path, line: line, column: text.count + 1, utf8Column: text.utf8.count + 1,
                              utf16Column: text.utf16.count + 1)
    }
}

/// A text's lines (1-based) without their line breaks, and the break the text uses (CRLF, CR or LF).
struct SourceLines {
    private var lines: [Substring]
    var lineBreak: String

    init(_ text: String) {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        var lineBreak: String?
        while index < text.endIndex {
            let character = text[index]
            if character == "\n" || character == "\r\n" || character == "\r" {
                lines.append(text[start..<index])
                if lineBreak == nil { lineBreak = String(character) }
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        lines.append(text[start..<text.endIndex])
        self.lines = lines
        self.lineBreak = lineBreak ?? "\n"
    }

    var count: Int { lines.count }
    subscript(line: Int) -> Substring { lines[line - 1] }
}
