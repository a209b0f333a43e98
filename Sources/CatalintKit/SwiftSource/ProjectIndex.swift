/// What one type declaration (and its extensions) tells: its superclass and its properties.
struct TypeInfo: Sendable, Equatable, Codable {
    var name: String
    /// The first inherited type of a class: its superclass when it has one.
    var superclass: String?
    /// Property name -> the class of its value, when the declaration tells it.
    var properties: [String: String?] = [:]
    /// The stored instance properties that an initializer must set, or that trap when read unset
    /// (implicitly unwrapped), by name: how each is declared. Others (optional, or with an initial
    /// value) are not kept: skipping an assignment of them breaks nothing. Nil for none (most
    /// types), which costs nothing to encode.
    var stored: [String: StoredProperty]?
    /// True when an initializer sets `preferredBehavioralStyle = .pad`, or the class overrides the
    /// property to return `.pad`: every instance then has the iPad behavioral style.
    var padStyleForEveryInstance = false
    /// How many declarations of the type (not extensions) there are: more than one when two files
    /// declare different types of the same name (each file then sees its own).
    var declarations = 0
    /// Where a class that names a superclass is declared (the first declaration read); nil for
    /// other types.
    var declaredAt: SourcePosition?

    init(name: String, superclass: String? = nil, properties: [String: String?] = [:], padStyleForEveryInstance: Bool = false,
         declarations: Int = 0) {
        self.name = name
        self.superclass = superclass
        self.properties = properties
        self.padStyleForEveryInstance = padStyleForEveryInstance
        self.declarations = declarations
    }

    mutating func merge(_ other: TypeInfo) {
        declarations += other.declarations
        if superclass == nil { superclass = other.superclass }
        if declaredAt == nil { declaredAt = other.declaredAt }
        properties.merge(other.properties) { first, _ in first }
        if let others = other.stored { stored = (stored ?? [:]).merging(others) { first, _ in first } }
        padStyleForEveryInstance = padStyleForEveryInstance || other.padStyleForEveryInstance
    }
}

/// How a type declares a stored property: what an initializer must do with it, and whether reading
/// it unset traps.
struct StoredProperty: Sendable, Equatable, Codable {
    enum Optionality: Sendable, Equatable, Codable {
        /// `T`, or a type the declaration leaves to its initial value.
        case none
        /// `T?`, `Optional<T>`: nil until set.
        case optional
        /// `T!`: nil until set, and unwrapped wherever it is read.
        case implicitlyUnwrapped
    }

    /// `let`.
    var isConstant: Bool
    /// `= value`, or `lazy`.
    var hasInitialValue: Bool
    var optionality: Optionality

    /// True when an initializer must set it on every path: a constant with no initial value, or a
    /// variable with none that is not optional.
    var mustBeSetByInitializers: Bool {
        !hasInitialValue && (isConstant || optionality == .none)
    }
}

extension StoredProperty {
    /// The property as one byte, as the cache and the run snapshot keep it (`BinaryPacked` too).
    var bits: UInt8 {
        var bits: UInt8 = (isConstant ? 1 : 0) | (hasInitialValue ? 2 : 0)
        switch optionality {
        case .none: break
        case .optional: bits |= 4
        case .implicitlyUnwrapped: bits |= 8
        }
        return bits
    }

    /// The property `bits` stands for; nil for a byte `bits` never gives.
    init?(bits: UInt8) {
        guard bits < 16, bits & 12 != 12 else { return nil }
        self.init(isConstant: bits & 1 != 0, hasInitialValue: bits & 2 != 0,
                  optionality: bits & 8 != 0 ? .implicitlyUnwrapped : bits & 4 != 0 ? .optional : .none)
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let property = StoredProperty(bits: try container.decode(UInt8.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a stored property's byte")
        }
        self = property
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(bits)
    }
}

/// What a function of the project tells its callers, so that a decision made inside it counts at
/// each call: the objects that stand for what it is given (the settings it makes on them are facts
/// of its own file) and the object it makes and returns.
struct FunctionSummary: FunctionSignature, Hashable, Sendable, Codable {
    struct Parameter: Hashable, Sendable, Codable {
        /// The argument label, `_` for none.
        var label: String
        /// True when the parameter has a default value: a call may leave it out.
        var hasDefault: Bool
        /// True when the function hands it on (stores it, passes it to a call no summary tells of,
        /// returns it): what happens to it there is not seen.
        var handedOn: Bool
    }

    var name: String
    /// The type it is declared in or extends; nil for a top-level function.
    var owner: String?
    var isStatic: Bool
    var parameters: [Parameter]
    /// True when the settings it makes on its receiver (`self`) are kept with it
    /// (`ObjectID.parameter` with index -1).
    var hasReceiver: Bool
    /// True when every `return` returns the one object it makes there (with an initializer or
    /// another factory) and hands on nowhere else (`ObjectID.result`).
    var makesResult: Bool
    /// The class it returns, when its declaration names one.
    var resultType: String?
    /// Where it is declared: the objects above are named by its file and offset.
    var path: String
    var offset: Int
    var position: SourcePosition

    /// The object that stands for its parameter `index` (-1: its receiver).
    func object(ofParameter index: Int) -> ObjectID { .parameter(path: path, function: offset, index: index) }
    var result: ObjectID? { makesResult ? .result(path: path, function: offset) : nil }
}

/// What a call is matched against: a function's name and parameters, the type it is declared in or
/// extends (nil at the top level), and where it is declared.
protocol FunctionSignature {
    var name: String { get }
    var owner: String? { get }
    var isStatic: Bool { get }
    var parameters: [FunctionSummary.Parameter] { get }
    var path: String { get }
    var position: SourcePosition { get }
}

extension FunctionSignature {
    /// The parameter that the argument number `argument` of a call with these labels is given
    /// to, when the call fits the function (parameters with default values may be left out, and a
    /// last one given by a trailing closure); nil when it does not.
    func parameter(ofArgument argument: Int, labels: [String]) -> Int? {
        var parameter = 0
        var found: Int?
        for (offset, label) in labels.enumerated() {
            while parameter < parameters.count, parameters[parameter].label != label {
                guard parameters[parameter].hasDefault else { return nil }
                parameter += 1
            }
            guard parameter < parameters.count else { return nil }
            if offset == argument { found = parameter }
            parameter += 1
        }
        let rest = parameters[parameter...]
        guard rest.dropLast().allSatisfy(\.hasDefault) else { return nil }
        return found
    }

    /// True when a call with these labels fits the function.
    func accepts(_ labels: [String]) -> Bool {
        labels.isEmpty ? parameters.dropLast().allSatisfy(\.hasDefault) : parameter(ofArgument: 0, labels: labels) != nil
    }
}

/// The class a function of the project returns, as its declaration names it (`func makeSortButton()
/// -> UIButton`, `static func slider() -> UISlider?`): a value made by calling it is of that class,
/// wherever the function is declared.
struct ReturnType: FunctionSignature, Hashable, Sendable, Codable {
    var name: String
    var owner: String?
    var isStatic: Bool
    var parameters: [FunctionSummary.Parameter]
    var type: String
    var path: String
    var position: SourcePosition
}

/// The declarations of every linted Swift file: built first, so that lowering one file into facts
/// knows the subclasses and properties declared in the others.
struct ProjectIndex: Sendable, Equatable, Codable {
    var types: [String: TypeInfo] = [:]
    /// Top-level variables -> the class of their value, when known.
    var globals: [String: String?] = [:]
    /// Variables, properties and functions whose value is the idiom or a condition on it, by name.
    var helpers: [String: [HelperDeclaration]] = [:]
    /// Functions that make settings on what they are given, or make and return an object, by name.
    var functions: [String: [FunctionSummary]] = [:]
    /// The app's types that a function printing or drawing a PDF makes or names (`PrintVisitor` in
    /// a function that names `UIGraphicsPDFRenderer`), with the printing or PDF name it names: what
    /// they draw goes on paper.
    var paperTypes: [String: String] = [:]
    /// The classes functions return, by the functions' names.
    var returnTypes: [String: [ReturnType]] = [:]
    /// The protocols the project declares.
    var protocols: Set<String> = []
    /// The type declarations and extensions the rules' knowledge names (an app delegate, a SwiftUI
    /// app), with the file each is in: what the rules about whole apps read.
    var declarations: [TypeDeclarationFact] = []

    mutating func add(_ info: TypeInfo) {
        if var existing = types[info.name] {
            existing.merge(info)
            types[info.name] = existing
        } else {
            types[info.name] = info
        }
    }

    mutating func merge(_ other: ProjectIndex) {
        for info in other.types.values { add(info) }
        globals.merge(other.globals) { first, _ in first }
        helpers.merge(other.helpers) { $0 + $1 }
        functions.merge(other.functions) { $0 + $1 }
        declarations += other.declarations
        paperTypes.merge(other.paperTypes) { first, _ in first }
        returnTypes.merge(other.returnTypes) { $0 + $1 }
        protocols.formUnion(other.protocols)
    }

    /// The index with the configuration's `superclasses:` (class name -> superclass) in it: each
    /// entry replaces what the project's declarations say of the class. Returns the classes whose
    /// declared superclass an entry replaced, with the one declared.
    mutating func declare(superclasses: [String: String]) -> [(name: String, declared: String)] {
        var replaced: [(name: String, declared: String)] = []
        for (name, superclass) in superclasses.sorted(by: { $0.key < $1.key }) {
            if var info = types[name] {
                if let declared = info.superclass, declared != superclass { replaced.append((name, declared)) }
                info.superclass = superclass
                types[name] = info
            } else {
                types[name] = TypeInfo(name: name, superclass: superclass)
            }
        }
        return replaced
    }

    /// The classes declared in `files` whose chain of superclasses ends at a name the index does not
    /// declare (nor as a protocol) and `isSystem` does not know: by that name, with the classes (and
    /// where each is declared), sorted.
    func unknownSuperclasses(declaredIn files: Set<String>, isSystem: (String) -> Bool) -> [(superclass: String, classes: [(name: String, at: SourcePosition)])] {
        var byName: [String: [(name: String, at: SourcePosition)]] = [:]
        for (name, info) in types {
            guard let at = info.declaredAt, files.contains(at.path) else { continue }
            let chain = classChain(of: name)
            guard let last = chain.last, last != name, types[last] == nil, !protocols.contains(last), !isSystem(last) else { continue }
            byName[last, default: []].append((name, at))
        }
        return byName.keys.sorted().map { key in (key, byName[key]!.sorted { ($0.at, $0.name) < ($1.at, $1.name) }) }
    }

    /// Evaluates idiom conditions with the helpers of every indexed file.
    var evaluator: IdiomEvaluator {
        var evaluator = IdiomEvaluator(helpers: helpers)
        let types = self.types
        evaluator.superclass = { types[$0]?.superclass }
        return evaluator
    }

    /// `name` and its superclasses as far as the index knows them, most specific first.
    func classChain(of name: String) -> [String] {
        var chain = [name]
        var current = name
        while let superclass = types[current]?.superclass, !chain.contains(superclass) {
            chain.append(superclass)
            current = superclass
        }
        return chain
    }

    /// The property `name` declared on `typeName` or one of its superclasses: the declaring type and
    /// the class of the property's value.
    func property(_ name: String, of typeName: String) -> (owner: String, type: String?)? {
        for owner in classChain(of: typeName) {
            if let entry = types[owner]?.properties[name] { return (owner, entry) }
        }
        return nil
    }

    /// True when a class in `chain` gives every instance the iPad behavioral style.
    func hasPadStyleForEveryInstance(_ chain: [String]) -> Bool {
        chain.contains { types[$0]?.padStyleForEveryInstance == true }
    }
}
