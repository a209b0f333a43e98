/// What one file says, read on its own: facts whose types, objects and idiom conditions may refer to
/// declarations in other files, left symbolic until every file is read. `Resolution` turns the
/// facts of all files, with the project index, into the `UIFacts` rules read.
///
/// Everything here is `Codable`, so a file's facts can be cached by the file's content.
struct FileFacts: Sendable, Codable, Equatable {
    var creations: [PendingCreation] = []
    var objects: [PendingObject] = []
    var sizes: [SizeFact] = []
    var calls: [CallFact] = []
    var arguments: [PendingArgument] = []
    var references: [ReferenceFact] = []
    var fontSizes: [FontSizeFact] = []
    var dimensionComparisons: [DimensionComparisonFact] = []
    var decisions: [PendingDecision] = []
    var internals: [PendingInternals] = []
    var providedViews: [PendingProvidedView] = []
    /// The keys of an Info.plist (the file's own facts; the rules about apps read them from the
    /// project, with the keys its build settings generate: `TargetFact`).
    var infoPlist: [InfoPlistEntry] = []
    /// The conditions on the idiom the facts' guard contexts require (`GuardContext.requirement`).
    var requirements = RequirementChain()
}

/// A value as far as one file tells: which object it is and its class, left symbolic where either
/// depends on declarations in other files. `Resolution` makes of it an `ObjectID` and a class.
indirect enum ValueRef: Hashable, Sendable, Codable {
    /// An object the file alone identifies, and its class as far as the file tells.
    case object(ObjectID, type: TypeRef)
    /// The property `name` of every instance of `type` (`self.name`, or a bare `name` in `type`):
    /// the same object in every method, the property of the class that declares it (the type or a
    /// superclass), of the class that declaration gives.
    case member(type: String, name: String)
    /// `base.name`: the property `name` of `base`, of its declared class, when the class of `base`
    /// (or a superclass) declares it; otherwise `untyped`, of no known class.
    case property(of: ValueRef, name: String, untyped: ObjectID)
    /// A bare name that no local binds: a property of `inType` (or of its superclasses), else a
    /// top-level variable, else `untyped`.
    case name(String, inType: String?, untyped: ObjectID)
    /// The object of `value`, seen as another class: `button as! UIButton`, `if let b: UIButton = x`.
    case cast(ValueRef, to: TypeRef)

    /// The class of the value, as far as one file tells.
    var type: TypeRef {
        switch self {
        case .object(_, let type), .cast(_, let type): type
        case .member, .property, .name: .of(self)
        }
    }

    /// The same object, of class `type`.
    func cast(to type: TypeRef) -> ValueRef {
        switch self {
        case .object(let id, _): .object(id, type: type)
        case .cast(let value, _): .cast(value, to: type)
        case .member, .property, .name: .cast(self, to: type)
        }
    }
}

/// The class of a value, as far as one file tells.
indirect enum TypeRef: Hashable, Sendable, Codable {
    /// Named in the source: `UISlider()`, `var b: UIButton`.
    case named(String)
    /// The class of a value another file may declare: a property, a top-level variable.
    case of(ValueRef)
    /// Not known.
    case unknown
    /// The class of the elements of a collection of this type (`[UIButton]` gives `UIButton`):
    /// `button` in `for button in keypadButtons`.
    case element(of: TypeRef)
    /// The class a call returns, when the project declares the function it calls with a return type
    /// (`let sortButton = setupSortButton()`, `Controls.slider()`), found by resolution from the
    /// file at `path`; else `fallback` (for `UIButton.systemButton(...)`, the type it is called on).
    case returned(FunctionCall, path: String, fallback: TypeRef)
}

/// A code path's requirement on a condition: the code runs only where `condition` is `holds`.
struct PendingCondition: Hashable, Sendable, Codable {
    var condition: IdiomCondition
    var holds: Bool

    init(_ condition: IdiomCondition, holds: Bool) {
        self.condition = condition
        self.holds = holds
    }
}

/// A UI object created at a place, before its superclasses are known.
struct PendingCreation: Sendable, Codable, Equatable {
    var type: TypeRef
    /// A class the creating format names as the base of a custom class (an Interface Builder
    /// element's class for `customClass="..."`, an interface file's `superclass:`).
    var knownSuperclass: String?
    var position: SourcePosition
    var guardContext: GuardContext
    var site: EditSite?
    /// What the statement that makes it assigns (`refreshControl = UIRefreshControl()`), when its
    /// declaration decides whether the statement can be wrapped in an `if`.
    var assignment: PendingAssignment?
}

/// A property a statement assigns, as the file names it (`refreshControl`, `self.refreshControl`,
/// `cell.stepper`), and whether the statement is in an initializer, where a constant, or a property
/// with no initial value that is not optional, must be set on every path.
struct PendingAssignment: Sendable, Codable, Equatable {
    var target: ValueRef
    var inInitializer: Bool
}

/// Settings made on an object, and the behavioral style asked for it, before its class is known.
struct PendingObject: Sendable, Codable, Equatable {
    var value: ValueRef
    /// A known superclass, as for `PendingCreation`.
    var knownSuperclass: String?
    /// The behavioral style set on this object itself (`pad` in `slider.preferredBehavioralStyle = .pad`).
    var style: String?
    var settings: [SettingFact] = []
}

/// An object passed to a call a rule names, before its class is known.
struct PendingArgument: Sendable, Codable, Equatable {
    var call: String
    var label: String?
    var value: ValueRef
    /// A known superclass, as for `PendingCreation`.
    var knownSuperclass: String?
    /// True when it is handed on in a way no summary can tell of (stored, returned, put in a
    /// collection) or made where this file does not tell (a parameter, a property).
    var escapes: Bool
    /// The call of a function that made it (`let sheet = makeSheet()`), when one did: a factory,
    /// if resolution finds its summary; else the object escapes.
    var factory: FunctionCall?
    /// The calls it is handed to (as an argument, or as their receiver): resolution finds what each
    /// function makes of it; an argument to a function no summary tells of escapes.
    var passes: [Pass] = []
    /// Where the path that presents it leaves the function, when it does before the function's end.
    var pathEnd: SourcePosition?
    var spelling: String
    var position: SourcePosition
    var guardContext: GuardContext

    /// An object handed to a call: as its argument number `argument` (among those with `labels`),
    /// or as its receiver (`argument` -1).
    struct Pass: Sendable, Codable, Equatable {
        var call: FunctionCall
        var argument: Int
    }
}

/// A call of a function that may be the project's, as one file tells it: by its name, its
/// argument labels and what it is called on, with where it is made.
struct FunctionCall: Sendable, Codable, Hashable {
    var name: String
    /// The labels of its arguments in order (`_` for none), trailing closures left out.
    var labels: [String]
    /// What it is called on: `sheet` in `sheet.anchor(to:)`, `self`; nil for a bare call.
    var receiver: ValueRef?
    /// For `Anchor.attach(...)`: the type it is called on.
    var typeName: String?
    /// For a bare call, the type whose code makes it (its methods come first).
    var inType: String?
    var guardContext: GuardContext
}

/// A decision that may be made on the idiom, before the project's helpers are known.
struct PendingDecision: Sendable, Codable, Equatable {
    /// One condition of the decision, in order (an `if` and its `else if`s, the cases of a `switch`).
    struct Test: Sendable, Codable, Equatable {
        var condition: IdiomCondition
        /// The source of the condition, for messages.
        var spelling: String
        /// Where the condition starts.
        var position: SourcePosition
        /// The parts of the condition that may read the idiom, with their positions, in source order:
        /// a diagnostic points at the first that does.
        var anchors: [Anchor]
    }

    struct Anchor: Sendable, Codable, Equatable {
        var condition: IdiomCondition
        var position: SourcePosition
    }

    var tests: [Test]
    /// Where the diagnostic points when the decision has one place (a `switch`'s subject).
    var position: SourcePosition?
    /// The spelling for messages when the decision has one (`switch traitCollection.userInterfaceIdiom`).
    var spelling: String?
    var branches: [String]
    var branchConditionNames: [[String]]
    var consequences: [[String]]
    /// For each branch, the first feature it turns on (`IdiomDecisionFact.branchFeatures`).
    var branchFeatures: [String?] = []
    var guardContext: GuardContext
}

/// An object's insides reached around its API (`InternalsFact`), before its class is known.
struct PendingInternals: Sendable, Codable, Equatable {
    var value: ValueRef
    /// A known superclass, as for `PendingCreation`.
    var knownSuperclass: String?
    var key: String?
    var receiverName: String?
    var addsOwnSubviews = false
    var spelling: String
    var position: SourcePosition
    var guardContext: GuardContext
}

/// A view handed to UIKit through a property (`ProvidedViewFact`), before the classes are known.
struct PendingProvidedView: Sendable, Codable, Equatable {
    var property: String
    var owner: ValueRef
    var isOverride: Bool
    /// The view, when the code names or makes one; nil for a value it cannot follow.
    var view: ValueRef?
    var spelling: String
    var position: SourcePosition
    var guardContext: GuardContext
    /// Classes the format names as the base of the owner's and the view's custom classes (an
    /// Interface Builder element's class for `customClass="..."`).
    var ownerKnownSuperclass: String? = nil
    var viewKnownSuperclass: String? = nil
    /// The classes of the objects the file lays out inside the view (an Interface Builder view's
    /// subviews, at any depth), each once, in the order of the file: what the view holds besides
    /// its class's stored properties.
    var laidOut: [PendingClass] = []
}

/// A class as far as one file tells, with a class the format names as its base
/// (`<textView customClass="GrowingTextView">` is at least a `UITextView`).
struct PendingClass: Hashable, Sendable, Codable {
    var type: TypeRef
    var knownSuperclass: String?
}
