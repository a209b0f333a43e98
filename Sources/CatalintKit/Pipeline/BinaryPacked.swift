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

extension BinaryWriter {
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
}

extension BinaryReader {
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
        try sink.write(map: helpers) { try sink.encodeValue($0) }
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
        index.helpers = try source.readMap { try source.decodeValue([HelperDeclaration].self) }
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
        try sink.encodeValue(type)
        sink.write(optional: knownSuperclass)
        try position.pack(into: sink)
        try guardContext.pack(into: sink)
        sink.write(site != nil)
        if let site { try site.pack(into: sink) }
        try sink.encodeValue(assignment)
    }

    static func unpack(from source: BinaryReader) throws -> PendingCreation {
        PendingCreation(type: try source.decodeValue(TypeRef.self), knownSuperclass: try source.readOptionalString(),
                        position: try SourcePosition.unpack(from: source), guardContext: try GuardContext.unpack(from: source),
                        site: try source.readBool() ? try EditSite.unpack(from: source) : nil,
                        assignment: try source.decodeValue(PendingAssignment?.self))
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
            try sink.encodeValue(value)
        case .unknown:
            sink.write(2)
        case .element(let type):
            sink.write(3)
            try type.pack(into: sink)
        case .returned(let call, let path, let fallback):
            sink.write(4)
            try sink.encodeValue(call)
            sink.write(path)
            try fallback.pack(into: sink)
        }
    }

    static func unpack(from source: BinaryReader) throws -> TypeRef {
        try unpack(from: source, depth: 0)
    }

    private static func unpack(from source: BinaryReader, depth: Int) throws -> TypeRef {
        guard depth < deepestPacked else { throw BinaryReader.Malformed() }
        switch try source.readInt() {
        case 0: return .named(try source.readString())
        case 1: return .of(try source.decodeValue(ValueRef.self))
        case 2: return .unknown
        case 3: return .element(of: try unpack(from: source, depth: depth + 1))
        case 4: return .returned(try source.decodeValue(FunctionCall.self), path: try source.readString(), fallback: try unpack(from: source, depth: depth + 1))
        default: throw BinaryReader.Malformed()
        }
    }
}
