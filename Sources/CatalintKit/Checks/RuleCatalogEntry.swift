import Foundation

/// The rule catalogue kept in the cache folder in a binary form (the file `rule-catalogue`), which a
/// run reads instead of decoding the rule files' YAML: decoding it was a quarter of a small run's
/// instructions and 7% of a run of a 1,500-file app with nothing changed. The entry holds what a
/// lint reads of each rule, everything but its prose and examples, which are read from the
/// embedded rule file when first asked for, as they are without the entry. It is used only when its
/// checksum holds, this build of catalint wrote it (`ResultCache.key`, which a rebuilt catalint
/// changes), and it names exactly the embedded rule files; anything else decodes the YAML and
/// writes the entry again. A damaged entry is never trusted.
struct RuleCatalogEntry: Sendable {
    let path: String
    let directory: String
    /// This build of catalint (`ResultCache.key`).
    let key: UInt64

    init(directory: String, key: UInt64 = ResultCache.key(settings: Array("rule catalogue".utf8))) {
        self.directory = directory
        self.path = directory + "/" + Self.fileName
        self.key = key
    }

    static let fileName = "rule-catalogue"

    /// The most bytes an entry may have: today's is 25 KB; a larger file is not read at all.
    static let largest = 16 << 20

    /// The first bytes of the entry: what it is, and the version of its form.
    static let magic = Array("catalint rule catalogue 1\n".utf8)

    /// The catalogue kept by an earlier run, when it holds.
    func load() -> [RuleDefinition]? {
        guard let body = CacheFolder.readChecked(path, magic: Self.magic, limit: Self.largest) else { return nil }
        do {
            let source = try BinaryReader(body)
            guard try source.readUInt64() == key else { return nil }
            let count = try source.readCount()
            let files = EmbeddedRules.files
            guard count == files.count else { return nil }
            var rules: [RuleDefinition] = []
            rules.reserveCapacity(count)
            for _ in 0..<count { rules.append(try Self.unpack(from: source)) }
            source.finish()
            // Every embedded file, once: the entry's rules are sorted by id, the files by name.
            guard source.isAtEnd, rules.map({ "\($0.id).yml" }).sorted() == files.map(\.name).sorted() else { return nil }
            return rules
        } catch {
            return nil
        }
    }

    /// Keeps `rules`, the catalogue decoded from the embedded files.
    func store(_ rules: [RuleDefinition]) {
        let sink = BinaryWriter()
        sink.write(key)
        sink.write(rules.count)
        for rule in rules { Self.pack(rule, into: sink) }
        CacheFolder.writeChecked(sink.finished(), magic: Self.magic, to: path, in: directory)
    }

    /// Every field a lint reads, in the order `unpack` reads them; `RuleCatalogEntryTests` checks
    /// that every field of every rule comes back.
    static func pack(_ rule: RuleDefinition, into sink: BinaryWriter) {
        sink.write(rule.id)
        sink.write(rule.title)
        rule.severity.packValue(into: sink)
        rule.category.packValue(into: sink)
        rule.breaksIn.packValue(into: sink)
        sink.write(rule.optIn)
        sink.write(rule.preview)
        sink.write(rule.message)
        sink.write(rule.help)
        rule.phrases.packValue(into: sink)
        // Through the rule's logic, which knows the knowledge's kind: a cast to a protocol would look
        // its conformance up at run time (three quarters of what writing the entry cost).
        let logic = RuleRegistry.logic[rule.id]
        sink.write(logic != nil && rule.uikit != nil)
        if let logic, let knowledge = rule.uikit { type(of: logic).packKnowledge(knowledge, into: sink) }
        sink.write(rule.fix != nil)
        rule.fix?.packValue(into: sink)
    }

    static func unpack(from source: BinaryReader) throws -> RuleDefinition {
        let id = try source.readString()
        guard let text = EmbeddedRules.files.first(where: { $0.name == "\(id).yml" })?.text else { throw BinaryReader.Malformed() }
        var rule = RuleDefinition(id: id, title: try source.readString(), severity: try .unpackValue(from: source),
                                  category: try .unpackValue(from: source), breaksIn: try .unpackValue(from: source),
                                  optIn: try source.readBool(), preview: try source.readBool(),
                                  later: RuleCatalog.later(text, name: "\(id).yml"),
                                  message: try source.readString(), help: try source.readString(),
                                  phrases: try .unpackValue(from: source))
        if try source.readBool() {
            // The knowledge's kind is the one the rule's logic reads; a rule without logic has none.
            guard let logic = RuleRegistry.logic[id] else { throw BinaryReader.Malformed() }
            rule.uikit = try type(of: logic).unpackKnowledge(from: source)
        }
        if try source.readBool() { rule.fix = try .unpackValue(from: source) }
        return rule
    }
}

extension RuleLogic {
    /// The rule's knowledge from the catalogue's binary form (`RuleCatalogEntry`).
    static func unpackKnowledge(from source: BinaryReader) throws -> any RuleKnowledge {
        try Knowledge.unpackValue(from: source)
    }

    /// Writes `knowledge`, of this rule's kind, in that form.
    static func packKnowledge(_ knowledge: any RuleKnowledge, into sink: BinaryWriter) {
        (knowledge as? Knowledge ?? Knowledge()).packValue(into: sink)
    }
}

extension RuleDefinition {
    /// A rule from its fields, its prose and examples from `later`; no knowledge and no fix yet.
    init(id: String, title: String, severity: Severity, category: RuleCategory, breaksIn: BreakScope, optIn: Bool, preview: Bool,
         later: (prose: Deferred<Prose>, examples: Deferred<Examples?>), message: String, help: String, phrases: [String: String]) {
        self.id = id
        self.title = title
        self.severity = severity
        self.category = category
        self.breaksIn = breaksIn
        self.optIn = optIn
        self.preview = preview
        self.prose = later.prose
        self.message = message
        self.help = help
        self.phrases = phrases
        self.uikit = nil
        self.exampleSource = later.examples
        self.fix = nil
    }
}
