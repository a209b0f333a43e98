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
        guard !names.isEmpty, mayBeTracked(path) else { return nil }
        // git's answer stands while its index is the same file, unchanged.
        let index = indexStamp(of: path)
        let memo = path + "/" + untrackedMemo
        if let index, let known = read(memo), known.elementsEqual(index.utf8) { return nil }
        if let tracked = Git.run(["ls-files", "-z", "--", "."], in: path), !tracked.isEmpty {
            let count = tracked.split(separator: "\0").count
            return "git tracks \(count) file\(count == 1 ? "" : "s") in the cache folder \(path); a cache that comes with the repository "
                + "is not trusted (remove \(count == 1 ? "it" : "them") from git with `git rm -r --cached`, or name another folder with --cache-dir)"
        }
        if let index { write(Array(index.utf8), to: memo, in: path) }
        return nil
    }

    /// The file in the cache folder that says git tracked none of its files when its index was the
    /// one `indexStamp` describes.
    static let untrackedMemo = "untracked-by-git"

    /// The git index of the working tree that holds `folder`, as git finds it without settings in
    /// the environment (`.git/index`; `PATH/index` when `.git` is a file `gitdir: PATH`, in a linked
    /// worktree or a submodule), and its state: device, inode, size, modification and change times.
    /// git writes a new index file at each change (a new inode), and a change time cannot be set,
    /// so a cache that comes with a repository cannot bring a memo that matches the clone's index.
    /// Nil when the environment points git elsewhere or there is no index.
    static func indexStamp(of folder: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard !redirectsGit(environment), let root = Git.workTreeRoot(of: folder) else { return nil }
        var gitDirectory = root + "/.git"
        var info = stat()
        guard lstat(gitDirectory, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFREG {
            guard let data = read(gitDirectory), data.count < 4096, let text = String(data: data, encoding: .utf8), text.hasPrefix("gitdir: ") else { return nil }
            let path = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !path.isEmpty else { return nil }
            gitDirectory = path.hasPrefix("/") ? path : root + "/" + path
        } else if info.st_mode & S_IFMT != S_IFDIR {
            return nil
        }
        let index = gitDirectory + "/index"
        guard stat(index, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        let times = [info.st_mtimespec, info.st_ctimespec]
        #else
        let times = [info.st_mtim, info.st_ctim]
        #endif
        let parts = [String(info.st_dev), String(info.st_ino), String(info.st_size)] + times.map { "\($0.tv_sec).\($0.tv_nsec)" }
        return "git index \(index) " + parts.joined(separator: " ") + "\n"
    }

    /// False when git cannot track the files of `folder`: it is in no working tree (no `.git` at or
    /// above it) and no environment variable points git elsewhere. Asking git starts a process, a
    /// tenth of a run that finds most files in the cache.
    static func mayBeTracked(_ folder: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        redirectsGit(environment) || Git.workTreeRoot(of: folder) != nil
    }

    /// The environment variables that point git at a repository, a work tree or an index other than
    /// those it finds from the folder it runs in.
    static let gitLocationVariables = ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR"]

    private static func redirectsGit(_ environment: [String: String]) -> Bool {
        gitLocationVariables.contains { environment[$0] != nil }
    }

    /// The bytes of a regular file of at most `limit` bytes, read without following a symbolic link;
    /// nil otherwise.
    static func read(_ file: String, limit: Int = .max) -> Data? {
        let descriptor = open(file, O_RDONLY | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        return try? handle.readToEnd() ?? Data()
    }

    /// Writes a file that is used whole or not at all: `magic` (what it is, and its form's version),
    /// `body`, then a checksum of `body` (`StableHash`, 8 bytes little-endian). `readChecked` gives
    /// the body back only when all three are there and agree.
    static func writeChecked(_ body: [UInt8], magic: [UInt8], to file: String, in folder: String) {
        var hasher = StableHash()
        hasher.add(body[...])
        var checksum = hasher.value.littleEndian
        let tail = withUnsafeBytes(of: &checksum) { Array($0) }
        write(magic + body + tail, to: file, in: folder)
    }

    /// The body of a file `writeChecked` wrote with `magic`; nil when the file is missing, is not
    /// one, is larger than `limit`, or its checksum fails (a damaged file is never used).
    static func readChecked(_ file: String, magic: [UInt8], limit: Int = .max) -> ArraySlice<UInt8>? {
        guard let data = read(file, limit: limit), data.count > magic.count + 8, Array(data.prefix(magic.count)) == magic else { return nil }
        let bytes = Array(data.dropFirst(magic.count))
        let body = bytes.dropLast(8)
        let stored = bytes.suffix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var hasher = StableHash()
        hasher.add(body)
        return hasher.value == stored ? body : nil
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
