import Foundation
import Yams

/// What kind of problem a rule finds; it decides the severity under `--idiom pad`.
public enum RuleCategory: String, Sendable, Codable {
    /// The app throws an exception in the Mac idiom.
    case exception
    /// The app lays itself out wrongly in the Mac idiom.
    case layout
    /// catalint could not lint an input (unreadable or malformed file).
    case tool
}

/// A rule as `Rules/<id>.yml` describes it: its documentation, its UIKit knowledge and its examples.
public struct RuleDefinition: Sendable, Codable {
    public var id: String
    public var title: String
    public var severity: Severity
    public var category: RuleCategory
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
    public var uikit: RuleKnowledge?
    public var examples: Examples?

    public struct Reference: Sendable, Codable {
        public var title: String
        public var url: String
    }

    public struct Examples: Sendable, Codable {
        /// Swift code that must fire exactly at each `↓`.
        public var triggering: [String]?
        /// Swift code that must stay silent.
        public var passing: [String]?
        /// YAML interface descriptions that must fire exactly at each `↓`.
        public var interfaceTriggering: [String]?
        /// YAML interface descriptions that must stay silent.
        public var interfacePassing: [String]?

        enum CodingKeys: String, CodingKey {
            case triggering, passing
            case interfaceTriggering = "interface_triggering"
            case interfacePassing = "interface_passing"
        }
    }

    /// The message and help with the placeholders filled from `values`.
    func render(_ template: String, _ values: [String: String]) -> String {
        var text = template
        for (key, value) in values { text = text.replacingOccurrences(of: "{\(key)}", with: value) }
        return text
    }
}

/// The UIKit names a rule needs, kept in its YAML file rather than in code.
public struct RuleKnowledge: Sendable, Codable {
    public var classes: [ClassEntry]?
    /// Superclasses of `classes` (`UIControl`, `UIView`): a receiver typed as one of them may be one
    /// of `classes`, so it counts as of unknown type.
    public var superclasses: [String]?
    public var properties: [PropertyEntry]?
    public var dimensions: [Dimension]?
    /// The smallest lone width or height that may match a screen dimension.
    public var singleValueMinimum: Double?
    /// Identifiers that are geometry whole (`CGRect`, `widthAnchor`).
    public var geometryNames: [String]?
    /// Words that make a camel-case identifier geometry (`inset` in `contentInset`).
    public var geometryWords: [String]?
    /// Words that make an identifier not geometry even with a geometry word (`font` in `fontSize`).
    public var nonGeometryWords: [String]?
    /// Words that make a condition adapt to the window (`size` in `horizontalSizeClass`).
    public var adaptiveWords: [String]?
    /// Words that keep a condition from adapting even with an adaptive word (`screen`).
    public var nonAdaptiveWords: [String]?
    /// Screen heights and widths in pixels, as `nativeBounds` gives them.
    public var pixelDimensions: [Double]?
    /// Words that make a width or height the screen's (`screen` in `screenWidth`).
    public var screenWords: [String]?
    /// Words that make a width or height the screen's in pixels (`native` in `nativeBounds`).
    public var pixelWords: [String]?
    /// Words that make an identifier a width or height (`width`, `bounds`).
    public var dimensionWords: [String]?
    /// Words that say a size is for something other than a view: an image, a window (`thumbnail`,
    /// `renderer`, `minimumSize`).
    public var nonLayoutWords: [String]?

    enum CodingKeys: String, CodingKey {
        case classes, superclasses, properties, dimensions
        case singleValueMinimum = "single_value_minimum"
        case geometryNames = "geometry_names"
        case geometryWords = "geometry_words"
        case nonGeometryWords = "non_geometry_words"
        case adaptiveWords = "adaptive_words"
        case nonAdaptiveWords = "non_adaptive_words"
        case pixelDimensions = "pixel_dimensions"
        case screenWords = "screen_words"
        case pixelWords = "pixel_words"
        case dimensionWords = "dimension_words"
        case nonLayoutWords = "non_layout_words"
    }

    public struct ClassEntry: Sendable, Codable {
        public var name: String
        /// What to offer in the Mac idiom instead.
        public var replacement: String?
    }

    public struct PropertyEntry: Sendable, Codable {
        /// The UIKit property: `thumbImage`, `title`.
        public var name: String
        /// True when the name alone tells the class (`setThumbImage(_:for:)` is only a slider's), so
        /// the rule may fire where the receiver's type is unknown.
        public var unique: Bool?
    }

    public struct Dimension: Sendable, Codable {
        public var width: Double
        public var height: Double
        public var device: String
        /// `pad` for an iPad's screen: a lone width or height of a frame matches only those.
        public var family: String?
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

    /// Parses one rule file; `name` (`unavailable-control.yml`) must match the id inside.
    public static func parse(_ text: String, name: String) throws -> RuleDefinition {
        let definition = try YAMLDecoder().decode(RuleDefinition.self, from: text)
        guard name == "\(definition.id).yml" else {
            throw RuleFileError(message: "\(name) declares the id '\(definition.id)'; the file must be named \(definition.id).yml")
        }
        return definition
    }
}

struct RuleFileError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
