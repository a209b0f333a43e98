import Foundation

/// GitHub Actions workflow commands: `::error file=PATH,line=L,col=C,title=RULE::MESSAGE`, escaped
/// as the Actions toolkit escapes them, so each diagnostic becomes an annotation on the pull request.
public struct GitHubReporter: Reporter {
    public init() {}

    /// The toolkit's `escapeData`: `%`, CR and LF.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// The toolkit's `escapeProperty`: `%`, CR, LF, `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    public func report(_ result: LintResult) -> String {
        result.diagnostics.map { diagnostic in
            let command = diagnostic.severity.choose(error: "error", warning: "warning", note: "notice")
            let properties = [
                "file=" + Self.escapeProperty(pathFromWorkingDirectory(diagnostic.position.path).path),
                "line=\(diagnostic.position.line)",
                "col=\(diagnostic.position.column)",
                "title=" + Self.escapeProperty(diagnostic.rule),
            ].joined(separator: ",")
            return "::\(command) \(properties)::\(Self.escapeData("\(diagnostic.message) \(diagnostic.help)"))\n"
        }.joined()
    }
}

/// Checkstyle XML: `<checkstyle><file name=...><error line= column= severity= message= source=/>`.
public struct CheckstyleReporter: Reporter {
    public init() {}

    public func report(_ result: LintResult) -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        let byFile = Dictionary(grouping: result.diagnostics, by: \.position.path)
        for path in byFile.keys.sorted() {
            output += "  <file name=\"\(xmlEscaped(path))\">\n"
            for diagnostic in byFile[path] ?? [] {
                let severity = diagnostic.severity == .note ? "info" : diagnostic.severity.rawValue
                output += "    <error line=\"\(diagnostic.position.line)\" column=\"\(diagnostic.position.column)\" severity=\"\(severity)\" "
                output += "message=\"\(xmlEscaped(diagnostic.message))\" source=\"catalint.\(xmlEscaped(diagnostic.rule))\"/>\n"
            }
            output += "  </file>\n"
        }
        return output + "</checkstyle>\n"
    }
}

/// JUnit XML: one test suite; for every checked file, a test case per rule that fired there (its
/// failures are the diagnostics), or one passing test case when nothing fired.
public struct JUnitReporter: Reporter {
    public init() {}

    public func report(_ result: LintResult) -> String {
        let byFile = Dictionary(grouping: result.diagnostics, by: \.position.path)
        let paths = Set(result.paths).union(byFile.keys).sorted()
        var cases: [String] = []
        var failing = 0
        for path in paths {
            let diagnostics = byFile[path] ?? []
            if diagnostics.isEmpty {
                cases.append("    <testcase classname=\"\(xmlEscaped(path))\" name=\"catalint\" time=\"0\"/>\n")
                continue
            }
            let byRule = Dictionary(grouping: diagnostics, by: \.rule)
            for rule in byRule.keys.sorted() {
                failing += 1
                var testCase = "    <testcase classname=\"\(xmlEscaped(path))\" name=\"\(xmlEscaped(rule))\" time=\"0\">\n"
                for diagnostic in byRule[rule] ?? [] {
                    let text = "\(diagnostic.position): \(diagnostic.severity.rawValue): \(diagnostic.message)\nhelp: \(diagnostic.help)"
                    testCase += "      <failure type=\"\(xmlEscaped(rule))\" message=\"\(xmlEscaped("\(diagnostic.position.line):\(diagnostic.position.column): \(diagnostic.message)"))\">\(xmlEscaped(text))</failure>\n"
                }
                cases.append(testCase + "    </testcase>\n")
            }
        }
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output += "<testsuites name=\"catalint\" tests=\"\(cases.count)\" failures=\"\(failing)\" errors=\"0\" time=\"0\">\n"
        output += "  <testsuite name=\"catalint\" tests=\"\(cases.count)\" failures=\"\(failing)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
        output += cases.joined()
        output += "  </testsuite>\n</testsuites>\n"
        return output
    }
}

/// GitLab Code Quality JSON: an array of issues with a fingerprint that stays the same across runs
/// (path, rule, line text and which occurrence of that text it is; not the line number).
public struct GitLabReporter: Reporter {
    public init() {}

    static func severity(_ severity: Severity) -> String {
        severity.choose(error: "major", warning: "minor", note: "info")
    }

    public func report(_ result: LintResult) -> String {
        var occurrences: [String: Int] = [:]
        let issues: [[String: Any]] = result.diagnostics.map { diagnostic in
            let path = pathFromWorkingDirectory(diagnostic.position.path).path
            let identity = "\(path)\u{0}\(diagnostic.rule)\u{0}\((diagnostic.sourceLine ?? "").trimmed)"
            let occurrence = occurrences[identity, default: 0]
            occurrences[identity] = occurrence + 1
            return [
                "type": "issue",
                "check_name": diagnostic.rule,
                "description": diagnostic.message,
                "content": ["body": diagnostic.help],
                "categories": ["Bug Risk"],
                "fingerprint": SHA256.hex(of: "\(identity)\u{0}\(occurrence)"),
                "severity": Self.severity(diagnostic.severity),
                "location": ["path": path, "lines": ["begin": diagnostic.position.line]],
            ]
        }
        guard let data = try? JSONSerialization.data(withJSONObject: issues, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return "[]\n"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// A table of rule, severity and count, for the end of a CI log.
public struct SummaryReporter: Reporter {
    public init() {}

    public func report(_ result: LintResult) -> String {
        let groups = Dictionary(grouping: result.diagnostics) { "\($0.rule)\u{0}\($0.severity.rawValue)" }
        let rows = groups.map { key, diagnostics -> (String, String, Int) in
            let parts = key.split(separator: "\u{0}").map(String.init)
            return (parts[0], parts[1], diagnostics.count)
        }.sorted { ($0.2, $1.0, $1.1) > ($1.2, $0.0, $0.1) }
        let ruleWidth = max("rule".count, rows.map(\.0.count).max() ?? 0)
        var output = "rule".padding(toLength: ruleWidth, withPad: " ", startingAt: 0) + "  severity  count\n"
        for (rule, severity, count) in rows {
            output += rule.padding(toLength: ruleWidth, withPad: " ", startingAt: 0) + "  "
                + severity.padding(toLength: 8, withPad: " ", startingAt: 0) + "  " + String(count) + "\n"
        }
        output += TextReporter(color: false).summary(result) + "\n"
        return output
    }
}
