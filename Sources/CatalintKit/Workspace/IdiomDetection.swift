import Foundation

/// Works out which idiom an app uses on the Mac from the settings of the Xcode project that owns
/// the linted files, for `idiom: auto`.
///
/// The project is the nearest one up the tree from the linted paths (a `*.xcodeproj`, else an
/// XcodeGen `project.yml`); within it count the targets that compile the linted files (without
/// any, the application targets; without those, every target). `TARGETED_DEVICE_FAMILY` containing
/// 6 in any of their configurations means "Optimize Interface for Mac", the Mac idiom;
/// `SUPPORTS_MACCATALYST = YES` without 6 means "Scale Interface to Match iPad", the iPad idiom;
/// neither means `mac`, the strict default.
public enum IdiomDetection {
    public struct Decision: Sendable, Equatable {
        public var idiom: Idiom
        /// The file that decided, or nil for the default.
        public var file: String?
        /// Why, in a sentence, for `--verbose`: the file, whose setting and its value.
        public var reason: String
    }

    /// Decides for the linted `paths` (files or folders; none means the working folder), telling
    /// `log` each step as it goes.
    public static func detect(for linted: [String], log: (String) -> Void = { _ in }) -> Decision {
        detect(for: linted, reads: ProjectReads(), log: log)
    }

    /// Decides as `detect(for:log:)` does, reading each project file through `reads` (which the
    /// run's build membership shares, so that the project is read once for both).
    static func detect(for linted: [String], reads: ProjectReads, log: (String) -> Void = { _ in }) -> Decision {
        let paths = (linted.isEmpty ? ["."] : linted).map(Configuration.absolute).map { path -> (path: String, isFolder: Bool) in
            var isFolder: ObjCBool = false
            return (path, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
        }
        let start = commonFolder(paths)
        log("looking for an Xcode project from \(display(start))")
        guard let (folder, files) = nearestProjects(from: start) else {
            return strictDefault("no Xcode project (*.xcodeproj, or XcodeGen project.yml) in \(display(start)) or above")
        }

        // An .xcodeproj is what Xcode builds; a project.yml beside one is what generated it, read
        // only when no .xcodeproj can be.
        var projects: [XcodeProject] = []
        let xcodeprojs = files.filter { $0.hasSuffix(".pbxproj") }
        for file in xcodeprojs + files.filter({ !$0.hasSuffix(".pbxproj") }) where projects.isEmpty || xcodeprojs.contains(file) {
            // Read as the membership reads it (by its name: `project.pbxproj` or an XcodeGen spec),
            // with what the reader said replayed here.
            let (read, said) = reads.read(file)
            for line in said { log(line) }
            do throws(XcodeProject.ReadError) {
                let project = try read.get()
                let list = project.targets.map { "\($0.name) (\($0.productType.split(separator: ".").last ?? "no type"))" }
                log("\(display(file)): \(list.isEmpty ? "no targets" : "targets " + list.joined(separator: ", "))")
                projects.append(project)
            } catch {
                log("\(display(file)): \(error); it decides nothing")
            }
        }
        if projects.isEmpty {
            return strictDefault("no project in \(display(folder)) could be read")
        }

        // The projects and targets that compile the linted files; else the application targets.
        var chosen: [(project: XcodeProject, targets: [XcodeProject.Target])] = projects.map { project in
            (project, project.targets.filter { target in
                paths.contains { path in
                    // A folder that holds the whole project selects no target in particular.
                    !(path.isFolder && isInside(project.folder, path.path)) && target.compiles(path.path, isFolder: path.isFolder)
                }
            })
        }.filter { !$0.targets.isEmpty }
        if chosen.isEmpty {
            chosen = projects.map { project in
                let applications = project.targets.filter(\.isApplication)
                return (project, applications.isEmpty ? project.targets : applications)
            }
            for (project, targets) in chosen {
                let whole = paths.contains { $0.isFolder && isInside(project.folder, $0.path) }
                log("using \(display(project.file)); \(whole ? "the linted folder holds the whole project" : "no target compiles the linted files"), so deciding from "
                    + (targets.isEmpty ? "no target" : (targets.allSatisfy(\.isApplication) ? "its application targets " : "every target ")
                        + targets.map(\.name).joined(separator: ", ")))
            }
        } else {
            for (project, targets) in chosen {
                log("using \(display(project.file)); \(targets.count == 1 ? "target" : "targets") \(targets.map(\.name).joined(separator: ", ")) "
                    + "\(targets.count == 1 ? "compiles" : "compile") the linted files")
            }
        }
        return decide(chosen.flatMap { chosen in chosen.targets }, log: log)
    }

    /// Device family 6 in any configuration of any target wins; then Mac Catalyst; then the default.
    static func decide(_ targets: [XcodeProject.Target], log: (String) -> Void) -> Decision {
        var catalyst: ResolvedSetting?
        for target in targets {
            for configuration in target.configurations {
                let family = BuildSettings.resolve("TARGETED_DEVICE_FAMILY", in: configuration.layers)
                let supports = BuildSettings.resolve("SUPPORTS_MACCATALYST", in: configuration.layers)
                for setting in [family, supports].compactMap({ $0 }) { log(describe(setting)) }
                if let family, BuildSettings.deviceFamilies(family.value).contains("6") {
                    return Decision(idiom: .mac, file: family.setting.file,
                                    reason: describe(family) + " (6: Optimize Interface for Mac, the mac idiom)")
                }
                if catalyst == nil, let supports, BuildSettings.isYes(supports.value) { catalyst = supports }
            }
        }
        if let catalyst {
            return Decision(idiom: .pad, file: catalyst.setting.file,
                            reason: describe(catalyst) + " without device family 6 (Scale Interface to Match iPad, the pad idiom)")
        }
        let names = targets.map(\.name).joined(separator: ", ")
        return strictDefault(targets.isEmpty ? "the project has no targets"
                             : "\(targets.count == 1 ? "target" : "targets") \(names) set neither TARGETED_DEVICE_FAMILY with 6 nor SUPPORTS_MACCATALYST = YES")
    }

    private static func strictDefault(_ why: String) -> Decision {
        Decision(idiom: .mac, file: nil, reason: why + "; using the strict default, mac")
    }

    /// `Recipes.xcodeproj/project.pbxproj: target Recipes (Release) sets TARGETED_DEVICE_FAMILY = "1,2,6"`.
    static func describe(_ resolved: ResolvedSetting) -> String {
        let value = resolved.setting.value.contains(where: { $0 == "," || $0 == " " }) || resolved.setting.value.isEmpty
            ? "\"\(resolved.setting.value)\"" : resolved.setting.value
        let file = resolved.setting.file == resolved.layer.file
            ? display(resolved.setting.file)
            : "\(display(resolved.setting.file)) (included by \(display(resolved.layer.file)))"
        let result = resolved.value == resolved.setting.value ? "" : " (\(resolved.setting.key) is then \"\(resolved.value)\")"
        let owner = resolved.layer.owner.contains(",") ? resolved.layer.owner + "," : resolved.layer.owner
        return "\(file): \(owner) sets \(resolved.setting.written) = \(value)\(result)"
    }

    // MARK: Finding the project

    /// The nearest folder from `start` up that holds a `*.xcodeproj` with a `project.pbxproj`, or a
    /// `project.yml`/`project.yaml`, and those files (projects sorted, then the XcodeGen spec).
    static func nearestProjects(from start: String) -> (folder: String, files: [String])? {
        var folder = start
        while true {
            let names = projectNames(in: folder)
            var files = names.filter { $0.hasSuffix(".xcodeproj") }.map { join(folder, $0 + "/project.pbxproj") }
                .filter { FileManager.default.fileExists(atPath: $0) }
            files += names.filter { $0 == "project.yml" || $0 == "project.yaml" }.map { join(folder, $0) }
            if !files.isEmpty { return (folder, files) }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }

    /// The names in `folder` that can be an Xcode project (`*.xcodeproj`) or an XcodeGen spec, and
    /// with `packages` a package manifest, sorted. Only those are sorted: a folder above the linted
    /// files (a temporary folder, a home) can hold thousands of other names.
    static func projectNames(in folder: String, packages: Bool = false) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { name in
            name.hasSuffix(".xcodeproj") || name == "project.yml" || name == "project.yaml" || (packages && name == "Package.swift")
        }.sorted()
    }

    /// The deepest folder that holds every path (a folder holds itself).
    static func commonFolder(_ paths: [(path: String, isFolder: Bool)]) -> String {
        let folders = paths.map { ($0.isFolder ? $0.path : ($0.path as NSString).deletingLastPathComponent).split(separator: "/") }
        guard var common = folders.first else { return "/" }
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix(while: { $0.0 == $0.1 }).map(\.0))
        }
        return "/" + common.joined(separator: "/")
    }

    // MARK: Paths

    /// The folder holding `path`, as `NSString.deletingLastPathComponent` gives it for an absolute
    /// path (`/a/b/c.swift` -> `/a/b`, `/a` -> `/`; trailing slashes ignored; `""` for a bare name),
    /// by UTF-8 bytes: NSString's took a tenth of a warm run, once per file.
    static func parent(of path: String) -> String {
        let slash = UInt8(ascii: "/")
        let bytes = Array(path.utf8)
        var end = bytes.count
        while end > 1, bytes[end - 1] == slash { end -= 1 }
        guard var cut = bytes[..<end].lastIndex(of: slash) else { return "" }
        while cut > 0, bytes[cut - 1] == slash { cut -= 1 }
        return cut == 0 ? "/" : String(decoding: bytes[..<cut], as: UTF8.self)
    }

    /// `base` and `path` joined (an absolute `path` stands alone), with `.` and `..` worked out.
    static func join(_ base: String, _ path: String) -> String {
        let whole = path.hasPrefix("/") ? path : base + "/" + path
        // Most joins have nothing to work out.
        if whole.utf8.first == UInt8(ascii: "/"), Configuration.isNormal(whole) { return whole }
        // By UTF-8 bytes: a Substring made for each part cost 23k instructions a join, a
        // quarter of reading an Xcode project.
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var joined: [UInt8] = []
        var starts: [Int] = []
        for part in whole.utf8.split(separator: slash) {
            if part.count == 1, part.first == dot { continue }
            if part.count == 2, part.allSatisfy({ $0 == dot }) {
                if let start = starts.popLast() { joined.removeSubrange(start...) }
                continue
            }
            starts.append(joined.count)
            joined.append(slash)
            joined.append(contentsOf: part)
        }
        return joined.isEmpty ? "/" : String(decoding: joined, as: UTF8.self)
    }

    /// True when `path` is `folder` or inside it.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || folder == "/" || path.hasPrefix(folder + "/")
    }

    /// `/a/b/c` -> `/a/b/c`, `/a/b`, `/a`, `/`.
    static func selfAndAncestors(_ path: String) -> [String] {
        Array(Ancestry(path))
    }

    /// `path`, then each folder above it up to `/`, made one at a time as they are asked for:
    /// `selfAndAncestors` for a walk up that stops early.
    struct Ancestry: Sequence, IteratorProtocol {
        private let path: String
        private var current: Substring
        private var step = Step.path

        private enum Step {
            case path, folders, done
        }

        init(_ path: String) {
            self.path = path
            self.current = Substring(path)
        }

        mutating func next() -> String? {
            switch step {
            case .path:
                step = .folders
                return path
            case .folders:
                // By UTF-8 bytes: `/` is one byte, and a search by Character costs ten times as much.
                if let slash = current.utf8.lastIndex(of: UInt8(ascii: "/")), slash != current.startIndex {
                    current = current[..<slash]
                    return String(current)
                }
                step = .done
                return path != "/" ? "/" : nil
            case .done:
                return nil
            }
        }
    }

    /// `path` relative to the working folder when it is inside it, else as is.
    static func display(_ path: String) -> String {
        let current = Configuration.workingDirectory
        return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
    }
}
