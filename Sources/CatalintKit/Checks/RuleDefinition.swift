import Foundation
import Yams

/// What kind of problem a rule finds; it decides the severity under `--idiom pad`.
public enum RuleCategory: String, Sendable, Codable, CaseIterable {
    /// The app throws an exception in the Mac idiom only: a note under `--idiom pad`.
    case exception
    /// The app throws on the Mac in either idiom, or on iPad, or everywhere but the Mac idiom: the
    /// severity stays under `--idiom pad`.
    case crash
    /// The app lays itself out wrongly in the Mac idiom.
    case layout
    /// The code calls private API, which App Review rejects: the severity stays under `--idiom pad`.
    case privateAPI = "private-api"
    /// catalint could not lint an input (unreadable or malformed file).
    case tool
}

/// A rule as `Rules/<id>.yml` describes it: its documentation, its UIKit knowledge and its examples.
/// Decoding is strict: an unknown key anywhere in the file is an error.
public struct RuleDefinition: Sendable, Decodable {
    public var id: String
    public var title: String
    public var severity: Severity
    public var category: RuleCategory
    /// True for a rule that reports only when asked for: a level in the configuration's `rules:`,
    /// `--select` or `--extend-select`. For rules that are right but noisy in most apps.
    public var optIn: Bool
    /// One sentence: what the rule flags.
    public var summary: String
    /// Why it breaks in the Mac idiom.
    public var rationale: String
    /// What to do instead.
    public var advice: String
    public var reference: Reference
    /// The diagnostic message, with `{placeholders}` the rule fills in.
    public var message: String
    /// The `help:` line of the diagnostic, with placeholders too.
    public var help: String
    /// The UIKit knowledge the rule's logic reads, of the kind its logic declares; nil for the
    /// tool's own rules, which have no logic.
    public var uikit: (any RuleKnowledge)?
    public var examples: Examples?
    /// How the rule fixes what it finds, if it can.
    public var fix: FixDefinition?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, severity, category
        case optIn = "opt_in"
        case summary, rationale, advice, reference, message, help, uikit, examples, fix
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        severity = try container.decode(Severity.self, forKey: .severity)
        category = try container.decode(RuleCategory.self, forKey: .category)
        optIn = try container.decodeIfPresent(Bool.self, forKey: .optIn) ?? false
        summary = try container.decode(String.self, forKey: .summary)
        rationale = try container.decode(String.self, forKey: .rationale)
        advice = try container.decode(String.self, forKey: .advice)
        reference = try container.decode(Reference.self, forKey: .reference)
        message = try container.decode(String.self, forKey: .message)
        help = try container.decode(String.self, forKey: .help)
        examples = try container.decodeIfPresent(Examples.self, forKey: .examples)
        fix = try container.decodeIfPresent(FixDefinition.self, forKey: .fix)
        if let logic = RuleRegistry.logic[id] {
            uikit = try type(of: logic).decodeKnowledge(container, forKey: .uikit)
        } else if container.contains(.uikit) {
            throw DecodingError.dataCorruptedError(forKey: .uikit, in: container,
                                                   debugDescription: "'\(id)' has no logic in RuleRegistry, so nothing would read its 'uikit' knowledge")
        }
    }

    public struct Reference: Sendable, Decodable {
        public var title: String
        public var url: String

        enum CodingKeys: String, CodingKey, CaseIterable { case title, url }

        public init(from decoder: Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decode(String.self, forKey: .title)
            url = try container.decode(String.self, forKey: .url)
        }
    }

    public struct Examples: Sendable, Decodable {
        /// Swift code that must fire exactly at each `↓`.
        public var triggering: [String]?
        /// Swift code that must stay silent.
        public var passing: [String]?
        /// YAML interface descriptions that must fire exactly at each `↓`.
        public var interfaceTriggering: [String]?
        /// YAML interface descriptions that must stay silent.
        public var interfacePassing: [String]?
        /// Storyboard or xib XML that must fire exactly at each `↓`.
        public var interfaceBuilderTriggering: [String]?
        /// Storyboard or xib XML that must stay silent.
        public var interfaceBuilderPassing: [String]?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case triggering, passing
            case interfaceTriggering = "interface_triggering"
            case interfacePassing = "interface_passing"
            case interfaceBuilderTriggering = "interface_builder_triggering"
            case interfaceBuilderPassing = "interface_builder_passing"
        }

        public init(from decoder: Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            triggering = try container.decodeIfPresent([String].self, forKey: .triggering)
            passing = try container.decodeIfPresent([String].self, forKey: .passing)
            interfaceTriggering = try container.decodeIfPresent([String].self, forKey: .interfaceTriggering)
            interfacePassing = try container.decodeIfPresent([String].self, forKey: .interfacePassing)
            interfaceBuilderTriggering = try container.decodeIfPresent([String].self, forKey: .interfaceBuilderTriggering)
            interfaceBuilderPassing = try container.decodeIfPresent([String].self, forKey: .interfaceBuilderPassing)
        }
    }

    /// How a rule fixes what it finds: the kind of edit, whether it is safe, its one-line title, and
    /// examples (code with `↓` where the rule fires, and the code after every fix is applied) that
    /// run as tests.
    public struct FixDefinition: Sendable, Decodable {
        public var kind: FixKind
        public var applicability: FixApplicability
        public var title: String
        public var examples: [FixExample]

        enum CodingKeys: String, CodingKey, CaseIterable { case kind, applicability, title, examples }

        public init(from decoder: Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(FixKind.self, forKey: .kind)
            applicability = try container.decode(FixApplicability.self, forKey: .applicability)
            title = try container.decode(String.self, forKey: .title)
            examples = try container.decodeIfPresent([FixExample].self, forKey: .examples) ?? []
        }
    }

    public struct FixExample: Sendable, Decodable {
        public var input: String
        public var output: String

        enum CodingKeys: String, CodingKey, CaseIterable { case input, output }

        public init(from decoder: Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            input = try container.decode(String.self, forKey: .input)
            output = try container.decode(String.self, forKey: .output)
        }
    }

    /// The fix for a finding of this rule, when the rule has one and the finding's place can take it.
    func fix(for finding: Finding) -> Fix? {
        guard let fix, let site = finding.site, let edits = fix.kind.edits(at: site) else { return nil }
        return Fix(title: render(fix.title, finding.values), applicability: fix.applicability, edits: edits)
    }

    /// The message and help with the placeholders filled from `values`.
    /// `template` with each `{name}` replaced by its value, in one pass from left to right: a value
    /// is never read again, so text from the user's code that looks like a placeholder stays as it
    /// is. A placeholder without a value stays as written.
    func render(_ template: String, _ values: [String: String]) -> String {
        var text = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}"), let value = values[String(rest[afterOpen..<close])] else {
                text.append("{")
                rest = rest[afterOpen...]
                continue
            }
            text += value
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }
}

/// Loads the rule files that the build embedded from `Rules/`.
public enum RuleCatalog {
    /// Every rule, sorted by id.
    public static let all: [RuleDefinition] = {
        do {
            return try EmbeddedRules.files.map { try parse($0.text, name: $0.name) }.sorted { $0.id < $1.id }
        } catch {
            fatalError("The embedded rule files do not load; the build checks them, so this is a bug: \(error)")
        }
    }()

    public static func rule(_ id: String) -> RuleDefinition? {
        all.first { $0.id == id }
    }

    /// The names of the embedded rule files, for tests that compare them with `Rules/`.
    public static var embeddedFileNames: [String] { EmbeddedRules.files.map(\.name) }

    /// Parses one rule file; `name` (`unavailable-control.yml`) must match the id inside. A file that
    /// does not decode, strictly, throws a `RuleFileError` with the line and column of the problem.
    public static func parse(_ text: String, name: String) throws -> RuleDefinition {
        let source = SourceText(path: name, text: text)
        let definition: RuleDefinition
        do {
            definition = try YAMLDecoder().decode(RuleDefinition.self, from: text)
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
