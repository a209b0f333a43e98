import SwiftSyntax

/// The idioms in which each branch of a condition runs.
struct ConditionOutcome: Equatable {
    var whenTrue: IdiomSet
    var whenFalse: IdiomSet

    static let unknown = ConditionOutcome(whenTrue: .all, whenFalse: .all)

    var negated: ConditionOutcome { ConditionOutcome(whenTrue: whenFalse, whenFalse: whenTrue) }

    static func && (lhs: ConditionOutcome, rhs: ConditionOutcome) -> ConditionOutcome {
        ConditionOutcome(whenTrue: lhs.whenTrue.intersection(rhs.whenTrue), whenFalse: lhs.whenFalse.union(rhs.whenFalse))
    }

    static func || (lhs: ConditionOutcome, rhs: ConditionOutcome) -> ConditionOutcome {
        ConditionOutcome(whenTrue: lhs.whenTrue.union(rhs.whenTrue), whenFalse: lhs.whenFalse.intersection(rhs.whenFalse))
    }
}

/// A comparison of the user-interface idiom with one idiom: `traitCollection.userInterfaceIdiom == .pad`.
struct IdiomComparison {
    /// The operand that reads the idiom.
    var idiomSide: ExprSyntax
    var idiom: Idiom
    /// True for `!=`.
    var negated: Bool
}

/// Reads run-time idiom checks in one file: comparisons of `userInterfaceIdiom`, `switch`es over it,
/// `ProcessInfo.processInfo.isMacCatalystApp`, and variables that hold either
/// (`let idiom = traitCollection.userInterfaceIdiom`, `var isPad: Bool { idiom == .pad }`).
final class IdiomConditions {
    /// Names of variables whose value is the idiom.
    private var idiomVariables: Set<String> = []
    /// Names of Boolean variables whose value is an idiom check, with the idioms each value allows.
    private(set) var conditionVariables: [String: (outcome: ConditionOutcome, idioms: [Idiom])] = [:]

    init(tree: SourceFileSyntax) {
        final class AliasFinder: SyntaxVisitor {
            var bindings: [(String, PatternBindingSyntax)] = []
            override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
                if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                    bindings.append((name, node))
                }
                return .visitChildren
            }
        }
        let finder = AliasFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        // Idiom variables first, so that `let isPad = idiom == .pad` is read after `let idiom = ...`.
        for (name, binding) in finder.bindings {
            if let value = Self.singleValue(of: binding), isIdiomExpression(value) { idiomVariables.insert(name) }
        }
        for (name, binding) in finder.bindings {
            guard let value = Self.singleValue(of: binding) else { continue }
            var idioms: [Idiom] = []
            let outcome = self.outcome(of: value, comparedIdioms: &idioms)
            if outcome != .unknown { conditionVariables[name] = (outcome, idioms) }
        }
    }

    /// The value of `let x = value`, or of a computed property with a single expression.
    private static func singleValue(of binding: PatternBindingSyntax) -> ExprSyntax? {
        if let value = binding.initializer?.value { return value }
        guard let accessors = binding.accessorBlock else { return nil }
        if case .getter(let items) = accessors.accessors, items.count == 1, let item = items.first?.item {
            return item.as(ReturnStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self)
        }
        return nil
    }

    /// True when the expression reads the user-interface idiom.
    func isIdiomExpression(_ expression: ExprSyntax) -> Bool {
        let expression = expression.unwrapped
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return member.declName.baseName.text == "userInterfaceIdiom"
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return name == "userInterfaceIdiom" || idiomVariables.contains(name)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UI_USER_INTERFACE_IDIOM"
        }
        return false
    }

    /// The idiom a literal names: `.pad`, `UIUserInterfaceIdiom.pad`.
    func idiomLiteral(_ expression: ExprSyntax) -> Idiom? {
        guard let member = expression.unwrapped.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base, !base.trimmedDescription.hasSuffix("UIUserInterfaceIdiom") { return nil }
        return Idiom(memberName: member.declName.baseName.text)
    }

    /// The comparison `node` makes of the idiom, if it is one.
    func comparison(_ node: InfixOperatorExprSyntax) -> IdiomComparison? {
        guard let op = node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
              ["==", "!=", "===", "!=="].contains(op) else { return nil }
        let negated = op.hasPrefix("!")
        if isIdiomExpression(node.leftOperand), let idiom = idiomLiteral(node.rightOperand) {
            return IdiomComparison(idiomSide: node.leftOperand, idiom: idiom, negated: negated)
        }
        if isIdiomExpression(node.rightOperand), let idiom = idiomLiteral(node.leftOperand) {
            return IdiomComparison(idiomSide: node.rightOperand, idiom: idiom, negated: negated)
        }
        return nil
    }

    /// The name of an idiom condition variable the expression reads (`isPad`, `self.isPad`).
    func conditionVariable(_ expression: ExprSyntax) -> String? {
        let expression = expression.unwrapped
        let name: String?
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = expression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
        } else {
            name = nil
        }
        guard let name, conditionVariables[name] != nil else { return nil }
        return name
    }

    func outcome(of conditions: ConditionElementListSyntax) -> ConditionOutcome {
        var ignored: [Idiom] = []
        return outcome(of: conditions, comparedIdioms: &ignored)
    }

    func outcome(of conditions: ConditionElementListSyntax, comparedIdioms: inout [Idiom]) -> ConditionOutcome {
        var result = ConditionOutcome(whenTrue: .all, whenFalse: [])
        var sawAny = false
        for element in conditions {
            let part: ConditionOutcome
            if case .expression(let expression) = element.condition {
                part = outcome(of: expression, comparedIdioms: &comparedIdioms)
            } else {
                part = .unknown
            }
            result = sawAny ? result && part : part
            sawAny = true
        }
        return sawAny ? result : .unknown
    }

    func outcome(of expression: ExprSyntax) -> ConditionOutcome {
        var ignored: [Idiom] = []
        return outcome(of: expression, comparedIdioms: &ignored)
    }

    /// The idioms each branch of a Boolean expression runs in; `comparedIdioms` collects the idioms
    /// the expression names.
    func outcome(of expression: ExprSyntax, comparedIdioms: inout [Idiom]) -> ConditionOutcome {
        let expression = expression.unwrapped
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return outcome(of: prefix.expression, comparedIdioms: &comparedIdioms).negated
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
           let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text {
            switch op {
            case "&&":
                return outcome(of: infix.leftOperand, comparedIdioms: &comparedIdioms) && outcome(of: infix.rightOperand, comparedIdioms: &comparedIdioms)
            case "||":
                return outcome(of: infix.leftOperand, comparedIdioms: &comparedIdioms) || outcome(of: infix.rightOperand, comparedIdioms: &comparedIdioms)
            case "==", "!=", "===", "!==":
                if let comparison = comparison(infix) {
                    comparedIdioms.append(comparison.idiom)
                    let named = IdiomSet(comparison.idiom)
                    let equal = ConditionOutcome(whenTrue: named, whenFalse: IdiomSet.all.subtracting(named))
                    return comparison.negated ? equal.negated : equal
                }
                // `isMacCatalystApp == false`, `isPad != true`.
                for (boolean, other) in [(infix.rightOperand, infix.leftOperand), (infix.leftOperand, infix.rightOperand)] {
                    if let literal = boolean.unwrapped.as(BooleanLiteralExprSyntax.self) {
                        let inner = outcome(of: other, comparedIdioms: &comparedIdioms)
                        let isTrue = literal.literal.tokenKind == .keyword(.true)
                        return isTrue != op.hasPrefix("!") ? inner : inner.negated
                    }
                }
                return .unknown
            default:
                return .unknown
            }
        }
        if expression.memberName == "isMacCatalystApp"
            || expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "isMacCatalystApp" {
            // On the Mac in either idiom; off the Mac, never the Mac idiom.
            return ConditionOutcome(whenTrue: [.mac, .pad], whenFalse: [.pad, .phone, .other])
        }
        if let name = conditionVariable(expression), let variable = conditionVariables[name] {
            comparedIdioms += variable.idioms
            return variable.outcome
        }
        return .unknown
    }

    /// The idioms each case of a `switch` over the idiom runs in, by case; nil when the subject is not
    /// the idiom. A `default` runs in every idiom that no other case names.
    func switchCases(_ node: SwitchExprSyntax) -> [SyntaxIdentifier: IdiomSet]? {
        guard isIdiomExpression(node.subject) else { return nil }
        var named: [SyntaxIdentifier: IdiomSet] = [:]
        var defaults: [SyntaxIdentifier] = []
        var covered: IdiomSet = []
        for element in node.cases {
            guard case .switchCase(let switchCase) = element else { continue }
            switch switchCase.label {
            case .default:
                defaults.append(switchCase.id)
            case .case(let label):
                var idioms: IdiomSet = []
                for item in label.caseItems {
                    if let expression = item.pattern.as(ExpressionPatternSyntax.self)?.expression,
                       let idiom = idiomLiteral(expression) {
                        idioms.insert(IdiomSet(idiom))
                    } else {
                        idioms = .all  // a pattern we cannot read: assume any idiom
                    }
                }
                covered.formUnion(idioms)
                named[switchCase.id] = idioms
            }
        }
        for identifier in defaults { named[identifier] = IdiomSet.all.subtracting(covered) }
        return named
    }

    /// The idioms a `switch` over the idiom names in its cases.
    func switchIdioms(_ node: SwitchExprSyntax) -> [Idiom] {
        var idioms: [Idiom] = []
        for element in node.cases {
            guard case .switchCase(let switchCase) = element, case .case(let label) = switchCase.label else { continue }
            for item in label.caseItems {
                if let expression = item.pattern.as(ExpressionPatternSyntax.self)?.expression, let idiom = idiomLiteral(expression) {
                    idioms.append(idiom)
                }
            }
        }
        return idioms
    }
}
