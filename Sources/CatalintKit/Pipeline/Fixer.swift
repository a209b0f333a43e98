import Foundation

/// A fix applied to a file: the rule whose finding it fixed, its title, and the finding's line in
/// the text it was applied to.
public struct AppliedFix: Sendable, Hashable {
    public var path: String
    public var rule: String
    public var title: String
    public var line: Int
}

/// Applies the fixes that diagnostics carry, a round at a time: in each file, a set of fixes whose
/// edits do not overlap; the caller lints again and asks for the next round, since one fix can make
/// others unneeded (a control given the iPad style needs it once).
public enum Fixer {
    public struct Round: Sendable {
        /// The new text of each file that changed.
        public var texts: [String: String] = [:]
        /// How many fixes were applied.
        public var applied = 0
        /// Files whose fixes were not applied because the result would not parse.
        public var refused: [String] = []
        /// The fixes applied, in path order.
        public var fixes: [AppliedFix] = []
    }

    /// Fixes safe ones, or with `unsafe` every one, in the files `read` gives the text of. Each fixed
    /// Swift file is read again the way `linter` reads files, within their budget (worker processes
    /// and all): a fix that would turn a file without a syntax error into one with, or a file that
    /// cannot be read again within the budget, is refused.
    public static func round(_ diagnostics: [Diagnostic], unsafe: Bool, linter: Linter = Linter(), read: (String) -> String?) -> Round {
        var byPath: [String: [(diagnostic: Diagnostic, fix: Fix)]] = [:]
        for diagnostic in diagnostics.sorted() {
            guard let fix = diagnostic.fix, unsafe || fix.applicability == .safe else { continue }
            byPath[diagnostic.position.path, default: []].append((diagnostic, fix))
        }
        var candidates: [(path: String, text: String, fixed: String, fixes: [AppliedFix])] = []
        for (path, fixes) in byPath.sorted(by: { $0.key < $1.key }) {
            guard let text = read(path) else { continue }
            let chosen = FixApplier.compatible(fixes.map(\.fix))
            guard let fixed = FixApplier.apply(chosen.flatMap(\.edits), to: text), fixed != text else { continue }
            // `compatible` keeps the order it is given: the chosen fixes are a subsequence.
            var applied: [AppliedFix] = []
            var next = 0
            for (diagnostic, fix) in fixes where next < chosen.count && chosen[next] == fix {
                applied.append(AppliedFix(path: path, rule: diagnostic.rule, title: fix.title, line: diagnostic.position.line))
                next += 1
            }
            candidates.append((path, text, fixed, applied))
        }
        // The texts before and after, read as the lint reads them (the text before is in the cache).
        let swift = candidates.filter { $0.path.hasSuffix(".swift") }
        let inputs = swift.flatMap { [FileInput(path: $0.path, kind: .swift, text: $0.text), FileInput(path: $0.path, kind: .swift, text: $0.fixed)] }
        let (processor, _) = linter.makeProcessor()
        let outputs = processor.outputs(for: inputs, jobs: linter.options.jobs)
        processor.cache?.save()
        processor.workers?.stopAll()
        var broken: Set<String> = []
        for (offset, candidate) in swift.enumerated() {
            let before = outputs[2 * offset].problems.map(\.rule)
            let after = outputs[2 * offset + 1].problems.map(\.rule)
            let skipped = after.contains(ToolRule.fileSkipped) || before.contains(ToolRule.fileSkipped)
            if skipped || (after.contains(ToolRule.invalidSwift) && !before.contains(ToolRule.invalidSwift)) { broken.insert(candidate.path) }
        }
        var round = Round()
        for candidate in candidates {
            if broken.contains(candidate.path) {
                round.refused.append(candidate.path)
            } else {
                round.texts[candidate.path] = candidate.fixed
                round.applied += candidate.fixes.count
                round.fixes += candidate.fixes
            }
        }
        return round
    }

    /// Lints and fixes `sources` in memory until nothing more can be fixed (at most `rounds`
    /// rounds), for tests and editors: the final texts, and the diagnostics left.
    public static func fixInMemory(_ sources: [(path: String, text: String)], linter: Linter, unsafe: Bool,
                                   rounds: Int = 10) throws -> (texts: [String: String], diagnostics: [Diagnostic], applied: Int) {
        var texts = Dictionary(sources.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        var applied = 0
        var diagnostics = try linter.lint(.sources(sources)).diagnostics
        for _ in 0..<rounds {
            let round = Fixer.round(diagnostics, unsafe: unsafe, linter: linter) { texts[$0] }
            guard !round.texts.isEmpty else { break }
            texts.merge(round.texts) { _, new in new }
            applied += round.applied
            diagnostics = try linter.lint(.sources(sources.map { ($0.path, texts[$0.path] ?? $0.text) })).diagnostics
        }
        return (texts, diagnostics, applied)
    }
}
