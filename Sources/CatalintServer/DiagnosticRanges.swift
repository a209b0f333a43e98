import CatalintKit
import Foundation

/// catalint's diagnostics in the protocol's terms.
enum LSPDiagnostics {
    /// Where each rule's documentation lives, for `codeDescription.href`: its page.
    static func ruleURL(_ rule: String) -> String {
        RulePages.url(of: rule)
    }

    /// The range a diagnostic covers in `lines`, the text it was found in: from its position (a
    /// 1-based line and a 1-based column in UTF-16 code units) to the end of the token there, or
    /// to the line's end when no token starts there.
    static func range(of position: SourcePosition, in lines: LineTable) -> LSPRange {
        let line = max(position.line - 1, 0)
        let text = lines.line(line)
        let column = max(position.utf16Column - 1, 0)
        var units = 0
        var index = text.startIndex
        while index < text.endIndex && units < column {
            units += text[index].utf16.count
            index = text.index(after: index)
        }
        let start = LSPPosition(line: line, character: min(column, text.utf16.count))
        let end = max(start.character, units + tokenLength(text[index...]))
        return LSPRange(start: start, end: LSPPosition(line: line, character: end))
    }

    /// The length in UTF-16 code units of the token `text` starts with: a name or number (`UIStepper`,
    /// `834`, `1_024.5`), a string literal, punctuation with the name it introduces (`.selected`,
    /// `<refreshControl`, `@objc`, `#if`); the rest of the line when it starts with a space or is empty.
    static func tokenLength(_ text: Substring) -> Int {
        guard let first = text.first, !first.isWhitespace else { return text.utf16.count }
        var index = text.index(after: text.startIndex)
        if first == "\"" || first == "'" {
            var escaped = false
            while index < text.endIndex {
                let character = text[index]
                index = text.index(after: index)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == first { break }
            }
            return text[..<index].utf16.count
        }
        let number = first.isASCII && first.isNumber
        if !isNameCharacter(first) {
            // Punctuation: with the name that follows it, if any.
            guard index < text.endIndex, isNameCharacter(text[index]) else { return first.utf16.count }
        }
        while index < text.endIndex {
            let character = text[index]
            if isNameCharacter(character) {
                index = text.index(after: index)
            } else if number && character == ".", text.index(after: index) < text.endIndex,
                      text[text.index(after: index)].isASCII && text[text.index(after: index)].isNumber {
                index = text.index(after: index)
            } else {
                break
            }
        }
        return text[..<index].utf16.count
    }

    /// Letters, digits, `_`, `$` and anything else outside ASCII but spaces (Swift names may hold emoji).
    private static func isNameCharacter(_ character: Character) -> Bool {
        if character.isWhitespace { return false }
        if !character.isASCII { return true }
        return character.isLetter || character.isNumber || character == "_" || character == "$"
    }

    /// The protocol's severity: Error 1, Warning 2, Information 3.
    static func severity(_ severity: Severity) -> Int {
        severity.choose(error: 1, warning: 2, note: 3)
    }

    /// One LSP `Diagnostic`.
    static func json(_ diagnostic: Diagnostic, range: LSPRange) -> JSON {
        var json: [String: JSON] = [
            "range": range.json,
            "severity": .int(severity(diagnostic.severity)),
            "code": .string(diagnostic.rule),
            "source": "catalint",
            "message": .string(diagnostic.help.isEmpty ? diagnostic.message : diagnostic.message + "\nhelp: " + diagnostic.help),
        ]
        if RuleCatalog.rule(diagnostic.rule) != nil { json["codeDescription"] = ["href": .string(ruleURL(diagnostic.rule))] }
        return .object(json)
    }
}

/// The diagnostics of one version of a document, with the ranges they cover: what is published,
/// what hover reads, and what quick fixes will start from.
struct LintedDocument: Sendable {
    var uri: String
    var version: Int
    /// The project state the lint saw (see `ServerState.epoch`).
    var epoch: Int
    var diagnostics: [(diagnostic: Diagnostic, range: LSPRange)]
    /// The text that was linted: code actions edit it.
    var text: String

    init(uri: String, version: Int, epoch: Int, diagnostics: [Diagnostic], text: String) {
        self.uri = uri
        self.version = version
        self.epoch = epoch
        self.text = text
        let lines = diagnostics.isEmpty ? nil : LineTable(text)
        self.diagnostics = diagnostics.map { ($0, LSPDiagnostics.range(of: $0.position, in: lines!)) }
    }

    var json: JSON { .array(diagnostics.map { LSPDiagnostics.json($0.diagnostic, range: $0.range) }) }

    /// The document's file path, for a `file:` URI.
    var path: String? { DocumentURI.path(of: uri) }
}
