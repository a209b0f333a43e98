/// Reading a parsed Objective-C file: its nodes through the wrappers clang adds, the pieces of a
/// message's selector, numbers, the names an expression reads, and where each thing is written.
struct ObjCTree {
    let parse: ObjCParse
    let bytes: [UInt8]
    /// The tokens clang's lexer read, by their first byte (comments and selector pieces).
    private let tokenStarts: [Int]

    init(parse: ObjCParse, bytes: [UInt8]) {
        self.parse = parse
        self.bytes = bytes
        self.tokenStarts = parse.tokens.map(\.begin)
    }

    subscript(index: Int) -> ObjCNode { parse.nodes[index] }

    /// The node under the wrappers that change nothing: implicit conversions, parentheses, and
    /// clang's unexposed expressions of one child.
    func unwrapped(_ index: Int) -> Int {
        var current = index
        while true {
            let node = parse.nodes[current]
            switch node.kind {
            case .parenExpr, .unexposedExpr:
                guard node.children.count == 1 else { return current }
                current = node.children[0]
            default:
                return current
            }
        }
    }

    /// The node under casts too: `(NSInteger)UI_USER_INTERFACE_IDIOM()`.
    func withoutCasts(_ index: Int) -> Int {
        var current = unwrapped(index)
        while parse.nodes[current].kind == .cStyleCastExpr, let last = parse.nodes[current].children.last {
            current = unwrapped(last)
        }
        return current
    }

    /// The children that are expressions (not the type a cast or a declaration names).
    func operands(_ index: Int) -> [Int] {
        parse.nodes[index].children.filter { child in
            let kind = parse.nodes[child].kind
            return kind != .typeRef && kind != .objCClassRef && kind != .objCProtocolRef && kind != .unexposedAttr
        }
    }

    /// The text of a node as written.
    func text(_ index: Int) -> String {
        let node = parse.nodes[index]
        guard node.begin <= node.end, node.end <= bytes.count else { return "" }
        return String(decoding: bytes[node.begin..<node.end], as: UTF8.self)
    }

    /// Text on one line with runs of spaces made one, for messages.
    func compactText(_ index: Int) -> String {
        var result = ""
        var lastWasSpace = false
        for character in text(index) {
            if character.isWhitespace {
                if !lastWasSpace && !result.isEmpty { result.append(" ") }
                lastWasSpace = true
            } else {
                result.append(character)
                lastWasSpace = false
            }
        }
        return result
    }

    // MARK: Messages

    /// A message send: its receiver (nil for `super` or a class), the class it is sent to, its
    /// selector's pieces with where each is written, and its arguments.
    struct Message {
        var receiver: Int?
        var receiverClass: String?
        /// The class's superclasses when a header declares it, nearest first.
        var receiverClassSuperclasses: [String] = []
        /// Where the class is named, for a class message.
        var receiverClassOffset: Int?
        var toSuper = false
        var pieces: [String]
        var pieceOffsets: [Int]
        var arguments: [Int]

        var selector: String {
            arguments.isEmpty ? (pieces.first ?? "") : pieces.map { $0 + ":" }.joined()
        }
    }

    func message(_ index: Int) -> Message? {
        let node = parse.nodes[index]
        guard node.kind == .objCMessageExpr else { return nil }
        var receiver: Int?
        var receiverClass: String?
        var superclasses: [String] = []
        var classOffset: Int?
        var arguments = node.children
        let toSuper = !node.fromMacro && firstTokenText(after: node.begin) == "super"
        if let first = node.children.first, !toSuper {
            let firstNode = parse.nodes[first]
            if firstNode.kind == .objCClassRef {
                receiverClass = firstNode.spelling
                superclasses = firstNode.refersToMadeUp ? [] : firstNode.superclasses
                classOffset = firstNode.location
            } else {
                receiver = first
            }
            arguments.removeFirst()
        }
        var (pieces, offsets) = selectorPieces(index, skipping: node.children)
        if toSuper, pieces.first == "super", pieces.count > 1 {
            pieces.removeFirst()
            offsets.removeFirst()
        }
        if node.fromMacro || pieces.isEmpty {
            // A message a macro makes is written at the macro's use: its pieces are clang's.
            let spelled = node.spelling.split(separator: ":").map(String.init)
            if !spelled.isEmpty {
                pieces = spelled
                offsets = Array(repeating: node.location, count: spelled.count)
            }
        }
        guard !pieces.isEmpty else { return nil }
        return Message(receiver: receiver, receiverClass: receiverClass, receiverClassSuperclasses: superclasses, receiverClassOffset: classOffset,
                       toSuper: toSuper, pieces: pieces, pieceOffsets: offsets, arguments: arguments)
    }

    /// The text of the first token after `offset` (the one after a message's `[`).
    private func firstTokenText(after offset: Int) -> String? {
        let position = lowerBound(offset + 1)
        guard position < parse.tokens.count else { return nil }
        let token = parse.tokens[position]
        return String(decoding: bytes[token.begin..<min(token.end, bytes.count)], as: UTF8.self)
    }

    /// The identifiers of a message that are not inside its receiver or arguments: its selector's
    /// pieces (and `super`), read from clang's tokens.
    private func selectorPieces(_ index: Int, skipping children: [Int]) -> ([String], [Int]) {
        let node = parse.nodes[index]
        guard !node.fromMacro, node.begin < node.end else { return ([], []) }
        // A child a macro makes covers the macro's use (its name, and its arguments up to `)`).
        let childRanges = children.map { parse.nodes[$0] }.filter { $0.begin <= $0.end && $0.begin != Int(UInt32.max) }
            .map { $0.begin..<max($0.end, $0.begin + 1) }
        var names: [(name: String, offset: Int, colon: Bool)] = []
        var position = lowerBound(node.begin + 1)
        let tokens = parse.tokens
        while position < tokens.count, tokens[position].begin < node.end {
            let token = tokens[position]
            position += 1
            guard token.kind == .identifier || token.kind == .keyword else { continue }
            if childRanges.contains(where: { $0.contains(token.begin) }) { continue }
            let name = String(decoding: bytes[token.begin..<min(token.end, bytes.count)], as: UTF8.self)
            let next = position < tokens.count ? tokens[position] : nil
            let colon = next.map { $0.kind == .punctuation && $0.begin < bytes.count && bytes[$0.begin] == UInt8(ascii: ":") } ?? false
            names.append((name, token.begin, colon))
        }
        // With arguments, a piece is a name before `:`; without, the message's one name.
        let pieces = names.contains(where: \.colon) ? names.filter(\.colon) : Array(names.suffix(1))
        return (pieces.map(\.name), pieces.map(\.offset))
    }

    /// The identifier that starts at `offset`, as clang's lexer reads it.
    func firstIdentifier(at offset: Int) -> String? {
        let position = lowerBound(offset)
        guard position < parse.tokens.count, parse.tokens[position].begin == offset, parse.tokens[position].kind == .identifier else { return nil }
        let token = parse.tokens[position]
        return String(decoding: bytes[token.begin..<min(token.end, bytes.count)], as: UTF8.self)
    }

    /// The first token at or after `offset`.
    func lowerBound(_ offset: Int) -> Int {
        var low = 0
        var high = tokenStarts.count
        while low < high {
            let middle = (low + high) / 2
            if tokenStarts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: Values

    /// The number a literal (or a negated one) is.
    func number(_ index: Int) -> Double? {
        let inner = withoutCasts(index)
        let node = parse.nodes[inner]
        if node.kind == .unaryOperator, let operand = operands(inner).first {
            let sign = text(inner).trimmingCharacters(in: .whitespaces).first
            guard sign == "-" || sign == "+", let value = number(operand) else { return nil }
            return sign == "-" ? -value : value
        }
        guard node.kind.isLiteral, !node.fromMacro else { return nil }
        var literal = text(inner).lowercased()
        while let last = literal.last, "fuld".contains(last), !literal.hasPrefix("0x") { literal.removeLast() }
        if literal.hasPrefix("0x") { return Int(literal.dropFirst(2), radix: 16).map(Double.init) }
        return Double(literal)
    }

    /// The numbers an expression may be: `17`, or each arm of `expanded ? 52 : 36`.
    func numberChoices(_ index: Int) -> [Double]? {
        if let value = number(index) { return [value] }
        let inner = unwrapped(index)
        guard parse.nodes[inner].kind == .conditionalOperator else { return nil }
        let parts = operands(inner)
        guard parts.count == 3, let then = numberChoices(parts[1]), let other = numberChoices(parts[2]) else { return nil }
        return then + other
    }

    /// The identifiers an expression reads, in order: names of variables, properties, classes,
    /// functions and the pieces of messages.
    func identifiers(in index: Int) -> [String] {
        var names: [String] = []
        func visit(_ current: Int) {
            let node = parse.nodes[current]
            switch node.kind {
            case .memberRefExpr:
                // The base is written first: `view.widthAnchor` is `view`, `widthAnchor`.
                for child in node.children { visit(child) }
                let name = node.spelling.isEmpty ? node.referencedName : node.spelling
                if !name.isEmpty, !name.contains(" ") { names.append(name) }
                return
            case .declRefExpr, .objCClassRef, .typeRef:
                let name = node.spelling.isEmpty ? node.referencedName : node.spelling
                if !name.isEmpty, !name.contains(" ") { names.append(name) }
            case .objCMessageExpr:
                if let message = message(current) {
                    if let receiver = message.receiver { visit(receiver) }
                    if let receiverClass = message.receiverClass { names.append(receiverClass) }
                    names += message.pieces
                    for argument in message.arguments { visit(argument) }
                    return
                }
            default:
                break
            }
            for child in node.children { visit(child) }
        }
        visit(index)
        return names
    }

    /// A selector piece and the name Swift gives the method it starts (`scaledFontForFont` ->
    /// `scaledFont`, `systemFontOfSize` -> `systemFont`): the words before the first preposition.
    static func swiftNames(_ piece: String) -> [String] {
        let prepositions: Set<String> = ["For", "With", "Of", "To", "At", "In", "From", "By", "On", "Using", "Equal", "Greater", "Less"]
        var words: [String] = []
        var current = ""
        for character in piece {
            if character.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        guard let cut = words.dropFirst().firstIndex(where: prepositions.contains) else { return [piece] }
        return [piece, words[..<cut].joined()]
    }

    /// True when `inner` is `outer` or inside it.
    func contains(_ outer: Int, _ inner: Int) -> Bool {
        var current = inner
        while current >= 0 {
            if current == outer { return true }
            current = parse.nodes[current].parent
        }
        return false
    }
}

import Foundation
