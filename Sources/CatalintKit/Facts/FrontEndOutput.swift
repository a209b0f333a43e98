/// A problem with an input file itself, not a Mac-idiom finding: reported by a tool rule such as
/// `invalid-interface`, with the values its message template needs.
struct InputProblem: Sendable, Error, Codable, Equatable {
    var rule: String
    var position: SourcePosition
    var values: [String: String]

    /// `file-skipped` for a file past one of the limits: what stopped it, and the limit to raise.
    static func skipped(_ path: String, at position: SourcePosition? = nil, reason: String, limit: String) -> InputProblem {
        InputProblem(rule: ToolRule.fileSkipped, position: position ?? SourcePosition(path: path, line: 1, column: 1),
                     values: ["path": path, "reason": reason, "limit": limit])
    }
}

/// What a front end makes of one file: the facts for the rules, and the problems with the file.
struct FrontEndOutput: Sendable {
    var facts = FileFacts()
    var problems: [InputProblem] = []
    /// The file's `catalint:` suppression comments.
    var suppressions: [SuppressionDirective] = []
}
