import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the files to lint under the paths the user named.
///
/// Folders are read with `opendir`/`readdir`, so that a name that is not UTF-8 is still found (and
/// shown escaped, see `RawPaths`). Links to folders are followed, except to a folder already walked
/// in this run (a link to a folder it is in would loop: it is reported and not followed). A folder
/// that cannot be read, and such a loop, are noted in the configuration's `DiscoveryRecord`, which
/// the command line reports; a link that leads nowhere or loops, named `*.swift` and the like, is
/// kept so that reading it reports it as an unreadable file.
public enum FileDiscovery {
    /// Folders never walked into: version control, build output and dependency managers' checkouts.
    public static let skippedFolders: Set<String> = [".git", ".build", "DerivedData", "Pods", "Carthage"]

    /// Every lintable file under `paths`, sorted and without duplicates. Files named directly are
    /// taken whatever folder they are in (unless the configuration excludes them); files found in
    /// folders must also be `included`. A path that does not exist throws.
    public static func files(in paths: [String], configuration: Configuration = Configuration()) throws -> [String] {
        try files(in: paths, configuration: configuration, checkouts: nil)
    }

    /// The same, noting in `checkouts` the dependency checkouts the walk passes by
    /// (`DependencyCheckouts`), which are read for the project index.
    static func files(in paths: [String], configuration: Configuration, checkouts: CheckoutsMet?) throws -> [String] {
        var found: [String] = []
        let manager = FileManager.default
        var visited = Set<FolderID>()
        for path in paths {
            var isDirectory: ObjCBool = false
            if !manager.fileExists(atPath: path, isDirectory: &isDirectory) {
                // A link that leads nowhere or loops is a file that cannot be read, not a missing path.
                var info = stat()
                guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { throw LintError.pathNotFound(path) }
            }
            if isDirectory.boolValue {
                configuration.record?.walked(Configuration.absolute(path))
                var ancestors: [FolderID] = []
                walk(path, raw: Array(path.utf8), named: true, configuration: configuration, checkouts: checkouts, visited: &visited,
                     ancestors: &ancestors, into: &found)
            } else if configuration.inputKind(path) != nil {
                if !configuration.isExcluded(path) { found.append(path) }
            } else {
                throw LintError.notLintable(path)
            }
        }
        return Array(Set(found)).sorted()
    }

    /// A folder's identity on disk, to see a folder reached twice through links.
    private struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private static func folderID(_ raw: [UInt8]) -> FolderID? {
        var info = stat()
        let ok = (raw + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) == 0 }
        }
        return ok ? FolderID(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino)) : nil
    }

    private static func walk(_ directory: String, raw: [UInt8], named: Bool, configuration: Configuration, checkouts: CheckoutsMet?,
                             visited: inout Set<FolderID>, ancestors: inout [FolderID], into found: inout [String]) {
        if let id = folderID(raw) {
            guard visited.insert(id).inserted else {
                if ancestors.contains(id) {
                    configuration.record?.problem(directory, "a symbolic link to a folder it is in (following it would loop); not followed", named: named)
                }
                return
            }
            ancestors.append(id)
        }
        defer { if !ancestors.isEmpty { ancestors.removeLast() } }
        let entries: [(name: String, raw: [UInt8], type: Int32)]
        switch names(in: raw) {
        case .success(let list): entries = list
        case .failure(let reason):
            configuration.record?.problem(directory, "cannot read the folder (\(reason.reason)); its files were not linted", named: named)
            return
        }
        for (displayName, name, entryType) in entries {
            let rawPath = directory == "." ? name : (raw.last == UInt8(ascii: "/") ? raw + name : raw + [UInt8(ascii: "/")] + name)
            let path = join(directory, displayName)
            RawPaths.remember(path, bytes: rawPath)
            // Xcode's package checkouts (`-clonedSourcePackagesDirPath SourcePackages`) are dependencies too.
            let isCheckouts = displayName == "SourcePackages" && DependencyCheckouts.checkouts(in: path) != nil
            if displayName.hasPrefix(".") || skippedFolders.contains(displayName) || isCheckouts {
                if let checkouts, let folder = DependencyCheckouts.checkouts(in: path) { checkouts.met(folder) }
                _ = configuration.isExcluded(path)  // noted, for the patterns that match nothing
                continue
            }
            if configuration.isExcluded(path) { continue }
            // What the entry is: from `readdir` where it tells a folder or a plain file (no system
            // call), else from `lstat` (a link, or a file system that does not say).
            var known = true
            let type: mode_t
            if entryType == Int32(DT_DIR) {
                type = S_IFDIR
            } else if entryType == Int32(DT_REG) {
                type = S_IFREG
            } else {
                var info = stat()
                known = (rawPath + [0]).withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &info) == 0 }
                }
                type = info.st_mode & S_IFMT
            }
            if known && type == S_IFDIR {
                walk(path, raw: rawPath, named: false, configuration: configuration, checkouts: checkouts, visited: &visited, ancestors: &ancestors,
                     into: &found)
            } else if known && type == S_IFLNK, isFolder(rawPath) {
                // A link to the folder it is in, or to one that holds it, would loop.
                if let target = realPath(rawPath), let here = realPath(raw),
                   here == target || here.starts(with: target + [UInt8(ascii: "/")]) || target == [UInt8(ascii: "/")] {
                    configuration.record?.problem(path, "a symbolic link to a folder it is in (following it would loop); not followed", named: false)
                    continue
                }
                walk(path, raw: rawPath, named: false, configuration: configuration, checkouts: checkouts, visited: &visited, ancestors: &ancestors,
                     into: &found)
            } else if configuration.inputKind(path) != nil, configuration.isIncluded(path) {
                // A link to a file is linted; a link that leads nowhere or loops is kept too, so that
                // it is reported as unreadable, not passed over.
                found.append(path)
            }
        }
    }

    /// The path with every link followed, as bytes.
    private static func realPath(_ raw: [UInt8]) -> [UInt8]? {
        let resolved = (raw + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { realpath($0.baseAddress!, nil) }
        }
        guard let resolved else { return nil }
        defer { free(resolved) }
        return Array(UnsafeBufferPointer(start: resolved, count: strlen(resolved))).map { UInt8(bitPattern: $0) }
    }

    private static func isFolder(_ raw: [UInt8]) -> Bool {
        var info = stat()
        let ok = (raw + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) == 0 }
        }
        return ok && info.st_mode & S_IFMT == S_IFDIR
    }

    /// What an entry of a folder is, as `entries(of:)` tells it.
    enum EntryKind {
        case folder
        /// A file, or a link to one.
        case file
        /// A link to a folder: not followed by the quick searches (it could loop).
        case linkToFolder
    }

    /// The entries of `folder` (but `.` and `..`), in the order the file system gives them, with
    /// what each is, told by `readdir`'s entry type without a `stat` where the file system gives
    /// one; at most `budget` of them (the budget is spent as they are read); nil when the folder
    /// cannot be read. For the quick searches of a run (whether a target has Objective-C files,
    /// which folders hold headers); the walk for the files to lint is `walk`.
    static func entries(of folder: String, budget: inout Int) -> [(name: String, kind: EntryKind)]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var entries: [(name: String, kind: EntryKind)] = []
        while budget > 0, let entry = readdir(directory) {
            budget -= 1
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            let type = Int32(entry.pointee.d_type)
            if type == Int32(DT_DIR) {
                entries.append((name, .folder))
            } else if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) {
                var isFolder: ObjCBool = false
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
                entries.append((name, !isFolder.boolValue ? .file : type == Int32(DT_LNK) ? .linkToFolder : .folder))
            } else {
                entries.append((name, .file))
            }
        }
        return entries
    }

    /// The names in a folder, as shown (see `RawPaths`) and as bytes, sorted; or why it cannot be read.
    /// The entries of a folder, sorted by name, each with its `readdir` type (`DT_DIR`, `DT_REG`;
    /// `DT_UNKNOWN` where the file system does not tell).
    private static func names(in raw: [UInt8]) -> Result<[(name: String, raw: [UInt8], type: Int32)], ReadFailure> {
        let folder = (raw + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { opendir($0.baseAddress!) }
        }
        guard let folder else { return .failure(ReadFailure(reason: FileText.describe(errno))) }
        defer { closedir(folder) }
        var names: [(name: String, raw: [UInt8], type: Int32)] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else {
                if errno != 0 { return .failure(ReadFailure(reason: FileText.describe(errno))) }
                break
            }
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { bytes in
                    Array(UnsafeBufferPointer(start: bytes, count: strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self))))
                }
            }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append((RawPaths.display(name), name, Int32(entry.pointee.d_type)))
        }
        return .success(names.sorted { $0.name < $1.name })
    }

    /// `dir/name`, keeping the user's spelling of `dir`; `.` adds no `./` prefix.
    static func join(_ directory: String, _ name: String) -> String {
        if directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

/// What walking the folders met besides the files to lint, for the command line to report: folders
/// that could not be read and links that loop, the folders walked, and which of the configuration's
/// `included` and `excluded` patterns matched something. Shared by every copy of a configuration.
public final class DiscoveryRecord: @unchecked Sendable {
    /// A folder whose files were not linted, and why.
    public struct Problem: Sendable, Equatable {
        public var path: String
        public var reason: String
        /// Named on the command line (not found inside a folder).
        public var named: Bool
    }

    private struct State {
        var problems: [Problem] = []
        var walked: Set<String> = []
        var matchedIncluded: Set<Int> = []
        var matchedExcluded: Set<Int> = []
    }

    private let state = Locked(State())

    public init() {}

    public var problems: [Problem] { state.withLock { $0.problems } }

    /// The absolute folders walked, as named.
    public var walkedFolders: Set<String> { state.withLock { $0.walked } }

    func problem(_ path: String, _ reason: String, named: Bool) {
        state.withLock { state in
            if !state.problems.contains(where: { $0.path == path }) {
                state.problems.append(Problem(path: path, reason: reason, named: named))
            }
        }
    }

    func walked(_ folder: String) {
        state.withLock { _ = $0.walked.insert(folder) }
    }

    /// True while some of `count` patterns have matched nothing.
    func hasUnmatched(excluded: Bool, count: Int) -> Bool {
        matched(excluded: excluded).count < count
    }

    func matched(_ index: Int, excluded: Bool) {
        state.withLock { state in
            _ = excluded ? state.matchedExcluded.insert(index) : state.matchedIncluded.insert(index)
        }
    }

    /// The indices of the patterns that matched something.
    public func matched(excluded: Bool) -> Set<Int> {
        state.withLock { excluded ? $0.matchedExcluded : $0.matchedIncluded }
    }
}

/// A failure that stops a lint run before it starts: exit status 2.
public enum LintError: Error, CustomStringConvertible, Equatable {
    case pathNotFound(String)
    case notLintable(String)

    public var description: String {
        switch self {
        case .pathNotFound(let path):
            return "\(path): no such file or directory"
        case .notLintable(let path):
            return "\(path): not a file catalint lints (it reads *.swift, *.interface.yml, *.interface.yaml, *.storyboard, *.xib and an app's Info.plist)"
        }
    }
}

/// The kinds of input catalint reads, told by the file name.
public enum InputKind: Sendable {
    /// Swift source, `*.swift`.
    case swift
    /// A YAML interface description, `*.interface.yml` or `*.interface.yaml`.
    case interfaceDescription
    /// An Interface Builder file, `*.storyboard` or `*.xib`.
    case interfaceBuilder
    /// Objective-C or Objective-C++ source, or a header: `*.m`, `*.mm`, `*.h`.
    case objectiveC
    /// A property list, `*.plist`: linted when a project names it as an app's or extension's
    /// Info.plist (`INFOPLIST_FILE`).
    case propertyList

    public init?(path: String) {
        if path.hasSuffix(".swift") {
            self = .swift
        } else if path.hasSuffix(".interface.yml") || path.hasSuffix(".interface.yaml") {
            self = .interfaceDescription
        } else if path.hasSuffix(".storyboard") || path.hasSuffix(".xib") {
            self = .interfaceBuilder
        } else if path.hasSuffix(".m") || path.hasSuffix(".mm") || path.hasSuffix(".h") {
            self = .objectiveC
        } else if path.hasSuffix(".plist") {
            self = .propertyList
        } else {
            return nil
        }
    }
}
