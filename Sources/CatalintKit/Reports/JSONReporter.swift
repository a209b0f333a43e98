/// One JSON object: the version, every diagnostic (keys in a fixed order) and a summary. Each
/// diagnostic gives its column in characters (`column`), UTF-8 bytes (`byte_column`) and UTF-16
/// code units (`utf16_column`). A diagnostic with a fix carries it as `fix`: its title, whether it
/// is safe, and its edits, each a range (start and end, with the same three columns) and the text
/// that replaces it. When a project judged the files, `build` says how: for each linted file the
/// idiom it was judged in (`judged_as`: `mac`, `pad`, `not-on-mac`, `not-ios`, `unbuilt`), the
/// target and project that decided and why; and the files left out, each with why.
public struct JSONReporter: Reporter {
    public init() {}

    public func report(_ result: LintResult) -> String {
        var output = "{\n  \"version\": \(quoted(CatalintVersion.current)),\n  \"diagnostics\": ["
        for (offset, diagnostic) in result.diagnostics.enumerated() {
            output += offset == 0 ? "\n" : ",\n"
            output += "    {\"rule\": \(quoted(diagnostic.rule)), \"severity\": \(quoted(diagnostic.severity.rawValue)), "
            output += "\"path\": \(quoted(diagnostic.position.path)), \"line\": \(diagnostic.position.line), "
            output += "\"column\": \(diagnostic.position.column), \"byte_column\": \(diagnostic.position.utf8Column), "
            output += "\"utf16_column\": \(diagnostic.position.utf16Column), \"message\": \(quoted(diagnostic.message)), "
            output += "\"help\": \(quoted(diagnostic.help))"
            if let fix = diagnostic.fix { output += ", \"fix\": " + Self.json(fix) }
            output += "}"
        }
        output += result.diagnostics.isEmpty ? "],\n" : "\n  ],\n"
        if let build = result.build, !build.isEmpty { output += Self.json(build) }
        output += "  \"summary\": {\"files\": \(result.filesChecked), \"errors\": \(result.count(.error)), "
        output += "\"warnings\": \(result.count(.warning)), \"notes\": \(result.count(.note))}\n}\n"
        return output
    }

    static func json(_ build: BuildReport) -> String {
        let files = build.files.map { file in
            "    {\"path\": \(quoted(file.path)), \"judged_as\": \(quoted(file.judgedAs)), \"target\": \(file.target.map(quoted) ?? "null"), "
                + "\"project\": \(quoted(file.project)), \"reason\": \(quoted(file.reason))}"
        }
        let leftOut = build.leftOut.map { "    {\"path\": \(quoted($0.path)), \"reason\": \(quoted($0.reason))}" }
        func list(_ items: [String]) -> String { items.isEmpty ? "[]" : "[\n  " + items.joined(separator: ",\n  ") + "\n    ]" }
        return "  \"build\": {\n    \"files\": \(list(files)),\n    \"left_out\": \(list(leftOut))\n  },\n"
    }

    static func json(_ fix: Fix) -> String {
        func point(_ position: SourcePosition) -> String {
            "{\"line\": \(position.line), \"column\": \(position.column), \"byte_column\": \(position.utf8Column), \"utf16_column\": \(position.utf16Column)}"
        }
        let edits = fix.edits.map { edit in
            "{\"range\": {\"start\": \(point(edit.start)), \"end\": \(point(edit.end))}, \"replacement\": \(quoted(edit.replacement))}"
        }
        return "{\"title\": \(quoted(fix.title)), \"applicability\": \(quoted(fix.applicability.rawValue)), \"edits\": [\(edits.joined(separator: ", "))]}"
    }
}

/// A JSON string literal.
func quoted(_ text: String) -> String {
    let escaped = escaping(text) { scalar in
        switch scalar {
        case "\"", "\\": "\\" + String(scalar)
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case _ where scalar.value < 0x20: "\\u" + ("000" + String(scalar.value, radix: 16)).suffix(4)
        default: nil
        }
    }
    return "\"" + escaped + "\""
}
