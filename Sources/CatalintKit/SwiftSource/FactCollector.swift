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
        /// The binding that makes the object, when it is a `let` or `var` whose value is made right
        /// there (`let sheet = UIAlertController(...)`): only such an object is known whole in a
        /// function, unless it is handed on.
        var madeBy: PatternBindingSyntax? = nil
        /// The value a local is bound to (`let endFrame = notification.userInfo?[...] as? CGRect`).
        var boundFrom: ExprSyntax? = nil
        /// The declaration of a local `let` or `var`.
        var declaredBy: PatternBindingSyntax? = nil
    }

    private struct Scope {
        var locals: [String: Local] = [:]
        /// Inside a closure that initializes a variable: the name it returns stands for that variable.
        var returnedAlias: (name: String, local: Local)?
    }

    private var scopes: [Scope] = [Scope()]
    private var typeStack: [String] = []
    /// The closures that initialize a variable, with the name they return and the variable.
    private var closureAliases: [SyntaxIdentifier: (name: String, local: Local)] = [:]

    init(file: SwiftSourceFile, vocabulary: LoweringVocabulary, swiftVersion: SwiftVersion, deadline: Deadline) {
        self.file = file
        self.vocabulary = vocabulary
        self.conditions = IdiomConditions(path: file.path)
        self.guards = GuardResolver(tree: file.tree, bytes: file.source.utf8, conditions: IdiomConditions(path: file.path, keepsNames: false), swiftVersion: swiftVersion,
                                    checks: vocabulary.checks, deadline: deadline)
        self.decisions = IdiomDecisionReader(file: file, conditions: conditions, guards: guards, vocabulary: vocabulary)
        super.init(deadline: deadline)
    }

    static func facts(for file: SwiftSourceFile, vocabulary: LoweringVocabulary, swiftVersion: SwiftVersion = .newest,
                      deadline: Deadline = .none) -> FileFacts {
        let collector = FactCollector(file: file, vocabulary: vocabulary, swiftVersion: swiftVersion, deadline: deadline)
        collector.walk(file.tree)
        collector.facts.requirements = collector.guards.requirements
        return collector.facts
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
        func type(at index: Int, annotation: TypeSyntax?) -> TypeRef {
            if let name = annotation?.simpleName { return .named(name) }
            if let contextual, index < contextual.count, let name = contextual[index] { return .named(name) }
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
            for index in 0..<(contextual?.count ?? 0) {
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

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(Scope())
        declareParameters(node.signature.parameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
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
                local = Local(value: .object(anonymousKey(binding), type: TypeInference.bindingType(binding, lookup: typeOfName)),
                              madeBy: binding.initializer.flatMap { Self.constructs($0.value) ? binding : nil })
            }
            if !isMember, !isGlobal {
                local.boundFrom = binding.initializer?.value
                local.declaredBy = binding
                declare(name, local)
            }
            if let value = binding.initializer?.value { recordInitializerSettings(value, on: local) }
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
        var local = namedObject(value) ?? Local(value: .object(anonymousKey(node), type: TypeInference.constructedType(of: value, lookup: typeOfName)))
        if let annotated = node.typeAnnotation?.type.simpleName { local.value = local.value.cast(to: .named(annotated)) }
        local.boundFrom = node.initializer?.value
        declare(name, local)
        return .visitChildren
    }

    /// True when an expression makes a new object of a named type: `UIAlertController(...)`,
    /// `UIActivityViewController.init(...)`.
    private static func constructs(_ expression: ExprSyntax) -> Bool {
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
                record(SettingFact(property: label.text, state: nil, spelling: "\(label.text):", value: value.memberName,
                                   position: file.position(of: label), guardContext: guards.context(for: value)),
                       on: object)
            }
        }
    }

    private func typeOfName(_ name: String) -> TypeRef {
        resolveName(name, scope: nil)?.value.type ?? .unknown
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
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            if reference.baseName.tokenKind == .keyword(.self) { return selfObject(reference) }
            return resolveName(reference.baseName.text, scope: scope(of: reference))
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            // `sheet.popoverPresentationController`: settings made through it are the sheet's.
            if vocabulary.facets.contains(name), let owner = namedObject(base) { return owner }
            if base.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                guard let type = currentType else { return nil }
                return Local(value: .member(type: type, name: name))
            }
            if let baseName = base.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text, baseName.looksLikeTypeName,
               lookupLocal(baseName) == nil {
                return nil  // `UIColor.red`: a static member, not an object we track
            }
            // An object we cannot type: the same text in the same block is the same object.
            let untyped = ObjectID.expression(path: file.path, scope: scope(of: member), text: expression.compactText)
            guard let owner = namedObject(base) else { return Local(value: .object(untyped, type: .unknown)) }
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
        return Local(value: .object(anonymousKey(receiver), type: TypeInference.constructedType(of: receiver, lookup: typeOfName)))
    }

    private func record(_ setting: SettingFact, on object: Local) {
        facts.objects.append(PendingObject(value: object.value, settings: [setting]))
    }

    private func recordStyle(_ style: String, on object: Local) {
        facts.objects.append(PendingObject(value: object.value, style: style))
    }

    // MARK: Edit sites

    /// The statement around a fact, for fixes: where it starts and ends, its line's indentation, and
    /// how the source names the receiver. Nil outside a statement (a property's initial value).
    private func site(of node: some SyntaxProtocol, receiver: ExprSyntax?) -> EditSite? {
        guard let item = node.ancestor(CodeBlockItemSyntax.self) else { return nil }
        let start = file.position(of: item)
        let bytes = file.source.utf8
        var indent = file.source.lineStart(start.line)
        let lineStart = indent
        while indent < bytes.count, bytes[indent] == UInt8(ascii: " ") || bytes[indent] == UInt8(ascii: "\t") { indent += 1 }
        let receiverText = receiver.map { $0.trimmedDescription } ?? ""
        return EditSite(statementStart: start, statementEnd: file.position(at: item.endPositionBeforeTrailingTrivia),
                        indentation: String(decoding: bytes[lineStart..<indent], as: UTF8.self),
                        receiver: receiverText.contains("\n") ? nil : receiverText, wrappable: Self.isWrappable(item))
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
        recordSize(node)
        // The calls a rule names, by the name they are made by (read once per call).
        if let callee = node.calleeName {
            let name = callee.text
            if vocabulary.callNames.contains(name) { recordCall(node, name: callee) }
            if let property = vocabulary.settingMethods[name] { recordMethodSetting(node, property: property) }
            if let labels = vocabulary.argumentCalls[name] { recordArguments(node, name: callee, labels: labels) }
            if let labels = vocabulary.fontCalls[name] { recordFontSize(node, name: callee, labels: labels) }
        }
        return .visitChildren
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
            let escapes: Bool
            if let named = namedObject(expression) {
                object = named
                escapes = named.madeBy.map { self.isHandedOn(madeBy: $0) } ?? true
            } else if Self.constructs(expression) {
                object = Local(value: .object(anonymousKey(expression), type: TypeInference.constructedType(of: expression, lookup: typeOfName)))
                escapes = false
            } else {
                continue
            }
            let shown = expression.compactText.count <= 30 ? expression.compactText : "…"
            let rest = node.arguments.dropFirst(offset + 1).map { ($0.label?.text ?? "_") + ":" }.joined()
            let spelling = label.isEmpty ? "\(name)(\(shown)\(rest.isEmpty ? "" : ", " + rest))" : "\(name)(\(label): \(shown))"
            facts.arguments.append(PendingArgument(call: name, label: label.isEmpty ? nil : label, value: object.value,
                                                   escapes: escapes, spelling: spelling, position: file.position(of: nameToken),
                                                   guardContext: guards.context(for: node)))
        }
    }

    /// Whether a local made at `binding` is handed on after it: stored elsewhere, passed to a call
    /// other than the ones rules read, returned, put in a collection.
    /// Read once per local, however many calls it is passed to.
    private func isHandedOn(madeBy binding: PatternBindingSyntax) -> Bool {
        if let known = handedOn[binding.id] { return known }
        let answer = readIsHandedOn(madeBy: binding)
        handedOn[binding.id] = answer
        return answer
    }

    private var handedOn: [SyntaxIdentifier: Bool] = [:]

    private func readIsHandedOn(madeBy binding: PatternBindingSyntax) -> Bool {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let scope = binding.ancestor(CodeBlockItemListSyntax.self) else { return true }
        for token in scope.tokens(viewMode: .sourceAccurate) where token.text == name && token.position >= binding.endPosition {
            // Not `other.sheet`: a member of that name is not the local.
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id else { continue }
            if !keepsInFunction(Syntax(reference)) { return true }
        }
        return false
    }

    /// Whether a use of a local keeps the object in its function: as a receiver
    /// (`sheet.addAction(...)`), assigned to, passed to a call rules read (`present(sheet, ...)`), or
    /// its facet bound to a name (`if let popover = sheet.popoverPresentationController`).
    private func keepsInFunction(_ reference: Syntax) -> Bool {
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
        guard let parent = use.parent else { return false }
        if let member = parent.as(MemberAccessExprSyntax.self) { return member.base?.id == use.id }
        if let infix = parent.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) {
            return infix.leftOperand.id == use.id
        }
        if throughFacet, parent.is(InitializerClauseSyntax.self) { return true }
        if let argument = parent.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
           let callee = call.calleeName {
            return vocabulary.argumentCalls[callee.text] != nil
        }
        return false
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
        let shown = argumentText.count <= 40 && !argumentText.contains("\n") ? argumentText : "…"
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
        // Only what some rule reads is kept: most assignments are of nothing a rule looks at.
        guard vocabulary.settingProperties.contains(property) else { return }
        let object = receiverObject(receiver, at: node)
        for value in Self.alternatives(node.rightOperand) {
            record(SettingFact(property: property, state: nil, spelling: property, value: value.memberName,
                               position: file.position(of: name), guardContext: guards.context(for: value), site: site(of: node, receiver: receiver)),
                   on: object)
        }
    }

    /// The values an expression may take, each where it is taken: `isPad ? .alert : .actionSheet` is
    /// `.alert` where `isPad` holds and `.actionSheet` where it does not.
    private static func alternatives(_ value: ExprSyntax) -> [ExprSyntax] {
        guard let ternary = value.unwrapped.as(TernaryExprSyntax.self) else { return [value] }
        return alternatives(ternary.thenExpression) + alternatives(ternary.elseExpression)
    }

    // MARK: Decisions on the idiom

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        if let decision = decisions.decision(node) { facts.decisions.append(decision) }
        return .visitChildren
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        if let decision = decisions.decision(node) { facts.decisions.append(decision) }
        return .visitChildren
    }

    override func visit(_ node: TernaryExprSyntax) -> SyntaxVisitorContinueKind {
        if let decision = decisions.decision(node) { facts.decisions.append(decision) }
        return .visitChildren
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        if let decision = decisions.decision(node) { facts.decisions.append(decision) }
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
            facts.dimensionComparisons.append(DimensionComparisonFact(
                value: value, isEquality: op == "==" || op == "!=", subjectNames: IdiomConditions.identifiers(in: subject),
                spelling: IdiomDecisionReader.shortened(node.compactText), position: file.position(of: number),
                guardContext: guards.context(for: node)))
            return
        }
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
