/// Where a fix can change the source around a fact, as the Swift front end saw it: the statement the
/// fact is in, the indentation of its line, and how the source names the object the fact is about.
struct EditSite: Hashable, Sendable, Codable {
    /// Where the statement starts and ends (its text, without the comments around it).
    var statementStart: SourcePosition
    var statementEnd: SourcePosition
    /// The spaces and tabs at the start of the statement's line.
    var indentation: String
    /// How the source names the object (`slider`, `self.rating`, `cell.button?`): empty for `self`
    /// left implicit inside a type, nil when it cannot be written again on a line of its own.
    var receiver: String?
    /// True when the statement can be wrapped in an `if` and keep its meaning: an assignment or a
    /// call, not a declaration (it would hide the name from the code after it), a `return` or the
    /// value of a single-expression body, nor top-level code.
    var wrappable: Bool
}
