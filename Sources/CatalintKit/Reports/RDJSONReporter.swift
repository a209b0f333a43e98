import Foundation

/// reviewdog's diagnostic format, rdjson: one `DiagnosticResult` object naming catalint as its
/// source, with a diagnostic per finding. Columns count UTF-8 bytes, as the format says. A finding
/// with a fix carries each edit of the fix as a suggestion (a range whose end is exclusive, and the
/// text that replaces it; an insertion has start equal to end), so that
/// `reviewdog -f=rdjson -reporter=github-pr-review` posts it as a suggested change on the pull request.
public struct RDJSONReporter: Reporter {
    public init() {}

    /// reviewdog's `Severity` enum, by name.
    static func severity(_ severity: Severity) -> String {
        severity.choose(error: "ERROR", warning: "WARNING", note: "INFO")
    }

    public func report(_ result: LintResult) -> String {
        let pages = Dictionary(RuleCatalog.all.map { ($0.id, RulePages.url(of: $0.id)) }, uniquingKeysWith: { first, _ in first })
        let diagnostics: [[String: Any]] = result.diagnostics.map { diagnostic in
            var code: [String: Any] = ["value": diagnostic.rule]
            if let url = pages[diagnostic.rule] { code["url"] = url }
            var message = "\(diagnostic.message) \(diagnostic.help)"
            if let fix = diagnostic.fix {
                message += " Suggested fix (\(fix.applicability.rawValue)): \(fix.title)"
            }
            var entry: [String: Any] = [
                "message": message,
                "location": [
                    "path": pathFromWorkingDirectory(diagnostic.position.path).path,
                    "range": ["start": Self.point(diagnostic.position)],
                ],
                "severity": Self.severity(diagnostic.severity),
                "code": code,
            ]
            if let fix = diagnostic.fix {
                entry["suggestions"] = fix.edits.map { edit -> [String: Any] in
                    ["range": ["start": Self.point(edit.start), "end": Self.point(edit.end)], "text": edit.replacement]
                }
            }
            return entry
        }
        let document: [String: Any] = [
            "source": ["name": "catalint", "url": SARIFReporter.informationURI],
            "diagnostics": diagnostics,
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return "{}\n"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A `Position`: the line, and the column in UTF-8 bytes.
    static func point(_ position: SourcePosition) -> [String: Any] {
        ["line": position.line, "column": position.utf8Column]
    }
}
