import Foundation

/// A JSON value, as the protocol's messages carry them: parsed and written here, a byte at a time
/// (Foundation's `JSONDecoder` and `JSONEncoder`, through `Codable`, cost more than the lint of a
/// keystroke did). Integers stay integers (request ids, versions, positions).
enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// Parses a message body. Throws when it is not JSON (a parse error, in the protocol's terms):
    /// not RFC 8259's grammar, not UTF-8, or nested deeper than `JSONReader.deepest`.
    static func parse(_ data: Data) throws -> JSON {
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            return try reader.document()
        }
    }

    /// The value as compact UTF-8 JSON, keys sorted, `/` not escaped.
    func serialized() -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(to: &bytes)
        return Data(bytes)
    }

    private func write(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes += "null".utf8
        case .bool(let value): bytes += (value ? "true" : "false").utf8
        case .int(let value): bytes += String(value).utf8
        case .double(let value):
            // A number with no fraction is written as an integer (`2`, not `2.0`); JSON has no
            // infinity or NaN: those are written as `null`.
            guard value.isFinite else { return bytes += "null".utf8 }
            let text = value.description
            bytes += (text.hasSuffix(".0") ? String(text.dropLast(2)) : text).utf8
        case .string(let value): Self.write(value, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                element.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (offset, key) in members.keys.sorted().enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.write(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                members[key]!.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// A string literal: `"` and `\` escaped, and the control characters (as `\n` or `\u001b`);
    /// the rest, other scripts included, as its UTF-8 bytes.
    private static func write(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += #"\""#.utf8
            case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
            case 0x0A: bytes += #"\n"#.utf8
            case 0x0D: bytes += #"\r"#.utf8
            case 0x09: bytes += #"\t"#.utf8
            case 0x08: bytes += #"\b"#.utf8
            case 0x0C: bytes += #"\f"#.utf8
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                bytes += #"\u00"#.utf8
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: Reading

    /// The member `key` of an object; nil for anything else or a missing member.
    subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// An integer, or a number with no fraction (clients written in JavaScript send either).
    var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9.0e15: return Int(value)
        default: return nil
        }
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var objectValue: [String: JSON]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// True for `null`.
    var isNull: Bool { self == .null }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
                ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    init(nilLiteral: ()) { self = .null }
}

/// Why a message body is not JSON, and at which byte.
struct JSONSyntaxError: Error, CustomStringConvertible {
    var reason: String
    var offset: Int
    var description: String { "\(reason) at byte \(offset)" }
}

/// Reads one JSON document (RFC 8259) from UTF-8 bytes: strict about the grammar (no comments,
/// leading zeros or control characters in strings; a comma before a closing bracket is read, as
/// Foundation's decoder reads it), and about nesting, so that a hostile body cannot exhaust the stack.
struct JSONReader {
    /// The deepest nesting of arrays and objects read (Foundation's decoder stops at 512 too).
    static let deepest = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The one value of the text, with nothing but white space around it.
    mutating func document() throws -> JSON {
        let value = try self.value()
        skipSpace()
        guard offset == bytes.count else { throw failure("text after the value") }
        return value
    }

    private func failure(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, offset: offset)
    }

    private mutating func skipSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func value() throws -> JSON {
        skipSpace()
        guard offset < bytes.count else { throw failure("the text ends where a value should be") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("an unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count,
              UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[offset..<offset + count]) else {
            throw failure("an unknown word")
        }
        offset += count
    }

    private mutating func nest() throws {
        depth += 1
        guard depth <= Self.deepest else { throw failure("arrays and objects nested more than \(Self.deepest) deep") }
    }

    private mutating func array() throws -> JSON {
        try nest()
        offset += 1
        var elements: [JSON] = []
        if !closes(UInt8(ascii: "]")) {
            repeat {
                elements.append(try value())
            } while try !ends(UInt8(ascii: "]"), "an array element", "an array")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func object() throws -> JSON {
        try nest()
        offset += 1
        var members: [String: JSON] = [:]
        if !closes(UInt8(ascii: "}")) {
            repeat {
                skipSpace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw failure("an object member without a string key") }
                let key = try string()
                skipSpace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw failure("an object key not followed by `:`") }
                offset += 1
                members[key] = try value()
            } while try !ends(UInt8(ascii: "}"), "an object member", "an object")
        }
        depth -= 1
        return .object(members)
    }

    /// True, past it, when the next character (after white space) is `close`.
    private mutating func closes(_ close: UInt8) -> Bool {
        skipSpace()
        guard offset < bytes.count, bytes[offset] == close else { return false }
        offset += 1
        return true
    }

    /// After an element or a member: true, past it, at the bracket that closes the array or object;
    /// false past a `,` that another follows. A `,` right before the bracket closes it too, as
    /// Foundation's decoder reads it.
    private mutating func ends(_ close: UInt8, _ item: String, _ container: String) throws -> Bool {
        skipSpace()
        guard offset < bytes.count else { throw failure("\(container) that does not end") }
        if closes(close) { return true }
        guard bytes[offset] == UInt8(ascii: ",") else {
            throw failure("\(item) not followed by `,` or `\(String(decoding: [close], as: UTF8.self))`")
        }
        offset += 1
        return closes(close)
    }

    /// A string literal, the reader at its opening quote. Runs of plain bytes are copied whole;
    /// the text must be UTF-8.
    private mutating func string() throws -> String {
        offset += 1
        var text: [UInt8] = []
        var run = offset
        while true {
            guard offset < bytes.count else { throw failure("a string that does not end") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                text += bytes[run..<offset]
                offset += 1
                break
            }
            if byte < 0x20 { throw failure("a control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                offset += 1
                continue
            }
            text += bytes[run..<offset]
            offset += 1
            guard offset < bytes.count else { throw failure("a string that does not end") }
            let escaped = bytes[offset]
            offset += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexQuad()
                if (0xD800..<0xDC00).contains(scalar), offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
                    let resume = offset
                    offset += 2
                    let low = try hexQuad()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        offset = resume  // not its pair: read on its own
                    }
                }
                // A surrogate without its pair (JavaScript strings can hold one) stands for U+FFFD.
                text += String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8
            default:
                offset -= 1
                throw failure("an unknown escape `\\\(String(decoding: [escaped], as: UTF8.self))`")
            }
            run = offset
        }
        guard let string = String(bytes: text, encoding: .utf8) else { throw failure("a string that is not UTF-8") }
        return string
    }

    /// The four hexadecimal digits of a `\u` escape.
    private mutating func hexQuad() throws -> UInt32 {
        guard offset + 4 <= bytes.count else { throw failure("a `\\u` escape cut short") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a `\\u` escape with a character that is no hexadecimal digit")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// A number: an integer when its value is a whole number that fits in `Int` (`3`, and `3.0` or
    /// `3e0` too, as Foundation's decoder read them), else a `Double`.
    private mutating func number() throws -> JSON {
        let start = offset
        func digits() -> Int {
            let first = offset
            while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") { offset += 1 }
            return offset - first
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits()
        guard integerDigits > 0 else { throw failure("a number without digits") }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw failure("a number with a leading zero") }
        var isInteger = true
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            isInteger = false
            guard digits() > 0 else { throw failure("a number with no digit after its `.`") }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            isInteger = false
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw failure("a number with no digit in its exponent") }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw failure("a number out of range") }
        if let whole = Int(exactly: value) { return .int(whole) }
        return .double(value)
    }
}
