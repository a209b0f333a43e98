/// A path pattern from the configuration: `Sources/**/*.swift`, `**/Generated/**`, `*.pb.swift`.
///
/// `*` matches within one path component, `**` any number of components, `?` one character and
/// `[abc]` / `[a-z]` / `[!abc]` one character of a set. A pattern without a `/` matches a file or
/// folder name at any depth (`Generated` matches `App/Generated/Model.swift`); a pattern with one is
/// relative to the configuration file's folder. A pattern that matches a folder matches everything in it.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
    public let pattern: String
    private let components: [Substring]

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = pattern
        while text.hasPrefix("./") { text.removeFirst(2) }
        if text.hasSuffix("/") { text.removeLast() }
        if !text.contains("/") { text = "**/" + text }
        components = text.split(separator: "/", omittingEmptySubsequences: true)
    }

    public var description: String { pattern }

    /// True when `path` (relative, `/`-separated) or one of the folders it is in matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        // The pattern may stop at a folder: try every prefix of the path.
        for end in stride(from: parts.count, through: 1, by: -1) where Self.match(components[...], parts[0..<end]) {
            return true
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            var candidate = path
            while true {
                if match(rest, candidate) { return true }
                guard !candidate.isEmpty else { return false }
                candidate = candidate.dropFirst()
            }
        }
        guard let component = path.first, matchComponent(Array(first), Array(component)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// Matches one component with `*`, `?` and `[...]`, by backtracking over the last `*`.
    private static func matchComponent(_ pattern: [Character], _ name: [Character]) -> Bool {
        var p = 0, n = 0
        var starP = -1, starN = 0
        while n < name.count {
            if p < pattern.count, pattern[p] == "*" {
                starP = p
                starN = n
                p += 1
            } else if p < pattern.count, let (matched, next) = matchOne(pattern, p, name[n]), matched {
                p = next
                n += 1
            } else if starP >= 0 {
                p = starP + 1
                starN += 1
                n = starN
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// Whether the pattern element at `index` (a character, `?` or a `[...]` set) matches `character`,
    /// and where the next element starts.
    private static func matchOne(_ pattern: [Character], _ index: Int, _ character: Character) -> (Bool, Int)? {
        let element = pattern[index]
        if element == "?" { return (true, index + 1) }
        if element == "[", let close = pattern[(index + 1)...].firstIndex(of: "]"), close > index + 1 {
            var set = Array(pattern[(index + 1)..<close])
            let negated = set.first == "!" || set.first == "^"
            if negated { set.removeFirst() }
            var found = false
            var i = 0
            while i < set.count {
                if i + 2 < set.count, set[i + 1] == "-" {
                    if set[i] <= character && character <= set[i + 2] { found = true }
                    i += 3
                } else {
                    if set[i] == character { found = true }
                    i += 1
                }
            }
            return (found != negated, close + 1)
        }
        return (element == character, index + 1)
    }
}
