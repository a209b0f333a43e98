/// Where a fix can change the source around a fact, as the Swift front end saw it: the statement the
/// fact is in, the indentation of its line, and how the source names the object the fact is about.
public struct EditSite: Hashable, Sendable, Codable {
    /// Where the statement starts and ends (its text, without the comments around it).
    public var statementStart: SourcePosition
    public var statementEnd: SourcePosition
    /// The spaces and tabs at the start of the statement's line.
    public var indentation: String
    /// How the source names the object (`slider`, `self.rating`, `cell.button?`); nil for `self`
    /// left implicit inside a type.
    public var receiver: String?
    /// True when the statement declares a name (`let stepper = UIStepper()`): wrapping it in an `if`
    /// would hide the name from the code after it.
    public var declaresName: Bool

    public init(statementStart: SourcePosition, statementEnd: SourcePosition, indentation: String, receiver: String?, declaresName: Bool) {
        self.statementStart = statementStart
        self.statementEnd = statementEnd
        self.indentation = indentation
        self.receiver = receiver
        self.declaresName = declaresName
    }
}
