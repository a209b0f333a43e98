import Foundation

/// What the Objective-C front end needs for a run: libclang (when one was found), and how the
/// project's files are parsed (`ObjCParseSettings`): the prelude, the folders its headers are found
/// in, and for each file the prefix headers and definitions of the target that compiles it.
public struct ObjCEnvironment: Sendable {
    /// libclang, loaded when a file is first parsed; nil for a run that looks for none.
    var library: LazyLibClang?
    /// libclang, loaded now if it was not yet; nil when there is none.
    var clang: LibClang? { library?.library }
    /// True when the run has no libclang: none was found, or it did not load.
    var isMissingLibrary: Bool { library?.isMissing ?? true }
    /// Where libclang was looked for.
    var tried: [String] { library?.candidates ?? [] }
    var settings: ObjCParseSettings
    /// Per file: the prefix headers and definitions of the target that compiles it.
    var targetSettings: [String: ObjCTargetSettings] = [:]

    /// The settings a file is parsed with.
    func settings(for path: String) -> ObjCParseSettings {
        var settings = self.settings
        if let target = targetSettings[Configuration.absolute(path)] {
            settings.prefixHeaders += target.prefixHeaders
            settings.definitions += target.definitions
        }
        return settings
    }

    /// Bytes that change when what lowering an Objective-C file makes may change: the library's
    /// version and every setting (for the cache's key).
    var fingerprint: [UInt8] {
        var hasher = StableHash()
        hasher.add(Array((library?.identity ?? "no libclang").utf8))
        hasher.add(BinaryCoder.encode(settings, canonical: true)[...])
        for path in targetSettings.keys.sorted() { hasher.add(BinaryCoder.encode(targetSettings[path]!, canonical: true)[...]) }
        return Array(String(hasher.value, radix: 16).utf8)
    }

    /// What a worker process needs to parse as this run does: the library's path and the settings.
    struct Portable: Sendable, Codable {
        var library: String?
        var settings: ObjCParseSettings
        var targetSettings: [String: ObjCTargetSettings]
    }

    var portable: Portable { Portable(library: library?.expected, settings: settings, targetSettings: targetSettings) }

    /// The environment a worker rebuilds from `Portable`, loading the same library.
    init(portable: Portable) {
        self.library = portable.library.map { LazyLibClang(candidates: [$0]) }
        self.settings = portable.settings
        self.targetSettings = portable.targetSettings
    }

    init(library: LazyLibClang?, settings: ObjCParseSettings) {
        self.library = library
        self.settings = settings
    }

    /// The message of the one warning a run without libclang gives for its Objective-C files.
    static func notLintedWarning(count: Int, tried: [String]) -> String {
        let places = tried.isEmpty ? "" : " (looked in \(tried.prefix(4).joined(separator: ", "))\(tried.count > 4 ? ", ..." : ""))"
        return "\(count) Objective-C file\(count == 1 ? "" : "s") not linted: libclang not found\(places); set CATALINT_LIBCLANG to the libclang of a Swift or Xcode toolchain"
    }

    /// The environment for files of the project at `root`, with the rules of `vocabulary`.
    static func make(vocabulary: LoweringVocabulary, root: String?, configuredLibrary: String? = nil) -> ObjCEnvironment {
        let library = LazyLibClang(candidates: LibClang.candidates(configured: configuredLibrary, environment: ProcessInfo.processInfo.environment))
        var settings = ObjCParseSettings(prelude: ObjCPrelude.make(vocabulary))
        if let root { settings.includeFolders = headerFolders(under: root) }
        return ObjCEnvironment(library: library, settings: settings)
    }

    /// The most entries walked for headers: a tree larger than this is searched only that far.
    static let headerWalkLimit = 400_000

    /// The folders under `root` that hold headers, and their parents (so `<Module/Header.h>` is found
    /// as Xcode's header maps find it), sorted. Checkouts of dependencies (`Pods/`,
    /// `Carthage/Checkouts/`) count: their headers declare what the app's code uses.
    static func headerFolders(under root: String) -> [String] {
        var folders: Set<String> = []
        var budget = headerWalkLimit
        var pending = [root]
        let skipped: Set<String> = [".git", ".build", "DerivedData", ".catalint_cache", "node_modules", ".swiftpm", "build"]
        while budget > 0, let folder = pending.popLast() {
            var hasHeader = false
            for (name, kind) in FileDiscovery.entries(of: folder, budget: &budget) ?? [] {
                let path = folder == "/" ? "/" + name : folder + "/" + name
                switch kind {
                case .folder:
                    if !skipped.contains(name), !name.hasSuffix(".xcassets"), !name.hasSuffix(".lproj"), !name.hasSuffix(".xcodeproj") { pending.append(path) }
                case .file:
                    if name.hasSuffix(".h") { hasHeader = true }
                case .linkToFolder:
                    continue
                }
            }
            if hasHeader {
                folders.insert(folder)
                let parent = IdiomDetection.parent(of: folder)
                if parent.count >= root.count { folders.insert(parent) }
            }
        }
        return folders.sorted()
    }
}

/// What the target that compiles a file adds to its parse: prefix headers and definitions.
struct ObjCTargetSettings: Sendable, Codable, Hashable {
    var prefixHeaders: [String] = []
    var definitions: [String] = []
}
