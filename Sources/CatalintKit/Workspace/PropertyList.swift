import Foundation

/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`:
/// `{ key = value; }`, `( a, b, )`, quoted and unquoted strings, `/* */` and `//` comments.
enum PropertyList: Equatable {
    case string(String)
    case array([PropertyList])
    case dictionary([String: PropertyList])

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var array: [PropertyList]? { if case .array(let value) = self { value } else { nil } }
    var dictionary: [String: PropertyList]? { if case .dictionary(let value) = self { value } else { nil } }

    subscript(key: String) -> PropertyList? { dictionary?[key] }

    /// Why a text is not a property list, with the line where reading stopped.
    struct ParseError: Error, CustomStringConvertible {
        var line: Int
        /// In bytes from the start of the line, 1-based.
        var column = 1
        var message: String
        var description: String { "line \(line): \(message)" }

        init(line: Int, column: Int = 1, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
    }

    /// Deeper nesting than this is an error: a pbxproj nests about six levels, and the limit keeps
    /// both the parser and the release of what it built from running out of stack.
    static let maximumDepth = 64

    /// Parses `text` without recursion. Malformed input is a `ParseError`, never a crash or a hang.
    static func parse(_ text: String) throws(ParseError) -> PropertyList {
        var parser = OpenStepParser(bytes: Array(text.utf8))
        return try parser.parse()
    }
}

/// A non-recursive parser over the UTF-8 bytes: an explicit stack of open containers and a state
/// saying what may come next.
private struct OpenStepParser {
    let bytes: [UInt8]
    var position = 0
    /// Where the last token read starts, past the white space and comments before it.
    var tokenStart = 0

    private enum Token: Equatable {
        case string(String)
        case punctuation(UInt8)
        case end
    }

    private enum Container {
        case dictionary([String: PropertyList], key: String?)
        case array([PropertyList])
    }

    private enum Expecting {
        case value, valueOrArrayEnd, keyOrDictionaryEnd, equals, semicolon, commaOrArrayEnd, end
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parse() throws(PropertyList.ParseError) -> PropertyList {
        var stack: [Container] = []
        var expecting = Expecting.value
        var result: PropertyList?

        /// Puts a finished value into the container it belongs to and says what follows it.
        func finish(_ value: PropertyList) {
            switch stack.popLast() {
            case nil:
                result = value
                expecting = .end
            case .dictionary(var dictionary, let key)?:
                dictionary[key ?? ""] = value
                stack.append(.dictionary(dictionary, key: nil))
                expecting = .semicolon
            case .array(var array)?:
                array.append(value)
                stack.append(.array(array))
                expecting = .commaOrArrayEnd
            }
        }

        while true {
            let token = try next()
            let tokenStart = self.tokenStart
            switch (expecting, token) {
            case (.value, .punctuation(UInt8(ascii: "{"))), (.valueOrArrayEnd, .punctuation(UInt8(ascii: "{"))):
                try open(depth: stack.count, at: tokenStart)
                stack.append(.dictionary([:], key: nil))
                expecting = .keyOrDictionaryEnd
            case (.value, .punctuation(UInt8(ascii: "("))), (.valueOrArrayEnd, .punctuation(UInt8(ascii: "("))):
                try open(depth: stack.count, at: tokenStart)
                stack.append(.array([]))
                expecting = .valueOrArrayEnd
            case (.value, .string(let string)), (.valueOrArrayEnd, .string(let string)):
                finish(.string(string))
            case (.valueOrArrayEnd, .punctuation(UInt8(ascii: ")"))), (.commaOrArrayEnd, .punctuation(UInt8(ascii: ")"))):
                guard case .array(let array)? = stack.popLast() else { throw error("unexpected ')'", at: tokenStart) }
                finish(.array(array))
            case (.commaOrArrayEnd, .punctuation(UInt8(ascii: ","))):
                expecting = .valueOrArrayEnd
            case (.keyOrDictionaryEnd, .string(let key)):
                guard case .dictionary(let dictionary, _)? = stack.popLast() else { throw error("a key outside a dictionary", at: tokenStart) }
                stack.append(.dictionary(dictionary, key: key))
                expecting = .equals
            case (.keyOrDictionaryEnd, .punctuation(UInt8(ascii: "}"))):
                guard case .dictionary(let dictionary, _)? = stack.popLast() else { throw error("unexpected '}'", at: tokenStart) }
                finish(.dictionary(dictionary))
            case (.equals, .punctuation(UInt8(ascii: "="))):
                expecting = .value
            case (.semicolon, .punctuation(UInt8(ascii: ";"))):
                expecting = .keyOrDictionaryEnd
            case (.end, .end):
                if let result { return result }
                throw error("no value", at: tokenStart)
            case (_, .end):
                throw error("the text ends inside \(stack.isEmpty ? "a value" : "an unclosed { or (")", at: tokenStart)
            case (_, .string(let string)):
                throw error("unexpected \"\(string.prefix(40))\"", at: tokenStart)
            case (_, .punctuation(let byte)):
                throw error("unexpected '\(Character(Unicode.Scalar(byte)))'", at: tokenStart)
            }
        }
    }

    private func open(depth: Int, at offset: Int) throws(PropertyList.ParseError) {
        if depth >= PropertyList.maximumDepth {
            throw error("nested deeper than \(PropertyList.maximumDepth) levels", at: offset)
        }
    }

    private func error(_ message: String, at offset: Int) -> PropertyList.ParseError {
        let end = min(offset, bytes.count)
        let line = bytes[..<end].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let lineStart = bytes[..<end].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return PropertyList.ParseError(line: line, column: end - lineStart + 1, message: message)
    }

    // MARK: Tokens

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ","): true
        default: false
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B
    }

    /// Skips white space and comments, then reads one token.
    private mutating func next() throws(PropertyList.ParseError) -> Token {
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isSpace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                while position < bytes.count && bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                let start = position
                position += 2
                while position + 1 < bytes.count && !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                    position += 1
                }
                guard position + 1 < bytes.count else { throw error("an unclosed /* comment", at: start) }
                position += 2
            } else {
                break
            }
        }
        tokenStart = position
        guard position < bytes.count else { return .end }
        let byte = bytes[position]
        if Self.isPunctuation(byte) {
            position += 1
            return .punctuation(byte)
        }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return .string(try quoted(byte))
        }
        if byte == UInt8(ascii: "<") {
            // Data, `<0fbd7777 2b0a>`: kept as its text.
            let start = position
            while position < bytes.count && bytes[position] != UInt8(ascii: ">") { position += 1 }
            guard position < bytes.count else { throw error("an unclosed <", at: start) }
            position += 1
            return .string(String(decoding: bytes[start..<position], as: UTF8.self))
        }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isSpace(byte) || Self.isPunctuation(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { break }
            if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
               bytes[position + 1] == UInt8(ascii: "*") || bytes[position + 1] == UInt8(ascii: "/") { break }
            position += 1
        }
        if position == start { throw error("unexpected '\(Character(Unicode.Scalar(byte)))'", at: start) }
        return .string(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    /// A string in `quote`s with backslash escapes.
    private mutating func quoted(_ quote: UInt8) throws(PropertyList.ParseError) -> String {
        let start = position
        position += 1
        var text: [UInt8] = []
        while position < bytes.count && bytes[position] != quote {
            var byte = bytes[position]
            if byte == UInt8(ascii: "\\"), position + 1 < bytes.count {
                position += 1
                byte = bytes[position]
                switch byte {
                case UInt8(ascii: "n"): byte = 0x0A
                case UInt8(ascii: "t"): byte = 0x09
                case UInt8(ascii: "r"): byte = 0x0D
                default: break // \" \\ \' and anything else: the character itself
                }
            }
            text.append(byte)
            position += 1
        }
        guard position < bytes.count else { throw error("an unclosed quoted string", at: start) }
        position += 1
        return String(decoding: text, as: UTF8.self)
    }
}
