/// A path pattern from the configuration: `Sources/**/*.swift`, `**/Generated/**`, `*.pb.swift`.
///
/// `*` matches within one path component, `**` any number of components, `?` one character and
/// `[abc]` / `[a-z]` / `[!abc]` one character of a set. A pattern without a `/` matches a file or
/// folder name at any depth (`Generated` matches `App/Generated/Model.swift`); a pattern with one is
/// relative to the configuration file's folder. A pattern that matches a folder matches everything in it.
///
/// Matching takes time proportional to the pattern's components times the path's (each component
/// compared at most once per pattern component), however many `**` the pattern has: a set of the
/// pattern positions reached is carried along the path, instead of backtracking over every way of
/// splitting the path between the `**`s, which is exponential in their number.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
    public let pattern: String
    private let segments: [Segment]

    /// One component of a pattern.
    private enum Segment: Hashable, Sendable {
        /// `**`: any number of components, none included.
        case anyDepth
        /// A name without `*`, `?` or `[`: compared as it is.
        case literal(Substring)
        /// A name with `*`, `?` or `[...]`.
        case wildcard([Character])
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = pattern
        while text.hasPrefix("./") { text.removeFirst(2) }
        if text == "." { text = "" }  // the configuration's folder: every file
        if text.hasSuffix("/") { text.removeLast() }
        if !text.contains("/") { text = "**/" + text }
        segments = text.split(separator: "/", omittingEmptySubsequences: true).map { component in
            if component == "**" { return .anyDepth }
            if component.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) { return .wildcard(Array(component)) }
            return .literal(component)
        }
    }

    public var description: String { pattern }

    /// True when the pattern has no `*`, `?` or `[...]`: it names a path (or, without a `/`, a name
    /// at any depth).
    public var isLiteral: Bool {
        !pattern.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" })
    }

    /// True when the pattern matches every file: it is made of `**` and at most one `*`.
    public var matchesEveryFile: Bool {
        segments.allSatisfy { $0 == .anyDepth || $0 == .wildcard(["*"]) } && segments.filter { $0 == .wildcard(["*"]) }.count <= 1
    }

    /// True when `path` (relative, `/`-separated) or one of the folders it is in matches.
    public func matches(_ path: String) -> Bool {
        let count = segments.count
        // reached[i]: the first i segments of the pattern match the components read so far.
        var reached = [Bool](repeating: false, count: count + 1)
        var next = reached
        reached[0] = true
        Self.close(&reached, segments)
        for component in path.split(separator: "/", omittingEmptySubsequences: true) where component != "." {
            var any = false
            var characters: [Character]?
            for index in 0..<count where reached[index] {
                let matched: Bool
                switch segments[index] {
                case .anyDepth:
                    // `**` takes this component and stays where it is.
                    next[index] = true
                    any = true
                    continue
                case .literal(let name):
                    matched = name == component
                case .wildcard(let pattern):
                    if characters == nil { characters = Array(component) }
                    matched = Self.matchComponent(pattern, characters!)
                }
                if matched {
                    next[index + 1] = true
                    any = true
                }
            }
            guard any else { return false }
            Self.close(&next, segments)
            swap(&reached, &next)
            for index in next.indices { next[index] = false }
            // The pattern may stop at a folder: a prefix of the path that matches is enough.
            if reached[count] { return true }
        }
        return false
    }

    /// Adds the positions reached by letting each `**` match no component.
    private static func close(_ reached: inout [Bool], _ segments: [Segment]) {
        for index in segments.indices where reached[index] && segments[index] == .anyDepth {
            reached[index + 1] = true
        }
    }

    /// Matches one component with `*`, `?` and `[...]`, by backtracking over the last `*` (time
    /// proportional to the pattern's length times the name's at worst).
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
