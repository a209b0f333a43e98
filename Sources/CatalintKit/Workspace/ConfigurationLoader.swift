import Foundation
import Yams

/// A configuration that cannot be used: every problem, each at its line and column. Exit status 2.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    public var problems: [(position: SourcePosition, message: String)]

    public var description: String {
        problems.map { "\($0.position): error: \($0.message)" }.joined(separator: "\n")
    }
}

/// Finds and reads `.catalint.yml`. Every unknown key, unknown rule id and wrong type is an error
/// with its place and, where a close name exists, a suggestion; nothing is ignored silently.
public enum ConfigurationLoader {
    public static let topLevelKeys = keys.map(\.name)
    public static let overrideKeys = ["paths", "rules"]

    /// The keys of `.catalint.yml`: how each is read, and what the configuration schema says of it.
    static let keys: [ConfigurationKey<Configuration>] = [
        ConfigurationKey("idiom", [
            "enum": .strings(IdiomSetting.allCases.map(\.rawValue)),
            "description": "mac: Optimize Interface for Mac; pad: Scale Interface to Match iPad; auto: read the Xcode project settings.",
        ]) { reader, value, configuration in
            if let text = value.scalar?.string, let idiom = IdiomSetting(rawValue: text) {
                configuration.idiom = idiom
            } else {
                reader.problem(value, "'idiom' must be mac, pad or auto." + Suggestion.sentence(value.scalar?.string ?? "", in: IdiomSetting.allCases.map(\.rawValue)))
            }
        },
        ConfigurationKey("included", globList("Globs, relative to the configuration file; files found in folders must match one.")) { reader, value, configuration in
            (configuration.included, configuration.includedPositions) = reader.patterns(value, key: "included", directory: configuration.directory)
        },
        ConfigurationKey("excluded", globList("Globs, relative to the configuration file; matching files are never linted.")) { reader, value, configuration in
            (configuration.excluded, configuration.excludedPositions) = reader.patterns(value, key: "excluded", directory: configuration.directory)
        },
        flag("include_unbuilt", \.includeUnbuilt, """
            Also lint the Swift files that no target of the project (Xcode, XcodeGen, SwiftPM) compiles and the storyboards and xibs \
            that none copies: test sources, files left out of the project (default false; --include-unbuilt for one run).
            """, meaning: "whether files that no target of the project builds are linted too"),
        ConfigurationKey("interface_files", globList("Globs for YAML interface descriptions with other names than *.interface.yml.")) { reader, value, configuration in
            configuration.interfaceFiles = reader.globs(value, key: "interface_files")
        },
        ConfigurationKey("select", selectorList("Only the rules these pick report: rule ids, categories (crash, layout, meta), prefixes of ids (unavailable-) or ALL. --select replaces it for one run.")) { reader, value, configuration in
            configuration.selection.select = reader.selectors(value, key: "select")
        },
        ConfigurationKey("extend_select", selectorList("Rules that report besides the selected ones (opt-in rules, say): ids, categories, prefixes or ALL.")) { reader, value, configuration in
            configuration.selection.extendSelect = reader.selectors(value, key: "extend_select")
        },
        ConfigurationKey("ignore", selectorList("Rules that do not report: ids, categories, prefixes or ALL. A narrower selector wins over a wider one.")) { reader, value, configuration in
            configuration.selection.ignore = reader.selectors(value, key: "ignore")
        },
        flag("preview", \.preview, "Run the rules that ship as previews too (default false; --preview for one run).",
             meaning: "whether the rules that ship as previews run"),
        flag("unsafe_fixes", \.unsafeFixes,
             "--fix and the editor's fix-all action apply the unsafe fixes too, which change how the app looks or works on the Mac (default false; --unsafe-fixes for one run).",
             meaning: "whether --fix applies the unsafe fixes too"),
        ConfigurationKey("rules", ["$ref": "#/definitions/rules"]) { reader, value, configuration in
            configuration.rules = reader.rules(value)
        },
        ConfigurationKey("overrides", [
            "type": "array",
            "description": "Per-folder rule levels; later entries win. Overrides take levels only, not options.",
            "items": [
                "type": "object",
                "required": ["paths"],
                "additionalProperties": false,
                "properties": ["paths": ["type": "array", "items": ["type": "string"]], "rules": ["$ref": "#/definitions/levels"]],
            ],
        ]) { reader, value, configuration in
            configuration.overrides = reader.overrides(value)
        },
        ConfigurationKey("limits", [
            "type": "object",
            "description": "What one file may be, at most, for catalint to lint it; past a limit the file is reported as file-skipped.",
            "additionalProperties": false,
            "properties": .members(limitKeys.map { ($0.name, $0.schema) }),
        ]) { reader, value, configuration in
            configuration.limits = reader.limits(value)
        },
        ConfigurationKey("objective_c", [
            "type": "object",
            "description": "How Objective-C files (.m, .mm, .h) are parsed: the libclang to use, and what every file sees besides the project's own settings.",
            "additionalProperties": false,
            "properties": .members(objcKeys.map { ($0.name, $0.schema) }),
        ]) { reader, value, configuration in
            guard let mapping = value.mapping else {
                reader.problem(value, "'objective_c' must be a mapping with " + objcKeys.map { "'\($0.name)'" }.joined(separator: ", "))
                return
            }
            for (key, entry) in mapping {
                let name = key.string ?? ""
                guard let known = objcKeys.first(where: { $0.name == name }) else {
                    reader.problem(key, "unknown key '\(name)' in 'objective_c'." + Reader.suggestion(name, objcKeys.map(\.name))
                                   + " It takes " + objcKeys.map { "'\($0.name)'" }.joined(separator: ", ") + ".")
                    continue
                }
                known.read(&reader, entry, &configuration)
            }
        },
        ConfigurationKey("superclasses", [
            "type": "object",
            "description": """
                The superclass of each class whose declaration catalint cannot read (a binary framework, or a dependency that is not \
                checked out), by name: `OBSlider: UISlider` makes `class ScrubBar: OBSlider` a slider \
                for every rule. Chains compose (`FancyButton: BaseButton`, `BaseButton: UIButton`); an entry replaces what the \
                project's own declarations say of the class.
                """,
            "additionalProperties": ["type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"],
            "propertyNames": ["pattern": "^[A-Za-z_][A-Za-z0-9_]*$"],
        ]) { reader, value, configuration in
            (configuration.superclasses, configuration.superclassPositions) = reader.superclasses(value)
        },
        ConfigurationKey("swift_version", [
            "type": ["string", "number"],
            "description": """
                The Swift the project is built with, such as "6.2" (default: the newest the bundled parser knows); \
                #if swift(...) and #if compiler(...) branches it would skip are not checked for syntax errors.
                """,
            "pattern": "^[0-9]+(\\.[0-9]+){0,4}$",
        ]) { reader, value, configuration in
            // Swift's versions start at 1: `0` (or `0.5`) is a mistake, not a version.
            if let text = value.scalar?.string, let version = SwiftVersion(text), version.components.first ?? 0 >= 1 {
                configuration.swiftVersion = version
            } else {
                reader.problem(value, "'swift_version' must be a version such as 5.10 or 6.2")
            }
        },
    ]

    /// The keys of `objective_c:`.
    static let objcKeys: [ConfigurationKey<Configuration>] = [
        ConfigurationKey("libclang", [
            "type": "string",
            "description": "The libclang library (or the folder holding it) to parse Objective-C with, relative to this file; CATALINT_LIBCLANG wins over it. Default: the toolchain of the clang or swift on the PATH (and on macOS Xcode's).",
        ]) { reader, value, configuration in
            if let text = value.scalar?.string, !text.isEmpty {
                configuration.objcLibrary = text.hasPrefix("/") ? text : (configuration.directory as NSString).appendingPathComponent(text)
            } else {
                reader.problem(value, "'libclang' must be the path of a libclang library or of the folder that holds it")
            }
        },
        ConfigurationKey("prefix_headers", [
            "type": "array", "items": ["type": "string"],
            "description": "Headers included before every Objective-C file, relative to this file (besides each target's GCC_PREFIX_HEADER).",
        ]) { reader, value, configuration in
            configuration.objcPrefixHeaders = reader.strings(value, key: "prefix_headers").map { entry in
                entry.text.hasPrefix("/") ? entry.text : (configuration.directory as NSString).appendingPathComponent(entry.text)
            }
        },
        ConfigurationKey("definitions", [
            "type": "array", "items": ["type": "string"],
            "description": "Macros defined for every Objective-C file, NAME or NAME=VALUE (besides each target's GCC_PREPROCESSOR_DEFINITIONS).",
        ]) { reader, value, configuration in
            configuration.objcDefinitions = reader.strings(value, key: "definitions").map(\.text)
        },
    ]

    /// The keys of `limits:`.
    static let limitKeys: [ConfigurationKey<FileLimits>] = [
        ConfigurationKey("file_size", [
            "description": .string("Bytes: a number, or a string such as 10MB or 512KB (default \(FileLimits().fileSize / 1_000_000)MB)."),
            "oneOf": [["type": "integer", "minimum": 1], ["type": "string", "pattern": "^[0-9.]+ ?([KMG]?B)?$"]],
        ]) { reader, value, limits in
            if let bytes = Reader.bytes(value.scalar?.string ?? ""), bytes > 0 {
                limits.fileSize = bytes
            } else {
                reader.problem(value, "'file_size' must be a size in bytes, such as 10000000 or 10MB")
            }
        },
        ConfigurationKey("nesting", [
            "type": "integer", "minimum": 1, "description": .string("Levels of (, [ and { (default \(FileLimits().nesting))."),
        ]) { reader, value, limits in
            if let count = reader.count(value, key: "nesting") { limits.nesting = count }
        },
        ConfigurationKey("operator_chain", [
            "type": "integer", "minimum": 1,
            "description": .string("Operators and member accesses in one expression (default \(FileLimits().operatorChain))."),
        ]) { reader, value, limits in
            if let count = reader.count(value, key: "operator_chain") { limits.operatorChain = count }
        },
        ConfigurationKey("seconds_per_file", [
            "type": "number", "exclusiveMinimum": 0,
            "description": .string("Seconds one file may take (default \(shownNumber(FileLimits().secondsPerFile)))."),
        ]) { reader, value, limits in
            if let text = value.scalar?.string, let seconds = Double(text), seconds > 0 {
                limits.secondsPerFile = seconds
            } else {
                reader.problem(value, "'seconds_per_file' must be a number of seconds above 0")
            }
        },
    ]

    /// A key that is true or false.
    private static func flag(_ name: String, _ field: WritableKeyPath<Configuration, Bool> & Sendable, _ description: String,
                             meaning: String) -> ConfigurationKey<Configuration> {
        ConfigurationKey(name, ["type": "boolean", "description": .string(description)]) { reader, value, configuration in
            if let text = value.scalar?.string, let flag = Reader.boolean(text) {
                configuration[keyPath: field] = flag
            } else {
                reader.problem(value, "'\(name)' must be true or false: \(meaning)")
            }
        }
    }

    private static func selectorList(_ description: String) -> JSONValue {
        ["type": "array", "items": ["type": "string"], "description": .string(description)]
    }

    private static func globList(_ description: String) -> JSONValue {
        ["type": "array", "items": ["type": "string"], "description": .string(description)]
    }

    /// The configuration file in `directory` or its nearest parent that has one.
    public static func discover(from directory: String = FileManager.default.currentDirectoryPath) -> String? {
        var current = URL(fileURLWithPath: Configuration.absolute(directory))
        while true {
            let candidate = current.appendingPathComponent(Configuration.fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// Reads the file at `path`.
    public static func load(_ path: String) throws -> Configuration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(problems: [(SourcePosition(path: path, line: 1, column: 1), "cannot read the configuration file")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(problems: [(SourcePosition(path: path, line: 1, column: 1), "the configuration file is not valid UTF-8")])
        }
        return try parse(text, path: path)
    }

    /// Parses configuration text as if it were the file at `path`.
    public static func parse(_ text: String, path: String) throws -> Configuration {
        var reader = Reader(source: SourceText(path: path, text: text))
        var configuration = Configuration(directory: URL(fileURLWithPath: Configuration.absolute(path)).deletingLastPathComponent().path)
        configuration.file = path
        reader.read(text, into: &configuration)
        if !reader.problems.isEmpty { throw ConfigurationError(problems: reader.problems) }
        return configuration
    }

    struct Reader {
        let source: SourceText
        var problems: [(position: SourcePosition, message: String)] = []

        mutating func problem(_ node: Node?, _ message: String) {
            let position = node?.mark.map { source.position(line: $0.line, scalarColumn: $0.column) }
                ?? SourcePosition(path: source.path, line: 1, column: 1)
            problems.append((position, message))
        }

        static func suggestion(_ name: String, _ candidates: [String]) -> String {
            Suggestion.sentence(name, in: candidates)
        }

        mutating func read(_ text: String, into configuration: inout Configuration) {
            let root: Node?
            // Aliases in keys, or nested aliases, would make composing the file take exponential time.
            if let refusal = YAMLAliases.check(source) {
                problems.append(refusal)
                return
            }
            do {
                root = try Yams.compose(yaml: text, .default, .default, .utf8)
            } catch {
                problems.append(YAMLProblem.describe(error, in: source))
                return
            }
            guard let root else { return }  // an empty file is the defaults
            guard let mapping = root.mapping else {
                problem(root, "the configuration must be a mapping of keys: \(ConfigurationLoader.topLevelKeys.joined(separator: ", "))")
                return
            }
            for (key, value) in mapping {
                let name = key.string ?? ""
                guard let entry = ConfigurationLoader.keys.first(where: { $0.name == name }) else {
                    problem(key, "unknown key '\(name)'." + Self.suggestion(name, ConfigurationLoader.topLevelKeys)
                            + " The keys are \(ConfigurationLoader.topLevelKeys.joined(separator: ", ")).")
                    continue
                }
                entry.read(&self, value, &configuration)
            }
        }

        mutating func strings(_ value: Node, key: String) -> [(text: String, node: Node)] {
            if let text = value.scalar?.string { return [(text, value)] }
            guard let list = value.sequence else {
                problem(value, "'\(key)' must be a list of strings")
                return []
            }
            var result: [(text: String, node: Node)] = []
            for item in list {
                if let text = item.scalar?.string { result.append((text, item)) } else { problem(item, "'\(key)' must be a list of strings") }
            }
            return result
        }

        /// The rule selectors of `select`, `extend_select` or `ignore`; an unknown one is a problem at
        /// its place, with the closest name.
        mutating func selectors(_ value: Node, key: String) -> [RuleSelector] {
            var selectors: [RuleSelector] = []
            for (text, node) in strings(value, key: key) {
                do {
                    selectors.append(try RuleSelector(text))
                } catch {
                    problem(node, error.message(in: "'\(key)'"))
                }
            }
            return selectors
        }

        mutating func globs(_ value: Node, key: String) -> [Glob] {
            patterns(value, key: key, directory: nil).globs
        }

        /// The patterns of `included`, `excluded`, `interface_files` or an override's `paths`, with
        /// where each is written. A value that would quietly make the key apply to every file, or to
        /// none, is an error: an empty pattern, an `excluded` pattern that matches every file, an
        /// `included` path (without wildcards) that does not exist.
        mutating func patterns(_ value: Node, key: String, directory: String?) -> (globs: [Glob], positions: [SourcePosition]) {
            var globs: [Glob] = []
            var positions: [SourcePosition] = []
            for (text, node) in strings(value, key: key) {
                let glob = Glob(text)
                if text.trimmingCharacters(in: .whitespaces).isEmpty || text == "/" {
                    let effect: String
                    switch key {
                    case "included": effect = "would include every file, as if there were no 'included': remove it, or name the folders to lint"
                    case "excluded": effect = "would exclude every file, and nothing would be linted: remove it"
                    case "interface_files": effect = "would make every file an interface file: remove it"
                    default: effect = "would apply to every file: remove it, and set the rule at the top level instead"
                    }
                    problem(node, "an empty pattern in '\(key)' \(effect)")
                    continue
                }
                if key == "excluded", glob.matchesEveryFile {
                    problem(node, "'\(text)' in 'excluded' matches every file, and nothing would be linted: remove it, or exclude folders by name")
                    continue
                }
                if key == "included", let directory, glob.isLiteral, text.contains("/") {
                    var relative = text
                    while relative.hasPrefix("./") { relative.removeFirst(2) }
                    let path = relative.hasPrefix("/") ? relative : directory + "/" + relative
                    if !FileManager.default.fileExists(atPath: path) {
                        problem(node, "'included' names \(text), which does not exist in \(directory)")
                        continue
                    }
                }
                globs.append(glob)
                positions.append(node.mark.map { source.position(line: $0.line, scalarColumn: $0.column) }
                                 ?? SourcePosition(path: source.path, line: 1, column: 1))
            }
            return (globs, positions)
        }

        /// The `rules:` mapping; `levelsOnly` for an override's, which takes no options.
        mutating func rules(_ value: Node, levelsOnly: Bool = false) -> [String: RuleSettings] {
            guard let mapping = value.mapping else {
                problem(value, "'rules' must map rule ids to off, note, warning, error, or to a mapping with 'severity' and the rule's options")
                return [:]
            }
            var result: [String: RuleSettings] = [:]
            // By the embedded files' names: reading a configuration does not load the catalogue.
            let ids = RuleCatalog.ids
            for (key, setting) in mapping {
                let id = key.string ?? ""
                guard ids.contains(id) else {
                    problem(key, "unknown rule '\(id)'." + Self.suggestion(id, ids) + " `catalint rules` lists them.")
                    continue
                }
                result[id] = ruleSettings(setting, id: id, levelsOnly: levelsOnly)
            }
            return result
        }

        mutating func level(_ value: Node) -> RuleLevel? {
            if let text = value.scalar?.string, let level = RuleLevel(rawValue: text) { return level }
            problem(value, "a rule's severity must be off, note, warning or error." + Self.suggestion(value.scalar?.string ?? "", RuleLevel.allCases.map(\.rawValue)))
            return nil
        }

        mutating func ruleSettings(_ value: Node, id: String, levelsOnly: Bool) -> RuleSettings {
            if value.scalar != nil { return RuleSettings(level: level(value)) }
            guard let mapping = value.mapping else {
                problem(value, "'\(id)' takes a severity (off, note, warning, error) or a mapping with 'severity' and options")
                return RuleSettings()
            }
            let logic = RuleRegistry.logic[id]
            let allowed = ["severity"] + (logic.map { type(of: $0).optionNames } ?? [])
            var settings = RuleSettings()
            var options: [(Node, Node)] = []
            for (key, option) in mapping {
                let name = key.string ?? ""
                if name == "severity" {
                    settings.level = level(option)
                } else if levelsOnly, allowed.contains(name) {
                    problem(key, "an override sets levels only, and '\(name)' is an option of \(id): options apply to every file, so set it under the top-level 'rules'")
                } else if !allowed.contains(name) {
                    problem(key, "unknown option '\(name)' for \(id)." + Self.suggestion(name, allowed)
                            + " It takes \(allowed.map { "'\($0)'" }.joined(separator: ", ")).")
                } else {
                    options.append((key, option))
                }
            }
            // The options decode as the rule's knowledge, with the same keys and types as its YAML file.
            if let logic, !options.isEmpty {
                do {
                    settings.options = try type(of: logic).decodeOptions(from: .mapping(Node.Mapping(options)))
                } catch {
                    let described = YAMLProblem.describe(error, in: source, decodedFrom: .mapping(Node.Mapping(options)))
                    problems.append((described.position, described.message))
                }
            }
            return settings
        }

        mutating func overrides(_ value: Node) -> [ConfigurationOverride] {
            guard let list = value.sequence else {
                problem(value, "'overrides' must be a list of {paths: [globs], rules: {...}}")
                return []
            }
            var result: [ConfigurationOverride] = []
            for item in list {
                guard let mapping = item.mapping else {
                    problem(item, "an override must be a mapping with 'paths' and 'rules'")
                    continue
                }
                var paths: [Glob] = []
                var rules: [String: RuleSettings] = [:]
                var sawPaths = false
                for (key, entry) in mapping {
                    switch key.string ?? "" {
                    case "paths":
                        paths = globs(entry, key: "paths")
                        sawPaths = true
                    case "rules":
                        rules = self.rules(entry, levelsOnly: true)
                    default:
                        let name = key.string ?? ""
                        problem(key, "unknown key '\(name)' in an override." + Self.suggestion(name, ConfigurationLoader.overrideKeys) + " It takes 'paths' and 'rules'.")
                    }
                }
                if !sawPaths { problem(item, "an override needs 'paths'") }
                result.append(ConfigurationOverride(paths: paths, rules: rules))
            }
            return result
        }

        /// `limits: {file_size: 20MB, nesting: 2000, operator_chain: 20000, seconds_per_file: 60}`.
        /// `superclasses:`, a mapping of class names to their superclasses' names, with where each
        /// entry is written. A name that is not an identifier, a class said to be its own superclass,
        /// and a chain that comes back to a class are errors.
        mutating func superclasses(_ value: Node) -> (superclasses: [String: String], positions: [String: SourcePosition]) {
            guard let mapping = value.mapping else {
                problem(value, "'superclasses' must be a mapping of class names to their superclasses, such as `OBSlider: UISlider`")
                return ([:], [:])
            }
            func isIdentifier(_ text: String) -> Bool {
                guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
                return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            }
            var superclasses: [String: String] = [:]
            var positions: [String: SourcePosition] = [:]
            for (key, entry) in mapping {
                guard let name = key.scalar?.string, isIdentifier(name) else {
                    problem(key, "'superclasses' takes class names as keys, such as `OBSlider`")
                    continue
                }
                guard let superclass = entry.scalar?.string, isIdentifier(superclass) else {
                    problem(entry, "the superclass of '\(name)' must be a class name, such as `UISlider`")
                    continue
                }
                guard superclass != name else {
                    problem(entry, "'\(name)' cannot be its own superclass")
                    continue
                }
                superclasses[name] = superclass
                positions[name] = key.mark.map { source.position(line: $0.line, scalarColumn: $0.column) } ?? SourcePosition(path: source.path, line: 1, column: 1)
            }
            // A chain that loops would make every class of it its own ancestor.
            for name in superclasses.keys.sorted() {
                var seen: Set<String> = [name]
                var current = name
                while let next = superclasses[current] {
                    guard seen.insert(next).inserted else {
                        let node = mapping.first { $0.key.scalar?.string == name }?.key
                        problem(node, "'superclasses' makes '\(name)' its own ancestor (\(name): \(superclasses[name]!) ... \(current): \(next))")
                        return ([:], [:])
                    }
                    current = next
                }
            }
            return (superclasses, positions)
        }

        mutating func limits(_ value: Node) -> FileLimits {
            var limits = FileLimits()
            guard let mapping = value.mapping else {
                problem(value, "'limits' must be a mapping with " + FileLimits.keys.map { "'\($0)'" }.joined(separator: ", "))
                return limits
            }
            for (key, entry) in mapping {
                let name = key.string ?? ""
                guard let limit = ConfigurationLoader.limitKeys.first(where: { $0.name == name }) else {
                    problem(key, "unknown key '\(name)' in 'limits'." + Self.suggestion(name, FileLimits.keys)
                            + " It takes " + FileLimits.keys.map { "'\($0)'" }.joined(separator: ", ") + ".")
                    continue
                }
                limit.read(&self, entry, &limits)
            }
            return limits
        }

        /// `true` or `false` (and YAML's other spellings of them).
        static func boolean(_ text: String) -> Bool? {
            switch text.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: return nil
            }
        }

        /// A whole number of 1 or more: `nesting: 2000`.
        mutating func count(_ value: Node, key: String) -> Int? {
            if let text = value.scalar?.string, let count = Int(text), count > 0 { return count }
            problem(value, "'\(key)' must be a whole number of 1 or more")
            return nil
        }

        /// `10000000`, `10MB`, `512 KB`, `1GB` (powers of 1000, as file managers show sizes).
        static func bytes(_ text: String) -> Int? {
            let trimmed = text.replacingOccurrences(of: " ", with: "").uppercased()
            for (suffix, factor) in [("GB", 1_000_000_000), ("MB", 1_000_000), ("KB", 1_000), ("B", 1)] where trimmed.hasSuffix(suffix) {
                return Double(trimmed.dropLast(suffix.count)).map { Int($0 * Double(factor)) }
            }
            return Int(trimmed)
        }
    }

}

/// One key of a mapping in `.catalint.yml` that sets part of `Target`: how its value is read and
/// checked, and its JSON Schema with a description, declared together.
struct ConfigurationKey<Target>: Sendable {
    let name: String
    let schema: JSONValue
    let read: @Sendable (inout ConfigurationLoader.Reader, Node, inout Target) -> Void

    init(_ name: String, _ schema: JSONValue, read: @escaping @Sendable (inout ConfigurationLoader.Reader, Node, inout Target) -> Void) {
        self.name = name
        self.schema = schema
        self.read = read
    }
}
