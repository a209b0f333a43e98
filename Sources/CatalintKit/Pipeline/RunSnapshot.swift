import Foundation

/// What a lint run remembers of each file for the next run of the same kind (the same paths named
/// the same way, the same settings), so that the next run reads, parses and resolves only what an
/// edit can change:
///
/// - each file's state (stamp and content hash) and how its project builds it;
/// - its part of the project index (and the whole index), so the index is put together again
///   without reading any file;
/// - for a linted file, its diagnostics, the names of other files' declarations its findings rest
///   on (`imports`: what `Resolution` read), and what it tells other files (`exports`: each shared
///   object it contributes to, with a digest of what it says of it; `declarations`: the same for
///   its part of the index).
///
/// A file whose state is unchanged keeps its diagnostics unless a changed file changed something
/// it imports; files that share an object are read again together. The result is the same as a
/// run without the snapshot, byte for byte (tests compare them after random edits).
///
/// The file is read without decoding what the run does not need: each record's parts are kept as
/// bytes (`Blob`) until asked for, and written back as they were when unchanged. A checksum of the
/// whole file is verified first; a damaged or foreign snapshot is not used.
struct RunSnapshot: Sendable {
    struct Record: Sendable {
        var stamp: ResultCache.Stamp?
        var contentHash: UInt64
        /// How the file's project builds it (`BuildMembership`), which decides its rules' severities.
        var scope: String
        /// Why the file added nothing to the index (past its budget), when so.
        var skipped: String?
        /// The file's part of the project index, encoded.
        var index: Blob<ProjectIndex>
        /// Each declaration of that part, with a digest of what it says (`ProjectIndex.exports`).
        var declarations: Blob<[String: UInt64]>
        /// Nil for a file read only for the index.
        var linted: Linted?
        /// The other files its results depend on (the headers an Objective-C file includes), as they
        /// were: the file is read again when one changed.
        var dependencies: [FileDependency] = []
    }

    struct Linted: Sendable {
        var diagnostics: Blob<[Diagnostic]>
        /// What the file's findings rest on in other files, and what it tells them.
        var dependencies: Blob<Dependencies>
        /// The objects shared with other files that it touches (tokens), read to know which files
        /// to diagnose together.
        var objects: [String]
    }

    struct Dependencies: Codable, Sendable, Equatable {
        var imports: [String]
        var exports: [String: UInt64]
    }

    /// By path, as the run spelled it.
    var records: [String: Record] = [:]
    /// The index of the whole project, encoded.
    var index: Blob<ProjectIndex>?
    /// A digest of the findings of the rules about whole targets, per path they point at: a file
    /// whose digest changes is diagnosed again (an Info.plist edit moves a finding on an app
    /// delegate that did not change).
    var targetFindings: [String: UInt64] = [:]

    static let magic = Array("catalint-snapshot\n".utf8)
    static let formatVersion = 8

    /// The file of the snapshot of a kind of run (`key`) in a cache folder.
    static func file(in directory: String, key: UInt64) -> String {
        directory + "/snapshot-" + String(key, radix: 16) + ".bin"
    }

    /// The snapshot in `file`, when it is whole and of this kind of run.
    static func load(_ file: String, key: UInt64) -> RunSnapshot? {
        guard let body = CacheFolder.readChecked(file, magic: magic), let reader = try? BinaryReader(body) else { return nil }
        return try? read(reader, key: key)
    }

    private static func read(_ reader: BinaryReader, key: UInt64) throws -> RunSnapshot? {
        guard try reader.readInt() == formatVersion, try reader.readUInt64() == key else { return nil }
        var snapshot = RunSnapshot()
        for _ in 0..<(try reader.readCount()) {
            let path = try reader.readString()
            let stamp = try reader.readOptionalStamp()
            let contentHash = try reader.readUInt64()
            let scope = try reader.readString()
            let skipped = try reader.readBool() ? try reader.readString() : nil
            let index = Blob<ProjectIndex>(bytes: try reader.readBytes())
            let declarations = Blob<[String: UInt64]>(bytes: try reader.readBytes())
            var dependencies: [FileDependency] = []
            for _ in 0..<(try reader.readCount()) {
                let dependency = try reader.readString()
                let stamp = try reader.readOptionalStamp()
                dependencies.append(FileDependency(path: dependency, stamp: stamp))
            }
            var linted: Linted?
            if try reader.readBool() {
                let diagnostics = Blob<[Diagnostic]>(bytes: try reader.readBytes())
                let dependencies = Blob<Dependencies>(bytes: try reader.readBytes())
                var objects: [String] = []
                for _ in 0..<(try reader.readCount()) { objects.append(try reader.readString()) }
                linted = Linted(diagnostics: diagnostics, dependencies: dependencies, objects: objects)
            }
            snapshot.records[path] = Record(stamp: stamp, contentHash: contentHash, scope: scope, skipped: skipped, index: index,
                                            declarations: declarations, linted: linted, dependencies: dependencies)
        }
        if try reader.readBool() { snapshot.index = Blob(bytes: try reader.readBytes()) }
        for _ in 0..<(try reader.readCount()) {
            let path = try reader.readString()
            snapshot.targetFindings[path] = try reader.readUInt64()
        }
        guard reader.isAtEnd else { return nil }
        return snapshot
    }

    /// Writes the snapshot for `key`, whole or not at all; parts read and unchanged go back as they were.
    func save(in directory: String, key: UInt64) {
        let writer = BinaryWriter()
        writer.write(Self.formatVersion)
        writer.write(key)
        writer.write(records.count)
        for (path, record) in records.sorted(by: { $0.key < $1.key }) {
            writer.write(path)
            writer.write(optional: record.stamp)
            writer.write(record.contentHash)
            writer.write(record.scope)
            writer.write(record.skipped != nil)
            if let skipped = record.skipped { writer.write(skipped) }
            writer.writeBytes(record.index.bytes)
            writer.writeBytes(record.declarations.bytes)
            writer.write(record.dependencies.count)
            for dependency in record.dependencies {
                writer.write(dependency.path)
                writer.write(optional: dependency.stamp)
            }
            writer.write(record.linted != nil)
            if let linted = record.linted {
                writer.writeBytes(linted.diagnostics.bytes)
                writer.writeBytes(linted.dependencies.bytes)
                writer.write(linted.objects.count)
                for object in linted.objects { writer.write(object) }
            }
        }
        writer.write(index != nil)
        if let index { writer.writeBytes(index.bytes) }
        writer.write(targetFindings.count)
        for (path, value) in targetFindings.sorted(by: { $0.key < $1.key }) {
            writer.write(path)
            writer.write(value)
        }
        CacheFolder.writeChecked(writer.finished(), magic: Self.magic, to: Self.file(in: directory, key: key), in: directory)
    }
}

/// A value kept as the bytes of its encoding until it is asked for, and encoded once when it is
/// made: a snapshot reads and writes only the parts a run touches.
final class Blob<Value: Codable & Sendable>: @unchecked Sendable {
    let bytes: ArraySlice<UInt8>
    private var decoded: Value?

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    init(_ value: Value) {
        self.bytes = ArraySlice(BinaryCoder.encode(value))
        self.decoded = value
    }

    /// The value; nil when the bytes are not one (a damaged snapshot is then not used).
    var value: Value? {
        if let decoded { return decoded }
        decoded = try? BinaryCoder.decode(Value.self, from: bytes)
        return decoded
    }
}

/// The digest of a value, for `RunSnapshot`'s exports: equal values, equal digests.
/// Strings are hashed where they stand, not numbered in a table (`BinaryWriter.inlineStrings`).
func digest<T: Encodable>(_ value: T) -> UInt64 {
    digest { try $0.encodeValue(value) }
}

/// The same for a packed type (objects, arguments, the index's types): the same digest, by its `pack`.
func digest<T: Encodable & BinaryPacked>(_ value: T) -> UInt64 {
    digest { try value.pack(into: $0) }
}

/// The digest of what `write` writes, canonically and with its strings where they stand.
private func digest(_ write: (BinaryWriter) throws -> Void) -> UInt64 {
    let sink = BinaryWriter()
    sink.canonical = true
    sink.inlineStrings = true
    // Every type here encodes; one that did not would be a bug, and its digest the empty value's.
    try? write(sink)
    var hasher = StableHash()
    hasher.add(sink.inlineBytes())
    return hasher.value
}

extension ObjectID {
    /// True for an object that more than one file can make settings on: a property of a type, every
    /// instance of one, a top-level variable (not a local of one file).
    var isShared: Bool {
        switch self {
        case .property, .instance, .global, .parameter, .result: return true
        case .propertyOf(let base, _, _): return base.isShared
        case .declaration, .expression, .interfaceView: return false
        }
    }

    /// As a token of `RunSnapshot`.
    var token: String { "object:" + String(digest(self), radix: 16) }
}

extension ProjectIndex {
    /// Each declaration of this index part as a token, with a digest of what it says.
    var exports: [String: UInt64] {
        var exports: [String: UInt64] = [:]
        for (name, info) in types { exports[ReadLog.Name.type(name).token] = digest(info) }
        for (name, value) in globals { exports[ReadLog.Name.global(name).token] = digest(value) }
        for (name, helpers) in self.helpers { exports[ReadLog.Name.helper(name).token] = digest(helpers) }
        for (name, functions) in self.functions { exports[ReadLog.Name.function(name).token] = digest(functions) }
        for (name, output) in paperTypes { exports[ReadLog.Name.paper(name).token] = digest(output) }
        for (name, types) in returnTypes { exports[ReadLog.Name.returns(name).token] = digest(types) }
        for (name, group) in Dictionary(grouping: declarations, by: \.name) { exports["declaration:" + name] = digest(group) }
        return exports
    }
}
