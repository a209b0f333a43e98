/// The report formats `--format` offers.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Ruff-like: each diagnostic with its source line, a caret and a help line, then a summary.
    case text
    /// `path:line:col: severity: message [rule]`, one per line, for Xcode and editors.
    case xcode
    /// One JSON object with every diagnostic and a summary.
    case json

    /// The reporter for this format.
    public func reporter(color: Bool = false) -> any Reporter {
        switch self {
        case .text: return TextReporter(color: color)
        case .xcode: return XcodeReporter()
        case .json: return JSONReporter()
        }
    }
}

/// Turns the result of a run into text.
public protocol Reporter: Sendable {
    func report(_ result: LintResult) -> String
}

/// `1 error`, `2 warnings`.
func plural(_ count: Int, _ word: String) -> String {
    "\(count) \(word)\(count == 1 ? "" : "s")"
}
