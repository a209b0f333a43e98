import Foundation

/// The cache's binary form of any `Codable` value, from the type's own declaration: a fact, the
/// project index, a file's results, the lowering vocabulary (whose bytes are the cache's
/// fingerprint of it). Adding a field to a fact is adding it to the type; nothing else to write.
///
/// The form is compact and fast to read back: strings are interned (a path repeated in every
/// position costs one number), numbers are variable-length, a keyed container holds its fields in
/// the order the type encodes them, each behind the number of its key's name, and arrays,
/// dictionaries and optionals have a form of their own. Every read is bounds-checked: a truncated,
/// corrupt or foreign entry throws `BinaryReader.Malformed`, and is then ignored, never trusted.
enum BinaryCoder {
    /// The bytes of `value`: the string table, then the value. `leading` is the table's first
    /// string (a cache entry's file path, which `firstString(of:)` reads without decoding).
    static func encode<T: Encodable>(_ value: T, leading: String? = nil, canonical: Bool = false) -> [UInt8] {
        let sink = BinaryWriter()
        sink.canonical = canonical
        if let leading { sink.intern(leading) }
        // A value that cannot be encoded is a bug of ours (every type here encodes); an empty
        // result is never read back as anything.
        do { try sink.encodeValue(value) } catch { return [] }
        return sink.finished()
    }

    /// The value `bytes` hold, with every string `old` read as `new` (the cache's entries name
    /// their file in their first string).
    static func decode<T: Decodable>(_ type: T.Type, from bytes: ArraySlice<UInt8>, replacing old: String? = nil, with new: String? = nil) throws -> T {
        let source = try BinaryReader(bytes)
        if let old, let new { source.replace(old, with: new) }
        let value = try source.decodeValue(T.self)
        source.finish()
        guard source.isAtEnd else { throw BinaryReader.Malformed() }
        return value
    }

    /// `encode` of a value whose type is packed where it is called (a file's results): its `pack`
    /// is called directly, without asking the runtime what the type is to the coder. The same bytes.
    static func encode<T: Encodable & BinaryPacked>(_ value: T, leading: String? = nil, canonical: Bool = false) -> [UInt8] {
        let sink = BinaryWriter()
        sink.canonical = canonical
        if let leading { sink.intern(leading) }
        do { try value.pack(into: sink) } catch { return [] }
        return sink.finished()
    }

    /// `decode` of a packed type, by its `unpack`.
    static func decode<T: Decodable & BinaryPacked>(_ type: T.Type, from bytes: ArraySlice<UInt8>, replacing old: String? = nil,
                                                    with new: String? = nil) throws -> T {
        let source = try BinaryReader(bytes)
        if let old, let new { source.replace(old, with: new) }
        let value = try T.unpack(from: source)
        source.finish()
        guard source.isAtEnd else { throw BinaryReader.Malformed() }
        return value
    }

    /// The first string of the table of `bytes`: the first string encoded.
    static func firstString(of bytes: ArraySlice<UInt8>) -> String? {
        (try? BinaryReader(bytes))?.firstString
    }
}

// MARK: Writing

/// The bytes written so far and the table of strings; shared by every container of one encoding.
///
/// Its state is read and changed by one thread at a time, each access ending before the next
/// begins (no method passes a property `inout` to a call that reaches the writer again), so the
/// runtime's check of each access to a class's property is left out (`@exclusivity(unchecked)`):
/// it was two thirds of writing each integer, and a fifth of what the first run with a cache adds.
final class BinaryWriter {
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    @exclusivity(unchecked) private var table: [String] = []
    /// Sets in sorted order and dictionaries by sorted key, so equal values give equal bytes
    /// (for fingerprints; entries of the cache need not be).
    var canonical = false

    func write(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    func write(_ value: Int) {
        // Zig-zag, so small negative numbers stay small.
        write(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))))
    }

    func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// Strings written where they stand (their UTF-8 count, then their bytes) rather than by their
    /// number in the table: for digests, which are hashed once and never read back, and for which
    /// interning each string cost more than writing it.
    var inlineStrings = false

    func write(_ value: String) {
        if inlineStrings {
            var value = value
            value.withUTF8 { utf8 in
                write(utf8.count)
                bytes.append(contentsOf: utf8)
            }
            return
        }
        write(intern(value))
    }

    /// The string interned last, and its number: a file's path comes again in every position it
    /// holds, and comparing it with the same string costs less than hashing it.
    @exclusivity(unchecked) private var last: (string: String, number: Int)?
    /// The table's strings by a hash of their bytes (`StableHash`, eight bytes a step): open
    /// addressing, each slot a string's number plus one, 0 when empty, at most half of them full.
    /// Swift's own `Dictionary` hashed each string with SipHash and grew from one slot: a thousand
    /// instructions a string not just interned, a third of what the first run with a cache adds.
    @exclusivity(unchecked) private var slots: [Int32] = []
    @exclusivity(unchecked) private var hashes: [UInt64] = []

    /// The number of a string in the table, added when it is new.
    @discardableResult
    func intern(_ value: String) -> Int {
        if let last, Self.sameBytes(last.string, value) { return last.number }
        if slots.isEmpty { slots = [Int32](repeating: 0, count: 64) }
        var text = value
        let hash = text.withUTF8 { utf8 in
            var hasher = StableHash()
            hasher.add(raw: UnsafeRawBufferPointer(utf8))
            return hasher.value
        }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while case let entry = Int(slots[slot]), entry != 0 {
            if hashes[entry - 1] == hash, Self.sameBytes(table[entry - 1], value) {
                last = (value, entry - 1)
                return entry - 1
            }
            slot = (slot + 1) & mask
        }
        let number = table.count
        table.append(value)
        hashes.append(hash)
        slots[slot] = Int32(truncatingIfNeeded: number + 1)
        if table.count * 2 > slots.count { growSlots() }
        last = (value, number)
        return number
    }

    /// Strings are the same to the table when their bytes are: `==` would take `é` written as one
    /// scalar and as two for one string, and the cached results would spell it one way for both.
    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        // The same string value (one storage, or the same small string's bytes held inline): most
        // often the string just interned, passed again.
        if MemoryLayout<String>.size == 16, unsafeBitCast(left, to: (UInt64, UInt64).self) == unsafeBitCast(right, to: (UInt64, UInt64).self) {
            return true
        }
        guard left.utf8.count == right.utf8.count else { return false }
        let compared = left.utf8.withContiguousStorageIfAvailable { one in
            right.utf8.withContiguousStorageIfAvailable { BytePatterns.same(one, $0) }
        }
        if let compared, let compared { return compared }
        return left.utf8.elementsEqual(right.utf8)
    }

    /// Twice the slots, every string placed again.
    private func growSlots() {
        var grown = [Int32](repeating: 0, count: slots.count * 2)
        let mask = grown.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while grown[slot] != 0 { slot = (slot + 1) & mask }
            grown[slot] = Int32(truncatingIfNeeded: number + 1)
        }
        slots = grown
    }

    /// The bytes written, with no string table (for a writer of `inlineStrings`).
    func inlineBytes() -> [UInt8] {
        ValueForm.learn(forms)
        return bytes
    }

    /// Bytes as they are.
    func appendRaw(_ raw: ArraySlice<UInt8>) { bytes += raw }

    func finished() -> [UInt8] {
        ValueForm.learn(forms)
        var head: [UInt8] = []
        let writer = BinaryWriter()
        writer.write(table.count)
        for string in table {
            let utf8 = Array(string.utf8)
            writer.write(utf8.count)
            writer.bytes += utf8
        }
        head = writer.bytes
        return head + bytes
    }

    /// What each type encoded is to the coder, found once per type: asking the runtime whether a
    /// type conforms costs more than encoding most values.
    private var forms = ValueForm.known

    func encodeValue<T: Encodable>(_ value: T) throws {
        if T.self == String.self {
            write(value as! String)
            return
        }
        // The digests of the snapshot's declarations, by the thousand: as `Codable`'s single value writes them.
        if T.self == UInt64.self {
            write(value as! UInt64)
            return
        }
        let form = forms[ObjectIdentifier(T.self)] ?? {
            let form = ValueForm.of(T.self)
            forms[ObjectIdentifier(T.self)] = form
            return form
        }()
        switch form {
        case .packed: try (value as! any BinaryPacked).pack(into: self)
        case .collection: try (value as! any BinaryCollection).encodeElements(to: self)
        case .optional: try (value as! any BinaryOptional).encodeWrapped(to: self)
        case .plain: try value.encode(to: BinaryEncoding(sink: self))
        }
    }
}

/// How the coder writes a type: by its own binary form (`BinaryPacked`), as a collection, an
/// optional, or by its own `Codable` conformance.
enum ValueForm: Sendable {
    case packed, collection, optional, plain

    /// The forms every coder of the process has found, which each new coder starts from.
    private static let shared = Locked<[ObjectIdentifier: ValueForm]>([:])

    static var known: [ObjectIdentifier: ValueForm] { shared.withLock { $0 } }

    /// Keeps what a coder found, for the coders after it.
    static func learn(_ forms: [ObjectIdentifier: ValueForm]) {
        shared.withLock { known in
            guard known.count < forms.count else { return }
            known.merge(forms) { old, _ in old }
        }
    }

    static func of(_ type: Any.Type) -> ValueForm {
        // Each `is` of a type asked the first time scans the process's conformances: the commonest
        // forms first.
        if type is any BinaryCollection.Type { return .collection }
        if type is any BinaryOptional.Type { return .optional }
        if type is any BinaryPacked.Type { return .packed }
        return .plain
    }
}

/// Arrays, sets and dictionaries: a count, then the elements (the pairs of a dictionary).
protocol BinaryCollection {
    func encodeElements(to sink: BinaryWriter) throws
    static func decodeElements(from source: BinaryReader) throws -> Self
}

extension Array: BinaryCollection where Element: Codable {
    func encodeElements(to sink: BinaryWriter) throws {
        sink.write(count)
        for element in self { try sink.encodeValue(element) }
    }

    static func decodeElements(from source: BinaryReader) throws -> Self {
        let count = try source.readCount()
        var result: [Element] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try source.decodeValue(Element.self)) }
        return result
    }
}

extension Set: BinaryCollection where Element: Codable & Comparable {
    func encodeElements(to sink: BinaryWriter) throws {
        try (sink.canonical ? sorted() : Array(self)).encodeElements(to: sink)
    }

    static func decodeElements(from source: BinaryReader) throws -> Self {
        Set(try [Element].decodeElements(from: source))
    }
}

extension Dictionary: BinaryCollection where Key: Codable & Comparable, Value: Codable {
    func encodeElements(to sink: BinaryWriter) throws {
        sink.write(count)
        for key in sink.canonical ? keys.sorted() : Array(keys) {
            try sink.encodeValue(key)
            try sink.encodeValue(self[key]!)
        }
    }

    static func decodeElements(from source: BinaryReader) throws -> Self {
        let count = try source.readCount()
        var result: [Key: Value] = [:]
        result.reserveCapacity(count)
        for _ in 0..<count {
            let key = try source.decodeValue(Key.self)
            result[key] = try source.decodeValue(Value.self)
        }
        guard result.count == count else { throw BinaryReader.Malformed() }
        return result
    }
}

/// An optional outside a keyed container (an element, a dictionary's value): a presence byte first.
protocol BinaryOptional {
    func encodeWrapped(to sink: BinaryWriter) throws
    static func decodeWrapped(from source: BinaryReader) throws -> Self
}

extension Optional: BinaryOptional where Wrapped: Codable {
    func encodeWrapped(to sink: BinaryWriter) throws {
        sink.write(self != nil)
        if let self { try sink.encodeValue(self) }
    }

    static func decodeWrapped(from source: BinaryReader) throws -> Self {
        try source.readBool() ? try source.decodeValue(Wrapped.self) : nil
    }
}

private struct BinaryEncoding: Encoder {
    let sink: BinaryWriter
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // The number of fields, counted as they come: a keyed container has fewer than 256.
        let slot = sink.bytes.count
        sink.appendRaw([0])
        return KeyedEncodingContainer(KeyedWriter<Key>(sink: sink, slot: slot))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedWriter(sink: sink, slot: sink.reserveCount())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleWriter(sink: sink) }
}

extension BinaryWriter {
    /// Four bytes for a count that grows as elements come.
    func reserveCount() -> Int {
        let slot = bytes.count
        appendRaw([0, 0, 0, 0])
        return slot
    }

    func incrementCount(at slot: Int) {
        var value = UInt32(bytes[slot]) | UInt32(bytes[slot + 1]) << 8 | UInt32(bytes[slot + 2]) << 16 | UInt32(bytes[slot + 3]) << 24
        value += 1
        for index in 0..<4 { bytes[slot + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
    }

    func incrementField(at slot: Int) throws {
        guard bytes[slot] < 255 else { throw EncodingError.invalidValue(slot, .init(codingPath: [], debugDescription: "too many fields")) }
        bytes[slot] += 1
    }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: BinaryWriter
    let slot: Int
    var codingPath: [any CodingKey] { [] }

    private func key(_ key: Key) throws {
        try sink.incrementField(at: slot)
        sink.write(key.stringValue)
    }

    // A nil is written as nothing: it reads back as absent.
    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { try self.key(key); sink.write(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try self.key(key); sink.write(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try self.key(key); sink.write(value.bitPattern) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try self.key(key); sink.write(UInt64(value.bitPattern)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try self.key(key); sink.write(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try self.key(key); sink.write(Int(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try self.key(key); sink.write(Int(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try self.key(key); sink.write(Int(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try self.key(key); sink.write(Int(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try self.key(key); sink.write(UInt64(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try self.key(key); sink.write(UInt64(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try self.key(key); sink.write(UInt64(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try self.key(key); sink.write(UInt64(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try self.key(key); sink.write(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try self.key(key); try sink.encodeValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        try? self.key(key)
        return BinaryEncoding(sink: sink).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        try? self.key(key)
        return BinaryEncoding(sink: sink).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { BinaryEncoding(sink: sink) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        try? self.key(key)
        return BinaryEncoding(sink: sink)
    }
}

private struct UnkeyedWriter: UnkeyedEncodingContainer {
    let sink: BinaryWriter
    let slot: Int
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(sink: BinaryWriter, slot: Int) {
        self.sink = sink
        self.slot = slot
    }

    private mutating func next() {
        count += 1
        sink.incrementCount(at: slot)
    }

    mutating func encodeNil() throws { next(); sink.write(false) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        next()
        sink.write(true)
        try sink.encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next()
        sink.write(true)
        return BinaryEncoding(sink: sink).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        next()
        sink.write(true)
        return BinaryEncoding(sink: sink).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { BinaryEncoding(sink: sink) }
}

private struct SingleWriter: SingleValueEncodingContainer {
    let sink: BinaryWriter
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { sink.write(false) }
    mutating func encode(_ value: Bool) throws { sink.write(value) }
    mutating func encode(_ value: String) throws { sink.write(value) }
    mutating func encode(_ value: Double) throws { sink.write(value.bitPattern) }
    mutating func encode(_ value: Float) throws { sink.write(UInt64(value.bitPattern)) }
    mutating func encode(_ value: Int) throws { sink.write(value) }
    mutating func encode(_ value: Int8) throws { sink.write(Int(value)) }
    mutating func encode(_ value: Int16) throws { sink.write(Int(value)) }
    mutating func encode(_ value: Int32) throws { sink.write(Int(value)) }
    mutating func encode(_ value: Int64) throws { sink.write(Int(value)) }
    mutating func encode(_ value: UInt) throws { sink.write(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { sink.write(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { sink.write(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { sink.write(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { sink.write(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try sink.encodeValue(value) }
}

// MARK: Reading

/// Reads what `BinaryWriter` wrote; shared by every container of one decoding.
final class BinaryReader {
    struct Malformed: Error {}

    private let bytes: [UInt8]
    @exclusivity(unchecked) private(set) var offset = 0
    @exclusivity(unchecked) private var table: [String] = []

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

    /// Keeps the forms this reader found, for the readers after it.
    func finish() { ValueForm.learn(forms) }

    /// The first string of the table: the first one written.
    var firstString: String? { table.first }

    /// Reads `new` wherever `old` was written.
    func replace(_ old: String, with new: String) {
        for index in table.indices where table[index] == old { table[index] = new }
    }

    func readUInt64() throws -> UInt64 {
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

    func readInt() throws -> Int {
        let raw = try readUInt64()
        return Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// A count of items: never negative, never more than the bytes left could hold.
    func readCount() throws -> Int {
        let count = try readInt()
        guard count >= 0, count <= bytes.count - offset + 1 else { throw Malformed() }
        return count
    }

    func readBool() throws -> Bool {
        guard offset < bytes.count else { throw Malformed() }
        defer { offset += 1 }
        switch bytes[offset] {
        case 0: return false
        case 1: return true
        default: throw Malformed()
        }
    }

    func readByte() throws -> UInt8 {
        guard offset < bytes.count else { throw Malformed() }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// `count` bytes as they are.
    func readRaw(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    func readString() throws -> String {
        let number = try readInt()
        guard number >= 0, number < table.count else { throw Malformed() }
        return table[number]
    }

    /// The next string, without reading it.
    func peekString() -> String? {
        let start = offset
        defer { offset = start }
        return try? readString()
    }

    func readInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let value = T(exactly: try readInt()) else { throw Malformed() }
        return value
    }

    func readUnsigned<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let value = T(exactly: try readUInt64()) else { throw Malformed() }
        return value
    }

    /// `BinaryWriter.forms`, for reading.
    private var forms = ValueForm.known

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self { return try readString() as! T }
        if T.self == UInt64.self { return try readUInt64() as! T }
        let form = forms[ObjectIdentifier(T.self)] ?? {
            let form = ValueForm.of(T.self)
            forms[ObjectIdentifier(T.self)] = form
            return form
        }()
        switch form {
        case .packed: return try (type as! any BinaryPacked.Type).unpack(from: self) as! T
        case .collection: return try (type as! any BinaryCollection.Type).decodeElements(from: self) as! T
        case .optional: return try (type as! any BinaryOptional.Type).decodeWrapped(from: self) as! T
        case .plain: break
        }
        do {
            return try T(from: BinaryDecoding(source: self))
        } catch is DecodingError {
            throw Malformed()
        }
    }
}

private struct BinaryDecoding: Decoder {
    let source: BinaryReader
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedReader<Key>(source: source, left: Int(try source.readByte())))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let raw = try source.readRaw(4)
        let count = raw.reversed().reduce(0) { $0 << 8 | Int($1) }
        return UnkeyedReader(source: source, count: count)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleReader(source: source) }
}

private final class KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let source: BinaryReader
    /// Fields not read yet.
    var left: Int
    var codingPath: [any CodingKey] { [] }

    init(source: BinaryReader, left: Int) {
        self.source = source
        self.left = left
    }

    /// The next field's key: a keyed container is read in the order it was written.
    var allKeys: [Key] {
        guard left > 0, let name = source.peekString(), let key = Key(stringValue: name) else { return [] }
        return [key]
    }

    func contains(_ key: Key) -> Bool {
        left > 0 && source.peekString() == key.stringValue
    }

    private func enter(_ key: Key) throws {
        guard left > 0, try source.readString() == key.stringValue else { throw BinaryReader.Malformed() }
        left -= 1
    }

    func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try enter(key); return try source.readBool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try enter(key); return try source.readString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try enter(key); return Double(bitPattern: try source.readUInt64()) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try enter(key)
        return Float(bitPattern: try source.readUnsigned(UInt32.self))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try enter(key); return try source.readInt() }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try enter(key); return try source.readInteger(Int8.self) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try enter(key); return try source.readInteger(Int16.self) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try enter(key); return try source.readInteger(Int32.self) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try enter(key); return try source.readInteger(Int64.self) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try enter(key); return try source.readUnsigned(UInt.self) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try enter(key); return try source.readUnsigned(UInt8.self) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try enter(key); return try source.readUnsigned(UInt16.self) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try enter(key); return try source.readUnsigned(UInt32.self) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try enter(key); return try source.readUInt64() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try enter(key); return try source.decodeValue(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try enter(key)
        return try BinaryDecoding(source: source).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try enter(key)
        return try BinaryDecoding(source: source).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { BinaryDecoding(source: source) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        try enter(key)
        return BinaryDecoding(source: source)
    }
}

private struct UnkeyedReader: UnkeyedDecodingContainer {
    let source: BinaryReader
    var count: Int?
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    init(source: BinaryReader, count: Int) {
        self.source = source
        self.count = count
    }

    /// Moves to the next element; true when it holds a value (not nil).
    private mutating func next() throws -> Bool {
        guard !isAtEnd else { throw BinaryReader.Malformed() }
        currentIndex += 1
        return try source.readBool()
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw BinaryReader.Malformed() }
        // Peek: a nil element is read here, a value by the decode that follows.
        let start = source.offset
        if try source.readBool() {
            source.rewind(to: start)
            return false
        }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard try next() else { throw BinaryReader.Malformed() }
        return try source.decodeValue(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        guard try next() else { throw BinaryReader.Malformed() }
        return try BinaryDecoding(source: source).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard try next() else { throw BinaryReader.Malformed() }
        return try BinaryDecoding(source: source).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { BinaryDecoding(source: source) }
}

private struct SingleReader: SingleValueDecodingContainer {
    let source: BinaryReader
    var codingPath: [any CodingKey] { [] }

    /// Optionals are read by `BinaryOptional` before they get here: what comes is a value.
    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool { try source.readBool() }
    func decode(_ type: String.Type) throws -> String { try source.readString() }
    func decode(_ type: Double.Type) throws -> Double { Double(bitPattern: try source.readUInt64()) }
    func decode(_ type: Float.Type) throws -> Float { Float(bitPattern: try source.readUnsigned(UInt32.self)) }
    func decode(_ type: Int.Type) throws -> Int { try source.readInt() }
    func decode(_ type: Int8.Type) throws -> Int8 { try source.readInteger(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try source.readInteger(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try source.readInteger(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try source.readInteger(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try source.readUnsigned(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try source.readUnsigned(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try source.readUnsigned(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try source.readUnsigned(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try source.readUInt64() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try source.decodeValue(type) }
}

extension BinaryReader {
    /// Goes back to an offset read before.
    func rewind(to offset: Int) { self.offset = offset }
}
