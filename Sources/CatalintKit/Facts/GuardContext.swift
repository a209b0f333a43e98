/// A user-interface idiom an iPad app can run in.
public enum Idiom: String, CaseIterable, Sendable {
    /// "Optimize Interface for Mac" on Mac Catalyst.
    case mac
    /// iPad, and "Scale Interface to Match iPad" on Mac Catalyst.
    case pad
    case phone
    /// Every other idiom (`.tv`, `.carPlay`, `.vision`, `.unspecified`).
    case other

    /// The idiom named by a `UIUserInterfaceIdiom` member, such as `mac` in `.mac`.
    init?(memberName: String) {
        switch memberName {
        case "mac": self = .mac
        case "pad": self = .pad
        case "phone": self = .phone
        case "tv", "carPlay", "vision", "unspecified": self = .other
        default: return nil
        }
    }
}

/// A set of the places an app can run, told apart by the checks code can make: each idiom, and
/// for the pad idiom whether the device is an iPad or a Mac ("Scale Interface to Match iPad", where
/// `isMacCatalystApp` is true). Where a piece of code can run, as far as the checks around it tell.
struct IdiomSet: OptionSet, Hashable, Sendable, Codable {
    let rawValue: UInt8
    init(rawValue: UInt8) { self.rawValue = rawValue }

    init(_ idioms: [Idiom]) {
        self = []
        for idiom in idioms { insert(IdiomSet(idiom)) }
    }

    /// Everywhere the idiom is `idiom`: the pad idiom is an iPad's, and the Mac's in "Scale
    /// Interface to Match iPad".
    init(_ idiom: Idiom) {
        switch idiom {
        case .mac: self = .mac
        case .pad: self = [.pad, .padOnMac]
        case .phone: self = .phone
        case .other: self = .other
        }
    }

    /// The Mac idiom ("Optimize Interface for Mac").
    static let mac = IdiomSet(rawValue: 1)
    /// The pad idiom on an iPad.
    static let pad = IdiomSet(rawValue: 2)
    static let phone = IdiomSet(rawValue: 4)
    static let other = IdiomSet(rawValue: 8)
    /// The pad idiom on a Mac ("Scale Interface to Match iPad").
    static let padOnMac = IdiomSet(rawValue: 16)
    /// On a Mac, in either idiom: where `ProcessInfo.processInfo.isMacCatalystApp` is true.
    static let onMac: IdiomSet = [.mac, .padOnMac]
    static let all: IdiomSet = [.mac, .pad, .phone, .other, .padOnMac]
}

/// One place an app can run, as `IdiomSet` tells them apart: conditions are evaluated place by place.
enum RunPlace: CaseIterable, Sendable {
    case macIdiom, padOnMac, iPad, phone, other

    /// The place where the idiom is `idiom`, on the device of that idiom (the pad idiom: an iPad).
    init(_ idiom: Idiom) {
        switch idiom {
        case .mac: self = .macIdiom
        case .pad: self = .iPad
        case .phone: self = .phone
        case .other: self = .other
        }
    }

    var set: IdiomSet {
        switch self {
        case .macIdiom: .mac
        case .padOnMac: .padOnMac
        case .iPad: .pad
        case .phone: .phone
        case .other: .other
        }
    }
}

/// What the code around a fact says about where that fact can take effect.
///
/// Front ends fill it from compile-time conditions (`#if targetEnvironment(macCatalyst)`), run-time
/// idiom checks (`traitCollection.userInterfaceIdiom != .mac`), availability attributes
/// (`@available(macCatalyst, unavailable)`), or an interface file's own idiom list.
struct GuardContext: Hashable, Sendable, Codable {
    /// False when the code is compiled out of Mac Catalyst builds.
    var builtForMacCatalyst: Bool = true
    /// The idioms the code can run in.
    var idioms: IdiomSet = .all
    /// True inside a declaration marked unavailable on Mac Catalyst.
    var unavailableOnMacCatalyst: Bool = false
    /// True inside a SwiftUI preview (`#Preview`, a `PreviewProvider`), which never runs in the app.
    var isPreview: Bool = false
    /// The conditions on the idiom, through helpers that may be declared in other files, that the
    /// code runs under: a link of its file's `RequirementChain`, or nil for none. Resolution folds
    /// them into `idioms` and clears this.
    var requirement: Int32?
    /// The checks a rule names that are known to hold where the code runs (`isSourceTypeAvailable`
    /// inside `if UIImagePickerController.isSourceTypeAvailable(.camera) { ... }`), sorted.
    var checks: [String] = []

    /// No guard at all: the code runs everywhere.
    static let unguarded = GuardContext()

    /// Whether the code can run in the Mac idiom, the question every rule asks first.
    var runsInMacIdiom: Bool {
        runsOnMac(in: .mac)
    }

    /// Whether the code can run on the Mac in either idiom (the pad idiom is "Scale Interface to
    /// Match iPad"), for what breaks on the Mac whichever idiom the app uses.
    var runsOnMac: Bool {
        runsOnMac(in: .mac) || runsOnMac(in: .pad)
    }

    /// Whether the code can run on the Mac in `idiom` (the pad idiom: on a Mac, not an iPad).
    func runsOnMac(in idiom: Idiom) -> Bool {
        builtForMacCatalyst && !idioms.intersection(IdiomSet(idiom)).intersection(.onMac).isEmpty && !unavailableOnMacCatalyst && !isPreview
    }

    /// Whether the code can run, on any device, in an idiom other than the Mac's (for what breaks
    /// everywhere but the Mac idiom). A preview never runs in the app.
    var runsOutsideMacIdiom: Bool {
        !idioms.intersection([.pad, .padOnMac, .phone]).isEmpty && !isPreview
    }

    /// This context, where the check `name` is known to hold.
    func checking(_ name: String) -> GuardContext {
        guard !checks.contains(name) else { return self }
        var copy = self
        copy.checks = (checks + [name]).sorted()
        return copy
    }

    /// This context narrowed to the idioms in `idioms`.
    func restricted(to idioms: IdiomSet) -> GuardContext {
        var copy = self
        copy.idioms = self.idioms.intersection(idioms)
        return copy
    }
}

/// The conditions on the idiom that the code of one file runs under, shared: each link adds one
/// condition to the link before it, so the statements after a long run of early exits each name
/// one link instead of holding every exit before them. A context's `requirement` is a link's index.
struct RequirementChain: Hashable, Sendable, Codable {
    struct Link: Hashable, Sendable, Codable {
        /// The link this one adds to: always an earlier one.
        var parent: Int32?
        var condition: PendingCondition
    }

    private(set) var links: [Link] = []

    init() {}

    /// Adds `condition` to the chain that ends at `parent`; returns the new link.
    mutating func add(_ condition: PendingCondition, to parent: Int32?) -> Int32 {
        links.append(Link(parent: parent, condition: condition))
        return Int32(links.count - 1)
    }

    /// Links as read from the cache; nil unless every link adds to an earlier one.
    init?(links: [Link]) {
        for (offset, link) in links.enumerated() {
            if let parent = link.parent, parent < 0 || Int(parent) >= offset { return nil }
        }
        self.links = links
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let chain = RequirementChain(links: try container.decode([Link].self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a link that adds to a later one")
        }
        self = chain
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(links)
    }

    /// For each link, the idioms in which every condition up to it can hold, given `allowed`, the
    /// idioms in which one condition can: one pass, however long the chains.
    func idioms(_ allowed: (PendingCondition) -> IdiomSet) -> [IdiomSet] {
        var result: [IdiomSet] = []
        result.reserveCapacity(links.count)
        for link in links {
            let before = link.parent.map { result[Int($0)] } ?? .all
            result.append(before.intersection(allowed(link.condition)))
        }
        return result
    }
}
