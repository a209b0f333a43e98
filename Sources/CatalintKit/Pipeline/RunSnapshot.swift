import Foundation

/// What a lint run remembers of each file for the next run of the same kind (the same paths named
/// the same way, the same settings), so that the next run reads, parses and resolves only what an
/// edit can change:
///
/// - each file's state (stamp and content hash) and how its project builds it;
/// - its part of the project index, so the index is put together again without reading any file;
/// - for a linted file, its diagnostics, the names of other files' declarations its findings rest
///   on (`imports`: what `Resolution` read, and the objects shared with other files), and what it
///   tells other files (`exports`: each declaration and each shared object it contributes to,
///   with a digest of what it says of it).
///
/// A file whose state is unchanged keeps its diagnostics unless a changed file changed something
/// it imports; files that share an object are re-read together. The result is the same as a run
/// without the snapshot, byte for byte: tests compare them after random edits.
///
/// It is one file per kind of run in the cache folder, with a checksum of its bytes; a damaged or
/// foreign snapshot is not used (the run reads the files as if there were none).
struct RunSnapshot: Codable, Sendable {
    struct Record: Codable, Sendable {
        var stamp: ResultCache.Stamp?
        var contentHash: UInt64
        /// How the file's project builds it (`BuildMembership`), which decides its rules' severities.
        var scope: String
        /// The file's part of the project index, encoded: read only when the index changed.
        var index: [UInt8]
        /// Each declaration of that part, with a digest of what it says (`ProjectIndex.exports`).
        var declarations: [String: UInt64]
        /// Why the file added nothing to the index (past its budget), when so.
        var skipped: String?
        /// Nil for a file read only for the index.
        var linted: Linted?
    }

    struct Linted: Codable, Sendable {
        var diagnostics: [Diagnostic]
        var imports: [String]
        var exports: [String: UInt64]
    }

    /// By path, as the run spelled it.
    var records: [String: Record] = [:]
    /// The index of the whole project, encoded, when the run knew it: read when no declaration
    /// changed, instead of putting the parts together again.
    var index: [UInt8]?

    static let magic = Array("catalint-snapshot\n".utf8)
    static let formatVersion = 1

    /// The file of the snapshot of a kind of run (`key`) in a cache folder.
    static func file(in directory: String, key: UInt64) -> String {
        directory + "/snapshot-" + String(key, radix: 16) + ".bin"
    }

    /// The snapshot in `file`, when it is whole and of this kind of run.
    static func load(_ file: String, key: UInt64) -> RunSnapshot? {
        guard let data = CacheFolder.read(file), data.count > magic.count + 16, Array(data.prefix(magic.count)) == magic else { return nil }
        let bytes = Array(data.dropFirst(magic.count))
        let body = bytes.dropLast(8)
        let stored = bytes.suffix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var hasher = FNV1a()
        hasher.add(body)
        guard hasher.value == stored, let reader = try? BinaryReader(body),
              (try? reader.readInt()) == formatVersion, (try? reader.readUInt64()) == key,
              let payload = try? reader.readBytes(), reader.isAtEnd else { return nil }
        return try? BinaryCoder.decode(RunSnapshot.self, from: payload)
    }

    /// Writes the snapshot for `key`, whole or not at all.
    func save(in directory: String, key: UInt64) {
        let writer = BinaryWriter()
        writer.write(Self.formatVersion)
        writer.write(key)
        writer.writeBytes(ArraySlice(BinaryCoder.encode(self)))
        let body = writer.finished()
        var hasher = FNV1a()
        hasher.add(body[...])
        var checksum = hasher.value.littleEndian
        let tail = withUnsafeBytes(of: &checksum) { Array($0) }
        CacheFolder.write(Self.magic + body + tail, to: Self.file(in: directory, key: key), in: directory)
    }
}

/// The digest of a value, for `RunSnapshot`'s exports: equal values, equal digests.
func digest<T: Encodable>(_ value: T) -> UInt64 {
    var hasher = FNV1a()
    hasher.add(BinaryCoder.encode(value, canonical: true)[...])
    return hasher.value
}

extension ObjectID {
    /// True for an object that more than one file can make settings on: a property of a type, every
    /// instance of one, a top-level variable (not a local of one file).
    var isShared: Bool {
        switch self {
        case .property, .instance, .global: return true
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
        return exports
    }
}
