/// The UIKit knowledge a kind of rule reads from the `uikit:` section of its `Rules/<id>.yml`.
///
/// Each kind is a typed struct whose keys are the YAML keys; users extend it with options of the
/// same names in `.catalint.yml` (lists extend catalint's, single values replace them). An unknown
/// key is an error in both places.
public protocol RuleKnowledge: Codable, Sendable {
    init()
    /// The YAML keys of this kind, which are also the rule's option names.
    static var keys: [String] { get }
    /// Adds a user's options: lists extend, single values replace.
    mutating func extend(with options: Self)
}

/// `unavailable-control`: the classes that do not exist in the Mac idiom.
public struct ControlCreationKnowledge: RuleKnowledge, Equatable {
    public var classes: [ClassEntry] = []

    public init() {}

    public static let keys = ["classes"]

    public mutating func extend(with options: Self) {
        classes += options.classes
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case classes }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        classes = try container.list(.classes)
    }
}

/// `unavailable-swiftui-control`: SwiftUI views and modifiers that put an unavailable UIKit control
/// on screen, each with the control it wraps and what to use instead.
public struct CallKnowledge: RuleKnowledge, Equatable {
    public var calls: [CallEntry] = []

    public init() {}

    public static let keys = ["calls"]

    public mutating func extend(with options: Self) {
        calls += options.calls
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case calls }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        calls = try container.list(.calls)
    }
}

/// A call a rule is about: its name; when `arguments` is given, only calls whose arguments name one
/// of them (`.tabViewStyle(.page)`, not `.tabViewStyle(.automatic)`).
public struct CallEntry: Codable, Sendable, Equatable {
    public var name: String
    public var arguments: [String]?
    /// The UIKit control it shows.
    public var wraps: String
    public var replacement: String

    enum CodingKeys: String, CodingKey, CaseIterable { case name, arguments, wraps, replacement }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        arguments = try container.decodeIfPresent([String].self, forKey: .arguments)
        wraps = try container.decode(String.self, forKey: .wraps)
        replacement = try container.decode(String.self, forKey: .replacement)
    }
}

/// `button-non-normal-state`, `slider-custom-appearance`: properties of a control class that must
/// not be set in the Mac idiom, and how the interface formats spell them.
public struct ControlSettingKnowledge: RuleKnowledge, Equatable {
    public var classes: [ClassEntry] = []
    /// Superclasses of `classes` (`UIControl`, `UIView`): a receiver typed as one of them may be one
    /// of `classes`, so it counts as of unknown type.
    public var superclasses: [String] = []
    public var properties: [PropertyEntry] = []

    public init() {}

    public static let keys = ["classes", "superclasses", "properties"]

    public mutating func extend(with options: Self) {
        classes += options.classes
        superclasses += options.superclasses
        properties += options.properties
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case classes, superclasses, properties }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        classes = try container.list(.classes)
        superclasses = try container.list(.superclasses)
        properties = try container.list(.properties)
    }
}

/// `hard-coded-size`: the device screens, and the words that tell a screen's size from a view's.
public struct ScreenSizeKnowledge: RuleKnowledge, Equatable {
    public var dimensions: [Dimension] = []
    /// The smallest lone width or height (a constraint constant) that may match a screen dimension;
    /// nil for no minimum.
    public var singleValueMinimum: Double?
    /// Screen heights and widths in pixels, as `nativeBounds` gives them.
    public var pixelDimensions: [Double] = []
    /// Words that make a width or height the screen's (`screen` in `screenWidth`).
    public var screenWords: [String] = []
    /// Words that make a width or height the screen's in pixels (`native` in `nativeBounds`).
    public var pixelWords: [String] = []
    /// Words that make an identifier a width or height (`width`, `bounds`).
    public var dimensionWords: [String] = []
    /// Words that say a size is for something other than a view: an image, a window.
    public var nonLayoutWords: [String] = []

    public init() {}

    public static let keys = CodingKeys.allCases.map(\.rawValue)

    public mutating func extend(with options: Self) {
        dimensions += options.dimensions
        if let minimum = options.singleValueMinimum { singleValueMinimum = minimum }
        pixelDimensions += options.pixelDimensions
        screenWords += options.screenWords
        pixelWords += options.pixelWords
        dimensionWords += options.dimensionWords
        nonLayoutWords += options.nonLayoutWords
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case dimensions
        case singleValueMinimum = "single_value_minimum"
        case pixelDimensions = "pixel_dimensions"
        case screenWords = "screen_words"
        case pixelWords = "pixel_words"
        case dimensionWords = "dimension_words"
        case nonLayoutWords = "non_layout_words"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        dimensions = try container.list(.dimensions)
        singleValueMinimum = try container.nonNegative(.singleValueMinimum)
        pixelDimensions = try container.list(.pixelDimensions)
        if pixelDimensions.contains(where: { !($0 > 0 && $0.isFinite) }) {
            throw DecodingError.dataCorruptedError(forKey: .pixelDimensions, in: container,
                                                   debugDescription: "'pixel_dimensions' must hold numbers of pixels above 0")
        }
        screenWords = try container.list(.screenWords)
        pixelWords = try container.list(.pixelWords)
        dimensionWords = try container.list(.dimensionWords)
        nonLayoutWords = try container.list(.nonLayoutWords)
    }
}

/// `idiom-layout-decision`: the names that make a decision select geometry, and the words that make
/// a condition adapt to the window.
public struct LayoutDecisionKnowledge: RuleKnowledge, Equatable {
    /// Identifiers that are geometry whole (`CGRect`, `NSLayoutConstraint`).
    public var geometryNames: [String] = []
    /// Words that make a camel-case identifier geometry when they are its last word, the noun it
    /// names (`inset` in `contentInset`; not `column` in `secondaryColumnToolbarItem`).
    public var geometryWords: [String] = []
    /// Last words that make an identifier geometry when a geometry word comes before them
    /// (`count` in `columnCount`).
    public var countWords: [String] = []
    /// Words that make an identifier not geometry even with a geometry word (`font` in `fontSize`).
    public var nonGeometryWords: [String] = []
    /// Words that make a condition adapt to the window (`size` in `horizontalSizeClass`).
    public var adaptiveWords: [String] = []
    /// Words that keep a condition from adapting even with an adaptive word (`screen`).
    public var nonAdaptiveWords: [String] = []

    public init() {}

    public static let keys = CodingKeys.allCases.map(\.rawValue)

    public mutating func extend(with options: Self) {
        geometryNames += options.geometryNames
        geometryWords += options.geometryWords
        countWords += options.countWords
        nonGeometryWords += options.nonGeometryWords
        adaptiveWords += options.adaptiveWords
        nonAdaptiveWords += options.nonAdaptiveWords
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case geometryNames = "geometry_names"
        case geometryWords = "geometry_words"
        case countWords = "count_words"
        case nonGeometryWords = "non_geometry_words"
        case adaptiveWords = "adaptive_words"
        case nonAdaptiveWords = "non_adaptive_words"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        geometryNames = try container.list(.geometryNames)
        geometryWords = try container.list(.geometryWords)
        countWords = try container.list(.countWords)
        nonGeometryWords = try container.list(.nonGeometryWords)
        adaptiveWords = try container.list(.adaptiveWords)
        nonAdaptiveWords = try container.list(.nonAdaptiveWords)
    }
}

/// `pushed-split-view`: objects of some classes passed to calls that must not take them
/// (`pushViewController(split, animated:)`).
public struct ArgumentKnowledge: RuleKnowledge, Equatable {
    public var classes: [ClassEntry] = []
    public var calls: [ArgumentCallEntry] = []

    public init() {}

    public static let keys = ["classes", "calls"]

    public mutating func extend(with options: Self) {
        classes += options.classes
        calls += options.calls
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case classes, calls }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        classes = try container.list(.classes)
        calls = try container.list(.calls)
    }
}

/// `missing-popover-anchor`: the controllers that show as a popover on iPad and the Mac, the calls
/// that present them, and the settings that anchor the popover.
public struct PresentationKnowledge: RuleKnowledge, Equatable {
    /// The calls that present their argument: `present(_:animated:completion:)`.
    public var calls: [ArgumentCallEntry] = []
    /// Controllers that are always a popover there: `UIActivityViewController`.
    public var classes: [ClassEntry] = []
    /// Settings that make a controller a popover: `preferredStyle` `actionSheet`.
    public var styles: [StyleEntry] = []
    /// Properties of the popover that anchor it: `sourceView`, `barButtonItem`.
    public var anchors: [String] = []
    /// Members that stand for the controller itself when settings are made through them
    /// (`sheet.popoverPresentationController?.sourceView = view` anchors `sheet`).
    public var facets: [String] = []

    public init() {}

    public static let keys = CodingKeys.allCases.map(\.rawValue)

    public mutating func extend(with options: Self) {
        calls += options.calls
        classes += options.classes
        styles += options.styles
        anchors += options.anchors
        facets += options.facets
    }

    public enum CodingKeys: String, CodingKey, CaseIterable { case calls, classes, styles, anchors, facets }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        calls = try container.list(.calls)
        classes = try container.list(.classes)
        styles = try container.list(.styles)
        anchors = try container.list(.anchors)
        facets = try container.list(.facets)
    }
}

/// `main-screen-layout`, `private-mac-idiom-api`: names a rule looks for wherever code uses them.
public struct ReferenceKnowledge: RuleKnowledge, Equatable {
    public var references: [ReferenceEntry] = []

    public init() {}

    public static let keys = ["references"]

    public mutating func extend(with options: Self) {
        references += options.references
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case references }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        references = try container.list(.references)
    }
}

/// `fixed-font-size`: the calls that make a font of a given size, and the calls that scale one.
public struct FontKnowledge: RuleKnowledge, Equatable {
    /// `systemFont` with the label `ofSize`, `UIFont` with `size`.
    public var calls: [ArgumentCallEntry] = []
    /// Calls whose argument is a font or size that then follows the text size (`scaledFont`).
    public var scaling: [String] = []
    /// The smallest size that is a font's size: smaller ones hold a face whose size is set later
    /// (`UIFont(name: "Avenir", size: 1)`, then `withSize`); nil for no minimum.
    public var minimumSize: Double?

    public init() {}

    public static let keys = CodingKeys.allCases.map(\.rawValue)

    public mutating func extend(with options: Self) {
        calls += options.calls
        scaling += options.scaling
        if let minimum = options.minimumSize { minimumSize = minimum }
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case calls, scaling
        case minimumSize = "minimum_size"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        calls = try container.list(.calls)
        scaling = try container.list(.scaling)
        minimumSize = try container.nonNegative(.minimumSize)
    }
}

// MARK: Entries

/// A call and the argument a rule reads: `pushViewController` (its first, unlabeled argument),
/// `UINavigationController` with the label `rootViewController`.
public struct ArgumentCallEntry: Codable, Sendable, Equatable {
    public var name: String
    /// The argument's label; nil for the first argument without one.
    public var label: String?

    public init(name: String, label: String? = nil) {
        self.name = name
        self.label = label
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case name, label }

    public init(from decoder: Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self.init(name: name)
            return
        }
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name), label: try container.decodeIfPresent(String.self, forKey: .label))
    }

    /// True for an argument of a call named `call` with the label `label`.
    public func matches(call: String, label: String?) -> Bool {
        name == call && self.label == label
    }
}

/// A property value that gives a controller a style: `preferredStyle: actionSheet`.
public struct StyleEntry: Codable, Sendable, Equatable {
    public var property: String
    public var value: String
    /// How a message names what it makes: "an action sheet".
    public var shows: String

    enum CodingKeys: String, CodingKey, CaseIterable { case property, value, shows }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        property = try container.decode(String.self, forKey: .property)
        value = try container.decode(String.self, forKey: .value)
        shows = try container.decode(String.self, forKey: .shows)
    }
}

/// A name a rule looks for: a member chain from its root (`UIScreen.main`), with the members that
/// must follow it when given (`bounds`), and whether a string naming it counts (a selector).
public struct ReferenceEntry: Codable, Sendable, Equatable {
    /// Dotted: `UIScreen.main`, `_setAllowsUnsupportedMacIdiomBehavior`.
    public var name: String
    /// One of these must come right after the name: `bounds` after `UIScreen.main`.
    public var members: [String]?
    /// True when a string literal holding the name (or the name and `:`) counts too.
    public var strings: Bool
    /// What to use instead, for messages.
    public var replacement: String

    enum CodingKeys: String, CodingKey, CaseIterable { case name, members, strings, replacement }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        members = try container.decodeIfPresent([String].self, forKey: .members)
        strings = try container.decodeIfPresent(Bool.self, forKey: .strings) ?? false
        replacement = try container.decode(String.self, forKey: .replacement)
    }

    /// The names of the chain: `[UIScreen, main]`.
    public var path: [String] { name.split(separator: ".").map(String.init) }
}

/// A UIKit class a rule is about: `UIStepper`, or `{name: UIStepper, replacement: ...}`.
public struct ClassEntry: Codable, Sendable, Equatable {
    public var name: String
    /// What to offer in the Mac idiom instead.
    public var replacement: String?

    public init(name: String, replacement: String? = nil) {
        self.name = name
        self.replacement = replacement
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case name, replacement }

    public init(from decoder: Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self.init(name: name)
            return
        }
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  replacement: try container.decodeIfPresent(String.self, forKey: .replacement))
    }
}

/// A property a control rule is about, and how each input format spells setting it.
public struct PropertyEntry: Codable, Sendable, Equatable {
    /// The UIKit property: `thumbImage`, `title`.
    public var name: String
    /// True when the name alone tells the class (`setThumbImage(_:for:)` is only a slider's), so
    /// the rule may fire where the receiver's type is unknown.
    public var unique: Bool
    /// True when the property takes a value per control state (`setTitle(_:for:)`): in a YAML
    /// interface file, a scalar value is the normal state and a mapping gives one per state.
    public var state: Bool
    /// When given, only these values are the rule's business (`wheels` of `preferredDatePickerStyle`).
    public var values: [String]?
    /// Methods that set the property too: `addGestureRecognizer` adds to `gestureRecognizers`.
    public var methods: [String]
    /// Calls that make the setting safe where they are checked true around it
    /// (`isSourceTypeAvailable` for `sourceType = .camera`).
    public var checks: [String]
    /// How an Interface Builder file sets it, when it can.
    public var interfaceBuilder: InterfaceBuilderSpelling?

    public init(name: String, unique: Bool = false, state: Bool = false, values: [String]? = nil, methods: [String] = [],
                checks: [String] = [], interfaceBuilder: InterfaceBuilderSpelling? = nil) {
        self.name = name
        self.unique = unique
        self.state = state
        self.values = values
        self.methods = methods
        self.checks = checks
        self.interfaceBuilder = interfaceBuilder
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, unique, state, values, methods, checks
        case interfaceBuilder = "interface_builder"
    }

    public init(from decoder: Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self.init(name: name)
            return
        }
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  unique: try container.decodeIfPresent(Bool.self, forKey: .unique) ?? false,
                  state: try container.decodeIfPresent(Bool.self, forKey: .state) ?? false,
                  values: try container.decodeIfPresent([String].self, forKey: .values),
                  methods: try container.list(.methods),
                  checks: try container.list(.checks),
                  interfaceBuilder: try container.decodeIfPresent(InterfaceBuilderSpelling.self, forKey: .interfaceBuilder))
    }

    /// True when the rule reads this value of the property (every value, when `values` is not given).
    public func isRead(_ value: String?) -> Bool {
        guard let values else { return true }
        return value.map(values.contains) ?? false
    }
}

/// How a storyboard or xib sets a property. Exactly one is given.
public struct InterfaceBuilderSpelling: Codable, Sendable, Equatable {
    /// An attribute of the control's `<state key="...">` element: `title`, `image`.
    public var stateAttribute: String?
    /// The `key` of a child element of `<state>`: `<color key="titleColor">`.
    public var stateElement: String?
    /// An attribute of the control's own element: `minimumValueImage` on `<slider>`.
    public var attribute: String?
    /// The `key` of a `<color>` child of the control's element: `<color key="thumbTintColor">`.
    public var color: String?
    /// The `property` of an `<outletCollection>` in the control's `<connections>`:
    /// `<outletCollection property="gestureRecognizers">`.
    public var outletCollection: String?

    public init(stateAttribute: String? = nil, stateElement: String? = nil, attribute: String? = nil, color: String? = nil,
                outletCollection: String? = nil) {
        self.stateAttribute = stateAttribute
        self.stateElement = stateElement
        self.attribute = attribute
        self.color = color
        self.outletCollection = outletCollection
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case stateAttribute = "state_attribute"
        case stateElement = "state_element"
        case attribute, color
        case outletCollection = "outlet_collection"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(stateAttribute: try container.decodeIfPresent(String.self, forKey: .stateAttribute),
                  stateElement: try container.decodeIfPresent(String.self, forKey: .stateElement),
                  attribute: try container.decodeIfPresent(String.self, forKey: .attribute),
                  color: try container.decodeIfPresent(String.self, forKey: .color),
                  outletCollection: try container.decodeIfPresent(String.self, forKey: .outletCollection))
    }
}

/// A device screen, in points, portrait.
public struct Dimension: Codable, Sendable, Equatable {
    public var width: Double
    public var height: Double
    public var device: String
    /// `pad` for an iPad's screen: a lone width or height of a frame matches only those.
    public var family: String?

    public init(width: Double, height: Double, device: String, family: String? = nil) {
        self.width = width
        self.height = height
        self.device = device
        self.family = family
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case width, height, device, family }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(width: try container.positive(.width), height: try container.positive(.height),
                  device: try container.decodeIfPresent(String.self, forKey: .device) ?? "a configured device",
                  family: try container.decodeIfPresent(String.self, forKey: .family))
    }
}

// MARK: Strict decoding

/// Any key of a mapping, to list the keys a YAML mapping really has.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension Decoder {
    /// Throws for a key of the mapping being decoded that `Keys` does not name, with a suggestion:
    /// the knowledge in `Rules/` and the options in `.catalint.yml` never ignore a key silently.
    /// Does nothing when the value is no mapping (the decoding of the value then says what is wrong).
    func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) throws {
        guard let container = try? container(keyedBy: AnyCodingKey.self) else { return }
        let known = Keys.allCases.map(\.stringValue)
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath + [key],
                debugDescription: "unknown key '\(key.stringValue)'.\(Suggestion.sentence(key.stringValue, in: known)) The keys here are \(known.map { "'\($0)'" }.joined(separator: ", "))."))
        }
    }
}

extension KeyedDecodingContainer {
    /// The list under `key`, or an empty one when the key is absent.
    func list<Element: Decodable>(_ key: Key) throws -> [Element] {
        try decodeIfPresent([Element].self, forKey: key) ?? []
    }

    /// The number under `key`, which must be above 0: a screen's width or height.
    func positive(_ key: Key) throws -> Double {
        let number = try decode(Double.self, forKey: key)
        guard number > 0, number.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "'\(key.stringValue)' must be a number above 0")
        }
        return number
    }

    /// The number under `key`, which must be 0 or more; nil when the key is absent.
    func nonNegative(_ key: Key) throws -> Double? {
        guard let number = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard number >= 0, number.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "'\(key.stringValue)' must be a number of 0 or more")
        }
        return number
    }
}
