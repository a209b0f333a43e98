import Foundation

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
    }

    /// Fixes safe ones, or with `unsafe` every one, in the files `read` gives the text of. Each fixed
    /// Swift file is parsed again, on `jobs` worker threads within the files' budget (`limits`): a
    /// fix that would leave a syntax error, or a file that cannot be checked within the budget, is
    /// refused.
    public static func round(_ diagnostics: [Diagnostic], unsafe: Bool, limits: FileLimits = FileLimits(), jobs: Int = 1,
                             read: (String) -> String?) -> Round {
        var byPath: [String: [Fix]] = [:]
        for diagnostic in diagnostics.sorted() {
            guard let fix = diagnostic.fix, unsafe || fix.applicability == .safe else { continue }
            byPath[diagnostic.position.path, default: []].append(fix)
        }
        struct Candidate: Sendable {
            var path: String
            var text: String
            var fixed: String
            var count: Int
        }
        var candidates: [Candidate] = []
        for (path, fixes) in byPath.sorted(by: { $0.key < $1.key }) {
            guard let text = read(path) else { continue }
            let chosen = FixApplier.compatible(fixes)
            guard let fixed = FixApplier.apply(chosen.flatMap(\.edits), to: text), fixed != text else { continue }
            candidates.append(Candidate(path: path, text: text, fixed: fixed, count: chosen.count))
        }
        let backstop = TimeBudget<Candidate, Bool>(seconds: limits.secondsPerFile + FileProcessor.grace) { _ in true }
        let broken = parallelMap(candidates, jobs: jobs, largestFirst: { $0.text.utf8.count }, budget: backstop) { candidate in
            candidate.path.hasSuffix(".swift") && FixApplier.breaksSwift(before: candidate.text, after: candidate.fixed, limits: limits)
        }
        var round = Round()
        for (candidate, breaks) in zip(candidates, broken) {
            if breaks {
                round.refused.append(candidate.path)
            } else {
                round.texts[candidate.path] = candidate.fixed
                round.applied += candidate.count
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
            let round = Fixer.round(diagnostics, unsafe: unsafe, limits: linter.options.configuration.limits, jobs: linter.options.jobs) { texts[$0] }
            guard !round.texts.isEmpty else { break }
            texts.merge(round.texts) { _, new in new }
            applied += round.applied
            diagnostics = try linter.lint(.sources(sources.map { ($0.path, texts[$0.path] ?? $0.text) })).diagnostics
        }
        return (texts, diagnostics, applied)
    }
}
