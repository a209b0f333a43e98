/// A cheap pass over a Swift file's bytes, before it is parsed, for what would make parsing or
/// walking it unsafe: brackets nested thousands deep (the parser's lookahead recurses on each, and
/// overflows the stack), and operator chains thousands long (folded, each operator is one level
/// deeper). It knows comments and string literals (with interpolation), so brackets and operators
/// inside them do not count; it is not a lexer, and only ever over-estimates a little.
struct NestingScan {
    /// The deepest nesting of `(`, `[` and `{`, and where it is (1-based line).
    private(set) var deepest = 0
    private(set) var deepestLine = 1
    /// The deepest nesting of string interpolations (`"\\("\\(`...), and where it is.
    private(set) var deepestInterpolation = 0
    private(set) var deepestInterpolationLine = 1
    /// The longest run of binary operators, member accesses (`.`) and calls or subscripts on a call's
    /// result (`f()()`) in one expression, and where it ends: each is one level deeper in the tree.
    private(set) var longestChain = 0
    private(set) var longestChainLine = 1
    /// The deepest nesting of `[` alone: swift-syntax's parser takes time exponential in it (about
    /// twice as long for each level past twenty), so a file past a few levels is parsed in a worker
    /// process that can be stopped (`FileProcessor`).
    private(set) var deepestSquare = 0

    init(_ bytes: [UInt8]) {
        scan(bytes)
    }

    private enum Context {
        case code
        /// Inside a string literal: `"` or `"""`, with its count of `#`s.
        case string(multiline: Bool, pounds: Int)
        /// Inside `\( ... )` of a string: code until the matching `)`.
        case interpolation(depth: Int)
    }

    private mutating func scan(_ bytes: [UInt8]) {
        var contexts: [Context] = [.code]
        var interpolations = 0  // the `.interpolation` contexts open
        var depth = 0
        var line = 1
        var chains: [Int] = [0]  // the operator run at each bracket depth
        var squares = 0  // the `[` open (counted by `[` and `]` alone: exact in code whose brackets match)
        var previousSignificant: UInt8 = 0
        var offset = 0
        let count = bytes.count

        func at(_ index: Int) -> UInt8 { index < count ? bytes[index] : 0 }
        func addToChain() {
            chains[chains.count - 1] += 1
            if chains[chains.count - 1] > longestChain {
                longestChain = chains[chains.count - 1]
                longestChainLine = line
            }
        }

        while offset < count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && at(offset + 1) != UInt8(ascii: "\n")) { line += 1 }
            switch contexts.last! {
            case .string(let multiline, let pounds):
                if byte == UInt8(ascii: "\\") {
                    // An escape, or an interpolation `\(` (`\#(` in a raw string).
                    var next = offset + 1
                    var seen = 0
                    while seen < pounds, at(next) == UInt8(ascii: "#") { next += 1; seen += 1 }
                    if seen == pounds, at(next) == UInt8(ascii: "(") {
                        contexts.append(.interpolation(depth: depth))
                        depth += 1
                        chains.append(0)
                        // A string in an interpolation in a string...: each level is as deep in the tree.
                        if depth > deepest {
                            deepest = depth
                            deepestLine = line
                        }
                        interpolations += 1
                        if interpolations > deepestInterpolation {
                            deepestInterpolation = interpolations
                            deepestInterpolationLine = line
                        }
                        offset = next + 1
                        continue
                    }
                    offset = pounds == 0 ? offset + 2 : offset + 1
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    var closes = true
                    for extra in 0..<quotes where at(offset + extra) != UInt8(ascii: "\"") { closes = false }
                    for extra in 0..<pounds where at(offset + quotes + extra) != UInt8(ascii: "#") { closes = false }
                    if closes {
                        contexts.removeLast()
                        offset += quotes + pounds
                        previousSignificant = UInt8(ascii: "a")
                        continue
                    }
                }
                if !multiline, byte == UInt8(ascii: "\n") { contexts.removeLast() }  // an unterminated literal ends here
                offset += 1
                continue
            case .code, .interpolation:
                break
            }
            switch byte {
            case UInt8(ascii: "/") where at(offset + 1) == UInt8(ascii: "/"):
                while offset < count, bytes[offset] != UInt8(ascii: "\n"), bytes[offset] != UInt8(ascii: "\r") { offset += 1 }
                continue
            case UInt8(ascii: "/") where at(offset + 1) == UInt8(ascii: "*"):
                var nesting = 1
                offset += 2
                while offset < count, nesting > 0 {
                    if bytes[offset] == UInt8(ascii: "/"), at(offset + 1) == UInt8(ascii: "*") { nesting += 1; offset += 2; continue }
                    if bytes[offset] == UInt8(ascii: "*"), at(offset + 1) == UInt8(ascii: "/") { nesting -= 1; offset += 2; continue }
                    if bytes[offset] == UInt8(ascii: "\n") { line += 1 }
                    offset += 1
                }
                continue
            case UInt8(ascii: "#"), UInt8(ascii: "\""):
                // A string literal: `"`, `"""`, `#"`, `##"""`...
                var next = offset
                var pounds = 0
                while at(next) == UInt8(ascii: "#") { next += 1; pounds += 1 }
                guard at(next) == UInt8(ascii: "\"") else {
                    offset += 1
                    continue
                }
                let multiline = at(next + 1) == UInt8(ascii: "\"") && at(next + 2) == UInt8(ascii: "\"")
                contexts.append(.string(multiline: multiline, pounds: pounds))
                offset = next + (multiline ? 3 : 1)
                continue
            case UInt8(ascii: "."):
                addToChain()
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                if byte != UInt8(ascii: "{"), previousSignificant == UInt8(ascii: ")") || previousSignificant == UInt8(ascii: "]") {
                    addToChain()  // `f()()`, `a[0][1]`: a postfix on a postfix
                }
                depth += 1
                chains.append(0)
                if depth > deepest {
                    deepest = depth
                    deepestLine = line
                }
                if byte == UInt8(ascii: "[") {
                    squares += 1
                    deepestSquare = max(deepestSquare, squares)
                }
                if byte == UInt8(ascii: "{") { chains[chains.count - 2] = 0 }
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if case .interpolation(let start)? = contexts.last, depth - 1 == start, byte == UInt8(ascii: ")") {
                    contexts.removeLast()
                    interpolations -= 1
                }
                depth = max(0, depth - 1)
                if byte == UInt8(ascii: "]") { squares = max(0, squares - 1) }
                if chains.count > 1 { chains.removeLast() }
                if byte == UInt8(ascii: "}") { chains[chains.count - 1] = 0 }
            case UInt8(ascii: ";"):
                chains[chains.count - 1] = 0
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                // A new statement starts unless the line before ends with an operator or the next
                // begins with one.
                var next = offset + 1
                while next < count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[next]) { next += 1 }
                if !Self.isOperator(previousSignificant), !Self.isOperator(at(next)) { chains[chains.count - 1] = 0 }
            default:
                if Self.isOperator(byte) {
                    // One operator token (`&&`, `==`, `+`) counts once.
                    var end = offset + 1
                    while end < count, Self.isOperator(bytes[end]) { end += 1 }
                    addToChain()
                    previousSignificant = bytes[end - 1]
                    offset = end
                    continue
                }
            }
            if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
                previousSignificant = byte
            }
            offset += 1
        }
    }

    private static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"),
             UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"),
             UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }
}
