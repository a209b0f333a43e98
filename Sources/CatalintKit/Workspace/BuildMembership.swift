import Foundation

/// How the targets that build a file run, which decides the rules that apply to it.
public enum BuildScope: Sendable, Hashable {
    /// On the Mac, in this idiom; nil: in the idiom of the run (`--idiom`, the configuration's,
    /// or the one detected for the linted paths).
    case onMac(Idiom?)
    /// Built only by iOS targets that never run in the Mac idiom (an extension or app without Mac
    /// Catalyst in a project that has it): only the rules of category `crash`, which break on iPad
    /// too, and catalint's own apply.
    case neverOnMac
    /// Built only for another platform than iOS (watchOS, tvOS, visionOS, macOS with AppKit), or
    /// for the build itself (a package plugin or macro): no rule applies.
    case notIOS

    /// Of several targets that build a file, the one with the highest decides.
    var strictness: Int {
        switch self {
        case .onMac(.mac?): return 4
        case .onMac(nil): return 3
        case .onMac: return 2
        case .neverOnMac: return 1
        case .notIOS: return 0
        }
    }

    /// `mac`, `pad`, `not-on-mac`, `not-ios`: how the file is judged, for the JSON report.
    func label(runIdiom: Idiom) -> String {
        switch self {
        case .onMac(let idiom): return (idiom ?? runIdiom).rawValue
        case .neverOnMac: return "not-on-mac"
        case .notIOS: return "not-ios"
        }
    }
}

/// What the project that owns a file says of it.
public struct BuildJudgement: Sendable, Hashable {
    /// How the file runs; nil when no target of the project builds it.
    public var scope: BuildScope?
    /// The target that decided: the strictest of those that build the file; nil when none does.
    public var target: String?
    /// The project file that owns the file: a `project.pbxproj`, `project.yml` or `Package.swift`.
    public var project: String
    /// Why, in a sentence.
    public var reason: String
    /// The Swift language mode the targets that build it compile it in (the newest, when they
    /// differ); nil when they do not say (the compiler's default, Swift 5).
    public var languageMode: LanguageMode?
    /// True for a header that is C or C++, not Objective-C (of a C target, beside a `.c` file):
    /// never linted, not even with the unbuilt files, for nothing of UIKit can be in it.
    public var isForeign = false
}

/// What the projects said of the files of a run, for `--verbose` and the JSON report.
public struct BuildReport: Sendable, Equatable {
    /// A linted file that a project judged.
    public struct File: Sendable, Equatable {
        public var path: String
        /// `mac`, `pad`, `not-on-mac`, `not-ios`, or `unbuilt` (linted anyway, in the run's idiom).
        public var judgedAs: String
        public var target: String?
        public var project: String
        public var reason: String
    }

    /// A file that was not linted because no target of its project builds it.
    public struct LeftOut: Sendable, Equatable {
        public var path: String
        public var reason: String
    }

    /// Sorted by path.
    public var files: [File] = []
    /// Sorted by path.
    public var leftOut: [LeftOut] = []

    public var isEmpty: Bool { files.isEmpty && leftOut.isEmpty }
}

/// Which files the projects of a run build, and how their targets run: the model behind "lint what
/// the app builds".
///
/// A file belongs to the nearest project up the tree from it: an Xcode project (`*.xcodeproj`) or
/// an XcodeGen spec (`project.yml`, read when no `.xcodeproj` beside it can be) speaks for every
/// file under its folder; a SwiftPM package (`Package.swift`) for the folders SwiftPM reads
/// (`Sources`, `Tests`, `Plugins`, its targets' paths). A Swift file that no target of that project
/// compiles, or an Interface Builder file that none copies, is unbuilt: left out of the run unless
/// `includeUnbuilt`. A file that targets build is judged by the strictest of them (`BuildScope`).
/// Files that no project speaks for, YAML interface descriptions, and files of a project that
/// cannot be read get no judgement: they are linted as before, in the run's idiom.
///
/// Projects are read when a file first needs them, each once; every answer is kept. Safe to use
/// from several threads.
public final class BuildMembership: @unchecked Sendable {
    /// Lint files that no target builds too (`--include-unbuilt`, `include_unbuilt: true`).
    public let includeUnbuilt: Bool
    /// False when the run was given its idiom (`--idiom`, `idiom: mac|pad`): the targets that run
    /// on the Mac take it, rather than the one their settings say.
    public let idiomFromProjects: Bool

    /// Held while a file is judged (reading projects as needed), and for the fields below.
    private let lock = Locked()
    private var folders: [String: FolderProjects] = [:]
    private var judgements: [String: BuildJudgement?] = [:]
    private var storedProblems: [String: String] = [:]
    private var storedNotes: [String: [String]] = [:]
    /// Each project's Info.plist sources, per target, by project file: read once.
    private var infoPlists: [String: [InfoPlistSources]] = [:]
    /// Each project's sources and source folders, by project file.
    private var sourceRootsByProject: [String: Set<String>] = [:]
    /// Each project's sources by their lower-case path, by project file.
    private var caseFolded: [String: [String: String]] = [:]
    /// Each target's Swift language mode, by project file and the target's place in it: its build settings are
    /// resolved once, not for every file it builds.
    private var languageModes: [String: LanguageMode?] = [:]
    /// The folders above each folder asked about, itself first (`ancestors(of:)`).
    private var folderAncestors: [String: [String]] = [:]
    /// Each project's targets by the files and folders they compile or copy, and by the folders
    /// they are rooted at or above, by project file (`targetsRooted(in:)`, `targetsRooted(at:ancestors:in:)`).
    private var targetsByRoot: [String: RootedTargets] = [:]

    /// The targets of one project by where they are rooted (the lock is held while it is used).
    private final class RootedTargets {
        /// By each file and folder they compile or copy.
        let byRoot: [String: [Int]]
        /// By each folder asked about: those rooted at it or at a folder above it.
        var aboveFolder: [String: [Int]] = [:]

        init(byRoot: [String: [Int]]) {
            self.byRoot = byRoot
        }
    }
    /// Whether each target compiles Objective-C, by project file and target name: worked out once.
    private var objectiveCTargets: [String: Bool] = [:]
    /// The nearest folder at or above each folder asked about that has a project file, or nil for none.
    private var nearestProjects: [String: String?] = [:]
    /// Whether a folder holds Objective-C files, by path: worked out once.
    private var objectiveCFolders: [String: Bool] = [:]
    /// Each project file as read (by this thread, by `readProjectsAhead`, or by the idiom's
    /// detection before the run: `Workspace.open` gives both the same reads).
    private let projectReads: ProjectReads
    /// True once `readProjectsAhead` has started.
    private let readingAhead = Locked(false)

    /// The projects in one folder, as read.
    private enum FolderProjects {
        /// No project file in the folder.
        case none
        /// One could not be read, or cannot say which files it builds: the folder's files get no judgement.
        case unreadable
        case projects([(project: XcodeProject, scopes: [TargetScope])])
    }

    public convenience init(includeUnbuilt: Bool = false, idiomFromProjects: Bool = true) {
        self.init(includeUnbuilt: includeUnbuilt, idiomFromProjects: idiomFromProjects, reads: ProjectReads())
    }

    /// A membership that finds the project files `reads` has read already read.
    init(includeUnbuilt: Bool, idiomFromProjects: Bool, reads: ProjectReads) {
        self.includeUnbuilt = includeUnbuilt
        self.idiomFromProjects = idiomFromProjects
        self.projectReads = reads
    }

    /// What the project that owns the file at `path` says of it; nil when no project does (or it
    /// cannot be read, or the file is not Swift or Interface Builder).
    public func judgement(of path: String) -> BuildJudgement? {
        let absolute = Configuration.absolute(path)
        return lock.withLock {
            if let known = judgements[absolute] { return known }
            let judgement = judge(absolute)
            judgements[absolute] = .some(judgement)
            return judgement
        }
    }

    /// False for a file that no target of its project builds (whatever `includeUnbuilt` says).
    public func isBuilt(_ path: String) -> Bool {
        // A property list is linted as an Info.plist only when a project names it as one.
        guard let judgement = judgement(of: path) else { return InputKind(path: path) != .propertyList }
        return judgement.scope != nil
    }

    /// True when the file at `path` is linted: it is built, or unbuilt files are linted too.
    public func admits(_ path: String) -> Bool {
        if includeUnbuilt { return judgement(of: path)?.isForeign != true }
        return isBuilt(path)
    }

    /// Projects that could not be read, each as `file:line:column: why` and what that means, sorted.
    public var problems: [String] {
        lock.withLock { storedProblems.keys.sorted().compactMap { storedProblems[$0] } }
    }

    /// For `--verbose`: each project read, with how each of its targets runs, sorted by project.
    public var notes: [String] {
        lock.withLock { storedNotes.keys.sorted().flatMap { storedNotes[$0] ?? [] } }
    }

    /// The report of a run that linted `linted` and left out `leftOut`, in the run's `idiom`.
    public func report(linted: [String], leftOut: [String], idiom: Idiom) -> BuildReport {
        var report = BuildReport()
        for path in linted.sorted() {
            guard let judgement = judgement(of: path) else { continue }
            report.files.append(BuildReport.File(path: path, judgedAs: judgement.scope?.label(runIdiom: idiom) ?? "unbuilt", target: judgement.target,
                                                 project: IdiomDetection.display(judgement.project), reason: judgement.reason))
        }
        for path in leftOut.sorted() {
            report.leftOut.append(BuildReport.LeftOut(path: path, reason: judgement(of: path)?.reason ?? "no target builds it"))
        }
        return report
    }

    // MARK: Judging (the lock is held)

    private func judge(_ path: String) -> BuildJudgement? {
        guard let kind = InputKind(path: path), kind != .interfaceDescription else { return nil }
        if path.hasSuffix(".h") { return judgeHeader(path) }
        guard let owners = owners(of: path) else { return nil }
        return judge(path, kind: kind, by: owners)
    }

    /// The projects that speak for the file at `path`: those of the nearest folder up the tree
    /// that has one claiming it; nil when none does or that folder's cannot be read.
    private func owners(of path: String) -> [(project: XcodeProject, scopes: [TargetScope])]? {
        var start = IdiomDetection.parent(of: path)
        while let folder = nearestProjectFolder(from: start) {
            // The nearest folder has projects (`.none` is never found there).
            guard case .projects(let projects) = projects(in: folder) else { return nil }
            let owners = projects.filter { $0.project.claims(path) }
            if !owners.isEmpty { return owners }
            guard folder != "/" else { return nil }
            start = IdiomDetection.parent(of: folder)
        }
        return nil
    }

    /// The nearest folder at or above `folder` that has a project file (nil when none up to `/`),
    /// asking `projects(in:)` of the folders in between, nearest first, as a walk up would; known
    /// by folder once found, so the files of one folder look up one name, not each of their
    /// ancestors (the lock is held).
    private func nearestProjectFolder(from folder: String) -> String? {
        var passed: [String] = []
        var current = folder
        var found: String?
        while true {
            if let known = nearestProjects[current] {
                found = known
                break
            }
            passed.append(current)
            if case .none = projects(in: current) {
                let parent = IdiomDetection.parent(of: current)
                guard current != "/", !parent.isEmpty, parent != current else { break }
                current = parent
                continue
            }
            found = current
            break
        }
        for folder in passed { nearestProjects[folder] = .some(found) }
        return found
    }

    /// A header is compiled only as part of the files that include it. With an Objective-C
    /// implementation beside it (`Cell.m` for `Cell.h`) it is judged as that file. Otherwise it is
    /// Objective-C only where its project compiles Objective-C: a header beside a C or C++
    /// implementation, a header in the folder of targets that compile no `.m` or `.mm` (a SwiftPM
    /// C target), and any header of a project none of whose targets does are C or C++
    /// (`isForeign`: never linted); a target's Swift bridging header is judged as that target; a
    /// binary framework's headers, and any other header of a project, are linted as if they had
    /// no project, in the run's idiom.
    private func judgeHeader(_ path: String) -> BuildJudgement? {
        // A binary framework's headers declare what it implements in Objective-C.
        if Self.isInsideFramework(path) { return nil }
        let companion = Self.implementation(ofHeader: path)
        if let companion, Self.isObjectiveCImplementation(companion) {
            guard var judgement = judge(companion) else { return nil }
            judgement.reason = "as its implementation \(IdiomDetection.display(companion)): " + judgement.reason
            return judgement
        }
        if let companion {
            // Beside a C or C++ implementation, with a project or without one.
            return BuildJudgement(scope: nil, target: nil, project: owners(of: path)?.first?.project.file ?? IdiomDetection.parent(of: path),
                                  reason: "a C or C++ header: its implementation \(IdiomDetection.display(companion)) is not Objective-C", isForeign: true)
        }
        guard let owners = owners(of: path) else {
            // A project catalint cannot read still tells C from Objective-C by its files.
            guard let folder = unreadableProjectFolder(above: path), !holdsObjectiveC(folder) else { return nil }
            return BuildJudgement(scope: nil, target: nil, project: folder,
                                  reason: "no .m or .mm file is under \(IdiomDetection.display(folder)), whose project cannot be read: a C or C++ header", isForeign: true)
        }
        let project = owners[0].project.file
        let ancestors = ancestors(of: path)
        var holding: [(project: XcodeProject, target: XcodeProject.Target, scope: TargetScope)] = []
        for (owner, scopes) in owners {
            // Most headers are in no target's folder (an Xcode project names its files one by one):
            // one look at the folders of them all first.
            let roots = sourceRoots(of: owner)
            let above = ancestors.filter(roots.contains)
            guard !above.isEmpty else { continue }
            // A package target's folder holds its headers, whatever its `sources:` list.
            for (target, scope) in zip(owner.targets, scopes)
            where above.contains(where: { target.sources.contains($0) || (owner.isPackage && target.resources.contains($0)) })
                && target.builds(path, ancestors: ancestors, interfaceBuilder: owner.isPackage) {
                holding.append((owner, target, scope))
            }
        }
        if !holding.isEmpty {
            let objectiveC = holding.filter { compilesObjectiveC($0.target, of: $0.project) }
            if !objectiveC.isEmpty {
                // Judged by the strictest of the targets whose Objective-C it is part of.
                let running = objectiveC.compactMap { holder in holder.scope.scope.map { (holder, $0) } }
                guard let (holder, run) = running.max(by: { $0.1.strictness < $1.1.strictness }) else {
                    let names = objectiveC.map(\.target.name).joined(separator: ", ")
                    return BuildJudgement(scope: nil, target: nil, project: project, reason: "a header of the test target\(objectiveC.count == 1 ? "" : "s") \(names): the app does not build it")
                }
                return BuildJudgement(scope: run, target: holder.target.name, project: holder.project.file, reason: holder.scope.reason)
            }
            let names = holding.map(\.target.name)
            return BuildJudgement(scope: nil, target: nil, project: project,
                                  reason: "a header of \(names.count == 1 ? "the target" : "the targets") \(names.joined(separator: ", ")), which compile\(names.count == 1 ? "s" : "") no Objective-C (.m, .mm)", isForeign: true)
        }
        for (owner, scopes) in owners {
            for (target, scope) in zip(owner.targets, scopes) where target.configurations.contains(where: { owner.pathSetting("SWIFT_OBJC_BRIDGING_HEADER", of: target, in: $0) == path }) {
                guard let run = scope.scope else {
                    return BuildJudgement(scope: nil, target: nil, project: owner.file, reason: "the Swift bridging header of the test target \(target.name): the app does not build it")
                }
                return BuildJudgement(scope: run, target: target.name, project: owner.file, reason: "the Swift bridging header of \(target.name): " + scope.reason)
            }
        }
        if owners.contains(where: { owner in owner.project.targets.contains { compilesObjectiveC($0, of: owner.project) } }) { return nil }
        let names = owners.map { IdiomDetection.display($0.project.file) }.joined(separator: ", ")
        return BuildJudgement(scope: nil, target: nil, project: project, reason: "no target of \(names) compiles Objective-C (.m, .mm)", isForeign: true)
    }

    /// The folder of the nearest project up the tree from `path` when that project cannot be read.
    private func unreadableProjectFolder(above path: String) -> String? {
        for folder in IdiomDetection.selfAndAncestors(IdiomDetection.parent(of: path)) {
            switch projects(in: folder) {
            case .none: continue
            case .unreadable: return folder
            case .projects(let projects): if projects.contains(where: { $0.project.claims(path) }) { return nil }
            }
        }
        return nil
    }

    /// Whether a `.m` or `.mm` file is anywhere under `folder` (but in the folders a run skips);
    /// true too when there are more than `objectiveCSearchLimit` entries to look at. Once a folder.
    private func holdsObjectiveC(_ folder: String) -> Bool {
        if let known = objectiveCFolders[folder] { return known }
        var budget = Self.objectiveCSearchLimit
        let found = Self.findsObjectiveC(in: folder, budget: &budget) { _ in true }
        objectiveCFolders[folder] = found
        return found
    }

    /// Whether a `.m` or `.mm` file under `folder` passes `accepts` (by absolute path); true too
    /// once `budget` entries have been looked at without an answer. Hidden folders and the folders a
    /// run never walks (`FileDiscovery.skippedFolders`) are not entered, nor links to folders.
    private static func findsObjectiveC(in folder: String, budget: inout Int, accepts: (String) -> Bool) -> Bool {
        var pending = [folder]
        while let current = pending.popLast() {
            for (name, kind) in FileDiscovery.entries(of: current, budget: &budget) ?? [] where !name.hasPrefix(".") {
                let path = current.hasSuffix("/") ? current + name : current + "/" + name
                switch kind {
                case .folder:
                    if !FileDiscovery.skippedFolders.contains(name), !name.hasSuffix(".xcodeproj"), !name.hasSuffix(".xcassets") { pending.append(path) }
                case .file:
                    if isObjectiveCImplementation(name), accepts(path) { return true }
                case .linkToFolder:
                    continue
                }
            }
            if budget <= 0 { return true }
        }
        return false
    }

    /// Every source of every target of `project` (and for a package, every target's folder), once a
    /// project (the lock is held).
    private func sourceRoots(of project: XcodeProject) -> Set<String> {
        if let known = sourceRootsByProject[project.file] { return known }
        var roots: Set<String> = []
        for target in project.targets {
            roots.formUnion(target.sources)
            if project.isPackage { roots.formUnion(target.resources) }
        }
        sourceRootsByProject[project.file] = roots
        return roots
    }

    /// The path as a target of `project` names it, when that differs from `path` only in case
    /// (the lock is held). The sources are folded to lower case once a project.
    private func spelledInAnotherCase(_ path: String, in project: XcodeProject) -> String? {
        if caseFolded[project.file] == nil {
            var folded: [String: String] = [:]
            for target in project.targets {
                for source in target.sources.sorted() where folded[source.lowercased()] == nil { folded[source.lowercased()] = source }
            }
            caseFolded[project.file] = folded
        }
        guard let spelled = caseFolded[project.file]?[path.lowercased()], spelled != path else { return nil }
        return spelled
    }

    /// `target.languageMode`, worked out once a target (the lock is held).
    private func languageMode(of target: XcodeProject.Target, at offset: Int, in project: XcodeProject) -> LanguageMode? {
        let key = project.file + "\u{1}\(offset)"
        if let known = languageModes[key] { return known }
        let mode = target.languageMode
        languageModes[key] = .some(mode)
        return mode
    }

    /// True for a path inside a `.framework` or `.xcframework` folder (by bytes: Foundation's
    /// `contains` costs tens of thousands of instructions a call on Linux).
    static func isInsideFramework(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        for needle in [Array(".framework/".utf8), Array(".xcframework/".utf8)] where bytes.count >= needle.count {
            for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] && bytes[start..<start + needle.count].elementsEqual(needle) {
                return true
            }
        }
        return false
    }

    static func isObjectiveCImplementation(_ path: String) -> Bool {
        path.hasSuffix(".m") || path.hasSuffix(".mm")
    }

    /// Whether a target compiles Objective-C: a `.m` or `.mm` file among its sources, or in a
    /// folder among them (looked for on disk; at most `objectiveCSearchLimit` entries a target,
    /// past which it is taken to). Worked out once a target.
    private func compilesObjectiveC(_ target: XcodeProject.Target, of project: XcodeProject) -> Bool {
        let key = project.file + "\u{1}" + target.name
        if let known = objectiveCTargets[key] { return known }
        var found = false
        var budget = Self.objectiveCSearchLimit
        func built(_ file: String) -> Bool { target.builds(file, ancestors: IdiomDetection.selfAndAncestors(file), interfaceBuilder: false) }
        for source in target.sources.sorted() where !found {
            if Self.isObjectiveCImplementation(source) {
                found = built(source)
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), isFolder.boolValue else { continue }
            found = Self.findsObjectiveC(in: source, budget: &budget, accepts: built)
        }
        objectiveCTargets[key] = found
        return found
    }

    /// `path` and the folders above it (`IdiomDetection.selfAndAncestors`), from the folders' list
    /// made once per folder: the files of a folder share it (the lock is held).
    private func ancestors(of path: String) -> [String] {
        let folder = IdiomDetection.parent(of: path)
        guard !folder.isEmpty, folder != path else { return IdiomDetection.selfAndAncestors(path) }
        if let known = folderAncestors[folder] { return [path] + known }
        let above = IdiomDetection.selfAndAncestors(folder)
        folderAncestors[folder] = above
        return [path] + above
    }

    /// Each project's targets (their offsets) by the files and folders they compile or copy, by
    /// project file: worked out once, so that judging a file asks the few targets rooted at it or
    /// above it rather than every target of its project (the lock is held).
    func targetsRooted(in project: XcodeProject) -> [String: [Int]] {
        rootedTargets(of: project).byRoot
    }

    private func rootedTargets(of project: XcodeProject) -> RootedTargets {
        if let known = targetsByRoot[project.file] { return known }
        var rooted: [String: [Int]] = [:]
        for (offset, target) in project.targets.enumerated() {
            for root in target.sources.union(target.resources) { rooted[root, default: []].append(offset) }
        }
        let made = RootedTargets(byRoot: rooted)
        targetsByRoot[project.file] = made
        return made
    }

    /// The targets of `project` (their offsets) rooted at `path` or above it, `ancestors` being
    /// `path` and the folders above it, nearest first: those rooted above its folder are worked out
    /// once a folder, as the files of a folder share them (the lock is held).
    private func targetsRooted(at path: String, ancestors: [String], in project: XcodeProject) -> Set<Int> {
        let rooted = rootedTargets(of: project)
        var found = Set(rooted.byRoot[path] ?? [])
        guard ancestors.count > 1 else { return found }
        let folder = ancestors[1]
        if let known = rooted.aboveFolder[folder] {
            found.formUnion(known)
        } else {
            let above = ancestors.dropFirst().flatMap { rooted.byRoot[$0] ?? [] }
            rooted.aboveFolder[folder] = above
            found.formUnion(above)
        }
        return found
    }

    /// How many files and folders are looked at, at most, to tell whether one target compiles
    /// Objective-C.
    static let objectiveCSearchLimit = 200_000

    private func judge(_ path: String, kind: InputKind, by owners: [(project: XcodeProject, scopes: [TargetScope])]) -> BuildJudgement {
        var decided: (scope: BuildScope, reason: String, target: String, project: String)?
        var tests: [String] = []
        var mode: LanguageMode?
        let ancestors = ancestors(of: path)
        for (project, scopes) in owners {
            let plists = kind == .propertyList ? infoPlistSources(of: project) : []
            // A target builds a file only when the file or a folder above it is among its roots:
            // only those targets are asked, in the project's order.
            let offsets: [Int]
            if kind == .propertyList {
                offsets = Array(0..<min(project.targets.count, scopes.count))
            } else {
                offsets = targetsRooted(at: path, ancestors: ancestors, in: project).filter { $0 < scopes.count }.sorted()
            }
            for offset in offsets {
                let target = project.targets[offset], scope = scopes[offset]
                if kind == .propertyList {
                    guard plists[offset].files.contains(path) else { continue }
                } else {
                    guard target.builds(path, ancestors: ancestors, interfaceBuilder: kind == .interfaceBuilder) else { continue }
                }
                if let targetMode = languageMode(of: target, at: offset, in: project) { mode = max(mode ?? targetMode, targetMode) }
                guard let run = scope.scope else {
                    tests.append(target.name)
                    continue
                }
                if decided == nil || run.strictness > decided!.scope.strictness {
                    decided = (run, scope.reason, target.name, project.file)
                }
            }
        }
        let owner = owners[0].project.file
        // A project may name a file in another case than the disk does (`UIDevice+DeviceInfo.m`
        // for `UIDevice+deviceInfo.m`): a Mac's file system does not tell them apart, so neither
        // does catalint, for a file no target names as it is spelled.
        if decided == nil, tests.isEmpty {
            for (project, _) in owners {
                if let spelled = spelledInAnotherCase(path, in: project) { return judge(spelled, kind: kind, by: owners) }
            }
        }
        if let decided {
            return BuildJudgement(scope: decided.scope, target: decided.target, project: decided.project, reason: decided.reason, languageMode: mode)
        }
        let names = owners.map { IdiomDetection.display($0.project.file) }.joined(separator: ", ")
        if !tests.isEmpty {
            let targets = tests.count == 1 ? "the test target \(tests[0])" : "the test targets \(tests.joined(separator: ", "))"
            return BuildJudgement(scope: nil, target: nil, project: owner,
                                  reason: "only \(targets) of \(names) \(kind == .interfaceBuilder ? "copy" : "compile")\(tests.count == 1 ? "s" : "") it: the app does not build it")
        }
        let what: String
        switch kind {
        case .swift, .objectiveC: what = "compiles it"
        case .propertyList: what = "names it as its Info.plist (INFOPLIST_FILE)"
        default: what = "copies it (a Resources phase or a synchronized folder)"
        }
        return BuildJudgement(scope: nil, target: nil, project: owner, reason: "no target of \(names) \(what)")
    }

    /// For each Objective-C file the projects build: the prefix header (`GCC_PREFIX_HEADER`) and
    /// the definitions (`GCC_PREPROCESSOR_DEFINITIONS`) of the target that judged it, in its
    /// Release configuration (else its first), for a Mac Catalyst build. By absolute path.
    func objcTargetSettings(for paths: [String]) -> [String: ObjCTargetSettings] {
        var result: [String: ObjCTargetSettings] = [:]
        for path in paths {
            guard let judgement = judgement(of: path), let targetName = judgement.target else { continue }
            let found: ObjCTargetSettings? = lock.withLock {
                for case .projects(let projects) in folders.values {
                    for (project, _) in projects where project.file == judgement.project {
                        guard let target = project.targets.first(where: { $0.name == targetName }),
                              let configuration = target.configurations.first(where: { $0.name == "Release" }) ?? target.configurations.first else { continue }
                        return Self.objcSettings(configuration, of: target, in: project)
                    }
                }
                return nil
            }
            if let found, found != ObjCTargetSettings() { result[Configuration.absolute(path)] = found }
        }
        return result
    }

    static func objcSettings(_ configuration: XcodeProject.BuildConfiguration, of target: XcodeProject.Target, in project: XcodeProject) -> ObjCTargetSettings {
        var settings = ObjCTargetSettings()
        if let header = project.pathSetting("GCC_PREFIX_HEADER", of: target, in: configuration), FileManager.default.fileExists(atPath: header) {
            settings.prefixHeaders = [header]
        }
        if let definitions = BuildSettings.resolve("GCC_PREPROCESSOR_DEFINITIONS", in: configuration.layers)?.value {
            settings.definitions = Self.words(definitions).filter { !$0.isEmpty && !$0.contains("$(") && !$0.contains("${") }
        }
        return settings
    }

    /// A setting's list, split at spaces outside quotes: `DEBUG=1 "NAME=a b"`.
    static func words(_ value: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        for character in value {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == " " || character == "\t" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The Info.plist sources of each target of `project`, read the first time they are asked.
    private func infoPlistSources(of project: XcodeProject) -> [InfoPlistSources] {
        if let known = infoPlists[project.file] { return known }
        let sources = project.targets.map { project.infoPlistSources(of: $0) }
        infoPlists[project.file] = sources
        let notes = sources.flatMap(\.notes).map { "\(IdiomDetection.display(project.file)): \($0); its Info.plist is not read" }
        if !notes.isEmpty { storedNotes[project.file, default: []] += notes }
        return sources
    }

    /// The apps and extensions of the projects that own `files` (paths as the run spells them):
    /// each such target that builds for iOS (not a test, not another platform), with its Info.plist
    /// files (spelled as in `files` when they are among them), their keys and the generated ones,
    /// and the files of `files` it builds. Sorted by project and target. `folders`: the folders
    /// whose every file the run reads (linted whole or indexed), which tell whether a project's
    /// declarations are all known.
    func targets(of files: [String], seeing folders: [String]) -> [TargetFact] {
        let judged = files.compactMap { file in judgement(of: file).map { (file, $0.project) } }
        let owning = Set(judged.map(\.1))
        return lock.withLock {
            var seen: Set<String> = []
            var owners: [(project: XcodeProject, scopes: [TargetScope])] = []
            for case .projects(let list) in self.folders.values {
                for entry in list where owning.contains(entry.project.file) && seen.insert(entry.project.file).inserted { owners.append(entry) }
            }
            let absolutes = files.map(Configuration.absolute)
            let spelled = Dictionary(zip(absolutes, files), uniquingKeysWith: { first, _ in first })
            let whole = folders.map(Configuration.absolute)
            let projects = owners.sorted { $0.project.file < $1.project.file }
            // The app and extension targets described, by project and target offset, under each
            // of their sources: each file's folders are looked up once for all the projects, and
            // `builds` then decides for the few targets found.
            struct Described: Hashable {
                var project: Int
                var target: Int
            }
            var rooted: [String: [Described]] = [:]
            for (number, (project, scopes)) in projects.enumerated() {
                for (offset, (target, scope)) in zip(project.targets, scopes).enumerated()
                where (target.isApplication || TargetScope.isExtension(target)) && scope.scope != nil && scope.scope != .notIOS {
                    for root in target.sources { rooted[root, default: []].append(Described(project: number, target: offset)) }
                }
            }
            var placed: [(file: String, absolute: String, ancestors: [String])] = []
            // Target -> the files (by their place in `placed`) it may build.
            var candidates: [Described: [Int]] = [:]
            // The targets described under a folder or any folder above it: the files of a folder
            // look its ancestors up once (looking up each file's `ancestors(of:)` instead cost 4M
            // instructions more, 0.7% of a warm run of a 1,340-file app).
            var underFolder: [String: [Described]] = [:]
            func described(under folder: String) -> [Described] {
                if let known = underFolder[folder] { return known }
                var found: [Described] = []
                for ancestor in IdiomDetection.Ancestry(folder) {
                    for described in rooted[ancestor] ?? [] where !found.contains(described) { found.append(described) }
                }
                underFolder[folder] = found
                return found
            }
            for (file, absolute) in zip(files, absolutes) where !rooted.isEmpty {
                var found: [Described] = []
                func look(_ path: String) {
                    for described in (rooted[path] ?? []) + described(under: IdiomDetection.parent(of: path)) where !found.contains(described) {
                        found.append(described)
                    }
                }
                look(absolute)
                // A header is built with its implementation beside it (an app delegate's `@interface`).
                if let implementation = Self.implementation(ofHeader: absolute) { look(implementation) }
                guard !found.isEmpty else { continue }
                for described in found { candidates[described, default: []].append(placed.count) }
                placed.append((file, absolute, ancestors(of: absolute)))
            }
            var facts: [TargetFact] = []
            for (number, (project, scopes)) in projects.enumerated() {
                let plists = infoPlistSources(of: project)
                for (offset, (target, scope)) in zip(project.targets, scopes).enumerated() where target.isApplication || TargetScope.isExtension(target) {
                    let kind = TargetScope.kind(of: target)
                    guard let run = scope.scope, run != .notIOS else { continue }
                    let sources = plists[offset]
                    var entries: [InfoPlistEntry] = []
                    var named: [String] = []
                    for file in sources.files {
                        let shown = spelled[file] ?? IdiomDetection.display(file)
                        named.append(shown)
                        if case .success(let read) = InfoPlist.read(file, shownAs: shown) { entries += read }
                    }
                    entries += sources.generated.map { entry in
                        var entry = entry
                        entry.position.path = spelled[entry.position.path] ?? IdiomDetection.display(entry.position.path)
                        return entry
                    }
                    let built = (candidates[Described(project: number, target: offset)] ?? []).map { placed[$0] }.filter { file in
                        target.builds(file.absolute, ancestors: file.ancestors, interfaceBuilder: false)
                            || Self.implementation(ofHeader: file.absolute).map { target.builds($0, ancestors: IdiomDetection.selfAndAncestors($0), interfaceBuilder: false) } == true
                    }.map(\.file)
                    // An App Clip is an app too; a Messages sticker pack has no code.
                    facts.append(TargetFact(name: target.name, kind: kind, isApplication: target.isApplication || kind == "application.on-demand-install-capable",
                                            project: IdiomDetection.display(project.file), infoPlists: named, generatesInfoPlist: sources.generates,
                                            entries: entries, sources: Set(built),
                                            declarationsComplete: whole.contains { IdiomDetection.isInside(project.folder, $0) }))
                }
            }
            return facts
        }
    }

    /// The implementation beside a header (`Cell.m` for `Cell.h`), which compiles what it declares;
    /// nil for a file that is no header or a header with none.
    static func implementation(ofHeader path: String) -> String? {
        guard path.hasSuffix(".h") else { return nil }
        let stem = String(path.dropLast(2))
        return [".m", ".mm", ".c", ".cpp", ".cc", ".cxx"].map { stem + $0 }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The projects in `folder`, read the first time it is asked.
    private func projects(in folder: String) -> FolderProjects {
        if let known = folders[folder] { return known }
        let found = read(folder)
        folders[folder] = found
        return found
    }

    /// The project files of `folder` that speak for its files, in the order they are read: its
    /// `.xcodeproj` files, or the XcodeGen spec that generates them when there is none (as for the
    /// idiom); and the package beside them.
    private static func projectFiles(in folder: String) -> [String] {
        let names = IdiomDetection.projectNames(in: folder, packages: true)
        let xcodeprojs = names.filter { $0.hasSuffix(".xcodeproj") }.map { IdiomDetection.join(folder, $0 + "/project.pbxproj") }
            .filter { FileManager.default.fileExists(atPath: $0) }
        let specs = names.filter { $0 == "project.yml" || $0 == "project.yaml" }.map { IdiomDetection.join(folder, $0) }
        let manifest = names.contains("Package.swift") ? IdiomDetection.join(folder, "Package.swift") : nil
        return xcodeprojs + (xcodeprojs.isEmpty ? Array(specs.prefix(1)) : []) + (manifest.map { [$0] } ?? [])
    }

    /// A project file read: what `projectFiles(in:)` gives, by its name, with what its reader said
    /// of it along the way (for the idiom's `--verbose` log).
    static func parse(_ file: String) -> ProjectReads.Logged {
        var lines: [String] = []
        do throws(XcodeProject.ReadError) {
            if file.hasSuffix("/Package.swift") { return (.success(try SwiftPackage.read(file)), lines) }
            if file.hasSuffix("/project.pbxproj") { return (.success(try XcodeProject.read(pbxproj: file, log: { lines.append($0) })), lines) }
            return (.success(try XcodeProject.read(xcodeGen: file, log: { lines.append($0) })), lines)
        } catch {
            return (.failure(error), lines)
        }
    }

    /// The project files read so far, sorted.
    var projectFilesRead: [String] { projectReads.files }

    /// How many project files this run took from the cache and how many it read; nil without a cache.
    public var projectReadCounts: (cached: Int, parsed: Int)? { projectReads.cache == nil ? nil : projectReads.readCounts }

    /// Starts reading, on another thread, the projects that judging the files at `paths` (in that
    /// order) will ask for: for each file, the folders up from it to the first that has a project
    /// file. The other thread takes the files from the last, so that the two threads meet in the
    /// middle rather than one waiting for the other at each project. Only the reading is done
    /// ahead: each file is read once, by whichever thread comes to it first, and a thread that
    /// needs a file another is reading waits for it; what is made of it is the same either way.
    func readProjectsAhead(above paths: [String]) {
        // Once a membership: a later run with it (a fix's next round) finds its projects read.
        guard readingAhead.withLock({ started in
            defer { started = true }
            return !started
        }) else { return }
        let reads = projectReads
        DispatchQueue.global(qos: .userInitiated).async {
            var seen: Set<String> = []
            for path in paths.reversed() {
                for folder in IdiomDetection.Ancestry(IdiomDetection.parent(of: Configuration.absolute(path))) {
                    // Every folder above one seen was seen too, or lies past a project file.
                    guard seen.insert(folder).inserted else { break }
                    let files = Self.projectFiles(in: folder)
                    for file in files { _ = reads.read(file) }
                    if !files.isEmpty { break }
                }
            }
        }
    }

    private func read(_ folder: String) -> FolderProjects {
        let files = Self.projectFiles(in: folder)
        if files.isEmpty { return .none }

        var projects: [(project: XcodeProject, scopes: [TargetScope])] = []
        var readable = true
        for file in files {
            do throws(XcodeProject.ReadError) {
                let project = try projectReads.read(file).read.get()
                if let stale = Self.staleness(of: project) {
                    storedProblems[file] = "\(IdiomDetection.display(file)): \(stale.missing) of the \(stale.listed) Swift and Interface Builder files it lists "
                        + "do not exist (\(IdiomDetection.display(stale.example)), ...): the project no longer matches the disk (a folder renamed or moved?); "
                        + "the files under \(IdiomDetection.display(folder)) are linted as if there were no project"
                    readable = false
                    continue
                }
                if let unfollowed = project.unfollowed {
                    storedNotes[file] = ["\(IdiomDetection.display(file)): \(unfollowed); the files under \(IdiomDetection.display(folder)) are linted as if there were no project"]
                    readable = false
                    continue
                }
                let scopes = TargetScope.of(project, idiomFromProject: idiomFromProjects)
                storedNotes[file] = ["project \(IdiomDetection.display(file)): " + (project.targets.isEmpty ? "no targets" : "\(project.targets.count) target\(project.targets.count == 1 ? "" : "s")")]
                    + zip(project.targets, scopes).map { target, scope in
                        "  target \(target.name): \(scope.scope.map(Self.describe) ?? "not linted (a test target)"): \(scope.reason)"
                    }
                projects.append((project, scopes))
            } catch {
                let said = "\(error.located(in: IdiomDetection.display(file))); the files under \(IdiomDetection.display(folder)) are linted as if there were no project"
                if error.beyondReading { storedNotes[file] = [said] } else { storedProblems[file] = said }
                readable = false
            }
        }
        return readable ? .projects(projects) : .unreadable
    }

    /// A project most of whose Swift and Interface Builder files are missing on disk (its folders
    /// were renamed or moved since it was written): how many it lists, how many are missing, and
    /// one of them; nil for a project that matches the disk. Such a project would leave every file
    /// unbuilt, so it decides nothing.
    static func staleness(of project: XcodeProject) -> (listed: Int, missing: Int, example: String)? {
        var listed: Set<String> = []
        for target in project.targets {
            for path in target.sources.union(target.resources) where InputKind(path: path).map({ $0 != .interfaceDescription }) == true {
                listed.insert(path)
            }
        }
        guard listed.count >= minimumListedForStaleness else { return nil }
        let missing = listed.filter { !FileManager.default.fileExists(atPath: $0) }.sorted()
        guard missing.count * 2 > listed.count, let example = missing.first else { return nil }
        return (listed.count, missing.count, example)
    }

    /// The fewest files a project must list for most of them missing to make it stale.
    static let minimumListedForStaleness = 3

    /// `the mac idiom`, `crash rules only`, … for `--verbose`.
    static func describe(_ scope: BuildScope) -> String {
        switch scope {
        case .onMac(.mac?): return "the mac idiom"
        case .onMac(nil): return "the run's idiom"
        case .onMac: return "the pad idiom"
        case .neverOnMac: return "never in the Mac idiom, crash rules only"
        case .notIOS: return "not iOS, no rule"
        }
    }
}

/// Project files read once each, by whichever thread asks first; a thread that asks for a file
/// another is reading waits for it. The idiom's detection and the build's membership share one
/// (`Workspace.open`): an app's Xcode project is read once for both.
final class ProjectReads: @unchecked Sendable {
    typealias Read = Result<XcodeProject, XcodeProject.ReadError>
    /// A file read, with the lines its reader logged while reading it, in order.
    typealias Logged = (read: Read, log: [String])

    private enum Slot {
        case reading
        case read(Logged)
    }

    private let slots = Locked<[String: Slot]>([:])
    /// How a file is read: `BuildMembership.parse`, or what a test gives.
    private let parse: @Sendable (String) -> Logged
    /// Where the readings of earlier runs are kept, when the run has a cache.
    let cache: ProjectReadCache?
    /// How many files were read from `cache`, and how many parsed, for `--verbose` and tests.
    private let counts = Locked<(cached: Int, parsed: Int)>((0, 0))

    init(cache: ProjectReadCache? = nil, parse: @escaping @Sendable (String) -> Logged = BuildMembership.parse) {
        self.cache = cache
        self.parse = parse
    }

    /// How many project files this run took from the cache, and how many it parsed.
    var readCounts: (cached: Int, parsed: Int) { counts.withLock { $0 } }

    /// The files asked for so far, sorted.
    var files: [String] { slots.withLock { $0.keys.sorted() } }

    /// The reading of `file` kept by an earlier run when it still holds, else a new one (kept for
    /// the next run).
    private func readOrLoad(_ file: String) -> Logged {
        guard let cache else {
            counts.withLock { $0.parsed += 1 }
            return parse(file)
        }
        if let kept = cache.load(file) {
            counts.withLock { $0.cached += 1 }
            return kept
        }
        let (value, observations) = ProjectReadCache.recording(file, parse)
        counts.withLock { $0.parsed += 1 }
        cache.store(file, value, observations: observations)
        return value
    }

    /// The project file at `file` as read the first time it was asked for.
    func read(_ file: String) -> Logged {
        let mine = slots.withLock { slots in
            guard slots[file] == nil else { return false }
            slots[file] = .reading
            return true
        }
        if mine {
            let value = readOrLoad(file)
            slots.withLock { $0[file] = .read(value) }
            slots.wakeWaiters()
            return value
        }
        var value: Logged?
        _ = slots.wait(until: nil) { slots in
            guard case .read(let read)? = slots[file] else { return false }
            value = read
            return true
        }
        return value!
    }
}
