/// Suggestions for mistyped names: rule ids, commands, keys, states, idioms. One implementation, so
/// every message suggests the same way, and deterministic: candidates are compared in sorted order,
/// so the same typo always gets the same suggestion.
public enum Suggestion {
    /// The name in `candidates` closest to `name`, when it is close enough to be a likely typo; of
    /// equally close names, the first in sorted order.
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in Set(candidates).sorted() {
            let distance = editDistance(name.lowercased(), candidate.lowercased())
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, name.count / 3) else { return nil }
        return best.name
    }

    /// ` Did you mean 'x'?` to end an error sentence, or nothing.
    public static func sentence(_ name: String, in candidates: some Sequence<String>) -> String {
        closest(to: name, in: candidates).map { " Did you mean '\($0)'?" } ?? ""
    }

    /// ` (did you mean `x`?)` inside a diagnostic message (with `prefix` before the name), or nothing.
    public static func aside(_ name: String, in candidates: some Sequence<String>, prefix: String = "") -> String {
        closest(to: name, in: candidates).map { " (did you mean `\(prefix)\($0)`?)" } ?? ""
    }
}

/// Levenshtein distance between two strings, by characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
