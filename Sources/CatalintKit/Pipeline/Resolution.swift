/// Turns what each file says on its own (`FileFacts`) into the facts rules read (`UIFacts`), with the
/// index of the whole project: the classes of properties declared in other files, superclass
/// chains, the iPad behavioral style given by a class to every instance, and the helpers that
/// compare the idiom, wherever they are declared.
struct Resolution {
    let index: ProjectIndex
    let evaluator: IdiomEvaluator
    /// When given, every name resolution asks the index about: what a file's facts depend on in
    /// other files, for the next run to know which files an edit can change (`RunSnapshot`).
    let log: ReadLog?

    init(index: ProjectIndex, log: ReadLog? = nil) {
        self.index = index
        self.log = log
        var evaluator = index.evaluator
        evaluator.log = log
        self.evaluator = evaluator
    }

    func resolve(_ files: [FileFacts]) -> UIFacts {
        var facts = UIFacts()
        for file in files { add(file, to: &facts) }
        return facts
    }

    /// `own`: the file's own part of the index, when a type of a name another file also declares
    /// is to be read as the file declares it.
    func add(_ file: FileFacts, own: (path: String, index: ProjectIndex)? = nil, to facts: inout UIFacts) {
        var resolution = self
        resolution.own = own
        resolution.addResolved(file, to: &facts)
    }

    /// The file's own declarations, for types the project declares more than once.
    private var own: (path: String, index: ProjectIndex)?

    private func addResolved(_ file: FileFacts, to facts: inout UIFacts) {
        // What each link of the file's requirements allows, once for every fact that names it.
        let allowed = file.requirements.idioms(allowedIdioms)
        func context(_ context: GuardContext) -> GuardContext { resolved(context, allowed) }
        func resolvingContexts<Fact>(_ facts: [Fact], _ path: WritableKeyPath<Fact, GuardContext>) -> [Fact] {
            facts.map { fact in
                var fact = fact
                fact[keyPath: path] = context(fact[keyPath: path])
                return fact
            }
        }
        for creation in file.creations {
            guard let name = type(creation.type) else { continue }
            var site = creation.site
            if let assignment = creation.assignment, site?.wrappable == true, !keepsMeaningWhenSkipped(assignment) { site?.wrappable = false }
            facts.creations.append(CreationFact(className: name, classChain: chain(of: name, knownSuperclass: creation.knownSuperclass),
                                                position: creation.position, guardContext: context(creation.guardContext), site: site))
        }
        for object in file.objects {
            let (id, type) = resolve(object.value)
            let classChain = type.map { chain(of: $0, knownSuperclass: object.knownSuperclass) } ?? []
            let classStyle = index.hasPadStyleForEveryInstance(classChain) ? "pad" : nil
            var settings: [SettingFact] = []
            for var setting in object.settings {
                setting.guardContext = context(setting.guardContext)
                settings += valueChoices(setting)
            }
            facts.add(UIObjectFact(id: id, classChain: classChain, preferredBehavioralStyle: object.style ?? classStyle,
                                   settings: settings))
        }
        for argument in file.arguments {
            var (id, type) = resolve(argument.value)
            var escapes = argument.escapes
            var madeBy: ObjectID?
            var madeWhere: GuardContext?
            if let factory = argument.factory {
                if let summary = function(factory, in: argument.position.path), let result = summary.result {
                    madeBy = result
                    madeWhere = context(factory.guardContext)
                    type = type ?? summary.resultType
                } else if factory.typeName == nil {
                    escapes = true  // a function that may return an object made elsewhere
                }
            }
            var handedTo: [HandedObject] = []
            for pass in argument.passes {
                let summary = function(pass.call, in: argument.position.path, receiverType: type)
                if pass.argument < 0 {
                    if let summary, summary.hasReceiver {
                        handedTo.append(HandedObject(object: summary.object(ofParameter: -1), guardContext: context(pass.call.guardContext)))
                    }
                } else if let summary, let index = summary.parameter(ofArgument: pass.argument, labels: pass.call.labels),
                          !summary.parameters[index].handedOn {
                    handedTo.append(HandedObject(object: summary.object(ofParameter: index), guardContext: context(pass.call.guardContext)))
                } else {
                    escapes = true  // given to a function no summary tells of, or that hands it on
                }
            }
            facts.arguments.append(ArgumentFact(
                call: argument.call, label: argument.label, object: id,
                classChain: type.map { chain(of: $0, knownSuperclass: argument.knownSuperclass) } ?? [],
                escapes: escapes, madeBy: madeBy, madeWhere: madeWhere, handedTo: handedTo, pathEnd: argument.pathEnd,
                spelling: argument.spelling, position: argument.position, guardContext: context(argument.guardContext)))
        }
        for access in file.internals {
            let (id, type) = resolve(access.value)
            facts.internals.append(InternalsFact(object: id, classChain: type.map { chain(of: $0, knownSuperclass: access.knownSuperclass) } ?? [],
                                                 key: access.key, receiverName: access.receiverName, addsOwnSubviews: access.addsOwnSubviews,
                                                 spelling: access.spelling, position: access.position,
                                                 guardContext: context(access.guardContext)))
        }
        for provided in file.providedViews {
            let owner = resolve(provided.owner).type.map { chain(of: $0, knownSuperclass: provided.ownerKnownSuperclass) } ?? []
            let viewType = provided.view.flatMap { resolve($0).type }
            let viewChain = viewType.map { chain(of: $0, knownSuperclass: provided.viewKnownSuperclass) } ?? []
            // What the view holds: the stored properties of its classes that the project declares,
            // then what the file lays out inside it.
            let declared = viewChain.filter { index.types[$0].map { $0.declarations > 0 } ?? false }
            let stored = declared.flatMap { name in (index.types[name]?.properties ?? [:]).sorted { $0.key < $1.key }.compactMap(\.value) }
                .map { PendingClass(type: .named($0), knownSuperclass: nil) }
            // Each with its superclasses: a `CustomTextField` is a text field.
            let held = (stored + provided.laidOut).flatMap { item in type(item.type).map { chain(of: $0, knownSuperclass: item.knownSuperclass) } ?? [] }
            // The app's own: its class is the project's, or the file lays out what it holds.
            let isProjects = (viewType.map { declared.contains($0) } ?? false) || !provided.laidOut.isEmpty
            facts.providedViews.append(ProvidedViewFact(
                property: provided.property, ownerChain: owner, isOverride: provided.isOverride, viewChain: viewChain,
                viewIsProjects: isProjects, heldClasses: held, spelling: provided.spelling,
                position: provided.position, guardContext: context(provided.guardContext)))
        }
        facts.sizes += resolvingContexts(file.sizes, \.guardContext)
        facts.calls += resolvingContexts(file.calls, \.guardContext)
        facts.references += resolvingContexts(file.references, \.guardContext)
        facts.fontSizes += resolvingContexts(file.fontSizes, \.guardContext).map(onPaper)
        facts.dimensionComparisons += resolvingContexts(file.dimensionComparisons, \.guardContext)
        for decision in file.decisions {
            if let resolved = resolve(decision, allowed: allowed) { facts.idiomDecisions.append(resolved) }
        }
    }

    // MARK: Types and objects

    /// A font declared in a type that a printing or PDF function of the project makes or names: its
    /// output is paper too (unless the type is a view or a view controller, which draw on screen).
    func onPaper(_ font: FontSizeFact) -> FontSizeFact {
        var font = font
        guard font.outputNames.isEmpty else { return font }
        for type in font.enclosingTypes {
            log?.read(.paper(type))
            guard let output = index.paperTypes[type] else { continue }
            let chain = classChain(of: type)
            if chain.contains("UIView") || chain.contains("UIViewController") { continue }
            font.outputNames.append(output)
            break
        }
        return font
    }

    /// The class a symbolic type names, when the project tells.
    func type(_ reference: TypeRef) -> String? {
        switch reference {
        case .named(let name): name
        case .of(let value): resolve(value).type
        case .unknown: nil
        case .element(let collection): type(collection).flatMap(TypeInference.elementName)
        case .returned(let call, let path, let fallback): returnType(of: call, in: path) ?? type(fallback)
        }
    }

    /// The object a symbolic value is, and its class when the project tells.
    func resolve(_ value: ValueRef) -> (object: ObjectID, type: String?) {
        switch value {
        case .object(let id, let type):
            return (id, self.type(type))
        case .member(let type, let name):
            if let ownType = ownProperty(name, of: type) { return ownType }
            let declared = property(name, of: type)
            return (.property(type: declared?.owner ?? type, name: name), declared?.type ?? nil)
        case .property:
            // A chain of properties (`a.b.c`), from its innermost value out, without a call a link:
            // a chain may be as long as the operator-chain limit, and this runs on the main thread.
            var links: [(name: String, untyped: ObjectID)] = []
            var innermost = value
            while case .property(let base, let name, let untyped) = innermost {
                links.append((name, untyped))
                innermost = base
            }
            var (object, type) = resolve(innermost)
            for link in links.reversed() {
                if let known = type, let declared = property(link.name, of: known) {
                    (object, type) = (.propertyOf(object, type: declared.owner, name: link.name), declared.type)
                } else {
                    (object, type) = (link.untyped, nil)
                }
            }
            return (object, type)
        case .name(let name, let inType, let untyped):
            log?.read(.global(name))
            if let inType, let ownType = ownProperty(name, of: inType) { return ownType }
            if let inType, let declared = property(name, of: inType) { return (.property(type: declared.owner, name: name), declared.type) }
            if let global = index.globals[name] { return (.global(name), global) }
            return (untyped, nil)
        case .cast(let value, let type):
            return (resolve(value).object, self.type(type))
        }
    }

    /// Whether code still compiles and runs the same when the statement that makes an assignment is
    /// skipped, by the property's declaration: not when it is a constant, or a property with no
    /// initial value that is not optional, assigned in an initializer (which must set it on every
    /// path), nor when it is implicitly unwrapped (every read of it traps while it is unset). A
    /// property the project does not declare so (UIKit's `refreshControl`, an optional) is safe.
    func keepsMeaningWhenSkipped(_ assignment: PendingAssignment) -> Bool {
        guard let stored = storedProperty(assignment.target) else { return true }
        if stored.optionality == .implicitlyUnwrapped { return false }
        return !(assignment.inInitializer && (stored.isConstant || stored.mustBeSetByInitializers))
    }

    /// The declaration of the stored property a value names (`self.name`, a bare `name` in a type,
    /// `base.name`), through the superclasses the project declares; nil when it names none.
    private func storedProperty(_ value: ValueRef) -> StoredProperty? {
        let owner: String
        let name: String
        switch value {
        case .member(let type, let member):
            (owner, name) = (type, member)
        case .name(let member, let inType?, _):
            (owner, name) = (inType, member)
        case .property(let base, let member, _):
            guard let type = resolve(base).type else { return nil }
            (owner, name) = (type, member)
        case .object, .cast, .name:
            return nil
        }
        for type in classChain(of: owner) {
            if let stored = index.types[type]?.stored?[name] { return stored }
        }
        return nil
    }

    /// A property of a type the project declares more than once (two files, two types of one name),
    /// as the file's own declaration of it says: an object of its own, of its own class.
    private func ownProperty(_ name: String, of type: String) -> (object: ObjectID, type: String?)? {
        guard let own, let info = own.index.types[type], info.declarations > 0, let declared = info.properties[name] else { return nil }
        log?.read(.type(type))
        guard (index.types[type]?.declarations ?? 0) > 1 else { return nil }
        return (.property(type: type + " in " + own.path, name: name), declared)
    }

    /// A class and its superclasses, with a superclass the creating format named when the project
    /// does not know it (a custom class of an Interface Builder element, an interface file's `superclass:`).
    func chain(of name: String, knownSuperclass: String?) -> [String] {
        var chain = classChain(of: name)
        if let knownSuperclass, !chain.contains(knownSuperclass) {
            chain += classChain(of: knownSuperclass).filter { !chain.contains($0) }
        }
        return chain
    }

    /// `index.classChain(of:)`, with every type it reads logged (a type an edit declares, or gives
    /// another superclass or property, changes the chain and what is found through it).
    private func classChain(of name: String) -> [String] {
        let chain = index.classChain(of: name)
        if let log { for type in chain { log.read(.type(type)) } }
        return chain
    }

    /// `index.property(_:of:)`, logged: the types of the chain it looks through.
    private func property(_ name: String, of type: String) -> (owner: String, type: String?)? {
        _ = log.map { _ in classChain(of: type) }
        return index.property(name, of: type)
    }

    /// A setting whose value is a helper that chooses a member by idiom (`preferredStyle:
    /// .safeActionSheet`, where `safeActionSheet` is `.alert` on iPad and `.actionSheet`
    /// elsewhere), as one setting per member, each where the helper gives it.
    func valueChoices(_ setting: SettingFact) -> [SettingFact] {
        guard let value = setting.value, let members = evaluator.members(of: HelperUse(name: value, path: setting.position.path)) else {
            // A variable that keeps no decision on the idiom: its value is not known.
            guard setting.valueIsName else { return [setting] }
            var unknown = setting
            unknown.value = nil
            unknown.valueIsName = false
            return [unknown]
        }
        return members.compactMap { member, places in
            var choice = setting
            choice.value = member
            choice.valueIsName = false
            choice.guardContext.idioms.formIntersection(places)
            return choice.guardContext.idioms.isEmpty ? nil : choice
        }
    }

    // MARK: Functions

    /// The summary of the function a call calls, when the project has one that fits: by name and
    /// labels, then by what it is called on (a method of the receiver's class or a superclass; for
    /// a bare call, of the calling type, else a top-level function), a declaration in `path` first.
    /// A method of an extension of a class the project does not describe (`extension
    /// UIViewController`) is the one such method that fits.
    func function(_ call: FunctionCall, in path: String, receiverType: String? = nil) -> FunctionSummary? {
        log?.read(.function(call.name))
        return declaration(of: call, among: index.functions[call.name] ?? [], in: path, receiverType: receiverType)
    }

    /// The class the function a call calls returns, when the project declares one that fits with a
    /// return type (matched as `function(_:in:receiverType:)` matches summaries).
    func returnType(of call: FunctionCall, in path: String) -> String? {
        log?.read(.returns(call.name))
        return declaration(of: call, among: index.returnTypes[call.name] ?? [], in: path)?.type
    }

    private func declaration<Declaration: FunctionSignature>(of call: FunctionCall, among declarations: [Declaration], in path: String,
                                                             receiverType: String? = nil) -> Declaration? {
        let fitting = declarations.filter { $0.accepts(call.labels) }
        guard !fitting.isEmpty else { return nil }
        var owners: [String?]
        if let typeName = call.typeName {
            owners = classChain(of: typeName)
        } else if let receiver = call.receiver {
            owners = (resolve(receiver).type ?? receiverType).map(classChain) ?? []
        } else {
            owners = (call.inType.map(classChain) ?? []) + [nil]
        }
        for owner in owners {
            let matching = fitting.filter { $0.owner == owner && (call.typeName == nil || $0.isStatic) }
            if let local = matching.first(where: { $0.path == path }) { return local }
            if let first = matching.min(by: { $0.position < $1.position }) { return first }
        }
        let methods = fitting.filter { $0.owner != nil && call.typeName == nil && (call.receiver != nil || call.inType != nil) }
        return methods.count == 1 ? methods[0] : nil
    }

    // MARK: Conditions

    /// The idioms in which a condition can be as it is required.
    func allowedIdioms(_ requirement: PendingCondition) -> IdiomSet {
        var allowed: IdiomSet = []
        for place in RunPlace.allCases where evaluator.residual(requirement.condition, at: place) != .constant(!requirement.holds) {
            allowed.insert(place.set)
        }
        return allowed
    }

    /// A guard context with the requirements it names folded into its idioms (`allowed`: what each
    /// link of its file's chain allows). A link the chain does not have allows no idiom.
    func resolved(_ context: GuardContext, _ allowed: [IdiomSet]) -> GuardContext {
        guard let link = context.requirement else { return context }
        var resolved = context
        resolved.requirement = nil
        resolved.idioms.formIntersection(link >= 0 && Int(link) < allowed.count ? allowed[Int(link)] : [])
        return resolved
    }

    /// True when a condition is not the same in the Mac, iPad and iPhone idioms.
    func dependsOnIdiom(_ condition: IdiomCondition) -> Bool {
        Set([Idiom.mac, .pad, .phone].map { evaluator.residual(condition, in: $0) }).count > 1
    }

    /// A decision with, for the Mac, iPad and iPhone idioms, the branches each takes; nil when it
    /// goes the same way in every idiom (it does not decide on the idiom).
    func resolve(_ decision: PendingDecision, allowed: [IdiomSet]) -> IdiomDecisionFact? {
        var routes: [Idiom: [IdiomDecisionFact.Step]] = [:]
        for idiom in [Idiom.mac, .pad, .phone] {
            var steps: [IdiomDecisionFact.Step] = []
            for (offset, test) in decision.tests.enumerated() {
                let residual = evaluator.residual(test.condition, in: idiom)
                if residual == .constant(false) { continue }
                steps.append(IdiomDecisionFact.Step(branch: offset, condition: residual))
                if residual == .constant(true) { break }
            }
            if steps.last?.condition != .constant(true) {
                steps.append(IdiomDecisionFact.Step(branch: decision.tests.count, condition: .constant(true)))
            }
            routes[idiom] = steps
        }
        guard routes[.mac] != routes[.pad] || routes[.mac] != routes[.phone] else { return nil }
        let test = decision.tests.first { dependsOnIdiom($0.condition) } ?? decision.tests[0]
        let anchor = test.anchors.first { dependsOnIdiom($0.condition) }?.position ?? test.position
        let helpers = decision.tests.flatMap { evaluator.idiomHelpers(in: $0.condition) }.filter(evaluator.comparesIdiom)
        var seen: Set<String> = []
        return IdiomDecisionFact(
            spelling: decision.spelling ?? test.spelling,
            branches: decision.branches,
            branchConditionNames: decision.branchConditionNames,
            routes: routes,
            helpers: helpers.filter { seen.insert($0.name).inserted },
            consequences: decision.consequences,
            branchFeatures: decision.branchFeatures,
            position: decision.position ?? anchor,
            guardContext: resolved(decision.guardContext, allowed))
    }
}

/// The names of other files' declarations that resolving one file's facts read: types (their
/// superclasses and properties), top-level variables, helpers that compare the idiom, functions'
/// summaries. A name read
/// and not found counts too: declaring it later changes the file's findings.
final class ReadLog: @unchecked Sendable {
    enum Name: Hashable, Sendable {
        case type(String)
        case global(String)
        case helper(String)
        case function(String)
        /// A type that a printing or PDF function may name (`ProjectIndex.paperTypes`).
        case paper(String)
        /// The classes functions of a name return (`ProjectIndex.returnTypes`).
        case returns(String)

        /// As a token of `RunSnapshot`.
        var token: String {
            switch self {
            case .type(let name): return "type:" + name
            case .global(let name): return "global:" + name
            case .helper(let name): return "helper:" + name
            case .function(let name): return "function:" + name
            case .paper(let name): return "paper:" + name
            case .returns(let name): return "returns:" + name
            }
        }
    }

    private(set) var names: Set<Name> = []
    /// The last names read: a condition's helpers are read again for each place it is evaluated
    /// at, and comparing a name with the same string costs less than hashing it into the set.
    private var recent: [Name?] = [nil, nil, nil, nil]
    private var next = 0

    func read(_ name: Name) {
        if recent[0] == name || recent[1] == name || recent[2] == name || recent[3] == name { return }
        names.insert(name)
        recent[next] = name
        next = (next + 1) & 3
    }
}
