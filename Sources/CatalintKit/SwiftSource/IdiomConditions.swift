import SwiftSyntax

/// Reads Swift conditions as `IdiomCondition`s: comparisons of `userInterfaceIdiom`, `switch`es over
/// it, `ProcessInfo.processInfo.isMacCatalystApp`, and helpers that may hold either (`isPad`,
/// `let idiom = traitCollection.userInterfaceIdiom`). Any name may be a helper declared in another
/// file: it stays a `.helper` use until resolution knows the project's helpers.
struct IdiomConditions {
    /// The file being read, for helper uses.
    let path: String
    /// Whether `.other` conditions keep the identifiers they read (decisions need them to tell a
    /// condition that adapts to the window; guards do not).
    let keepsNames: Bool

    /// The condition lists already read in the file, when the conditions are the file's
    /// (`init(file:keepsNames:)`): its index builder, fact collector, decisions and return paths
    /// read many of the same `if`s and `guard`s.
    private let memo: Memo?

    /// Condition lists by node, one table for conditions that keep their names and one for those
    /// that do not. A file's text and path do not change, so neither does what a node reads.
    final class Memo: @unchecked Sendable {
        fileprivate var keeping: [SyntaxIdentifier: IdiomCondition] = [:]
        fileprivate var dropping: [SyntaxIdentifier: IdiomCondition] = [:]
    }

    init(path: String, keepsNames: Bool = true) {
        self.path = path
        self.keepsNames = keepsNames
        self.memo = nil
    }

    /// The conditions of `file`'s nodes, each condition list read once for every reader of the file.
    init(file: SwiftSourceFile, keepsNames: Bool = true) {
        self.path = file.path
        self.keepsNames = keepsNames
        self.memo = file.conditionMemo
    }

    /// A condition on something other than the idiom: identified by where it stands (the same place
    /// is the same condition), with the identifiers it reads when they are kept.
    private func other(_ node: some SyntaxProtocol) -> IdiomCondition {
        .other("@\(node.positionAfterSkippingLeadingTrivia.utf8Offset)", names: keepsNames ? Self.identifiers(in: node) : [])
    }

    // MARK: Reading the idiom

    /// True when the expression reads `userInterfaceIdiom` itself.
    static func readsIdiomDirectly(_ expression: ExprSyntax) -> Bool {
        let expression = expression.unwrapped
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return member.declName.baseName.text == "userInterfaceIdiom"
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text == "userInterfaceIdiom"
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty {
            return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UI_USER_INTERFACE_IDIOM"
        }
        return false
    }

    /// What an expression that may hold the idiom is: the idiom itself, a helper that may hold it,
    /// or neither.
    enum IdiomSubject {
        case direct
        case helper(HelperUse)
    }

    func idiomSubject(_ expression: ExprSyntax) -> IdiomSubject? {
        if Self.readsIdiomDirectly(expression) { return .direct }
        if let name = Self.helperName(expression) { return .helper(HelperUse(name: name, path: path)) }
        return nil
    }

    /// The name a helper use spells: `isPad`, `self.isPad`, `UIDevice.isPad`, `isPad()`.
    static func helperName(_ expression: ExprSyntax) -> String? {
        let expression = expression.unwrapped
        if let reference = expression.as(DeclReferenceExprSyntax.self), case .identifier = reference.baseName.tokenKind {
            return reference.baseName.text
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil {
            return member.declName.baseName.text
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil {
            let callee = call.calledExpression.unwrapped
            if callee.is(DeclReferenceExprSyntax.self) || callee.is(MemberAccessExprSyntax.self) { return helperName(callee) }
        }
        return nil
    }

    /// The idiom a literal names: `.pad`, `UIUserInterfaceIdiom.pad`.
    static func idiomLiteral(_ expression: ExprSyntax) -> Idiom? {
        guard let member = expression.unwrapped.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base, !base.trimmedDescription.hasSuffix("UIUserInterfaceIdiom") { return nil }
        return Idiom(memberName: member.declName.baseName.text)
    }

    // MARK: Conditions

    /// A condition list (`if a, b, let c = d`): the conjunction of its parts.
    func condition(of conditions: ConditionElementListSyntax) -> IdiomCondition {
        if let memo, let known = keepsNames ? memo.keeping[conditions.id] : memo.dropping[conditions.id] { return known }
        var result = IdiomCondition.constant(true)
        for element in conditions {
            if case .expression(let expression) = element.condition {
                result = result.and(condition(of: expression))
            } else {
                result = result.and(other(element.condition))
            }
        }
        if let memo {
            if keepsNames { memo.keeping[conditions.id] = result } else { memo.dropping[conditions.id] = result }
        }
        return result
    }

    /// A Boolean expression.
    func condition(of expression: ExprSyntax) -> IdiomCondition {
        let expression = expression.unwrapped
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return condition(of: prefix.expression).negated
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
           let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text {
            switch op {
            case "&&": return condition(of: infix.leftOperand).and(condition(of: infix.rightOperand))
            case "||": return condition(of: infix.leftOperand).or(condition(of: infix.rightOperand))
            case "==", "!=", "===", "!==":
                if let comparison = comparison(infix) { return comparison }
                // `isMacCatalystApp == false`, `isPad != true`.
                for (boolean, other) in [(infix.rightOperand, infix.leftOperand), (infix.leftOperand, infix.rightOperand)] {
                    if let literal = boolean.unwrapped.as(BooleanLiteralExprSyntax.self) {
                        let inner = condition(of: other)
                        return (literal.literal.tokenKind == .keyword(.true)) != op.hasPrefix("!") ? inner : inner.negated
                    }
                }
            default:
                break
            }
            return other(expression)
        }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return .constant(literal.literal.tokenKind == .keyword(.true))
        }
        // `isPreview ? idiom == .pad : isExpanded` is `(isPreview && idiom == .pad) || (!isPreview && isExpanded)`.
        if let ternary = expression.as(TernaryExprSyntax.self) {
            let test = condition(of: ternary.condition)
            let whenTrue = condition(of: ternary.thenExpression), whenFalse = condition(of: ternary.elseExpression)
            if whenTrue.mentionsIdiom || whenFalse.mentionsIdiom {
                return test.and(whenTrue).or(test.negated.and(whenFalse))
            }
        }
        switch Self.helperName(expression) {
        case "isMacCatalystApp":
            // True on the Mac in either idiom; in the pad idiom it tells the Mac from the iPad.
            return .idiom(.onMac)
        case "isiOSAppOnMac":
            // True only for an iPad app running unmodified on a Mac, never in a Mac Catalyst app
            // (Apple's `ProcessInfo` documentation), and false on an iPad or an iPhone.
            return .constant(false)
        default:
            break
        }
        if let name = Self.helperName(expression) {
            return .helper(HelperUse(name: name, path: path))
        }
        return other(expression)
    }

    /// `idiom == .pad`, `.mac != UIDevice.current.userInterfaceIdiom`, `Device.idiom == .phone`.
    func comparison(_ node: InfixOperatorExprSyntax) -> IdiomCondition? {
        guard let op = node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
              ["==", "!=", "===", "!=="].contains(op) else { return nil }
        for (subject, literal) in [(node.leftOperand, node.rightOperand), (node.rightOperand, node.leftOperand)] {
            guard let idiom = Self.idiomLiteral(literal), let kind = idiomSubject(subject) else { continue }
            let compared: IdiomCondition
            switch kind {
            case .direct: compared = .idiom(IdiomSet(idiom))
            case .helper(let use): compared = .helperIdiom(use, IdiomSet(idiom))
            }
            return op.hasPrefix("!") ? compared.negated : compared
        }
        return nil
    }

    /// The node of a comparison that reads the idiom (directly or through a helper), for positions.
    func idiomSide(of node: InfixOperatorExprSyntax) -> ExprSyntax? {
        for (subject, literal) in [(node.leftOperand, node.rightOperand), (node.rightOperand, node.leftOperand)]
        where Self.idiomLiteral(literal) != nil && idiomSubject(subject) != nil {
            return subject
        }
        return nil
    }


    static func identifiers(in node: some SyntaxProtocol) -> [String] {
        node.tokens(viewMode: .sourceAccurate).compactMap { token in
            if case .identifier = token.tokenKind { return token.text }
            return nil
        }
    }

    // MARK: Switches

    /// What each case of a `switch` over the idiom tests, in order (nil for `default`); nil when the
    /// subject does not hold the idiom or no case names an idiom.
    func switchCaseTests(_ node: SwitchExprSyntax) -> [(switchCase: SwitchCaseSyntax, test: IdiomCondition?)]? {
        guard let subject = idiomSubject(node.subject) else { return nil }
        var result: [(SwitchCaseSyntax, IdiomCondition?)] = []
        var sawIdiom = false
        for element in node.cases {
            guard case .switchCase(let switchCase) = element else { continue }
            guard case .case(let label) = switchCase.label else {
                result.append((switchCase, nil))
                continue
            }
            var test = IdiomCondition.constant(false)
            for item in label.caseItems {
                var part: IdiomCondition
                if let expression = item.pattern.as(ExpressionPatternSyntax.self)?.expression,
                   let idiom = Self.idiomLiteral(expression) {
                    sawIdiom = true
                    switch subject {
                    case .direct: part = .idiom(IdiomSet(idiom))
                    case .helper(let use): part = .helperIdiom(use, IdiomSet(idiom))
                    }
                } else {
                    part = other(item.pattern)
                }
                if let whereClause = item.whereClause { part = part.and(condition(of: whereClause.condition)) }
                test = test.or(part)
            }
            result.append((switchCase, test))
        }
        return sawIdiom ? result : nil
    }

    /// The condition under which each case of a `switch` over the idiom runs: its test, and no case
    /// before it matched (a `default` runs when no other case matches).
    func switchCases(_ node: SwitchExprSyntax) -> [(switchCase: SwitchCaseSyntax, condition: IdiomCondition)]? {
        guard let tests = switchCaseTests(node) else { return nil }
        let anyCase = tests.reduce(IdiomCondition.constant(false)) { $0.or($1.test ?? .constant(false)) }
        var earlier = IdiomCondition.constant(false)
        return tests.map { switchCase, test in
            guard let test else { return (switchCase, anyCase.negated) }
            defer { earlier = earlier.or(test) }
            return (switchCase, earlier.negated.and(test))
        }
    }

    // MARK: Helpers

    /// What a declaration's value says, when it is a helper: the idiom itself, or a condition on it.
    /// `value` is the initializer, a computed property's single expression or a function's single
    /// returned expression; `isBool` when the declaration says it is a `Bool`.
    func helperValue(of value: ExprSyntax, isBool: Bool) -> HelperValue? {
        var value = value.unwrapped
        // `static let isPad: Bool = { UIDevice.current.userInterfaceIdiom == .pad }()`
        if let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
           let closure = call.calledExpression.unwrapped.as(ClosureExprSyntax.self),
           let single = Self.singleExpression(closure.statements) {
            value = single.unwrapped
        }
        if Self.readsIdiomDirectly(value) { return .idiom }
        let condition = condition(of: value)
        guard condition.mentionsIdiom else { return nil }
        // A lone name is a helper only when the declaration is a `Bool`: `var x = y` could be anything.
        if case .helper = condition, !isBool { return nil }
        return .condition(condition)
    }

    /// The one expression a body evaluates: `{ expr }`, `{ return expr }`, or a `switch` over the idiom
    /// whose cases return Boolean literals.
    static func singleExpression(_ statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        if let returned = item.as(ReturnStmtSyntax.self)?.expression { return returned }
        if let expression = item.as(ExprSyntax.self) { return expression }
        if let statement = item.as(ExpressionStmtSyntax.self) { return statement.expression }
        return nil
    }

    /// A `switch` over the idiom whose every case returns `true` or `false`, read as the condition
    /// that is true in the cases returning `true`: `switch idiom { case .pad: return true; default: return false }`.
    func booleanSwitch(_ statements: CodeBlockItemListSyntax) -> IdiomCondition? {
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        let switchNode = item.as(SwitchExprSyntax.self)
            ?? item.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self)
            ?? item.as(ReturnStmtSyntax.self)?.expression?.as(SwitchExprSyntax.self)
        guard let switchNode, let cases = switchCases(switchNode) else { return nil }
        var result = IdiomCondition.constant(false)
        for (switchCase, matches) in cases {
            guard let returned = Self.singleExpression(switchCase.statements)?.unwrapped.as(BooleanLiteralExprSyntax.self) else { return nil }
            if returned.literal.tokenKind == .keyword(.true) { result = result.or(matches) }
        }
        return result
    }
}
