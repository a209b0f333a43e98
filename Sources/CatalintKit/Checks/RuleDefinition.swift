import Foundation
import Yams

/// The group a rule belongs to, which `--select`, `--ignore`, `--extend-select` and the
/// configuration's `select:` accept in place of its id.
public enum RuleCategory: String, Sendable, Codable, CaseIterable {
    /// The app throws an exception (or leans on a private switch that stops one).
    case crash
    /// The app lays itself out wrongly on the Mac.
    case layout
    /// catalint's own findings about its inputs: a file it could not read or parse, a suppression
    /// comment that is wrong or unused.
    case meta
}

/// Where what a rule finds breaks, which decides where it reports: its severity under `--idiom pad`
/// and whether it applies to code that never runs in the Mac idiom.
public enum BreakScope: String, Sendable, Codable, CaseIterable {
    /// Only in the Mac idiom: a note under `--idiom pad`, and silent in code that never runs in it.
    case macIdiom = "mac-idiom"
    /// On the Mac, in either idiom: the severity stays under `--idiom pad`; silent in code that never
    /// runs in the Mac idiom.
    case mac
    /// Wherever the app runs (on iPad too, or everywhere but the Mac idiom): the severity stays under
    /// `--idiom pad`, and code that never runs in the Mac idiom is checked in the pad idiom.
    case anywhere

    /// The scope of a rule that does not say: `mac-idiom` for a crash, `mac` for layout, `anywhere`
    /// for catalint's own rules.
    static func `default`(for category: RuleCategory) -> BreakScope {
        switch category {
        case .crash: return .macIdiom
        case .layout: return .mac
        case .meta: return .anywhere
        }
    }
}

/// A rule as `Rules/<id>.yml` describes it: its documentation, its UIKit knowledge and its examples.
/// Decoding is strict: an unknown key anywhere in the file is an error.
public struct RuleDefinition: Sendable, Decodable {
    public var id: String
    public var title: String
    public var severity: Severity
    public var category: RuleCategory
    /// Where what it finds breaks (`breaks_in:`; by default from the category).
    public var breaksIn: BreakScope
    /// True for a rule that reports only when asked for: a level in the configuration's `rules:`,
    /// `--select` or `--extend-select`. For rules that are right but noisy in most apps.
    public var optIn: Bool
    /// True for a rule that ships as a preview (`preview: true`): it reports only in preview mode
    /// (`--preview`, or `preview: true` in the configuration), so a release never changes what runs
    /// by default without a note.
    public var preview: Bool
    /// One sentence: what the rule flags.
    public var summary: String { prose.value.summary }
    /// Why it breaks in the Mac idiom.
    public var rationale: String { prose.value.rationale }
    /// What to do instead.
    public var advice: String { prose.value.advice }
    var reference: Reference { prose.value.reference }
    /// The four above: decoded with the rule, or from the rule file's text when first asked for
    /// (`RuleCatalog.all`: a lint reads them only for a report that describes its rules).
    var prose: Deferred<Prose>
    /// The diagnostic message, with `{placeholders}` the rule fills in.
    public var message: String
    /// The `help:` line of the diagnostic, with placeholders too.
    public var help: String
    /// Parts of the message and help that the rule's logic picks by name (`Phrase.named`), with
    /// placeholders of their own.
    var phrases: [String: String]
    /// The UIKit knowledge the rule's logic reads, of the kind its logic declares; nil for the
    /// tool's own rules, which have no logic.
    public var uikit: (any RuleKnowledge)?
    /// The examples, which run as tests and illustrate the rule's page; a lint never reads them.
    var examples: Examples? { exampleSource.value }
    /// Where the examples come from: decoded with the rule, or decoded from the file's text when
    /// first asked for (`RuleCatalog.all`: the examples are most of each rule file).
    var exampleSource: Deferred<Examples?>
    /// How the rule fixes what it finds, if it can.
    var fix: FixDefinition?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, severity, category
        case breaksIn = "breaks_in"
        case optIn = "opt_in"
        case preview
        case summary, rationale, advice, reference, message, help, phrases, uikit, examples, fix
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        severity = try container.decode(Severity.self, forKey: .severity)
        category = try container.decode(RuleCategory.self, forKey: .category)
        breaksIn = try container.decodeIfPresent(BreakScope.self, forKey: .breaksIn) ?? .default(for: category)
        optIn = try container.decodeIfPresent(Bool.self, forKey: .optIn) ?? false
        preview = try container.decodeIfPresent(Bool.self, forKey: .preview) ?? false
        prose = Deferred(Prose(summary: try container.decode(String.self, forKey: .summary),
                               rationale: try container.decode(String.self, forKey: .rationale),
                               advice: try container.decode(String.self, forKey: .advice),
                               reference: try container.decode(Reference.self, forKey: .reference)))
        message = try container.decode(String.self, forKey: .message)
        help = try container.decode(String.self, forKey: .help)
        phrases = try container.decodeIfPresent([String: String].self, forKey: .phrases) ?? [:]
        exampleSource = Deferred(try container.decodeIfPresent(Examples.self, forKey: .examples))
        fix = try container.decodeIfPresent(FixDefinition.self, forKey: .fix)
        if let logic = RuleRegistry.logic[id] {
            uikit = try type(of: logic).decodeKnowledge(container, forKey: .uikit)
        } else if container.contains(.uikit) {
            throw DecodingError.dataCorruptedError(forKey: .uikit, in: container,
                                                   debugDescription: "'\(id)' has no logic (a RuleLogic type in Checks/Rules/), so nothing would read its 'uikit' knowledge")
        }
    }

    /// The same from the root node of an embedded rule file, without `Decodable` (`RuleCatalog.all`):
    /// the same keys, defaults and checks; `RuleCatalogTests` compares the two over every rule file.
    /// With `later`, the file's prose and examples are not in `node` (`RuleCatalog.deferred`): they
    /// are decoded from `later`'s texts when first asked for.
    init(node: Node, later: (prose: Deferred<Prose>, examples: Deferred<Examples?>)? = nil) throws {
        let members = try node.strictMembers(known: CodingKeys.allCases.map(\.stringValue))
        func required<Value: SchemaValue>(_ key: CodingKeys) throws -> Value {
            try Self.required(key, in: members, of: node)
        }
        func optional<Value: SchemaValue>(_ key: CodingKeys) throws -> Value? {
            try Self.optional(key, in: members)
        }
        id = try required(.id)
        title = try required(.title)
        severity = try required(.severity)
        category = try required(.category)
        breaksIn = try optional(.breaksIn) ?? .default(for: category)
        optIn = try optional(.optIn) ?? false
        preview = try optional(.preview) ?? false
        prose = try later?.prose ?? Deferred(Prose(node: node))
        message = try required(.message)
        help = try required(.help)
        phrases = try optional(.phrases) ?? [:]
        exampleSource = try later?.examples ?? Deferred(optional(.examples))
        fix = try optional(.fix)
        let knowledge = members[CodingKeys.uikit.stringValue].flatMap { $0.isNullValue ? nil : $0 }
        if let logic = RuleRegistry.logic[id] {
            uikit = try type(of: logic).knowledge(from: knowledge)
        } else if let knowledge {
            throw EmbeddedNodeError(knowledge, "'\(id)' has no logic, so nothing would read its 'uikit' knowledge")
        }
    }

    static func required<Value: SchemaValue>(_ key: CodingKeys, in members: [String: Node], of node: Node) throws -> Value {
        guard let member = members[key.stringValue], !member.isNullValue else { throw EmbeddedNodeError(node, "'\(key.stringValue)' must be given") }
        return try Value(node: member)
    }

    static func optional<Value: SchemaValue>(_ key: CodingKeys, in members: [String: Node]) throws -> Value? {
        guard let member = members[key.stringValue], !member.isNullValue else { return nil }
        return try Value(node: member)
    }

    /// What a rule's documentation says of it, which a lint does not read.
    struct Prose: Sendable {
        var summary: String
        var rationale: String
        var advice: String
        var reference: Reference
    }

    struct Reference: KnowledgeShape {
        var title = ""
        var url = ""

        static let fields: [Field<Self>] = [.required("title", \.title), .required("url", \.url)]
    }

    struct Examples: KnowledgeShape {
        /// Swift code that must fire exactly at each `↓`.
        var triggering: [String]?
        /// Swift code that must stay silent.
        var passing: [String]?
        /// YAML interface descriptions that must fire exactly at each `↓`.
        var interfaceTriggering: [String]?
        /// YAML interface descriptions that must stay silent.
        var interfacePassing: [String]?
        /// Storyboard or xib XML that must fire exactly at each `↓`.
        var interfaceBuilderTriggering: [String]?
        /// Storyboard or xib XML that must stay silent.
        var interfaceBuilderPassing: [String]?
        /// Objective-C code (linted as a `.m` file) that must fire exactly at each `↓`.
        var objcTriggering: [String]?
        /// Objective-C code that must stay silent.
        var objcPassing: [String]?
        /// Small projects (each a mapping from a file's path to its text: a `project.yml`, an
        /// Info.plist, Swift files) that must fire exactly at each `↓`, in whichever file: for the
        /// rules about whole apps.
        var projectTriggering: [[String: String]]?
        /// Small projects that must stay silent.
        var projectPassing: [[String: String]]?

        static let fields: [Field<Self>] = [
            .optional("triggering", \.triggering),
            .optional("passing", \.passing),
            .optional("interface_triggering", \.interfaceTriggering),
            .optional("interface_passing", \.interfacePassing),
            .optional("interface_builder_triggering", \.interfaceBuilderTriggering),
            .optional("interface_builder_passing", \.interfaceBuilderPassing),
            .optional("objc_triggering", \.objcTriggering),
            .optional("objc_passing", \.objcPassing),
            .optional("project_triggering", \.projectTriggering),
            .optional("project_passing", \.projectPassing),
        ]
    }

    /// How a rule fixes what it finds: the kind of edit, whether it is safe, its one-line title, and
    /// examples (code with `↓` where the rule fires, and the code after every fix is applied) that
    /// run as tests.
    struct FixDefinition: KnowledgeShape {
        var kind = FixKind.padBehavioralStyle
        var applicability = FixApplicability.safe
        var title = ""
        var examples: [FixExample] = []

        static let fields: [Field<Self>] = [
            .required("kind", \.kind),
            .required("applicability", \.applicability),
            .required("title", \.title),
            .list("examples", \.examples),
        ]
    }

    struct FixExample: KnowledgeShape {
        var input = ""
        var output = ""

        static let fields: [Field<Self>] = [.required("input", \.input), .required("output", \.output)]
    }

    /// The fix for a finding of this rule, when the rule has one and the finding's place can take it.
    func fix(for finding: Finding) -> Fix? {
        guard let fix, let site = finding.site, let edits = fix.kind.edits(at: site) else { return nil }
        return Fix(title: render(fix.title, finding), applicability: fix.applicability, edits: edits)
    }

    /// The diagnostic's message for a finding.
    func message(for finding: Finding) -> String {
        render(message, finding)
    }

    /// The diagnostic's help line for a finding.
    func help(for finding: Finding) -> String {
        render(help, finding)
    }

    /// `template` with each placeholder filled from the finding: its phrases, else its values.
    func render(_ template: String, _ finding: Finding) -> String {
        guard !finding.phrases.isEmpty else { return render(template, finding.values) }
        return render(template) { name in finding.phrases[name].map(text(of:)) ?? finding.values[name] }
    }

    /// `template` with each `{name}` replaced by its value.
    func render(_ template: String, _ values: [String: String]) -> String {
        render(template) { values[$0] }
    }

    /// The text of a phrase: a named one rendered from the rule's `phrases` (left as `{name}` when
    /// the rule has no such phrase, as a placeholder without a value is).
    private func text(of phrase: Phrase) -> String {
        switch phrase {
        case .text(let text):
            return text
        case .named(let name, let parts):
            guard let template = phrases[name] else { return "{\(name)}" }
            return render(template) { parts[$0].map(text(of:)) }
        case .list(let parts, let separator):
            return parts.map(text(of:)).joined(separator: text(of: separator))
        }
    }

    /// `template` with each `{name}` replaced by `value(name)`, in one pass from left to right: a
    /// value is never read again, so text from the user's code that looks like a placeholder stays
    /// as it is. A placeholder without a value stays as written.
    private func render(_ template: String, value: (String) -> String?) -> String {
        var text = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}"), let filled = value(String(rest[afterOpen..<close])) else {
                text.append("{")
                rest = rest[afterOpen...]
                continue
            }
            text += filled
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }
}

/// One decoder for every YAML decode: making a `YAMLDecoder` reads the whole process environment
/// (Yams looks for `YAMS_DEFAULT_ENCODING` in its default options), a sixth of the start-up's
/// instructions when each rule file made its own. It holds no state while it decodes.
nonisolated(unsafe) let sharedYAMLDecoder = YAMLDecoder(encoding: .utf8)

/// A part of a rule (its examples, its prose), decoded with the rule or, for the rules the build
/// embedded, from the part's text the first time it is asked for: a lint, which never reads them,
/// does not decode them (the examples are about two thirds of the rule files' text, the prose
/// another sixth, and decoding the catalogue was most of the start-up).
final class Deferred<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    /// `.some` once known.
    private var decoded: Value?
    private let text: String
    private let keys: Set<String>
    private let name: String
    private let read: (@Sendable (Node?) throws -> Value)?

    init(_ value: Value) {
        decoded = value
        text = ""
        keys = []
        name = ""
        read = nil
    }

    /// The part that `read` makes of the blocks under `keys` of the rule file `name` (`text`), the
    /// file's other lines left empty, when first asked for.
    init(readingLater keys: Set<String>, of text: String, name: String, _ read: @escaping @Sendable (Node?) throws -> Value) {
        self.text = text
        self.keys = keys
        self.name = name
        self.read = read
    }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let decoded { return decoded }
        do {
            guard let read else { preconditionFailure("a deferred part without a reader") }
            let part = RuleCatalog.blocks(of: text) { keys.contains($0) }
            let value = try read(try Yams.compose(yaml: part, RuleCatalog.resolver, .default, .utf8))
            decoded = value
            return value
        } catch {
            fatalError("A part of the embedded rule file \(name) does not load; the tests read every part, so this is a bug: \(error)")
        }
    }
}

/// Loads the rule files that the build embedded from `Rules/`.
public enum RuleCatalog {
    /// Every rule, sorted by id. Each file is read without its examples and prose
    /// (`deferredKeys`), which are decoded from the same file when something asks for them (the
    /// tests, the rule pages, the reports that describe rules), and from its YAML nodes, not
    /// through `Decodable` (`RuleDefinition.init(node:)`): the tests decode every file strictly with
    /// `parse` and compare the two. A run with a cache reads them from the binary form kept there
    /// instead (`load`, `willLoad`, `RuleCatalogEntry`).
    public static var all: [RuleDefinition] { loading.rules(keptIn: nil) }

    /// The catalogue, loaded once a process: from the binary form kept in the cache folder
    /// `directory` (`RuleCatalogEntry`) when it holds, else decoded from the embedded files and, with
    /// a `directory`, kept there for the next run. A folder that `CacheFolder.refusal` refuses is
    /// neither read nor written. Whichever comes first, this or `all`, loads it.
    static func load(keptIn directory: String?) -> [RuleDefinition] {
        loading.rules(keptIn: directory)
    }

    /// Names the cache folder of the run under way, so that the first load, this thread's or
    /// another's, through `load` or `all`, takes the catalogue from there and keeps it there; a
    /// folder named before it is loaded stays the one.
    public static func willLoad(keptIn directory: String?) {
        loading.prefer(directory)
    }

    /// Whether the catalogue, once loaded, came from the cache (nil until it is loaded), for `--verbose`.
    public static var takenFromCache: Bool? { loading.takenFromCache }

    private static let loading = Loading()

    /// The catalogue once loaded; the first caller loads it while the others wait.
    final class Loading: @unchecked Sendable {
        private let lock = NSLock()
        private var rules: [RuleDefinition]?
        private var fromCache = false
        /// The cache folder named by `prefer`, used by a load that names none.
        private var preferred: String?

        var takenFromCache: Bool? { lock.withLock { rules == nil ? nil : fromCache } }

        func prefer(_ directory: String?) {
            lock.withLock {
                if rules == nil, preferred == nil { preferred = directory }
            }
        }

        func rules(keptIn directory: String?) -> [RuleDefinition] {
            let (rules, keep) = lock.withLock { () -> ([RuleDefinition], RuleCatalogEntry?) in
                if let rules = self.rules { return (rules, nil) }
                let entry = (directory ?? preferred).flatMap { CacheFolder.refusal($0) == nil ? RuleCatalogEntry(directory: $0) : nil }
                if let kept = entry?.load() {
                    self.rules = kept
                    fromCache = true
                    return (kept, nil)
                }
                let rules = RuleCatalog.decodeEmbedded()
                self.rules = rules
                return (rules, entry)
            }
            // Written outside the lock, so that the threads waiting for the rules do not wait for the disk.
            keep?.store(rules)
            return rules
        }
    }

    /// Every rule decoded from the embedded files, sorted by id.
    static func decodeEmbedded() -> [RuleDefinition] {
        do {
            return try EmbeddedRules.files.map { try deferred($0.text, name: $0.name) }.sorted { $0.id < $1.id }
        } catch {
            fatalError("The embedded rule files do not load; the build checks them, so this is a bug: \(error)")
        }
    }

    /// The keys of a rule file that a lint does not read: its examples and its prose.
    static let deferredKeys: Set<String> = ["examples", "summary", "rationale", "advice", "reference"]

    /// A rule file read without its `deferredKeys`, which are read from their own lines when first
    /// asked for.
    static func deferred(_ text: String, name: String) throws -> RuleDefinition {
        try read(blocks(of: text, keeping: { !deferredKeys.contains($0) }), name: name, later: later(text, name: name))
    }

    /// The prose and the examples of the rule file `name` (`text`), read when first asked for.
    static func later(_ text: String, name: String) -> (prose: Deferred<RuleDefinition.Prose>, examples: Deferred<RuleDefinition.Examples?>) {
        let prose = Deferred(readingLater: deferredKeys.subtracting(["examples"]), of: text, name: name) { root in
            guard let root else { throw RuleFileError(message: "\(name):1:1: the file is empty") }
            return try RuleDefinition.Prose(node: root)
        }
        let examples = Deferred(readingLater: ["examples"], of: text, name: name) { root in
            let node = root?.mapping?.first { $0.key.scalar?.string == "examples" }?.value
            return try node.flatMap { $0.isNullValue ? nil : try RuleDefinition.Examples(node: $0) }
        }
        return (prose, examples)
    }

    /// `text` with the lines of the blocks at the left margin whose key `keep` refuses (each block
    /// up to the next key there; comments at the margin are the block's) left empty, so that
    /// every other line keeps its number. Lines before the first key are kept.
    static func blocks(of text: String, keeping keep: (String) -> Bool) -> String {
        // By UTF-8 bytes: over Characters this took 97M instructions, a fifth of a warm run of the sample app.
        var text = text
        return text.withUTF8 { bytes in
            let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), hash = UInt8(ascii: "#"), colon = UInt8(ascii: ":")
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count)
            var keeping = true
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != newline { end += 1 }
                if end > start, bytes[start] != space, bytes[start] != hash {
                    var keyEnd = start
                    while keyEnd < end, bytes[keyEnd] != colon { keyEnd += 1 }
                    keeping = keep(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<keyEnd]), as: UTF8.self))
                }
                if keeping { kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end])) }
                if end < bytes.count { kept.append(newline) }
                start = end + 1
            }
            return String(decoding: kept, as: UTF8.self)
        }
    }

    /// How the embedded files' scalars are tagged: not at all (Yams's basic resolver). Yams resolves
    /// a plain scalar's tag with regular expressions each time it compares two keys (its check for
    /// repeated keys), a third of reading the catalogue; the fields read each value as the type
    /// they want (`Bool.init(node:)`).
    static let resolver = Resolver.basic

    /// An embedded rule file read from its YAML nodes (`RuleDefinition.init(node:)`), its prose and
    /// examples from `later` when given.
    static func read(_ text: String, name: String,
                     later: (prose: Deferred<RuleDefinition.Prose>, examples: Deferred<RuleDefinition.Examples?>)? = nil) throws -> RuleDefinition {
        guard let root = try Yams.compose(yaml: text, RuleCatalog.resolver, .default, .utf8) else { throw RuleFileError(message: "\(name):1:1: the file is empty") }
        do {
            let definition = try RuleDefinition(node: root, later: later)
            guard name == "\(definition.id).yml" else { throw RuleFileError(message: "\(name):1:1: the file declares the id '\(definition.id)'") }
            return definition
        } catch let error as EmbeddedNodeError {
            throw RuleFileError(message: "\(name):\(error.description)")
        }
    }

    /// Every rule's id, sorted, from the embedded files' names (each is named for its rule's id:
    /// `read` checks it), without loading the catalogue.
    static let ids: [String] = EmbeddedRules.files.map { String($0.name.dropLast(".yml".count)) }.sorted()

    public static func rule(_ id: String) -> RuleDefinition? {
        all.first { $0.id == id }
    }

    /// The names of the embedded rule files, for tests that compare them with `Rules/`.
    public static var embeddedFileNames: [String] { EmbeddedRules.files.map(\.name) }

    /// The `uikit:` section of a rule's file as it is written, comments included, with its keys at
    /// the left margin, as a rule's options in `.catalint.yml` take them (its page shows it); nil
    /// for a rule without one.
    static func knowledgeText(of id: String) -> String? {
        EmbeddedRules.files.first { $0.name == "\(id).yml" }.flatMap { topLevelBlock("uikit", of: $0.text) }
    }

    /// The lines under `key:` at the left margin of a YAML file, up to the next key there (comments
    /// at the margin just before it are that key's), less their common indentation; nil when the
    /// file has no such block.
    static func topLevelBlock(_ key: String, of text: String) -> String? {
        var lines: [Substring] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !inside {
                let rest = String(line.dropFirst(key.count + 1)).trimmed
                if line.hasPrefix("\(key):"), rest.isEmpty || rest.hasPrefix("#") { inside = true }
                continue
            }
            if let first = line.first, first != " ", first != "#" { break }
            lines.append(line)
        }
        while let last = lines.last, last.allSatisfy(\.isWhitespace) || last.first == "#" { lines.removeLast() }
        guard inside, !lines.isEmpty else { return nil }
        let indents = lines.filter { $0.first == " " && !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }
        let indent = indents.min() ?? 0
        return lines.map { line in String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count))) }.joined(separator: "\n")
    }

    /// Parses one rule file; `name` (`unavailable-control.yml`) must match the id inside. A file that
    /// does not decode, strictly, throws a `RuleFileError` with the line and column of the problem.
    public static func parse(_ text: String, name: String) throws -> RuleDefinition {
        let source = SourceText(path: name, text: text)
        let definition: RuleDefinition
        do {
            definition = try sharedYAMLDecoder.decode(RuleDefinition.self, from: text)
        } catch {
            let (position, message) = YAMLProblem.describe(error, in: source)
            throw RuleFileError(message: "\(position): \(message)")
        }
        guard name == "\(definition.id).yml" else {
            throw RuleFileError(message: "\(name):1:1: the file declares the id '\(definition.id)'; it must be named \(definition.id).yml")
        }
        return definition
    }
}

/// A rule file that cannot be used, with the place of the problem.
public struct RuleFileError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension RuleDefinition.Prose {
    /// From the root of a rule file (or of its prose alone).
    init(node: Node) throws {
        let members = try node.strictMembers(known: RuleDefinition.CodingKeys.allCases.map(\.stringValue))
        summary = try RuleDefinition.required(.summary, in: members, of: node)
        rationale = try RuleDefinition.required(.rationale, in: members, of: node)
        advice = try RuleDefinition.required(.advice, in: members, of: node)
        reference = try RuleDefinition.required(.reference, in: members, of: node)
    }
}
