import SwiftOperators
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// What is kept of a document's last parse, so that its next version, a keystroke later, is parsed
/// and folded again only where it changed: swift-syntax's incremental parsing reuses every
/// statement and member the edit did not touch, and their folded forms are reused in turn.
///
/// The language server keeps one for each open document (`ProjectSession`); a run of the command
/// line has none. One parse at a time uses it: a parse takes what is kept and puts its own back, so
/// a second parse meanwhile (a document linted again while a parse past its budget still runs)
/// starts from nothing, never from a tree another parse is reading.
final class ParseMemory: @unchecked Sendable {
    /// One parse: the text parsed, in which language mode, swift-syntax's result (the tree before
    /// folding and how far the parser looked ahead for each node), and the folded form of every
    /// statement and member holding an operator sequence, by the identity of its unfolded node.
    struct Parse {
        var bytes: [UInt8]
        var languageMode: LanguageMode
        var result: IncrementalParseResult
        var folded: [RawSyntax.ID: Syntax]
    }

    private let kept = Locked<Parse?>(nil)

    init() {}

    /// Takes what is kept, leaving nothing.
    func take() -> Parse? {
        kept.withLock { kept in
            defer { kept = nil }
            return kept
        }
    }

    /// Keeps `parse` in place of what was kept.
    func keep(_ parse: Parse) {
        let before = kept.withLock { kept in
            defer { kept = parse }
            return kept
        }
        // The tree kept before is freed here, outside the lock.
        _ = before
    }

    /// The one edit that turns `old` into `new`: the bytes between their common beginning and end.
    /// Nil when they are the same.
    static func edit(from old: [UInt8], to new: [UInt8]) -> SourceEdit? {
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        if prefix == old.count && prefix == new.count { return nil }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        return SourceEdit(range: AbsolutePosition(utf8Offset: prefix)..<AbsolutePosition(utf8Offset: old.count - suffix),
                          replacement: Array(new[prefix..<(new.count - suffix)]))
    }

    /// Parses `bytes` in `languageMode`, from the previous parse where there is one of the same mode,
    /// and folds its operators, reusing the folded statements and members of the previous parse
    /// that the new tree shares. Returns the folded tree.
    func parse(_ bytes: [UInt8], languageMode: LanguageMode) -> SourceFileSyntax {
        // What was kept stays alive until the new tree is folded: the identities the folded forms
        // are kept by are those of its nodes, and a freed node's address could be taken again.
        let previous = take().flatMap { $0.languageMode == languageMode ? $0 : nil }
        let result: IncrementalParseResult
        if let previous, previous.bytes == bytes {
            result = previous.result
        } else {
            let transition = previous.flatMap { previous in
                Self.edit(from: previous.bytes, to: bytes).map { edit in
                    IncrementalParseTransition(previousIncrementalParseResult: previous.result, edits: ConcurrentEdits(edit))
                }
            }
            result = bytes.withUnsafeBufferPointer { buffer -> IncrementalParseResult in
                var parser = Parser(buffer, parseTransition: transition, swiftVersion: languageMode.parserVersion)
                let tree = SourceFileSyntax.parse(from: &parser)
                return IncrementalParseResult(tree: tree, lookaheadRanges: parser.lookaheadRanges)
            }
        }
        let folder = SequenceFolder(table: SwiftSourceFile.operators, previous: previous?.folded ?? [:], keeps: true)
        let folded = folder.rewrite(result.tree).as(SourceFileSyntax.self) ?? result.tree
        keep(Parse(bytes: bytes, languageMode: languageMode, result: result, folded: folder.kept))
        return folded
    }
}

/// Folds every operator sequence of a tree as `OperatorTable.foldAll` does (inner sequences first,
/// an operator it does not know left unfolded), with the nodes it rebuilds in one arena: swift-syntax's
/// rewriter makes an arena for each node it rebuilds unless given one, and freeing that tree of arenas
/// with the file cost as much as a tenth of folding.
///
/// With `previous` (an editor's document), it takes the folded form of a statement or member from
/// an earlier fold when the tree shares that node with it; with `keeps`, it keeps the folded form of
/// each statement and member holding a sequence, for the next fold (`kept`).
final class SequenceFolder: SyntaxRewriter {
    private let table: OperatorTable
    private let previous: [RawSyntax.ID: Syntax]
    private let keeps: Bool
    /// The folded form of each statement and member of the tree holding an operator sequence.
    private(set) var kept: [RawSyntax.ID: Syntax] = [:]

    init(table: OperatorTable, previous: [RawSyntax.ID: Syntax] = [:], keeps: Bool = false) {
        self.table = table
        self.previous = previous
        self.keeps = keeps
        super.init(viewMode: .fixedUp, rawAllocationArena: RawSyntaxArena())
    }

    /// `tree` with its operator sequences folded.
    static func fold(_ tree: SourceFileSyntax, table: OperatorTable) -> SourceFileSyntax {
        SequenceFolder(table: table).rewrite(tree).as(SourceFileSyntax.self) ?? tree
    }

    override func visitAny(_ node: Syntax) -> Syntax? {
        // A node without a sequence is what folding gives; its children are not visited.
        guard node.hasSequenceExpr else { return node }
        if !previous.isEmpty, node.kind == .codeBlockItem || node.kind == .memberBlockItem, let folded = previous[node.raw.id] {
            if keeps { kept[node.raw.id] = folded }
            return folded
        }
        return nil
    }

    override func visit(_ node: CodeBlockItemSyntax) -> CodeBlockItemSyntax {
        let folded = super.visit(node)
        if keeps { kept[node.raw.id] = Syntax(folded) }
        return folded
    }

    override func visit(_ node: MemberBlockItemSyntax) -> MemberBlockItemSyntax {
        let folded = super.visit(node)
        if keeps { kept[node.raw.id] = Syntax(folded) }
        return folded
    }

    override func visit(_ node: SequenceExprSyntax) -> ExprSyntax {
        // Sequences inside this one (in a closure) are folded with it by a rewriter that makes an
        // arena for each node it rebuilds, as swift-syntax's does: the folded sequence's arena owns
        // what it holds, and were that this rewriter's arena, which owns the folded sequence in
        // turn, the two would keep each other alive (swift-syntax checks this in debug builds).
        if node.elements.contains(where: \.hasSequenceExpr) {
            return OperatorFolder(table: table).rewrite(node, detach: true).as(ExprSyntax.self) ?? ExprSyntax(node)
        }
        // The error handler does not throw: what cannot be folded stays as it is.
        return table.foldSingle(node) { _ in }
    }
}

/// swift-syntax's own folding (`OperatorTable.foldAll`), for the sequences inside a sequence.
private final class OperatorFolder: SyntaxRewriter {
    private let table: OperatorTable

    init(table: OperatorTable) {
        self.table = table
        super.init(viewMode: .fixedUp)
    }

    override func visitAny(_ node: Syntax) -> Syntax? {
        node.hasSequenceExpr ? nil : node
    }

    override func visit(_ node: SequenceExprSyntax) -> ExprSyntax {
        let inner = super.visit(node)
        guard let sequence = inner.as(SequenceExprSyntax.self) else { return inner }
        return table.foldSingle(sequence) { _ in }
    }
}
