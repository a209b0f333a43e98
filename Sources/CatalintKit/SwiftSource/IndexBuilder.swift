import SwiftSyntax

/// Walks one file and records its type declarations, superclasses, properties and idiom helpers.
final class IndexBuilder: TypeScopeVisitor {
    private(set) var index = ProjectIndex()
    private var typeStack: [TypeInfo] = []
    private let file: SwiftSourceFile
    private let conditions: IdiomConditions

    private init(file: SwiftSourceFile, deadline: Deadline) {
        self.file = file
        self.conditions = IdiomConditions(path: file.path)
        super.init(deadline: deadline)
    }

    static func index(_ file: SwiftSourceFile, deadline: Deadline = .none) -> ProjectIndex {
        let builder = IndexBuilder(file: file, deadline: deadline)
        builder.walk(file.tree)
        return builder.index
    }

    // MARK: Idiom helpers

    /// Records `name` as a helper when `value` is the idiom or a condition on it.
    private func recordHelper(_ name: String, value: ExprSyntax?, body: CodeBlockItemListSyntax?, type: TypeSyntax?, declaration: some SyntaxProtocol) {
        let typeName = type?.simpleName
        let isBool = typeName == "Bool"
        var helper: HelperValue?
        var anchor: Syntax?
        if let value {
            guard Self.mayBeHelper(value, isBool: isBool) else { return }
            helper = conditions.helperValue(of: value, isBool: isBool)
            anchor = Syntax(value)
        } else if let body {
            if let single = IdiomConditions.singleExpression(body), Self.mayBeHelper(single, isBool: isBool) {
                helper = conditions.helperValue(of: single, isBool: isBool)
                anchor = Syntax(single)
            }
            if helper == nil, isBool, let condition = conditions.booleanSwitch(body) ?? conditions.booleanEarlyReturn(body), condition.mentionsIdiom {
                helper = .condition(condition)
                anchor = Syntax(body)
            }
        }
        if helper == nil, typeName == "UIUserInterfaceIdiom", value != nil || body != nil { helper = .idiom }
        guard let helper else { return }
        let position = anchor.map(file.position(of:)) ?? file.position(of: declaration)
        index.helpers[name, default: []].append(HelperDeclaration(name: name, value: helper, position: position))
    }

    /// The idioms' member names, and the names that read the idiom.
    private static let idiomWords: Set<String> = ["userInterfaceIdiom", "UI_USER_INTERFACE_IDIOM", "isMacCatalystApp",
                                                  "pad", "phone", "mac", "tv", "carPlay", "vision", "unspecified"]

    /// A cheap look before the real reading: a value can be a helper only when it names the idiom
    /// (or one of its cases), or, for a `Bool`, when it is made of names (`!isPad`, `isPad || isMac`).
    static func mayBeHelper(_ value: ExprSyntax, isBool: Bool) -> Bool {
        for token in value.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let text) = token.tokenKind, idiomWords.contains(text) { return true }
        }
        guard isBool else { return false }
        let value = value.unwrapped
        return value.is(PrefixOperatorExprSyntax.self) || value.is(InfixOperatorExprSyntax.self)
            || value.is(DeclReferenceExprSyntax.self) || value.is(MemberAccessExprSyntax.self) || value.is(FunctionCallExprSyntax.self)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body?.statements {
            recordHelper(node.name.text, value: nil, body: body, type: node.signature.returnClause?.type, declaration: node.name)
        }
        return .visitChildren
    }

    override func enterType(name: String, inherits: String?) {
        typeStack.append(TypeInfo(name: name, superclass: inherits))
    }

    override func leaveType() {
        if let info = typeStack.popLast(), !info.name.isEmpty { index.add(info) }
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            recordHelper(name, value: binding.initializer?.value, body: Self.getterBody(binding.accessorBlock), type: binding.typeAnnotation?.type, declaration: binding.pattern)
        }
        let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
        let isGlobal = node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        guard isMember || isGlobal else { return .visitChildren }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var type: String?
            if case .named(let className) = TypeInference.bindingType(binding) { type = className }
            if isMember, !typeStack.isEmpty {
                typeStack[typeStack.count - 1].properties[name] = .some(type)
                if let stored = Self.storedProperty(node, binding) {
                    var table = typeStack[typeStack.count - 1].stored ?? [:]
                    table[name] = stored
                    typeStack[typeStack.count - 1].stored = table
                }
                if name == "preferredBehavioralStyle", let accessors = binding.accessorBlock,
                   PadStyleFinder.returnsPad(accessors) {
                    typeStack[typeStack.count - 1].padStyleForEveryInstance = true
                }
            } else if isGlobal {
                index.globals[name] = .some(type)
            }
        }
        return .visitChildren
    }

    /// How an instance property is stored, when an initializer must set it or reading it unset traps
    /// (`ProjectIndex.stored`); nil for any other (one with an initial value, an optional, a
    /// computed or static one).
    static func storedProperty(_ declaration: VariableDeclSyntax, _ binding: PatternBindingSyntax) -> StoredProperty? {
        let implicitlyUnwrapped = binding.typeAnnotation?.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true
        guard binding.initializer == nil || implicitlyUnwrapped else { return nil }
        if declaration.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }) { return nil }
        if case .getter? = binding.accessorBlock?.accessors { return nil }
        if case .accessors(let list)? = binding.accessorBlock?.accessors,
           list.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }) { return nil }
        let isLazy = declaration.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
        var optionality = StoredProperty.Optionality.none
        if let type = binding.typeAnnotation?.type {
            if type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                optionality = .implicitlyUnwrapped
            } else if type.is(OptionalTypeSyntax.self) || type.as(IdentifierTypeSyntax.self)?.name.text == "Optional" {
                optionality = .optional
            }
        }
        let stored = StoredProperty(isConstant: declaration.bindingSpecifier.tokenKind == .keyword(.let),
                                    hasInitialValue: binding.initializer != nil || isLazy, optionality: optionality)
        return stored.mustBeSetByInitializers || implicitlyUnwrapped ? stored : nil
    }

    /// The statements of a computed property's getter: `{ ... }` or `{ get { ... } }`.
    static func getterBody(_ accessors: AccessorBlockSyntax?) -> CodeBlockItemListSyntax? {
        switch accessors?.accessors {
        case .getter(let statements)?:
            return statements
        case .accessors(let list)?:
            return list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        case nil:
            return nil
        }
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body, !typeStack.isEmpty, PadStyleFinder.setsPadOnSelf(body) {
            typeStack[typeStack.count - 1].padStyleForEveryInstance = true
        }
        return .visitChildren
    }
}

/// Finds `preferredBehavioralStyle = .pad` said of `self`, and accessors that return `.pad`.
enum PadStyleFinder {
    static func setsPadOnSelf(_ body: CodeBlockSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
                guard node.operator.is(AssignmentExprSyntax.self), node.rightOperand.memberName == "pad" else { return .visitChildren }
                let target = node.leftOperand.unwrapped
                if let reference = target.as(DeclReferenceExprSyntax.self), reference.baseName.text == "preferredBehavioralStyle" {
                    found = true
                } else if let member = target.as(MemberAccessExprSyntax.self),
                          member.declName.baseName.text == "preferredBehavioralStyle",
                          member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                    found = true
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }

    static func returnsPad(_ accessors: AccessorBlockSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var pad = false
            var other = false
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                switch node.declName.baseName.text {
                case "pad": pad = true
                case "mac", "automatic": other = true
                default: break
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(accessors)
        return finder.pad && !finder.other
    }
}
