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
    public static let topLevelKeys = ["idiom", "included", "excluded", "interface_files", "rules", "overrides"]
    public static let overrideKeys = ["paths", "rules"]

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

    fileprivate struct Reader {
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
            do {
                root = try Yams.compose(yaml: text)
            } catch let error as YamlError {
                switch error {
                case .scanner(_, let description, let mark, _), .parser(_, let description, let mark, _), .composer(_, let description, let mark, _):
                    problems.append((source.position(line: mark.line, scalarColumn: mark.column), "YAML syntax error: \(description)"))
                case .duplicatedKeysInMapping(let duplicates, let context):
                    problems.append((source.position(line: context.mark.line, scalarColumn: context.mark.column),
                                     "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", "))"))
                default:
                    problem(nil, "the configuration cannot be read: \(error)")
                }
                return
            } catch {
                problem(nil, "the configuration cannot be read: \(error)")
                return
            }
            guard let root else { return }  // an empty file is the defaults
            guard let mapping = root.mapping else {
                problem(root, "the configuration must be a mapping of keys: \(ConfigurationLoader.topLevelKeys.joined(separator: ", "))")
                return
            }
            for (key, value) in mapping {
                let name = key.string ?? ""
                switch name {
                case "idiom":
                    if let text = value.scalar?.string, let idiom = IdiomSetting(rawValue: text) {
                        configuration.idiom = idiom
                    } else {
                        problem(value, "'idiom' must be mac, pad or auto." + Self.suggestion(value.scalar?.string ?? "", IdiomSetting.allCases.map(\.rawValue)))
                    }
                case "included": configuration.included = globs(value, key: name)
                case "excluded": configuration.excluded = globs(value, key: name)
                case "interface_files": configuration.interfaceFiles = globs(value, key: name)
                case "rules": configuration.rules = rules(value)
                case "overrides": configuration.overrides = overrides(value)
                default:
                    problem(key, "unknown key '\(name)'." + Self.suggestion(name, ConfigurationLoader.topLevelKeys)
                            + " The keys are \(ConfigurationLoader.topLevelKeys.joined(separator: ", ")).")
                }
            }
        }

        mutating func strings(_ value: Node, key: String) -> [String] {
            if let text = value.scalar?.string { return [text] }
            guard let list = value.sequence else {
                problem(value, "'\(key)' must be a list of strings")
                return []
            }
            var result: [String] = []
            for item in list {
                if let text = item.scalar?.string { result.append(text) } else { problem(item, "'\(key)' must be a list of strings") }
            }
            return result
        }

        mutating func globs(_ value: Node, key: String) -> [Glob] {
            strings(value, key: key).map(Glob.init)
        }

        /// The `rules:` mapping; `levelsOnly` for an override's, which takes no options.
        mutating func rules(_ value: Node, levelsOnly: Bool = false) -> [String: RuleSettings] {
            guard let mapping = value.mapping else {
                problem(value, "'rules' must map rule ids to off, note, warning, error, or to a mapping with 'severity' and the rule's options")
                return [:]
            }
            var result: [String: RuleSettings] = [:]
            let ids = RuleCatalog.all.map(\.id)
            for (key, setting) in mapping {
                let id = key.string ?? ""
                guard let definition = RuleCatalog.rule(id) else {
                    problem(key, "unknown rule '\(id)'." + Self.suggestion(id, ids) + " `catalint rules` lists them.")
                    continue
                }
                result[id] = ruleSettings(setting, definition: definition, levelsOnly: levelsOnly)
            }
            return result
        }

        mutating func level(_ value: Node) -> RuleLevel? {
            if let text = value.scalar?.string, let level = RuleLevel(rawValue: text) { return level }
            problem(value, "a rule's severity must be off, note, warning or error." + Self.suggestion(value.scalar?.string ?? "", RuleLevel.allCases.map(\.rawValue)))
            return nil
        }

        mutating func ruleSettings(_ value: Node, definition: RuleDefinition, levelsOnly: Bool) -> RuleSettings {
            if value.scalar != nil { return RuleSettings(level: level(value)) }
            guard let mapping = value.mapping else {
                problem(value, "'\(definition.id)' takes a severity (off, note, warning, error) or a mapping with 'severity' and options")
                return RuleSettings()
            }
            let allowed = ["severity"] + RuleOptions.names(for: definition)
            var settings = RuleSettings()
            var options = RuleKnowledge()
            for (key, option) in mapping {
                let name = key.string ?? ""
                if name == "severity" {
                    settings.level = level(option)
                    continue
                }
                if levelsOnly, allowed.contains(name) {
                    problem(key, "an override sets levels only, and '\(name)' is an option of \(definition.id): options apply to every file, so set it under the top-level 'rules'")
                    continue
                }
                guard allowed.contains(name) else {
                    problem(key, "unknown option '\(name)' for \(definition.id)." + Self.suggestion(name, allowed)
                            + " It takes \(allowed.map { "'\($0)'" }.joined(separator: ", ")).")
                    continue
                }
                RuleOptions.read(name, option, into: &options, reader: &self)
            }
            settings.options = options
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

        mutating func number(_ value: Node, key: String) -> Double? {
            if let text = value.scalar?.string, let number = Double(text) { return number }
            problem(value, "'\(key)' must be a number")
            return nil
        }
    }

    /// The options a rule takes: the kinds of UIKit knowledge its YAML file has.
    enum RuleOptions {
        static func names(for definition: RuleDefinition) -> [String] {
            guard let knowledge = definition.uikit else { return [] }
            var names: [String] = []
            if knowledge.classes != nil { names.append("classes") }
            if knowledge.superclasses != nil { names.append("superclasses") }
            if knowledge.properties != nil { names.append("properties") }
            if knowledge.dimensions != nil { names.append("dimensions") }
            if knowledge.singleValueMinimum != nil { names.append("single_value_minimum") }
            if knowledge.geometryNames != nil { names.append("geometry_names") }
            if knowledge.geometryWords != nil { names.append("geometry_words") }
            if knowledge.nonGeometryWords != nil { names.append("non_geometry_words") }
            if knowledge.adaptiveWords != nil { names.append("adaptive_words") }
            if knowledge.nonAdaptiveWords != nil { names.append("non_adaptive_words") }
            if knowledge.pixelDimensions != nil { names.append("pixel_dimensions") }
            if knowledge.screenWords != nil { names.append("screen_words") }
            if knowledge.pixelWords != nil { names.append("pixel_words") }
            if knowledge.dimensionWords != nil { names.append("dimension_words") }
            if knowledge.nonLayoutWords != nil { names.append("non_layout_words") }
            return names
        }

        fileprivate static func read(_ name: String, _ value: Node, into options: inout RuleKnowledge, reader: inout Reader) {
            switch name {
            case "classes":
                options.classes = entries(value, key: name, reader: &reader) { mapping, reader in
                    guard let className = mapping["name"]?.string else {
                        reader.problem(mapping.first?.key, "a class needs a 'name'")
                        return nil
                    }
                    return RuleKnowledge.ClassEntry(name: className, replacement: mapping["replacement"]?.string)
                } scalar: { RuleKnowledge.ClassEntry(name: $0, replacement: nil) }
            case "properties":
                options.properties = entries(value, key: name, reader: &reader) { mapping, reader in
                    guard let property = mapping["name"]?.string else {
                        reader.problem(mapping.first?.key, "a property needs a 'name'")
                        return nil
                    }
                    return RuleKnowledge.PropertyEntry(name: property, unique: mapping["unique"]?.bool)
                } scalar: { RuleKnowledge.PropertyEntry(name: $0, unique: false) }
            case "dimensions":
                options.dimensions = entries(value, key: name, reader: &reader) { mapping, reader in
                    guard let widthNode = mapping["width"], let heightNode = mapping["height"],
                          let width = reader.number(widthNode, key: "width"), let height = reader.number(heightNode, key: "height") else {
                        reader.problem(mapping.first?.key, "a dimension needs a 'width' and a 'height'")
                        return nil
                    }
                    return RuleKnowledge.Dimension(width: width, height: height, device: mapping["device"]?.string ?? "a configured device",
                                                   family: mapping["family"]?.string)
                } scalar: { _ in nil }
            case "superclasses":
                options.superclasses = reader.strings(value, key: name)
            case "single_value_minimum":
                options.singleValueMinimum = reader.number(value, key: name)
            case "geometry_names":
                options.geometryNames = reader.strings(value, key: name)
            case "geometry_words":
                options.geometryWords = reader.strings(value, key: name)
            case "non_geometry_words":
                options.nonGeometryWords = reader.strings(value, key: name)
            case "adaptive_words":
                options.adaptiveWords = reader.strings(value, key: name)
            case "non_adaptive_words":
                options.nonAdaptiveWords = reader.strings(value, key: name)
            case "pixel_dimensions":
                guard let list = value.sequence else {
                    reader.problem(value, "'\(name)' must be a list")
                    break
                }
                options.pixelDimensions = list.compactMap { reader.number($0, key: name) }
            case "screen_words":
                options.screenWords = reader.strings(value, key: name)
            case "pixel_words":
                options.pixelWords = reader.strings(value, key: name)
            case "dimension_words":
                options.dimensionWords = reader.strings(value, key: name)
            case "non_layout_words":
                options.nonLayoutWords = reader.strings(value, key: name)
            default:
                break
            }
        }

        private static func entries<T>(_ value: Node, key: String, reader: inout Reader,
                                       mapping read: (Node.Mapping, inout Reader) -> T?, scalar: (String) -> T?) -> [T] {
            guard let list = value.sequence else {
                reader.problem(value, "'\(key)' must be a list")
                return []
            }
            var result: [T] = []
            for item in list {
                if let text = item.scalar?.string, let entry = scalar(text) {
                    result.append(entry)
                } else if let mapping = item.mapping, let entry = read(mapping, &reader) {
                    result.append(entry)
                } else if item.mapping == nil {
                    reader.problem(item, "an entry of '\(key)' has the wrong type")
                }
            }
            return result
        }
    }
}

extension RuleKnowledge {
    /// This knowledge with the configuration's options: lists extend the defaults, single values replace them.
    func merged(with options: RuleKnowledge?) -> RuleKnowledge {
        guard let options else { return self }
        var merged = self
        if let classes = options.classes { merged.classes = (merged.classes ?? []) + classes }
        if let superclasses = options.superclasses { merged.superclasses = (merged.superclasses ?? []) + superclasses }
        if let properties = options.properties { merged.properties = (merged.properties ?? []) + properties }
        if let dimensions = options.dimensions { merged.dimensions = (merged.dimensions ?? []) + dimensions }
        if let minimum = options.singleValueMinimum { merged.singleValueMinimum = minimum }
        if let names = options.geometryNames { merged.geometryNames = (merged.geometryNames ?? []) + names }
        if let words = options.geometryWords { merged.geometryWords = (merged.geometryWords ?? []) + words }
        if let words = options.nonGeometryWords { merged.nonGeometryWords = (merged.nonGeometryWords ?? []) + words }
        if let words = options.adaptiveWords { merged.adaptiveWords = (merged.adaptiveWords ?? []) + words }
        if let words = options.nonAdaptiveWords { merged.nonAdaptiveWords = (merged.nonAdaptiveWords ?? []) + words }
        if let values = options.pixelDimensions { merged.pixelDimensions = (merged.pixelDimensions ?? []) + values }
        if let words = options.screenWords { merged.screenWords = (merged.screenWords ?? []) + words }
        if let words = options.pixelWords { merged.pixelWords = (merged.pixelWords ?? []) + words }
        if let words = options.dimensionWords { merged.dimensionWords = (merged.dimensionWords ?? []) + words }
        if let words = options.nonLayoutWords { merged.nonLayoutWords = (merged.nonLayoutWords ?? []) + words }
        return merged
    }
}
