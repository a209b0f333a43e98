/// The default report, after Ruff's full output: the location and message, the source line with a
/// caret under the column, what to do, and a summary line. The printed column counts UTF-8 bytes,
/// as compilers' messages do, so editors jump to the right place; the caret stands under the
/// character.
public struct TextReporter: Reporter {
    public var color: Bool
    /// Only the findings: no summary, no line about fixes (`--quiet`).
    public var quiet: Bool

    public init(color: Bool, quiet: Bool = false) {
        self.color = color
        self.quiet = quiet
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func severityColor(_ severity: Severity) -> String {
        severity.choose(error: "1;31", warning: "1;33", note: "1;36")
    }

    public func report(_ result: LintResult) -> String {
        var output = ""
        for diagnostic in result.diagnostics {
            let label = paint("\(diagnostic.severity.rawValue)[\(diagnostic.rule)]", severityColor(diagnostic.severity))
            output += "\(paint(diagnostic.position.byteDescription, "1")): \(label) \(diagnostic.message)\n"
            if let excerpt = diagnostic.excerpt {
                let line = excerpt.text
                let number = String(diagnostic.position.line)
                let gutter = String(repeating: " ", count: number.count)
                // Keep tabs under tabs so the caret lines up with the column.
                let lead = line.prefix(excerpt.caret - 1).map { $0 == "\t" ? "\t" : " " }.joined()
                output += "\(gutter) \(paint("|", "34"))\n"
                output += "\(paint(number, "34")) \(paint("|", "34")) \(line)\n"
                output += "\(gutter) \(paint("|", "34")) \(lead)\(paint("^", severityColor(diagnostic.severity)))\n"
                output += "\(gutter) \(paint("=", "34")) \(paint("help:", "1")) \(diagnostic.help)\n"
            } else {
                output += "  \(paint("=", "34")) \(paint("help:", "1")) \(diagnostic.help)\n"
            }
            output += "\n"
        }
        if quiet { return output }
        if !result.omitted.isEmpty {
            output += "\(plural(result.omitted.count, "more finding")) not shown (--max-diagnostics).\n"
        }
        output += summary(result) + "\n"
        if let fixes = fixable(result) { output += fixes + "\n" }
        return output
    }

    /// How many findings `--fix` or `--unsafe-fixes` would fix, or nil when none.
    func fixable(_ result: LintResult) -> String? {
        let safe = result.diagnostics.filter { $0.fix?.applicability == .safe }.count
        let unsafe = result.diagnostics.filter { $0.fix?.applicability == .unsafe }.count
        switch (safe, unsafe) {
        case (0, 0): return nil
        case (_, 0): return "\(plural(safe, "finding")) can be fixed with `--fix`."
        case (0, _): return "\(plural(unsafe, "finding")) can be fixed with `--fix --unsafe-fixes` (review the change: it alters the app on the Mac)."
        default: return "\(plural(safe, "finding")) can be fixed with `--fix`, \(unsafe) more with `--unsafe-fixes` (review the change: it alters the app on the Mac)."
        }
    }

    /// `3 errors, 2 warnings in 4 files (12 files checked)`, with notes when there are any.
    func summary(_ result: LintResult) -> String {
        if result.diagnostics.isEmpty && result.omitted.isEmpty {
            return "All checks passed (\(plural(result.filesChecked, "file")) checked)."
        }
        var counts = [plural(result.count(.error), "error"), plural(result.count(.warning), "warning")]
        if result.count(.note) > 0 { counts.append(plural(result.count(.note), "note")) }
        return "\(counts.joined(separator: ", ")) in \(plural(result.filesWithDiagnostics, "file")) (\(plural(result.filesChecked, "file")) checked)"
    }
}
