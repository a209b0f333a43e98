/// A problem with an input file itself, not a Mac-idiom finding: reported by a tool rule such as
/// `invalid-interface`, with the values its message template needs.
struct InputProblem: Sendable, Error {
    var rule: String
    var position: SourcePosition
    var values: [String: String]
}

/// What a front end makes of one file: the facts for the rules, and the problems with the file.
struct FrontEndOutput: Sendable {
    var facts = FileFacts()
    var problems: [InputProblem] = []
    /// The file's `catalint:` suppression comments.
    var suppressions: [SuppressionDirective] = []
}
