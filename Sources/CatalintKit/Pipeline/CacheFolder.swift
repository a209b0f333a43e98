import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder the cache lives in, handled so that it stays the user's: catalint never follows a
/// symbolic link at or inside it, never reads a folder whose files git tracks, and never creates a
/// folder above it.
enum CacheFolder {
    /// Why the folder at `path` cannot hold the cache, or nil when it can (also when it does not
    /// exist yet: it is made when the cache is first written).
    static func refusal(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFLNK {
            return "the cache folder \(path) is a symbolic link; catalint does not follow it (remove the link, or name another folder with --cache-dir)"
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return "\(path) is not a folder, so it cannot hold the cache (remove it, or name another folder with --cache-dir)"
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names.sorted() {
            let entry = path + "/" + name
            if lstat(entry, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                return "the cache folder holds a symbolic link, \(entry); catalint does not follow it (remove the link)"
            }
        }
        guard !names.isEmpty else { return nil }
        if let tracked = Git.run(["ls-files", "-z", "--", "."], in: path), !tracked.isEmpty {
            let count = tracked.split(separator: "\0").count
            return "git tracks \(count) file\(count == 1 ? "" : "s") in the cache folder \(path); a cache that comes with the repository "
                + "is not trusted (remove \(count == 1 ? "it" : "them") from git with `git rm -r --cached`, or name another folder with --cache-dir)"
        }
        return nil
    }

    /// The bytes of a regular file, read without following a symbolic link; nil otherwise.
    static func read(_ file: String) -> Data? {
        let descriptor = open(file, O_RDONLY | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        return try? handle.readToEnd() ?? Data()
    }

    /// Writes `bytes` to `file` in `folder`: to a new temporary file, renamed over the old one (a
    /// rename replaces a link rather than following it). The folder is made when missing, but not
    /// the folders above it; a `.gitignore` that ignores everything goes in with it. A cache that
    /// cannot be written costs speed, never correctness, so failures are silent.
    static func write(_ bytes: [UInt8], to file: String, in folder: String) {
        if mkdir(folder, 0o755) == 0 {
            writeNew(Array("# Written by catalint: its cache, never committed.\n*\n".utf8), to: folder + "/.gitignore")
        }
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
        let temporary = folder + "/.results-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard writeNew(bytes, to: temporary) else { return }
        if rename(temporary, file) != 0 { unlink(temporary) }
    }

    /// Writes a file that must not exist yet (never through a link); false when it could not.
    @discardableResult
    private static func writeNew(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { return false }
        let complete = writeAll(bytes, to: descriptor)
        close(descriptor)
        if !complete { unlink(path) }
        return complete
    }
}
