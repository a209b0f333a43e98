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
    /// The condition lists its readers have read (`IdiomConditions(file:)`).
    let conditionMemo = IdiomConditions.Memo()

    var path: String { source.path }
    var text: String { source.text }

    /// Why a file is not parsed: the limit it is past, and where.
    struct Refusal: Error {
        var reason: String
        var limit: String
        var line: Int
    }

    /// Parses a file, unless a cheap scan of its text finds it past the nesting or operator-chain
    /// limit: the parser's lookahead recurses on every bracket, and folding makes every operator
    /// of a chain a level deeper, so either could exhaust the stack.
    /// `scan` is the text's `NestingScan` when the caller made one already. With a `memory` (an
    /// editor's document), the text is parsed and folded from the previous version's tree where
    /// the two are the same.
    static func parse(path: String, text: String, limits: FileLimits = FileLimits(), scan: NestingScan? = nil,
                      languageMode: LanguageMode = .compilerDefault, memory: ParseMemory? = nil) -> Result<SwiftSourceFile, Refusal> {
        if let refusal = refusal(scan ?? NestingScan(Array(text.utf8)), limits: limits) { return .failure(refusal) }
        if let memory {
            return .success(SwiftSourceFile(path: path, text: text, folded: memory.parse(Array(text.utf8), languageMode: languageMode)))
        }
        var source = text
        let parsed = source.withUTF8 { Parser.parse(source: $0, swiftVersion: languageMode.parserVersion) }
        return .success(SwiftSourceFile(path: path, text: text, parsed: parsed))
    }

    /// The deepest nesting of `[` that swift-syntax parses in time that does not grow with it: the
    /// parser takes about twice as long for each level past twenty (measured: 16 levels 0.09 s,
    /// 20 0.16 s, 24 1.9 s; the real apps and packages we measure nest at most 5).
    static let safeSquareNesting = 12

    /// True when parsing `text` may take longer than any budget: it nests `[` past
    /// `safeSquareNesting`, or brackets of any kind past a tenth of the nesting limit. Such a file is
    /// processed in a worker process that can be stopped (`FileProcessor`).
    static func needsIsolation(_ scan: NestingScan, limits: FileLimits) -> Bool {
        scan.deepestSquare > safeSquareNesting || scan.deepest > max(limits.nesting / 10, 64)
    }

    /// Why `text` is not to be parsed under `limits`, or nil when it may be.
    static func refusal(_ text: String, limits: FileLimits) -> Refusal? {
        refusal(NestingScan(Array(text.utf8)), limits: limits)
    }

    /// Why a text whose scan is `scan` is not to be parsed under `limits`, or nil when it may be.
    static func refusal(_ scan: NestingScan, limits: FileLimits) -> Refusal? {
        // Unclosed string interpolations cost the parser memory growing with the cube of their
        // depth (320 levels: 1 GB; found by the fuzzer); none nests more than a few in real code.
        let interpolationLimit = max(limits.nesting / 10, 1)
        if scan.deepestInterpolation > interpolationLimit {
            return Refusal(reason: "its string interpolations nest \(scan.deepestInterpolation) levels deep (line \(scan.deepestInterpolationLine)), past the limit of \(interpolationLimit) (a tenth of the nesting limit)",
                           limit: "nesting", line: scan.deepestInterpolationLine)
        }
        if scan.deepest > limits.nesting {
            return Refusal(reason: "its brackets nest \(scan.deepest) levels deep (line \(scan.deepestLine)), past the limit of \(limits.nesting)",
                           limit: "nesting", line: scan.deepestLine)
        }
        if scan.longestChain > limits.operatorChain {
            return Refusal(reason: "one expression chains \(scan.longestChain) operators or member accesses (line \(scan.longestChainLine)), past the limit of \(limits.operatorChain)",
                           limit: "operator_chain", line: scan.longestChainLine)
        }
        return nil
    }

    private init(path: String, text: String, parsed: SourceFileSyntax) {
        self.source = SourceText(path: path, text: text)
        // Fold `a == b && c` into a tree of infix operators; unknown custom operators stay unfolded.
        self.tree = SequenceFolder.fold(parsed, table: Self.operators)
    }

    private init(path: String, text: String, folded: SourceFileSyntax) {
        self.source = SourceText(path: path, text: text)
        self.tree = folded
    }

    /// The standard library's operators, as swift-syntax's `standardOperators`, with the syntax of
    /// each precedence relation (`StandardOperators`).
    static var operators: OperatorTable { StandardOperators.table }

    /// `node`'s `compactText`, read from the file's bytes instead of the tree when that is the same
    /// text: the node lies on one line and is plain ASCII. Else nil. A chain of member accesses
    /// asks this of each link, and the tree's text grows with the link's depth.
    func compactText(of node: some SyntaxProtocol) -> String? {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        guard start >= 0, start < end, end <= source.utf8.count else { return nil }
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        return source.utf8.withUnsafeBufferPointer { all -> String? in
            let slice = UnsafeBufferPointer(rebasing: all[start..<end])
            // Printable ASCII or tabs, and no space or tab at either end (which trimming would drop).
            guard slice.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == tab }),
                  slice[0] != space, slice[0] != tab, slice[slice.count - 1] != space, slice[slice.count - 1] != tab else { return nil }
            return String(decoding: slice, as: UTF8.self)
        }
    }

    /// The position of the first character of `node`, leading trivia (comments, spaces) skipped.
    func position(of node: some SyntaxProtocol) -> SourcePosition {
        position(at: node.positionAfterSkippingLeadingTrivia)
    }

    /// The position of a UTF-8 offset in the file, with the column counted in characters.
    func position(at absolute: AbsolutePosition) -> SourcePosition {
        source.position(utf8Offset: absolute.utf8Offset)
    }

    /// An `=` that swift-syntax's diagnostics generator would crash on (found by scripts/fuzz.py):
    /// the lexer says its two sides differ (one has a line separator, U+2028), but both have a
    /// space, so the Fix-It it builds has no change and traps. Such a file is reported at that `=`.
    private static func untestableEquals(in tree: SourceFileSyntax) -> TokenSyntax? {
        func hasSpaceOrTab(_ trivia: Trivia) -> Bool {
            trivia.contains { piece in
                switch piece {
                case .spaces, .tabs: return true
                default: return false
                }
            }
        }
        for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenDiagnostic?.kind == .equalMustHaveConsistentWhitespaceOnBothSides {
            let leading = token.previousToken(viewMode: .all).map { hasSpaceOrTab($0.trailingTrivia) } ?? false
            if leading && hasSpaceOrTab(token.trailingTrivia) { return token }
        }
        return nil
    }

    /// The first syntax error of the file, with its position, or nil when the file parses cleanly.
    /// Errors in a `#if swift(...)` or `#if compiler(...)` branch that the toolchain `swiftVersion`
    /// would not compile do not count: such branches hold syntax for other compilers.
    func firstSyntaxError(swiftVersion: SwiftVersion = .newest) -> (message: String, position: SourcePosition)? {
        guard tree.hasError else { return nil }
        if let token = Self.untestableEquals(in: tree) {
            return ("'=' must have consistent whitespace on both sides", position(of: token))
        }
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
        let compiler = CompilationConditions.parsing(swiftVersion: swiftVersion)
        guard let first = diagnostics.first(where: { diagnostic in
            diagnostic.diagMessage.severity == .error && !compiler.isInactive(diagnostic.node)
        }) else { return nil }
        return (first.message, position(at: first.position))
    }
}

extension LanguageMode {
    /// The parser's name for it.
    var parserVersion: Parser.SwiftVersion {
        switch self {
        case .swift4: return .v4
        case .swift5: return .v5
        case .swift6: return .v6
        }
    }
}
