import Foundation
import Yams

/// The targets of one project, read from an Xcode `project.pbxproj`, an XcodeGen `project.yml` or
/// a SwiftPM `Package.swift` (see `SwiftPackage`): what each compiles and copies, and its build
/// settings, configuration by configuration.
struct XcodeProject: Equatable {
    /// `…/Recipes.xcodeproj/project.pbxproj`, `…/project.yml` or `…/Package.swift`.
    var file: String
    /// The folder that holds the `.xcodeproj`, the `project.yml` or the `Package.swift`.
    var folder: String
    var targets: [Target]
    /// The folders whose files the project speaks for: nil for every file under `folder` (an Xcode
    /// project, an XcodeGen spec); a package speaks for the folders SwiftPM reads (`Sources`,
    /// `Tests`, `Plugins`, …) and its targets' own paths.
    var claimed: [String]?
    /// Why the project cannot tell which files it builds (it leaves that to parts catalint does
    /// not read); nil when it can.
    var unfollowed: String?
    /// True for a SwiftPM package: its targets are SwiftPM's kinds, and have no build settings.
    var isPackage = false

    /// True when the file at `path` is the project's to build or leave out.
    func claims(_ path: String) -> Bool {
        guard let claimed else { return IdiomDetection.isInside(path, folder) }
        return claimed.contains { IdiomDetection.isInside(path, $0) }
    }

    struct Target: Equatable {
        var name: String
        /// `com.apple.product-type.application`, XcodeGen's `application`, or SwiftPM's kind of
        /// target (`target`, `testTarget`, `plugin`, …).
        var productType: String
        /// Files and folders it compiles, absolute (a folder: everything in it).
        var sources: Set<String> = []
        /// Paths inside `sources` and `resources` that are not its own (exceptions of a
        /// synchronized folder, a package target's `exclude`).
        var excluded: Set<String> = []
        /// Interface Builder files it copies (its Resources phase), and folders whose Interface
        /// Builder files it copies (an XcodeGen resources path, a package target's folder).
        var resources: Set<String> = []
        /// Patterns that take files out of (or, with `includes`, keep in) a source folder: XcodeGen's
        /// `excludes` and `includes`.
        var patterns: [SourcePatterns] = []
        var configurations: [BuildConfiguration] = []
        /// The targets of the project it depends on, links or embeds (for Mac Catalyst: a
        /// dependency filtered to other platforms is left out), by name.
        var uses: [String] = []
        /// True when other targets embed it or depend on it, each only with a platform filter that
        /// leaves Mac Catalyst out (`platformFilter = ios`): the Mac build of the app leaves it out.
        var filteredOffMacCatalyst = false

        var isApplication: Bool {
            productType == "com.apple.product-type.application" || productType == "application"
        }

        /// A package target's language mode, as its manifest says (`.swiftLanguageMode(.v5)`, the
        /// package's `swiftLanguageModes:`, its tools version); nil for other targets.
        var declaredLanguageMode: LanguageMode?

        /// The Swift language mode it compiles in: its `SWIFT_VERSION` (the newest of its
        /// configurations'), or what its manifest declares; nil when neither says.
        var languageMode: LanguageMode? {
            if let declaredLanguageMode { return declaredLanguageMode }
            return configurations.compactMap { BuildSettings.resolve("SWIFT_VERSION", in: $0.layers).flatMap { LanguageMode(setting: $0.value) } }.max()
        }

        /// True when the target compiles the file `path` (or a folder above it is one of its
        /// sources), or for a folder, a file in it.
        func compiles(_ path: String, isFolder: Bool) -> Bool {
            if isOwn(path, IdiomDetection.selfAndAncestors(path), in: sources) { return true }
            return isFolder && sources.contains { IdiomDetection.isInside($0, path) && isOwn($0, IdiomDetection.selfAndAncestors($0), in: sources) }
        }

        /// True when the target builds the file at `path` (`ancestors` is `path` and the folders
        /// above it): compiles a Swift file, or copies (and compiles) an Interface Builder file, which
        /// its Resources phase names or which is in one of its source or resource folders.
        func builds(_ path: String, ancestors: [String], interfaceBuilder: Bool) -> Bool {
            isOwn(path, ancestors, in: sources) || (interfaceBuilder && isOwn(path, ancestors, in: resources))
        }

        /// `path` or a folder above it is in `roots`, and no exception or pattern takes it out.
        private func isOwn(_ path: String, _ ancestors: [String], in roots: Set<String>) -> Bool {
            guard !roots.isEmpty else { return false }
            var source = false
            for folder in ancestors {
                if !excluded.isEmpty, excluded.contains(folder) { return false }
                source = source || roots.contains(folder)
            }
            return source && !patterns.contains { $0.excludes(path) }
        }
    }

    /// XcodeGen's `excludes` and `includes` of one source folder, relative to it.
    struct SourcePatterns: Equatable {
        var folder: String
        var excludes: [Glob]
        var includes: [Glob]

        /// True when the patterns take `path` (inside `folder`) out of the target.
        func excludes(_ path: String) -> Bool {
            guard let relative = Paths.relative(path, to: folder), !relative.isEmpty else { return false }
            if excludes.contains(where: { $0.matches(relative) }) { return true }
            return !includes.isEmpty && !includes.contains { $0.matches(relative) }
        }
    }

    struct BuildConfiguration: Equatable {
        var name: String
        /// Lowest precedence first.
        var layers: [SettingsLayer]
    }

    /// Why a project could not be read, with where in its file when that is known.
    struct ReadError: Error, Equatable, CustomStringConvertible {
        var message: String
        var line: Int?
        var column: Int?
        /// True when the file is well formed but goes beyond what catalint reads without running
        /// it (a manifest that computes its targets): said with `--verbose`, not as a warning on
        /// every run, since the user has nothing to fix.
        var beyondReading = false

        init(description: String, line: Int? = nil, column: Int? = nil) {
            self.message = description
            self.line = line
            self.column = column
        }

        /// The message, after the line and column when they are known (for `--verbose`, which names the file first).
        var description: String {
            guard let line else { return message }
            return "line \(line), column \(column ?? 1): \(message)"
        }

        /// `file:line:column: message`, or `file: message` when the place is not known.
        func located(in file: String) -> String {
            guard let line else { return "\(file): \(message)" }
            return "\(file):\(line):\(column ?? 1): \(message)"
        }
    }

    /// The largest project file read (a `project.pbxproj` of a large app has a few megabytes): past
    /// it the project decides nothing.
    static let maximumFileSize = 64_000_000

    /// The contents of a project file, unless it cannot be read or is past `maximumFileSize`.
    static func contents(of file: String) throws(ReadError) -> Data {
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue ?? 0
        if size > maximumFileSize {
            throw ReadError(description: "it has \(size) bytes, more than a project file has (\(maximumFileSize)); not read")
        }
        ProjectObservation.reading(file)
        guard let data = FileManager.default.contents(atPath: file) else { throw ReadError(description: "cannot read it") }
        return data
    }
}

// MARK: - Xcode project

extension XcodeProject {
    /// Reads `…/Name.xcodeproj/project.pbxproj`.
    static func read(pbxproj file: String, log: (String) -> Void) throws(ReadError) -> XcodeProject {
        let data = try contents(of: file)
        let text = String(decoding: data, as: UTF8.self)
        let root: PropertyList
        do {
            root = try PropertyList.parse(text)
        } catch {
            throw ReadError(description: "not a property list (\(error.message))", line: error.line, column: error.column)
        }
        guard let objects = root["objects"]?.dictionary, let rootID = root["rootObject"]?.string,
              let project = objects[rootID], project["isa"]?.string == "PBXProject" else {
            throw ReadError(description: "no project object in it")
        }
        let folder = ((file as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let sourceRoot = IdiomDetection.join(folder, project["projectDirPath"]?.string ?? "")
        var reader = ObjectReader(file: file, text: text, objects: objects, sourceRoot: sourceRoot)
        reader.resolveGroups(from: project["mainGroup"]?.string)

        let projectConfigurations = reader.configurations(project["buildConfigurationList"]?.string, owner: { "the project's \($0) configuration" }, log: log)
        var targets: [Target] = []
        // Which target makes each product, for the frameworks a target links or embeds.
        var productOf: [String: String] = [:]
        for id in project["targets"]?.array?.compactMap(\.string) ?? [] {
            if let product = objects[id]?["productReference"]?.string { productOf[product] = objects[id]?["name"]?.string ?? id }
        }
        /// False for a dependency or build file whose platform filters leave Mac Catalyst out.
        func allowsCatalyst(_ object: PropertyList?) -> Bool {
            let filters = (object?["platformFilters"]?.array?.compactMap(\.string) ?? []) + [object?["platformFilter"]?.string].compactMap { $0 }
            return filters.isEmpty || filters.contains("maccatalyst")
        }
        // Per target name: whether some embedding or dependency lets Mac Catalyst build it, when any names it.
        var embeddedForCatalyst: [String: Bool] = [:]
        for id in project["targets"]?.array?.compactMap(\.string) ?? [] {
            guard let object = objects[id], object["isa"]?.string == "PBXNativeTarget" else { continue }
            let name = object["name"]?.string ?? id
            var target = Target(name: name, productType: object["productType"]?.string ?? "")
            for dependency in object["dependencies"]?.array?.compactMap(\.string) ?? [] {
                guard let used = objects[dependency]?["target"]?.string, let usedName = objects[used]?["name"]?.string else { continue }
                let allowed = allowsCatalyst(objects[dependency])
                embeddedForCatalyst[usedName] = embeddedForCatalyst[usedName] == true || allowed
                if allowed { target.uses.append(usedName) }
            }
            for phase in object["buildPhases"]?.array?.compactMap(\.string) ?? [] {
                let isa = objects[phase]?["isa"]?.string
                if isa == "PBXFrameworksBuildPhase" || isa == "PBXCopyFilesBuildPhase" {
                    for buildFile in objects[phase]?["files"]?.array?.compactMap(\.string) ?? [] {
                        guard let reference = objects[buildFile]?["fileRef"]?.string, let used = productOf[reference], used != name else { continue }
                        let allowed = allowsCatalyst(objects[buildFile])
                        if isa == "PBXCopyFilesBuildPhase" { embeddedForCatalyst[used] = embeddedForCatalyst[used] == true || allowed }
                        if allowed { target.uses.append(used) }
                    }
                }
                guard isa == "PBXSourcesBuildPhase" || isa == "PBXResourcesBuildPhase" else { continue }
                for buildFile in objects[phase]?["files"]?.array?.compactMap(\.string) ?? [] {
                    guard let reference = objects[buildFile]?["fileRef"]?.string else { continue }
                    // The files an entry stands for: a file, or each language of a localized one.
                    let files = reader.paths(ofBuildFile: reference)
                    if isa == "PBXSourcesBuildPhase" {
                        target.sources.formUnion(files)
                    } else {
                        target.resources.formUnion(files.filter { InputKind(path: $0) == .interfaceBuilder })
                    }
                }
            }
            reader.addSynchronizedGroups(of: id, listed: object["fileSystemSynchronizedGroups"]?.array?.compactMap(\.string) ?? [], to: &target)
            let own = reader.configurations(object["buildConfigurationList"]?.string, owner: { "target \(name) (\($0))" }, log: log)
            target.configurations = own.map { configuration in
                let inherited = projectConfigurations.first { $0.name == configuration.name }?.layers.map { layer in
                    SettingsLayer(owner: layer.owner + ", inherited by target \(name)", file: layer.file, settings: layer.settings)
                } ?? []
                return BuildConfiguration(name: configuration.name, layers: inherited + configuration.layers)
            }
            targets.append(target)
        }
        for index in targets.indices where embeddedForCatalyst[targets[index].name] == false { targets[index].filteredOffMacCatalyst = true }
        return XcodeProject(file: file, folder: folder, targets: targets)
    }
}

/// Looks objects up by id in a pbxproj and resolves file references to paths through the group tree.
private struct ObjectReader {
    let file: String
    let objects: [String: PropertyList]
    let sourceRoot: String
    /// The synchronized folders (Xcode 16) of the project.
    let synchronizedGroups: [String]
    /// Paths of the groups and files reached from the main group.
    var paths: [String: String] = [:]
    var xcconfigs: [String: [BuildSetting]] = [:]
    /// The file's text, and where its settings stand in it once one was placed (`configurations`).
    let text: String
    var placer: BuildSettings.ProjectText?

    init(file: String, text: String, objects: [String: PropertyList], sourceRoot: String) {
        self.file = file
        self.text = text
        self.objects = objects
        self.sourceRoot = sourceRoot
        synchronizedGroups = objects.filter { $0.value["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" }.keys.sorted()
    }

    /// Walks the group tree from the main group (without recursion; each group once).
    mutating func resolveGroups(from mainGroup: String?) {
        guard let mainGroup else { return }
        var pending: [(id: String, parent: String?)] = [(mainGroup, sourceRoot)]
        var seen: Set<String> = []
        while let (id, parent) = pending.popLast() {
            guard seen.insert(id).inserted, let object = objects[id] else { continue }
            let path = resolve(object, parent: parent)
            if let path { paths[id] = path }
            for child in object["children"]?.array?.compactMap(\.string) ?? [] {
                pending.append((child, path))
            }
        }
    }

    /// A reference's path from its `sourceTree` and `path`; nil for trees outside the project
    /// (`BUILT_PRODUCTS_DIR`, `SDKROOT`, …) and for groups under them.
    private func resolve(_ object: PropertyList, parent: String?) -> String? {
        let path = object["path"]?.string
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            guard let parent else { return nil }
            return path.map { IdiomDetection.join(parent, $0) } ?? parent
        case "SOURCE_ROOT":
            return path.map { IdiomDetection.join(sourceRoot, $0) } ?? sourceRoot
        case "<absolute>":
            return path.map { IdiomDetection.join("/", $0) }
        default:
            return nil
        }
    }

    /// The path of a file reference or group; one outside the group tree resolves only when it does
    /// not depend on a group.
    func path(of id: String) -> String? {
        if let path = paths[id] { return path }
        return objects[id].flatMap { resolve($0, parent: nil) }
    }

    /// The files a build phase entry names: the file, or each file of a variant group (a localized
    /// storyboard or intent definition, which has a name and no path of its own: its path would be
    /// its group's folder). A folder reference is copied as it is, never compiled, and a group is no
    /// file: they name none.
    func paths(ofBuildFile id: String) -> [String] {
        guard let object = objects[id] else { return [] }
        if object["isa"]?.string == "PBXVariantGroup" {
            return (object["children"]?.array?.compactMap(\.string) ?? []).flatMap(paths(ofBuildFile:))
        }
        let type = object["lastKnownFileType"]?.string ?? object["explicitFileType"]?.string ?? ""
        guard object["isa"]?.string != "PBXGroup", type != "folder", !type.hasPrefix("folder.") else { return [] }
        return path(of: id).map { [$0] } ?? []
    }

    /// The configurations of an `XCConfigurationList`, each with its `.xcconfig` (when it has one)
    /// and then its own settings.
    mutating func configurations(_ listID: String?, owner: (String) -> String, log: (String) -> Void) -> [XcodeProject.BuildConfiguration] {
        guard let listID, let ids = objects[listID]?["buildConfigurations"]?.array?.compactMap(\.string) else { return [] }
        var result: [XcodeProject.BuildConfiguration] = []
        for id in ids {
            guard let object = objects[id], object["isa"]?.string == "XCBuildConfiguration" else { continue }
            let name = object["name"]?.string ?? id
            var layers: [SettingsLayer] = []
            if let xcconfig = baseConfiguration(of: object) {
                if xcconfigs[xcconfig] == nil {
                    log("\(IdiomDetection.display(file)): reading \(IdiomDetection.display(xcconfig)), the base configuration of \(owner(name))")
                    xcconfigs[xcconfig] = BuildSettings.readXcconfig(xcconfig, log: log)
                }
                layers.append(SettingsLayer(owner: "the base configuration of " + owner(name), file: xcconfig, settings: xcconfigs[xcconfig] ?? []))
            }
            var settings: [BuildSetting] = []
            for (key, value) in (object["buildSettings"]?.dictionary ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let valueText = value.string ?? value.array?.compactMap(\.string).joined(separator: " ") else { continue }
                var setting = BuildSetting(written: key, value: valueText, file: file, configuration: id)
                // A generated Info.plist key's setting is placed now, from the text just parsed, so
                // that a finding about the key points at it without reading the file again (placing
                // it on every run read, decoded and indexed the whole file: 18M instructions for a
                // 1 MB project); the place is kept with the project's reading.
                if setting.key.hasPrefix(XcodeProject.generatedPrefix) {
                    if placer == nil { placer = BuildSettings.ProjectText(source: SourceText(path: file, text: text)) }
                    setting.placedAt = placer?.place(setting)
                }
                settings.append(setting)
            }
            layers.append(SettingsLayer(owner: owner(name), file: file, settings: settings))
            result.append(XcodeProject.BuildConfiguration(name: name, layers: layers))
        }
        return result
    }

    /// `baseConfigurationReference`, or Xcode 16's anchor (a synchronized folder) and relative path.
    private func baseConfiguration(of configuration: PropertyList) -> String? {
        if let reference = configuration["baseConfigurationReference"]?.string {
            return path(of: reference)
        }
        if let anchor = configuration["baseConfigurationReferenceAnchor"]?.string,
           let relative = configuration["baseConfigurationReferenceRelativePath"]?.string, let folder = path(of: anchor) {
            return IdiomDetection.join(folder, relative)
        }
        return nil
    }

    /// Xcode 16's synchronized folders: a listed folder is the target's, but for the files its
    /// exception set names; a folder not listed brings only the files its exception set names.
    func addSynchronizedGroups(of targetID: String, listed: [String], to target: inout XcodeProject.Target) {
        for id in synchronizedGroups {
            let exceptions = exceptions(of: id, for: targetID)
            guard listed.contains(id) || exceptions != nil, let folder = path(of: id) else { continue }
            let names = (exceptions ?? []).map { IdiomDetection.join(folder, $0) }
            if listed.contains(id) {
                target.sources.insert(folder)
                target.excluded.formUnion(names)
            } else {
                target.sources.formUnion(names)
            }
        }
    }

    /// The `membershipExceptions` of a synchronized folder for a target, nil when it has none.
    private func exceptions(of group: String, for targetID: String) -> [String]? {
        var names: [String]?
        for id in objects[group]?["exceptions"]?.array?.compactMap(\.string) ?? [] {
            guard let set = objects[id], set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                  set["target"]?.string == targetID else { continue }
            names = (names ?? []) + (set["membershipExceptions"]?.array?.compactMap(\.string) ?? [])
        }
        return names
    }
}

// MARK: - XcodeGen

extension XcodeProject {
    /// Reads an XcodeGen `project.yml`: targets with their `sources`, `settings` (`base`, `configs`
    /// or plain keys), `configFiles`, and the project's `settings` and `configFiles` under them.
    static func read(xcodeGen file: String, log: (String) -> Void) throws(ReadError) -> XcodeProject {
        let data = try contents(of: file)
        let root: Node
        let text = String(decoding: data, as: UTF8.self)
        let source = SourceText(path: file, text: text)
        // Aliases in keys, or nested aliases, would make composing the file take exponential time.
        if let refusal = YAMLAliases.check(source) {
            throw ReadError(description: "not read: \(refusal.message)",
                            line: refusal.position.line, column: refusal.position.column)
        }
        do {
            guard let node = try Yams.compose(yaml: text, .default, .default, .utf8), node.mapping != nil else {
                throw ReadError(description: "not a YAML mapping")
            }
            root = node
        } catch let error as ReadError {
            throw error
        } catch {
            // Yams quotes the offending line, which can be long: the first line of its message, shortened.
            let message = "\(error)".split(separator: "\n").first.map { String($0.prefix(160)) } ?? ""
            let position = YAMLProblem.describe(error, in: source).position
            throw ReadError(description: "not YAML (\(message))", line: position.line, column: position.column)
        }
        let folder = (file as NSString).deletingLastPathComponent
        var xcconfigs: [String: [BuildSetting]] = [:]
        func configFile(_ node: Node?, _ configuration: String, owner: String) -> SettingsLayer? {
            guard let path = XcodeGen.value(node?.mapping, configuration)?.string else { return nil }
            let absolute = IdiomDetection.join(folder, path)
            if xcconfigs[absolute] == nil {
                log("\(IdiomDetection.display(file)): reading \(IdiomDetection.display(absolute)), the configuration file of \(owner)")
                xcconfigs[absolute] = BuildSettings.readXcconfig(absolute, log: log)
            }
            return SettingsLayer(owner: "the configuration file of \(owner)", file: absolute, settings: xcconfigs[absolute] ?? [])
        }

        var names: [String] = []
        func collectNames(_ settings: Node?, _ configFiles: Node?) {
            for node in [settings?.mapping?["configs"], configFiles] {
                for (key, _) in node?.mapping ?? [:] { if let name = key.string, !names.contains(name) { names.append(name) } }
            }
        }
        for (key, _) in root.mapping?["configs"]?.mapping ?? [:] { if let name = key.string { names.append(name) } }
        collectNames(root.mapping?["settings"], root.mapping?["configFiles"])
        let targetNodes = (root.mapping?["targets"]?.mapping ?? [:]).compactMap { key, value in key.string.map { ($0, value) } }
        for (_, node) in targetNodes { collectNames(node.mapping?["settings"], node.mapping?["configFiles"]) }
        if names.isEmpty { names = ["Debug", "Release"] }

        var targets: [Target] = []
        // Targets and sources that other specs bring in are not read: then which files the project
        // builds is not known.
        var unfollowed: String? = root.mapping?["include"] != nil
            ? "it includes other specs (include:), which catalint does not merge, so its targets are not all known" : nil
        if root.mapping?["targets"]?.mapping == nil {
            // Some other tool's project.yml, or a spec whose targets all come from elsewhere.
            unfollowed = unfollowed ?? "it has no `targets:` mapping, so which files it builds is not known"
        }
        for (name, node) in targetNodes {
            let type = node.mapping?["type"]?.string ?? ""
            var target = Target(name: name, productType: type)
            XcodeGen.addSources(node.mapping?["sources"], folder: folder, to: &target)
            let destinations = node.mapping?["supportedDestinations"]?.sequence?.compactMap(\.string) ?? []
            let platform = XcodeGen.platformSettings(node.mapping?["platform"], destinations: destinations, file: file)
            if node.mapping?["templates"] != nil && unfollowed == nil {
                unfollowed = "target \(name) takes settings from templates, which catalint does not expand, so its sources are not known"
            }
            for configuration in names {
                var layers: [SettingsLayer] = []
                if !platform.isEmpty {
                    layers.append(SettingsLayer(owner: "target \(name) (platform and supportedDestinations)", file: file, settings: platform))
                }
                let projectOwner = "the project's settings, inherited by target \(name) (\(configuration))"
                if let layer = configFile(root.mapping?["configFiles"], configuration, owner: "the project, inherited by target \(name) (\(configuration))") {
                    layers.append(layer)
                }
                layers.append(SettingsLayer(owner: projectOwner, file: file, settings: XcodeGen.settings(root.mapping?["settings"], configuration, file: file)))
                if destinations.contains(where: { $0.lowercased() == "maccatalyst" }) {
                    layers.append(SettingsLayer(owner: "target \(name) (supportedDestinations: macCatalyst)", file: file,
                                                settings: [BuildSetting(written: "SUPPORTS_MACCATALYST", value: "YES", file: file)]))
                }
                if let layer = configFile(node.mapping?["configFiles"], configuration, owner: "target \(name) (\(configuration))") {
                    layers.append(layer)
                }
                layers.append(SettingsLayer(owner: "target \(name) (\(configuration))", file: file,
                                            settings: XcodeGen.settings(node.mapping?["settings"], configuration, file: file)))
                target.configurations.append(BuildConfiguration(name: configuration, layers: layers))
            }
            targets.append(target)
        }
        var project = XcodeProject(file: file, folder: folder, targets: targets)
        project.unfollowed = unfollowed
        return project
    }
}

/// The parts of XcodeGen's spec that idiom detection and build membership read.
private enum XcodeGen {
    /// A mapping's value for a configuration name, compared as XcodeGen does, without case.
    static func value(_ mapping: Node.Mapping?, _ configuration: String) -> Node? {
        mapping?.first { $0.key.string?.lowercased() == configuration.lowercased() }?.value
    }

    /// `sources: Folder`, `sources: [A, B]` or `sources: [{path: A, excludes: [...], buildPhase: ...}]`:
    /// a source path compiles its Swift files and copies its Interface Builder files; with
    /// `buildPhase: resources` it only copies; a folder reference (`type: folder`) and
    /// `buildPhase: none` (or any other phase) do neither.
    static func addSources(_ node: Node?, folder: String, to target: inout XcodeProject.Target) {
        guard let node else { return }
        if let path = node.string {
            target.sources.insert(IdiomDetection.join(folder, path))
            return
        }
        for entry in node.sequence ?? [] {
            guard let path = entry.string ?? entry.mapping?["path"]?.string else { continue }
            let absolute = IdiomDetection.join(folder, path)
            let mapping = entry.mapping
            if mapping?["type"]?.string == "folder" { continue }
            let phase = mapping?["buildPhase"]?.string ?? (mapping?["buildPhase"] == nil ? "sources" : "other")
            switch phase {
            case "sources": target.sources.insert(absolute)
            case "resources": target.resources.insert(absolute)
            default: continue
            }
            let excludes = strings(mapping?["excludes"]).map(Glob.init)
            let includes = strings(mapping?["includes"]).map(Glob.init)
            if !excludes.isEmpty || !includes.isEmpty {
                target.patterns.append(XcodeProject.SourcePatterns(folder: absolute, excludes: excludes, includes: includes))
            }
        }
    }

    private static func strings(_ node: Node?) -> [String] {
        node?.string.map { [$0] } ?? node?.sequence?.compactMap(\.string) ?? []
    }

    /// The settings XcodeGen derives from a target's `platform` (one, or a list) and
    /// `supportedDestinations`: `SDKROOT` and `SUPPORTED_PLATFORMS`, which tell where it runs.
    static func platformSettings(_ platform: Node?, destinations: [String], file: String) -> [BuildSetting] {
        let names: [String: (sdk: String, platforms: String)] = [
            "ios": ("iphoneos", "iphoneos iphonesimulator"), "macos": ("macosx", "macosx"),
            "watchos": ("watchos", "watchos watchsimulator"), "tvos": ("appletvos", "appletvos appletvsimulator"),
            "visionos": ("xros", "xros xrsimulator"),
        ]
        // A list of platforms makes a target per platform: the iOS one, when there is one, is the
        // strictest of them.
        let platforms = (platform?.string.map { [$0] } ?? platform?.sequence?.compactMap(\.string) ?? []).map { $0.lowercased() }
        var settings: [BuildSetting] = []
        if let known = names[platforms.contains("ios") ? "ios" : platforms.first ?? ""] {
            settings.append(BuildSetting(written: "SDKROOT", value: known.sdk, file: file))
        }
        let supported = destinations.compactMap { names[$0.lowercased()]?.platforms }
        if !supported.isEmpty {
            settings.append(BuildSetting(written: "SUPPORTED_PLATFORMS", value: supported.joined(separator: " "), file: file))
        }
        return settings
    }

    /// Build settings for one configuration: `base` and the plain keys, then `configs` for it.
    static func settings(_ node: Node?, _ configuration: String, file: String) -> [BuildSetting] {
        guard let mapping = node?.mapping else { return [] }
        func plain(_ mapping: Node.Mapping?) -> [BuildSetting] {
            (mapping ?? [:]).compactMap { key, value in
                guard let name = key.string, !["base", "configs", "groups"].contains(name), let text = value.scalar?.string else { return nil }
                return BuildSetting(written: name, value: text, file: file, line: key.mark?.line, column: key.mark?.column)
            }
        }
        return plain(mapping) + plain(mapping["base"]?.mapping) + plain(value(mapping["configs"]?.mapping, configuration)?.mapping)
    }
}
