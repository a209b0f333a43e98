import Foundation
import XCTest
@testable import CatalintServer

/// The language server reads and writes its messages' JSON itself (`JSON.parse`, `serialized`):
/// it must read what Foundation reads, refuse what it refuses, and write what it writes.
final class ServerJSONTests: XCTestCase {
    private func parse(_ text: String) throws -> JSON { try JSON.parse(Data(text.utf8)) }

    /// Values of every kind, nested, with the strings that need escaping.
    private func values(count: Int) -> [JSON] {
        var random = SeededGenerator(seed: 31)
        let strings = ["", "plain", "quote \" and backslash \\", "line\nbreak\r\ttab", "\u{0}\u{1}\u{1f}\u{7f}", "slash / and <tag>",
                       "é, 中文, 🍏 and \u{2028}", "file:///Users/a%20b/App.swift", "\u{8}\u{c}"]
        func make(_ depth: Int) -> JSON {
            switch random.next() % (depth > 3 ? 5 : 7) {
            case 0: return .null
            case 1: return .bool(random.next() % 2 == 0)
            case 2: return .int(Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 64))
            case 3: return .string(strings[Int(random.next() % UInt64(strings.count))])
            case 4: return .string(String(repeating: "ab", count: Int(random.next() % 40)))
            case 5: return .array((0..<Int(random.next() % 5)).map { _ in make(depth + 1) })
            default:
                var members: [String: JSON] = [:]
                for _ in 0..<Int(random.next() % 5) { members[strings[Int(random.next() % UInt64(strings.count))] + "k"] = make(depth + 1) }
                return .object(members)
            }
        }
        return (0..<count).map { _ in make(0) }
    }

    /// Foundation's writing of a value: what the server wrote before it wrote JSON itself
    /// (`JSONEncoder`, keys sorted, `/` not escaped).
    private func foundation(_ value: JSON) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(FoundationJSON(value))
    }

    /// Foundation's reading of a text, as the server read before: nil when `JSONDecoder` refuses it.
    private func foundationReading(_ data: Data) -> JSON? {
        (try? JSONDecoder().decode(FoundationJSON.self, from: data))?.value
    }

    func testWhatIsWrittenReadsBackTheSame() throws {
        for value in values(count: 2_000) {
            XCTAssertEqual(try JSON.parse(value.serialized()), value, String(decoding: value.serialized(), as: UTF8.self))
        }
        for number in [0.5, -1.25, 1e-7, 6.02e23, 3.0] {
            XCTAssertEqual(try JSON.parse(JSON.double(number).serialized()).doubleOrInt, number)
        }
        XCTAssertEqual(String(decoding: JSON.array([.double(.infinity), .double(.nan), .double(2)]).serialized(), as: UTF8.self), "[null,null,2]")
    }

    func testWhatFoundationReadsIsReadTheSame() throws {
        for value in values(count: 2_000) {
            let data = try foundation(value)
            XCTAssertEqual(try JSON.parse(data), value, String(decoding: data, as: UTF8.self))
        }
        let spaced = "  {\n\t\"a\" : [ 1 , -2 , 3.5e2 , true , false , null , \"\\u00e9\\ud83c\\udf4f\\/\" ] ,\r\n \"b\" : { } , \"c\" : [ ] }  "
        XCTAssertEqual(try parse(spaced), ["a": [1, -2, 350, true, false, nil, "é🍏/"], "b": [:], "c": []])
        XCTAssertEqual(try parse("[1.5, 2.0, 1e2, -0.0, 1e300, 1, ]"), [.double(1.5), 2, 100, 0, .double(1e300), 1])
        XCTAssertEqual(try parse("{\"a\": 1 , }"), ["a": 1])
        XCTAssertEqual(foundationReading(Data(spaced.utf8)), try parse(spaced))
        XCTAssertEqual(try parse("9223372036854775807"), .int(Int.max))
        XCTAssertEqual(try parse("9223372036854775808"), .double(9223372036854775808))
        for text in ["[1.5, 2.0, 1e2, -0.0, 1e300, 1, ]", "{\"a\": 1 , }", "9223372036854775808", "-0", "\"\\u0000\""] {
            XCTAssertEqual(foundationReading(Data(text.utf8)), try parse(text), text)
        }
        XCTAssertEqual(try parse("-0"), .int(0))
        XCTAssertEqual(try parse("\"\\u0000\""), .string("\u{0}"))
        // A surrogate without its pair (JavaScript strings may hold one) is read as U+FFFD.
        XCTAssertEqual(try parse("\"a\\ud83cb\""), .string("a\u{FFFD}b"))
        XCTAssertEqual(try parse("\"\\udf4f\\ud83c\""), .string("\u{FFFD}\u{FFFD}"))
        XCTAssertEqual(try parse("\"\\ud83c\\u0041\""), .string("\u{FFFD}A"))
        XCTAssertEqual(try parse(String(repeating: "[", count: JSONReader.deepest) + String(repeating: "]", count: JSONReader.deepest)).arrayValue?.count, 1)
    }

    func testWhatIsWrittenIsWhatFoundationWrites() throws {
        // Without numbers with a fraction, which the two spell differently (`1e-07`, `1.0000000000000001e-07`).
        for value in values(count: 2_000) {
            XCTAssertEqual(String(decoding: value.serialized(), as: UTF8.self), String(decoding: try foundation(value), as: UTF8.self))
        }
    }

    func testWhatIsNotJSONIsRefused() {
        let refused: [(String, String)] = [
            ("", "the text ends where a value should be"), ("   ", "the text ends"), ("[1,,]", "an unexpected character"),
            ("{\"a\":1,,}", "an object member without a string key"), ("[,]", "an unexpected character"), ("[1 2]", "an array element not followed by"),
            ("{\"a\" 1}", "an object key not followed by `:`"), ("{1:2}", "an object member without a string key"),
            ("01", "a number with a leading zero"), ("1.", "a number with no digit after"), ("1e", "a number with no digit in its exponent"),
            ("-", "a number without digits"), ("1e999", "a number out of range"), ("+1", "an unexpected character"),
            ("\"abc", "a string that does not end"), ("\"a\nb\"", "a control character in a string"), ("\"\\x\"", "an unknown escape"),
            ("\"\\u12x4\"", "a `\\u` escape with a character that is no hexadecimal digit"), ("\"\\u12", "a `\\u` escape cut short"),
            ("tru", "an unknown word"), ("nul", "an unknown word"), ("True", "an unexpected character"), ("{} {}", "text after the value"),
            ("[1] x", "text after the value"), ("// comment\n1", "an unexpected character"), ("[", "the text ends where a value should be"),
            ("[1", "an array that does not end"), ("{\"a\":1", "an object that does not end"),
            (String(repeating: "[", count: JSONReader.deepest + 1) + String(repeating: "]", count: JSONReader.deepest + 1), "nested more than 512 deep"),
            (String(repeating: "{\"a\":", count: 100_000), "nested more than 512 deep"),
        ]
        for (text, reason) in refused {
            XCTAssertThrowsError(try parse(text), text) { error in
                XCTAssertTrue("\(error)".contains(reason), "\(text): \(error)")
                XCTAssertNil(foundationReading(Data(text.utf8)), "Foundation refuses \(text) too")
            }
        }
        // Bytes that are no UTF-8, in a string: refused, as Foundation refuses them.
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22]] {
            XCTAssertThrowsError(try JSON.parse(Data(bytes)), "\(bytes)")
            XCTAssertNil(foundationReading(Data(bytes)), "\(bytes)")
        }
    }
}

private extension JSON {
    /// A number, whichever way it was read.
    var doubleOrInt: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }
}

/// The server's `JSON` through `Codable`, as it was read and written with Foundation before.
private struct FoundationJSON: Codable {
    var value: JSON

    init(_ value: JSON) { self.value = value }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            value = .int(int)
        } else if let double = try? container.decode(Double.self) {
            value = .double(double)
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let array = try? container.decode([FoundationJSON].self) {
            value = .array(array.map(\.value))
        } else {
            value = .object(try container.decode([String: FoundationJSON].self).mapValues(\.value))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): if value.isFinite { try container.encode(value) } else { try container.encodeNil() }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value.map(FoundationJSON.init))
        case .object(let value): try container.encode(value.mapValues(FoundationJSON.init))
        }
    }
}

/// Where the server's lines start (`LineTable`), made twice a keystroke: LF, CRLF and a lone CR each
/// end a line, and columns are counted in UTF-16 code units.
final class LineTableTests: XCTestCase {
    func testLinesAndColumnsOfRandomTexts() {
        var random = SeededGenerator(seed: 7)
        let pieces = ["a", "bc", "é", "🍏", "\n", "\r", "\r\n", "\n\r", " "]
        for _ in 0..<500 {
            let text = (0..<Int(random.next() % 30)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            // The reference: split at each line break, `\r\n` being one.
            var lines: [String] = [], current = ""
            var scalars = Array(text.unicodeScalars)[...]
            while let scalar = scalars.popFirst() {
                if scalar == "\r" || scalar == "\n" {
                    if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
                    lines.append(current)
                    current = ""
                } else {
                    current.unicodeScalars.append(scalar)
                }
            }
            lines.append(current)
            let table = LineTable(text)
            XCTAssertEqual(table.lineCount, lines.count, text.debugDescription)
            var offset = 0
            for (number, line) in lines.enumerated() {
                XCTAssertEqual(String(table.line(number)), line, text.debugDescription)
                XCTAssertEqual(table.utf8Offset(of: LSPPosition(line: number, character: 0)), offset, text.debugDescription)
                // Past the line's end: its end, in UTF-16 units or more.
                XCTAssertEqual(table.utf8Offset(of: LSPPosition(line: number, character: line.utf16.count + 3)), offset + line.utf8.count,
                               text.debugDescription)
                offset += line.utf8.count
                let rest = text.utf8.dropFirst(offset)
                offset += rest.starts(with: "\r\n".utf8) ? 2 : rest.isEmpty ? 0 : 1
            }
        }
    }
}
