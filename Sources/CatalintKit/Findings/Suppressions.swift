import SwiftSyntax

/// One `catalint:` comment: `catalint:disable rule-a, rule-b - reason`, `catalint:enable rule-a`,
/// `catalint:disable:next ...`, `catalint:disable:this ...`, `catalint:disable:previous ...`.
struct SuppressionDirective: Sendable, Codable, Equatable {
    enum Action: String, Sendable, CaseIterable, Codable {
        case disable, enable
        case next = "disable:next"
        case this = "disable:this"
        case previous = "disable:previous"
    }

    /// A rule id as written, and where it stands.
    struct Rule: Sendable, Codable, Equatable {
        var id: String
        var position: SourcePosition
    }

    var action: Action
    /// Rule ids as written, with where each stands; `all` stands for every rule.
    var rules: [Rule]
    /// The line of the comment (its first line, for an XML comment that spans lines): a `disable`
    /// or `enable` takes effect from here.
    var line: Int
    /// The lines a `disable:this`, `disable:next` or `disable:previous` comment covers, nil for the
    /// other commands or when there is nothing to cover. In Swift and YAML: the comment's line, the
    /// one after it, the one before it; in Interface Builder files, see `interfaceBuilder(_:)`.
    var coveredLines: ClosedRange<Int>?
    /// Where the comment's `catalint:` starts.
    var position: SourcePosition
    /// The comment's text, for messages.
    var text: String
}

/// Reads suppression comments: comments whose text starts with `catalint:`, `//` line comments in
/// Swift, `#` comments in YAML, `<!-- -->` comments in Interface Builder files; one grammar for all.
enum SuppressionParser {
    static let prefix = "catalint:"
    private static let prefixSearch = BytePatterns([prefix])

    /// Parses a comment's text (after `//`, `#` or `<!--`, and before `-->`), which starts at UTF-8
    /// offset `startOffset` in `source`; nil when it is no catalint comment. A comment that starts
    /// with `catalint:` but cannot be read is a problem.
    static func parse(_ comment: String, startOffset: Int, source: SourceText) -> Result<SuppressionDirective, InputProblem>? {
        let leading = comment.prefix(while: { $0 == " " || $0 == "\t" })
        let body = comment.dropFirst(leading.count)
        guard body.hasPrefix(prefix) else { return nil }
        let bodyOffset = startOffset + leading.utf8.count
        let afterPrefix = body.dropFirst(prefix.count)
        let command = afterPrefix.prefix(while: { !$0.isWhitespace })
        let commentPosition = source.position(utf8Offset: bodyOffset)
        guard let action = SuppressionDirective.Action(rawValue: String(command)) else {
            let commands = SuppressionDirective.Action.allCases.map(\.rawValue)
            let hint = Suggestion.aside(String(command), in: commands, prefix: prefix)
            return .failure(InputProblem(rule: ToolRule.invalidSuppression, position: commentPosition, values: [
                "detail": "`\(prefix)\(command)` is not a catalint command\(hint); the commands are \(commands.map { "`\(prefix)\($0)`" }.joined(separator: ", "))",
            ]))
        }
        // The rule list runs to ` - ` (the reason) or the end.
        var list = afterPrefix.dropFirst(command.count)
        if let reason = list.range(of: " - ") { list = list[..<reason.lowerBound] }
        var rules: [SuppressionDirective.Rule] = []
        var offset = bodyOffset + prefix.utf8.count + command.utf8.count
        var current = ""
        var currentStart = offset
        for character in list {
            if character == "," || character.isWhitespace {
                if !current.isEmpty { rules.append(SuppressionDirective.Rule(id: current, position: source.position(utf8Offset: currentStart))) }
                current = ""
            } else {
                if current.isEmpty { currentStart = offset }
                current.append(character)
            }
            offset += character.utf8.count
        }
        if !current.isEmpty { rules.append(SuppressionDirective.Rule(id: current, position: source.position(utf8Offset: currentStart))) }
        guard !rules.isEmpty else {
            return .failure(InputProblem(rule: ToolRule.invalidSuppression, position: commentPosition, values: [
                "detail": "`\(prefix)\(command)` names no rule; name the rules, or `all`",
            ]))
        }
        let line = commentPosition.line
        let covered: ClosedRange<Int>? = switch action {
        case .this: line...line
        case .next: (line + 1)...(line + 1)
        case .previous: (line - 1)...(line - 1)
        case .disable, .enable: nil
        }
        return .success(SuppressionDirective(action: action, rules: rules, line: line, coveredLines: covered, position: commentPosition,
                                             text: String(body).trimmed))
    }

    /// The suppression comments of a Swift file: `//` line comments in the trivia of its tokens.
    static func swift(_ file: SwiftSourceFile) -> (directives: [SuppressionDirective], problems: [InputProblem]) {
        let source = file.source
        var directives: [SuppressionDirective] = []
        var problems: [InputProblem] = []
        // Every catalint comment holds the prefix: a file whose text does not, which is most files,
        // has none, and its tokens are not walked (a tenth of an editor's keystroke in a long file).
        let bytes = source.utf8
        guard prefixSearch.occur(in: bytes, from: 0, to: bytes.count) else { return (directives, problems) }
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            for (trivia, start) in [(token.leadingTrivia, token.position), (token.trailingTrivia, token.endPositionBeforeTrailingTrivia)] {
                var offset = start.utf8Offset
                for piece in trivia {
                    if case .lineComment(let text) = piece, prefixSearch.occur(in: text) {
                        switch parse(String(text.dropFirst(2)), startOffset: offset + 2, source: source) {
                        case .success(let directive)?: directives.append(directive)
                        case .failure(let problem)?: problems.append(problem)
                        case nil: break
                        }
                    }
                    offset += piece.sourceLength.utf8Length
                }
            }
        }
        return (directives, problems)
    }

    /// The suppression comments of an Objective-C file: `//` line comments, as clang's lexer finds them.
    static func objectiveC(_ parsed: ObjCParse, source: SourceText) -> (directives: [SuppressionDirective], problems: [InputProblem]) {
        var directives: [SuppressionDirective] = []
        var problems: [InputProblem] = []
        let bytes = source.utf8
        for token in parsed.tokens where token.kind == .comment && token.end <= bytes.count && token.end - token.begin > 2 {
            guard bytes[token.begin] == UInt8(ascii: "/"), bytes[token.begin + 1] == UInt8(ascii: "/") else { continue }
            let text = String(decoding: bytes[(token.begin + 2)..<token.end], as: UTF8.self)
            guard prefixSearch.occur(in: text) else { continue }
            switch parse(text, startOffset: token.begin + 2, source: source) {
            case .success(let directive)?: directives.append(directive)
            case .failure(let problem)?: problems.append(problem)
            case nil: break
            }
        }
        return (directives, problems)
    }

    /// The suppression comments of a YAML interface file: `#` comments (see `YAMLCommentScanner`).
    static func yaml(_ source: SourceText) -> (directives: [SuppressionDirective], problems: [InputProblem]) {
        var directives: [SuppressionDirective] = []
        var problems: [InputProblem] = []
        var scanner = YAMLCommentScanner()
        let bytes = source.utf8
        for number in 1...source.lineCount {
            let lineStart = source.lineStart(number)
            var lineEnd = number < source.lineCount ? source.lineStart(number + 1) : bytes.count
            while lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\n") || bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            guard let hash = scanner.comment(in: bytes[lineStart..<lineEnd]) else { continue }
            let text = String(decoding: bytes[(hash + 1)..<lineEnd], as: UTF8.self)
            switch parse(text, startOffset: hash + 1, source: source) {
            case .success(let directive)?: directives.append(directive)
            case .failure(let problem)?: problems.append(problem)
            case nil: break
            }
        }
        return (directives, problems)
    }

    /// The suppression comments of an Interface Builder file: XML comments whose text starts with
    /// `catalint:` (after spaces, tabs or line breaks): `<!-- catalint:disable:next rule-id - why -->`.
    /// Text in CDATA sections, attribute values, processing instructions and declarations is no
    /// comment, nor is a `<!--` with no `-->`. A comment counts at the line of its `<!--`, also when
    /// it spans lines: a `disable` or `enable` takes effect there, `disable:this` covers that line,
    /// `disable:next` the lines of the first start tag that begins on a later line, and
    /// `disable:previous` those of the last start tag that begins on an earlier line (end tags, other
    /// comments and blank lines in between are passed over).
    static func interfaceBuilder(_ source: SourceText) -> (directives: [SuppressionDirective], problems: [InputProblem]) {
        var directives: [SuppressionDirective] = []
        var problems: [InputProblem] = []
        let bytes = source.utf8
        let markup = StartTagScanner.scanMarkup(bytes)
        // The lines each start tag spans, in document order (so ordered by their first line).
        let tagLines = markup.tags.map { source.lineNumber(utf8Offset: $0.offset)...source.lineNumber(utf8Offset: $0.endOffset) }
        let prefixBytes = Array(prefix.utf8)
        let blanks: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        for comment in markup.comments {
            var start = comment.text.lowerBound
            while start < comment.text.upperBound, blanks.contains(bytes[start]) { start += 1 }
            guard comment.text.upperBound - start >= prefixBytes.count,
                  bytes[start..<(start + prefixBytes.count)].elementsEqual(prefixBytes) else { continue }
            let text = String(decoding: bytes[start..<comment.text.upperBound], as: UTF8.self)
            switch parse(text, startOffset: start, source: source) {
            case .success(var directive)?:
                let line = source.lineNumber(utf8Offset: comment.offset)
                directive.line = line
                // The first tag that begins after the comment's line.
                var low = 0
                var high = tagLines.count
                while low < high {
                    let middle = (low + high) / 2
                    if tagLines[middle].lowerBound > line { high = middle } else { low = middle + 1 }
                }
                switch directive.action {
                case .this: directive.coveredLines = line...line
                case .next: directive.coveredLines = low < tagLines.count ? tagLines[low] : nil
                case .previous: directive.coveredLines = tagLines[..<low].last { $0.lowerBound < line }
                case .disable, .enable: break
                }
                directives.append(directive)
            case .failure(let problem)?: problems.append(problem)
            case nil: break
            }
        }
        return (directives, problems)
    }
}

/// Finds the `#` comments of a YAML text, one line at a time. A `#` starts a comment at the start of
/// a line or after a space or tab, outside quoted scalars and block scalars. The scanner keeps what
/// spans lines: a quoted scalar (`"..."`, `'...'`) still open, a block scalar (`|`, `>`, with its
/// indentation indicator if any) whose content goes on while lines are indented at least as much as
/// its first line (a less indented line ends it, and may be a comment), and open flow collections.
/// A quote opens a scalar only where a scalar can start (at the start of a line, after `- `, `: `,
/// `? `, a tag or anchor, or `[`, `{` and `,` in a flow collection), so the `'` of `don't` does not.
/// It reads any text without failing; a malformed file may hide comments, and is reported anyway.
struct YAMLCommentScanner {
    /// The quote of the quoted scalar that is open at the end of the last line.
    private var quote: UInt8?
    /// The block scalar the last line was in: the indentation of the node it belongs to, and that of
    /// its content once known.
    private var block: (parent: Int, content: Int?)?
    private var flowDepth = 0

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")

    /// What a line knows as it is read: whether a scalar may start at the next token, the
    /// indentation a block scalar on the line is measured from (the column of its key, or of the
    /// `-` of its sequence entry), and the column where the current entry's first token starts.
    private struct LineState {
        var canStartScalar = true
        var nodeIndent: Int
        var entryStart: Int?
    }

    /// The offset (in `line`'s indices) of the `#` that starts a comment on the line, if any. `line`
    /// is the line's bytes without its line break.
    mutating func comment(in line: ArraySlice<UInt8>) -> Int? {
        let indent = line.prefix(while: { $0 == Self.space }).count
        if continuesBlockScalar(line, indent: indent) { return nil }
        var state = LineState(nodeIndent: indent)
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            if let open = quote {
                index = stepInQuotedScalar(open, line, at: index, &state)
                continue
            }
            if byte == Self.space || byte == Self.tab {
                index += 1
                continue
            }
            let previous = index > line.startIndex ? line[index - 1] : Self.space
            if byte == UInt8(ascii: "#"), previous == Self.space || previous == Self.tab {
                return index
            }
            index = stepInPlain(byte, line, at: index, &state)
        }
        return nil
    }

    /// True when `line` is content of the block scalar the last line was in (or blank within
    /// it); a line less indented ends the block scalar.
    private mutating func continuesBlockScalar(_ line: ArraySlice<UInt8>, indent: Int) -> Bool {
        guard let current = block else { return false }
        if line.allSatisfy({ $0 == Self.space || $0 == Self.tab }) { return true }
        if let content = current.content {
            if indent >= content { return true }
        } else if indent > current.parent {
            block = (current.parent, indent)
            return true
        }
        block = nil
        return false
    }

    /// One step inside a quoted scalar: an escape in `"..."`, a doubled `''` in `'...'`, the
    /// closing quote, or any other byte. Returns the index to read next.
    private mutating func stepInQuotedScalar(_ open: UInt8, _ line: ArraySlice<UInt8>, at index: Int, _ state: inout LineState) -> Int {
        let byte = line[index]
        if open == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") { return index + 2 }
        if byte == open {
            if open == UInt8(ascii: "'"), index + 1 < line.endIndex, line[index + 1] == open { return index + 2 }
            quote = nil
            state.canStartScalar = false
        }
        return index + 1
    }

    /// One token outside quotes that is not white space or a comment: an indicator, a quote that
    /// opens a scalar, a flow bracket, a tag or anchor, a block scalar header, or plain text.
    /// Returns the index to read next.
    private mutating func stepInPlain(_ byte: UInt8, _ line: ArraySlice<UInt8>, at start: Int, _ state: inout LineState) -> Int {
        var index = start
        let column = index - line.startIndex
        let next = index + 1 < line.endIndex ? line[index + 1] : Self.space
        let beforeBlank = next == Self.space || next == Self.tab
        let isIndicator = (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: ":")) && beforeBlank
        if state.entryStart == nil, !(isIndicator && byte == UInt8(ascii: "-")) { state.entryStart = column }
        let character = Character(Unicode.Scalar(byte))
        if (character == "\"" || character == "'") && state.canStartScalar {
            quote = byte
        } else if isIndicator {
            state.canStartScalar = true
            if character == "-" {
                state.nodeIndent = column
                state.entryStart = nil
            } else if character == ":", flowDepth == 0, let entryStart = state.entryStart {
                state.nodeIndent = entryStart
            }
        } else if (character == "[" || character == "{") && state.canStartScalar {
            flowDepth += 1
        } else if (character == "]" || character == "}") && flowDepth > 0 {
            flowDepth -= 1
            state.canStartScalar = false
        } else if character == "," && flowDepth > 0 {
            state.canStartScalar = true
        } else if (character == "!" || character == "&") && state.canStartScalar {
            // A tag or an anchor: the scalar may start after it.
            while index + 1 < line.endIndex, line[index + 1] != Self.space, line[index + 1] != Self.tab { index += 1 }
        } else if (character == "|" || character == ">") && state.canStartScalar && flowDepth == 0 {
            // A block scalar header: the indicator, then a chomping indicator and an indentation
            // indicator in either order, then nothing but white space or a comment.
            var cursor = index + 1
            var explicit: Int?
            while cursor < line.endIndex, let digit = Self.headerIndicator(line[cursor]) {
                if digit > 0 { explicit = digit }
                cursor += 1
            }
            state.canStartScalar = false
            if cursor == line.endIndex || line[cursor] == Self.space || line[cursor] == Self.tab {
                block = (state.nodeIndent, explicit.map { state.nodeIndent + $0 })
                return cursor
            }
        } else {
            state.canStartScalar = false
        }
        return index + 1
    }

    /// A block scalar header's chomping indicator (`+`, `-`: 0) or indentation indicator (1 to 9).
    private static func headerIndicator(_ byte: UInt8) -> Int? {
        if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { return 0 }
        if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(byte) { return Int(byte - UInt8(ascii: "0")) }
        return nil
    }
}

/// Applies the suppression comments of every file to the diagnostics, and reports the comments
/// that name unknown rules (`invalid-suppression`) or suppressed nothing (`unused-suppression`).
struct SuppressionFilter {
    /// Rule ids that exist, for `invalid-suppression`.
    let knownRules: Set<String>
    /// Whether a rule reports in a file at all: a comment for a rule that is off is not unused.
    let isEnabled: (String, String) -> Bool

    /// The diagnostics that stay, and the problems with the comments.
    func apply(_ diagnostics: [Diagnostic], directives: [String: [SuppressionDirective]]) -> (kept: [Diagnostic], problems: [InputProblem]) {
        var kept: [Diagnostic] = []
        var used: Set<String> = []  // "path#directive#rule"
        for diagnostic in diagnostics {
            let path = diagnostic.position.path
            guard let fileDirectives = directives[path], !Self.aboutSuppressions(diagnostic.rule) else {
                kept.append(diagnostic)
                continue
            }
            if let (index, rule) = covering(diagnostic, in: fileDirectives) {
                used.insert("\(path)#\(index)#\(rule)")
            } else {
                kept.append(diagnostic)
            }
        }
        var problems: [InputProblem] = []
        for (path, fileDirectives) in directives {
            for (index, directive) in fileDirectives.enumerated() {
                for (rule, position) in directive.rules.map({ ($0.id, $0.position) }) {
                    if rule != "all" && !knownRules.contains(rule) {
                        let hint = Suggestion.aside(rule, in: knownRules)
                        problems.append(InputProblem(rule: ToolRule.invalidSuppression, position: position, values: [
                            "detail": "`\(rule)` is not a catalint rule\(hint), so this comment suppresses nothing",
                        ]))
                        continue
                    }
                    guard directive.action != .enable, !used.contains("\(path)#\(index)#\(rule)"),
                          rule == "all" || isEnabled(rule, path) else { continue }
                    problems.append(InputProblem(rule: ToolRule.unusedSuppression, position: position, values: [
                        "detail": "`\(SuppressionParser.prefix)\(directive.action.rawValue) \(rule)` suppressed nothing",
                    ]))
                }
            }
        }
        return (kept, problems)
    }

    /// The two suppression rules are never suppressed by comments (turn them off in the configuration).
    static func aboutSuppressions(_ rule: String) -> Bool {
        rule == ToolRule.invalidSuppression || rule == ToolRule.unusedSuppression
    }

    /// The first directive (by index) that covers the diagnostic, and the rule name it used.
    private func covering(_ diagnostic: Diagnostic, in directives: [SuppressionDirective]) -> (Int, String)? {
        let line = diagnostic.position.line
        for (index, directive) in directives.enumerated() {
            // The line first, the rule names after: a file may have many comments.
            switch directive.action {
            case .this, .next, .previous:
                guard directive.coveredLines?.contains(line) == true else { continue }
            case .disable:
                guard directive.line <= line else { continue }
            case .enable:
                continue
            }
            guard let name = directive.rules.first(where: { $0.id == diagnostic.rule || $0.id == "all" })?.id else { continue }
            if directive.action == .disable {
                // Until an `enable` of the same rule (or `all`) on a later line, before the diagnostic's line.
                let closed = directives[(index + 1)...].contains { later in
                    later.action == .enable && later.line > directive.line && later.line <= line
                        && later.rules.contains { $0.id == name || $0.id == "all" }
                }
                if closed { continue }
            }
            return (index, name)
        }
        return nil
    }
}
