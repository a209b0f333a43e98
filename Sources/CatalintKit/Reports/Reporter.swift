/// The report formats `--format` offers.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Ruff-like: each diagnostic with its source line, a caret and a help line, then a summary.
    case text
    /// `path:line:col: severity: message [rule]`, one per line, for Xcode and editors.
    case xcode
    /// One JSON object with every diagnostic and a summary.
    case json
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    case sarif
    /// GitHub Actions workflow commands (`::error file=...::message`), shown as annotations.
    case github
    /// Checkstyle XML, for CI servers and IDE plugins that read it.
    case checkstyle
    /// JUnit XML: a test case per rule and file.
    case junit
    /// GitLab Code Quality JSON (SwiftLint's `gitlab` reporter writes JUnit XML instead).
    case gitlab
    /// A table of rule, severity and count, for the end of a CI log.
    case summary
    /// reviewdog's diagnostic JSON (rdjson), with fixes as suggestions.
    case rdjson
    /// SonarQube's generic external issues JSON, with its `rules` array.
    case sonarqube
    /// A Markdown summary and table, for pull-request comments and job summaries.
    case markdown

    /// The reporter for this format; `quiet` leaves out the text report's summary lines.
    public func reporter(color: Bool = false, quiet: Bool = false) -> any Reporter {
        switch self {
        case .text: return TextReporter(color: color, quiet: quiet)
        case .xcode: return XcodeReporter()
        case .json: return JSONReporter()
        case .sarif: return SARIFReporter()
        case .github: return GitHubReporter()
        case .checkstyle: return CheckstyleReporter()
        case .junit: return JUnitReporter()
        case .gitlab: return GitLabReporter()
        case .summary: return SummaryReporter()
        case .rdjson: return RDJSONReporter()
        case .sonarqube: return SonarQubeReporter()
        case .markdown: return MarkdownReporter()
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

/// `text` with each Unicode scalar that `escape` gives a replacement for replaced by it: the one
/// loop of the reports' escaping.
func escaping(_ text: String, _ escape: (Unicode.Scalar) -> String?) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        if let replacement = escape(scalar) { result += replacement } else { result.unicodeScalars.append(scalar) }
    }
    return result
}

/// An XML attribute value or text, escaped.
func xmlEscaped(_ text: String) -> String {
    escaping(text) { scalar in
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&apos;"
        case "\n", "\r", "\t": "&#\(scalar.value);"
        // Not allowed in XML 1.0, even as a reference.
        case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): "\u{FFFD}"
        default: nil
        }
    }
}

/// The path of a diagnostic relative to the working folder when it is inside it, `/`-separated;
/// the absolute path otherwise. The formats for CI services want paths from the checkout root.
func pathFromWorkingDirectory(_ path: String) -> (path: String, isRelative: Bool) {
    if let relative = Paths.relative(path, to: "."), !relative.isEmpty { return (relative, true) }
    return (Configuration.absolute(path), false)
}

/// One report of a run, `--report FORMAT[=PATH]`: its format, and the file it goes to (standard
/// output when nil).
public struct ReportTarget: Sendable, Equatable {
    public var format: ReportFormat
    public var path: String?

    public init(format: ReportFormat, path: String? = nil) {
        self.format = format
        self.path = path
    }

    /// Reads `FORMAT` or `FORMAT=PATH`; an unknown format throws, with the closest one.
    public init(parsing text: String) throws(Invalid) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard let format = ReportFormat(rawValue: name) else {
            let names = ReportFormat.allCases.map(\.rawValue)
            throw Invalid(description: "--report \(text): '\(name)' is not a format.\(Suggestion.sentence(name, in: names)) "
                          + "The formats are \(names.joined(separator: ", ")); write FORMAT or FORMAT=PATH.")
        }
        if parts.count == 2 && parts[1].isEmpty {
            throw Invalid(description: "--report \(text): the path after '=' is empty; write \(name) for standard output, or \(name)=PATH")
        }
        self.init(format: format, path: parts.count == 2 ? String(parts[1]) : nil)
    }

    public struct Invalid: Error, CustomStringConvertible {
        public var description: String
    }
}

/// Whether a format is read by programs (JSON, XML): nothing else may go to standard output beside
/// it, so `--statistics` and the like go to standard error instead.
extension ReportFormat {
    public var isMachineReadable: Bool {
        switch self {
        case .text, .xcode, .github, .summary, .markdown: return false
        case .json, .sarif, .checkstyle, .junit, .gitlab, .rdjson, .sonarqube: return true
        }
    }
}
