import Foundation

/// How the idiom of a run is chosen.
public enum IdiomSetting: String, Sendable, CaseIterable {
    case mac
    case pad
    /// Read the nearest Xcode project settings (see `IdiomDetection`).
    case auto
}

/// The level a rule reports at, or `off`.
public enum RuleLevel: String, Sendable, CaseIterable {
    case off, note, warning, error

    var severity: Severity? {
        switch self {
        case .off: return nil
        case .note: return .note
        case .warning: return .warning
        case .error: return .error
        }
    }
}

/// What the configuration says of one rule: its level and its options.
public struct RuleSettings: Sendable {
    public var level: RuleLevel?
    /// Options that extend (lists) or replace (single values) the rule's UIKit knowledge.
    public var options: (any RuleKnowledge)?

    public init(level: RuleLevel? = nil, options: (any RuleKnowledge)? = nil) {
        self.level = level
        self.options = options
    }
}

/// Per-folder rule levels: `{paths: [globs], rules: {...}}`.
public struct ConfigurationOverride: Sendable {
    public var paths: [Glob]
    public var rules: [String: RuleSettings]
}

/// The contents of `.catalint.yml`, or the defaults when there is none.
public struct Configuration: Sendable {
    /// The file it was read from; nil for the defaults.
    public var file: String?
    /// The absolute folder that globs are relative to: the file's folder, or the working folder.
    public var directory: String
    public var idiom: IdiomSetting = .auto
    public var included: [Glob] = []
    public var excluded: [Glob] = []
    /// Extra globs for YAML interface descriptions, besides `*.interface.yml` / `*.interface.yaml`.
    public var interfaceFiles: [Glob] = []
    public var rules: [String: RuleSettings] = [:]
    /// `select:`, `extend_select:` and `ignore:`: the first layer of the rule selection.
    public var selection = RuleSelection.Layer()
    /// `preview:`: the rules that ship as previews run.
    public var preview = false
    /// `unsafe_fixes:`: `--fix` and the editor's "fix all" apply the unsafe fixes too, as
    /// `--unsafe-fixes` does for one run.
    public var unsafeFixes = false
    public var overrides: [ConfigurationOverride] = []
    /// Lint the Swift and Interface Builder files that no target of their project builds too
    /// (`include_unbuilt`): test sources, files left out of the project.
    public var includeUnbuilt = false
    /// What a file may be, at most, for catalint to lint it.
    public var limits = FileLimits()
    /// The superclass of each class whose declaration catalint cannot read, by name (`superclasses`:
    /// `OBSlider: UISlider`); an entry replaces what the project's own declarations say.
    public var superclasses: [String: String] = [:]
    /// Where each entry of `superclasses` is written, for `--verbose`.
    public var superclassPositions: [String: SourcePosition] = [:]
    /// The Swift the project is built with (`swift_version`): `#if swift(...)` and `#if compiler(...)`
    /// branches it would skip are not checked for syntax errors.
    public var swiftVersion = SwiftVersion.newest
    /// `objective_c:`: the libclang to parse Objective-C with, and the prefix headers and macro
    /// definitions every Objective-C file gets.
    public var objcLibrary: String?
    public var objcPrefixHeaders: [String] = []
    public var objcDefinitions: [String] = []
    /// Where each `included` and `excluded` pattern is written in the file, in order, for warnings.
    public var includedPositions: [SourcePosition] = []
    public var excludedPositions: [SourcePosition] = []
    /// What walking folders with this configuration met: set by `Workspace.open` for one run, nil
    /// otherwise (nothing is noted).
    public var record: DiscoveryRecord?

    public init(directory: String = FileManager.default.currentDirectoryPath) {
        self.directory = directory
    }

    /// The name catalint looks for.
    public static let fileName = ".catalint.yml"

    /// `path` relative to the configuration's folder, `/`-separated; nil when it is outside it.
    public func relativePath(_ path: String) -> String? {
        Paths.relative(path, to: directory)
    }

    /// The process's working folder, read once: catalint never changes it (nor may a program that
    /// embeds CatalintKit while it lints), and reading it is a system call, which `absolute`
    /// made for every relative path (39,000 calls in a run over the perf corpus, a tenth of the
    /// wall time of a run with one file changed).
    static let workingDirectory = FileManager.default.currentDirectoryPath

    /// The absolute, standardized form of a path as the user named it.
    public static func absolute(_ path: String) -> String {
        // By string, as `URL.standardizedFileURL` does it (`.` and `..` removed, no links
        // followed), without its cost: the cache asks this for every file of every run.
        let joined = path.hasPrefix("/") ? path : inWorkingDirectory(path)
        // Most paths have no `.` part and no double or trailing `/`: nothing to remove.
        if isNormal(joined) { return joined }
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `workingDirectory + "/" + path`, made in one allocation: the two appends allocated and copied
    /// twice, and `absolute` is asked about each file of a run a dozen times (half of its cost).
    private static func inWorkingDirectory(_ path: String) -> String {
        var base = workingDirectory
        var path = path
        return base.withUTF8 { head in
            path.withUTF8 { tail in
                String(unsafeUninitializedCapacity: head.count + 1 + tail.count) { buffer in
                    let bytes = UnsafeMutableRawBufferPointer(buffer)
                    bytes.copyMemory(from: UnsafeRawBufferPointer(head))
                    bytes[head.count] = UInt8(ascii: "/")
                    UnsafeMutableRawBufferPointer(rebasing: bytes[(head.count + 1)...]).copyMemory(from: UnsafeRawBufferPointer(tail))
                    return head.count + 1 + tail.count
                }
            }
        }
    }

    /// True when `absolute` has nothing to remove from a path: it does not end with `/`, and no part
    /// after a `/` is empty, `.` or `..`. Read by bytes: `String.contains` of a string goes
    /// through Foundation's search, which cost 40% of a warm run's instructions here (five per file);
    /// each `/` is found by `memchr` and only the bytes after it are looked at (a loop over every
    /// byte was 4% of a warm run of the perf corpus, whose paths are long).
    static func isNormal(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            guard let base = bytes.baseAddress, let last = bytes.last, last != slash else { return false }
            let count = bytes.count
            var from = 0
            while from < count, let found = memchr(base + from, Int32(slash), count - from) {
                // The part after this `/` starts at `start` (the path does not end with `/`).
                let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                let first = bytes[start]
                if first == slash { return false }
                if first == dot {
                    let second = start + 1 < count ? bytes[start + 1] : slash
                    if second == slash { return false }
                    if second == dot, start + 2 == count || bytes[start + 2] == slash { return false }
                }
                from = start
            }
            return true
        }
    }

    /// True when the file is excluded by the configuration.
    public func isExcluded(_ path: String) -> Bool {
        guard !excluded.isEmpty, let relative = relativePath(path) else { return false }
        return Self.matches(excluded, relative, record: record, excluded: true)
    }

    /// True when a file found by walking a folder is included (always, without `included`).
    public func isIncluded(_ path: String) -> Bool {
        guard !included.isEmpty else { return true }
        guard let relative = relativePath(path) else { return false }
        return Self.matches(included, relative, record: record, excluded: false)
    }

    /// Whether one of `globs` matches; with a record, while some pattern has matched nothing yet,
    /// every pattern is tried and those that match are noted.
    private static func matches(_ globs: [Glob], _ relative: String, record: DiscoveryRecord?, excluded: Bool) -> Bool {
        guard let record, record.hasUnmatched(excluded: excluded, count: globs.count) else {
            return globs.contains { $0.matches(relative) }
        }
        var any = false
        for (index, glob) in globs.enumerated() where glob.matches(relative) {
            record.matched(index, excluded: excluded)
            any = true
        }
        return any
    }

    /// The kind of a file: its name's, or a YAML interface description by `interface_files`.
    public func inputKind(_ path: String) -> InputKind? {
        if let kind = InputKind(path: path) { return kind }
        guard !interfaceFiles.isEmpty, let relative = relativePath(path) else { return nil }
        return interfaceFiles.contains { $0.matches(relative) } ? .interfaceDescription : nil
    }

    /// The level of `rule` for the file at `path`, from `rules:` and the matching `overrides:`
    /// (later overrides win); nil when the configuration says nothing.
    public func level(of rule: String, at path: String) -> RuleLevel? {
        var level = rules[rule]?.level
        if !overrides.isEmpty, let relative = relativePath(path) {
            for override in overrides where override.paths.contains(where: { $0.matches(relative) }) {
                if let overridden = override.rules[rule]?.level { level = overridden }
            }
        }
        return level
    }
}

/// What one file may be, at most, for catalint to lint it: past any of these the file is skipped
/// with a `file-skipped` diagnostic that says which limit stopped it, and the run goes on. They keep
/// a run to bounded time and memory on generated or hostile input.
public struct FileLimits: Sendable, Hashable {
    /// Bytes (`limits.file_size`): a larger file is not read.
    public var fileSize = 10_000_000
    /// Levels of `(`, `[` and `{` (`limits.nesting`): deeper nesting is not parsed.
    public var nesting = 1_000
    /// Binary operators in one expression (`limits.operator_chain`): a longer chain is not parsed.
    public var operatorChain = 10_000
    /// Seconds one file may take (`limits.seconds_per_file`).
    public var secondsPerFile = 10.0

    public init() {}

    /// The limits that change what lowering makes of a file, for the cache key.
    var fingerprint: String { "\(fileSize) \(nesting) \(operatorChain)" }

    /// The keys of `limits:` in `.catalint.yml`.
    public static let keys = ConfigurationLoader.limitKeys.map(\.name)
}

/// Paths relative to a folder, for globs, baselines and the reports CI services read.
public enum Paths {
    /// `path` relative to `folder` (both as the user named them), `/`-separated; `""` for the folder
    /// itself, nil when the path is outside it.
    public static func relative(_ path: String, to folder: String) -> String? {
        let absolute = Configuration.absolute(path)
        let base = Configuration.absolute(folder)
        if absolute == base { return "" }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
    }
}
