import CClang
import Foundation

/// libclang, found and loaded at run time: the Objective-C front end's parser.
///
/// It ships with every Swift toolchain (`usr/lib/libclang.so` beside `swift` on Linux,
/// `libclang.dylib` in Xcode's and the Command Line Tools' toolchains on macOS), so catalint looks
/// for it where a toolchain keeps it instead of linking it: a catalint binary runs on a machine with
/// no toolchain, and lints everything but Objective-C there. The places tried, in order:
/// `CATALINT_LIBCLANG` (a library, or a folder holding one; when set, the only place), the
/// configuration's `objective_c: libclang:`,
/// the toolchain of each `clang` and `swift` on the `PATH`, and on macOS the toolchain `xcrun`
/// names and the Command Line Tools'.
public final class LibClang: @unchecked Sendable {
    /// The functions catalint calls.
    let api: CLApi
    /// The library's file.
    public let path: String
    /// What the library says of itself: `clang version 21.0.0 (...)`.
    public let version: String

    private init(api: CLApi, path: String) {
        self.api = api
        self.path = path
        let string = api.getClangVersion()
        self.version = api.getCString(string).map { String(cString: $0) } ?? "unknown"
        api.disposeString(string)
        // Keep its crash recovery on: a crash while parsing one file is that file's failure.
        api.toggleCrashRecovery(1)
    }

    /// The library's file name on this system.
    static var libraryName: String {
        #if os(macOS)
        "libclang.dylib"
        #else
        "libclang.so"
        #endif
    }

    /// What finding libclang came to: the library, or the places tried.
    public enum Lookup: Sendable {
        case loaded(LibClang)
        case notFound(tried: [String], failures: [String])

        public var library: LibClang? {
            if case .loaded(let library) = self { return library }
            return nil
        }
    }

    private static let cache = Locked<[String: Lookup]>([:])

    /// libclang for the tools that parse outside a run (`--add-suppressions`, the debug dump): found
    /// once per process for each configured path. A run goes through `LazyLibClang`.
    public static func find(configured: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) -> Lookup {
        let key = (environment["CATALINT_LIBCLANG"] ?? "") + "\u{0}" + (configured ?? "")
        if let known = cache.withLock({ $0[key] }) { return known }
        let found = loadOnce(candidates: candidates(configured: configured, environment: environment))
        cache.withLock { $0[key] = found }
        return found
    }

    /// Loads the first candidate that is a usable libclang.
    static func load(candidates: [String]) -> Lookup {
        var failures: [String] = []
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate) {
            var api = CLApi()
            var error = [CChar](repeating: 0, count: 512)
            if cl_load(candidate, &api, &error, error.count) == 0 {
                return .loaded(LibClang(api: api, path: candidate))
            }
            let message = error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            failures.append("\(candidate): \(String(decoding: message, as: UTF8.self))")
        }
        return .notFound(tried: candidates, failures: failures)
    }

    /// Libraries loaded, by the places tried in order: each loaded once a process.
    private static let loaded = Locked<[[String]: Lookup]>([:])

    /// The first of `candidates` that loads, loading each place at most once a process.
    static func loadOnce(candidates: [String]) -> Lookup {
        if let known = loaded.withLock({ $0[candidates] }) { return known }
        let found = load(candidates: candidates)
        loaded.withLock { $0[candidates] = found }
        return found
    }

    /// The places to look for the library, in order, without duplicates.
    static func candidates(configured: String?, environment: [String: String]) -> [String] {
        var places: [String] = []
        func add(_ path: String) {
            let standard = (path as NSString).standardizingPath
            if !places.contains(standard) { places.append(standard) }
        }
        func addLibrary(orFolder path: String) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                add((path as NSString).appendingPathComponent(libraryName))
            } else {
                add(path)
            }
        }
        // The library the user names is the one: another found elsewhere could be a surprise.
        if let explicit = environment["CATALINT_LIBCLANG"], !explicit.isEmpty {
            addLibrary(orFolder: explicit)
            return places
        }
        if let configured, !configured.isEmpty { addLibrary(orFolder: configured) }
        // The toolchain of each clang and swift on the PATH: bin/../lib.
        for folder in (environment["PATH"] ?? "").split(separator: ":").map(String.init) where !folder.isEmpty {
            for tool in ["clang", "swift", "swiftc"] {
                let executable = (folder as NSString).appendingPathComponent(tool)
                guard FileManager.default.isExecutableFile(atPath: executable) else { continue }
                let real = (executable as NSString).resolvingSymlinksInPath
                let lib = (((real as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent as NSString).appendingPathComponent("lib")
                add((lib as NSString).appendingPathComponent(libraryName))
            }
        }
        #if os(macOS)
        if let clang = xcrunFind("clang") {
            let lib = (((clang as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent as NSString).appendingPathComponent("lib")
            add((lib as NSString).appendingPathComponent(libraryName))
        }
        add("/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/libclang.dylib")
        add("/Library/Developer/CommandLineTools/usr/lib/libclang.dylib")
        #else
        // Distributions' packages of LLVM.
        let llvm = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib"))?.filter { $0.hasPrefix("llvm-") }.sorted { $0.compare($1, options: .numeric) == .orderedDescending } ?? []
        for folder in llvm { add("/usr/lib/\(folder)/lib/libclang.so") }
        add("/usr/lib/libclang.so")
        #endif
        return places
    }

    #if os(macOS)
    private static func xcrunFind(_ tool: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
        process.arguments = ["--find", tool]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? nil : path
    }
    #endif
}

/// libclang as a run has it: the places to look, and the library, loaded from the first place
/// that loads the first time a file is parsed. A run whose Objective-C files all come from the
/// cache never loads it (loading takes about a tenth of a second and 30 MB).
public final class LazyLibClang: @unchecked Sendable {
    /// The places to look, in order.
    let candidates: [String]
    /// The first place that has a file: the library the run expects to load; nil when none has.
    let expected: String?
    /// What tells that file from another without loading it, for the cache's key: its path, size
    /// and modification time.
    let identity: String
    private let lock = NSLock()
    private var lookup: LibClang.Lookup?

    init(candidates: [String]) {
        self.candidates = candidates
        expected = candidates.first { FileManager.default.fileExists(atPath: $0) }
        identity = expected.map(Self.identity(of:)) ?? "no libclang"
    }

    private static func identity(of path: String) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path) \(size) \(modified)"
    }

    /// The library, loaded the first time it is asked for; nil when no place has one that loads.
    var library: LibClang? {
        lock.lock()
        defer { lock.unlock() }
        if lookup == nil { lookup = expected == nil ? .notFound(tried: candidates, failures: []) : LibClang.loadOnce(candidates: candidates) }
        return lookup?.library
    }

    /// The library when it has been loaded (nothing is loaded to answer).
    var loadedLibrary: LibClang? {
        lock.lock()
        defer { lock.unlock() }
        return lookup?.library
    }

    /// True when the run has no libclang: no place has a file, or loading was tried and failed.
    var isMissing: Bool {
        guard expected != nil else { return true }
        lock.lock()
        defer { lock.unlock() }
        if case .notFound? = lookup { return true }
        return false
    }
}
