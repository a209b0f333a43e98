import Foundation

/// `catalint lint --add-suppressions`: a suppression comment for every finding of a run that a
/// comment may silence (see `SuppressionWriter`), worked out in memory and checked before anything
/// is written: the run is linted again with the new texts standing in for the files, and a file
/// where that finds a problem reading it that was not there before keeps its text.
public struct SuppressionRun: Sendable {
    /// Each file to change: its text before (without a byte order mark) and after, by path.
    public var changes: [(path: String, before: String, after: String)] = []
    /// Files that started with a byte order mark, which writing keeps.
    public var byteOrderMarks: Set<String> = []
    /// Comments written or extended, by path.
    public var comments: [String: Int] = [:]
    /// Findings no comment could silence (catalint's own, or on a line where a comment would be
    /// text), and those of files left as they were.
    public var left: [Diagnostic] = []
    /// The result of linting with the new texts: what the next run reports.
    public var result: LintResult

    public static func plan(_ result: LintResult, linter: Linter, inputs: LintInputs, reason: String?) throws -> SuppressionRun {
        var run = SuppressionRun(result: result)
        var outcomes: [String: SuppressionWriter.Outcome] = [:]
        for (path, diagnostics) in Dictionary(grouping: result.diagnostics, by: \.position.path).sorted(by: { $0.key < $1.key }) {
            guard diagnostics.contains(where: SuppressionWriter.suppressible),
                  let kind = linter.options.configuration.inputKind(path),
                  let (text, mark) = EditableFile.read(path) else {
                run.left += diagnostics
                continue
            }
            let outcome = SuppressionWriter.suppress(diagnostics, in: text, kind: kind, path: path, reason: reason)
            run.left += outcome.left
            guard outcome.comments > 0 else { continue }
            if mark { run.byteOrderMarks.insert(path) }
            outcomes[path] = outcome
            run.changes.append((path, text, outcome.text))
        }
        guard !run.changes.isEmpty else { return run }
        var check = linter
        for change in run.changes { check.options.overlay[Configuration.absolute(change.path)] = change.after }
        let checked = try check.lint(inputs)
        // A file that now has a problem of reading it (a comment that broke a YAML scalar, say) keeps its text.
        func readingProblems(_ diagnostics: [Diagnostic], _ path: String) -> Int {
            diagnostics.filter { $0.position.path == path && RuleCatalog.rule($0.rule)?.category == .meta && !SuppressionFilter.aboutSuppressions($0.rule) }.count
        }
        let broken = Set(run.changes.map(\.path).filter { readingProblems(checked.diagnostics, $0) > readingProblems(result.diagnostics, $0) })
        if broken.isEmpty {
            run.result = checked
        } else {
            run.changes.removeAll { broken.contains($0.path) }
            run.left += result.diagnostics.filter { broken.contains($0.position.path) && SuppressionWriter.suppressible($0) }
            var again = linter
            for change in run.changes { again.options.overlay[Configuration.absolute(change.path)] = change.after }
            run.result = try again.lint(inputs)
        }
        for change in run.changes { run.comments[change.path] = outcomes[change.path]?.comments ?? 0 }
        run.left.sort()
        return run
    }

    /// A changed file's new text as it goes to disk (with its byte order mark).
    public func contents(of change: (path: String, before: String, after: String)) -> Data {
        Data(((byteOrderMarks.contains(change.path) ? "\u{FEFF}" : "") + change.after).utf8)
    }
}

/// A file read for editing: its text as UTF-8, without the byte order mark it may start with.
public enum EditableFile {
    public static func read(_ path: String) -> (text: String, byteOrderMark: Bool)? {
        // Read by bytes: Foundation's decoding drops a byte order mark without a word.
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let mark = data.starts(with: [0xEF, 0xBB, 0xBF])
        guard let text = String(data: mark ? data.dropFirst(3) : data, encoding: .utf8) else { return nil }
        return (text, mark)
    }
}
