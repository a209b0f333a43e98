import Foundation

/// What a project says of an app target's Info.plist: the files `INFOPLIST_FILE` names (in any
/// configuration, with `$(SRCROOT)` and the other settings it uses expanded) and the keys Xcode
/// generates from `INFOPLIST_KEY_*` build settings when `GENERATE_INFOPLIST_FILE = YES`, each
/// placed at its build setting.
struct InfoPlistSources: Sendable {
    /// Absolute paths, sorted, without duplicates.
    var files: [String] = []
    /// The generated keys, in the order of the settings.
    var generated: [InfoPlistEntry] = []
    /// True when some configuration generates the Info.plist (`GENERATE_INFOPLIST_FILE = YES`).
    var generates = false
    /// What could not be followed (a variable no setting gives), for `--verbose`.
    var notes: [String] = []
}

extension XcodeProject {
    /// The Info.plist files and generated keys of `target`.
    func infoPlistSources(of target: Target) -> InfoPlistSources {
        var sources = InfoPlistSources()
        var files: Set<String> = []
        var generatedKeys: Set<String> = []
        for configuration in target.configurations {
            let layers = configuration.layers
            if let named = BuildSettings.resolve("INFOPLIST_FILE", in: layers), !named.value.isEmpty {
                switch expand(named.value, target: target, layers: layers) {
                case .success(let path): files.insert(IdiomDetection.join(folder, path))
                case .failure(let why): sources.notes.append("target \(target.name) (\(configuration.name)): INFOPLIST_FILE = \(named.value): \(why.reason)")
                }
            }
            guard let generate = BuildSettings.resolve("GENERATE_INFOPLIST_FILE", in: layers), BuildSettings.isYes(generate.value) else { continue }
            sources.generates = true
            // Each key once, in the first configuration that sets it.
            let keys = Set(layers.flatMap { $0.settings.map(\.key) }.filter { $0.hasPrefix(Self.generatedPrefix) }).sorted()
            for key in keys where !generatedKeys.contains(key) {
                guard let resolved = BuildSettings.resolve(key, in: layers) else { continue }
                generatedKeys.insert(key)
                var name = String(key.dropFirst(Self.generatedPrefix.count))
                let position = BuildSettings.position(of: resolved.setting)
                // `INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES` generates the dictionary.
                if name.hasSuffix(Self.generationSuffix) {
                    guard BuildSettings.isYes(resolved.value) else { continue }
                    name.removeLast(Self.generationSuffix.count)
                    sources.generated.append(InfoPlistEntry(keyPath: [name], value: nil, count: 0, position: position))
                } else {
                    sources.generated.append(InfoPlistEntry(keyPath: [name], value: resolved.value, position: position))
                }
            }
        }
        sources.files = files.sorted()
        return sources
    }

    static let generatedPrefix = "INFOPLIST_KEY_"
    static let generationSuffix = "_Generation"

    /// The file a build setting of `target` names in `configuration` (`GCC_PREFIX_HEADER`,
    /// `SWIFT_OBJC_BRIDGING_HEADER`), its variables expanded (`expand`), absolute; nil when the
    /// setting is not set or names a variable the project does not give.
    func pathSetting(_ name: String, of target: Target, in configuration: BuildConfiguration) -> String? {
        guard let value = BuildSettings.resolve(name, in: configuration.layers)?.value, !value.isEmpty,
              case .success(let path) = expand(BuildSettings.unquoted(value), target: target, layers: configuration.layers) else { return nil }
        return IdiomDetection.join(folder, path)
    }

    /// `value` with the build settings it names (`$(SRCROOT)`, `${TARGET_NAME}`, `$(APP_FOLDER)`)
    /// replaced, as far as the project tells them; a variable it cannot give is a failure.
    func expand(_ value: String, target: Target, layers: [SettingsLayer]) -> Result<String, ReadFailure> {
        let builtins: [String: String] = [
            "SRCROOT": folder, "SOURCE_ROOT": folder, "PROJECT_DIR": folder, "TARGET_NAME": target.name,
            "PROJECT_NAME": ((file as NSString).deletingLastPathComponent as NSString).lastPathComponent.replacingOccurrences(of: ".xcodeproj", with: ""),
        ]
        var text = value
        // Variables may name others (`PRODUCT_NAME = $(TARGET_NAME)`): a few rounds, no more.
        for _ in 0..<8 {
            guard let range = Self.firstVariable(in: text) else { return .success(text) }
            let inner = String(text[range].dropFirst(2).dropLast())
            // `$(PRODUCT_NAME:c99extidentifier)`: the operator is left out.
            let name = String(inner.split(separator: ":", maxSplits: 1).first ?? "")
            let replacement: String
            if let builtin = builtins[name] {
                replacement = builtin
            } else if let resolved = BuildSettings.resolve(name, in: layers) {
                replacement = resolved.value
            } else if name == "PRODUCT_NAME" {
                replacement = target.name
            } else {
                return .failure(ReadFailure(reason: "no setting gives $(\(name))"))
            }
            text.replaceSubrange(range, with: replacement)
        }
        return Self.firstVariable(in: text) == nil ? .success(text) : .failure(ReadFailure(reason: "its variables name each other without end"))
    }

    /// The first `$(NAME)` or `${NAME}` in `text`.
    private static func firstVariable(in text: String) -> Range<String.Index>? {
        guard let dollar = text.range(of: "$") else { return nil }
        let rest = text[dollar.upperBound...]
        guard let open = rest.first, open == "(" || open == "{" else { return nil }
        guard let close = rest.firstIndex(of: open == "(" ? ")" : "}") else { return nil }
        return dollar.lowerBound..<rest.index(after: close)
    }
}

extension BuildSettings {
    /// Where a setting's key stands: where its reader placed it (a generated Info.plist key of a
    /// `project.pbxproj`, placed as the project is read), else its line and column when its reader
    /// kept them; the file's start when neither is known.
    static func position(of setting: BuildSetting) -> SourcePosition {
        if let placed = setting.placedAt { return placed }
        if let line = setting.line {
            return SourcePosition(path: setting.file, line: line, column: setting.column ?? 1)
        }
        return SourcePosition(path: setting.file, line: 1, column: 1)
    }

    /// A `project.pbxproj` as read, to place its settings: the configuration objects found in it.
    final class ProjectText {
        let source: SourceText
        /// Each configuration object asked for: from its id at the start of its line to the end of
        /// the object (nil when the text has none).
        private var objects: [String: Range<Int>?] = [:]

        init(source: SourceText) {
            self.source = source
        }

        /// Where `setting`'s key stands inside the object of its configuration (`KEY = ` or
        /// `"KEY" = `, after a tab or a space); the object's start when the key is not found in it,
        /// the file's start when the object is not found.
        func place(_ setting: BuildSetting) -> SourcePosition {
            guard let configuration = setting.configuration, let object = object(configuration) else {
                return SourcePosition(path: setting.file, line: 1, column: 1)
            }
            let bytes = source.utf8
            for spelling in [setting.written, "\"" + setting.written + "\""] {
                let key = Array(spelling.utf8)
                if let offset = BytePatterns.firstPlace(of: key, in: bytes, from: object.lowerBound, before: object.upperBound, where: { offset in
                    guard offset > 0, bytes[offset - 1] == UInt8(ascii: "\t") || bytes[offset - 1] == UInt8(ascii: " ") else { return false }
                    return BuildSettings.equalsAt(offset + key.count, in: bytes)
                }) {
                    return source.position(utf8Offset: offset)
                }
            }
            return source.position(utf8Offset: object.lowerBound)
        }

        /// The object of the configuration with this id: its id at the start of a line (after
        /// tabs), then `=` (not a reference to it in a list), to the `};` that ends it.
        private func object(_ id: String) -> Range<Int>? {
            if let known = objects[id] { return known }
            let bytes = source.utf8
            let pattern = Array(id.utf8)
            var found: Range<Int>?
            if let start = BytePatterns.firstPlace(of: pattern, in: bytes, from: 0, where: { offset in
                (offset == 0 || bytes[offset - 1] == UInt8(ascii: "\t") || bytes[offset - 1] == UInt8(ascii: "\n"))
                    && BuildSettings.equalsAt(offset + pattern.count, in: bytes)
            }) {
                found = start..<(BytePatterns.firstPlace(of: Array("\n\t\t};".utf8), in: bytes, from: start) ?? bytes.count)
            }
            objects[id] = .some(found)
            return found
        }
    }

    /// True when `=` comes at `offset` of `bytes`, after spaces and a `/* comment */`.
    private static func equalsAt(_ offset: Int, in bytes: [UInt8]) -> Bool {
        var offset = offset
        while offset < bytes.count, bytes[offset] == UInt8(ascii: " ") { offset += 1 }
        if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "/"), bytes[offset + 1] == UInt8(ascii: "*"),
           let end = BytePatterns.firstPlace(of: Array("*/".utf8), in: bytes, from: offset + 2) {
            offset = end + 2
            while offset < bytes.count, bytes[offset] == UInt8(ascii: " ") { offset += 1 }
        }
        return offset < bytes.count && bytes[offset] == UInt8(ascii: "=")
    }
}
