import SwiftOperators
@_spi(RawSyntax) import SwiftSyntax

/// Folds every operator sequence of a tree (`a + b * c` into infix operators) as swift-syntax's
/// `OperatorTable.foldAll` does, with the same `foldSingle` for each sequence (inner sequences
/// first, an operator the table does not know left unfolded, unexpected nodes left as they are),
/// but walking the raw nodes instead of a `SyntaxRewriter`: the rewriter makes a syntax node for
/// every node above a sequence and an arena for every node it rebuilds, and making and freeing
/// those cost more than the folding itself.
///
/// The rebuilt nodes go into one arena for the tree, those inside a sequence into one for that
/// sequence: a folded sequence's arena owns what it holds, so were that the tree's arena, which
/// owns the folded sequence in turn, the two would keep each other alive.
///
/// With `previous` (an editor's document), a statement or member the tree shares with an earlier
/// fold takes its folded form from it; with `keeps`, the folded form of each statement and member
/// that folding changed is kept for the next fold (`kept`).
final class SequenceFolder {
    private let table: OperatorTable
    private let previous: [RawSyntax.ID: RawSyntax]
    private let keeps: Bool
    /// The folded form of each statement and member of the tree that folding changed.
    private(set) var kept: [RawSyntax.ID: RawSyntax] = [:]
    /// The arenas of folded sequences, alive until the nodes that hold them are made (and own them).
    private var alive: [RetainedRawSyntaxArena] = []

    init(table: OperatorTable, previous: [RawSyntax.ID: RawSyntax] = [:], keeps: Bool = false) {
        self.table = table
        self.previous = previous
        self.keeps = keeps
    }

    /// `tree` with its operator sequences folded.
    static func fold(_ tree: SourceFileSyntax, table: OperatorTable) -> SourceFileSyntax {
        SequenceFolder(table: table).fold(tree)
    }

    /// `tree` with its operator sequences folded.
    func fold(_ tree: SourceFileSyntax) -> SourceFileSyntax {
        defer { alive = [] }
        let arena = LazyArena()
        let raw = fold(tree.raw, in: arena)
        guard raw.id != tree.raw.id, let made = arena.made else { return tree }
        return Syntax(raw: raw, rawNodeArena: made).cast(SourceFileSyntax.self)
    }

    /// An arena made when the first node is rebuilt in it.
    private final class LazyArena {
        private(set) var made: RawSyntaxArena?
        var arena: RawSyntaxArena {
            if let made { return made }
            let arena = RawSyntaxArena()
            made = arena
            return arena
        }
    }

    private func fold(_ raw: RawSyntax, in arena: LazyArena) -> RawSyntax {
        guard let layout = raw.layoutView else { return raw }
        let isItem = raw.kind == .codeBlockItem || raw.kind == .memberBlockItem
        if isItem, !previous.isEmpty, let folded = previous[raw.id] {
            if keeps { kept[raw.id] = folded }
            return folded
        }
        if raw.kind == .sequenceExpr { return foldSequence(raw, layout) }
        let folded = rebuilt(raw, layout, in: arena)
        if keeps, isItem, folded.id != raw.id { kept[raw.id] = folded }
        return folded
    }

    /// `raw` with its children folded; `raw` itself when none changed.
    private func rebuilt(_ raw: RawSyntax, _ layout: RawSyntaxLayoutView, in arena: LazyArena) -> RawSyntax {
        var children: [RawSyntax?]?
        for (index, child) in layout.children.enumerated() {
            // As the rewriter's `fixedUp` view: unexpected nodes are not folded.
            guard let child, child.kind != .unexpectedNodes else { continue }
            let folded = fold(child, in: arena)
            guard folded.id != child.id else { continue }
            if children == nil { children = Array(layout.children) }
            children?[index] = folded
        }
        guard let children else { return raw }
        return layout.replacingLayout(with: children, arena: arena.arena)
    }

    private func foldSequence(_ raw: RawSyntax, _ layout: RawSyntaxLayoutView) -> RawSyntax {
        let inner = LazyArena()
        let elements = rebuilt(raw, layout, in: inner)
        if let infix = Self.singleInfix(elements, in: inner) {
            alive.append(infix.arena)
            return infix
        }
        let sequence = (inner.made.map { Syntax(raw: elements, rawNodeArena: $0) } ?? Syntax(raw: raw, rawNodeArena: raw.arena))
            .cast(SequenceExprSyntax.self)
        // The error handler does not throw: what cannot be folded stays as it is.
        let folded = table.foldSingle(sequence) { _ in }
        alive.append(folded.raw.arena)
        return folded.raw
    }

    /// The sequence `a = b` or `a == b` (two operands and a binary or assignment operator, the first
    /// no `try`, `await` or `unsafe`) folded, made in `arena`: what `foldSingle` makes of it,
    /// whatever the operator's precedence (with one operator there is nothing to compare), without
    /// making a syntax node and an arena for it. Most sequences are such; nil for any other.
    private static func singleInfix(_ sequence: RawSyntax, in arena: LazyArena) -> RawSyntax? {
        guard let layout = sequence.layoutView, layout.children.count == 3, layout.children[0] == nil, layout.children[2] == nil,
              let list = layout.children[1]?.layoutView, list.children.count == 3,
              let left = list.children[0], let op = list.children[1], let right = list.children[2],
              op.kind == .binaryOperatorExpr || op.kind == .assignmentExpr,
              left.kind != .tryExpr, left.kind != .awaitExpr, left.kind != .unsafeExpr,
              let leftOperand = RawExprSyntax(left), let operatorExpr = RawExprSyntax(op), let rightOperand = RawExprSyntax(right)
        else { return nil }
        return RawInfixOperatorExprSyntax(leftOperand: leftOperand, operator: operatorExpr, rightOperand: rightOperand, arena: arena.arena).raw
    }
}
