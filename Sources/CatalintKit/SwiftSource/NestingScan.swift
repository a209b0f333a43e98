/// A cheap pass over a Swift file's bytes, before it is parsed, for what would make parsing or
/// walking it unsafe: brackets nested thousands deep (the parser's lookahead recurses on each, and
/// overflows the stack), and operator chains thousands long (folded, each operator is one level
/// deeper). It knows comments and string literals (with interpolation), so brackets and operators
/// inside them do not count; it is not a lexer, and only ever over-estimates a little.
struct NestingScan: Equatable {
    /// The deepest nesting of `(`, `[` and `{`, and where it is (1-based line).
    fileprivate(set) var deepest = 0
    fileprivate(set) var deepestLine = 1
    /// The deepest nesting of string interpolations (`"\\("\\(`...), and where it is.
    fileprivate(set) var deepestInterpolation = 0
    fileprivate(set) var deepestInterpolationLine = 1
    /// The longest run of binary operators, member accesses (`.`) and calls or subscripts on a call's
    /// result (`f()()`) in one expression, and where it ends: each is one level deeper in the tree.
    fileprivate(set) var longestChain = 0
    fileprivate(set) var longestChainLine = 1
    /// The deepest nesting of `[` alone: swift-syntax's parser takes time exponential in it (about
    /// twice as long for each level past twenty), so a file past a few levels is parsed in a worker
    /// process that can be stopped (`FileProcessor`).
    fileprivate(set) var deepestSquare = 0

    /// `bytewise` reads every byte with the context checks, none passed over in a run of plain
    /// ones: the same scan, slower, kept so that a test can compare the two.
    init(_ bytes: [UInt8], bytewise: Bool = false) {
        var scanner = NestingScanner(bytes: bytes, bytewise: bytewise)
        scanner.run()
        self = scanner.found
    }

    fileprivate init() {}
}

/// The walk behind `NestingScan`: one byte at a time, knowing whether it is in code, in a string
/// literal or in an interpolation of one.
private struct NestingScanner {
    private enum Context {
        case code
        /// Inside a string literal: `"` or `"""`, with its count of `#`s.
        case string(multiline: Bool, pounds: Int)
        /// Inside `\( ... )` of a string: code until the matching `)`.
        case interpolation(depth: Int)
    }

    let bytes: [UInt8]
    private(set) var found = NestingScan()
    private var contexts: [Context] = [.code]
    /// The `.interpolation` contexts open.
    private var interpolations = 0
    private var depth = 0
    private var line = 1
    /// The operator run at each bracket depth.
    private var chains: [Int] = [0]
    /// The `[` open (counted by `[` and `]` alone: exact in code whose brackets match).
    private var squares = 0
    private var previousSignificant: UInt8 = 0
    private var offset = 0
    /// True when the innermost context is a string literal (`contexts.last`, kept beside it).
    private var inString = false

    /// The bytes passed over in code, and those read in a string (`plainInCode`, `specialInString`).
    private let plainInCode: [Bool]
    private let specialInString: [Bool]

    init(bytes: [UInt8], bytewise: Bool) {
        self.bytes = bytes
        plainInCode = bytewise ? Array(repeating: false, count: 256) : Self.plainInCode
        specialInString = bytewise ? Array(repeating: true, count: 256) : Self.specialInString
    }

    mutating func run() {
        let plainInCode = self.plainInCode, specialInString = self.specialInString
        while offset < bytes.count {
            let byte = bytes[offset]
            // Most bytes are letters, digits and spaces, which change nothing but the last
            // significant byte in code, and nothing at all in a string.
            if inString ? !specialInString[Int(byte)] : plainInCode[Int(byte)] {
                if !inString, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") { previousSignificant = byte }
                offset += 1
                continue
            }
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && at(offset + 1) != UInt8(ascii: "\n")) { line += 1 }
            if case .string(let multiline, let pounds) = contexts.last! {
                readInString(byte, multiline: multiline, pounds: pounds)
            } else {
                readInCode(byte)
            }
        }
    }

    @inline(__always)
    private func at(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }

    /// The bytes `readInCode` only passes over: none starts a comment, string, bracket, operator,
    /// member access, statement end or line.
    private static let plainInCode: [Bool] = (0..<256).map { value in
        let byte = UInt8(value)
        return !isOperator(byte) && !"#\".()[]{};\n\r".utf8.contains(byte)
    }

    /// The bytes `readInString` does more with than pass over: an escape, a quote, a line end.
    private static let specialInString: [Bool] = (0..<256).map { value in
        "\\\"\n\r".utf8.contains(UInt8(value))
    }

    /// `contexts` changed: whether its innermost is a string literal.
    @inline(__always)
    private mutating func contextsChanged() {
        if case .string = contexts.last! { inString = true } else { inString = false }
    }

    // MARK: Strings

    /// One step inside a string literal: an escape or interpolation, its end, or a character.
    @inline(__always)
    private mutating func readInString(_ byte: UInt8, multiline: Bool, pounds: Int) {
        if byte == UInt8(ascii: "\\") {
            readEscape(pounds: pounds)
            return
        }
        if byte == UInt8(ascii: "\""), closesString(multiline: multiline, pounds: pounds) {
            contexts.removeLast()
            contextsChanged()
            offset += (multiline ? 3 : 1) + pounds
            previousSignificant = UInt8(ascii: "a")
            return
        }
        if !multiline, byte == UInt8(ascii: "\n") {  // an unterminated literal ends here
            contexts.removeLast()
            contextsChanged()
        }
        offset += 1
    }

    /// True when the quote at `offset` ends a literal of this kind (`"`, `"""`, with its `#`s).
    private func closesString(multiline: Bool, pounds: Int) -> Bool {
        let quotes = multiline ? 3 : 1
        for extra in 0..<quotes where at(offset + extra) != UInt8(ascii: "\"") { return false }
        for extra in 0..<pounds where at(offset + quotes + extra) != UInt8(ascii: "#") { return false }
        return true
    }

    /// An escape, or an interpolation `\(` (`\#(` in a raw string).
    private mutating func readEscape(pounds: Int) {
        var next = offset + 1
        var seen = 0
        while seen < pounds, at(next) == UInt8(ascii: "#") { next += 1; seen += 1 }
        guard seen == pounds, at(next) == UInt8(ascii: "(") else {
            offset = pounds == 0 ? offset + 2 : offset + 1
            return
        }
        contexts.append(.interpolation(depth: depth))
        contextsChanged()
        // A string in an interpolation in a string...: each level is as deep in the tree.
        openBracket()
        interpolations += 1
        if interpolations > found.deepestInterpolation {
            found.deepestInterpolation = interpolations
            found.deepestInterpolationLine = line
        }
        offset = next + 1
    }

    /// A string literal that starts at `offset`: `"`, `"""`, `#"`, `##"""`...; a `#` that starts
    /// none is passed over.
    private mutating func openString() {
        var next = offset
        var pounds = 0
        while at(next) == UInt8(ascii: "#") { next += 1; pounds += 1 }
        guard at(next) == UInt8(ascii: "\"") else {
            offset += 1
            return
        }
        let multiline = at(next + 1) == UInt8(ascii: "\"") && at(next + 2) == UInt8(ascii: "\"")
        contexts.append(.string(multiline: multiline, pounds: pounds))
        contextsChanged()
        offset = next + (multiline ? 3 : 1)
    }

    // MARK: Code

    /// One step in code: a comment, a string, a bracket, an operator, or any other byte.
    @inline(__always)
    private mutating func readInCode(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "/") where at(offset + 1) == UInt8(ascii: "/"):
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n"), bytes[offset] != UInt8(ascii: "\r") { offset += 1 }
            return
        case UInt8(ascii: "/") where at(offset + 1) == UInt8(ascii: "*"):
            skipBlockComment()
            return
        case UInt8(ascii: "#"), UInt8(ascii: "\""):
            openString()
            return
        case UInt8(ascii: "."):
            addToChain()
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
            if byte != UInt8(ascii: "{"), previousSignificant == UInt8(ascii: ")") || previousSignificant == UInt8(ascii: "]") {
                addToChain()  // `f()()`, `a[0][1]`: a postfix on a postfix
            }
            openBracket()
            if byte == UInt8(ascii: "[") {
                squares += 1
                found.deepestSquare = max(found.deepestSquare, squares)
            }
            if byte == UInt8(ascii: "{") { chains[chains.count - 2] = 0 }
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            closeBracket(byte)
        case UInt8(ascii: ";"):
            chains[chains.count - 1] = 0
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            endLine()
        default:
            if Self.isOperator(byte) {
                readOperator()
                return
            }
        }
        if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
            previousSignificant = byte
        }
        offset += 1
    }

    /// `/* ... */`, which nests.
    private mutating func skipBlockComment() {
        var nesting = 1
        offset += 2
        while offset < bytes.count, nesting > 0 {
            if bytes[offset] == UInt8(ascii: "/"), at(offset + 1) == UInt8(ascii: "*") { nesting += 1; offset += 2; continue }
            if bytes[offset] == UInt8(ascii: "*"), at(offset + 1) == UInt8(ascii: "/") { nesting -= 1; offset += 2; continue }
            if bytes[offset] == UInt8(ascii: "\n") { line += 1 }
            offset += 1
        }
    }

    /// One level deeper: a bracket, or an interpolation.
    @inline(__always)
    private mutating func openBracket() {
        depth += 1
        chains.append(0)
        if depth > found.deepest {
            found.deepest = depth
            found.deepestLine = line
        }
    }

    @inline(__always)
    private mutating func closeBracket(_ byte: UInt8) {
        if case .interpolation(let start)? = contexts.last, depth - 1 == start, byte == UInt8(ascii: ")") {
            contexts.removeLast()
            contextsChanged()
            interpolations -= 1
        }
        depth = max(0, depth - 1)
        if byte == UInt8(ascii: "]") { squares = max(0, squares - 1) }
        if chains.count > 1 { chains.removeLast() }
        if byte == UInt8(ascii: "}") { chains[chains.count - 1] = 0 }
    }

    /// A line break: a new statement starts unless the line before ends with an operator or the
    /// next begins with one.
    private mutating func endLine() {
        var next = offset + 1
        while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t")
                || bytes[next] == UInt8(ascii: "\n") || bytes[next] == UInt8(ascii: "\r") { next += 1 }
        if !Self.isOperator(previousSignificant), !Self.isOperator(at(next)) { chains[chains.count - 1] = 0 }
    }

    /// One operator token (`&&`, `==`, `+`), which counts once.
    private mutating func readOperator() {
        var end = offset + 1
        while end < bytes.count, Self.isOperator(bytes[end]) { end += 1 }
        addToChain()
        previousSignificant = bytes[end - 1]
        offset = end
    }

    @inline(__always)
    private mutating func addToChain() {
        chains[chains.count - 1] += 1
        if chains[chains.count - 1] > found.longestChain {
            found.longestChain = chains[chains.count - 1]
            found.longestChainLine = line
        }
    }

    @inline(__always)
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
