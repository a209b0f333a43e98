import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `FileJob` made of each file in earlier runs, so an unchanged file is neither read nor parsed
/// again. Entries are found by path and file size and modification time, else by path and a hash of
/// the content; the whole cache belongs to one catalint build and one set of settings that affect
/// lowering (the `key`), and a cache made under another is not read.
///
/// It lives in `.catalint_cache/` at the project root (which holds its own `.gitignore`), or where
/// `--cache-dir` says, as one file per settings key, written whole to a temporary file and renamed
/// over the old one: concurrent runs never leave a torn file. Nothing in it is trusted:
///
/// - each entry carries a checksum of its path, stamp, hash and results, verified before the entry
///   is used; a damaged entry counts as missing and is written anew, and a file that cannot be read
///   whole is ignored and replaced;
/// - the cache belongs to the user, not to the repository: a cache folder that is a symbolic link or
///   holds one, or that holds files git tracks (entries a pull request could carry), is refused
///   with a warning, and the run goes on without a cache (`open`).
///
/// Rules are not cached: they run on every run.
final class ResultCache: @unchecked Sendable {
    /// What identifies a file's state.
    struct Stamp: Equatable, Codable, Sendable {
        var size: Int
        var modified: Int64
    }

    private struct Entry {
        var stamp: Stamp
        var contentHash: UInt64
        /// The encoded `FileOutput`, decoded when it is used.
        var payload: ArraySlice<UInt8>
        /// The checksum the file holds for the entry; nil once verified, or for an entry made in this run.
        var storedChecksum: UInt64?
        var decoded: FileOutput?
    }

    let directory: String
    let key: UInt64
    private var entries: [String: Entry] = [:]
    /// Entries made or renewed in this run; the cache is written only when there are any.
    private var fresh: [String: Entry] = [:]
    /// Guards the entries and the counts.
    private let lock = Locked()
    /// How many lookups found an entry, for `--verbose`.
    private(set) var hits = 0
    private(set) var misses = 0

    static let magic = Array("catalint-cache\n".utf8)
    static let formatVersion = 12

    var file: String { directory + "/results-" + String(key, radix: 16) + ".bin" }

    /// The cache in `directory`, read now. `open` is the way in for a run: it refuses a folder that
    /// is not the user's.
    init(directory: String, key: UInt64) {
        self.directory = directory
        self.key = key
        load()
    }

    /// The cache in `directory`, or nil with the reason when that folder cannot be trusted: it is a
    /// symbolic link or holds one (its entries would be read from, or written to, wherever the link
    /// points), or git tracks files in it (a commit could carry entries that say its files have no
    /// findings). `create` is how the folder may be made when it does not exist: only the cache
    /// folder itself in an existing folder (the default, at the project root), or with the folders
    /// above it (a `--cache-dir` the user named).
    static func open(directory: String, key: UInt64) -> (cache: ResultCache?, refusal: String?) {
        if let refusal = CacheFolder.refusal(directory) { return (nil, refusal) }
        return (ResultCache(directory: directory, key: key), nil)
    }

    /// The key of a cache: this build of catalint and the settings that change what lowering makes.
    static func key(settings: [UInt8]) -> UInt64 {
        var hasher = StableHash()
        hasher.add(Array(CatalintVersion.current.utf8))
        // The running executable, so a rebuilt catalint never trusts what another build cached.
        if let (executable, stamp) = executableIdentity {
            hasher.add(Array(executable.utf8))
            hasher.add(stamp.size)
            hasher.add(Int(stamp.modified))
        }
        hasher.add(settings)
        return hasher.value
    }

    /// The running executable's path and stamp, which every key holds; nil when it cannot be told.
    static let executableIdentity: (String, Stamp)? = Bundle.main.executablePath.flatMap { path in stamp(of: path).map { (path, $0) } }

    // MARK: Lookups

    // Entries are found by the file's absolute path, so a run that names a file one way (`lint .`
    // gives `Sources/A.swift`, an index of the project `/repo/Sources/A.swift`) finds what a run
    // that named it another way stored; the results come back under the spelling asked for.

    /// The cached results of a file whose size and modification time are unchanged.
    func output(for path: String, stamp: Stamp) -> FileOutput? {
        let key = Configuration.absolute(path)
        return lock.withLock {
            guard let entry = entries[key], entry.stamp == stamp, let output = decode(key, as: path) else { return nil }
            hits += 1
            return output
        }
    }

    /// The cached results of a file whose content is unchanged, its stamp renewed.
    func output(for path: String, contentHash: UInt64, stamp: Stamp?) -> FileOutput? {
        let key = Configuration.absolute(path)
        return lock.withLock {
            guard let entry = entries[key], entry.contentHash == contentHash, let output = decode(key, as: path) else {
                misses += 1
                return nil
            }
            var renewed = entries[key]!
            if let stamp { renewed.stamp = stamp }
            fresh[key] = renewed
            hits += 1
            return output
        }
    }

    /// The entry's results with the file's path spelled `path` (the first string of the payload).
    /// The lock is held.
    private func decode(_ key: String, as path: String) -> FileOutput? {
        guard var entry = entries[key] else { return nil }
        if let decoded = entry.decoded, decoded.path == path { return decoded }
        if let stored = entry.storedChecksum {
            guard stored == Self.checksum(path: key, entry) else {
                entries[key] = nil  // damaged: counts as missing, and is made again
                return nil
            }
            entry.storedChecksum = nil
        }
        guard let stored = BinaryCoder.firstString(of: entry.payload), Configuration.absolute(stored) == key else {
            entries[key] = nil  // corrupt, or not this file's: never trusted
            return nil
        }
        guard let output = try? BinaryCoder.decode(FileOutput.self, from: entry.payload, replacing: stored, with: path), output.path == path else {
            entries[key] = nil
            return nil
        }
        entry.decoded = output
        entries[key] = entry
        return output
    }

    /// Records what a file gave, to be saved.
    func store(_ output: FileOutput, path: String, contentHash: UInt64, stamp: Stamp?) {
        let entry = Entry(stamp: stamp ?? Stamp(size: -1, modified: -1), contentHash: contentHash, payload: ArraySlice(BinaryCoder.encode(output, leading: output.path)),
                          storedChecksum: nil, decoded: nil)
        let key = Configuration.absolute(path)
        lock.withLock { fresh[key] = entry }
    }

    // MARK: The file

    /// The checksum of an entry: its path, stamp, content hash and results.
    private static func checksum(path: String, _ entry: Entry) -> UInt64 {
        var hasher = StableHash()
        hasher.add(Array(path.utf8))
        hasher.add(entry.stamp.size)
        hasher.add(Int(entry.stamp.modified))
        hasher.add(Int(bitPattern: UInt(entry.contentHash)))
        hasher.add(entry.payload)
        return hasher.value
    }

    private func load() {
        guard let data = CacheFolder.read(file), data.count > Self.magic.count,
              Array(data.prefix(Self.magic.count)) == Self.magic,
              let reader = try? BinaryReader(data.dropFirst(Self.magic.count)) else { return }
        do {
            guard try reader.readInt() == Self.formatVersion, try reader.readUInt64() == key else { return }
            var loaded: [String: Entry] = [:]
            for _ in 0..<(try reader.readCount()) {
                let path = try reader.readString()
                let stamp = try reader.readStamp()
                let hash = try reader.readUInt64()
                let payload = try reader.readBytes()
                let checksum = try reader.readUInt64()
                loaded[path] = Entry(stamp: stamp, contentHash: hash, payload: payload, storedChecksum: checksum, decoded: nil)
            }
            guard reader.isAtEnd else { return }
            entries = loaded
        } catch {
            entries = [:]  // truncated or corrupt: start afresh
        }
    }

    /// Writes the entries of this run, and keeps those of files this run did not look at (when only
    /// some files were linted), atomically: a temporary file renamed over the old one.
    func save() {
        let all: [String: Entry]? = lock.withLock {
            guard !fresh.isEmpty else { return nil }
            var all = entries
            for (path, entry) in fresh {
                var entry = entry
                entry.storedChecksum = nil
                all[path] = entry
            }
            return all
        }
        guard let all else { return }
        let writer = BinaryWriter()
        writer.write(Self.formatVersion)
        writer.write(key)
        writer.write(all.count)
        for (path, entry) in all.sorted(by: { $0.key < $1.key }) {
            writer.write(path)
            writer.write(entry.stamp)
            writer.write(entry.contentHash)
            writer.writeBytes(entry.payload)
            writer.write(entry.storedChecksum ?? Self.checksum(path: path, entry))
        }
        CacheFolder.write(Self.magic + writer.finished(), to: file, in: directory)
    }

    // MARK: Files

    /// A file's size and modification time, without reading it.
    static func stamp(of path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        return Stamp(size: Int(info.st_size), modified: modified)
    }

    /// `20` for 20.0, `2.5` for 2.5.
    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
    }

    static func hash(_ text: String) -> UInt64 {
        var hasher = StableHash()
        var text = text
        text.withUTF8 { hasher.add(raw: UnsafeRawBufferPointer($0)) }
        return hasher.value
    }
}

/// A 64-bit hash that is stable across runs and machines (unlike `Hasher`), over 8-byte
/// little-endian words and then the bytes left: each step xors the word in, multiplies by FNV-1a's
/// prime and xors the high half into the low one (a multiplication alone would keep a difference in
/// the high bits there, where two could cancel). Each step is a bijection of the state, so texts
/// that differ in one word (a flipped bit, say) never hash alike. A word at a time costs an eighth
/// of a byte at a time: the run snapshot (megabytes) is checked with it on every load and save, and
/// every file's text is hashed.
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { add(raw: $0) }
    }

    mutating func add(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { add(raw: $0) }
    }

    mutating func add(_ number: Int) {
        value = Self.step(value, UInt64(bitPattern: Int64(number)))
    }

    @inline(__always)
    private static func step(_ value: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (value ^ word) &* prime
        return mixed ^ (mixed >> 32)
    }

    mutating func add(raw bytes: UnsafeRawBufferPointer) {
        var value = self.value
        let words = bytes.count / 8
        for word in 0..<words {
            value = Self.step(value, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self)))
        }
        for byte in bytes[(words * 8)...] {
            value = Self.step(value, UInt64(byte))
        }
        self.value = value
    }
}

extension BinaryWriter {
    /// A run of bytes, with its length.
    func writeBytes(_ bytes: ArraySlice<UInt8>) {
        write(bytes.count)
        appendRaw(bytes)
    }
}

extension BinaryReader {
    func readBytes() throws -> ArraySlice<UInt8> {
        let count = try readCount()
        return try readRaw(count)
    }
}
