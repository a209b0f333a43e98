import SwiftDiagnostics
import SwiftOperators
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// A Swift file parsed once, with operators folded, ready for indexing and lowering into facts.
struct SwiftSourceFile {
    let tree: SourceFileSyntax
    /// The text, for positions with character columns and for source lines.
    let source: SourceText

    var path: String { source.path }
    var text: String { source.text }

    /// The deepest syntax tree catalint walks. Real code stays far below it; past it, recursive
    /// walks (catalint's and swift-syntax's own) could exhaust the stack.
    static let maximumDepth = 2_000

    /// Parses a file, or says why it will not: a tree deeper than `maximumDepth` once operators are folded.
    static func parse(path: String, text: String) -> Result<SwiftSourceFile, ReadFailure> {
        let parsed = Parser.parse(source: text)
        let depth = foldedDepthBound(parsed)
        guard depth <= maximumDepth else {
            return .failure(ReadFailure(reason: "its expressions nest about \(depth) levels deep, more than the \(maximumDepth) catalint walks safely"))
        }
        return .success(SwiftSourceFile(path: path, text: text, parsed: parsed))
    }

    /// An upper bound on the depth of the tree after folding, found without recursion: the depth of
    /// the parsed tree plus the length of its longest operator sequence (folding nests at most that).
    static func foldedDepthBound(_ tree: SourceFileSyntax) -> Int {
        var deepest = 0
        var longestSequence = 0
        var pending: [(Syntax, Int)] = [(Syntax(tree), 1)]
        while let (node, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            if let sequence = node.as(SequenceExprSyntax.self) { longestSequence = max(longestSequence, sequence.elements.count) }
            for child in node.children(viewMode: .all) { pending.append((child, depth + 1)) }
        }
        return deepest + longestSequence
    }

    private init(path: String, text: String, parsed: SourceFileSyntax) {
        self.source = SourceText(path: path, text: text)
        // Fold `a == b && c` into a tree of infix operators; unknown custom operators stay unfolded.
        let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }
        self.tree = folded.as(SourceFileSyntax.self) ?? parsed
    }

    /// The position of the first character of `node`, leading trivia (comments, spaces) skipped.
    func position(of node: some SyntaxProtocol) -> SourcePosition {
        position(at: node.positionAfterSkippingLeadingTrivia)
    }

    /// The position of a UTF-8 offset in the file, with the column counted in characters.
    func position(at absolute: AbsolutePosition) -> SourcePosition {
        source.position(utf8Offset: absolute.utf8Offset)
    }

    /// The first syntax error of the file, with its position, or nil when the file parses cleanly.
    func firstSyntaxError() -> (message: String, position: SourcePosition)? {
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
        guard let first = diagnostics.first(where: { $0.diagMessage.severity == .error }) else { return nil }
        return (first.message, position(at: first.position))
    }
}
