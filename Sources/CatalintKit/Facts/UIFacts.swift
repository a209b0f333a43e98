/// The value given for a `UIControl.State` argument or key.
enum ControlStateValue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The named states, without `normal` (which is the empty set): `[]` is the normal state.
    case states([String])
    /// A value the front end cannot read: a variable, a function call, a member that is no state.
    case unknown(String)

    /// The members of `UIControl.State`.
    static let knownStates: [String] = ["normal", "highlighted", "disabled", "selected", "focused", "application", "reserved"]

    /// A value from state names, normalized: `normal` drops out, order and duplicates do not matter.
    static func named(_ names: [String]) -> ControlStateValue {
        if let unknown = names.first(where: { !knownStates.contains($0) }) {
            return .unknown(unknown)
        }
        return .states(Array(Set(names.filter { $0 != "normal" })).sorted())
    }

    /// True when the value is known and is not `.normal`.
    var isKnownNonNormal: Bool {
        if case .states(let names) = self { return !names.isEmpty }
        return false
    }

    /// Swift spelling: `.normal`, `.highlighted`, `[.selected, .highlighted]`.
    var description: String {
        switch self {
        case .states(let names):
            if names.isEmpty { return ".normal" }
            if names.count == 1 { return "." + names[0] }
            return "[" + names.map { "." + $0 }.joined(separator: ", ") + "]"
        case .unknown(let text):
            return text
        }
    }
}

/// A UI object created at a place: `UIStepper()`, a `<stepper>` element, a `class: UIStepper` node.
struct CreationFact: Hashable, Sendable {
    /// The class created, as written.
    var className: String
    /// The class and its known superclasses, most specific first (`[MyRefresh, UIRefreshControl]`).
    var classChain: [String]
    var position: SourcePosition
    var guardContext: GuardContext
    /// The statement that creates it, for fixes (Swift only).
    var site: EditSite?
}

/// One property of a UI object being set, for a control state or not.
///
/// `slider.setThumbImage(image, for: .normal)` is the property `thumbImage` for the state `.normal`;
/// `slider.thumbTintColor = .red` is the property `thumbTintColor` with no state.
struct SettingFact: Hashable, Sendable, Codable {
    /// The UIKit property name: `title`, `thumbImage`, `minimumTrackTintColor`.
    var property: String
    /// The control state, for state-dependent setters; nil for a plain property.
    var state: ControlStateValue?
    /// How the source spells it, for messages: `setTitle(_:for:)`, `thumbTintColor`, `<state key="selected">`.
    var spelling: String
    /// The value when it is a plain name (`pad` in `= .pad`), else nil.
    var value: String?
    var position: SourcePosition
    var guardContext: GuardContext
    /// The statement that sets it and the object it is set on, for fixes (Swift only).
    var site: EditSite?
    /// True when it is made while the object is made, before anything else has it (in a lazy
    /// property's closure, in a factory before it returns the object): it runs where the object
    /// is first used.
    var whileMade = false
    /// True when `value` is the name of a variable (`preferredStyle: presentationStyle`): resolution
    /// puts in the members a decision kept in it gives, or no value.
    var valueIsName = false
}

/// Which object a fact is about: facts with the same id, from any file, are about the same object.
indirect enum ObjectID: Hashable, Sendable, Codable {
    /// A property of a type, the same object in every method: `RecipeCell.bookmark`.
    case property(type: String, name: String)
    /// A property reached through another object: `cell.bookmark` where `cell` is a `RecipeCell`.
    case propertyOf(ObjectID, type: String, name: String)
    /// `self` inside a type: every instance of it.
    case instance(type: String)
    /// A top-level variable.
    case global(String)
    /// A value declared or made at one place of a file: a local, a parameter, an expression.
    case declaration(path: String, offset: Int)
    /// An object reached by an expression of unknown type: the same text in the same scope (a
    /// block, by its offset) is the same object.
    case expression(path: String, scope: Int?, text: String)
    /// A view of an interface file or an Interface Builder document, by its identity there.
    case interfaceView(path: String, identity: String)
    /// What a function (declared at `function` in `path`) is given: its parameter `index`, or its
    /// receiver (`self`) for `index` -1. Its callers' facts refer to it through the function's
    /// summary, so the settings the function makes on what it is given count at each call.
    case parameter(path: String, function: Int, index: Int)
    /// The object a function (declared at `function` in `path`) makes and returns: a factory's
    /// product, with the settings made on it before it is returned.
    case result(path: String, function: Int)
}

/// A UI object, or every instance of a class (`self` in a subclass), with the settings made on it.
struct UIObjectFact: Hashable, Sendable, Codable {
    /// Identity across files: settings with the same id were made on the same object.
    var id: ObjectID
    /// The class, most specific first, with known superclasses; empty when the type is unknown.
    var classChain: [String]
    /// The behavioral style the object asks for (`pad`), on the object or in its class's initializer.
    var preferredBehavioralStyle: String?
    var settings: [SettingFact] = []

    /// True when the type of the object is known.
    var isTypeKnown: Bool { !classChain.isEmpty }

    /// True when `className` is the object's class or one of its superclasses.
    func isKind(of className: String) -> Bool { classChain.contains(className) }

    /// Adds what `other` knows of the same object.
    mutating func merge(_ other: UIObjectFact) {
        if classChain.isEmpty { classChain = other.classChain }
        if preferredBehavioralStyle == nil { preferredBehavioralStyle = other.preferredBehavioralStyle }
        settings += other.settings
    }
}

/// A call a rule names, by its name alone: a SwiftUI view (`Stepper(...)`) or modifier
/// (`.refreshable { }`, `.tabViewStyle(.page)`), with the names in its arguments.
struct CallFact: Hashable, Sendable, Codable {
    var name: String
    /// The identifiers and member names in its arguments, in order (`page`, `PageTabViewStyle`),
    /// not those of trailing closures.
    var argumentNames: [String]
    /// How the source spells the call, for messages: `.tabViewStyle(.page)`, `Stepper(...)`.
    var spelling: String
    var position: SourcePosition
    var guardContext: GuardContext
}

/// A width and/or height written as numbers: a frame, a size, a constraint constant.
struct SizeFact: Hashable, Sendable, Codable {
    var width: Double?
    var height: Double?
    /// How the source spells it, for messages: `CGSize(width:height:)`, `constraint(equalToConstant:)`.
    var spelling: String
    /// What the size is for, as the code around it names it: the calls it is passed to, their
    /// argument labels, the variable or property it is assigned to (`UIGraphicsImageRenderer`,
    /// `size`, `minimumSize`). Rules read them to tell a view's size from an image's or a window's.
    var purposeNames: [String] = []
    var position: SourcePosition
    var guardContext: GuardContext
}

/// A number compared with a width or height: `UIScreen.main.bounds.height == 812`,
/// `case 414:` in `switch screenWidth`, `nativeBounds.height >= 2436`.
struct DimensionComparisonFact: Hashable, Sendable, Codable {
    var value: Double
    /// True for `==`, `!=` and `switch` cases; false for `<`, `<=`, `>`, `>=`.
    var isEquality: Bool
    /// The identifiers of the other side (`UIScreen`, `main`, `nativeBounds`, `height`).
    var subjectNames: [String]
    /// How the source spells the comparison, for messages.
    var spelling: String
    /// The position of the number.
    var position: SourcePosition
    var guardContext: GuardContext
    /// For a width (or height) compared for equality where the same `&&` also compares the height
    /// (or width) of the same thing with a number: that number (`dim.width == 1440 && dim.height ==
    /// 1080` gives 1440 for the comparison with 1080). The two together are a size: a screen's only
    /// when a device has it.
    var pairedValue: Double?
}

/// A choice made on the user-interface idiom: an `if` (with its `else if`s), `guard`, `?:` or
/// `switch` whose conditions read the idiom, directly or through helpers.
struct IdiomDecisionFact: Hashable, Sendable {
    /// One step of the way an idiom goes through the decision: the branch it may take, and what
    /// else that depends on (`.constant(true)` when the idiom alone decides).
    struct Step: Hashable, Sendable {
        var branch: Int
        var condition: IdiomCondition
    }

    /// The spelling of the decision, for messages: `traitCollection.userInterfaceIdiom == .pad`.
    var spelling: String
    /// What each branch is, for messages: "the `else` branch", "`default`".
    var branches: [String]
    /// For each branch, the identifiers its own decisions read (`horizontalSizeClass` in a nested
    /// `if`): a branch that decides by size class adapts to the window.
    var branchConditionNames: [[String]]
    /// For the Mac, iPad and iPhone idioms: the branches tried in order, ending with the one taken
    /// when no earlier condition holds.
    var routes: [Idiom: [Step]]
    /// The helpers the conditions read, with where they compare the idiom.
    var helpers: [HelperDeclaration]
    /// What the decision selects, one group of names per thing it sets, calls, returns or builds
    /// (`[layout, itemSize]`, `[CGSize, width, height]`); rules tell geometry from them.
    var consequences: [[String]]
    /// For each branch, the first name in it that turns on a feature (a menu, a command, an
    /// interaction, a toolbar item), as the rules' knowledge tells features; nil for a branch with none.
    var branchFeatures: [String?] = []
    var position: SourcePosition
    var guardContext: GuardContext
}

/// An object passed to a call a rule names: `present(sheet, animated: true)`,
/// `pushViewController(split, animated: true)`, `UINavigationController(rootViewController: split)`,
/// or a storyboard's segue that does the same.
struct ArgumentFact: Hashable, Sendable, Codable {
    /// The call: `present`, `pushViewController`, `UINavigationController`.
    var call: String
    /// The argument's label; nil for the first argument without one.
    var label: String?
    /// The object passed; its settings are in `UIFacts.objects` under this id.
    var object: ObjectID
    /// Its class and known superclasses, most specific first; empty when unknown.
    var classChain: [String]
    /// True when the object can be reached from outside the function that passes it: made
    /// elsewhere (a parameter, a property, a factory no summary tells of) or handed on (stored,
    /// passed to a call no summary tells of, returned), so settings made on it elsewhere are not seen.
    var escapes: Bool
    /// The object as the factory that made it returned it (`let sheet = makeSheet()`), with the
    /// settings made on it there, and where that factory was called.
    var madeBy: ObjectID?
    var madeWhere: GuardContext?
    /// What the functions it is handed to make of it (`configurePopover(sheet, from: button)`,
    /// `sheet.anchor(to: button)`): the objects that stand for it there, each with where the call
    /// is made. Their settings are made on it.
    var handedTo: [HandedObject] = []
    /// Where the path that presents it leaves the function (`guard ... else { present(x); return
    /// }`): settings made after this place are on other paths.
    var pathEnd: SourcePosition?
    /// How the source spells the call, for messages: `present(sheet, animated:)`.
    var spelling: String
    var position: SourcePosition
    var guardContext: GuardContext
}

extension ArgumentFact {
    /// The objects whose settings are this one's: itself, as its factory made it, and as the
    /// functions it is handed to see it.
    var objectsTouched: [ObjectID] { [object] + (madeBy.map { [$0] } ?? []) + handedTo.map(\.object) }
}

/// An object as a function it is handed to sees it (a parameter, the receiver), and where the call is.
struct HandedObject: Hashable, Sendable, Codable {
    var object: ObjectID
    var guardContext: GuardContext
}

/// A name a rule looks for, used in code or named by a string: the member chain from its root
/// (`UIScreen.main.bounds.width` is `[UIScreen, main, bounds, width]`), a private method called
/// (`[_setAllowsUnsupportedMacIdiomBehavior]`), or a selector string holding one.
struct ReferenceFact: Hashable, Sendable, Codable {
    var names: [String]
    /// True when a string literal names it (`NSSelectorFromString("...:")`).
    var inString: Bool
    /// When the value read is only compared (`endFrame.width == UIScreen.main.bounds.width`), the
    /// names a rule looks for (`keyboardFrameEndUserInfoKey`) that the values it is compared and
    /// combined with come from; empty when it is used otherwise.
    var comparedWith: [String] = []
    /// How the source spells it, for messages.
    var spelling: String
    var position: SourcePosition
    var guardContext: GuardContext
}

/// A font of a point size written as a number: `UIFont.systemFont(ofSize: 17)`, `.system(size: 15)`,
/// a storyboard's `<fontDescription pointSize="17">` without a text style.
struct FontSizeFact: Hashable, Sendable, Codable {
    /// The size, or the sizes it is chosen between (`expanded ? 52 : 36`).
    var sizes: [Double]
    /// How the source spells it, for messages: `systemFont(ofSize:)`, `pointSize`.
    var spelling: String
    /// The calls the font is an argument of, and their labels, up to its statement
    /// (`scaledFont`, `for`): rules tell a font that follows the text size from them.
    var purposeNames: [String]
    /// The names of printing or PDF output (`UIGraphicsPDFRenderer`) that the functions around the
    /// font name, or that a type around it inherits from: a font for paper, not for the screen.
    var outputNames: [String] = []
    /// The types the font is declared in, outermost first (a nested type and the types around it):
    /// one that a printing or PDF function of the project makes or names (`ProjectIndex.paperTypes`)
    /// draws on paper too.
    var enclosingTypes: [String] = []
    var position: SourcePosition
    var guardContext: GuardContext
}

/// An object's insides reached around its API: a key of it read or written by key-value coding
/// (`searchBar.value(forKey: "searchField")`, `setValue(_:forKey:)`, an Interface Builder runtime
/// attribute's key path), or its subviews taken by position or searched (`control.subviews[2]`,
/// `subviews.first`, `for view in control.subviews`).
struct InternalsFact: Hashable, Sendable, Codable {
    var object: ObjectID
    /// The object's class, most specific first, with known superclasses; empty when unknown.
    var classChain: [String]
    /// The key, the first part of a key path (`_placeholderLabel` of `_placeholderLabel.textColor`);
    /// nil when the object's subviews are reached.
    var key: String?
    /// The last name of the expression the object is reached by (`searchBar` in
    /// `searchController.searchBar.subviews`), for a rule to guess the class of an object of
    /// unknown type by; nil for `self`.
    var receiverName: String?
    /// True when the object is `self` in a class that adds subviews to itself (`addSubview(badge)`
    /// in a subclass of a control): the subviews it reaches may be its own.
    var addsOwnSubviews = false
    /// How the source spells it, for messages: `value(forKey: "searchField")`, `subviews[2]`.
    var spelling: String
    var position: SourcePosition
    var guardContext: GuardContext
}

/// A view an object hands UIKit through a property a rule names: `textView.inputAccessoryView =
/// composer`, a class's override of it (`override var inputAccessoryView: UIView? { composer }`),
/// or an Interface Builder outlet of that name connected to a view of the file (`<outlet
/// property="inputAccessoryView" destination="..."/>`, which assigns it when the file loads), with
/// the class of the view and the classes of what it holds.
struct ProvidedViewFact: Hashable, Sendable, Codable {
    var property: String
    /// The class of the object that hands it over (the receiver, or the class that overrides the
    /// property), most specific first; empty when unknown.
    var ownerChain: [String]
    var isOverride: Bool
    /// The view's class, most specific first; empty when unknown.
    var viewChain: [String]
    /// True when the view is the app's own: the project declares its class, or the Interface
    /// Builder file that gives it lays out subviews in it.
    var viewIsProjects: Bool
    /// What the view holds, each class with its superclasses: the classes of the stored properties
    /// of the view's class and of its superclasses the project declares, then those of the objects
    /// an Interface Builder file lays out inside it.
    var heldClasses: [String]
    var spelling: String
    var position: SourcePosition
    var guardContext: GuardContext
}

/// One key of an app's Info.plist: its path from the top (`UIApplicationSceneManifest`,
/// `UISceneConfigurations`, `UIWindowSceneSessionRoleApplication`, `0`; the empty path is the top
/// dictionary itself), its value, and where it stands: the key in the file, or the build setting
/// that generates it (`INFOPLIST_KEY_UIDesignRequiresCompatibility = YES`).
struct InfoPlistEntry: Hashable, Sendable, Codable {
    var keyPath: [String]
    /// A string's or number's text, `true` or `false`, or a build setting's value as written (`YES`);
    /// nil for a dictionary, an array, a date or data.
    var value: String?
    /// How many keys a dictionary has or elements an array; nil for any other value.
    var count: Int?
    var position: SourcePosition

    init(keyPath: [String], value: String?, count: Int? = nil, position: SourcePosition) {
        self.keyPath = keyPath
        self.value = value
        self.count = count
        self.position = position
    }

    /// True for a Boolean that is set: `<true/>`, or `YES` in a build setting.
    var isTrue: Bool {
        guard let value else { return false }
        return ["true", "yes", "1"].contains(value.lowercased())
    }
}

/// A target of a project that ships a bundle with an Info.plist (an app, an app extension): what
/// its Info.plist holds (the file's keys and those its build settings generate), and the files of
/// the run it builds. Rules about an app as a whole (its life cycle, its Info.plist keys) read it
/// with the declarations of those files.
struct TargetFact: Hashable, Sendable, Codable {
    var name: String
    /// `application`, `app-extension`, `extensionkit-extension`, …: the product type without
    /// Apple's prefix.
    var kind: String
    var isApplication: Bool
    /// The project file that declares the target.
    var project: String
    /// Its Info.plist files (`INFOPLIST_FILE`, in any configuration), as the run spells paths.
    var infoPlists: [String]
    /// True when its build settings generate the Info.plist (`GENERATE_INFOPLIST_FILE = YES`),
    /// merged with the file's keys when it has one.
    var generatesInfoPlist: Bool
    /// The keys of those files (each file's top dictionary first, with the empty path) and the ones
    /// its build settings generate.
    var entries: [InfoPlistEntry]
    /// The files of the run (linted or indexed) it builds.
    var sources: Set<String>
    /// True when the run reads every file of the target's project (its folder is linted whole, or
    /// indexed): what the declarations do not show is then not there.
    var declarationsComplete = true
}

/// A type declaration or extension that the rules' knowledge names: one that inherits or conforms
/// to a type a rule names (`UIApplicationDelegate`, SwiftUI's `App`), carries an entry-point
/// attribute (`@main`), or implements a member a rule names. In any language: the Objective-C
/// spelling of a method (`application:configurationForConnectingSceneSession:options:`) is a
/// member name like the Swift one (`application(_:configurationForConnecting:options:)`).
struct TypeDeclarationFact: Hashable, Sendable, Codable {
    var name: String
    var isExtension: Bool
    /// The types it inherits from or conforms to, as written.
    var inherits: [String]
    /// Its superclasses as the project's index knows them, nearest first (set by resolution).
    var superclasses: [String] = []
    /// Its attributes that rules name (`main`, `UIApplicationMain`).
    var attributes: [String]
    /// The members it implements that rules name, by their full names.
    var members: [String]
    /// The position of its name.
    var position: SourcePosition
}

/// Everything the front ends learned about a set of files: what rules read, and all they read.
struct UIFacts: Sendable {
    var creations: [CreationFact] = []
    var objects: [ObjectID: UIObjectFact] = [:]
    var sizes: [SizeFact] = []
    var calls: [CallFact] = []
    var arguments: [ArgumentFact] = []
    var references: [ReferenceFact] = []
    var fontSizes: [FontSizeFact] = []
    var dimensionComparisons: [DimensionComparisonFact] = []
    var idiomDecisions: [IdiomDecisionFact] = []
    var internals: [InternalsFact] = []
    var providedViews: [ProvidedViewFact] = []
    /// The apps and extensions of the run's projects, and the type declarations of the whole
    /// project: set only when the rules about whole targets run (`Linter.targetFindings`).
    var targets: [TargetFact] = []
    var declarations: [TypeDeclarationFact] = []

    /// Adds the facts of other files, as if each of their objects were added one by one.
    mutating func merge(_ other: UIFacts) {
        creations += other.creations
        for id in other.objects.keys.sorted(by: { "\($0)" < "\($1)" }) { add(other.objects[id]!) }
        sizes += other.sizes
        calls += other.calls
        arguments += other.arguments
        references += other.references
        fontSizes += other.fontSizes
        dimensionComparisons += other.dimensionComparisons
        idiomDecisions += other.idiomDecisions
        internals += other.internals
        providedViews += other.providedViews
        targets += other.targets
        declarations += other.declarations
    }

    /// Adds an object's facts, merging them with what is known of the same object.
    mutating func add(_ object: UIObjectFact) {
        // Merged in place: copying the existing fact out and back would copy its settings each time.
        if objects[object.id] != nil {
            objects[object.id]!.merge(object)
        } else {
            objects[object.id] = object
        }
    }
}
