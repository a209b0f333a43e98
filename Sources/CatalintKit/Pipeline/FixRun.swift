import Foundation

/// The fixes of a run worked out in memory, a round at a time, before anything is written: what
/// `--fix` writes, `--diff` shows and `--show-fixes` lists are the same texts. Each round applies,
/// in each file, the fixes whose edits do not overlap, then lints again with the fixed texts
/// standing in for the files (`LintOptions.overlay`), since one fix can make others unneeded; at
/// most ten rounds.
public struct FixRun: Sendable {
    /// Each changed file's text before (as read, without a byte order mark) and after, by path.
    public var changes: [(path: String, before: String, after: String)] = []
    /// Files that started with a byte order mark, which writing keeps.
    public var byteOrderMarks: Set<String> = []
    /// The fixes applied, round after round.
    public var fixes: [AppliedFix] = []
    /// Files left unfixed: their fixes would leave a syntax error, or the fixed text could not be
    /// read again within its limits.
    public var refused: [String] = []
    /// The run's result once every fix is in: what is left.
    public var result: LintResult

    /// Works out the fixes of `result` (a lint of `inputs` by `linter`): the safe ones, or every one
    /// with `unsafe`.
    public static func plan(_ result: LintResult, linter: Linter, inputs: LintInputs, unsafe: Bool, rounds: Int = 10) throws -> FixRun {
        var run = FixRun(result: result)
        var originals: [String: String] = [:]
        var texts: [String: String] = [:]
        var refused: Set<String> = []
        var byteOrderMarks: Set<String> = []
        var linter = linter
        for _ in 0..<rounds {
            let diagnostics = run.result.diagnostics
            let round = Fixer.round(diagnostics, unsafe: unsafe, linter: linter) { path in
                guard !refused.contains(path) else { return nil }
                if let text = texts[path] { return text }
                guard let (text, mark) = EditableFile.read(path) else { return nil }
                if mark { byteOrderMarks.insert(path) }
                originals[path] = text
                return text
            }
            refused.formUnion(round.refused)
            guard !round.texts.isEmpty else { break }
            texts.merge(round.texts) { _, new in new }
            run.fixes += round.fixes
            for (path, text) in round.texts { linter.options.overlay[Configuration.absolute(path)] = text }
            run.result = try linter.lint(inputs)
        }
        run.changes = texts.keys.sorted().compactMap { path in
            guard let before = originals[path], let after = texts[path], before != after else { return nil }
            return (path, before, after)
        }
        run.refused = refused.sorted()
        run.byteOrderMarks = byteOrderMarks
        return run
    }

    /// The changed files' new texts as they go to disk (with their byte order marks), by path.
    public func contents(of change: (path: String, before: String, after: String)) -> Data {
        Data(((byteOrderMarks.contains(change.path) ? "\u{FEFF}" : "") + change.after).utf8)
    }

    /// `--show-fixes`: each file with how many fixes of each rule were applied to it.
    public func listing() -> String {
        guard !fixes.isEmpty else { return "" }
        var text = "Fixed \(fixes.count) finding\(fixes.count == 1 ? "" : "s"):\n"
        for (path, fixes) in Dictionary(grouping: fixes, by: \.path).sorted(by: { $0.key < $1.key }) {
            text += "- \(path):\n"
            let byRule = Dictionary(grouping: fixes) { "\($0.rule)\u{0}\($0.title)" }
            for key in byRule.keys.sorted() {
                let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false)
                text += "    \(byRule[key]!.count) × \(parts[0]) (\(parts[1]))\n"
            }
        }
        return text
    }

    /// `--diff`: a unified diff of every changed file, in path order.
    public func diff() -> String {
        changes.map { UnifiedDiff.of($0.before, $0.after, path: $0.path) }.joined()
    }
}
