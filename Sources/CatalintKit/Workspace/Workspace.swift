import Foundation

/// Where a lint run happens: the configuration that applies to the linted files, the idiom the app
/// uses on the Mac, and the project folder whose other Swift files are indexed when only some files
/// are linted. Everything is found from the linted paths, not from the working folder.
public struct Workspace: Sendable {
    public var configuration: Configuration
    public var idiom: Idiom
    /// The project folder: the configuration file's folder, else the git working tree that holds
    /// the linted paths, else the folder they share.
    public var root: String
    /// Which files the projects build and how their targets run (see `BuildMembership`); nil to
    /// lint every file in `idiom`.
    public var membership: BuildMembership?
    /// The folder of the run's cache, nil for none (`open`'s `cache`).
    public var cacheDirectory: String?

    /// Where a run keeps its cache.
    public enum CacheLocation: Sendable {
        /// No cache (`--no-cache`).
        case none
        /// `.catalint_cache` in the project folder.
        case projectFolder
        /// This folder (`--cache-dir`).
        case folder(String)
    }

    public init(configuration: Configuration, idiom: Idiom, root: String, membership: BuildMembership? = nil) {
        self.configuration = configuration
        self.idiom = idiom
        self.root = root
        self.membership = membership
    }

    /// Where the configuration comes from.
    public enum ConfigurationSource: Sendable {
        /// The nearest `.catalint.yml` from the linted paths' folder up, if any.
        case nearest
        /// This file (`--config`).
        case file(String)
        /// None: the defaults (`--no-config`).
        case none
    }

    /// Opens the workspace of `paths` (files and folders; a `--stdin-filename` path need not exist):
    /// reads the configuration, decides the idiom (`idiom`, else the configuration's; `auto` reads
    /// the Xcode project that owns the linted files) and finds the project folder. `log` receives
    /// each decision as it is made, for `--verbose`. `includeUnbuilt` (`--include-unbuilt`), else
    /// the configuration's `include_unbuilt`, says whether files that no target of their project
    /// builds are linted. `cache` says where the run's cache is: the projects' readings are kept
    /// there too. Throws `ConfigurationError` for a bad configuration and `WorkspaceError` for a
    /// missing configuration file.
    public static func open(linting paths: [String], configuration source: ConfigurationSource, idiom setting: IdiomSetting?,
                            includeUnbuilt: Bool? = nil, cache: CacheLocation = .none, log: (String) -> Void = { _ in }) throws -> Workspace {
        let folder = commonFolder(of: paths)
        var configuration: Configuration
        switch source {
        case .none:
            configuration = Configuration(directory: folder)
            log("configuration: none (--no-config), the defaults")
        case .file(let path):
            guard FileManager.default.fileExists(atPath: path) else { throw WorkspaceError(message: "\(path): no such configuration file") }
            configuration = try ConfigurationLoader.load(path)
            log("configuration: \(path) (--config)")
        case .nearest:
            if let path = ConfigurationLoader.discover(from: folder) {
                configuration = try ConfigurationLoader.load(path)
                log("configuration: \(path), the nearest to \(folder)")
            } else {
                configuration = Configuration(directory: folder)
                log("configuration: none found from \(folder) up; using the defaults")
            }
        }
        // What walking folders meets in this run, for the command line to report.
        configuration.record = DiscoveryRecord()
        let chosen = setting ?? configuration.idiom
        let root = configuration.file != nil ? configuration.directory : (Git.workTreeRoot(of: folder) ?? folder)
        let cacheDirectory: String?
        switch cache {
        case .none: cacheDirectory = nil
        case .projectFolder: cacheDirectory = root + "/.catalint_cache"
        case .folder(let path): cacheDirectory = path
        }
        // The project files read, shared by the idiom's detection and the build's membership, and
        // kept in the cache (unless its folder cannot be trusted: the run says why when it opens it).
        let reads = ProjectReads(cache: cacheDirectory.flatMap { CacheFolder.refusal($0) == nil ? ProjectReadCache(directory: $0) : nil })
        let idiom: Idiom
        switch chosen {
        case .mac, .pad:
            idiom = chosen == .mac ? .mac : .pad
            log("idiom: \(idiom.rawValue) (\(setting != nil ? "--idiom" : "the configuration's idiom"))")
        case .auto:
            let decision = IdiomDetection.detect(for: paths, reads: reads) { log("idiom: " + $0) }
            idiom = decision.idiom
            log("idiom: \(idiom.rawValue) (auto): \(decision.reason)")
        }
        let unbuilt = includeUnbuilt ?? configuration.includeUnbuilt
        if unbuilt { log("build: files that no target builds are linted too (\(includeUnbuilt != nil ? "--include-unbuilt" : "include_unbuilt"))") }
        let membership = BuildMembership(includeUnbuilt: unbuilt, idiomFromProjects: chosen == .auto, reads: reads)
        var workspace = Workspace(configuration: configuration, idiom: idiom, root: root, membership: membership)
        workspace.cacheDirectory = cacheDirectory
        return workspace
    }

    /// The folder that holds every path (a file's own folder), absolute; the working folder when
    /// there are none. A path that does not exist (an editor's unsaved buffer given to
    /// `--stdin-filename`) counts by the nearest folder above it that does, so nothing is made
    /// in a folder that is not there.
    public static func commonFolder(of paths: [String]) -> String {
        var folder = sharedFolder(of: paths)
        var isDirectory: ObjCBool = false
        while folder != "/" && !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue) {
            folder = URL(fileURLWithPath: folder).deletingLastPathComponent().path
        }
        return folder
    }

    private static func sharedFolder(of paths: [String]) -> String {
        let folders = paths.map { path -> [Substring] in
            var isDirectory: ObjCBool = false
            let absolute = Configuration.absolute(path)
            let folder = FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) && isDirectory.boolValue
                ? absolute : URL(fileURLWithPath: absolute).deletingLastPathComponent().path
            return folder.split(separator: "/")
        }
        guard var common = folders.first else { return FileManager.default.currentDirectoryPath }
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix(while: { $0.0 == $0.1 }).map(\.0))
        }
        return "/" + common.joined(separator: "/")
    }
}

/// A workspace that cannot be opened: exit status 2.
public struct WorkspaceError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
