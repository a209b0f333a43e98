/// What one file says, read on its own: facts whose types, objects and idiom conditions may refer to
/// declarations in other files, left symbolic until every file is read. `Resolution` turns the
/// facts of all files, with the project index, into the `UIFacts` rules read.
///
/// Everything here is `Codable`, so a file's facts can be cached by the file's content.
public struct FileFacts: Sendable, Codable, Equatable {
    public var creations: [PendingCreation] = []
    public var objects: [PendingObject] = []
    public var sizes: [SizeFact] = []
    public var calls: [CallFact] = []
    public var arguments: [PendingArgument] = []
    public var references: [ReferenceFact] = []
    public var fontSizes: [FontSizeFact] = []
    public var dimensionComparisons: [DimensionComparisonFact] = []
    public var decisions: [PendingDecision] = []
    /// The conditions on the idiom the facts' guard contexts require (`GuardContext.requirement`).
    public var requirements = RequirementChain()

    public init() {}
}

/// The class of a value, as far as one file tells.
public indirect enum TypeRef: Hashable, Sendable, Codable {
    /// Named in the source: `UISlider()`, `var b: UIButton`.
    case named(String)
    /// The declared class of the property `name` of a value of that type (or of its superclasses).
    case propertyOf(TypeRef, name: String)
    /// The class of a bare name that no local binds: a property of `inType` (or of its
    /// superclasses), else a top-level variable.
    case name(String, inType: String?)
    /// Not known.
    case unknown
}

/// Which object a setting is made on, as far as one file tells.
public indirect enum ObjectRef: Hashable, Sendable, Codable {
    /// Known from the file alone.
    case known(ObjectID)
    /// The property `name` of every instance of `type`: the object is the property of the class that
    /// declares it (the type or a superclass).
    case member(type: String, name: String)
    /// `base.name`: the property `name` of the object `base`, when the class of `base` has one;
    /// otherwise `untyped`.
    case memberOf(ObjectRef, baseType: TypeRef, name: String, untyped: ObjectID)
    /// A bare name that no local binds: a property of `inType`, else a top-level variable, else `untyped`.
    case name(String, inType: String?, untyped: ObjectID)
}

/// A code path's requirement on a condition: the code runs only where `condition` is `holds`.
public struct PendingCondition: Hashable, Sendable, Codable {
    public var condition: IdiomCondition
    public var holds: Bool

    public init(_ condition: IdiomCondition, holds: Bool) {
        self.condition = condition
        self.holds = holds
    }
}

/// A UI object created at a place, before its superclasses are known.
public struct PendingCreation: Sendable, Codable, Equatable {
    public var type: TypeRef
    /// A class the creating format names as the base of a custom class (an Interface Builder
    /// element's class for `customClass="..."`, an interface file's `superclass:`).
    public var knownSuperclass: String?
    public var position: SourcePosition
    public var guardContext: GuardContext
    public var site: EditSite?

    public init(type: TypeRef, knownSuperclass: String? = nil, position: SourcePosition, guardContext: GuardContext, site: EditSite? = nil) {
        self.type = type
        self.knownSuperclass = knownSuperclass
        self.position = position
        self.guardContext = guardContext
        self.site = site
    }
}

/// Settings made on an object, and the behavioral style asked for it, before its class is known.
public struct PendingObject: Sendable, Codable, Equatable {
    public var id: ObjectRef
    public var type: TypeRef
    /// A known superclass, as for `PendingCreation`.
    public var knownSuperclass: String?
    /// The behavioral style set on this object itself (`pad` in `slider.preferredBehavioralStyle = .pad`).
    public var style: String?
    public var settings: [SettingFact]

    public init(id: ObjectRef, type: TypeRef, knownSuperclass: String? = nil, style: String? = nil, settings: [SettingFact] = []) {
        self.id = id
        self.type = type
        self.knownSuperclass = knownSuperclass
        self.style = style
        self.settings = settings
    }
}

/// An object passed to a call a rule names, before its class is known.
public struct PendingArgument: Sendable, Codable, Equatable {
    public var call: String
    public var label: String?
    public var object: ObjectRef
    public var type: TypeRef
    /// A known superclass, as for `PendingCreation`.
    public var knownSuperclass: String?
    public var escapes: Bool
    public var spelling: String
    public var position: SourcePosition
    public var guardContext: GuardContext

    public init(call: String, label: String?, object: ObjectRef, type: TypeRef, knownSuperclass: String? = nil, escapes: Bool,
                spelling: String, position: SourcePosition, guardContext: GuardContext) {
        self.call = call
        self.label = label
        self.object = object
        self.type = type
        self.knownSuperclass = knownSuperclass
        self.escapes = escapes
        self.spelling = spelling
        self.position = position
        self.guardContext = guardContext
    }
}

/// A decision that may be made on the idiom, before the project's helpers are known.
public struct PendingDecision: Sendable, Codable, Equatable {
    /// One condition of the decision, in order (an `if` and its `else if`s, the cases of a `switch`).
    public struct Test: Sendable, Codable, Equatable {
        public var condition: IdiomCondition
        /// The source of the condition, for messages.
        public var spelling: String
        /// Where the condition starts.
        public var position: SourcePosition
        /// The parts of the condition that may read the idiom, with their positions, in source order:
        /// a diagnostic points at the first that does.
        public var anchors: [Anchor]

        public init(condition: IdiomCondition, spelling: String, position: SourcePosition, anchors: [Anchor]) {
            self.condition = condition
            self.spelling = spelling
            self.position = position
            self.anchors = anchors
        }
    }

    public struct Anchor: Sendable, Codable, Equatable {
        public var condition: IdiomCondition
        public var position: SourcePosition

        public init(condition: IdiomCondition, position: SourcePosition) {
            self.condition = condition
            self.position = position
        }
    }

    public var tests: [Test]
    /// Where the diagnostic points when the decision has one place (a `switch`'s subject).
    public var position: SourcePosition?
    /// The spelling for messages when the decision has one (`switch traitCollection.userInterfaceIdiom`).
    public var spelling: String?
    public var branches: [String]
    public var branchConditionNames: [[String]]
    public var consequences: [[String]]
    public var guardContext: GuardContext

    public init(tests: [Test], position: SourcePosition?, spelling: String?, branches: [String], branchConditionNames: [[String]],
                consequences: [[String]], guardContext: GuardContext) {
        self.tests = tests
        self.position = position
        self.spelling = spelling
        self.branches = branches
        self.branchConditionNames = branchConditionNames
        self.consequences = consequences
        self.guardContext = guardContext
    }
}
