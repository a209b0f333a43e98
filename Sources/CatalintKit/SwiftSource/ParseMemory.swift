import SwiftOperators
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// What is kept of a document's last parse, so that its next version, a keystroke later, is parsed
/// and folded again only where it changed: swift-syntax's incremental parsing reuses every
/// statement and member the edit did not touch, and their folded forms are reused in turn.
///
/// The language server keeps one for each of the documents it linted most recently
/// (`ProjectSession`); a run of the command line has none. A parse takes what is kept and puts its
/// own back, so a second parse meanwhile (a document linted again while a parse past its budget
/// still runs) starts from nothing. The same text again gets the same tree (syntax trees are
/// immutable and may be walked from several threads).
final class ParseMemory: @unchecked Sendable {
    /// One parse: the text parsed, in which language mode, swift-syntax's result (the tree before
    /// folding and how far the parser looked ahead for each node), the folded tree, and the folded
    /// form of every statement and member it changed, by the identity of its unfolded node (nodes
    /// of the folded tree, which keeps them alive).
    struct Parse {
        var bytes: [UInt8]
        var languageMode: LanguageMode
        var result: IncrementalParseResult
        var tree: SourceFileSyntax
        var folded: [RawSyntax.ID: RawSyntax]
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
        // The same text again (the project changed, a fix was undone): the same tree.
        if let previous, previous.bytes == bytes {
            keep(previous)
            return previous.tree
        }
        let transition = previous.flatMap { previous in
            Self.edit(from: previous.bytes, to: bytes).map { edit in
                IncrementalParseTransition(previousIncrementalParseResult: previous.result, edits: ConcurrentEdits(edit))
            }
        }
        let result = bytes.withUnsafeBufferPointer { buffer -> IncrementalParseResult in
            var parser = Parser(buffer, parseTransition: transition, swiftVersion: languageMode.parserVersion)
            let tree = SourceFileSyntax.parse(from: &parser)
            return IncrementalParseResult(tree: tree, lookaheadRanges: parser.lookaheadRanges)
        }
        let folder = SequenceFolder(table: SwiftSourceFile.operators, previous: previous?.folded ?? [:], keeps: true)
        let folded = folder.fold(result.tree)
        keep(Parse(bytes: bytes, languageMode: languageMode, result: result, tree: folded, folded: folder.kept))
        // The previous parse is freed only now: the folded forms taken from it are owned by the new tree.
        withExtendedLifetime(previous) {}
        return folded
    }
}
