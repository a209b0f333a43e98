import Yams

/// A place a rule found, with what its message, help and fix title need: `values`, text from the
/// code or the knowledge shown as it is, and `phrases`, parts worded in the rule's YAML file.
struct Finding: Sendable {
    var position: SourcePosition
    var values: [String: String]
    var phrases: [String: Phrase] = [:]
    /// Where the rule's fix, if it has one, would edit (nil: no fix here).
    var site: EditSite?
}

/// A part of a message that a rule's logic picks and its YAML file words (`phrases:`), so that a
/// rule's Swift holds no words: `.named("a_width", ["value": .text("1024")])` with
/// `a_width: "a width of {value}"` shows "a width of 1024".
indirect enum Phrase: Sendable {
    /// The rule's phrase of this name, its placeholders filled from these parts.
    case named(String, [String: Phrase] = [:])
    /// Text from the code or the knowledge, shown as it is.
    case text(String)
    /// Parts one after another, `separator` between two.
    case list([Phrase], separator: Phrase)
}

/// The few lines of logic a rule needs over the facts; everything else about it is in its YAML file,
/// whose `uikit:` section decodes into the rule's `Knowledge`.
protocol RuleLogic: Sendable {
    associatedtype Knowledge: KnowledgeKind
    static var id: String { get }
    func findings(in facts: UIFacts, knowledge: Knowledge) -> [Finding]
}

extension RuleLogic {
    /// The rule's knowledge from its YAML file's `uikit:` section.
    static func decodeKnowledge(_ container: KeyedDecodingContainer<RuleDefinition.CodingKeys>,
                                forKey key: RuleDefinition.CodingKeys) throws -> any RuleKnowledge {
        try container.decodeIfPresent(Knowledge.self, forKey: key) ?? Knowledge()
    }

    /// The same from the `uikit:` node of an embedded rule file (nil when it has none).
    static func knowledge(from node: Node?) throws -> any RuleKnowledge {
        try node.map(Knowledge.init(node:)) ?? Knowledge()
    }

    /// A user's options for the rule, from `.catalint.yml`: the same keys as its knowledge.
    static func decodeOptions(from node: Node) throws -> any RuleKnowledge {
        try sharedYAMLDecoder.decode(Knowledge.self, from: node)
    }

    /// The option names the rule takes.
    static var optionNames: [String] { Knowledge.keys }

    /// The schemas of the rule's options, for the configuration schema.
    static func optionSchemas(in definitions: inout SchemaDefinitions) -> [(String, JSONValue)] {
        Knowledge.optionSchemas(in: &definitions)
    }

    /// Runs the rule with its knowledge, extended by the user's options.
    func run(on facts: UIFacts, knowledge: (any RuleKnowledge)?, options: (any RuleKnowledge)?) -> [Finding] {
        var merged = knowledge as? Knowledge ?? Knowledge()
        if let options = options as? Knowledge { merged.extend(with: options) }
        return findings(in: facts, knowledge: merged)
    }
}

/// The rules that read facts, by id: every `RuleLogic` type in `Checks/Rules/`, which the build
/// lists (`EmbedRules`). Tool rules (`unreadable-file`, `invalid-swift`) are reported by the linter
/// itself and have no logic here.
enum RuleRegistry {
    static let logic: [String: any RuleLogic] = Dictionary(uniqueKeysWithValues: EmbeddedRules.logic.map { (type(of: $0).id, $0) })
}

/// Identifiers of the rules catalint reports itself, outside the rule engine.
public enum ToolRule {
    public static let unreadableFile = "unreadable-file"
    public static let fileSkipped = "file-skipped"
    public static let invalidSwift = "invalid-swift"
    public static let invalidInterface = "invalid-interface"
    public static let invalidSuppression = "invalid-suppression"
    public static let unusedSuppression = "unused-suppression"
}

/// The settings a control rule looks at: on objects of one of `knowledge.classes` (or of unknown
/// type or typed as one of their superclasses, for a property whose name tells the class), of a
/// property the rule names with a value it reads, where `runs` says the code can run for the rule
/// (by default: in the Mac idiom). With `padStyleExempts`, objects with the iPad behavioral style
/// are left out. `fixable`: the object is known to be of one of the classes, so setting its
/// behavioral style compiles.
func controlSettings(in facts: UIFacts, knowledge: ControlSettingKnowledge, padStyleExempts: Bool = true,
                     runs: (GuardContext) -> Bool = { $0.runsInMacIdiom }) -> [(setting: SettingFact, property: PropertyEntry, fixable: Bool)] {
    controlSettingsByObject(in: facts, knowledge: knowledge, padStyleExempts: padStyleExempts, runs: runs).map { ($0.setting, $0.property, $0.fixable) }
}

/// `controlSettings`, each with the object it is made on.
func controlSettingsByObject(in facts: UIFacts, knowledge: ControlSettingKnowledge, padStyleExempts: Bool = true,
                             runs: (GuardContext) -> Bool = { $0.runsInMacIdiom })
    -> [(object: UIObjectFact, setting: SettingFact, property: PropertyEntry, fixable: Bool)] {
    let classes = knowledge.classes.map(\.name)
    let superclasses = Set(knowledge.superclasses)
    let properties = knowledge.properties
    var settings: [(object: UIObjectFact, setting: SettingFact, property: PropertyEntry, fixable: Bool)] = []
    for object in facts.objects.values where !(padStyleExempts && object.preferredBehavioralStyle == "pad") {
        let isKnownClass = classes.contains(where: object.isKind(of:))
        let mayBeKnownClass = object.classChain.allSatisfy(superclasses.contains)
        if object.isTypeKnown && !isKnownClass && !mayBeKnownClass { continue }
        for setting in object.settings where runs(setting.guardContext) {
            guard let property = properties.first(where: { $0.name == setting.property }),
                  isKnownClass || property.unique, property.isRead(setting.value) else { continue }
            settings.append((object, setting, property, isKnownClass))
        }
    }
    return settings
}

/// The references of `facts` to a name in `knowledge`, where `runs` says the code can run for the
/// rule: the member chain starts with the entry's names and goes on with one of its `members` (when
/// it gives them); a string counts only for an entry that looks in strings; a value only compared
/// with one in the same coordinates (the entry's `sameSpace`) does not count.
func references(in facts: UIFacts, knowledge: ReferenceKnowledge, runs: (GuardContext) -> Bool) -> [(reference: ReferenceFact, entry: ReferenceEntry)] {
    facts.references.compactMap { reference in
        guard runs(reference.guardContext) else { return nil }
        let entry = knowledge.references.first { entry in
            let path = entry.path
            guard reference.names.starts(with: path), !reference.inString || entry.strings else { return false }
            guard let members = entry.members else { return true }
            return reference.names.count > path.count && members.contains(reference.names[path.count])
        }
        guard let entry, !reference.comparedWith.contains(where: entry.sameSpace.contains) else { return nil }
        return (reference, entry)
    }
}

/// A number as messages show it: `834` for 834.0, `834.5` for 834.5.
func shownNumber(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
}

/// `UIEdgeInsets` -> `["ui", "edge", "insets"]`, `numberOfColumns` -> `["number", "of", "columns"]`.
func camelCaseWords(_ identifier: String) -> [String] {
    asciiCamelCaseWords(identifier) ?? unicodeCamelCaseWords(identifier)
}

/// `camelCaseWords` of an ASCII identifier, read byte by byte (the same words, about twenty times
/// faster than through `Character`'s Unicode properties); nil for any other.
private func asciiCamelCaseWords(_ identifier: String) -> [String]? {
    let bytes = Array(identifier.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    var words: [String] = []
    var current: [UInt8] = []
    for (offset, byte) in bytes.enumerated() {
        if byte == 0x5F || (byte >= 0x30 && byte <= 0x39) {
            if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
            continue
        }
        if isUpper(byte), !current.isEmpty {
            let previousIsLower = isLower(bytes[offset - 1])
            let nextIsLower = offset + 1 < bytes.count && isLower(bytes[offset + 1])
            if previousIsLower || nextIsLower {
                words.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        current.append(isUpper(byte) ? byte + 0x20 : byte)
    }
    if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
    return words
}

/// `camelCaseWords` of any identifier, by `Character`.
func unicodeCamelCaseWords(_ identifier: String) -> [String] {
    var words: [String] = []
    var current = ""
    let characters = Array(identifier)
    for (offset, character) in characters.enumerated() {
        if character == "_" || character.isNumber {
            if !current.isEmpty { words.append(current) }
            current = ""
            continue
        }
        if character.isUppercase, !current.isEmpty {
            let previousIsLower = characters[offset - 1].isLowercase
            let nextIsLower = offset + 1 < characters.count && characters[offset + 1].isLowercase
            if previousIsLower || nextIsLower {
                words.append(current)
                current = ""
            }
        }
        current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    return words.map { $0.lowercased() }
}
