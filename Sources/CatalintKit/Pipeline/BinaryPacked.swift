/// A type that writes and reads its own binary form, field by field, instead of through the keyed
/// containers of `Codable`: the types the project index and every diagnostic hold by the
/// thousand. Through `Codable` each field costs a key name written and compared, a box, dynamic
/// dispatch and a runtime lookup of what the field's type is to the coder: decoding the perf
/// corpus's index took 513M instructions that way, a fifth of a run with one changed file.
///
/// `BinaryCoder` reads and writes these through `pack` and `unpack` wherever they appear (alone,
/// in an array, in a field of a `Codable` type). A type's `pack` must write every stored property
/// and `unpack` read them back in the same order; `BinaryPackedTests` round-trips each type with
/// every property set, and counts the properties, so that one added and forgotten here fails.
protocol BinaryPacked {
    func pack(into sink: BinaryWriter) throws
    static func unpack(from source: BinaryReader) throws -> Self
}

/// An enum with raw values is written as its raw value and read back as the case of that value;
/// a value that names no case is refused.
extension BinaryPacked where Self: RawRepresentable, RawValue: BinaryRawValue {
    func pack(into sink: BinaryWriter) throws {
        rawValue.write(to: sink)
    }

    static func unpack(from source: BinaryReader) throws -> Self {
        guard let value = Self(rawValue: try RawValue.read(from: source)) else { throw BinaryReader.Malformed() }
        return value
    }
}

/// The raw values of packed enums: strings and numbers.
protocol BinaryRawValue {
    func write(to sink: BinaryWriter)
    static func read(from source: BinaryReader) throws -> Self
}

extension String: BinaryRawValue {
    func write(to sink: BinaryWriter) { sink.write(self) }
    static func read(from source: BinaryReader) throws -> String { try source.readString() }
}

extension Int: BinaryRawValue {
    func write(to sink: BinaryWriter) { sink.write(self) }
    static func read(from source: BinaryReader) throws -> Int { try source.readInt() }
}

extension BinaryWriter {
    /// A file's stamp: its size, then its modification time.
    func write(_ stamp: ResultCache.Stamp) {
        write(stamp.size)
        write(Int(stamp.modified))
    }

    /// A presence byte, then the stamp.
    func write(optional stamp: ResultCache.Stamp?) {
        write(stamp != nil)
        if let stamp { write(stamp) }
    }

    /// A presence byte, then the string.
    func write(optional value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    /// Strings in canonical order when the writer is canonical (for digests), else as they come.
    func write(strings: [String]) {
        write(strings.count)
        for string in strings { write(string) }
    }

    /// A dictionary's pairs, by sorted key when the writer is canonical.
    func write<Value>(map: [String: Value], _ value: (Value) throws -> Void) rethrows {
        write(map.count)
        if canonical {
            for key in map.keys.sorted() {
                write(key)
                try value(map[key]!)
            }
        } else {
            for (key, element) in map {
                write(key)
                try value(element)
            }
        }
    }

    func write<Element: BinaryPacked>(packed elements: [Element]) throws {
        write(elements.count)
        for element in elements { try element.pack(into: self) }
    }

    /// A presence byte, then the value.
    func write<Element: BinaryPacked>(optional value: Element?) throws {
        write(value != nil)
        if let value { try value.pack(into: self) }
    }

    /// A presence byte, then the number.
    func write(optional value: Int?) {
        write(value != nil)
        if let value { write(value) }
    }

    /// A number's bits, as `Codable`'s form writes them.
    func write(double value: Double) {
        write(value.bitPattern)
    }

    /// A presence byte, then the number's bits.
    func write(optional value: Double?) {
        write(value != nil)
        if let value { write(double: value) }
    }

    /// A dictionary of packed keys and values, by sorted key when the writer is canonical.
    func write<Key: BinaryPacked & Comparable, Value: BinaryPacked>(packed map: [Key: Value]) throws {
        write(map.count)
        if canonical {
            for key in map.keys.sorted() {
                try key.pack(into: self)
                try map[key]!.pack(into: self)
            }
        } else {
            for (key, value) in map {
                try key.pack(into: self)
                try value.pack(into: self)
            }
        }
    }
}

extension BinaryReader {
    /// A stamp written by `BinaryWriter.write(_:)`.
    func readStamp() throws -> ResultCache.Stamp {
        ResultCache.Stamp(size: try readInt(), modified: try readInteger(Int64.self))
    }

    func readOptionalStamp() throws -> ResultCache.Stamp? {
        try readBool() ? try readStamp() : nil
    }

    func readOptionalString() throws -> String? {
        try readBool() ? try readString() : nil
    }

    func readStrings() throws -> [String] {
        let count = try readCount()
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try readString()) }
        return strings
    }

    /// A dictionary written by `BinaryWriter.write(map:_:)`; a key twice is a damaged entry.
    func readMap<Value>(_ value: () throws -> Value) throws -> [String: Value] {
        let count = try readCount()
        var map: [String: Value] = [:]
        map.reserveCapacity(count)
        for _ in 0..<count {
            let key = try readString()
            map[key] = try value()
        }
        guard map.count == count else { throw Malformed() }
        return map
    }

    func readPacked<Element: BinaryPacked>(_ type: Element.Type) throws -> [Element] {
        let count = try readCount()
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try Element.unpack(from: self)) }
        return elements
    }

    func readOptional<Element: BinaryPacked>(_ type: Element.Type) throws -> Element? {
        try readBool() ? try Element.unpack(from: self) : nil
    }

    func readOptionalInt() throws -> Int? {
        try readBool() ? try readInt() : nil
    }

    func readDouble() throws -> Double {
        Double(bitPattern: try readUInt64())
    }

    func readOptionalDouble() throws -> Double? {
        try readBool() ? try readDouble() : nil
    }

    /// A dictionary written by `BinaryWriter.write(packed:)`; a key twice is a damaged entry.
    func readPacked<Key: BinaryPacked & Hashable, Value: BinaryPacked>(_ key: Key.Type, _ value: Value.Type) throws -> [Key: Value] {
        let count = try readCount()
        var map: [Key: Value] = [:]
        map.reserveCapacity(count)
        for _ in 0..<count {
            let key = try Key.unpack(from: self)
            map[key] = try Value.unpack(from: self)
        }
        guard map.count == count else { throw Malformed() }
        return map
    }
}

extension SourcePosition: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(path)
        sink.write(line)
        sink.write(column)
        sink.write(utf8Column)
        sink.write(utf16Column)
    }

    static func unpack(from source: BinaryReader) throws -> SourcePosition {
        SourcePosition(path: try source.readString(), line: try source.readInt(), column: try source.readInt(),
                       utf8Column: try source.readInt(), utf16Column: try source.readInt())
    }
}

extension StoredProperty: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(UInt64(bits))
    }

    static func unpack(from source: BinaryReader) throws -> StoredProperty {
        guard let property = StoredProperty(bits: try source.readUnsigned(UInt8.self)) else { throw BinaryReader.Malformed() }
        return property
    }
}

extension TypeInfo: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(name)
        sink.write(optional: superclass)
        sink.write(map: properties) { sink.write(optional: $0) }
        sink.write(stored != nil)
        if let stored { try sink.write(map: stored) { try $0.pack(into: sink) } }
        sink.write(padStyleForEveryInstance)
        sink.write(declarations)
        sink.write(declaredAt != nil)
        if let declaredAt { try declaredAt.pack(into: sink) }
    }

    static func unpack(from source: BinaryReader) throws -> TypeInfo {
        var info = TypeInfo(name: try source.readString())
        info.superclass = try source.readOptionalString()
        info.properties = try source.readMap { try source.readOptionalString() }
        if try source.readBool() { info.stored = try source.readMap { try StoredProperty.unpack(from: source) } }
        info.padStyleForEveryInstance = try source.readBool()
        info.declarations = try source.readInt()
        if try source.readBool() { info.declaredAt = try SourcePosition.unpack(from: source) }
        return info
    }
}

extension FunctionSummary.Parameter: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(label)
        sink.write(hasDefault)
        sink.write(handedOn)
    }

    static func unpack(from source: BinaryReader) throws -> FunctionSummary.Parameter {
        FunctionSummary.Parameter(label: try source.readString(), hasDefault: try source.readBool(), handedOn: try source.readBool())
    }
}

extension FunctionSummary: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(name)
        sink.write(optional: owner)
        sink.write(isStatic)
        try sink.write(packed: parameters)
        sink.write(hasReceiver)
        sink.write(makesResult)
        sink.write(optional: resultType)
        sink.write(path)
        sink.write(offset)
        try position.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> FunctionSummary {
        FunctionSummary(name: try source.readString(), owner: try source.readOptionalString(), isStatic: try source.readBool(),
                        parameters: try source.readPacked(Parameter.self), hasReceiver: try source.readBool(),
                        makesResult: try source.readBool(), resultType: try source.readOptionalString(), path: try source.readString(),
                        offset: try source.readInt(), position: try SourcePosition.unpack(from: source))
    }
}

extension ReturnType: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(name)
        sink.write(optional: owner)
        sink.write(isStatic)
        try sink.write(packed: parameters)
        sink.write(type)
        sink.write(path)
        try position.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> ReturnType {
        ReturnType(name: try source.readString(), owner: try source.readOptionalString(), isStatic: try source.readBool(),
                   parameters: try source.readPacked(FunctionSummary.Parameter.self), type: try source.readString(),
                   path: try source.readString(), position: try SourcePosition.unpack(from: source))
    }
}

extension TypeDeclarationFact: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(name)
        sink.write(isExtension)
        sink.write(strings: inherits)
        sink.write(strings: superclasses)
        sink.write(strings: attributes)
        sink.write(strings: members)
        try position.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> TypeDeclarationFact {
        TypeDeclarationFact(name: try source.readString(), isExtension: try source.readBool(), inherits: try source.readStrings(),
                            superclasses: try source.readStrings(), attributes: try source.readStrings(), members: try source.readStrings(),
                            position: try SourcePosition.unpack(from: source))
    }
}

extension ProjectIndex: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try sink.write(map: types) { try $0.pack(into: sink) }
        sink.write(map: globals) { sink.write(optional: $0) }
        try sink.write(map: helpers) { try sink.write(packed: $0) }
        try sink.write(map: functions) { try sink.write(packed: $0) }
        sink.write(map: paperTypes) { sink.write($0) }
        try sink.write(map: returnTypes) { try sink.write(packed: $0) }
        sink.write(strings: sink.canonical ? protocols.sorted() : Array(protocols))
        try sink.write(packed: declarations)
    }

    static func unpack(from source: BinaryReader) throws -> ProjectIndex {
        var index = ProjectIndex()
        index.types = try source.readMap { try TypeInfo.unpack(from: source) }
        index.globals = try source.readMap { try source.readOptionalString() }
        index.helpers = try source.readMap { try source.readPacked(HelperDeclaration.self) }
        index.functions = try source.readMap { try source.readPacked(FunctionSummary.self) }
        index.paperTypes = try source.readMap { try source.readString() }
        index.returnTypes = try source.readMap { try source.readPacked(ReturnType.self) }
        let protocols = try source.readStrings()
        index.protocols = Set(protocols)
        guard index.protocols.count == protocols.count else { throw BinaryReader.Malformed() }
        index.declarations = try source.readPacked(TypeDeclarationFact.self)
        return index
    }
}

extension IdiomSet: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(UInt64(rawValue))
    }

    static func unpack(from source: BinaryReader) throws -> IdiomSet {
        IdiomSet(rawValue: try source.readUnsigned(UInt8.self))
    }
}

extension GuardContext: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(builtForMacCatalyst)
        try idioms.pack(into: sink)
        sink.write(unavailableOnMacCatalyst)
        sink.write(isPreview)
        sink.write(requirement != nil)
        if let requirement { sink.write(Int(requirement)) }
        sink.write(strings: checks)
    }

    static func unpack(from source: BinaryReader) throws -> GuardContext {
        var context = GuardContext()
        context.builtForMacCatalyst = try source.readBool()
        context.idioms = try IdiomSet.unpack(from: source)
        context.unavailableOnMacCatalyst = try source.readBool()
        context.isPreview = try source.readBool()
        if try source.readBool() { context.requirement = try source.readInteger(Int32.self) }
        context.checks = try source.readStrings()
        return context
    }
}

extension EditSite: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try statementStart.pack(into: sink)
        try statementEnd.pack(into: sink)
        sink.write(indentation)
        sink.write(optional: receiver)
        sink.write(wrappable)
    }

    static func unpack(from source: BinaryReader) throws -> EditSite {
        EditSite(statementStart: try SourcePosition.unpack(from: source), statementEnd: try SourcePosition.unpack(from: source),
                 indentation: try source.readString(), receiver: try source.readOptionalString(), wrappable: try source.readBool())
    }
}

extension PendingCreation: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try type.pack(into: sink)
        sink.write(optional: knownSuperclass)
        try position.pack(into: sink)
        try guardContext.pack(into: sink)
        sink.write(site != nil)
        if let site { try site.pack(into: sink) }
        sink.write(assignment != nil)
        if let assignment { try assignment.pack(into: sink) }
    }

    static func unpack(from source: BinaryReader) throws -> PendingCreation {
        PendingCreation(type: try TypeRef.unpack(from: source), knownSuperclass: try source.readOptionalString(),
                        position: try SourcePosition.unpack(from: source), guardContext: try GuardContext.unpack(from: source),
                        site: try source.readBool() ? try EditSite.unpack(from: source) : nil,
                        assignment: try source.readBool() ? try PendingAssignment.unpack(from: source) : nil)
    }
}

extension HelperUse: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(name)
        sink.write(path)
    }

    static func unpack(from source: BinaryReader) throws -> HelperUse {
        HelperUse(name: try source.readString(), path: try source.readString())
    }
}

extension IdiomCondition: BinaryPacked {
    /// Deeper than this, an entry is taken as damaged (the front ends bound the nesting of what they
    /// read far below it), so that reading never runs out of stack.
    static let deepestPacked = 4_096

    func pack(into sink: BinaryWriter) throws {
        switch self {
        case .constant(let value):
            sink.write(0)
            sink.write(value)
        case .idiom(let idioms):
            sink.write(1)
            try idioms.pack(into: sink)
        case .helper(let use):
            sink.write(2)
            try use.pack(into: sink)
        case .helperIdiom(let use, let idioms):
            sink.write(3)
            try use.pack(into: sink)
            try idioms.pack(into: sink)
        case .other(let text, let names):
            sink.write(4)
            sink.write(text)
            sink.write(strings: names)
        case .not(let inner):
            sink.write(5)
            try inner.pack(into: sink)
        case .and(let left, let right):
            sink.write(6)
            try left.pack(into: sink)
            try right.pack(into: sink)
        case .or(let left, let right):
            sink.write(7)
            try left.pack(into: sink)
            try right.pack(into: sink)
        }
    }

    static func unpack(from source: BinaryReader) throws -> IdiomCondition {
        try unpack(from: source, depth: 0)
    }

    private static func unpack(from source: BinaryReader, depth: Int) throws -> IdiomCondition {
        guard depth < deepestPacked else { throw BinaryReader.Malformed() }
        switch try source.readInt() {
        case 0: return .constant(try source.readBool())
        case 1: return .idiom(try IdiomSet.unpack(from: source))
        case 2: return .helper(try HelperUse.unpack(from: source))
        case 3: return .helperIdiom(try HelperUse.unpack(from: source), try IdiomSet.unpack(from: source))
        case 4: return .other(try source.readString(), names: try source.readStrings())
        case 5: return .not(try unpack(from: source, depth: depth + 1))
        case 6: return .and(try unpack(from: source, depth: depth + 1), try unpack(from: source, depth: depth + 1))
        case 7: return .or(try unpack(from: source, depth: depth + 1), try unpack(from: source, depth: depth + 1))
        default: throw BinaryReader.Malformed()
        }
    }
}

extension ExcerptKey: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(line)
        sink.write(column)
    }

    static func unpack(from source: BinaryReader) throws -> ExcerptKey {
        ExcerptKey(line: try source.readInt(), column: try source.readInt())
    }
}

extension SourceExcerpt: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(text)
        sink.write(caret)
    }

    static func unpack(from source: BinaryReader) throws -> SourceExcerpt {
        SourceExcerpt(text: try source.readString(), caret: try source.readInt())
    }
}

extension TypeRef: BinaryPacked {
    /// As for `IdiomCondition`: deeper is a damaged entry.
    static let deepestPacked = 4_096

    func pack(into sink: BinaryWriter) throws {
        switch self {
        case .named(let name):
            sink.write(0)
            sink.write(name)
        case .of(let value):
            sink.write(1)
            try value.pack(into: sink)
        case .unknown:
            sink.write(2)
        case .element(let type):
            sink.write(3)
            try type.pack(into: sink)
        case .returned(let call, let path, let fallback):
            sink.write(4)
            try call.pack(into: sink)
            sink.write(path)
            try fallback.pack(into: sink)
        }
    }

    static func unpack(from source: BinaryReader) throws -> TypeRef {
        try unpack(from: source, depth: 0)
    }

    /// `depth`: how many values, classes, objects and calls this one is inside of (they nest in
    /// each other), bounded together.
    fileprivate static func unpack(from source: BinaryReader, depth: Int) throws -> TypeRef {
        guard depth < deepestPacked else { throw BinaryReader.Malformed() }
        switch try source.readInt() {
        case 0: return .named(try source.readString())
        case 1: return .of(try ValueRef.unpack(from: source, depth: depth + 1))
        case 2: return .unknown
        case 3: return .element(of: try unpack(from: source, depth: depth + 1))
        case 4: return .returned(try FunctionCall.unpack(from: source, depth: depth + 1), path: try source.readString(),
                                 fallback: try unpack(from: source, depth: depth + 1))
        default: throw BinaryReader.Malformed()
        }
    }
}

extension ObjectID: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        switch self {
        case .property(let type, let name):
            sink.write(0)
            sink.write(type)
            sink.write(name)
        case .propertyOf(let base, let type, let name):
            sink.write(1)
            try base.pack(into: sink)
            sink.write(type)
            sink.write(name)
        case .instance(let type):
            sink.write(2)
            sink.write(type)
        case .global(let name):
            sink.write(3)
            sink.write(name)
        case .declaration(let path, let offset):
            sink.write(4)
            sink.write(path)
            sink.write(offset)
        case .expression(let path, let scope, let text):
            sink.write(5)
            sink.write(path)
            sink.write(scope != nil)
            if let scope { sink.write(scope) }
            sink.write(text)
        case .interfaceView(let path, let identity):
            sink.write(6)
            sink.write(path)
            sink.write(identity)
        case .parameter(let path, let function, let index):
            sink.write(7)
            sink.write(path)
            sink.write(function)
            sink.write(index)
        case .result(let path, let function):
            sink.write(8)
            sink.write(path)
            sink.write(function)
        }
    }

    static func unpack(from source: BinaryReader) throws -> ObjectID {
        try unpack(from: source, depth: 0)
    }

    fileprivate static func unpack(from source: BinaryReader, depth: Int) throws -> ObjectID {
        guard depth < TypeRef.deepestPacked else { throw BinaryReader.Malformed() }
        switch try source.readInt() {
        case 0: return .property(type: try source.readString(), name: try source.readString())
        case 1: return .propertyOf(try unpack(from: source, depth: depth + 1), type: try source.readString(), name: try source.readString())
        case 2: return .instance(type: try source.readString())
        case 3: return .global(try source.readString())
        case 4: return .declaration(path: try source.readString(), offset: try source.readInt())
        case 5: return .expression(path: try source.readString(), scope: try source.readBool() ? try source.readInt() : nil, text: try source.readString())
        case 6: return .interfaceView(path: try source.readString(), identity: try source.readString())
        case 7: return .parameter(path: try source.readString(), function: try source.readInt(), index: try source.readInt())
        case 8: return .result(path: try source.readString(), function: try source.readInt())
        default: throw BinaryReader.Malformed()
        }
    }
}

extension ValueRef: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        switch self {
        case .object(let id, let type):
            sink.write(0)
            try id.pack(into: sink)
            try type.pack(into: sink)
        case .member(let type, let name):
            sink.write(1)
            sink.write(type)
            sink.write(name)
        case .property(let base, let name, let untyped):
            sink.write(2)
            try base.pack(into: sink)
            sink.write(name)
            try untyped.pack(into: sink)
        case .name(let name, let inType, let untyped):
            sink.write(3)
            sink.write(name)
            sink.write(optional: inType)
            try untyped.pack(into: sink)
        case .cast(let value, let type):
            sink.write(4)
            try value.pack(into: sink)
            try type.pack(into: sink)
        }
    }

    static func unpack(from source: BinaryReader) throws -> ValueRef {
        try unpack(from: source, depth: 0)
    }

    fileprivate static func unpack(from source: BinaryReader, depth: Int) throws -> ValueRef {
        guard depth < TypeRef.deepestPacked else { throw BinaryReader.Malformed() }
        switch try source.readInt() {
        case 0: return .object(try ObjectID.unpack(from: source, depth: depth + 1), type: try TypeRef.unpack(from: source, depth: depth + 1))
        case 1: return .member(type: try source.readString(), name: try source.readString())
        case 2: return .property(of: try unpack(from: source, depth: depth + 1), name: try source.readString(),
                                 untyped: try ObjectID.unpack(from: source, depth: depth + 1))
        case 3: return .name(try source.readString(), inType: try source.readOptionalString(), untyped: try ObjectID.unpack(from: source, depth: depth + 1))
        case 4: return .cast(try unpack(from: source, depth: depth + 1), to: try TypeRef.unpack(from: source, depth: depth + 1))
        default: throw BinaryReader.Malformed()
        }
    }
}

extension FunctionCall: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(name)
        sink.write(strings: labels)
        sink.write(receiver != nil)
        if let receiver { try receiver.pack(into: sink) }
        sink.write(optional: typeName)
        sink.write(optional: inType)
        try guardContext.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> FunctionCall {
        try unpack(from: source, depth: 0)
    }

    fileprivate static func unpack(from source: BinaryReader, depth: Int) throws -> FunctionCall {
        guard depth < TypeRef.deepestPacked else { throw BinaryReader.Malformed() }
        return FunctionCall(name: try source.readString(), labels: try source.readStrings(),
                            receiver: try source.readBool() ? try ValueRef.unpack(from: source, depth: depth + 1) : nil,
                            typeName: try source.readOptionalString(), inType: try source.readOptionalString(),
                            guardContext: try GuardContext.unpack(from: source))
    }
}

extension PendingAssignment: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try target.pack(into: sink)
        sink.write(inInitializer)
    }

    static func unpack(from source: BinaryReader) throws -> PendingAssignment {
        PendingAssignment(target: try ValueRef.unpack(from: source), inInitializer: try source.readBool())
    }
}

extension PendingCondition: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try condition.pack(into: sink)
        sink.write(holds)
    }

    static func unpack(from source: BinaryReader) throws -> PendingCondition {
        PendingCondition(try IdiomCondition.unpack(from: source), holds: try source.readBool())
    }
}

extension RequirementChain.Link: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(parent != nil)
        if let parent { sink.write(Int(parent)) }
        try condition.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> RequirementChain.Link {
        RequirementChain.Link(parent: try source.readBool() ? try source.readInteger(Int32.self) : nil, condition: try PendingCondition.unpack(from: source))
    }
}

extension RequirementChain: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try sink.write(packed: links)
    }

    /// A link that adds to a later one is a damaged entry, as in the `Codable` form.
    static func unpack(from source: BinaryReader) throws -> RequirementChain {
        guard let chain = RequirementChain(links: try source.readPacked(Link.self)) else { throw BinaryReader.Malformed() }
        return chain
    }
}

extension PendingDecision.Anchor: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try condition.pack(into: sink)
        try position.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> PendingDecision.Anchor {
        PendingDecision.Anchor(condition: try IdiomCondition.unpack(from: source), position: try SourcePosition.unpack(from: source))
    }
}

extension PendingDecision.Test: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try condition.pack(into: sink)
        sink.write(spelling)
        try position.pack(into: sink)
        try sink.write(packed: anchors)
    }

    static func unpack(from source: BinaryReader) throws -> PendingDecision.Test {
        PendingDecision.Test(condition: try IdiomCondition.unpack(from: source), spelling: try source.readString(),
                             position: try SourcePosition.unpack(from: source), anchors: try source.readPacked(PendingDecision.Anchor.self))
    }
}

extension PendingDecision: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try sink.write(packed: tests)
        sink.write(position != nil)
        if let position { try position.pack(into: sink) }
        sink.write(optional: spelling)
        sink.write(strings: branches)
        sink.write(branchConditionNames.count)
        for names in branchConditionNames { sink.write(strings: names) }
        sink.write(consequences.count)
        for names in consequences { sink.write(strings: names) }
        sink.write(branchFeatures.count)
        for feature in branchFeatures { sink.write(optional: feature) }
        try guardContext.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> PendingDecision {
        func lists() throws -> [[String]] {
            let count = try source.readCount()
            var lists: [[String]] = []
            lists.reserveCapacity(count)
            for _ in 0..<count { lists.append(try source.readStrings()) }
            return lists
        }
        let tests = try source.readPacked(Test.self)
        let position = try source.readBool() ? try SourcePosition.unpack(from: source) : nil
        let spelling = try source.readOptionalString()
        let branches = try source.readStrings()
        let branchConditionNames = try lists()
        let consequences = try lists()
        let featureCount = try source.readCount()
        var branchFeatures: [String?] = []
        branchFeatures.reserveCapacity(featureCount)
        for _ in 0..<featureCount { branchFeatures.append(try source.readOptionalString()) }
        return PendingDecision(tests: tests, position: position, spelling: spelling, branches: branches, branchConditionNames: branchConditionNames,
                               consequences: consequences, branchFeatures: branchFeatures, guardContext: try GuardContext.unpack(from: source))
    }
}

extension MemberChoice: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try condition.pack(into: sink)
        sink.write(member)
    }

    static func unpack(from source: BinaryReader) throws -> MemberChoice {
        MemberChoice(condition: try IdiomCondition.unpack(from: source), member: try source.readString())
    }
}

extension HelperValue: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        switch self {
        case .condition(let condition):
            sink.write(0)
            try condition.pack(into: sink)
        case .idiom:
            sink.write(1)
        case .members(let choices):
            sink.write(2)
            try sink.write(packed: choices)
        }
    }

    static func unpack(from source: BinaryReader) throws -> HelperValue {
        switch try source.readInt() {
        case 0: return .condition(try IdiomCondition.unpack(from: source))
        case 1: return .idiom
        case 2: return .members(try source.readPacked(MemberChoice.self))
        default: throw BinaryReader.Malformed()
        }
    }
}

extension HelperDeclaration: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(name)
        try value.pack(into: sink)
        try position.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> HelperDeclaration {
        HelperDeclaration(name: try source.readString(), value: try HelperValue.unpack(from: source), position: try SourcePosition.unpack(from: source))
    }
}

// MARK: A file's results (`FileOutput`), whole

extension LanguageMode: BinaryPacked {}

/// Through `BinaryWriter.write(_:)` and `BinaryReader.readStamp()`, which the results cache, the
/// run snapshot and the projects' entries call where nothing else is packed.
extension ResultCache.Stamp: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(self)
    }

    static func unpack(from source: BinaryReader) throws -> ResultCache.Stamp {
        try source.readStamp()
    }
}

extension FileDependency: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(path)
        sink.write(optional: stamp)
    }

    static func unpack(from source: BinaryReader) throws -> FileDependency {
        FileDependency(path: try source.readString(), stamp: try source.readOptionalStamp())
    }
}

extension InputProblem: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(rule)
        try position.pack(into: sink)
        sink.write(map: values) { sink.write($0) }
    }

    static func unpack(from source: BinaryReader) throws -> InputProblem {
        InputProblem(rule: try source.readString(), position: try SourcePosition.unpack(from: source),
                     values: try source.readMap { try source.readString() })
    }
}

extension SuppressionDirective.Action: BinaryPacked {}

extension SuppressionDirective.Rule: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(id)
        try position.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> SuppressionDirective.Rule {
        SuppressionDirective.Rule(id: try source.readString(), position: try SourcePosition.unpack(from: source))
    }
}

extension SuppressionDirective: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try action.pack(into: sink)
        try sink.write(packed: rules)
        sink.write(line)
        sink.write(coveredLines != nil)
        if let coveredLines {
            sink.write(coveredLines.lowerBound)
            sink.write(coveredLines.upperBound)
        }
        try position.pack(into: sink)
        sink.write(text)
    }

    /// A range whose end comes before its start is a damaged entry.
    static func unpack(from source: BinaryReader) throws -> SuppressionDirective {
        let action = try Action.unpack(from: source)
        let rules = try source.readPacked(Rule.self)
        let line = try source.readInt()
        var coveredLines: ClosedRange<Int>?
        if try source.readBool() {
            let lower = try source.readInt()
            let upper = try source.readInt()
            guard lower <= upper else { throw BinaryReader.Malformed() }
            coveredLines = lower...upper
        }
        return SuppressionDirective(action: action, rules: rules, line: line, coveredLines: coveredLines,
                                    position: try SourcePosition.unpack(from: source), text: try source.readString())
    }
}

extension ControlStateValue: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        switch self {
        case .states(let names):
            sink.write(0)
            sink.write(strings: names)
        case .unknown(let text):
            sink.write(1)
            sink.write(text)
        }
    }

    static func unpack(from source: BinaryReader) throws -> ControlStateValue {
        switch try source.readInt() {
        case 0: return .states(try source.readStrings())
        case 1: return .unknown(try source.readString())
        default: throw BinaryReader.Malformed()
        }
    }
}

extension SettingFact: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(property)
        try sink.write(optional: state)
        sink.write(spelling)
        sink.write(optional: value)
        try position.pack(into: sink)
        try guardContext.pack(into: sink)
        try sink.write(optional: site)
        sink.write(whileMade)
        sink.write(valueIsName)
    }

    static func unpack(from source: BinaryReader) throws -> SettingFact {
        SettingFact(property: try source.readString(), state: try source.readOptional(ControlStateValue.self), spelling: try source.readString(),
                    value: try source.readOptionalString(), position: try SourcePosition.unpack(from: source),
                    guardContext: try GuardContext.unpack(from: source), site: try source.readOptional(EditSite.self),
                    whileMade: try source.readBool(), valueIsName: try source.readBool())
    }
}

extension PendingObject: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try value.pack(into: sink)
        sink.write(optional: knownSuperclass)
        sink.write(optional: style)
        try sink.write(packed: settings)
    }

    static func unpack(from source: BinaryReader) throws -> PendingObject {
        PendingObject(value: try ValueRef.unpack(from: source), knownSuperclass: try source.readOptionalString(),
                      style: try source.readOptionalString(), settings: try source.readPacked(SettingFact.self))
    }
}

extension SizeFact: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(optional: width)
        sink.write(optional: height)
        sink.write(spelling)
        sink.write(strings: purposeNames)
        try position.pack(into: sink)
        try guardContext.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> SizeFact {
        SizeFact(width: try source.readOptionalDouble(), height: try source.readOptionalDouble(), spelling: try source.readString(),
                 purposeNames: try source.readStrings(), position: try SourcePosition.unpack(from: source),
                 guardContext: try GuardContext.unpack(from: source))
    }
}

extension CallFact: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(name)
        sink.write(strings: argumentNames)
        sink.write(spelling)
        try position.pack(into: sink)
        try guardContext.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> CallFact {
        CallFact(name: try source.readString(), argumentNames: try source.readStrings(), spelling: try source.readString(),
                 position: try SourcePosition.unpack(from: source), guardContext: try GuardContext.unpack(from: source))
    }
}

extension PendingArgument.Pass: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try call.pack(into: sink)
        sink.write(argument)
    }

    static func unpack(from source: BinaryReader) throws -> PendingArgument.Pass {
        PendingArgument.Pass(call: try FunctionCall.unpack(from: source), argument: try source.readInt())
    }
}

extension PendingArgument: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(call)
        sink.write(optional: label)
        try value.pack(into: sink)
        sink.write(optional: knownSuperclass)
        sink.write(escapes)
        try sink.write(optional: factory)
        try sink.write(packed: passes)
        try sink.write(optional: pathEnd)
        sink.write(spelling)
        try position.pack(into: sink)
        try guardContext.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> PendingArgument {
        PendingArgument(call: try source.readString(), label: try source.readOptionalString(), value: try ValueRef.unpack(from: source),
                        knownSuperclass: try source.readOptionalString(), escapes: try source.readBool(),
                        factory: try source.readOptional(FunctionCall.self), passes: try source.readPacked(Pass.self),
                        pathEnd: try source.readOptional(SourcePosition.self), spelling: try source.readString(),
                        position: try SourcePosition.unpack(from: source), guardContext: try GuardContext.unpack(from: source))
    }
}

extension ReferenceFact: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(strings: names)
        sink.write(inString)
        sink.write(strings: comparedWith)
        sink.write(spelling)
        try position.pack(into: sink)
        try guardContext.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> ReferenceFact {
        ReferenceFact(names: try source.readStrings(), inString: try source.readBool(), comparedWith: try source.readStrings(),
                      spelling: try source.readString(), position: try SourcePosition.unpack(from: source),
                      guardContext: try GuardContext.unpack(from: source))
    }
}

extension FontSizeFact: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(sizes.count)
        for size in sizes { sink.write(double: size) }
        sink.write(spelling)
        sink.write(strings: purposeNames)
        sink.write(strings: outputNames)
        sink.write(strings: enclosingTypes)
        try position.pack(into: sink)
        try guardContext.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> FontSizeFact {
        let count = try source.readCount()
        var sizes: [Double] = []
        sizes.reserveCapacity(count)
        for _ in 0..<count { sizes.append(try source.readDouble()) }
        return FontSizeFact(sizes: sizes, spelling: try source.readString(), purposeNames: try source.readStrings(),
                            outputNames: try source.readStrings(), enclosingTypes: try source.readStrings(),
                            position: try SourcePosition.unpack(from: source), guardContext: try GuardContext.unpack(from: source))
    }
}

extension DimensionComparisonFact: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(double: value)
        sink.write(isEquality)
        sink.write(strings: subjectNames)
        sink.write(spelling)
        try position.pack(into: sink)
        try guardContext.pack(into: sink)
        sink.write(optional: pairedValue)
    }

    static func unpack(from source: BinaryReader) throws -> DimensionComparisonFact {
        DimensionComparisonFact(value: try source.readDouble(), isEquality: try source.readBool(), subjectNames: try source.readStrings(),
                                spelling: try source.readString(), position: try SourcePosition.unpack(from: source),
                                guardContext: try GuardContext.unpack(from: source), pairedValue: try source.readOptionalDouble())
    }
}

extension PendingInternals: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try value.pack(into: sink)
        sink.write(optional: knownSuperclass)
        sink.write(optional: key)
        sink.write(optional: receiverName)
        sink.write(addsOwnSubviews)
        sink.write(spelling)
        try position.pack(into: sink)
        try guardContext.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> PendingInternals {
        PendingInternals(value: try ValueRef.unpack(from: source), knownSuperclass: try source.readOptionalString(),
                         key: try source.readOptionalString(), receiverName: try source.readOptionalString(),
                         addsOwnSubviews: try source.readBool(), spelling: try source.readString(),
                         position: try SourcePosition.unpack(from: source), guardContext: try GuardContext.unpack(from: source))
    }
}

extension PendingClass: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try type.pack(into: sink)
        sink.write(optional: knownSuperclass)
    }

    static func unpack(from source: BinaryReader) throws -> PendingClass {
        PendingClass(type: try TypeRef.unpack(from: source), knownSuperclass: try source.readOptionalString())
    }
}

extension PendingProvidedView: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(property)
        try owner.pack(into: sink)
        sink.write(isOverride)
        try sink.write(optional: view)
        sink.write(spelling)
        try position.pack(into: sink)
        try guardContext.pack(into: sink)
        sink.write(optional: ownerKnownSuperclass)
        sink.write(optional: viewKnownSuperclass)
        try sink.write(packed: laidOut)
    }

    static func unpack(from source: BinaryReader) throws -> PendingProvidedView {
        PendingProvidedView(property: try source.readString(), owner: try ValueRef.unpack(from: source), isOverride: try source.readBool(),
                            view: try source.readOptional(ValueRef.self), spelling: try source.readString(),
                            position: try SourcePosition.unpack(from: source), guardContext: try GuardContext.unpack(from: source),
                            ownerKnownSuperclass: try source.readOptionalString(), viewKnownSuperclass: try source.readOptionalString(),
                            laidOut: try source.readPacked(PendingClass.self))
    }
}

extension InfoPlistEntry: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(strings: keyPath)
        sink.write(optional: value)
        sink.write(optional: count)
        try position.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> InfoPlistEntry {
        InfoPlistEntry(keyPath: try source.readStrings(), value: try source.readOptionalString(), count: try source.readOptionalInt(),
                       position: try SourcePosition.unpack(from: source))
    }
}

extension FileFacts: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try sink.write(packed: creations)
        try sink.write(packed: objects)
        try sink.write(packed: sizes)
        try sink.write(packed: calls)
        try sink.write(packed: arguments)
        try sink.write(packed: references)
        try sink.write(packed: fontSizes)
        try sink.write(packed: dimensionComparisons)
        try sink.write(packed: decisions)
        try sink.write(packed: internals)
        try sink.write(packed: providedViews)
        try sink.write(packed: infoPlist)
        try requirements.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> FileFacts {
        FileFacts(creations: try source.readPacked(PendingCreation.self), objects: try source.readPacked(PendingObject.self),
                  sizes: try source.readPacked(SizeFact.self), calls: try source.readPacked(CallFact.self),
                  arguments: try source.readPacked(PendingArgument.self), references: try source.readPacked(ReferenceFact.self),
                  fontSizes: try source.readPacked(FontSizeFact.self), dimensionComparisons: try source.readPacked(DimensionComparisonFact.self),
                  decisions: try source.readPacked(PendingDecision.self), internals: try source.readPacked(PendingInternals.self),
                  providedViews: try source.readPacked(PendingProvidedView.self), infoPlist: try source.readPacked(InfoPlistEntry.self),
                  requirements: try RequirementChain.unpack(from: source))
    }
}

extension FileOutput: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(path)
        try index.pack(into: sink)
        try facts.pack(into: sink)
        try sink.write(packed: problems)
        try sink.write(packed: suppressions)
        try sink.write(packed: excerpts)
        sink.write(contentHash != nil)
        if let contentHash { sink.write(contentHash) }
        try sink.write(optional: languageMode)
        try sink.write(packed: dependencies)
    }

    static func unpack(from source: BinaryReader) throws -> FileOutput {
        var output = FileOutput(path: try source.readString())
        output.index = try ProjectIndex.unpack(from: source)
        output.facts = try FileFacts.unpack(from: source)
        output.problems = try source.readPacked(InputProblem.self)
        output.suppressions = try source.readPacked(SuppressionDirective.self)
        output.excerpts = try source.readPacked(ExcerptKey.self, SourceExcerpt.self)
        output.contentHash = try source.readBool() ? try source.readUInt64() : nil
        output.languageMode = try source.readOptional(LanguageMode.self)
        output.dependencies = try source.readPacked(FileDependency.self)
        return output
    }
}

// MARK: What the run snapshot keeps of a file (`RunSnapshot`): its diagnostics, and the objects
// and arguments whose digests it exports

extension Severity: BinaryPacked {}

extension FixApplicability: BinaryPacked {}

extension TextEdit: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try start.pack(into: sink)
        try end.pack(into: sink)
        sink.write(replacement)
    }

    static func unpack(from source: BinaryReader) throws -> TextEdit {
        TextEdit(start: try SourcePosition.unpack(from: source), end: try SourcePosition.unpack(from: source), replacement: try source.readString())
    }
}

extension Fix: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(title)
        try applicability.pack(into: sink)
        try sink.write(packed: edits)
    }

    static func unpack(from source: BinaryReader) throws -> Fix {
        Fix(title: try source.readString(), applicability: try FixApplicability.unpack(from: source), edits: try source.readPacked(TextEdit.self))
    }
}

extension Diagnostic: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(rule)
        try severity.pack(into: sink)
        try position.pack(into: sink)
        sink.write(message)
        sink.write(help)
        try sink.write(optional: excerpt)
        try sink.write(optional: fix)
    }

    static func unpack(from source: BinaryReader) throws -> Diagnostic {
        Diagnostic(rule: try source.readString(), severity: try Severity.unpack(from: source), position: try SourcePosition.unpack(from: source),
                   message: try source.readString(), help: try source.readString(), excerpt: try source.readOptional(SourceExcerpt.self),
                   fix: try source.readOptional(Fix.self))
    }
}

extension RunSnapshot.Dependencies: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(strings: imports)
        sink.write(map: exports) { sink.write($0) }
    }

    static func unpack(from source: BinaryReader) throws -> RunSnapshot.Dependencies {
        RunSnapshot.Dependencies(imports: try source.readStrings(), exports: try source.readMap { try source.readUInt64() })
    }
}

extension UIObjectFact: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try id.pack(into: sink)
        sink.write(strings: classChain)
        sink.write(optional: preferredBehavioralStyle)
        try sink.write(packed: settings)
    }

    static func unpack(from source: BinaryReader) throws -> UIObjectFact {
        UIObjectFact(id: try ObjectID.unpack(from: source), classChain: try source.readStrings(),
                     preferredBehavioralStyle: try source.readOptionalString(), settings: try source.readPacked(SettingFact.self))
    }
}

extension HandedObject: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        try object.pack(into: sink)
        try guardContext.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> HandedObject {
        HandedObject(object: try ObjectID.unpack(from: source), guardContext: try GuardContext.unpack(from: source))
    }
}

extension ArgumentFact: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(call)
        sink.write(optional: label)
        try object.pack(into: sink)
        sink.write(strings: classChain)
        sink.write(escapes)
        try sink.write(optional: madeBy)
        try sink.write(optional: madeWhere)
        try sink.write(packed: handedTo)
        try sink.write(optional: pathEnd)
        sink.write(spelling)
        try position.pack(into: sink)
        try guardContext.pack(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> ArgumentFact {
        ArgumentFact(call: try source.readString(), label: try source.readOptionalString(), object: try ObjectID.unpack(from: source),
                     classChain: try source.readStrings(), escapes: try source.readBool(), madeBy: try source.readOptional(ObjectID.self),
                     madeWhere: try source.readOptional(GuardContext.self), handedTo: try source.readPacked(HandedObject.self),
                     pathEnd: try source.readOptional(SourcePosition.self), spelling: try source.readString(),
                     position: try SourcePosition.unpack(from: source), guardContext: try GuardContext.unpack(from: source))
    }
}
