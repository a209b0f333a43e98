import SwiftSyntax

/// Lowers one parsed Swift file, on its own, into facts: objects created, properties set (with
/// control states), sizes, screen sizes compared and decisions on the idiom, each with its position
/// and guard context. What depends on other files (the class of a property declared elsewhere, a
/// helper that compares the idiom) is left symbolic for `Resolution`.
final class FactCollector: TypeScopeVisitor {
    private let file: SwiftSourceFile
    private let conditions: IdiomConditions
    private let guards: GuardResolver
    private let decisions: IdiomDecisionReader
    private let vocabulary: LoweringVocabulary
    private(set) var facts = FileFacts()

    /// A name bound in a function, closure or block, and the object it names.
    private struct Local {
        var value: ValueRef
        /// How the object is made, when a `let`, `var`, `if let` or `guard let` makes it right there
        /// (`let sheet = UIAlertController(...)`, `let sheet = makeSheet()`): only such an object
        /// is known whole in a function, unless it is handed on.
        var made: Made? = nil
        /// The value a local is bound to (`let endFrame = notification.userInfo?[...] as? CGRect`).
        var boundFrom: ExprSyntax? = nil
        /// The declaration of a local `let` or `var`.
        var declaredBy: PatternBindingSyntax? = nil
    }

    /// Where a local's object is made: the binding, and the call of the function that made it when
    /// that is not an initializer.
    private struct Made {
        var name: String
        var binding: Syntax
        /// The call of the function that made it, when that is not an initializer (read as a
        /// `FunctionCall` only if the object is presented).
        var factory: FunctionCallExprSyntax?
    }

    /// A function being walked (the innermost, not a closure): its parameters and the object it
    /// returns stand for what its callers give it and get from it.
    private struct FunctionFrame {
        var node: FunctionDeclSyntax
        /// The local every `return` returns, when the body makes it at its top level: the name its
        /// last statement returns, checked against every other `return` when a local of that name is made.
        var returnedLocal: String?
        var returnsChecked = false
        /// True once a setting is made on a parameter (or on `self`, of a property a presentation reads).
        var setsGiven = false
        /// The binding of the returned local, once it is bound to an object made there.
        var result: Syntax?
        var offset: Int { node.positionAfterSkippingLeadingTrivia.utf8Offset }
    }

    private var functions: [FunctionFrame] = []
    /// What the file's functions tell their callers, for the project index.
    private(set) var summaries: [FunctionSummary] = []
    /// The types that the file's printing and PDF functions make or name, for the project index
    /// (`ProjectIndex.paperTypes`).
    private(set) var paperTypes: [String: String] = [:]

    private struct Scope {
        var locals: [String: Local] = [:]
        /// Inside a closure that initializes a variable: the name it returns stands for that variable.
        var returnedAlias: (name: String, local: Local)?
    }

    private var scopes: [Scope] = [Scope()]
    private var typeStack: [String] = []
    /// The closures that initialize a variable, with the name they return and the variable.
    private var closureAliases: [SyntaxIdentifier: (name: String, local: Local)] = [:]

    /// The index of the file's declarations, built in this walk (`IndexBuilder`), when asked for.
    private let indexer: IndexBuilder?

    /// False when only the index is wanted: what serves the facts alone is not worked out (the
    /// decisions on the idiom, sizes, guard contexts, edit sites), and the facts are dropped.
    private let keepsFacts: Bool

    init(file: SwiftSourceFile, vocabulary: LoweringVocabulary, swiftVersion: SwiftVersion, deadline: Deadline, indexing: Bool = false,
         keepsFacts: Bool = true) {
        self.file = file
        self.indexer = indexing ? IndexBuilder(file: file, deadline: deadline) : nil
        self.keepsFacts = keepsFacts
        self.vocabulary = vocabulary
        self.conditions = IdiomConditions(file: file)
        self.guards = GuardResolver(tree: file.tree, bytes: file.source.utf8, conditions: IdiomConditions(file: file, keepsNames: false), swiftVersion: swiftVersion,
                                    checks: vocabulary.checks, deadline: deadline)
        guards.answersNothing = !keepsFacts
        self.decisions = IdiomDecisionReader(file: file, conditions: conditions, guards: guards, vocabulary: vocabulary)
        super.init(deadline: deadline)
    }

    static func facts(for file: SwiftSourceFile, vocabulary: LoweringVocabulary, swiftVersion: SwiftVersion = .newest,
                      deadline: Deadline = .none) -> FileFacts {
        lower(file, vocabulary: vocabulary, swiftVersion: swiftVersion, deadline: deadline).facts
    }

    /// The file's facts, and what its functions tell their callers and the types it declares that
    /// the rules name (for the project index).
    static func lower(_ file: SwiftSourceFile, vocabulary: LoweringVocabulary, swiftVersion: SwiftVersion = .newest,
                      deadline: Deadline = .none) -> (facts: FileFacts, summaries: [FunctionSummary], paperTypes: [String: String], declarations: [TypeDeclarationFact]) {
        let collector = FactCollector(file: file, vocabulary: vocabulary, swiftVersion: swiftVersion, deadline: deadline)
        collector.walk(file.tree)
        collector.facts.requirements = collector.guards.requirements
        return (collector.facts, collector.summaries, collector.paperTypes, collector.declarations)
    }

    /// The file's facts and its whole part of the project index (`IndexBuilder`'s, with what this
    /// walk adds: its functions' summaries, the paper types and the declarations the rules name),
    /// from one walk over the tree instead of one each. With `indexOnly`, only what the index needs
    /// is worked out (`keepsFacts`), and the facts made on the way are not to be used.
    static func lowerAndIndex(_ file: SwiftSourceFile, vocabulary: LoweringVocabulary, swiftVersion: SwiftVersion = .newest,
                              deadline: Deadline = .none, indexOnly: Bool = false) -> (facts: FileFacts, index: ProjectIndex) {
        let collector = FactCollector(file: file, vocabulary: vocabulary, swiftVersion: swiftVersion, deadline: deadline, indexing: true,
                                      keepsFacts: !indexOnly)
        collector.walk(file.tree)
        collector.facts.requirements = collector.guards.requirements
        var index = collector.indexer?.index ?? ProjectIndex()
        for summary in collector.summaries { index.functions[summary.name, default: []].append(summary) }
        index.paperTypes.merge(collector.paperTypes) { first, _ in first }
        index.declarations = collector.declarations
        return (collector.facts, index)
    }

    // MARK: The index's walk, in this one
    //
    // `IndexBuilder` reads the declarations of the kinds it overrides; each is handed to it here
    // (and in the visits of functions, initializers and variables below), in the order a walk of
    // its own would meet them: `IndexWalkTests` compares the two.

    override func visitPost(_ node: ClassDeclSyntax) { indexer?.visitPost(node); super.visitPost(node) }
    override func visitPost(_ node: StructDeclSyntax) { indexer?.visitPost(node); super.visitPost(node) }
    override func visitPost(_ node: EnumDeclSyntax) { indexer?.visitPost(node); super.visitPost(node) }
    override func visitPost(_ node: ActorDeclSyntax) { indexer?.visitPost(node); super.visitPost(node) }
    override func visitPost(_ node: ExtensionDeclSyntax) { indexer?.visitPost(node); super.visitPost(node) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { _ = indexer?.visit(node); return .visitChildren }

    // MARK: Declarations the rules name

    /// The type declarations and extensions the rules' knowledge names, for the project index.
    private(set) var declarations: [TypeDeclarationFact] = []

    /// The base names of the functions in `vocabulary.memberNames` (`scene` of `scene(_:willConnectTo:options:)`).
    private lazy var memberBaseNames = Set(vocabulary.memberNames.compactMap { name in
        name.firstIndex(of: "(").map { String(name[..<$0]) }
    })

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = indexer?.visit(node)
        recordDeclaration(node, name: node.name.text, at: node.name)
        return super.visit(node)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = indexer?.visit(node)
        recordDeclaration(node, name: node.name.text, at: node.name)
        return super.visit(node)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = indexer?.visit(node)
        recordDeclaration(node, name: node.name.text, at: node.name)
        return super.visit(node)
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = indexer?.visit(node)
        recordDeclaration(node, name: node.name.text, at: node.name)
        return super.visit(node)
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = indexer?.visit(node)
        recordDeclaration(node, name: node.extendedType.simpleName ?? node.extendedType.trimmedDescription, at: node.extendedType)
        return super.visit(node)
    }

    /// A declaration or extension that inherits a type the rules name, carries an attribute they
    /// name (`@main`), or implements a method they name: with its methods' full names
    /// (`application(_:configurationForConnecting:options:)`, and the selector an `@objc(...)` gives).
    private func recordDeclaration(_ node: some DeclGroupSyntax, name: String, at anchor: some SyntaxProtocol) {
        guard !vocabulary.declarationNames.isEmpty || !vocabulary.entryAttributes.isEmpty || !vocabulary.memberNames.isEmpty else { return }
        let inherits = (node.inheritanceClause?.inheritedTypes ?? []).compactMap(\.type.simpleName)
        let attributes = node.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.simpleName }
        var members: [String] = []
        for item in node.memberBlock.members {
            guard let function = item.decl.as(FunctionDeclSyntax.self) else { continue }
            // The labels are spelled only for a name the rules know: a type has many functions.
            if memberBaseNames.contains(function.name.text) {
                let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
                members.append("\(function.name.text)(\(labels))")
            }
            for attribute in function.attributes.compactMap({ $0.as(AttributeSyntax.self) }) where attribute.attributeName.simpleName == "objc" {
                if case .objCName(let pieces)? = attribute.arguments {
                    members.append(pieces.map { ($0.name?.text ?? "") + ($0.colon != nil ? ":" : "") }.joined())
                }
            }
        }
        members = members.filter(vocabulary.memberNames.contains)
        guard inherits.contains(where: vocabulary.declarationNames.contains) || attributes.contains(where: vocabulary.entryAttributes.contains)
                || !members.isEmpty else { return }
        declarations.append(TypeDeclarationFact(name: name, isExtension: node.is(ExtensionDeclSyntax.self), inherits: inherits,
                                                attributes: attributes.filter(vocabulary.entryAttributes.contains), members: members,
                                                position: file.position(of: anchor)))
    }

    // MARK: Scopes and types

    override func enterType(name: String, inherits: String?) {
        typeStack.append(name)
        scopes.append(Scope())
    }

    override func leaveType() {
        typeStack.removeLast()
        scopes.removeLast()
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { scopes.append(Scope()); return .visitChildren }
    override func visitPost(_ node: CodeBlockSyntax) { scopes.removeLast() }
    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind { scopes.append(Scope()); return super.visit(node) }
    override func visitPost(_ node: SwitchCaseSyntax) { scopes.removeLast() }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { scopes.append(Scope()); return .visitChildren }
    override func visitPost(_ node: AccessorBlockSyntax) { scopes.removeLast() }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        var scope = Scope()
        scope.returnedAlias = closureAliases[node.id]
        scopes.append(scope)
        declareClosureParameters(node)
        return .visitChildren
    }

    /// A closure's parameters, typed by their annotations (`{ (button: UIButton) in`), else by the
    /// function type of the variable the closure initializes (`var style: (UIButton) -> Void =
    /// { button in ... }`); `$0`, `$1` too when it names none.
    private func declareClosureParameters(_ node: ClosureExprSyntax) {
        let contextual = Self.functionType(initializedBy: node)?.parameters.map { $0.type.simpleName }
        // `keypadButtons.forEach { $0.setTitle(...) }`: the elements of what it is called on.
        var element: TypeRef?
        if let call = node.parent?.as(FunctionCallExprSyntax.self) ?? node.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
           let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "forEach", let base = member.base {
            element = elementType(of: base)
        }
        func type(at index: Int, annotation: TypeSyntax?) -> TypeRef {
            if let name = annotation?.simpleName { return .named(name) }
            if let contextual, index < contextual.count, let name = contextual[index] { return .named(name) }
            if index == 0, let element { return element }
            return .unknown
        }
        switch node.signature?.parameterClause {
        case .parameterClause(let clause)?:
            for (index, parameter) in clause.parameters.enumerated() {
                let name = (parameter.secondName ?? parameter.firstName).text
                declare(name, Local(value: .object(anonymousKey(parameter), type: type(at: index, annotation: parameter.type))))
            }
        case .simpleInput(let list)?:
            for (index, parameter) in list.enumerated() {
                declare(parameter.name.text, Local(value: .object(anonymousKey(parameter), type: type(at: index, annotation: nil))))
            }
        case nil:
            for index in 0..<(contextual?.count ?? (element != nil ? 1 : 0)) {
                let id = ObjectID.declaration(path: file.path, offset: node.positionAfterSkippingLeadingTrivia.utf8Offset + index)
                declare("$\(index)", Local(value: .object(id, type: type(at: index, annotation: nil))))
            }
        }
    }

    /// `(UIButton) -> Void` in `var style: (UIButton) -> Void = { ... }` (through `@escaping`,
    /// `@MainActor`, parentheses and `?`), for the closure that initializes the variable.
    private static func functionType(initializedBy closure: ClosureExprSyntax) -> FunctionTypeSyntax? {
        guard let binding = closure.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
              var type = binding.typeAnnotation?.type else { return nil }
        while true {
            if let function = type.as(FunctionTypeSyntax.self) { return function }
            if let attributed = type.as(AttributedTypeSyntax.self) {
                type = attributed.baseType
            } else if let optional = type.as(OptionalTypeSyntax.self) {
                type = optional.wrappedType
            } else if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                type = only.type
            } else {
                return nil
            }
        }
    }
    override func visitPost(_ node: ClosureExprSyntax) { scopes.removeLast() }

    /// `for button in keypadButtons`: the loop's name is each element, of the collection's element class.
    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(Scope())
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            declare(name, Local(value: .object(anonymousKey(node.pattern), type: elementType(of: node.sequence))))
        }
        return .visitChildren
    }
    override func visitPost(_ node: ForStmtSyntax) { scopes.removeLast() }

    /// The class of a collection's elements: of `[a, b]`, the first's; of a name, its type's element.
    private func elementType(of collection: ExprSyntax) -> TypeRef {
        if let array = collection.unwrapped.as(ArrayExprSyntax.self) {
            guard let first = array.elements.first?.expression else { return .unknown }
            return namedObject(first)?.value.type ?? TypeInference.constructedType(of: first, lookup: typeOfName, returned: returnedType)
        }
        guard let named = namedObject(collection) else { return .unknown }
        return .element(of: named.value.type)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = indexer?.visit(node)
        recordPaperTypes(Syntax(node))
        scopes.append(Scope())
        functions.append(FunctionFrame(node: node, returnedLocal: Self.lastReturnedName(of: node)))
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        for (index, parameter) in node.signature.parameterClause.parameters.enumerated() {
            let name = (parameter.secondName ?? parameter.firstName).text
            declare(name, Local(value: .object(.parameter(path: file.path, function: offset, index: index),
                                               type: parameter.type.simpleName.map(TypeRef.named) ?? .unknown)))
        }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        scopes.removeLast()
        guard let frame = functions.popLast() else { return }
        if let summary = summary(of: frame) { summaries.append(summary) }
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = indexer?.visit(node)
        recordPaperTypes(Syntax(node))
        scopes.append(Scope())
        declareParameters(node.signature.parameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) { scopes.removeLast() }

    private func declareParameters(_ parameters: FunctionParameterClauseSyntax) {
        for parameter in parameters.parameters {
            let name = (parameter.secondName ?? parameter.firstName).text
            declare(name, Local(value: .object(anonymousKey(parameter), type: parameter.type.simpleName.map(TypeRef.named) ?? .unknown)))
        }
    }

    private func declare(_ name: String, _ local: Local) {
        scopes[scopes.count - 1].locals[name] = local
    }

    private func lookupLocal(_ name: String) -> Local? {
        for scope in scopes.reversed() {
            if let local = scope.locals[name] { return local }
        }
        return nil
    }

    private var currentType: String? {
        guard let type = typeStack.last, !type.isEmpty else { return nil }
        return type
    }

    private func anonymousKey(_ node: some SyntaxProtocol) -> ObjectID {
        .declaration(path: file.path, offset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    // MARK: Variables

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = indexer?.visit(node)
        let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
        let isGlobal = node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var local: Local
            if isMember, let type = currentType {
                local = Local(value: .member(type: type, name: name))
            } else if isGlobal {
                local = Local(value: .name(name, inType: nil, untyped: .global(name)))
            } else if let alias = scopes.last?.returnedAlias, alias.name == name {
                local = alias.local
            } else if binding.typeAnnotation == nil, let value = binding.initializer?.value, let named = namedObject(value) {
                local = named  // `let button = self.button` names the same object
            } else {
                let made = binding.initializer.flatMap { self.made(name, by: $0.value, at: Syntax(binding)) }
                local = Local(value: .object(objectID(of: name, made: made, at: binding), type: TypeInference.bindingType(binding, lookup: typeOfName, returned: returnedType)),
                              made: made)
            }
            if !isMember, !isGlobal {
                local.boundFrom = binding.initializer?.value
                local.declaredBy = binding
                declare(name, local)
            }
            if let value = binding.initializer?.value { recordInitializerSettings(value, on: local) }
            if isMember, vocabulary.providedViewProperties.contains(name), node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }),
               let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier {
                recordProvidedViewOverride(binding, name: identifier)
            }
            if let call = binding.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self),
               let closure = call.calledExpression.unwrapped.as(ClosureExprSyntax.self),
               let returned = TypeInference.returnedName(of: closure) {
                closureAliases[closure.id] = (returned, local)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
        let value = node.initializer?.value ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))
        let made = self.made(name, by: value, at: Syntax(node))
        var local = namedObject(value) ?? Local(value: .object(objectID(of: name, made: made, at: node),
                                                               type: TypeInference.constructedType(of: value, lookup: typeOfName, returned: returnedType)),
                                                made: made)
        if let annotated = node.typeAnnotation?.type.simpleName { local.value = local.value.cast(to: .named(annotated)) }
        local.boundFrom = node.initializer?.value
        declare(name, local)
        return .visitChildren
    }

    /// How a local bound to `value` is made: by an initializer (`UIAlertController(...)`), or by a
    /// call of a function that may be a factory (`makeSheet()`, `Sheets.confirm(...)`); nil for
    /// anything else.
    private func made(_ name: String, by value: ExprSyntax, at binding: Syntax) -> Made? {
        guard let call = value.unwrapped.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression.unwrapped
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text.looksLikeTypeName {
            return Made(name: name, binding: binding)
        }
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" {
            return Made(name: name, binding: binding)
        }
        guard callee.is(DeclReferenceExprSyntax.self) || callee.is(MemberAccessExprSyntax.self) else { return nil }
        return Made(name: name, binding: binding, factory: call)
    }

    /// A call of a function, as resolution looks for its summary: by name, labels and what it is
    /// called on. Nil for a call of a closure or of something that is not a name.
    private func functionCall(_ call: FunctionCallExprSyntax, inContext: Bool = true) -> FunctionCall? {
        let callee = call.calledExpression.unwrapped
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let context = inContext ? guards.context(for: call) : GuardContext()
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            guard !name.looksLikeTypeName, lookupLocal(name) == nil else { return nil }
            return FunctionCall(name: name, labels: labels, inType: currentType, guardContext: context)
        }
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        guard let base = member.base else { return FunctionCall(name: name, labels: labels, guardContext: context) }
        if let typeName = base.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text, typeName.looksLikeTypeName, lookupLocal(typeName) == nil {
            return FunctionCall(name: name, labels: labels, typeName: typeName == "Self" ? currentType : typeName, guardContext: context)
        }
        return FunctionCall(name: name, labels: labels, receiver: receiverObject(base, at: call).value, guardContext: context)
    }

    /// The object a local made at `binding` names: the function's result when the function returns
    /// it (`ObjectID.result`), else one of its own.
    private func objectID(of name: String, made: Made?, at binding: some SyntaxProtocol) -> ObjectID {
        if made != nil, let frame = functions.last, frame.returnedLocal == name,
           binding.ancestor(CodeBlockItemListSyntax.self)?.id == frame.node.body?.statements.id {
            let last = functions.count - 1
            if !frame.returnsChecked {
                functions[last].returnsChecked = true
                if Self.returnedLocal(of: frame.node) != name { functions[last].returnedLocal = nil }
            }
            if functions[last].returnedLocal == name {
                functions[last].result = Syntax(binding)
                return .result(path: file.path, function: frame.offset)
            }
        }
        return anonymousKey(binding)
    }

    /// The bare name a function's last statement returns (`return sheet`), if any.
    private static func lastReturnedName(of function: FunctionDeclSyntax) -> String? {
        guard function.signature.returnClause != nil,
              let last = function.body?.statements.last?.item.as(ReturnStmtSyntax.self) else { return nil }
        return last.expression?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// The name every `return` of a function returns, when there is one and every one returns the
    /// same bare name.
    private static func returnedLocal(of function: FunctionDeclSyntax) -> String? {
        guard function.signature.returnClause != nil, let body = function.body else { return nil }
        final class Finder: SyntaxVisitor {
            var names: Set<String> = []
            var other = false
            override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
                if let name = node.expression?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text { names.insert(name) } else { other = true }
                return .skipChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return !finder.other && finder.names.count == 1 ? finder.names.first : nil
    }

    /// True when an expression makes a new object of a named type: `UIAlertController(...)`,
    /// `UIActivityViewController.init(...)`.
    static func constructs(_ expression: ExprSyntax) -> Bool {
        guard let call = expression.unwrapped.as(FunctionCallExprSyntax.self) else { return false }
        if case .named = TypeInference.constructedType(of: ExprSyntax(call)) { return true }
        return false
    }

    /// The labelled arguments of an initializer that set a property a rule reads, as settings of the
    /// object made: `preferredStyle: .actionSheet` in `UIAlertController(title:message:preferredStyle:)`.
    private func recordInitializerSettings(_ value: ExprSyntax, on object: Local) {
        guard let call = value.unwrapped.as(FunctionCallExprSyntax.self), Self.constructs(value) else { return }
        for argument in call.arguments {
            guard let label = argument.label, vocabulary.settingProperties.contains(label.text) else { continue }
            for value in Self.alternatives(argument.expression) {
                var setting = SettingFact(property: label.text, state: nil, spelling: "\(label.text):", value: nil,
                                          position: file.position(of: label), guardContext: guards.context(for: value))
                (setting.value, setting.valueIsName) = Self.settingValue(value)
                record(setting, on: object)
            }
        }
    }

    private func typeOfName(_ name: String) -> TypeRef {
        resolveName(name, scope: nil)?.value.type ?? .unknown
    }

    /// The class a call gives, left for resolution to find in the declarations of the project
    /// (`TypeRef.returned`): the call as `FunctionCall` matches functions, without a guard context.
    private func returnedType(_ call: FunctionCallExprSyntax, fallback: TypeRef) -> TypeRef {
        guard let function = functionCall(call, inContext: false) else { return fallback }
        return .returned(function, path: file.path, fallback: fallback)
    }

    // MARK: Objects

    /// The object a plain name refers to: a local, else (left for resolution) a property of `self`'s
    /// type or a top-level variable; nil for a name that looks like a type (`UIColor`).
    private func resolveName(_ name: String, scope: Int?) -> Local? {
        if let local = lookupLocal(name) { return local }
        if name.looksLikeTypeName { return nil }
        let untyped = ObjectID.expression(path: file.path, scope: scope, text: name)
        return Local(value: .name(name, inType: currentType, untyped: untyped))
    }

    /// The block an expression is in, by its offset: the same text in the same block is the same object.
    private func scope(of node: some SyntaxProtocol) -> Int? {
        node.ancestor(CodeBlockSyntax.self)?.positionAfterSkippingLeadingTrivia.utf8Offset
    }

    private func selfObject(_ node: some SyntaxProtocol) -> Local {
        guard let type = currentType else { return Local(value: .object(anonymousKey(node), type: .unknown)) }
        return Local(value: .object(.instance(type: type), type: .named(type)))
    }

    /// The object an expression names when it is a name or a chain of properties
    /// (`slider`, `self.slider`, `cell.button`); nil for anything else.
    private func namedObject(_ expression: ExprSyntax) -> Local? {
        let expression = expression.unwrapped
        guard expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self) else { return nil }
        return namedObject(expression, block: scope(of: expression))
    }

    /// The same, in `block`: the scope of the chain of properties the expression ends (the same for
    /// each of its links, so found once a chain).
    private func namedObject(_ expression: ExprSyntax, block: Int?) -> Local? {
        let expression = expression.unwrapped
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            if reference.baseName.tokenKind == .keyword(.self) { return selfObject(reference) }
            // A bare `popoverPresentationController` in a type is its own: settings made through it are `self`'s.
            if vocabulary.facets.contains(reference.baseName.text), currentType != nil, lookupLocal(reference.baseName.text) == nil {
                return selfObject(reference)
            }
            return resolveName(reference.baseName.text, scope: block)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            // `sheet.popoverPresentationController`: settings made through it are the sheet's.
            if vocabulary.facets.contains(name), let owner = namedObject(base, block: block) { return owner }
            if base.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                guard let type = currentType else { return nil }
                return Local(value: .member(type: type, name: name))
            }
            if let baseName = base.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text, baseName.looksLikeTypeName,
               lookupLocal(baseName) == nil {
                return nil  // `UIColor.red`: a static member, not an object we track
            }
            // An object we cannot type: the same text in the same block is the same object.
            let untyped = ObjectID.expression(path: file.path, scope: block, text: file.compactText(of: expression) ?? expression.compactText)
            guard let owner = namedObject(base, block: block) else { return Local(value: .object(untyped, type: .unknown)) }
            return Local(value: .property(of: owner.value, name: name, untyped: untyped))
        }
        return nil
    }

    /// The object a receiver expression names; nil `receiver` means implicit `self`.
    private func receiverObject(_ receiver: ExprSyntax?, at node: some SyntaxProtocol) -> Local {
        guard let receiver else { return selfObject(node) }
        if let named = namedObject(receiver) { return named }
        let unwrapped = receiver.unwrapped
        if let cast = unwrapped.as(AsExprSyntax.self) {
            var inner = receiverObject(cast.expression, at: node)
            inner.value = inner.value.cast(to: cast.type.simpleName.map(TypeRef.named) ?? .unknown)
            return inner
        }
        return Local(value: .object(anonymousKey(receiver), type: TypeInference.constructedType(of: receiver, lookup: typeOfName, returned: returnedType)))
    }

    private func record(_ setting: SettingFact, on object: Local) {
        var setting = setting
        if case .object(let id, _) = object.value {
            switch id {
            case .result:
                setting.whileMade = true
            case .parameter(_, let function, _):
                if let index = functions.lastIndex(where: { $0.offset == function }) { functions[index].setsGiven = true }
            case .instance(let type) where vocabulary.presentationProperties.contains(setting.property):
                // What a method sets on its receiver for a presentation counts where it is called
                // on an object (`sheet.anchor(to: button)`).
                if let frame = functions.last, !Self.isStatic(frame.node) {
                    functions[functions.count - 1].setsGiven = true
                    facts.objects.append(PendingObject(value: .object(.parameter(path: file.path, function: frame.offset, index: -1), type: .named(type)),
                                                       settings: [setting]))
                }
            default:
                break
            }
        }
        // Made in a lazy property's closure, before the closure returns it.
        if let alias = scopes.last(where: { $0.returnedAlias != nil })?.returnedAlias, alias.local.value == object.value {
            setting.whileMade = true
        }
        facts.objects.append(PendingObject(value: object.value, settings: [setting]))
    }

    /// What a function walked tells its callers: nil unless it makes settings on what it is given,
    /// is given a controller, or makes and returns an object.
    private func summary(of frame: FunctionFrame) -> FunctionSummary? {
        let node = frame.node
        var makesResult = false
        if let result = frame.result, let name = frame.returnedLocal {
            makesResult = !readHandOns(of: Made(name: name, binding: result), returning: true).escapes
        }
        // A function given a controller tells its callers what it does with it, even nothing.
        let givenController = node.signature.parameterClause.parameters.contains { parameter in
            parameter.type.simpleName.map { $0.hasSuffix("Controller") || vocabulary.classes.contains($0) } ?? false
        }
        guard frame.setsGiven || makesResult || givenController, let body = node.body else { return nil }
        let parameters = node.signature.parameterClause.parameters.map { parameter in
            let name = (parameter.secondName ?? parameter.firstName).text
            let made = Made(name: name, binding: Syntax(parameter))
            // Passed on to another call counts as handed on: summaries are followed one call deep.
            let handOn = readHandOns(of: made, in: body.statements)
            return FunctionSummary.Parameter(label: parameter.firstName.text, hasDefault: parameter.defaultValue != nil,
                                             handedOn: handOn.escapes || handOn.passes.contains { $0.argument >= 0 })
        }
        return FunctionSummary(name: node.name.text, owner: currentType, isStatic: Self.isStatic(node), parameters: parameters,
                               hasReceiver: currentType != nil && !Self.isStatic(node), makesResult: makesResult,
                               resultType: node.signature.returnClause?.type.simpleName, path: file.path, offset: frame.offset,
                               position: file.position(of: node.name))
    }

    private static func isStatic(_ function: FunctionDeclSyntax) -> Bool {
        function.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    private func recordStyle(_ style: String, on object: Local) {
        facts.objects.append(PendingObject(value: object.value, style: style))
    }

    // MARK: Edit sites

    /// The statement around a fact, for fixes: where it starts and ends, its line's indentation, and
    /// how the source names the receiver. Nil outside a statement (a property's initial value).
    private func site(of node: some SyntaxProtocol, receiver: ExprSyntax?) -> EditSite? {
        guard keepsFacts, let item = node.ancestor(CodeBlockItemSyntax.self) else { return nil }
        let start = file.position(of: item)
        let bytes = file.source.utf8
        var indent = file.source.lineStart(start.line)
        let lineStart = indent
        while indent < bytes.count, bytes[indent] == UInt8(ascii: " ") || bytes[indent] == UInt8(ascii: "\t") { indent += 1 }
        let receiverText = receiver.map { $0.trimmedDescription } ?? ""
        return EditSite(statementStart: start, statementEnd: file.position(at: item.endPositionBeforeTrailingTrivia),
                        indentation: String(decoding: bytes[lineStart..<indent], as: UTF8.self),
                        receiver: receiverText.utf8.contains(UInt8(ascii: "\n")) ? nil : receiverText, wrappable: Self.isWrappable(item))
    }

    /// Whether wrapping the statement in an `if` keeps its meaning: an assignment, or a call on
    /// something (`view.addSubview(...)`), inside a function or closure; never a declaration, a
    /// `return`, top-level code, or a call that may be the value of a single-expression body.
    private static func isWrappable(_ item: CodeBlockItemSyntax) -> Bool {
        guard let list = item.parent?.as(CodeBlockItemListSyntax.self), !(list.parent?.is(SourceFileSyntax.self) ?? true),
              let expression = item.item.as(ExprSyntax.self) else { return false }
        if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) { return true }
        guard list.count > 1, let call = expression.as(FunctionCallExprSyntax.self) else { return false }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.base != nil }
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self) { return name.baseName.text.first?.isLowercase == true }
        return false
    }

    // MARK: Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        recordCreation(node)
        recordStateSetter(node)
        if keepsFacts { recordSize(node) }
        // The calls a rule names, by the name they are made by (read once per call).
        if let callee = node.calleeName {
            let name = callee.text
            if vocabulary.callNames.contains(name) { recordCall(node, name: callee) }
            if let property = vocabulary.settingMethods[name] { recordMethodSetting(node, property: property) }
            if let labels = vocabulary.argumentCalls[name] { recordArguments(node, name: callee, labels: labels) }
            if let labels = vocabulary.fontCalls[name] { recordFontSize(node, name: callee, labels: labels) }
            if let labels = vocabulary.keyCalls[name] { recordKeyAccess(node, name: callee, labels: labels) }
        }
        return .visitChildren
    }

    // MARK: Insides of objects

    /// `searchBar.value(forKey: "searchField")`, `field.setValue(color, forKeyPath: "_placeholderLabel.textColor")`:
    /// a key of the receiver reached by key-value coding, when the key is written as a string.
    private func recordKeyAccess(_ node: FunctionCallExprSyntax, name: TokenSyntax, labels: Set<String>) {
        guard let argument = node.arguments.first(where: { labels.contains($0.label?.text ?? "") }),
              let literal = argument.expression.unwrapped.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
              let text = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text, !text.isEmpty,
              let (_, receiver) = memberTarget(node.calledExpression, bareNeedsType: true) else { return }
        let key = String(text.split(separator: ".", maxSplits: 1).first ?? "")
        facts.internals.append(PendingInternals(value: receiverObject(receiver, at: node).value, key: key, receiverName: receiver.flatMap(Self.lastName),
                                                spelling: "\(name.text)(\(node.arguments.prefix { $0.id != argument.id }.map { ($0.label?.text ?? "_") + ":" }.joined())\(argument.label?.text ?? ""): \"\(text)\")",
                                                position: file.position(of: name),
                                                guardContext: guards.context(for: node)))
    }

    /// The last name of an expression: `searchBar` in `searchController.searchBar`; nil for `self`.
    private static func lastName(_ expression: ExprSyntax) -> String? {
        let expression = expression.unwrapped
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind != .keyword(.self) { return reference.baseName.text }
        return nil
    }

    /// `control.subviews[2]`, `subviews.first`, `for view in control.subviews`: an object's subviews
    /// taken by position or searched (anything but the harmless members: `count`, `isEmpty`).
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.base, vocabulary.subviewPropertyLengths.contains(node.declName.baseName.trimmedLength.utf8Length),
           vocabulary.subviewProperties.contains(node.declName.baseName.text) {
            recordSubviews(Syntax(node), name: node.declName.baseName, receiver: base)
        }
        return .visitChildren
    }

    private func recordSubviews(_ node: Syntax, name: TokenSyntax, receiver: ExprSyntax?) {
        // The use, past `?` and `!`.
        var use = node
        while let parent = use.parent, parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) { use = parent }
        var spelling = name.text
        if let member = use.parent?.as(MemberAccessExprSyntax.self), member.base?.id == use.id {
            let used = member.declName.baseName.text
            if vocabulary.harmlessSubviewMembers.contains(used) { return }
            spelling += "." + used
        } else if let subscriptCall = use.parent?.as(SubscriptCallExprSyntax.self), subscriptCall.calledExpression.id == use.id {
            let index = subscriptCall.arguments.trimmedDescription
            spelling += "[" + (index.count <= 12 ? index : "…") + "]"
        }
        let isSelf = receiver.map { $0.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) } ?? true
        facts.internals.append(PendingInternals(value: receiverObject(receiver, at: node).value, key: nil, receiverName: receiver.flatMap(Self.lastName),
                                                addsOwnSubviews: isSelf && addsSubviews(around: node), spelling: spelling,
                                                position: file.position(of: name), guardContext: guards.context(for: node)))
    }

    private var addsSubviewsCache: [SyntaxIdentifier: Bool] = [:]

    /// True when the class around `node` adds subviews to itself: a bare call the vocabulary names
    /// (`addSubview(badge)`), or one on `self`. Read once per class.
    private func addsSubviews(around node: some SyntaxProtocol) -> Bool {
        guard !vocabulary.subviewAddingCalls.isEmpty, let type = node.ancestor(ClassDeclSyntax.self) else { return false }
        if let known = addsSubviewsCache[type.id] { return known }
        var found = false
        for token in type.tokens(viewMode: .sourceAccurate) where vocabulary.subviewAddingCalls.contains(token.text) {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let call = reference.parent?.as(FunctionCallExprSyntax.self) ?? reference.parent?.parent?.as(FunctionCallExprSyntax.self) else { continue }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                guard member.declName.id == reference.id,
                      member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { continue }
            } else if call.calledExpression.id != reference.id {
                continue
            }
            found = true
            break
        }
        addsSubviewsCache[type.id] = found
        return found
    }

    // MARK: Views handed to UIKit

    /// `textView.inputAccessoryView = composer`: the view, each value a `?:` may give but `nil`.
    private func recordProvidedView(_ property: TokenSyntax, owner: Local, value: ExprSyntax, isOverride: Bool, spelling: String) {
        for alternative in Self.alternatives(value) where !alternative.unwrapped.is(NilLiteralExprSyntax.self) {
            let view = namedObject(alternative)?.value ?? {
                let type = TypeInference.constructedType(of: alternative, lookup: typeOfName)
                return type == .unknown ? nil : ValueRef.object(anonymousKey(alternative), type: type)
            }()
            facts.providedViews.append(PendingProvidedView(property: property.text, owner: owner.value, isOverride: isOverride, view: view,
                                                           spelling: spelling, position: file.position(of: property),
                                                           guardContext: guards.context(for: alternative)))
        }
    }

    /// `override var inputAccessoryView: UIView? { composer }`: what its getter returns.
    private func recordProvidedViewOverride(_ binding: PatternBindingSyntax, name: TokenSyntax) {
        guard let type = currentType, let accessors = binding.accessorBlock else { return }
        final class Returns: SyntaxVisitor {
            var values: [ExprSyntax] = []
            override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
                if let expression = node.expression { values.append(expression) }
                return .skipChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        var values: [ExprSyntax] = []
        switch accessors.accessors {
        case .getter(let statements):
            if let single = IdiomConditions.singleExpression(statements) {
                values = [single]
            } else {
                let finder = Returns(viewMode: .sourceAccurate)
                finder.walk(statements)
                values = finder.values
            }
        case .accessors(let list):
            for accessor in list where accessor.accessorSpecifier.tokenKind == .keyword(.get) {
                guard let body = accessor.body else { continue }
                if let single = IdiomConditions.singleExpression(body.statements) {
                    values.append(single)
                } else {
                    let finder = Returns(viewMode: .sourceAccurate)
                    finder.walk(body)
                    values += finder.values
                }
            }
        }
        let owner = Local(value: .object(.instance(type: type), type: .named(type)))
        for value in values {
            recordProvidedView(name, owner: owner, value: value, isOverride: true, spelling: "override var \(name.text)")
        }
    }

    /// `button.addGestureRecognizer(tap)`: a method that sets a property a rule reads
    /// (`gestureRecognizers`), as a setting of that property.
    private func recordMethodSetting(_ node: FunctionCallExprSyntax, property: String) {
        guard node.arguments.count == 1, node.arguments.first?.label == nil,
              let (name, receiver) = memberTarget(node.calledExpression, bareNeedsType: true) else { return }
        record(SettingFact(property: property, state: nil, spelling: "\(name.text)(_:)", value: nil, position: file.position(of: name),
                           guardContext: guards.context(for: node), site: site(of: node, receiver: receiver)),
               on: receiverObject(receiver, at: node))
    }

    /// An object passed to a call a rule names: `present(sheet, animated: true)`,
    /// `pushViewController(split, animated: true)`, `UINavigationController(rootViewController: split)`.
    private func recordArguments(_ node: FunctionCallExprSyntax, name nameToken: TokenSyntax, labels: Set<String>) {
        let name = nameToken.text
        // A local closure or function named like the call is not it.
        if node.calledExpression.unwrapped.is(DeclReferenceExprSyntax.self), !name.looksLikeTypeName, lookupLocal(name) != nil { return }
        for (offset, argument) in node.arguments.enumerated() {
            let label = argument.label?.text ?? ""
            guard labels.contains(label), label != "" || offset == 0 else { continue }
            let expression = argument.expression
            let object: Local
            var handOn = HandOn(escapes: true)
            var factory: FunctionCall?
            if let named = namedObject(expression) {
                object = named
                if let made = named.made {
                    handOn = handOns(of: made)
                    factory = made.factory.flatMap { functionCall($0) }
                    if made.factory != nil && factory == nil { handOn.escapes = true }
                } else if let (type, member) = Self.ownMember(named.value), membersMadeHere(in: type).contains(member) {
                    // `present(shareSheet, ...)` of a property this file alone makes: every setting
                    // on it, in any of the type's methods, is what the project shows of it.
                    handOn = HandOn(escapes: false)
                }
            } else if let made = made("", by: expression, at: Syntax(expression)) {
                // `present(UIActivityViewController(...))`, `present(makeSheet())`
                object = Local(value: .object(anonymousKey(expression), type: TypeInference.constructedType(of: expression, lookup: typeOfName, returned: returnedType)))
                handOn = HandOn(escapes: false)
                factory = made.factory.flatMap { functionCall($0) }
                if made.factory != nil && factory == nil { continue }
            } else {
                continue
            }
            let shown = expression.compactText.count <= 30 ? expression.compactText : "…"
            let rest = node.arguments.dropFirst(offset + 1).map { ($0.label?.text ?? "_") + ":" }.joined()
            let spelling = label.isEmpty ? "\(name)(\(shown)\(rest.isEmpty ? "" : ", " + rest))" : "\(name)(\(label): \(shown))"
            facts.arguments.append(PendingArgument(call: name, label: label.isEmpty ? nil : label, value: object.value,
                                                   escapes: handOn.escapes, factory: factory, passes: handOn.passes, pathEnd: pathEnd(of: node),
                                                   spelling: spelling, position: file.position(of: nameToken),
                                                   guardContext: guards.context(for: node)))
        }
    }

    /// The stored properties of `type` that this file makes and nothing else sets: a `let` or a
    /// `lazy var` (or a `private` one) whose initial value makes an object (`UIAlertController(...)`,
    /// a closure that makes and returns one), or a `private` property that every assignment in the
    /// file makes afresh. A controller kept in one is judged with every setting made on it in the
    /// project (`missing-popover-anchor`), not taken for one handed on.
    private func membersMadeHere(in type: String) -> Set<String> {
        if let known = madeHereCache[type] { return known }
        final class Finder: SyntaxVisitor {
            let type: String
            var declared: [String: (constructed: Bool, closed: Bool)] = [:]
            var assigned: [String: Bool] = [:]  // name -> every assignment constructs
            init(_ type: String) {
                self.type = type
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
                guard node.parent?.is(MemberBlockItemSyntax.self) == true, let owner = node.ancestor(MemberBlockSyntax.self)?.parent,
                      declaredType(owner)?.name == type else { return .visitChildren }
                let modifiers = node.modifiers.map(\.name.text)
                let closed = node.bindingSpecifier.tokenKind == .keyword(.let) || modifiers.contains("lazy") || modifiers.contains("private")
                    || modifiers.contains("fileprivate")
                for binding in node.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, binding.accessorBlock == nil else { continue }
                    var constructed = false
                    if let value = binding.initializer?.value {
                        constructed = FactCollector.constructs(value)
                        if !constructed, let call = value.unwrapped.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
                           let closure = call.calledExpression.unwrapped.as(ClosureExprSyntax.self),
                           case .named = TypeInference.returnedType(of: closure, lookup: { _ in .unknown }) {
                            constructed = true
                        }
                    }
                    declared[name] = (constructed, closed || modifiers.contains("private"))
                }
                return .visitChildren
            }
            override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
                guard node.operator.is(AssignmentExprSyntax.self) else { return .visitChildren }
                let target = node.leftOperand.unwrapped
                var name: String?
                if let reference = target.as(DeclReferenceExprSyntax.self) { name = reference.baseName.text }
                if let member = target.as(MemberAccessExprSyntax.self) { name = member.declName.baseName.text }
                if let name { assigned[name] = (assigned[name] ?? true) && FactCollector.constructs(node.rightOperand) }
                return .visitChildren
            }
        }
        let finder = Finder(type)
        finder.walk(file.tree)
        var made: Set<String> = []
        for (name, declaration) in finder.declared where declaration.closed {
            let assignments = finder.assigned[name]
            if declaration.constructed ? assignments != false : assignments == true { made.insert(name) }
        }
        madeHereCache[type] = made
        return made
    }

    private var madeHereCache: [String: Set<String>] = [:]

    /// The type and name of a property of the type whose code this is: `self.sheet`, or a bare `sheet`.
    private static func ownMember(_ value: ValueRef) -> (type: String, name: String)? {
        switch value {
        case .member(let type, let name): return (type, name)
        case .name(let name, let type?, _): return (type, name)
        default: return nil
        }
    }

    /// Where the path through `node` leaves its function before the function's end: the end of the
    /// `guard` whose `else`, or of the `if` whose body, holds it and returns (or throws).
    private func pathEnd(of node: some SyntaxProtocol) -> SourcePosition? {
        var current = Syntax(node)
        while let parent = current.parent, !parent.is(FunctionDeclSyntax.self), !parent.is(ClosureExprSyntax.self),
              !parent.is(AccessorBlockSyntax.self), !parent.is(InitializerDeclSyntax.self) {
            if let block = current.as(CodeBlockSyntax.self), Self.leavesFunction(block) {
                if let guardStatement = parent.as(GuardStmtSyntax.self), guardStatement.body.id == block.id {
                    return file.position(at: guardStatement.endPositionBeforeTrailingTrivia)
                }
                if let ifExpression = parent.as(IfExprSyntax.self), ifExpression.body.id == block.id {
                    return file.position(at: ifExpression.endPositionBeforeTrailingTrivia)
                }
            }
            current = parent
        }
        return nil
    }

    /// True when a block ends by leaving its function: `return`, `throw`, `fatalError`.
    private static func leavesFunction(_ block: CodeBlockSyntax) -> Bool {
        guard let last = block.statements.last?.item else { return false }
        if last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self) { return true }
        let expression = last.as(ExpressionStmtSyntax.self)?.expression ?? last.as(ExprSyntax.self)
        let name = expression?.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        return name == "fatalError" || name == "preconditionFailure"
    }

    /// What becomes of a local's object after it is made: whether it is handed on where no
    /// summary can tell (stored elsewhere, returned, put in a collection), and the calls it is
    /// passed to or called on, which summaries may tell of. Read once per local.
    private struct HandOn {
        var escapes: Bool
        var passes: [PendingArgument.Pass] = []
    }

    private var handOnCache: [SyntaxIdentifier: HandOn] = [:]

    private func handOns(of made: Made) -> HandOn {
        if let known = handOnCache[made.binding.id] { return known }
        let answer = readHandOns(of: made)
        handOnCache[made.binding.id] = answer
        return answer
    }

    /// `scope`: the statements it may be used in (by default, those of the block that makes it).
    /// `returning`: a `return` of it keeps it (a factory's product).
    private func readHandOns(of made: Made, in scope: CodeBlockItemListSyntax? = nil, returning: Bool = false) -> HandOn {
        guard let scope = scope ?? made.binding.ancestor(CodeBlockItemListSyntax.self) else { return HandOn(escapes: true) }
        var passes: [PendingArgument.Pass] = []
        for token in scope.tokens(viewMode: .sourceAccurate) where token.text == made.name && token.position >= made.binding.endPosition {
            // Not `other.sheet`: a member of that name is not the local.
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id else { continue }
            switch use(of: Syntax(reference)) {
            case .kept:
                continue
            case .receiver(let call):
                if let call = functionCall(call) { passes.append(PendingArgument.Pass(call: call, argument: -1)) }
            case .argument(let call, let index):
                guard let call = functionCall(call) else { return HandOn(escapes: true) }
                passes.append(PendingArgument.Pass(call: call, argument: index))
            case .returned where returning:
                continue
            case .bound(let name, let binding):
                // `if let popover = sheet.popoverPresentationController { anchor(popover) }`: what
                // becomes of the bound facet becomes of the object.
                let facet = readHandOns(of: Made(name: name, binding: binding))
                if facet.escapes { return facet }
                passes += facet.passes
            case .handedOn, .returned:
                return HandOn(escapes: true)
            }
        }
        return HandOn(escapes: false, passes: passes)
    }

    private enum Use {
        /// Read or set in the function (`sheet.title = ...`), or passed to a call a rule reads.
        case kept
        /// The receiver of a call: `sheet.anchor(to: button)`.
        case receiver(FunctionCallExprSyntax)
        /// An argument of a call (itself, or its facet): `configurePopover(sheet, from: button)`.
        case argument(FunctionCallExprSyntax, index: Int)
        /// Returned.
        case returned
        /// Stored elsewhere, put in a collection.
        case handedOn
        /// A facet of it bound to a name (`if let popover = sheet.popoverPresentationController`),
        /// whose uses are the object's.
        case bound(String, Syntax)
    }

    /// What a use of a local does with its object.
    private func use(of reference: Syntax) -> Use {
        // The use, widened through `?`, `!` and facets: `sheet.popoverPresentationController?`.
        var use = reference
        var throughFacet = false
        while let parent = use.parent {
            if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                use = parent
            } else if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == use.id,
                      vocabulary.facets.contains(member.declName.baseName.text) {
                use = parent
                throughFacet = true
            } else {
                break
            }
        }
        guard let parent = use.parent else { return .handedOn }
        if let member = parent.as(MemberAccessExprSyntax.self) {
            guard member.base?.id == use.id else { return .handedOn }
            if let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id, !throughFacet {
                return .receiver(call)
            }
            return .kept
        }
        if let infix = parent.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) {
            return infix.leftOperand.id == use.id ? .kept : .handedOn
        }
        if throughFacet, let clause = parent.as(InitializerClauseSyntax.self) {
            if let binding = clause.parent?.as(OptionalBindingConditionSyntax.self),
               let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                return .bound(name, Syntax(binding))
            }
            if let binding = clause.parent?.as(PatternBindingSyntax.self), let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                return .bound(name, Syntax(binding))
            }
            return .kept
        }
        if !throughFacet, parent.is(ReturnStmtSyntax.self) { return .returned }
        if let argument = parent.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self),
           let call = list.parent?.as(FunctionCallExprSyntax.self), let callee = call.calleeName {
            if vocabulary.argumentCalls[callee.text] != nil { return .kept }
            return .argument(call, index: list.firstIndex { $0.id == argument.id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0)
        }
        return .handedOn
    }

    /// `UIFont.systemFont(ofSize: 17)`, `UIFont(name: "Avenir", size: 15)`, `.system(size: 13)`: a font
    /// of a size written as a number, or chosen between numbers (`.system(size: expanded ? 52 : 36)`).
    private func recordFontSize(_ node: FunctionCallExprSyntax, name nameToken: TokenSyntax, labels: Set<String>) {
        for argument in node.arguments {
            guard labels.contains(argument.label?.text ?? ""), let sizes = Self.numberChoices(argument.expression)?.filter({ $0 > 0 }),
                  !sizes.isEmpty else { continue }
            let argumentLabels = node.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
            facts.fontSizes.append(FontSizeFact(sizes: sizes, spelling: "\(nameToken.text)(\(argumentLabels))",
                                                purposeNames: Self.purposeNames(of: Syntax(node)), outputNames: paperNames(around: node),
                                                enclosingTypes: typeStack.filter { !$0.isEmpty },
                                                position: file.position(of: nameToken), guardContext: guards.context(for: node)))
            return
        }
    }

    /// The numbers an expression is: `17`, or each branch of `expanded ? 52 : 36` (nested too); nil
    /// when some branch is not a number.
    private static func numberChoices(_ expression: ExprSyntax) -> [Double]? {
        if let number = expression.numberLiteral { return [number] }
        guard let ternary = expression.unwrapped.as(TernaryExprSyntax.self),
              let then = numberChoices(ternary.thenExpression), let other = numberChoices(ternary.elseExpression) else { return nil }
        return then + other
    }

    /// The names of printing or PDF output (the vocabulary's `paperNames`) that the functions around
    /// `node` name anywhere in their declaration (`UIGraphicsPDFRenderer(bounds:)`, a parameter of
    /// type `UIGraphicsPDFRendererContext`), or that a type around it inherits from
    /// (`UIPrintPageRenderer`). Each declaration is read once.
    private func paperNames(around node: some SyntaxProtocol) -> [String] {
        guard !vocabulary.paperNames.isEmpty else { return [] }
        var names: [String] = []
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(FunctionDeclSyntax.self) || ancestor.is(InitializerDeclSyntax.self) || ancestor.is(AccessorBlockSyntax.self) {
                names += paperNames(in: ancestor)
            } else if let type = ancestor.asProtocol(DeclGroupSyntax.self) {
                names += (type.inheritanceClause?.inheritedTypes ?? []).compactMap(\.type.simpleName).filter(vocabulary.paperNames.contains)
            }
            current = ancestor.parent
        }
        return names
    }

    private var paperNamesCache: [SyntaxIdentifier: [String]] = [:]

    /// True when the file's bytes hold a printing or PDF name: only then are its functions read for one.
    private lazy var fileNamesPaper: Bool = {
        guard !vocabulary.paperNames.isEmpty else { return false }
        return BytePatterns(vocabulary.paperNames.sorted()).occur(in: file.source.utf8, from: 0, to: file.source.utf8.count)
    }()

    /// A function (or initializer) that prints or draws a PDF: the app's types it makes or names
    /// (`PrintVisitor(context:)`, `let page: PageLayout`) draw on paper for it, wherever they are
    /// declared (`ProjectIndex.paperTypes`).
    private func recordPaperTypes(_ declaration: Syntax) {
        guard fileNamesPaper, let output = paperNames(in: declaration).first else { return }
        for name in Self.typeNames(in: declaration) where !vocabulary.paperNames.contains(name) && paperTypes[name] == nil {
            paperTypes[name] = output
        }
    }

    /// The types a declaration makes or names: type annotations, initializer calls (`Visitor(...)`,
    /// `Visitor.init(...)`) and static members (`Visitor.shared`).
    private static func typeNames(in declaration: Syntax) -> [String] {
        final class Finder: SyntaxVisitor {
            var names: [String] = []
            override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
                names.append(node.name.text)
                return .visitChildren
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                let name = node.baseName.text
                if name.looksLikeTypeName, name != "Self" { names.append(name) }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(declaration)
        var seen: Set<String> = []
        return finder.names.filter { seen.insert($0).inserted }
    }

    private func paperNames(in declaration: Syntax) -> [String] {
        if let cached = paperNamesCache[declaration.id] { return cached }
        var found: [String] = []
        for token in declaration.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind, vocabulary.paperNames.contains(text), !found.contains(text) else { continue }
            found.append(text)
        }
        paperNamesCache[declaration.id] = found
        return found
    }

    // MARK: Names a rule looks for

    /// `UIScreen.main.bounds.width`: a name a rule looks for, with the members that follow it.
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // A bare `subviews` in a type: its own subviews (a subclass of a control reaching into them).
        if vocabulary.subviewPropertyLengths.contains(node.baseName.trimmedLength.utf8Length), currentType != nil,
           vocabulary.subviewProperties.contains(node.baseName.text), lookupLocal(node.baseName.text) == nil,
           node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id {
            recordSubviews(Syntax(node), name: node.baseName, receiver: nil)
        }
        // Most names are of another length: no text is made for them.
        guard vocabulary.referenceRootLengths.contains(node.baseName.trimmedLength.utf8Length) else { return .visitChildren }
        let name = node.baseName.text
        guard vocabulary.referenceRoots.contains(name) else { return .visitChildren }
        // A member name (`x._setAllows...`) starts at its member access; a plain name at itself.
        var chain = Syntax(node)
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id { chain = Syntax(member) }
        var names = [name]
        while let parent = chain.parent {
            if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                chain = parent
            } else if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == chain.id {
                names.append(member.declName.baseName.text)
                chain = parent
            } else {
                break
            }
        }
        facts.references.append(ReferenceFact(names: names, inString: false, comparedWith: comparedNames(chain), spelling: names.joined(separator: "."),
                                              position: file.position(of: node.baseName), guardContext: guards.context(for: node)))
        return .visitChildren
    }

    /// When the value of `node` is only compared, also through arithmetic and a local that holds the
    /// result (`let dockMinY = UIScreen.main.bounds.height - endFrame.height`, then
    /// `endFrame.minY < dockMinY`): the vocabulary's `sameSpaceNames` that the other values come from,
    /// themselves or through the value a local among them was bound to. Empty when it is used otherwise.
    private func comparedNames(_ node: Syntax) -> [String] {
        guard !vocabulary.sameSpaceNames.isEmpty else { return [] }
        var names: [String] = []
        let (use, comparedAt) = comparison(around: node, otherNames: &names)
        if comparedAt == nil {
            // A local holding the result, each of whose uses is compared, lays nothing out either;
            // its uses are read only when the result already mixes in such a value.
            guard !sameSpaceNames(names).isEmpty,
                  let binding = use.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
                  let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let scope = binding.ancestor(CodeBlockItemListSyntax.self) else { return [] }
            var used = false
            for token in scope.tokens(viewMode: .sourceAccurate) where token.text == name && token.position >= binding.endPosition {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                      reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id else { continue }
                guard comparison(around: Syntax(reference), otherNames: &names).comparedAt != nil else { return [] }
                used = true
            }
            guard used else { return [] }
        }
        return sameSpaceNames(names)
    }

    /// The parentheses around `node` (a tuple of one element without a label), if any.
    private static func parentheses(around node: Syntax) -> Syntax? {
        guard let element = node.parent?.as(LabeledExprSyntax.self), element.label == nil,
              let tuple = element.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 else { return nil }
        return Syntax(tuple)
    }

    /// The vocabulary's `sameSpaceNames` among `names` and the values the locals among them were bound to.
    private func sameSpaceNames(_ names: [String]) -> [String] {
        var found: [String] = []
        func look(_ name: String) {
            if vocabulary.sameSpaceNames.contains(name), !found.contains(name) { found.append(name) }
        }
        for name in names {
            look(name)
            if let bound = lookupLocal(name)?.boundFrom { IdiomConditions.identifiers(in: bound).forEach(look) }
        }
        return found
    }

    /// The comparison a value takes part in, through parentheses and arithmetic: the widest
    /// expression around `node` that is still the value, the comparison when there is one, and in
    /// `otherNames` the names of the values it is combined and compared with.
    private func comparison(around node: Syntax, otherNames: inout [String]) -> (use: Syntax, comparedAt: InfixOperatorExprSyntax?) {
        var use = node
        while let parent = use.parent {
            if let tuple = Self.parentheses(around: use) {
                use = tuple
                continue
            }
            if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                use = parent
                continue
            }
            guard let infix = parent.as(InfixOperatorExprSyntax.self),
                  let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else { break }
            let other = infix.leftOperand.id == use.id ? infix.rightOperand : infix.leftOperand
            if ["+", "-", "*", "/"].contains(op) {
                otherNames += IdiomConditions.identifiers(in: other)
                use = parent
            } else if ["==", "!=", "<", "<=", ">", ">="].contains(op) {
                otherNames += IdiomConditions.identifiers(in: other)
                return (use, infix)
            } else {
                break
            }
        }
        return (use, nil)
    }

    /// `"_setAllowsUnsupportedMacIdiomBehavior:"`: a string that is exactly a name a rule looks for in
    /// strings (a selector, with or without its colon, or a key).
    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard !vocabulary.referenceStrings.isEmpty, node.segments.count == 1,
              let text = node.segments.first?.as(StringSegmentSyntax.self)?.content.text else { return .visitChildren }
        let name = text.hasSuffix(":") ? String(text.dropLast()) : text
        guard vocabulary.referenceStrings.contains(name) else { return .visitChildren }
        facts.references.append(ReferenceFact(names: [name], inString: true, spelling: "\"\(text)\"", position: file.position(of: node),
                                              guardContext: guards.context(for: node)))
        return .visitChildren
    }

    /// `UIStepper()`, `UIStepper.init(frame:)`, and `.init()` where the type is known from context.
    private func recordCreation(_ node: FunctionCallExprSyntax) {
        let callee = node.calledExpression.unwrapped
        var type = TypeRef.unknown
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name.looksLikeTypeName, lookupLocal(name) == nil { type = .named(name) }
        } else if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" {
            if let base = member.base {
                if let name = base.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text, name.looksLikeTypeName { type = .named(name) }
            } else {
                type = contextualType(of: node)
            }
        }
        guard type != .unknown else { return }
        var site = site(of: node, receiver: nil)
        var assignment: PendingAssignment?
        if site?.wrappable == true, let item = node.ancestor(CodeBlockItemSyntax.self),
           let infix = item.item.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) {
            let known = lastConstructingAssignment.flatMap { $0.assignment == infix.id ? $0.target : nil }
            if let target = known ?? namedObject(infix.leftOperand), assignsSafely(infix.leftOperand, target, after: item) {
                if case .object = target.value {} else { assignment = PendingAssignment(target: target.value, inInitializer: Self.isInInitializer(item)) }
            } else {
                site?.wrappable = false
            }
        }
        facts.creations.append(PendingCreation(type: type, position: file.position(of: node), guardContext: guards.context(for: node),
                                               site: site, assignment: assignment))
    }

    // MARK: What skipping an assignment does

    /// The last assignment of a new object (`x = UIRefreshControl()`) and what it assigns, read once
    /// for the assignment's settings and again for its creation.
    private var lastConstructingAssignment: (assignment: SyntaxIdentifier, target: Local?)?

    /// Whether the code after `item`, a statement that assigns `target`, still compiles and works when
    /// the statement is skipped (wrapped in an `if`), as far as this file tells: not when it assigns a
    /// local declared without a value that is a constant or not optional (it would be read unset),
    /// or an implicitly unwrapped one, nor when the function force-unwraps the same thing after it
    /// (`refreshControl!.frame`). A property's declaration, maybe in another file, is `Resolution`'s.
    private func assignsSafely(_ expression: ExprSyntax, _ target: Local, after item: CodeBlockItemSyntax) -> Bool {
        if let binding = target.declaredBy, let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self) {
            let type = binding.typeAnnotation?.type
            if type?.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true { return false }
            if binding.initializer == nil,
               declaration.bindingSpecifier.tokenKind == .keyword(.let) || type.map({ !$0.is(OptionalTypeSyntax.self) }) ?? true { return false }
        }
        guard let function = Self.enclosingFunction(of: item),
              let last = expression.unwrapped.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text,
              unwrappedNames(in: function)[last, default: 0] > item.endPosition.utf8Offset else { return true }
        let text = Self.withoutSelf(expression.compactText)
        return !forceUnwraps(in: function).contains { $0.text == text && $0.position >= item.endPosition }
    }

    /// The names a function's text force-unwraps (`refreshControl` in `x.refreshControl!.frame`),
    /// each with the offset of its last such `!`: a cheap look at the bytes before the syntax is read.
    private func unwrappedNames(in function: Syntax) -> [String: Int] {
        if let cached = unwrappedNameCache[function.id] { return cached }
        let bytes = file.source.utf8
        var names: [String: Int] = [:]
        let start = function.position.utf8Offset
        let end = min(function.endPosition.utf8Offset, bytes.count)
        func isName(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "_") || byte >= 0x80 || (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x30 && byte <= 0x39 }
        var index = start
        while index < end {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "!"), index > start, isName(bytes[index - 1]),
                  index + 1 >= end || bytes[index + 1] != UInt8(ascii: "=") else { continue }
            var first = index - 1
            while first > start, isName(bytes[first - 1]) { first -= 1 }
            names[String(decoding: bytes[first..<index], as: UTF8.self)] = index
        }
        unwrappedNameCache[function.id] = names
        return names
    }

    private var unwrappedNameCache: [SyntaxIdentifier: [String: Int]] = [:]

    /// The nearest function, initializer or accessor around a node (not a closure: it runs in the
    /// function that holds it, with the same names).
    private static func enclosingFunction(of node: some SyntaxProtocol) -> Syntax? {
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(FunctionDeclSyntax.self) || ancestor.is(InitializerDeclSyntax.self) || ancestor.is(AccessorBlockSyntax.self) { return ancestor }
            current = ancestor.parent
        }
        return nil
    }

    /// True when a statement runs in an initializer itself, not in a closure inside one.
    private static func isInInitializer(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(InitializerDeclSyntax.self) { return true }
            if ancestor.is(ClosureExprSyntax.self) || ancestor.is(FunctionDeclSyntax.self) || ancestor.is(AccessorBlockSyntax.self) { return false }
            current = ancestor.parent
        }
        return false
    }

    private static func withoutSelf(_ text: String) -> String {
        text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
    }

    /// What a function force-unwraps (`collectionView.refreshControl!`, `self.refresher!`, without
    /// `self.`), and where; read once per function.
    private func forceUnwraps(in function: Syntax) -> [(text: String, position: AbsolutePosition)] {
        if let cached = forceUnwrapCache[function.id] { return cached }
        final class Finder: SyntaxVisitor {
            var found: [(text: String, position: AbsolutePosition)] = []
            override func visit(_ node: ForceUnwrapExprSyntax) -> SyntaxVisitorContinueKind {
                found.append((FactCollector.withoutSelf(node.expression.compactText), node.position))
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(function)
        forceUnwrapCache[function.id] = finder.found
        return finder.found
    }

    private var forceUnwrapCache: [SyntaxIdentifier: [(text: String, position: AbsolutePosition)]] = [:]

    /// A call a rule names: a SwiftUI view (`Stepper(...)`) or a modifier (`.refreshable { }`,
    /// `.tabViewStyle(.page)`), with the names in its arguments.
    private func recordCall(_ node: FunctionCallExprSyntax, name nameToken: TokenSyntax) {
        let name = nameToken.text
        let isModifier = node.isMemberCall
        // A call of a local closure named like a SwiftUI view is not the view.
        guard isModifier || lookupLocal(name) == nil else { return }
        let arguments = node.arguments.flatMap { IdiomConditions.identifiers(in: $0.expression) }
        let argumentText = node.arguments.trimmedDescription
        let shown = argumentText.count <= 40 && !argumentText.utf8.contains(UInt8(ascii: "\n")) ? argumentText : "…"
        var spelling = (isModifier ? "." : "") + name
        if node.leftParen != nil || !isModifier { spelling += "(\(shown))" }
        facts.calls.append(CallFact(name: name, argumentNames: arguments, spelling: spelling, position: file.position(of: nameToken),
                                    guardContext: guards.context(for: node)))
    }

    /// The type an implicit `.init(...)` makes: from the annotation of the variable it initializes,
    /// the property it is assigned to, or the declared return type.
    private func contextualType(of node: FunctionCallExprSyntax) -> TypeRef {
        if let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            return binding.typeAnnotation?.type.simpleName.map(TypeRef.named) ?? .unknown
        }
        if let assignment = node.parent?.as(InfixOperatorExprSyntax.self), assignment.operator.is(AssignmentExprSyntax.self),
           assignment.rightOperand.id == node.id {
            return namedObject(assignment.leftOperand)?.value.type ?? .unknown
        }
        if node.parent?.is(ReturnStmtSyntax.self) == true, let function = node.ancestor(FunctionDeclSyntax.self) {
            return function.signature.returnClause?.type.simpleName.map(TypeRef.named) ?? .unknown
        }
        return .unknown
    }

    /// The member an expression names and its receiver: `receiver.member`, or a bare `member` said of
    /// `self` (a name that is not a local; with `bareNeedsType`, only inside a type declaration).
    private func memberTarget(_ expression: ExprSyntax, bareNeedsType: Bool) -> (name: TokenSyntax, receiver: ExprSyntax?)? {
        let expression = expression.unwrapped
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return (member.declName.baseName, base)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self), lookupLocal(reference.baseName.text) == nil,
           !bareNeedsType || currentType != nil {
            return (reference.baseName, nil)
        }
        return nil
    }

    /// `receiver.setTitle(_:for:)` and every other `setX(_:for:)`: the property `x` for a state.
    private func recordStateSetter(_ node: FunctionCallExprSyntax) {
        let arguments = Array(node.arguments)
        guard arguments.count == 2, arguments[0].label == nil, arguments[1].label?.text == "for" else { return }
        guard let (name, receiver) = memberTarget(node.calledExpression, bareNeedsType: false),
              name.text.hasPrefix("set"), name.text.count > 3 else { return }
        let property = String(name.text.dropFirst(3)).lowercasingFirst
        guard vocabulary.settingProperties.contains(property) else { return }
        let setting = SettingFact(
            property: property,
            state: Self.controlState(arguments[1].expression),
            spelling: "\(name.text)(_:for:)",
            value: nil,
            position: file.position(of: name),
            guardContext: guards.context(for: node),
            site: site(of: node, receiver: receiver))
        record(setting, on: receiverObject(receiver, at: node))
    }

    /// The control state an expression spells: `.highlighted`, `UIControl.State.selected`,
    /// `[.selected, .highlighted]`, `[]`, `UIControl.State()`.
    static func controlState(_ expression: ExprSyntax) -> ControlStateValue {
        let expression = expression.unwrapped
        if let member = expression.as(MemberAccessExprSyntax.self) {
            if let base = member.base, !base.trimmedDescription.hasSuffix("State") {
                return .unknown(expression.compactText)
            }
            return .named([member.declName.baseName.text])
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            var names: [String] = []
            for element in array.elements {
                guard let name = element.expression.memberName else { return .unknown(expression.compactText) }
                names.append(name)
            }
            return .named(names)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty {
            let callee = call.calledExpression.trimmedDescription
            if callee.hasSuffix("State") || callee.hasSuffix("State.init") || callee == ".init" { return .named([]) }
        }
        return .unknown(expression.compactText)
    }

    /// `CGRect(x:y:width:height:)`, `CGSize(width:height:)`, `widthAnchor.constraint(equalToConstant:)`,
    /// `NSLayoutConstraint(item:attribute:...constant:)`.
    private func recordSize(_ node: FunctionCallExprSyntax) {
        let callee = node.calledExpression.unwrapped
        let calleeName = callee.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        let arguments = Array(node.arguments)
        func literal(_ label: String) -> (value: Double, argument: LabeledExprSyntax)? {
            guard let argument = arguments.first(where: { $0.label?.text == label }),
                  let value = argument.expression.numberLiteral else { return nil }
            return (value, argument)
        }
        var typeName = calleeName
        if calleeName == "init" {
            if let base = callee.as(MemberAccessExprSyntax.self)?.base {
                typeName = base.trimmedDescription
            } else if case .named(let contextual) = contextualType(of: node) {
                typeName = contextual
            } else {
                typeName = nil
            }
        }
        if typeName == "CGRect" || typeName == "CGSize" {
            let width = literal("width")?.value
            let height = literal("height")?.value
            guard width != nil || height != nil else { return }
            let labels = arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
            addSize(width: width, height: height, spelling: "\(typeName!)(\(labels))", at: node)
        } else if let calleeName, calleeName.hasPrefix("constraint"), calleeName.count > "constraint".count || arguments.count == 1,
                  let member = callee.as(MemberAccessExprSyntax.self), let anchor = member.base?.memberName ?? member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text,
                  let argument = arguments.first, argument.label?.text.hasSuffix("ToConstant") == true,
                  let value = argument.expression.numberLiteral {
            let spelling = "\(anchor).\(calleeName)(\(argument.label!.text):)"
            if anchor.hasPrefix("width") {
                addSize(width: value, height: nil, spelling: spelling, at: argument.expression)
            } else if anchor.hasPrefix("height") {
                addSize(width: nil, height: value, spelling: spelling, at: argument.expression)
            }
        } else if calleeName == "NSLayoutConstraint", let constant = literal("constant"),
                  let attribute = arguments.first(where: { $0.label?.text == "attribute" })?.expression.memberName {
            if attribute == "width" {
                addSize(width: constant.value, height: nil, spelling: "NSLayoutConstraint(attribute: .width, constant:)", at: constant.argument.expression)
            } else if attribute == "height" {
                addSize(width: nil, height: constant.value, spelling: "NSLayoutConstraint(attribute: .height, constant:)", at: constant.argument.expression)
            }
        }
    }

    private func addSize(width: Double?, height: Double?, spelling: String, at node: some SyntaxProtocol) {
        facts.sizes.append(SizeFact(width: width, height: height, spelling: spelling, purposeNames: Self.purposeNames(of: Syntax(node)),
                                    position: file.position(of: node), guardContext: guards.context(for: node)))
    }

    /// What the code around a size names it for, up to its statement: the calls it is an argument
    /// of and their labels, the property it is assigned to, the variable it initializes.
    static func purposeNames(of node: Syntax) -> [String] {
        var names: [String] = []
        var child = node
        while let parent = child.parent, !parent.is(CodeBlockItemSyntax.self), !parent.is(MemberBlockItemSyntax.self),
              !parent.is(ClosureExprSyntax.self) {
            if let argument = parent.as(LabeledExprSyntax.self), let label = argument.label {
                names.append(label.text)
            } else if let call = parent.as(FunctionCallExprSyntax.self), child.id != call.calledExpression.id {
                names += IdiomConditions.identifiers(in: call.calledExpression)
            } else if let infix = parent.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self),
                      child.id == infix.rightOperand.id {
                names += IdiomConditions.identifiers(in: infix.leftOperand)
            } else if let binding = parent.as(PatternBindingSyntax.self) {
                names += IdiomConditions.identifiers(in: binding.pattern)
            }
            child = parent
        }
        return names
    }

    // MARK: Assignments and comparisons

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if node.operator.is(AssignmentExprSyntax.self) {
            recordAssignment(node)
        } else {
            recordDimensionComparison(node)
        }
        return .visitChildren
    }

    /// `receiver.property = value` and, inside a type, `property = value` said of `self`.
    private func recordAssignment(_ node: InfixOperatorExprSyntax) {
        guard let (name, receiver) = memberTarget(node.leftOperand, bareNeedsType: true) else { return }
        let property = name.text
        if property == "constant" || property == "width" || property == "height", let value = node.rightOperand.numberLiteral {
            let spelling = receiver.map { "\($0.compactText).\(property)" } ?? property
            addSize(width: property == "height" ? nil : value, height: property == "height" ? value : nil, spelling: spelling, at: node.rightOperand)
        }
        if property == "preferredBehavioralStyle" {
            if let style = node.rightOperand.memberName { recordStyle(style, on: receiverObject(receiver, at: node)) }
            return
        }
        if Self.constructs(node.rightOperand) {
            let object = namedObject(node.leftOperand)
            lastConstructingAssignment = (node.id, object)
            if let object { recordInitializerSettings(node.rightOperand, on: object) }
        }
        if vocabulary.providedViewProperties.contains(property) {
            recordProvidedView(name, owner: receiverObject(receiver, at: node), value: node.rightOperand, isOverride: false, spelling: property)
        }
        // Only what some rule reads is kept: most assignments are of nothing a rule looks at.
        guard vocabulary.settingProperties.contains(property) else { return }
        let object = receiverObject(receiver, at: node)
        for value in Self.alternatives(node.rightOperand) {
            var setting = SettingFact(property: property, state: nil, spelling: property, value: nil,
                                      position: file.position(of: name), guardContext: guards.context(for: value), site: site(of: node, receiver: receiver))
            (setting.value, setting.valueIsName) = Self.settingValue(value)
            record(setting, on: object)
        }
    }

    /// The name a value is given by: `actionSheet` in `.actionSheet`, and a helper's name in
    /// `.safeActionSheet`, `Self.sheetStyle` or `Self.sheetStyle()` (resolution reads what it gives).
    private static func valueName(_ value: ExprSyntax) -> String? {
        if let name = value.memberName { return name }
        guard let call = value.unwrapped.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
              let member = call.calledExpression.unwrapped.as(MemberAccessExprSyntax.self) else { return nil }
        return member.declName.baseName.text
    }

    /// A setting's value as `SettingFact` keeps it: a member's name (`valueName`), or the name of a
    /// variable that may keep a decision on the idiom (`preferredStyle: presentationStyle`, read by
    /// resolution: `valueIsName`).
    private static func settingValue(_ value: ExprSyntax) -> (value: String?, isName: Bool) {
        if let name = valueName(value) { return (name, false) }
        if let reference = value.unwrapped.as(DeclReferenceExprSyntax.self), case .identifier(let name) = reference.baseName.tokenKind {
            return (name, true)
        }
        return (nil, false)
    }

    /// The values an expression may take, each where it is taken: `isPad ? .alert : .actionSheet` is
    /// `.alert` where `isPad` holds and `.actionSheet` where it does not.
    private static func alternatives(_ value: ExprSyntax) -> [ExprSyntax] {
        guard let ternary = value.unwrapped.as(TernaryExprSyntax.self) else { return [value] }
        return alternatives(ternary.thenExpression) + alternatives(ternary.elseExpression)
    }

    // MARK: Decisions on the idiom

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        if keepsFacts, let decision = decisions.decision(node) { facts.decisions.append(decision) }
        return .visitChildren
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        if keepsFacts, let decision = decisions.decision(node) { facts.decisions.append(decision) }
        return .visitChildren
    }

    override func visit(_ node: TernaryExprSyntax) -> SyntaxVisitorContinueKind {
        if keepsFacts, let decision = decisions.decision(node) { facts.decisions.append(decision) }
        return .visitChildren
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        if keepsFacts, let decision = decisions.decision(node) { facts.decisions.append(decision) }
        recordDimensionCases(node)
        return .visitChildren
    }

    // MARK: Screen sizes compared

    /// `UIScreen.main.bounds.height == 812`, `screenWidth >= 768`: a number compared with a width or height.
    private func recordDimensionComparison(_ node: InfixOperatorExprSyntax) {
        guard let op = node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
              ["==", "!=", "<", "<=", ">", ">="].contains(op) else { return }
        for (number, subject) in [(node.rightOperand, node.leftOperand), (node.leftOperand, node.rightOperand)] {
            guard let value = number.numberLiteral, subject.numberLiteral == nil else { continue }
            guard vocabulary.dimensionValues.contains(value) else { return }
            let subjectNames = IdiomConditions.identifiers(in: subject)
            facts.dimensionComparisons.append(DimensionComparisonFact(
                value: value, isEquality: op == "==" || op == "!=", subjectNames: subjectNames,
                spelling: IdiomDecisionReader.shortened(node.compactText), position: file.position(of: number),
                guardContext: guards.context(for: node), pairedValue: op == "==" ? Self.pairedValue(of: node, subject: subjectNames) : nil))
            return
        }
    }

    /// `dim.width == 1440 && dim.height == 1080`: for one of the two equalities, the number the other
    /// compares the other dimension of the same thing with.
    private static func pairedValue(of node: InfixOperatorExprSyntax, subject: [String]) -> Double? {
        guard let dimension = subject.last, dimension == "width" || dimension == "height" else { return nil }
        let other = dimension == "width" ? "height" : "width"
        let owner = Array(subject.dropLast())
        // The whole `&&` chain the comparison is in.
        var top = Syntax(node)
        var current = Syntax(node)
        while let parent = current.parent {
            if let infix = parent.as(InfixOperatorExprSyntax.self), infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" {
                top = parent
            } else if !(parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self) || parent.is(TupleExprSyntax.self)) {
                break
            }
            current = parent
        }
        var parts: [InfixOperatorExprSyntax] = []
        func collect(_ expression: ExprSyntax) {
            guard let infix = expression.unwrapped.as(InfixOperatorExprSyntax.self) else { return }
            if infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" {
                collect(infix.leftOperand)
                collect(infix.rightOperand)
            } else {
                parts.append(infix)
            }
        }
        guard let chain = top.as(ExprSyntax.self), top.id != Syntax(node).id else { return nil }
        collect(chain)
        for part in parts where part.id != node.id && part.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "==" {
            for (number, side) in [(part.rightOperand, part.leftOperand), (part.leftOperand, part.rightOperand)] {
                guard let value = number.numberLiteral else { continue }
                let names = IdiomConditions.identifiers(in: side)
                if names.last == other, Array(names.dropLast()) == owner { return value }
            }
        }
        return nil
    }

    /// `switch UIScreen.main.bounds.width { case 414: ... }`: each number a case compares with.
    private func recordDimensionCases(_ node: SwitchExprSyntax) {
        let subjectNames = IdiomConditions.identifiers(in: node.subject)
        guard !subjectNames.isEmpty else { return }
        for element in node.cases {
            guard case .switchCase(let switchCase) = element, case .case(let label) = switchCase.label else { continue }
            for item in label.caseItems {
                guard let expression = item.pattern.as(ExpressionPatternSyntax.self)?.expression else { continue }
                var numbers: [ExprSyntax] = []
                if expression.numberLiteral != nil {
                    numbers = [expression]
                } else if let range = expression.as(InfixOperatorExprSyntax.self) {
                    numbers = [range.leftOperand, range.rightOperand].filter { $0.numberLiteral != nil }
                }
                for number in numbers where vocabulary.dimensionValues.contains(number.numberLiteral!) {
                    facts.dimensionComparisons.append(DimensionComparisonFact(
                        value: number.numberLiteral!, isEquality: numbers.count == 1 && expression.numberLiteral != nil,
                        subjectNames: subjectNames, spelling: "switch \(node.subject.compactText) ... case \(expression.compactText)",
                        position: file.position(of: number), guardContext: guards.context(for: switchCase)))
                }
            }
        }
    }
}
