/// How much a diagnostic matters.
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
    case note
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.isDeclared(before: rhs) }
}

extension Severity {
    /// What another format calls this severity, given for each: GitLab's `major`, `minor` and
    /// `info`, a terminal's colors, the Language Server Protocol's numbers.
    package func choose<Name>(error: Name, warning: Name, note: Name) -> Name {
        switch self {
        case .error: error
        case .warning: warning
        case .note: note
        }
    }
}

extension CaseIterable where Self: Equatable {
    /// True when this case comes before `other` in the type's declaration: the order of
    /// severities and fix applicabilities.
    func isDeclared(before other: Self) -> Bool {
        let cases = Array(Self.allCases)
        return cases.firstIndex(of: self)! < cases.firstIndex(of: other)!
    }
}

/// One finding, ready to report: which rule, where, what is wrong and what to do.
public struct Diagnostic: Hashable, Sendable, Comparable, Codable {
    public var rule: String
    public var severity: Severity
    public var position: SourcePosition
    /// What is wrong and why it breaks in the Mac idiom.
    public var message: String
    /// What to do instead.
    public var help: String
    /// The line the position is on (a window of it, for a very long line), for reporters that show it.
    public var excerpt: SourceExcerpt?
    /// The rule's fix for this place, if it has one.
    public var fix: Fix?

    public init(rule: String, severity: Severity, position: SourcePosition, message: String, help: String, excerpt: SourceExcerpt? = nil,
                fix: Fix? = nil) {
        self.rule = rule
        self.severity = severity
        self.position = position
        self.message = message
        self.help = help
        self.excerpt = excerpt
        self.fix = fix
    }

    /// The text of the excerpt: the line, or a window of a very long one.
    public var sourceLine: String? { excerpt?.text }

    /// Sorted by path, line, column, then rule and message, so output never depends on scheduling.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.position != rhs.position { return lhs.position < rhs.position }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
}
