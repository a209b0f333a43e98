/// A JSON value whose objects keep their members in the order they are written, for documents
/// catalint generates and keeps in the repository (the JSON Schemas in `docs/`): the same value
/// always prints to the same bytes, on every platform.
indirect enum JSONValue: Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([Member])

    struct Member: Sendable {
        var key: String
        var value: JSONValue
    }

    /// The value of `key` in an object; nil for a missing key or a value that is no object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// An object with `member` added at its end (a value that is no object is returned as it is).
    func adding(_ key: String, _ value: JSONValue?) -> JSONValue {
        guard let value, case .object(let members) = self else { return self }
        return .object(members + [Member(key: key, value: value)])
    }

    /// The text of the value: two spaces a level, one member or element a line, `"key": value`,
    /// a newline at the end; text outside ASCII is written as it is.
    var printed: String {
        var text = ""
        write(to: &text, indent: "")
        return text + "\n"
    }

    private func write(to text: inout String, indent: String) {
        switch self {
        case .string(let value): text += quoted(value)
        case .integer(let value): text += String(value)
        case .number(let value): text += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .bool(let value): text += value ? "true" : "false"
        case .array(let elements):
            writeBracketed(elements.map { ("", $0) }, open: "[", close: "]", to: &text, indent: indent)
        case .object(let members):
            writeBracketed(members.map { (quoted($0.key) + ": ", $0.value) }, open: "{", close: "}", to: &text, indent: indent)
        }
    }

    /// The elements of an array or the members of an object (each after its prefix, a key), one a
    /// line, or `[]` and `{}` when there are none.
    private func writeBracketed(_ items: [(prefix: String, value: JSONValue)], open: String, close: String, to text: inout String, indent: String) {
        guard !items.isEmpty else {
            text += open + close
            return
        }
        text += open + "\n"
        for (offset, item) in items.enumerated() {
            text += indent + "  " + item.prefix
            item.value.write(to: &text, indent: indent + "  ")
            text += offset == items.count - 1 ? "\n" : ",\n"
        }
        text += indent + close
    }
}

// Literals, so that a schema in Swift reads like the JSON it prints.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
                     ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .integer(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Members in the order written.
    init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { Member(key: $0.0, value: $0.1) })
    }

    /// A list of strings: `["mac", "pad"]`.
    static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    /// An object from members computed in order.
    static func members(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { Member(key: $0.0, value: $0.1) })
    }
}
