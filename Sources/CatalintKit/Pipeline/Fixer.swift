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

    /// Fixes safe ones, or with `unsafe` every one, in the files `read` gives the text of.
    public static func round(_ diagnostics: [Diagnostic], unsafe: Bool, read: (String) -> String?) -> Round {
        var byPath: [String: [Fix]] = [:]
        for diagnostic in diagnostics.sorted() {
            guard let fix = diagnostic.fix, unsafe || fix.applicability == .safe else { continue }
            byPath[diagnostic.position.path, default: []].append(fix)
        }
        var round = Round()
        for (path, fixes) in byPath.sorted(by: { $0.key < $1.key }) {
            guard let text = read(path) else { continue }
            let chosen = FixApplier.compatible(fixes)
            guard let fixed = FixApplier.apply(chosen.flatMap(\.edits), to: text), fixed != text else { continue }
            if path.hasSuffix(".swift") && FixApplier.breaksSwift(before: text, after: fixed) {
                round.refused.append(path)
                continue
            }
            round.texts[path] = fixed
            round.applied += chosen.count
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
            let round = Fixer.round(diagnostics, unsafe: unsafe) { texts[$0] }
            guard !round.texts.isEmpty else { break }
            texts.merge(round.texts) { _, new in new }
            applied += round.applied
            diagnostics = try linter.lint(.sources(sources.map { ($0.path, texts[$0.path] ?? $0.text) })).diagnostics
        }
        return (texts, diagnostics, applied)
    }
}
