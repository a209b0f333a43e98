/// A compact binary form of a file's results, for the cache: what `FileJob` makes of a file,
/// written without a schema, fast to read back. Every read is bounds-checked: a truncated, corrupt
/// or foreign entry throws `BinaryReader.Malformed` and is then ignored, never trusted.
protocol BinaryCodable {
    func encode(to writer: inout BinaryWriter)
    init(from reader: inout BinaryReader) throws
}

/// Writes values; strings are interned, so a path repeated in every position costs one number.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []
    private var strings: [String: Int] = [:]
    private var table: [String] = []

    mutating func write(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func write(_ value: Int) {
        // Zig-zag, so small negative numbers stay small.
        write(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))))
    }

    mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func write(_ value: Double) { write(value.bitPattern) }

    mutating func write(_ value: String) {
        if let number = strings[value] {
            write(number)
        } else {
            strings[value] = table.count
            write(table.count)
            table.append(value)
        }
    }

    mutating func write<T: BinaryCodable>(_ value: T) { value.encode(to: &self) }

    /// Bytes as they are, with no length: the reader must know how many.
    mutating func appendRaw(_ raw: ArraySlice<UInt8>) { bytes += raw }

    mutating func write<T: BinaryCodable>(_ values: [T]) {
        write(values.count)
        for value in values { value.encode(to: &self) }
    }

    mutating func write(_ values: [String]) {
        write(values.count)
        for value in values { write(value) }
    }

    mutating func write<T: BinaryCodable>(_ value: T?) {
        write(value != nil)
        value?.encode(to: &self)
    }

    mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    /// The bytes: the string table, then the values.
    func finished() -> [UInt8] {
        var head = BinaryWriter()
        head.write(table.count)
        for string in table {
            let utf8 = Array(string.utf8)
            head.write(utf8.count)
            head.bytes += utf8
        }
        return head.bytes + bytes
    }
}

/// Reads what `BinaryWriter` wrote.
struct BinaryReader {
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private var offset = 0
    private var table: [String] = []

    init<Bytes: Collection>(_ data: Bytes) throws where Bytes.Element == UInt8 {
        self.bytes = Array(data)
        let count = try readCount()
        table.reserveCapacity(count)
        for _ in 0..<count {
            let length = try readCount()
            guard length <= bytes.count - offset else { throw Malformed() }
            table.append(String(decoding: bytes[offset..<offset + length], as: UTF8.self))
            offset += length
        }
    }

    var isAtEnd: Bool { offset == bytes.count }

    /// The first string of the table: the first one written.
    var firstString: String? { table.first }

    /// Reads `new` wherever `old` was written.
    mutating func replace(_ old: String, with new: String) {
        for index in table.indices where table[index] == old { table[index] = new }
    }

    mutating func readUInt64() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    mutating func readInt() throws -> Int {
        let raw = try readUInt64()
        return Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// A count of items: never negative, never more than the bytes left could hold.
    mutating func readCount() throws -> Int {
        let count = try readInt()
        guard count >= 0, count <= bytes.count - offset + 1 else { throw Malformed() }
        return count
    }

    mutating func readBool() throws -> Bool {
        guard offset < bytes.count else { throw Malformed() }
        defer { offset += 1 }
        switch bytes[offset] {
        case 0: return false
        case 1: return true
        default: throw Malformed()
        }
    }

    mutating func readDouble() throws -> Double { Double(bitPattern: try readUInt64()) }

    /// `count` bytes as they are.
    mutating func readRaw(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func readString() throws -> String {
        let number = try readInt()
        guard number >= 0, number < table.count else { throw Malformed() }
        return table[number]
    }

    mutating func read<T: BinaryCodable>(_ type: T.Type = T.self) throws -> T { try T(from: &self) }

    mutating func readArray<T: BinaryCodable>(_ type: T.Type = T.self) throws -> [T] {
        let count = try readCount()
        var result: [T] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try T(from: &self)) }
        return result
    }

    mutating func readStrings() throws -> [String] {
        let count = try readCount()
        var result: [String] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try readString()) }
        return result
    }

    mutating func readOptional<T: BinaryCodable>(_ type: T.Type = T.self) throws -> T? {
        try readBool() ? try T(from: &self) : nil
    }

    mutating func readOptionalString() throws -> String? {
        try readBool() ? try readString() : nil
    }

    /// A case tag, which must be below `count`.
    mutating func readTag(below count: Int) throws -> Int {
        let tag = try readInt()
        guard tag >= 0, tag < count else { throw Malformed() }
        return tag
    }
}

// MARK: Facts

extension SourcePosition: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(path)
        writer.write(line)
        writer.write(column)
        writer.write(utf8Column)
        writer.write(utf16Column)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(path: try reader.readString(), line: try reader.readInt(), column: try reader.readInt(),
                  utf8Column: try reader.readInt(), utf16Column: try reader.readInt())
    }
}

extension IdiomSet: BinaryCodable {
    func encode(to writer: inout BinaryWriter) { writer.write(Int(rawValue)) }
    init(from reader: inout BinaryReader) throws {
        let raw = try reader.readInt()
        guard (0...Int(IdiomSet.all.rawValue)).contains(raw) else { throw BinaryReader.Malformed() }
        self.init(rawValue: UInt8(raw))
    }
}

extension HelperUse: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(name)
        writer.write(path)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(name: try reader.readString(), path: try reader.readString())
    }
}

extension IdiomCondition: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        switch self {
        case .constant(let value): writer.write(0); writer.write(value)
        case .idiom(let idioms): writer.write(1); writer.write(idioms)
        case .helper(let use): writer.write(2); writer.write(use)
        case .helperIdiom(let use, let idioms): writer.write(3); writer.write(use); writer.write(idioms)
        case .other(let text, let names): writer.write(4); writer.write(text); writer.write(names)
        case .not(let inner): writer.write(5); writer.write(inner)
        case .and(let left, let right): writer.write(6); writer.write(left); writer.write(right)
        case .or(let left, let right): writer.write(7); writer.write(left); writer.write(right)
        }
    }

    init(from reader: inout BinaryReader) throws {
        switch try reader.readTag(below: 8) {
        case 0: self = .constant(try reader.readBool())
        case 1: self = .idiom(try reader.read())
        case 2: self = .helper(try reader.read())
        case 3: self = .helperIdiom(try reader.read(), try reader.read())
        case 4: self = .other(try reader.readString(), names: try reader.readStrings())
        case 5: self = .not(try reader.read())
        case 6: self = .and(try reader.read(), try reader.read())
        default: self = .or(try reader.read(), try reader.read())
        }
    }
}

extension PendingCondition: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(condition)
        writer.write(holds)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(try reader.read(), holds: try reader.readBool())
    }
}

extension GuardContext: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(builtForMacCatalyst)
        writer.write(idioms)
        writer.write(unavailableOnMacCatalyst)
        writer.write(isPreview)
        writer.write(requirement.map { Int($0) } ?? -1)
        writer.write(checks)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(builtForMacCatalyst: try reader.readBool(), idioms: try reader.read(),
                  unavailableOnMacCatalyst: try reader.readBool(), isPreview: try reader.readBool())
        let requirement = try reader.readInt()
        guard requirement >= -1, requirement <= Int(Int32.max) else { throw BinaryReader.Malformed() }
        self.requirement = requirement < 0 ? nil : Int32(requirement)
        checks = try reader.readStrings()
    }
}

extension TypeRef: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        switch self {
        case .named(let name): writer.write(0); writer.write(name)
        case .propertyOf(let base, let name): writer.write(1); writer.write(base); writer.write(name)
        case .name(let name, let inType): writer.write(2); writer.write(name); writer.write(inType)
        case .unknown: writer.write(3)
        }
    }

    init(from reader: inout BinaryReader) throws {
        switch try reader.readTag(below: 4) {
        case 0: self = .named(try reader.readString())
        case 1: self = .propertyOf(try reader.read(), name: try reader.readString())
        case 2: self = .name(try reader.readString(), inType: try reader.readOptionalString())
        default: self = .unknown
        }
    }
}

extension ObjectID: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        switch self {
        case .property(let type, let name): writer.write(0); writer.write(type); writer.write(name)
        case .propertyOf(let base, let type, let name): writer.write(1); writer.write(base); writer.write(type); writer.write(name)
        case .instance(let type): writer.write(2); writer.write(type)
        case .global(let name): writer.write(3); writer.write(name)
        case .declaration(let path, let offset): writer.write(4); writer.write(path); writer.write(offset)
        case .expression(let path, let scope, let text):
            writer.write(5); writer.write(path); writer.write(scope != nil); writer.write(scope ?? 0); writer.write(text)
        case .interfaceView(let path, let identity): writer.write(6); writer.write(path); writer.write(identity)
        }
    }

    init(from reader: inout BinaryReader) throws {
        switch try reader.readTag(below: 7) {
        case 0: self = .property(type: try reader.readString(), name: try reader.readString())
        case 1: self = .propertyOf(try reader.read(), type: try reader.readString(), name: try reader.readString())
        case 2: self = .instance(type: try reader.readString())
        case 3: self = .global(try reader.readString())
        case 4: self = .declaration(path: try reader.readString(), offset: try reader.readInt())
        case 5:
            let path = try reader.readString()
            let hasScope = try reader.readBool()
            let scope = try reader.readInt()
            self = .expression(path: path, scope: hasScope ? scope : nil, text: try reader.readString())
        default: self = .interfaceView(path: try reader.readString(), identity: try reader.readString())
        }
    }
}

extension ObjectRef: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        switch self {
        case .known(let id): writer.write(0); writer.write(id)
        case .member(let type, let name): writer.write(1); writer.write(type); writer.write(name)
        case .memberOf(let base, let baseType, let name, let untyped):
            writer.write(2); writer.write(base); writer.write(baseType); writer.write(name); writer.write(untyped)
        case .name(let name, let inType, let untyped): writer.write(3); writer.write(name); writer.write(inType); writer.write(untyped)
        }
    }

    init(from reader: inout BinaryReader) throws {
        switch try reader.readTag(below: 4) {
        case 0: self = .known(try reader.read())
        case 1: self = .member(type: try reader.readString(), name: try reader.readString())
        case 2: self = .memberOf(try reader.read(), baseType: try reader.read(), name: try reader.readString(), untyped: try reader.read())
        default: self = .name(try reader.readString(), inType: try reader.readOptionalString(), untyped: try reader.read())
        }
    }
}

extension ControlStateValue: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        switch self {
        case .states(let names): writer.write(0); writer.write(names)
        case .unknown(let text): writer.write(1); writer.write(text)
        }
    }

    init(from reader: inout BinaryReader) throws {
        self = try reader.readTag(below: 2) == 0 ? .states(try reader.readStrings()) : .unknown(try reader.readString())
    }
}

extension EditSite: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(statementStart)
        writer.write(statementEnd)
        writer.write(indentation)
        writer.write(receiver)
        writer.write(wrappable)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(statementStart: try reader.read(), statementEnd: try reader.read(), indentation: try reader.readString(),
                  receiver: try reader.readOptionalString(), wrappable: try reader.readBool())
    }
}

extension SettingFact: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(property)
        writer.write(state)
        writer.write(spelling)
        writer.write(value)
        writer.write(position)
        writer.write(guardContext)
        writer.write(site)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(property: try reader.readString(), state: try reader.readOptional(), spelling: try reader.readString(),
                  value: try reader.readOptionalString(), position: try reader.read(), guardContext: try reader.read(),
                  site: try reader.readOptional())
    }
}

extension CallFact: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(name)
        writer.write(argumentNames)
        writer.write(spelling)
        writer.write(position)
        writer.write(guardContext)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(name: try reader.readString(), argumentNames: try reader.readStrings(), spelling: try reader.readString(),
                  position: try reader.read(), guardContext: try reader.read())
    }
}

extension SizeFact: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(width != nil); writer.write(width ?? 0)
        writer.write(height != nil); writer.write(height ?? 0)
        writer.write(spelling)
        writer.write(purposeNames)
        writer.write(position)
        writer.write(guardContext)
    }

    init(from reader: inout BinaryReader) throws {
        let hasWidth = try reader.readBool()
        let width = try reader.readDouble()
        let hasHeight = try reader.readBool()
        let height = try reader.readDouble()
        self.init(width: hasWidth ? width : nil, height: hasHeight ? height : nil, spelling: try reader.readString(),
                  purposeNames: try reader.readStrings(), position: try reader.read(), guardContext: try reader.read())
    }
}

extension DimensionComparisonFact: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(value)
        writer.write(isEquality)
        writer.write(subjectNames)
        writer.write(spelling)
        writer.write(position)
        writer.write(guardContext)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(value: try reader.readDouble(), isEquality: try reader.readBool(), subjectNames: try reader.readStrings(),
                  spelling: try reader.readString(), position: try reader.read(), guardContext: try reader.read())
    }
}

extension PendingCreation: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(type)
        writer.write(knownSuperclass)
        writer.write(position)
        writer.write(guardContext)
        writer.write(site)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(type: try reader.read(), knownSuperclass: try reader.readOptionalString(), position: try reader.read(),
                  guardContext: try reader.read(), site: try reader.readOptional())
    }
}

extension PendingObject: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(id)
        writer.write(type)
        writer.write(knownSuperclass)
        writer.write(style)
        writer.write(settings)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(id: try reader.read(), type: try reader.read(), knownSuperclass: try reader.readOptionalString(),
                  style: try reader.readOptionalString(), settings: try reader.readArray())
    }
}

extension PendingDecision.Anchor: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(condition)
        writer.write(position)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(condition: try reader.read(), position: try reader.read())
    }
}

extension PendingDecision.Test: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(condition)
        writer.write(spelling)
        writer.write(position)
        writer.write(anchors)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(condition: try reader.read(), spelling: try reader.readString(), position: try reader.read(), anchors: try reader.readArray())
    }
}

extension PendingDecision: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(tests)
        writer.write(position)
        writer.write(spelling)
        writer.write(branches)
        writer.write(branchConditionNames.count)
        for names in branchConditionNames { writer.write(names) }
        writer.write(consequences.count)
        for group in consequences { writer.write(group) }
        writer.write(guardContext)
    }

    init(from reader: inout BinaryReader) throws {
        let tests: [Test] = try reader.readArray()
        let position: SourcePosition? = try reader.readOptional()
        let spelling = try reader.readOptionalString()
        let branches = try reader.readStrings()
        var branchConditionNames: [[String]] = []
        for _ in 0..<(try reader.readCount()) { branchConditionNames.append(try reader.readStrings()) }
        var consequences: [[String]] = []
        for _ in 0..<(try reader.readCount()) { consequences.append(try reader.readStrings()) }
        self.init(tests: tests, position: position, spelling: spelling, branches: branches, branchConditionNames: branchConditionNames,
                  consequences: consequences, guardContext: try reader.read())
    }
}

extension PendingArgument: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(call)
        writer.write(label)
        writer.write(object)
        writer.write(type)
        writer.write(knownSuperclass)
        writer.write(escapes)
        writer.write(spelling)
        writer.write(position)
        writer.write(guardContext)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(call: try reader.readString(), label: try reader.readOptionalString(), object: try reader.read(), type: try reader.read(),
                  knownSuperclass: try reader.readOptionalString(), escapes: try reader.readBool(), spelling: try reader.readString(),
                  position: try reader.read(), guardContext: try reader.read())
    }
}

extension ReferenceFact: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(names)
        writer.write(inString)
        writer.write(spelling)
        writer.write(position)
        writer.write(guardContext)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(names: try reader.readStrings(), inString: try reader.readBool(), spelling: try reader.readString(),
                  position: try reader.read(), guardContext: try reader.read())
    }
}

extension FontSizeFact: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(size)
        writer.write(spelling)
        writer.write(purposeNames)
        writer.write(position)
        writer.write(guardContext)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(size: try reader.readDouble(), spelling: try reader.readString(), purposeNames: try reader.readStrings(),
                  position: try reader.read(), guardContext: try reader.read())
    }
}

extension FileFacts: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(creations)
        writer.write(objects)
        writer.write(sizes)
        writer.write(calls)
        writer.write(arguments)
        writer.write(references)
        writer.write(fontSizes)
        writer.write(dimensionComparisons)
        writer.write(decisions)
        writer.write(requirements.links.count)
        for link in requirements.links {
            writer.write(link.parent.map { Int($0) } ?? -1)
            writer.write(link.condition)
        }
    }

    init(from reader: inout BinaryReader) throws {
        self.init()
        creations = try reader.readArray()
        objects = try reader.readArray()
        sizes = try reader.readArray()
        calls = try reader.readArray()
        arguments = try reader.readArray()
        references = try reader.readArray()
        fontSizes = try reader.readArray()
        dimensionComparisons = try reader.readArray()
        decisions = try reader.readArray()
        var links: [RequirementChain.Link] = []
        for _ in 0..<(try reader.readCount()) {
            let parent = try reader.readInt()
            guard parent >= -1, parent <= Int(Int32.max) else { throw BinaryReader.Malformed() }
            links.append(RequirementChain.Link(parent: parent < 0 ? nil : Int32(parent), condition: try reader.read()))
        }
        guard let chain = RequirementChain(links: links) else { throw BinaryReader.Malformed() }
        requirements = chain
    }
}

// MARK: Index

extension HelperDeclaration: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(name)
        switch value {
        case .idiom: writer.write(0)
        case .condition(let condition): writer.write(1); writer.write(condition)
        }
        writer.write(position)
    }

    init(from reader: inout BinaryReader) throws {
        let name = try reader.readString()
        let value: HelperValue = try reader.readTag(below: 2) == 0 ? .idiom : .condition(try reader.read())
        self.init(name: name, value: value, position: try reader.read())
    }
}

extension TypeInfo: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(name)
        writer.write(superclass)
        writer.write(properties.count)
        for (property, type) in properties.sorted(by: { $0.key < $1.key }) {
            writer.write(property)
            writer.write(type)
        }
        writer.write(padStyleForEveryInstance)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(name: try reader.readString(), superclass: try reader.readOptionalString())
        for _ in 0..<(try reader.readCount()) {
            let property = try reader.readString()
            properties[property] = .some(try reader.readOptionalString())
        }
        padStyleForEveryInstance = try reader.readBool()
    }
}

extension ProjectIndex: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(types.values.sorted { $0.name < $1.name })
        writer.write(globals.count)
        for (name, type) in globals.sorted(by: { $0.key < $1.key }) {
            writer.write(name)
            writer.write(type)
        }
        writer.write(helpers.values.flatMap { $0 }.sorted { ($0.name, $0.position) < ($1.name, $1.position) })
    }

    init(from reader: inout BinaryReader) throws {
        self.init()
        for info in try reader.readArray(TypeInfo.self) { types[info.name] = info }
        for _ in 0..<(try reader.readCount()) {
            let name = try reader.readString()
            globals[name] = .some(try reader.readOptionalString())
        }
        for helper in try reader.readArray(HelperDeclaration.self) { helpers[helper.name, default: []].append(helper) }
    }
}

// MARK: File results

extension InputProblem: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(rule)
        writer.write(position)
        writer.write(values.count)
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            writer.write(key)
            writer.write(value)
        }
    }

    init(from reader: inout BinaryReader) throws {
        let rule = try reader.readString()
        let position: SourcePosition = try reader.read()
        var values: [String: String] = [:]
        for _ in 0..<(try reader.readCount()) { values[try reader.readString()] = try reader.readString() }
        self.init(rule: rule, position: position, values: values)
    }
}

extension SuppressionDirective: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(action.rawValue)
        writer.write(rules.count)
        for rule in rules {
            writer.write(rule.id)
            writer.write(rule.position)
        }
        writer.write(line)
        writer.write(coveredLines != nil)
        writer.write(coveredLines?.lowerBound ?? 0)
        writer.write(coveredLines?.upperBound ?? 0)
        writer.write(position)
        writer.write(text)
    }

    init(from reader: inout BinaryReader) throws {
        guard let action = Action(rawValue: try reader.readString()) else { throw BinaryReader.Malformed() }
        var rules: [(id: String, position: SourcePosition)] = []
        for _ in 0..<(try reader.readCount()) { rules.append((try reader.readString(), try reader.read())) }
        let line = try reader.readInt()
        let hasCovered = try reader.readBool()
        let lower = try reader.readInt()
        let upper = try reader.readInt()
        guard !hasCovered || lower <= upper else { throw BinaryReader.Malformed() }
        self.init(action: action, rules: rules, line: line, coveredLines: hasCovered ? lower...upper : nil,
                  position: try reader.read(), text: try reader.readString())
    }
}

extension SourceExcerpt: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(text)
        writer.write(caret)
    }

    init(from reader: inout BinaryReader) throws {
        self.init(text: try reader.readString(), caret: try reader.readInt())
    }
}

extension FileOutput: BinaryCodable {
    func encode(to writer: inout BinaryWriter) {
        writer.write(path)
        writer.write(index)
        writer.write(facts)
        writer.write(problems)
        writer.write(suppressions)
        writer.write(excerpts.count)
        for (key, excerpt) in excerpts.sorted(by: { ($0.key.line, $0.key.column) < ($1.key.line, $1.key.column) }) {
            writer.write(key.line)
            writer.write(key.column)
            writer.write(excerpt)
        }
    }

    init(from reader: inout BinaryReader) throws {
        self.init(path: try reader.readString())
        index = try reader.read()
        facts = try reader.read()
        problems = try reader.readArray()
        suppressions = try reader.readArray()
        for _ in 0..<(try reader.readCount()) {
            let key = ExcerptKey(line: try reader.readInt(), column: try reader.readInt())
            excerpts[key] = try reader.read()
        }
    }
}
