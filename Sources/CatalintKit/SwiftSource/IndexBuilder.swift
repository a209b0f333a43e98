import Foundation
import SwiftSyntax

/// Walks one file and records its type declarations, superclasses, properties and idiom helpers.
///
/// A lint does not walk a file with it on its own: `FactCollector` hands it each declaration of
/// the kinds it overrides as its own walk meets them (`FactCollector.lowerAndIndex`), so a visit
/// added here must be handed on there too (`IndexWalkTests` compares the two walks).
final class IndexBuilder: TypeScopeVisitor {
    private(set) var index = ProjectIndex()
    private var typeStack: [TypeInfo] = []
    private let file: SwiftSourceFile
    private let conditions: IdiomConditions

    /// A builder whose visits another walk makes (`FactCollector.lowerAndIndex`), or its own (`index`).
    init(file: SwiftSourceFile, deadline: Deadline) {
        self.file = file
        self.conditions = IdiomConditions(file: file)
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
            guard mayBeHelper(value, isBool: isBool) else { return }
            helper = conditions.helperValue(of: value, isBool: isBool)
            anchor = Syntax(value)
        } else if let body {
            if let single = IdiomConditions.singleExpression(body), mayBeHelper(single, isBool: isBool) {
                helper = conditions.helperValue(of: single, isBool: isBool)
                anchor = Syntax(single)
            }
            if helper == nil, isBool, let condition = conditions.booleanSwitch(body), condition.mentionsIdiom {
                helper = .condition(condition)
                anchor = Syntax(body)
            }
            // Several returns, `#available` and `#if` branches: what the body returns, path by path.
            if helper == nil, typeName != nil, mayBeHelper(body, isBool: isBool),
               let paths = ReturnPaths(conditions: conditions).paths(of: body)
                ?? IdiomConditions.singleExpression(body).map({ [ReturnPaths.Path(condition: .constant(true), value: $0)] }) {
                helper = isBool ? Self.condition(paths, conditions) : Self.members(paths)
                anchor = Syntax(body)
            }
        }
        // `let isOnMac: Bool = { #if targetEnvironment(macCatalyst) ... #endif }()`: the closure's returns.
        if helper == nil, let value, let call = value.unwrapped.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
           let closure = call.calledExpression.unwrapped.as(ClosureExprSyntax.self), typeName != nil,
           mayBeHelper(closure.statements, isBool: isBool), let paths = ReturnPaths(conditions: conditions).paths(of: closure.statements) {
            helper = isBool ? Self.condition(paths, conditions) : Self.members(paths)
            anchor = Syntax(value)
        }
        if helper == nil, !isBool, typeName != nil, let value, mayBeHelper(value, isBool: false) || value.unwrapped.is(TernaryExprSyntax.self) {
            // `static let sheetStyle: UIAlertController.Style = isPad ? .alert : .actionSheet`
            helper = Self.members([ReturnPaths.Path(condition: .constant(true), value: value)])
            anchor = Syntax(value)
        }
        if helper == nil, typeName == "UIUserInterfaceIdiom", value != nil || body != nil { helper = .idiom }
        guard let helper else { return }
        let position = anchor.map(file.position(of:)) ?? file.position(of: declaration)
        index.helpers[name, default: []].append(HelperDeclaration(name: name, value: helper, position: position))
    }

    /// A Boolean helper's condition: where some path returns something true.
    private static func condition(_ paths: [ReturnPaths.Path], _ conditions: IdiomConditions) -> HelperValue? {
        let condition = paths.reduce(IdiomCondition.constant(false)) { $0.or($1.condition.and(conditions.condition(of: $1.value))) }
        return condition.mentionsIdiom ? .condition(condition) : nil
    }

    /// A value helper's members: each path's value, a member (`.alert`) or a choice of members
    /// (`isPad ? .alert : .actionSheet`), where it is returned; nil unless every value is one and
    /// the idiom decides between two or more.
    private static func members(_ paths: [ReturnPaths.Path]) -> HelperValue? {
        var choices: [MemberChoice] = []
        func add(_ value: ExprSyntax, _ condition: IdiomCondition) -> Bool {
            let value = value.unwrapped
            if let ternary = value.as(TernaryExprSyntax.self) {
                let test = IdiomConditions(path: "").condition(of: ternary.condition)
                return add(ternary.thenExpression, condition.and(test)) && add(ternary.elseExpression, condition.and(test.negated))
            }
            guard let member = value.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil else { return false }
            choices.append(MemberChoice(condition: condition, member: member.declName.baseName.text))
            return true
        }
        for path in paths where path.condition != .constant(false) {
            guard add(path.value, path.condition) else { return nil }
        }
        guard Set(choices.map(\.member)).count > 1, choices.contains(where: { $0.condition.mentionsIdiom }) else { return nil }
        return .members(choices)
    }

    /// The idioms' member names, and the names that read the idiom.
    static let idiomWords: Set<String> = ["userInterfaceIdiom", "UI_USER_INTERFACE_IDIOM", "isMacCatalystApp", "macCatalyst",
                                                  "pad", "phone", "mac", "tv", "carPlay", "vision", "unspecified"]

    /// A cheap look before the real reading: a value can be a helper only when it names the idiom
    /// (or one of its cases), or, for a `Bool`, when it is made of names (`!isPad`, `isPad || isMac`).
    func mayBeHelper(_ value: ExprSyntax, isBool: Bool) -> Bool {
        // The bytes first: a value whose text holds none of the words has no token that is one.
        let start = value.positionAfterSkippingLeadingTrivia.utf8Offset, end = value.endPositionBeforeTrailingTrivia.utf8Offset
        if Self.mayHoldIdiomWord(file.source.utf8, from: start, to: end), Self.namesIdiom(value) { return true }
        guard isBool else { return false }
        let value = value.unwrapped
        return value.is(PrefixOperatorExprSyntax.self) || value.is(InfixOperatorExprSyntax.self)
            || value.is(DeclReferenceExprSyntax.self) || value.is(MemberAccessExprSyntax.self) || value.is(FunctionCallExprSyntax.self)
    }

    /// A body of several statements can be a helper when it names the idiom, one of its cases or
    /// the Mac (`isMacCatalystApp`, `targetEnvironment(macCatalyst)`); a value helper also when it
    /// is one `?:`. (Reading every Bool function's returns as a condition on names that may be
    /// helpers would make conditions that cost more to evaluate than they tell.)
    func mayBeHelper(_ body: CodeBlockItemListSyntax, isBool: Bool) -> Bool {
        if !isBool, IdiomConditions.singleExpression(body)?.unwrapped.is(TernaryExprSyntax.self) == true { return true }
        // Read as bytes first: most bodies say none of these, and reading their tokens costs more.
        let start = body.positionAfterSkippingLeadingTrivia.utf8Offset, end = body.endPositionBeforeTrailingTrivia.utf8Offset
        guard Self.mayNameIdiom(file.source.utf8, from: start, to: end) else { return false }
        return Self.namesIdiom(body)
    }

    /// True when the bytes from `start` to `end` hold `Idiom`, `IDIOM`, `Catalyst`, `.pad`, `.phone`
    /// or `.mac`: one of them is in any body that names the idiom or the Mac.
    private static func mayNameIdiom(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        idiomSpellings.occur(in: bytes, from: start, to: end)
    }

    private static let idiomSpellings = BytePatterns(["Idiom", "IDIOM", "Catalyst", ".pad", ".phone", ".mac"])

    /// True when the bytes from `start` to `end` hold one of `idiomWords`: a node whose text holds
    /// none has no identifier that is one.
    static func mayHoldIdiomWord(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        idiomWordBytes.occur(in: bytes, from: start, to: end)
    }

    private static let idiomWordBytes = BytePatterns(idiomWords.sorted())

    static func namesIdiom(_ node: some SyntaxProtocol) -> Bool {
        for token in node.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let text) = token.tokenKind, idiomWords.contains(text) { return true }
        }
        return false
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body?.statements {
            recordHelper(node.name.text, value: nil, body: body, type: node.signature.returnClause?.type, declaration: node.name)
        }
        recordReturnType(node)
        return .visitChildren
    }

    /// Types that a returned value cannot be one of the classes rules look at.
    private static let valueTypes: Set<String> = ["Bool", "Int", "Double", "Float", "CGFloat", "String", "Void", "CGSize", "CGRect",
                                                  "CGPoint", "URL", "Data", "Date", "UIEdgeInsets", "NSDirectionalEdgeInsets", "Any",
                                                  "AnyObject", "Self", "UIColor", "UIFont", "UIImage", "NSAttributedString"]

    /// `func makeSortButton() -> UIButton`: the class a call of it gives (`ProjectIndex.returnTypes`).
    private func recordReturnType(_ node: FunctionDeclSyntax) {
        guard let type = node.signature.returnClause?.type.simpleName, type.looksLikeTypeName, !Self.valueTypes.contains(type),
              node.genericParameterClause == nil else { return }
        let owner = typeStack.last.flatMap { $0.name.isEmpty ? nil : $0.name }
        let isStatic = node.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
        let parameters = node.signature.parameterClause.parameters.map { parameter in
            FunctionSummary.Parameter(label: parameter.firstName.text, hasDefault: parameter.defaultValue != nil, handedOn: false)
        }
        index.returnTypes[node.name.text, default: []].append(ReturnType(name: node.name.text, owner: owner, isStatic: isStatic, parameters: parameters,
                                                                         type: type, path: file.path, position: file.position(of: node.name)))
    }

    override func enterType(name: String, inherits: String?) {
        var info = TypeInfo(name: name, superclass: inherits, declarations: enteringExtension ? 0 : 1)
        // Where a class with a superclass is declared, for `--verbose` to name it when its chain ends
        // at a class nothing declares.
        if inherits != nil, !enteringExtension { info.declaredAt = file.position(at: enteringName) }
        typeStack.append(info)
    }

    /// A protocol's name: a class that lists it first has no superclass of the project's.
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        index.protocols.insert(node.name.text)
        return .visitChildren
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
        guard isMember || isGlobal else {
            recordStoredDecision(node)
            return .visitChildren
        }
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

    /// A decision on the idiom kept in a local `Bool` and used later: `let anchorsToBottom: Bool`
    /// (or `var compact = false`) that the `if` or `switch` right after it sets, path by path
    /// (`if idiom == .pad { anchorsToBottom = sizeClass == .regular } else { anchorsToBottom = false }`).
    /// The local is a helper: its value is the condition under which it is true.
    private func recordStoredDecision(_ node: VariableDeclSyntax) {
        guard node.bindings.count == 1, let binding = node.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return }
        let initial = binding.initializer?.value
        let isBool = binding.typeAnnotation?.type.simpleName == "Bool" || initial?.is(BooleanLiteralExprSyntax.self) == true
        // Or a member of an enumeration (`var style: UIAlertController.Style = .actionSheet`).
        let isMember = !isBool && (binding.typeAnnotation != nil || initial?.memberName != nil)
        guard isBool || isMember, let item = node.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return }
        // The first statement after the declaration that mentions the name must set it: an `if` or a `switch`.
        var statements = list.drop { $0.id != item.id }.dropFirst().makeIterator()
        var setter: CodeBlockItemSyntax?
        var hits: [Int] = []
        let word = Array(name.utf8)
        while let next = statements.next() {
            // Its bytes first: only where the text spells the name can a token be it, and the token
            // there says whether it is (and not a comment, a string or a longer name).
            hits = Self.spellings(of: word, in: file.source.utf8, from: next.position.utf8Offset, to: next.endPosition.utf8Offset)
            guard hits.contains(where: { hit in
                guard let token = next.token(at: AbsolutePosition(utf8Offset: hit)) else { return false }
                return token.positionAfterSkippingLeadingTrivia.utf8Offset == hit && token.tokenKind == .identifier(name)
            }) else { continue }
            setter = next
            break
        }
        guard let setter, let expression = setter.item.as(ExpressionStmtSyntax.self)?.expression ?? setter.item.as(ExprSyntax.self),
              expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self) else { return }
        // Only `name = value` sets it: with no `=` after any spelling of the name, no path does.
        guard hits.contains(where: { Self.mayBeAssigned(after: $0 + word.count, in: file.source.utf8) }) else { return }
        // The conditions may read the idiom through a helper of any name (`if device.isIpad`): read them.
        guard let assignments = ReturnPaths(conditions: conditions, assigned: name).assignments(in: [setter]) else { return }
        var paths = assignments.paths
        if assignments.unassigned != .constant(false) {
            guard let initial else { return }  // a `let` the compiler knows is set on every path
            paths.append(ReturnPaths.Path(condition: assignments.unassigned, value: initial))
        }
        guard let value = isBool ? Self.condition(paths, conditions) : Self.members(paths) else { return }
        index.helpers[name, default: []].append(HelperDeclaration(name: name, value: value, position: file.position(of: setter)))
    }

    /// Where `word` stands in `bytes` from `start` to `end` with no letter, digit or `_` of ASCII
    /// on either side: every place a token of that name can start (and some that are no token).
    static func spellings(of word: [UInt8], in bytes: [UInt8], from start: Int, to end: Int) -> [Int] {
        BytePatterns.places(of: word, in: bytes, from: start, to: min(end, bytes.count)) { at in
            !(at > 0 && isNameByte(bytes[at - 1])) && !(at + word.count < bytes.count && isNameByte(bytes[at + word.count]))
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// False when the text at `offset` (just after a name), past spaces, line breaks and what an
    /// assigned expression may end with (`)`, `!`, `?`: `(name)! = value`), is not an `=` of its
    /// own (`==` is not one) nor a `/` (a comment may come before one).
    static func mayBeAssigned(after offset: Int, in bytes: [UInt8]) -> Bool {
        var index = offset
        skipping: while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ")"), UInt8(ascii: "!"), UInt8(ascii: "?"):
                index += 1
            default:
                break skipping
            }
        }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "/") { return true }
        guard bytes[index] == UInt8(ascii: "=") else { return false }
        return index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "=")
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
