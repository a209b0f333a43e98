import SwiftSyntax

/// One `catalint:` comment: `catalint:disable rule-a, rule-b - reason`, `catalint:enable rule-a`,
/// `catalint:disable:next ...`, `catalint:disable:this ...`, `catalint:disable:previous ...`.
struct SuppressionDirective: Sendable {
    enum Action: String, Sendable, CaseIterable {
        case disable, enable
        case next = "disable:next"
        case this = "disable:this"
        case previous = "disable:previous"
    }

    var action: Action
    /// Rule ids as written, with where each stands; `all` stands for every rule.
    var rules: [(id: String, position: SourcePosition)]
    /// The line of the comment.
    var line: Int
    /// Where the comment's text starts (after `//` or `#`).
    var position: SourcePosition
    /// The comment's text, for messages.
    var text: String
}

/// Reads suppression comments: line comments whose text starts with `catalint:`.
enum SuppressionParser {
    static let prefix = "catalint:"

    /// Parses a comment's text (after `//` or `#`), which starts at `start` in `source`; nil when it
    /// is no catalint comment. A comment that starts with `catalint:` but cannot be read is a problem.
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
        var rules: [(String, SourcePosition)] = []
        var offset = bodyOffset + prefix.utf8.count + command.utf8.count
        var current = ""
        var currentStart = offset
        for character in list {
            if character == "," || character.isWhitespace {
                if !current.isEmpty { rules.append((current, source.position(utf8Offset: currentStart))) }
                current = ""
            } else {
                if current.isEmpty { currentStart = offset }
                current.append(character)
            }
            offset += character.utf8.count
        }
        if !current.isEmpty { rules.append((current, source.position(utf8Offset: currentStart))) }
        guard !rules.isEmpty else {
            return .failure(InputProblem(rule: ToolRule.invalidSuppression, position: commentPosition, values: [
                "detail": "`\(prefix)\(command)` names no rule; name the rules, or `all`",
            ]))
        }
        return .success(SuppressionDirective(action: action, rules: rules, line: commentPosition.line, position: commentPosition,
                                             text: String(body).trimmed))
    }

    /// The suppression comments of a Swift file: `//` line comments in the trivia of its tokens.
    static func swift(_ file: SwiftSourceFile) -> (directives: [SuppressionDirective], problems: [InputProblem]) {
        let source = file.source
        var directives: [SuppressionDirective] = []
        var problems: [InputProblem] = []
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            for (trivia, start) in [(token.leadingTrivia, token.position), (token.trailingTrivia, token.endPositionBeforeTrailingTrivia)] {
                var offset = start.utf8Offset
                for piece in trivia {
                    if case .lineComment(let text) = piece, text.contains(prefix) {
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

    /// The suppression comments of a YAML interface file: `#` comments outside quoted strings and
    /// block scalars.
    static func yaml(_ source: SourceText) -> (directives: [SuppressionDirective], problems: [InputProblem]) {
        var directives: [SuppressionDirective] = []
        var problems: [InputProblem] = []
        var lineStart = 0
        var blockIndent: Int?  // inside a `|` or `>` block scalar: lines indented more than this
        for line in source.text.split(separator: "\n", omittingEmptySubsequences: false) {
            defer { lineStart += line.utf8.count + 1 }
            let indent = line.prefix(while: { $0 == " " }).count
            let isBlank = line.allSatisfy(\.isWhitespace)
            if let block = blockIndent {
                if isBlank || indent > block { continue }
                blockIndent = nil
            }
            var quote: Character?
            var previous: Character = " "
            var byteOffset = 0
            var commentOffset: Int?
            for character in line {
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if character == "#", previous == " " || previous == "\t" || byteOffset == 0 {
                    commentOffset = byteOffset
                    break
                }
                previous = character
                byteOffset += character.utf8.count
            }
            let content: String
            if let commentOffset {
                content = String(decoding: Array(line.utf8).prefix(commentOffset), as: UTF8.self)
            } else {
                content = String(line)
            }
            let trimmed = content.trimmingTrailingSpaces
            if trimmed.hasSuffix("|") || trimmed.hasSuffix(">") || trimmed.hasSuffix("|-") || trimmed.hasSuffix(">-")
                || trimmed.hasSuffix("|+") || trimmed.hasSuffix(">+") {
                blockIndent = indent
            }
            guard let commentOffset else { continue }
            let text = String(decoding: line.utf8.dropFirst(commentOffset + 1), as: UTF8.self)
            switch parse(text, startOffset: lineStart + commentOffset + 1, source: source) {
            case .success(let directive)?: directives.append(directive)
            case .failure(let problem)?: problems.append(problem)
            case nil: break
            }
        }
        return (directives, problems)
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
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
                for (rule, position) in directive.rules {
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
        let names = [diagnostic.rule, "all"]
        for (index, directive) in directives.enumerated() {
            guard let name = directive.rules.map(\.id).first(where: names.contains) else { continue }
            switch directive.action {
            case .this where directive.line == line, .next where directive.line + 1 == line, .previous where directive.line - 1 == line:
                return (index, name)
            case .disable where directive.line <= line:
                // Until an `enable` of the same rule (or `all`) on a later line, before the diagnostic's line.
                let closed = directives[(index + 1)...].contains { later in
                    later.action == .enable && later.line > directive.line && later.line <= line
                        && later.rules.contains { $0.id == name || $0.id == "all" }
                }
                if !closed { return (index, name) }
            default:
                continue
            }
        }
        return nil
    }
}
