import Foundation

/// How one target of a project runs, from its product type and settings: whether it is a test, for
/// which platforms it builds, and in which idiom it runs on the Mac. `BuildMembership` judges each
/// file by the targets that build it.
struct TargetScope {
    /// How the target's files run; nil for a test target, which the app does not build.
    var scope: BuildScope?
    /// Why, in words, for `--verbose` and the JSON report: `target Recipes sets …`.
    var reason: String

    /// SwiftPM's kinds of target, as `Package.swift` declares them (`.target(...)`, …).
    static let packageKinds: Set<String> = ["target", "executableTarget", "testTarget", "plugin", "macro", "systemLibrary", "binaryTarget"]

    var isTest: Bool { scope == nil }

    /// The scope of every target of `project`. `idiomFromProject` is false when the run was given
    /// its idiom (`--idiom`, the configuration's `idiom: mac|pad`): then the targets that run on the
    /// Mac take that idiom, not their settings' one.
    static func of(_ project: XcodeProject, idiomFromProject: Bool) -> [TargetScope] {
        if project.isPackage { return project.targets.map(ofPackageTarget) }
        let facts = project.targets.map(Facts.init)
        // A target without Mac Catalyst never runs in the Mac idiom only when the project has put
        // another on the Mac: a project none of whose targets has it yet is about to be ported, and
        // every iOS target is judged as the whole app is (today's strict default).
        let catalystTarget = zip(project.targets, facts).first { !$1.isTest && $1.platforms.contains("iOS") && $1.catalyst != nil }?.0
        let name = IdiomDetection.display(project.file)
        var scopes: [TargetScope] = zip(project.targets, facts).map { target, facts in
            let label = "target \(target.name) (\(kind(of: target)))"
            if facts.isTest {
                return TargetScope(scope: nil, reason: "\(label) is a test target: the app does not build it")
            }
            guard facts.platforms.contains("iOS") else {
                let platforms = facts.platforms.sorted().map { $0 == "macOS" ? "macOS (AppKit)" : $0 }.joined(separator: " and ")
                return TargetScope(scope: .notIOS, reason: "\(label) builds for \(platforms), not iOS: no rule applies")
            }
            if target.filteredOffMacCatalyst {
                return TargetScope(scope: .neverOnMac, reason: "\(label) is embedded and depended on only with a platform filter that leaves Mac Catalyst "
                                   + "out: the Mac build leaves it out, so only the rules of crashes that also happen on iPad apply")
            }
            if let catalyst = facts.catalyst {
                guard idiomFromProject else {
                    return TargetScope(scope: .onMac(nil), reason: "\(label) runs on the Mac (\(IdiomDetection.describe(catalyst))), in the idiom the run was given")
                }
                if let family = facts.macIdiom {
                    return TargetScope(scope: .onMac(.mac), reason: IdiomDetection.describe(family) + " (6: Optimize Interface for Mac, the mac idiom)")
                }
                return TargetScope(scope: .onMac(.pad), reason: IdiomDetection.describe(catalyst)
                                   + " without device family 6 (Scale Interface to Match iPad, the pad idiom)")
            }
            if facts.platforms.contains("macOS") {
                return TargetScope(scope: .neverOnMac, reason: "\(label) builds natively for macOS and for iOS without Mac Catalyst: its iOS build never "
                                   + "runs in the Mac idiom, so only the rules of crashes that also happen on iPad apply")
            }
            if let catalystTarget {
                return TargetScope(scope: .neverOnMac, reason: "\(label) does not support Mac Catalyst, while target \(catalystTarget.name) does: it never "
                                   + "runs in the Mac idiom, so only the rules of crashes that also happen on iPad apply")
            }
            if isExtension(target) {
                // An extension or App Clip comes to the Mac only when it opts in itself: an app that
                // moves to Mac Catalyst brings its own code, not its widgets and share sheets.
                return TargetScope(scope: .neverOnMac, reason: "\(label) is an extension without Mac Catalyst: it never runs in the Mac idiom "
                                   + "until it supports it itself, so only the rules of crashes that also happen on iPad apply")
            }
            if !idiomFromProject {
                return TargetScope(scope: .onMac(nil), reason: "\(label): no target of \(name) supports Mac Catalyst yet; judged in the idiom the run was given")
            }
            return TargetScope(scope: .onMac(.mac), reason: "\(label): no target of \(name) supports Mac Catalyst yet; judged as an app about to move, "
                               + "in the strict default, the mac idiom")
        }
        // A library without a Mac Catalyst setting of its own is built for the targets that use it
        // (depend on it, link or embed it): judged as the strictest of them. One that only test
        // targets use is a test helper, left out; one that none uses is the app's, judged as the app.
        let libraries = zip(project.targets, facts).enumerated().filter { _, pair in
            isLibrary(pair.0) && !pair.1.isTest && pair.1.catalyst == nil && pair.1.platforms.contains("iOS") && !pair.1.platforms.contains("macOS")
        }.map(\.offset)
        for _ in libraries {
            var changed = false
            for offset in libraries {
                let library = project.targets[offset].name
                let everyUser = project.targets.indices.filter { project.targets[$0].uses.contains(library) }
                let users = everyUser.filter { scopes[$0].scope != nil }
                if users.isEmpty && !everyUser.isEmpty {
                    // A test helper, which only test targets link: not part of the app. (A library
                    // project's own tests say nothing: another project's app may link it.)
                    if scopes[offset].scope != nil, project.targets.contains(where: { $0.isApplication || isExtension($0) }) {
                        scopes[offset] = TargetScope(scope: nil, reason: "target \(library) (\(kind(of: project.targets[offset]))) is used only by "
                                                     + "test targets: the app does not build it")
                        changed = true
                    }
                    continue
                }
                let user = users.max { (scopes[$0].scope?.strictness ?? 0) < (scopes[$1].scope?.strictness ?? 0) }
                    ?? project.targets.indices.first { project.targets[$0].isApplication && scopes[$0].scope.map { if case .onMac = $0 { true } else { false } } == true }
                guard let user, let scope = scopes[user].scope, scope != scopes[offset].scope else { continue }
                let how = users.isEmpty ? "is used by no target; a library of the app" : "is used by"
                scopes[offset] = TargetScope(scope: scope, reason: "target \(library) (\(kind(of: project.targets[offset]))) \(how) target "
                                             + "\(project.targets[user].name), and is built with it: \(scopes[user].reason)")
                changed = true
            }
            if !changed { break }
        }
        return scopes
    }

    /// True for a framework, a library or a bundle: code built into the targets that use it.
    static func isLibrary(_ target: XcodeProject.Target) -> Bool {
        let kind = kind(of: target)
        return kind.hasPrefix("framework") || kind.hasPrefix("library") || kind == "bundle"
    }

    private static func ofPackageTarget(_ target: XcodeProject.Target) -> TargetScope {
        let label = "target \(target.name) (.\(target.productType))"
        switch target.productType {
        case "testTarget":
            return TargetScope(scope: nil, reason: "\(label) is a test target: the app does not build it")
        case "plugin", "macro":
            return TargetScope(scope: .notIOS, reason: "\(label) runs in the build, on the Mac that builds the app, not in the app: no rule applies")
        case "target":
            return TargetScope(scope: .onMac(nil), reason: "\(label) is built into the app that uses the package, in that app's idiom: the run's")
        default:
            return TargetScope(scope: .onMac(nil), reason: "\(label) is the package's own; judged in the run's idiom")
        }
    }

    /// True for an app extension, an ExtensionKit extension or an App Clip.
    static func isExtension(_ target: XcodeProject.Target) -> Bool {
        let kind = kind(of: target)
        return kind.contains("extension") || kind == "application.on-demand-install-capable" || kind == "application.messages"
    }

    /// `application`, `app-extension`, `bundle.unit-test`: the product type without Apple's prefix.
    static func kind(of target: XcodeProject.Target) -> String {
        let prefix = "com.apple.product-type."
        let type = target.productType.hasPrefix(prefix) ? String(target.productType.dropFirst(prefix.count)) : target.productType
        return type.isEmpty ? "no product type" : type
    }

    /// What a target's product type and settings say of where it runs.
    private struct Facts {
        var isTest: Bool
        /// `iOS`, `macOS`, `watchOS`, `tvOS`, `visionOS`.
        var platforms: Set<String>
        /// `SUPPORTS_MACCATALYST = YES`, or device family 6, in some configuration.
        var catalyst: ResolvedSetting?
        /// Device family 6 in some configuration.
        var macIdiom: ResolvedSetting?

        init(_ target: XcodeProject.Target) {
            let type = target.productType
            isTest = type.hasSuffix("bundle.unit-test") || type.hasSuffix("bundle.ui-testing")
            platforms = []
            for configuration in target.configurations {
                // The platforms a target lists, unless a later layer names another SDK (a macOS
                // target in a project whose settings list iOS).
                let layers = configuration.layers
                func precedence(_ resolved: ResolvedSetting?) -> Int {
                    resolved.flatMap { resolved in layers.firstIndex { $0.owner == resolved.layer.owner && $0.file == resolved.layer.file } } ?? -1
                }
                let supported = BuildSettings.resolve("SUPPORTED_PLATFORMS", in: layers)
                let sdk = BuildSettings.resolve("SDKROOT", in: layers)
                let named = precedence(sdk) > precedence(supported) ? sdk : supported ?? sdk
                for word in BuildSettings.deviceFamilies(named?.value ?? "") {
                    if let platform = Self.platform(word) { platforms.insert(platform) }
                }
                if macIdiom == nil, let family = BuildSettings.resolve("TARGETED_DEVICE_FAMILY", in: configuration.layers),
                   BuildSettings.deviceFamilies(family.value).contains("6") {
                    macIdiom = family
                }
                if catalyst == nil, let supports = BuildSettings.resolve("SUPPORTS_MACCATALYST", in: configuration.layers), BuildSettings.isYes(supports.value) {
                    catalyst = supports
                }
            }
            catalyst = catalyst ?? macIdiom
            if platforms.isEmpty {
                // No SDK named (or only `auto`, or a variable): the product type tells a watch app and
                // a command-line tool; anything else is taken for iOS, the platform catalint lints.
                if type.contains("watchkit") || type.contains("watchapp") {
                    platforms = ["watchOS"]
                } else if type == "com.apple.product-type.tool" || type == "tool" {
                    platforms = ["macOS"]
                } else {
                    platforms = ["iOS"]
                }
            }
        }

        /// The platform of an SDK or platform name: `iphoneos`, `iphonesimulator` -> iOS, ….
        static func platform(_ word: String) -> String? {
            let word = word.lowercased()
            if word.hasPrefix("iphone") { return "iOS" }
            if word.hasPrefix("macosx") { return "macOS" }
            if word.hasPrefix("watch") { return "watchOS" }
            if word.hasPrefix("appletv") { return "tvOS" }
            if word.hasPrefix("xr") { return "visionOS" }
            return nil
        }
    }
}
