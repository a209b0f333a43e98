/// What a Boolean condition says about the user-interface idiom, kept symbolic: helpers such as
/// `isPad` may be declared in another file, and what they compare is only known once every file has
/// been read.
///
/// `traitCollection.userInterfaceIdiom == .pad && isLandscape` is
/// `.and(.idiom([.pad]), .other("isLandscape", names: ["isLandscape"]))`.
indirect enum IdiomCondition: Hashable, Sendable, Codable {
    case constant(Bool)
    /// True exactly in these idioms: `userInterfaceIdiom == .pad` is `.idiom([.pad])`.
    case idiom(IdiomSet)
    /// A Boolean helper that may compare the idiom: `isPad`, `UIDevice.isPhone`, `isPad()`.
    case helper(HelperUse)
    /// A helper's value compared with idioms: `Device.idiom == .pad`, when `idiom` holds the idiom.
    case helperIdiom(HelperUse, IdiomSet)
    /// Any other condition, by its text, with the identifiers it reads (`horizontalSizeClass`).
    case other(String, names: [String])
    case not(IdiomCondition)
    case and(IdiomCondition, IdiomCondition)
    case or(IdiomCondition, IdiomCondition)

    /// How many parts the condition has.
    var size: Int {
        switch self {
        case .constant, .idiom, .helper, .helperIdiom, .other: return 1
        case .not(let inner): return 1 + inner.size
        case .and(let left, let right), .or(let left, let right): return 1 + left.size + right.size
        }
    }

    /// True when the condition names the idiom, directly or through a helper.
    var mentionsIdiom: Bool {
        switch self {
        case .constant, .other: return false
        case .idiom, .helper, .helperIdiom: return true
        case .not(let inner): return inner.mentionsIdiom
        case .and(let left, let right), .or(let left, let right): return left.mentionsIdiom || right.mentionsIdiom
        }
    }

    /// True when the condition compares the idiom itself, or something that holds it (not only
    /// names that may be helpers).
    var readsIdiomItself: Bool {
        switch self {
        case .constant, .other, .helper: return false
        case .idiom, .helperIdiom: return true
        case .not(let inner): return inner.readsIdiomItself
        case .and(let left, let right), .or(let left, let right): return left.readsIdiomItself || right.readsIdiomItself
        }
    }

    /// The helpers the condition uses, in source order.
    var helpers: [HelperUse] {
        switch self {
        case .constant, .idiom, .other: return []
        case .helper(let use), .helperIdiom(let use, _): return [use]
        case .not(let inner): return inner.helpers
        case .and(let left, let right), .or(let left, let right): return left.helpers + right.helpers
        }
    }

    /// The identifiers of the parts that do not depend on the idiom.
    var otherNames: [String] {
        switch self {
        case .constant, .idiom, .helper, .helperIdiom: return []
        case .other(_, let names): return names
        case .not(let inner): return inner.otherNames
        case .and(let left, let right), .or(let left, let right): return left.otherNames + right.otherNames
        }
    }

    /// `!self`, simplified.
    var negated: IdiomCondition {
        switch self {
        case .constant(let value): return .constant(!value)
        case .not(let inner): return inner
        default: return .not(self)
        }
    }

    /// `self && other`, simplified.
    func and(_ other: IdiomCondition) -> IdiomCondition { joined(other, neutral: true) { .and($0, $1) } }

    /// `self || other`, simplified.
    func or(_ other: IdiomCondition) -> IdiomCondition { joined(other, neutral: false) { .or($0, $1) } }

    /// `self` and `other` joined by `&&` (whose neutral constant is `true`) or `||` (`false`): the
    /// other constant decides the whole, the neutral one drops out, and a condition joined with
    /// itself is itself.
    private func joined(_ other: IdiomCondition, neutral: Bool, _ join: (IdiomCondition, IdiomCondition) -> IdiomCondition) -> IdiomCondition {
        switch (self, other) {
        case (.constant(!neutral), _), (_, .constant(!neutral)): return .constant(!neutral)
        case (.constant(neutral), _): return other
        case (_, .constant(neutral)): return self
        // `x && !x` is false, `x || !x` true: the two paths of an `if #available` that return the same.
        case _ where other == negated: return .constant(!neutral)
        default: return self == other ? self : join(self, other)
        }
    }
}

/// A use of a helper that may compare the idiom, by name: `isPad` in `if isPad`, `UIDevice.isPad`,
/// `traitCollection.isPhone`, `isPad()`.
struct HelperUse: Hashable, Sendable, Codable {
    var name: String
    /// The file the use is in: helpers declared in the same file are preferred.
    var path: String
}

/// What a helper declaration holds, as the Swift front end reads it.
enum HelperValue: Hashable, Sendable, Codable {
    /// A Boolean condition: `var isPad: Bool { userInterfaceIdiom == .pad }`.
    case condition(IdiomCondition)
    /// The idiom itself: `let idiom = traitCollection.userInterfaceIdiom`.
    case idiom
    /// A member of an enumeration chosen by the idiom, each where its condition holds:
    /// `static var safeActionSheet: UIAlertController.Style { idiom == .pad ? .alert : .actionSheet }`.
    case members([MemberChoice])
}

/// One value a helper may give: a member's name (`actionSheet`), where `condition` holds.
struct MemberChoice: Hashable, Sendable, Codable {
    var condition: IdiomCondition
    var member: String
}

/// A helper declaration: a variable, property or function whose value is an idiom condition or the idiom.
struct HelperDeclaration: Hashable, Sendable, Codable {
    var name: String
    var value: HelperValue
    /// Where it is declared, for messages ("`isPad`, which compares the idiom at Device.swift:12").
    var position: SourcePosition
}

/// Evaluates idiom conditions, idiom by idiom, with the helpers of the whole project.
struct IdiomEvaluator: Sendable {
    /// Helper declarations by name.
    var helpers: [String: [HelperDeclaration]] = [:]
    /// When given, the helper names looked up (`Resolution.log`).
    var log: ReadLog?
    /// A class's superclass, for a helper named with its class (`OAUtilities.isIPad`, as Objective-C
    /// names the methods it sends): one the class inherits counts.
    var superclass: @Sendable (String) -> String? = { _ in nil }

    /// How deep helpers may refer to helpers; deeper (or circular) references count as unknown.
    static let maximumDepth = 8

    /// The declaration a use refers to: one in the same file first, else the first by path and line;
    /// nil when no helper has that name.
    func declaration(of use: HelperUse) -> HelperDeclaration? {
        log?.read(.helper(use.name))
        guard let candidates = helpers[use.name] ?? inherited(use.name) ?? unqualified(use.name), !candidates.isEmpty else { return nil }
        if let local = candidates.first(where: { $0.position.path == use.path }) { return local }
        return candidates.min { $0.position < $1.position }
    }

    /// For a helper named with its class (`Class.method`) that the class does not declare: the
    /// declaration of the nearest superclass that does; another class's method of the same name is
    /// not this one.
    private func inherited(_ name: String) -> [HelperDeclaration]? {
        // Most names have no dot: its bytes say so before any character is read.
        guard name.utf8.contains(UInt8(ascii: ".")), let dot = name.firstIndex(of: "."), name.first?.isUppercase == true else { return nil }
        var owner = String(name[..<dot])
        let member = name[name.index(after: dot)...]
        var seen: Set<String> = [owner]
        log?.read(.type(owner))
        while let parent = superclass(owner), seen.insert(parent).inserted {
            log?.read(.type(parent))
            owner = parent
            let qualified = owner + "." + member
            log?.read(.helper(qualified))
            if let found = helpers[qualified], !found.isEmpty { return found }
        }
        return nil
    }

    /// For a helper named with its class (`UIDevice.isPad`, as Objective-C sends it) that neither
    /// the class nor a superclass declares so: the declarations of the bare name, as a Swift
    /// extension declares a member (`extension UIDevice { static var isPad: Bool { ... } }`).
    private func unqualified(_ name: String) -> [HelperDeclaration]? {
        guard name.utf8.contains(UInt8(ascii: ".")), let dot = name.firstIndex(of: "."), name.first?.isUppercase == true else { return nil }
        let member = String(name[name.index(after: dot)...])
        log?.read(.helper(member))
        return helpers[member]
    }

    /// What is left of `condition` when the idiom is `idiom` (the pad idiom on an iPad):
    /// `.constant(true)` or `.constant(false)` when the idiom decides it, else the condition on
    /// everything else.
    func residual(_ condition: IdiomCondition, in idiom: Idiom) -> IdiomCondition {
        residual(condition, in: RunPlace(idiom), depth: 0)
    }

    /// What is left of `condition` where the app runs at `place`.
    func residual(_ condition: IdiomCondition, at place: RunPlace) -> IdiomCondition {
        residual(condition, in: place, depth: 0)
    }

    private func residual(_ condition: IdiomCondition, in idiom: RunPlace, depth: Int) -> IdiomCondition {
        switch condition {
        case .constant, .other:
            return condition
        case .idiom(let idioms):
            return .constant(idioms.contains(idiom.set))
        case .helper(let use):
            guard depth < Self.maximumDepth, let declaration = declaration(of: use),
                  case .condition(let inner) = declaration.value else {
                return .other(use.name, names: [use.name])
            }
            return residual(inner, in: idiom, depth: depth + 1)
        case .helperIdiom(let use, let idioms):
            guard depth < Self.maximumDepth, let declaration = declaration(of: use), declaration.value == .idiom else {
                return .other(use.name, names: [use.name])
            }
            return .constant(idioms.contains(idiom.set))
        case .not(let inner):
            return residual(inner, in: idiom, depth: depth).negated
        case .and(let left, let right):
            return residual(left, in: idiom, depth: depth).and(residual(right, in: idiom, depth: depth))
        case .or(let left, let right):
            return residual(left, in: idiom, depth: depth).or(residual(right, in: idiom, depth: depth))
        }
    }

    /// The places in which the condition can be true, and those in which it can be false.
    func outcome(of condition: IdiomCondition) -> (whenTrue: IdiomSet, whenFalse: IdiomSet) {
        var whenTrue: IdiomSet = []
        var whenFalse: IdiomSet = []
        for place in RunPlace.allCases {
            let value = residual(condition, at: place)
            if value != .constant(false) { whenTrue.insert(place.set) }
            if value != .constant(true) { whenFalse.insert(place.set) }
        }
        return (whenTrue, whenFalse)
    }

    /// True when a helper's value is the idiom, or a condition that is not the same in every idiom.
    func comparesIdiom(_ declaration: HelperDeclaration) -> Bool {
        switch declaration.value {
        case .idiom:
            return true
        case .condition(let condition):
            return Set([Idiom.mac, .pad, .phone].map { residual(condition, in: $0) }).count > 1
        case .members(let choices):
            return choices.contains { choice in Set([Idiom.mac, .pad, .phone].map { residual(choice.condition, in: $0) }).count > 1 }
        }
    }

    /// The members a value helper gives, each with the places where it may: nil when `name` names
    /// no such helper.
    func members(of use: HelperUse) -> [(member: String, places: IdiomSet)]? {
        guard let declaration = declaration(of: use), case .members(let choices) = declaration.value else { return nil }
        return choices.map { choice in
            var places: IdiomSet = []
            for place in RunPlace.allCases where residual(choice.condition, at: place) != .constant(false) { places.insert(place.set) }
            return (choice.member, places)
        }
    }

    /// The declarations of the helpers a condition uses, each once, in order.
    func idiomHelpers(in condition: IdiomCondition) -> [HelperDeclaration] {
        var seen: Set<String> = []
        var result: [HelperDeclaration] = []
        for use in condition.helpers where !seen.contains(use.name) {
            seen.insert(use.name)
            if let declaration = declaration(of: use) { result.append(declaration) }
        }
        return result
    }
}
