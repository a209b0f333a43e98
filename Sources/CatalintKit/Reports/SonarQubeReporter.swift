import Foundation

/// SonarQube's generic format for external issues (the one of SonarQube Server 10.3 and later, and
/// SonarQube Cloud), read through `sonar.externalIssuesReportPaths`: a `rules` array with each rule
/// that reported, and an `issues` array with a finding each.
///
/// A rule's impact is on reliability (what catalint finds misbehaves at run time), its Clean Code
/// attribute `LOGICAL`. SonarQube keeps one severity per rule, so a rule gets the highest severity
/// it reported at in the run (levels can differ by folder). Issues give lines only: SonarQube
/// refuses a whole report over one column past the end of a line, and catalint's positions are
/// points, not ranges.
public struct SonarQubeReporter: Reporter {
    /// What SonarQube shows as the issues' origin.
    public static let engineID = "catalint"

    public init() {}

    /// The impact's severity (the Multi-Quality Rule mode).
    static func impactSeverity(_ severity: Severity) -> String {
        severity.choose(error: "HIGH", warning: "MEDIUM", note: "LOW")
    }

    /// The rule's severity in SonarQube's Standard Experience.
    static func standardSeverity(_ severity: Severity) -> String {
        severity.choose(error: "MAJOR", warning: "MINOR", note: "INFO")
    }

    public func report(_ result: LintResult) -> String {
        let catalog = Dictionary(RuleCatalog.all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var highest: [String: Severity] = [:]
        for diagnostic in result.diagnostics {
            highest[diagnostic.rule] = max(highest[diagnostic.rule] ?? diagnostic.severity, diagnostic.severity)
        }
        let rules: [[String: Any]] = highest.keys.sorted().map { id in
            let severity = highest[id] ?? .warning
            let rule = catalog[id]
            return [
                "id": id,
                "name": rule?.title ?? id,
                "description": rule.map { "\($0.summary) \($0.rationale.trimmed)" } ?? id,
                "engineId": Self.engineID,
                "cleanCodeAttribute": "LOGICAL",
                "type": "BUG",
                "severity": Self.standardSeverity(severity),
                "impacts": [["softwareQuality": "RELIABILITY", "severity": Self.impactSeverity(severity)]],
            ]
        }
        let issues: [[String: Any]] = result.diagnostics.map { diagnostic in
            [
                "ruleId": diagnostic.rule,
                "primaryLocation": [
                    "message": "\(diagnostic.message) \(diagnostic.help)",
                    "filePath": pathFromWorkingDirectory(diagnostic.position.path).path,
                    "textRange": ["startLine": diagnostic.position.line, "endLine": diagnostic.position.line],
                ],
            ]
        }
        let document: [String: Any] = ["rules": rules, "issues": issues]
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return "{\"rules\": [], \"issues\": []}\n"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
