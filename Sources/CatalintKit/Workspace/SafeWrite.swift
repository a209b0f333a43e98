import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way catalint writes a file the user named (`--output`, `--write-baseline`, `init`), so
/// that a write can never hurt:
///
/// - `check` runs before linting: a folder, a file that is being linted, the configuration in use,
///   or a target whose folder is missing or not writable is refused with a clear message, and
///   nothing is written.
/// - A target that is not a regular file (a FIFO, a character device such as `/dev/stdout`) is
///   opened and written, never renamed over. A FIFO that no one reads is an error, not a hang.
/// - A regular file (or one that does not exist yet) gets the new text atomically: it is written to
///   a temporary file beside it, `.<name>.catalint-tmp-<pid>-<random>`, which is renamed over it.
///   A symbolic link is followed and its target replaced: the link stays a link.
/// - A file that existed keeps its permissions, and its owner and group where the process may set them.
/// - Temporary files are removed on error, on exit, and on SIGINT and SIGTERM (the signal is then
///   raised again, so the process ends as the signal says).
public enum SafeWrite {
    /// Why a target is refused or could not be written: exit status 2.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var message: String
        public var description: String { message }

        public init(message: String) {
            self.message = message
        }
    }

    /// A file that must not be written over, and what it is (for the message).
    public struct Protected: Sendable {
        public var path: String
        public var role: String

        public init(path: String, role: String) {
            self.path = path
            self.role = role
        }
    }

    // MARK: Before linting

    /// Refuses a target that cannot or must not be written, before anything is linted. `option`
    /// names it in messages (`--output`). `protected` are the files that must never be written over
    /// (the configuration, the baseline read, the files named on the command line); `inputs` lists
    /// the files the run lints, and is asked only when the target could be one of them (its name is
    /// one catalint lints, or it has more than one hard link).
    public static func check(_ path: String, option: String, protected: [Protected], lintable: (String) -> Bool,
                             inputs: () throws -> [String]) throws {
        func refuse(_ reason: String) -> Failure { Failure(message: "\(option) \(path): \(reason); nothing was written.") }
        guard !path.isEmpty else { throw Failure(message: "\(option) needs a file name.") }
        if path.hasSuffix("/") { throw refuse("names a folder, not a file") }
        let resolved = resolve(path)
        var info = stat()
        let exists = stat(resolved, &info) == 0
        if exists {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw refuse("is a folder; name a file in it") }
            if type != S_IFREG {
                // Written in place (a FIFO, a device): it must be writable, its folder need not be.
                if access(resolved, W_OK) != 0 { throw refuse("cannot be written (\(FileText.describe(errno)))") }
                return
            }
        }
        let identity = exists ? FileIdentity(info) : nil
        for file in protected where same(file.path, resolved, identity) {
            throw refuse("is \(file.role); catalint never writes over it")
        }
        if let identity, lintable(path) || lintable(resolved) || info.st_nlink > 1 {
            for input in try inputs() where same(input, resolved, identity) {
                throw refuse("is a file being linted (\(input)); catalint never writes over its input")
            }
        }
        let folder = (resolved as NSString).deletingLastPathComponent.isEmpty ? "." : (resolved as NSString).deletingLastPathComponent
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
            throw refuse("its folder \(folder) does not exist")
        }
        if access(folder, W_OK) != 0 {
            throw refuse("its folder \(folder) is not writable (\(FileText.describe(errno)))")
        }
        if exists, access(resolved, W_OK) != 0 {
            throw refuse("the file is read-only (\(FileText.describe(errno)))")
        }
    }

    /// A file's identity on disk.
    private struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
        }
    }

    /// True when `path` is the file `resolved` (by identity when both exist, else by absolute path).
    private static func same(_ path: String, _ resolved: String, _ identity: FileIdentity?) -> Bool {
        var info = stat()
        if let identity, stat(path, &info) == 0 { return FileIdentity(info) == identity }
        return Configuration.absolute(resolve(path)) == Configuration.absolute(resolved)
    }

    /// The path with symbolic links followed: the file a write lands in. A link that leads nowhere
    /// is followed too, to where it points.
    static func resolve(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
        }
        return current
    }

    // MARK: Writing

    /// Writes `data` to `path` as the type above says.
    public static func write(_ data: Data, to path: String) throws {
        let target = resolve(path)
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists && info.st_mode & S_IFMT == S_IFDIR {
            throw Failure(message: "\(path) is a folder; nothing was written.")
        }
        if exists && info.st_mode & S_IFMT != S_IFREG {
            try writeInPlace(data, to: target, shown: path)
            return
        }
        Cleanup.installHandlers()
        let folder = (target as NSString).deletingLastPathComponent.isEmpty ? "." : (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(".\(name).catalint-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        Cleanup.register(temporary)
        defer { Cleanup.forget(temporary) }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw Failure(message: "cannot write \(path): cannot create a file in \(folder) (\(FileText.describe(errno))); nothing was written.")
        }
        var failure: String?
        if !writeAll(data, to: descriptor) {
            failure = FileText.describe(errno)
        } else if exists {
            // Keep the replaced file's permissions, and its owner and group where allowed.
            _ = fchmod(descriptor, info.st_mode & 0o7777)
            if info.st_uid != getuid() || info.st_gid != getgid() {
                if fchown(descriptor, info.st_uid, info.st_gid) != 0 { _ = fchown(descriptor, UInt32.max, info.st_gid) }
            }
        }
        if failure == nil, fsync(descriptor) != 0, errno != EINVAL { failure = FileText.describe(errno) }
        if close(descriptor) != 0, failure == nil { failure = FileText.describe(errno) }
        if failure == nil, rename(temporary, target) != 0 { failure = FileText.describe(errno) }
        if let failure {
            unlink(temporary)
            // The write failed because a signal's handler took its temporary file away: the process
            // is ending with that signal, and must not exit with an error of its own first.
            Cleanup.waitIfTerminating()
            throw Failure(message: "cannot write \(path): \(failure); it was left as it was.")
        }
    }

    /// Writes to a FIFO or a device: opened without blocking (so a FIFO no one reads is an error,
    /// not a hang), then written with blocking writes.
    private static func writeInPlace(_ data: Data, to target: String, shown path: String) throws {
        let descriptor = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == ENXIO ? "it is a FIFO that no process is reading" : FileText.describe(errno)
            throw Failure(message: "cannot write \(path): \(reason).")
        }
        defer { close(descriptor) }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        guard writeAll(data, to: descriptor) else {
            throw Failure(message: "cannot write \(path): \(FileText.describe(errno)).")
        }
    }

    /// The temporary files of writes under way, removed on exit and on SIGINT and SIGTERM.
    enum Cleanup {
        private struct State {
            var paths: Set<String> = []
            /// The signal sources, kept for as long as the process runs.
            var sources: [DispatchSourceSignal] = []
            var installed = false
            var terminating = false
        }

        private static let state = Locked(State())

        /// Waits for the end of the process when a signal's handler is ending it.
        static func waitIfTerminating() {
            let ending = state.withLock { $0.terminating }
            while ending { pause() }
        }

        static func register(_ path: String) {
            state.withLock { _ = $0.paths.insert(path) }
        }

        static func forget(_ path: String) {
            state.withLock { _ = $0.paths.remove(path) }
        }

        /// Removes every temporary file registered.
        static func removeAll() {
            let pending = state.withLock { current in
                defer { current.paths = [] }
                return current.paths
            }
            for path in pending { unlink(path) }
        }

        /// Once per process: SIGINT and SIGTERM remove the temporary files, then end the process
        /// with the same signal; so does `exit`.
        static func installHandlers() {
            state.withLock { current in
                guard !current.installed else { return }
                current.installed = true
                atexit { SafeWrite.Cleanup.removeAll() }
                for signalNumber in [SIGINT, SIGTERM] {
                    signal(signalNumber, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                    source.setEventHandler {
                        state.withLock { $0.terminating = true }
                        removeAll()
                        // Raised again with its default action; Dispatch keeps the signal blocked on its
                        // threads, so it is unblocked here first. Should the process outlive it, it ends
                        // with the status a shell gives a process the signal ended.
                        signal(signalNumber, SIG_DFL)
                        var set = sigset_t()
                        sigemptyset(&set)
                        sigaddset(&set, signalNumber)
                        pthread_sigmask(SIG_UNBLOCK, &set, nil)
                        raise(signalNumber)
                        _exit(128 + signalNumber)
                    }
                    source.resume()
                    current.sources.append(source)
                }
            }
        }
    }
}

/// Writes all of `bytes` to `descriptor`, however many writes it takes, in chunks of a megabyte so
/// that a signal is handled between them; false when a write fails (`errno` says why). Every write
/// of the kit and the server to a file, a pipe or a descriptor goes through here.
package func writeAll(_ bytes: some ContiguousBytes, to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer -> Bool in
        var offset = 0
        while offset < buffer.count {
            let count = Swift.min(buffer.count - offset, 1 << 20)
            let written = Glibcish.write(descriptor, buffer.baseAddress! + offset, count)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}

/// `write(2)`, named apart from `SafeWrite.write`.
private enum Glibcish {
    static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(descriptor, buffer, count)
        #else
        return Darwin.write(descriptor, buffer, count)
        #endif
    }
}
