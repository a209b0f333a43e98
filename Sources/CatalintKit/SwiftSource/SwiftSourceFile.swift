import SwiftDiagnostics
import SwiftOperators
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// A Swift file parsed once, with operators folded, ready for indexing and lowering into facts.
struct SwiftSourceFile {
    let path: String
    let text: String
    let tree: SourceFileSyntax
    private let converter: SourceLocationConverter
    private let bytes: [UInt8]

    init(path: String, text: String) {
        self.path = path
        self.text = text
        let parsed = Parser.parse(source: text)
        // Fold `a == b && c` into a tree of infix operators; unknown custom operators stay unfolded.
        let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }
        self.tree = folded.as(SourceFileSyntax.self) ?? parsed
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
        self.bytes = Array(text.utf8)
    }

    /// The position of the first character of `node`, leading trivia (comments, spaces) skipped.
    func position(of node: some SyntaxProtocol) -> SourcePosition {
        position(at: node.positionAfterSkippingLeadingTrivia)
    }

    /// The position of a UTF-8 offset in the file, with the column counted in characters.
    func position(at absolute: AbsolutePosition) -> SourcePosition {
        let location = converter.location(for: absolute)
        let offset = min(max(location.offset, 0), bytes.count)
        let lineStart = max(0, offset - (location.column - 1))
        let prefix = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
        return SourcePosition(path: path, line: location.line, column: prefix.count + 1)
    }

    /// The first syntax error of the file, with its position, or nil when the file parses cleanly.
    func firstSyntaxError() -> (message: String, position: SourcePosition)? {
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
        guard let first = diagnostics.first(where: { $0.diagMessage.severity == .error }) else { return nil }
        return (first.message, position(at: first.position))
    }
}
