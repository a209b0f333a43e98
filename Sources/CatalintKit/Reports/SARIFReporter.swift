import Foundation

/// SARIF 2.1.0: the tool with every rule's documentation, and a result per diagnostic whose location
/// is relative to `%SRCROOT%` (the working folder), as GitHub code scanning displays it.
public struct SARIFReporter: Reporter {
    /// Where people learn about catalint.
    public static let informationURI = "https://github.com/catalint/catalint"

    public init() {}

    public func report(_ result: LintResult) -> String {
        let rules = RuleCatalog.all
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let driverRules: [[String: Any]] = rules.map { rule in
            [
                "id": rule.id,
                "name": rule.title,
                "shortDescription": ["text": rule.summary],
                "fullDescription": ["text": rule.rationale.trimmed],
                // The rule's page; the source it rests on (Apple's page) is in the help's text.
                "help": ["text": "\(rule.advice.trimmed) Reference: \(rule.reference.title), \(rule.reference.url)",
                         "markdown": RuleDocs.explain(rule, markdown: true)],
                "helpUri": RulePages.url(of: rule.id),
                // SARIF names its levels as catalint names its severities.
                "defaultConfiguration": ["level": rule.severity.rawValue, "enabled": !rule.optIn],
                "properties": ["tags": [rule.category.rawValue]],
            ]
        }
        let results: [[String: Any]] = result.diagnostics.map { diagnostic in
            let (path, isRelative) = pathFromWorkingDirectory(diagnostic.position.path)
            var artifact: [String: Any] = ["uri": Self.uri(path, relative: isRelative)]
            if isRelative { artifact["uriBaseId"] = "%SRCROOT%" }
            var entry: [String: Any] = [
                "ruleId": diagnostic.rule,
                "level": diagnostic.severity.rawValue,
                "message": ["text": "\(diagnostic.message) \(diagnostic.help)"],
                "locations": [[
                    "physicalLocation": [
                        "artifactLocation": artifact,
                        "region": [
                            "startLine": diagnostic.position.line,
                            "startColumn": Self.utf16Column(diagnostic),
                        ],
                    ],
                ]],
            ]
            if let index = ruleIndex[diagnostic.rule] { entry["ruleIndex"] = index }
            if let fix = diagnostic.fix {
                // SARIF's replacement regions end before endColumn; an insertion has no width.
                entry["fixes"] = [[
                    "description": ["text": fix.title],
                    "properties": ["applicability": fix.applicability.rawValue],
                    "artifactChanges": [[
                        "artifactLocation": artifact,
                        "replacements": fix.edits.map { edit -> [String: Any] in
                            [
                                "deletedRegion": [
                                    "startLine": edit.start.line, "startColumn": edit.start.utf16Column,
                                    "endLine": edit.end.line, "endColumn": edit.end.utf16Column,
                                ],
                                "insertedContent": ["text": edit.replacement],
                            ]
                        },
                    ]],
                ]]
            }
            return entry
        }
        let root = Configuration.absolute(".")
        let log: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": [
                    "name": "catalint",
                    "version": CatalintVersion.current,
                    "semanticVersion": CatalintVersion.current,
                    "informationUri": Self.informationURI,
                    "rules": driverRules,
                ]],
                "originalUriBaseIds": ["%SRCROOT%": ["uri": URL(fileURLWithPath: root, isDirectory: true).absoluteString]],
                "columnKind": "utf16CodeUnits",
                "results": results,
            ]],
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: log, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return "{}\n"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A relative path as a URI reference (each segment percent-encoded), or an absolute `file://` URI.
    static func uri(_ path: String, relative: Bool) -> String {
        if !relative { return URL(fileURLWithPath: path).absoluteString }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":;")
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }
            .joined(separator: "/")
    }

    /// SARIF counts columns in UTF-16 code units by default (the run states it in `columnKind`).
    static func utf16Column(_ diagnostic: Diagnostic) -> Int {
        diagnostic.position.utf16Column
    }
}
