import Yams

/// How the rules' knowledge is declared: each kind of knowledge, and each entry of one, is a struct
/// with a table of its keys (`fields`); so are the smaller mappings of a rule file (`reference:`,
/// `examples:`, `fix:`). Everything else follows from that one table:
///
/// - strict decoding from `Rules/<id>.yml` and `.catalint.yml`: a key the table does not name is an
///   error with its place and a suggestion; a value that breaks a field's restriction too;
/// - the option names of a rule and how options extend its knowledge (`KnowledgeKind`): lists
///   extend, a single value given replaces, even 0;
/// - the JSON Schema of the configuration (`ConfigurationSchema`), with each field's description;
/// - the binary form of the rule catalogue that the cache keeps (`RuleCatalogEntry`).
protocol KnowledgeShape: SchemaValue {
    /// The value with no key given: every list empty, every optional value nil, other values at
    /// their defaults (required ones are set by decoding).
    init()
    /// The keys, in the order the schema and the error messages list them.
    static var fields: [Field<Self>] { get }
}

/// One key of a knowledge shape: its name, the property it sets, what it may hold, and what the
/// schema says of it. Made by `list`, `optional`, `required`, `value` and `shorthand`.
struct Field<Root>: Sendable {
    let key: String
    let description: String?
    let isRequired: Bool
    /// The value's schema (the description is added by `schema(in:)`).
    fileprivate let valueSchema: @Sendable (inout SchemaDefinitions) -> JSONValue
    fileprivate let decode: @Sendable (inout Root, KeyedDecodingContainer<AnyCodingKey>) throws -> Void
    /// The same from the value's node (nil when the key is absent), for the embedded rule files.
    fileprivate let read: @Sendable (inout Root, Node?) throws -> Void
    /// Sets the field from a plain string, for the field that a string alone stands for.
    fileprivate let shorthand: (@Sendable (inout Root, String) -> Void)?
    /// Adds an option's value to the knowledge; nil for a field options cannot take.
    fileprivate let extend: (@Sendable (inout Root, Root) -> Void)?
    /// Writes the field's value in the catalogue's binary form (`RuleCatalogEntry`), and reads it back.
    fileprivate let pack: @Sendable (Root, BinaryWriter) -> Void
    fileprivate let unpack: @Sendable (inout Root, BinaryReader) throws -> Void

    /// True for a field options can set: a list, or a value that may be absent.
    var isOption: Bool { extend != nil }
    var isShorthand: Bool { shorthand != nil }

    /// The field's schema, with its description.
    func schema(in definitions: inout SchemaDefinitions) -> JSONValue {
        let value = valueSchema(&definitions)
        guard let description else { return value }
        // Beside `$ref`, draft 7 ignores every other keyword: the description goes around it.
        if value["$ref"] != nil { return ["description": .string(description), "allOf": [value]] }
        guard case .object(let members) = value else { return value }
        return .object([JSONValue.Member(key: "description", value: .string(description))] + members)
    }
}

extension Field {
    /// A list, empty when the key is absent; a user's option adds to it. With `each`, every element
    /// must pass that restriction.
    static func list<Element: SchemaValue>(_ key: String, _ path: WritableKeyPath<Root, [Element]> & Sendable, _ description: String? = nil,
                                           each restriction: Restriction<Element>? = nil) -> Field {
        Field(key: key, description: description, isRequired: false,
              valueSchema: { definitions in
                  ["type": "array", "items": restriction.map { $0.applied(to: Element.schema(in: &definitions)) } ?? Element.schema(in: &definitions)]
              },
              decode: { root, container in
                  guard let list = try container.decodeIfPresent([Element].self, forKey: AnyCodingKey(stringValue: key)) else { return }
                  if let restriction, !list.allSatisfy(restriction.accepts) {
                      throw DecodingError.dataCorruptedError(forKey: AnyCodingKey(stringValue: key), in: container,
                                                             debugDescription: "'\(key)' must hold \(restriction.plural)")
                  }
                  root[keyPath: path] = list
              },
              read: { root, node in
                  guard let node, !node.isNullValue else { return }
                  let list = try [Element](node: node)
                  if let restriction, !list.allSatisfy(restriction.accepts) { throw EmbeddedNodeError(node, "'\(key)' must hold \(restriction.plural)") }
                  root[keyPath: path] = list
              },
              shorthand: nil,
              extend: { root, options in root[keyPath: path] += options[keyPath: path] },
              pack: { root, sink in root[keyPath: path].packValue(into: sink) },
              unpack: { root, source in root[keyPath: path] = try [Element].unpackValue(from: source) })
    }

    /// A value that may be absent (nil); a user's option that gives it replaces it, whatever it is.
    static func optional<Value: SchemaValue>(_ key: String, _ path: WritableKeyPath<Root, Value?> & Sendable, _ description: String? = nil,
                                             accepting restriction: Restriction<Value>? = nil) -> Field {
        Field(key: key, description: description, isRequired: false,
              valueSchema: { restriction?.applied(to: Value.schema(in: &$0)) ?? Value.schema(in: &$0) },
              decode: { root, container in
                  guard let value = try container.decodeIfPresent(Value.self, forKey: AnyCodingKey(stringValue: key)) else { return }
                  try restriction?.check(value, key: key, in: container)
                  root[keyPath: path] = value
              },
              read: { root, node in
                  guard let node, !node.isNullValue else { return }
                  let value = try Value(node: node)
                  try restriction?.check(value, key: key, at: node)
                  root[keyPath: path] = value
              },
              shorthand: nil,
              extend: { root, options in
                  if let value = options[keyPath: path] { root[keyPath: path] = value }
              },
              pack: { root, sink in
                  let value = root[keyPath: path]
                  sink.write(value != nil)
                  value?.packValue(into: sink)
              },
              unpack: { root, source in root[keyPath: path] = try source.readBool() ? try Value.unpackValue(from: source) : nil })
    }

    /// A value that keeps its default (the one `init()` gives) when the key is absent.
    static func value<Value: SchemaValue>(_ key: String, _ path: WritableKeyPath<Root, Value> & Sendable, _ description: String? = nil,
                                          accepting restriction: Restriction<Value>? = nil) -> Field {
        single(key, path, description, restriction, required: false)
    }

    /// A value that must be given.
    static func required<Value: SchemaValue>(_ key: String, _ path: WritableKeyPath<Root, Value> & Sendable, _ description: String? = nil,
                                             accepting restriction: Restriction<Value>? = nil) -> Field {
        single(key, path, description, restriction, required: true)
    }

    /// A string that must be given, and that a plain string stands for: `UIStepper` is
    /// `{name: UIStepper}`.
    static func shorthand(_ key: String, _ path: WritableKeyPath<Root, String> & Sendable, _ description: String? = nil) -> Field {
        let field = single(key, path, description, nil, required: true)
        return Field(key: key, description: description, isRequired: true, valueSchema: field.valueSchema, decode: field.decode, read: field.read,
                     shorthand: { root, text in root[keyPath: path] = text }, extend: nil, pack: field.pack, unpack: field.unpack)
    }

    private static func single<Value: SchemaValue>(_ key: String, _ path: WritableKeyPath<Root, Value> & Sendable, _ description: String?,
                                                   _ restriction: Restriction<Value>?, required: Bool) -> Field {
        Field(key: key, description: description, isRequired: required,
              valueSchema: { restriction?.applied(to: Value.schema(in: &$0)) ?? Value.schema(in: &$0) },
              decode: { root, container in
                  let codingKey = AnyCodingKey(stringValue: key)
                  let value: Value
                  if required {
                      value = try container.decode(Value.self, forKey: codingKey)
                  } else {
                      guard let given = try container.decodeIfPresent(Value.self, forKey: codingKey) else { return }
                      value = given
                  }
                  try restriction?.check(value, key: key, in: container)
                  root[keyPath: path] = value
              },
              read: { root, node in
                  let value: Value
                  if let node, !node.isNullValue {
                      value = try Value(node: node)
                  } else if required {
                      throw EmbeddedNodeError(node, "'\(key)' must be given")
                  } else {
                      return
                  }
                  try restriction?.check(value, key: key, at: node)
                  root[keyPath: path] = value
              },
              shorthand: nil, extend: nil,
              pack: { root, sink in root[keyPath: path].packValue(into: sink) },
              unpack: { root, source in root[keyPath: path] = try Value.unpackValue(from: source) })
    }
}

/// What a value must be beyond its type: a number above 0, one of a few strings. Decoding refuses
/// other values with the key's place, and the schema says the same.
struct Restriction<Value>: Sendable {
    /// Keywords added to the value's schema: `exclusiveMinimum`, `enum`.
    let keywords: [JSONValue.Member]
    let accepts: @Sendable (Value) -> Bool
    /// What one value must be, for errors: "a number above 0".
    let requirement: String
    /// The same of several: "numbers above 0".
    let plural: String

    func applied(to schema: JSONValue) -> JSONValue {
        guard case .object(let members) = schema else { return schema }
        return .object(members + keywords)
    }

    func check(_ value: Value, key: String, in container: KeyedDecodingContainer<AnyCodingKey>) throws {
        guard !accepts(value) else { return }
        throw DecodingError.dataCorruptedError(forKey: AnyCodingKey(stringValue: key), in: container, debugDescription: "'\(key)' must be \(requirement)")
    }

    func check(_ value: Value, key: String, at node: Node?) throws {
        guard !accepts(value) else { return }
        throw EmbeddedNodeError(node, "'\(key)' must be \(requirement)")
    }
}

extension Restriction where Value == Double {
    /// A finite number above `limit`: a screen's width.
    static func above(_ limit: Double) -> Restriction {
        Restriction(keywords: [JSONValue.Member(key: "exclusiveMinimum", value: .number(limit))], accepts: { $0 > limit && $0.isFinite },
                    requirement: "a number above \(shownNumber(limit))", plural: "numbers above \(shownNumber(limit))")
    }

    /// A finite number of `limit` or more: a minimum, which may be 0.
    static func atLeast(_ limit: Double) -> Restriction {
        Restriction(keywords: [JSONValue.Member(key: "minimum", value: .number(limit))], accepts: { $0 >= limit && $0.isFinite },
                    requirement: "a number of \(shownNumber(limit)) or more", plural: "numbers of \(shownNumber(limit)) or more")
    }
}

extension Restriction where Value == String {
    /// One of `choices`.
    static func oneOf(_ choices: [String]) -> Restriction {
        let listed = choices.joined(separator: ", ")
        return Restriction(keywords: [JSONValue.Member(key: "enum", value: .strings(choices))], accepts: { choices.contains($0) },
                           requirement: "one of \(listed)", plural: "only \(listed)")
    }
}

extension KnowledgeShape {
    /// Decodes the shape strictly: a plain string for a shape with a shorthand field, else a
    /// mapping whose keys are all fields, each decoded and checked in the table's order.
    init(from decoder: Decoder) throws {
        self.init()
        if let field = Self.fields.first(where: \.isShorthand), let text = try? decoder.singleValueContainer().decode(String.self) {
            field.shorthand?(&self, text)
            return
        }
        try decoder.rejectUnknownKeys(Self.fields.map(\.key))
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        for field in Self.fields { try field.decode(&self, container) }
    }

    /// The same from a node of an embedded rule file, by the same table and with the same checks.
    init(node: Node) throws {
        self.init()
        if let field = Self.fields.first(where: \.isShorthand), let text = node.scalar?.string {
            field.shorthand?(&self, text)
            return
        }
        let members = try node.strictMembers(known: Self.fields.map(\.key))
        for field in Self.fields { try field.read(&self, members[field.key]) }
    }

    /// The catalogue's binary form (`RuleCatalogEntry`): each field's value in the table's order.
    func packValue(into sink: BinaryWriter) {
        for field in Self.fields { field.pack(self, sink) }
    }

    static func unpackValue(from source: BinaryReader) throws -> Self {
        var value = Self()
        for field in fields { try field.unpack(&value, source) }
        return value
    }

    /// The name of the shape's definition in a JSON Schema: `classEntry` for `ClassEntry`.
    static var schemaName: String {
        let name = String(describing: Self.self)
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    /// A reference to the shape's definition, added to `definitions` when first used.
    static func schema(in definitions: inout SchemaDefinitions) -> JSONValue {
        definitions.reference(Self.self)
    }

    /// The shape as a schema object: its fields, which must be given, no other key; with a
    /// shorthand field, a plain string too.
    static func objectSchema(in definitions: inout SchemaDefinitions) -> JSONValue {
        let properties = fields.map { ($0.key, $0.schema(in: &definitions)) }
        let required = fields.filter(\.isRequired).map(\.key)
        let object: JSONValue = ["type": "object"]
        let strict = object.adding("required", required.isEmpty ? nil : .strings(required))
            .adding("additionalProperties", false)
            .adding("properties", .members(properties))
        return fields.contains(where: \.isShorthand) ? ["oneOf": [["type": "string"], strict]] : strict
    }
}

/// A kind of knowledge, the `uikit:` section of a rule file: its fields are also the rule's option
/// names in `.catalint.yml`, and every one of them is a list or an optional value.
protocol KnowledgeKind: RuleKnowledge, KnowledgeShape {}

extension KnowledgeKind {
    /// The option names of the rule.
    static var keys: [String] { fields.map(\.key) }

    /// Adds a user's options: lists extend, a single value given replaces (0 included).
    mutating func extend(with options: Self) {
        for field in Self.fields { field.extend?(&self, options) }
    }

    /// The options as a rule's schema lists them, after `severity`.
    static func optionSchemas(in definitions: inout SchemaDefinitions) -> [(String, JSONValue)] {
        fields.map { ($0.key, $0.schema(in: &definitions)) }
    }
}

// MARK: Schema

/// A type a field holds, and how a JSON Schema writes it.
protocol SchemaValue: Decodable, Sendable {
    static func schema(in definitions: inout SchemaDefinitions) -> JSONValue
    /// The value read straight from a YAML node of an embedded rule file (`RuleCatalog.all`), as
    /// `Decodable` through Yams reads it: without `Decodable`'s containers, whose runtime type
    /// lookups were most of catalint's start-up.
    init(node: Node) throws
    /// The value in the binary form of the catalogue kept in the cache (`RuleCatalogEntry`), which a
    /// run reads instead of the YAML; and read back (a damaged form throws).
    func packValue(into sink: BinaryWriter)
    static func unpackValue(from source: BinaryReader) throws -> Self
}

extension String: SchemaValue {
    static func schema(in definitions: inout SchemaDefinitions) -> JSONValue { ["type": "string"] }

    init(node: Node) throws {
        guard let scalar = node.scalar else { throw EmbeddedNodeError(node, "expected a string") }
        self = scalar.string
    }

    func packValue(into sink: BinaryWriter) { sink.write(self) }
    static func unpackValue(from source: BinaryReader) throws -> String { try source.readString() }
}

extension Double: SchemaValue {
    static func schema(in definitions: inout SchemaDefinitions) -> JSONValue { ["type": "number"] }

    init(node: Node) throws {
        guard let value = node.scalar.flatMap(Double.construct) else { throw EmbeddedNodeError(node, "expected a number") }
        self = value
    }

    func packValue(into sink: BinaryWriter) { sink.write(double: self) }
    static func unpackValue(from source: BinaryReader) throws -> Double { try source.readDouble() }
}

extension Bool: SchemaValue {
    static func schema(in definitions: inout SchemaDefinitions) -> JSONValue { ["type": "boolean"] }

    /// The plain scalars YAML 1.1 reads as booleans, as Yams's default resolver does: the embedded
    /// files are read without resolving tags (`RuleCatalog.resolver`), so a value is read by the type
    /// the field wants.
    init(node: Node) throws {
        switch node.scalar.flatMap({ $0.style == .plain ? $0.string : nil }) {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": self = true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": self = false
        default: throw EmbeddedNodeError(node, "expected true or false")
        }
    }

    func packValue(into sink: BinaryWriter) { sink.write(self) }
    static func unpackValue(from source: BinaryReader) throws -> Bool { try source.readBool() }
}

extension Dictionary: SchemaValue where Key == String, Value: SchemaValue {
    static func schema(in definitions: inout SchemaDefinitions) -> JSONValue { ["type": "object", "additionalProperties": Value.schema(in: &definitions)] }

    init(node: Node) throws {
        guard let mapping = node.mapping else { throw EmbeddedNodeError(node, "expected a mapping") }
        self.init(minimumCapacity: mapping.count)
        for (key, value) in mapping {
            guard let name = key.scalar?.string else { throw EmbeddedNodeError(key, "expected a string key") }
            self[name] = try Value(node: value)
        }
    }

    /// By sorted key, so that the same catalogue is always the same bytes.
    func packValue(into sink: BinaryWriter) {
        sink.write(count)
        for key in keys.sorted() {
            sink.write(key)
            self[key]!.packValue(into: sink)
        }
    }

    static func unpackValue(from source: BinaryReader) throws -> Self {
        let map = try source.readMap { try Value.unpackValue(from: source) }
        return map
    }
}

extension Array: SchemaValue where Element: SchemaValue {
    static func schema(in definitions: inout SchemaDefinitions) -> JSONValue { ["type": "array", "items": Element.schema(in: &definitions)] }

    init(node: Node) throws {
        guard let sequence = node.sequence else { throw EmbeddedNodeError(node, "expected a list") }
        self = try sequence.map { try Element(node: $0) }
    }

    func packValue(into sink: BinaryWriter) {
        sink.write(count)
        for element in self { element.packValue(into: sink) }
    }

    static func unpackValue(from source: BinaryReader) throws -> Self {
        let count = try source.readCount()
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try Element.unpackValue(from: source)) }
        return elements
    }
}

/// An enumeration written as one of its raw values: `safe`, `unsafe`.
extension SchemaValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    static func schema(in definitions: inout SchemaDefinitions) -> JSONValue { ["enum": .strings(allCases.map(\.rawValue))] }

    init(node: Node) throws {
        guard let value = node.scalar.flatMap({ Self(rawValue: $0.string) }) else {
            throw EmbeddedNodeError(node, "expected one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = value
    }

    func packValue(into sink: BinaryWriter) { sink.write(rawValue) }

    static func unpackValue(from source: BinaryReader) throws -> Self {
        guard let value = Self(rawValue: try source.readString()) else { throw BinaryReader.Malformed() }
        return value
    }
}

extension Severity: SchemaValue {}
extension RuleCategory: SchemaValue {}
extension BreakScope: SchemaValue {}

extension FixKind: SchemaValue {}
extension FixApplicability: SchemaValue {}

/// The `definitions` of a JSON Schema: each shape once, in the order first used.
struct SchemaDefinitions {
    private(set) var members: [JSONValue.Member] = []

    mutating func reference<Shape: KnowledgeShape>(_ shape: Shape.Type) -> JSONValue {
        let name = Shape.schemaName
        if !members.contains(where: { $0.key == name }) {
            // The slot first, so that shapes it uses come after it.
            let index = members.count
            members.append(JSONValue.Member(key: name, value: [:]))
            members[index].value = Shape.objectSchema(in: &self)
        }
        return ["$ref": .string("#/definitions/" + name)]
    }
}

// MARK: Strict decoding

/// A value of an embedded rule file that does not read, with its place in the file. The build embeds
/// only files that the tests decode strictly (`RuleCatalog.parse`), so this is a bug when it happens.
struct EmbeddedNodeError: Error, CustomStringConvertible {
    var description: String

    init(_ node: Node?, _ problem: String) {
        let place = node?.mark.map { "\($0.line):\($0.column): " } ?? ""
        description = place + problem
    }
}

extension Node {
    /// True for a null value (`~`, `null`, nothing), which counts as an absent key, as
    /// `decodeIfPresent` counts it.
    var isNullValue: Bool { null != nil }

    /// The members of a mapping by key (the last of a repeated key, as Yams reads it), after checking
    /// that every key is one of `known`.
    func strictMembers(known: [String]) throws -> [String: Node] {
        guard let mapping else { throw EmbeddedNodeError(self, "expected a mapping") }
        var members: [String: Node] = [:]
        members.reserveCapacity(mapping.count)
        for (key, value) in mapping {
            guard let name = key.scalar?.string, known.contains(name) else {
                throw EmbeddedNodeError(key, "unknown key '\(key.scalar?.string ?? "?")'")
            }
            members[name] = value
        }
        return members
    }
}

/// Any key of a mapping, to list the keys a YAML mapping really has.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension Decoder {
    /// Throws for a key of the mapping being decoded that `known` does not name, with a suggestion:
    /// the knowledge in `Rules/` and the options in `.catalint.yml` never ignore a key silently.
    /// Does nothing when the value is no mapping (the decoding of the value then says what is wrong).
    func rejectUnknownKeys(_ known: [String]) throws {
        guard let container = try? container(keyedBy: AnyCodingKey.self) else { return }
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath + [key],
                debugDescription: "unknown key '\(key.stringValue)'.\(Suggestion.sentence(key.stringValue, in: known)) The keys here are \(known.map { "'\($0)'" }.joined(separator: ", "))."))
        }
    }

    /// The same for a mapping decoded with coding keys.
    func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) throws {
        try rejectUnknownKeys(Keys.allCases.map(\.stringValue))
    }
}
