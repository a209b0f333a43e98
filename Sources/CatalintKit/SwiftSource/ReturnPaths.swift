import SwiftSyntax

/// What a function's or computed property's body returns, path by path: each returned expression
/// with the condition (kept symbolic, as `IdiomConditions` reads it) under which the body returns
/// it. It follows `if`/`else if`/`else`, `guard`, `switch`, `throw` and `#if` (a clause only a Mac
/// Catalyst build compiles runs on the Mac, in either idiom; the one an iPad or iPhone build
/// compiles, there), so `if #available(iOS 14, *) { return a }; return b` and
/// `guard idiom == .pad else { return false }; ...; return true` are read whole. A body with a
/// `return` it cannot follow (in a loop, a `do`) has no paths.
struct ReturnPaths {
    struct Path {
        var condition: IdiomCondition
        var value: ExprSyntax
    }

    let conditions: IdiomConditions
    /// When set, the paths are those of the value the statements give this variable
    /// (`name = value`, `self.name = value`): an assignment ends a path as a `return` does, and a
    /// `return` leaves with no value for it.
    let assigned: String?
    private let catalyst = CompilationConditions.macCatalyst()
    private let device = CompilationConditions.iOSDevice()

    init(conditions: IdiomConditions, assigned: String? = nil) {
        self.conditions = conditions
        self.assigned = assigned
    }

    /// The paths of a body, in source order; nil when a `return` cannot be followed, or none returns a value.
    func paths(of statements: CodeBlockItemListSyntax) -> [Path]? {
        var paths: [Path] = []
        guard read(Array(statements), reach: .constant(true), into: &paths) != nil, !paths.isEmpty else { return nil }
        return paths
    }

    /// The values some statements assign to `assigned`, path by path, and where control goes on past
    /// them without assigning it; nil when a path cannot be followed or none assigns it.
    func assignments(in statements: [CodeBlockItemSyntax]) -> (paths: [Path], unassigned: IdiomCondition)? {
        var paths: [Path] = []
        guard let rest = read(statements, reach: .constant(true), into: &paths), !paths.isEmpty else { return nil }
        return (paths, rest)
    }

    /// The value of `name = value` (or `self.name = value`) when `assigned` is `name`.
    private func assignedValue(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let assigned, let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) else { return nil }
        let target = infix.leftOperand.unwrapped
        if let reference = target.as(DeclReferenceExprSyntax.self), reference.baseName.text == assigned { return infix.rightOperand }
        if let member = target.as(MemberAccessExprSyntax.self), member.declName.baseName.text == assigned,
           member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return infix.rightOperand
        }
        return nil
    }

    /// Reads statements that run where `reach` holds; returns where control goes on past them, or
    /// nil when a `return` among them cannot be followed.
    private func read(_ statements: [CodeBlockItemSyntax], reach start: IdiomCondition, into paths: inout [Path]) -> IdiomCondition? {
        var reach = start
        for item in statements where reach != .constant(false) {
            let node = Syntax(item.item)
            if assigned != nil, node.is(ReturnStmtSyntax.self) {
                reach = .constant(false)  // leaves before the variable is used
            } else if let value = Self.expression(node).flatMap(assignedValue) {
                paths.append(Path(condition: reach, value: value))
                reach = .constant(false)
            } else if let statement = node.as(ReturnStmtSyntax.self) {
                guard let value = statement.expression else { return nil }
                paths.append(Path(condition: reach, value: value))
                reach = .constant(false)
            } else if node.is(ThrowStmtSyntax.self) {
                reach = .constant(false)
            } else if let statement = node.as(GuardStmtSyntax.self) {
                let test = conditions.condition(of: statement.conditions)
                guard read(Array(statement.body.statements), reach: reach.and(test.negated), into: &paths) != nil,
                      let after = Self.bounded(reach.and(test)) else { return nil }
                reach = after
            } else if let expression = Self.expression(node) {
                if let ifExpression = expression.as(IfExprSyntax.self) {
                    guard let after = readIf(ifExpression, reach: reach, into: &paths) else { return nil }
                    reach = after
                } else if let switchExpression = expression.as(SwitchExprSyntax.self) {
                    guard let after = readSwitch(switchExpression, reach: reach, into: &paths) else { return nil }
                    reach = after
                } else if assigned == nil ? Self.containsReturn(node) : Self.assigns(assigned!, in: node) {
                    return nil
                } else if let call = expression.as(FunctionCallExprSyntax.self),
                          let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                          name == "fatalError" || name == "preconditionFailure" {
                    reach = .constant(false)
                }
            } else if let configuration = node.as(IfConfigDeclSyntax.self) {
                guard let after = readConfiguration(configuration, reach: reach, into: &paths) else { return nil }
                reach = after
            } else if !node.is(DeclSyntax.self), assigned == nil ? Self.containsReturn(node) : Self.assigns(assigned!, in: node) {
                return nil  // a loop, a `do`, a `defer`
            }
        }
        return reach
    }

    private func readIf(_ node: IfExprSyntax, reach: IdiomCondition, into paths: inout [Path]) -> IdiomCondition? {
        let returns = paths.count
        let test = conditions.condition(of: node.conditions)
        guard let afterBody = read(Array(node.body.statements), reach: reach.and(test), into: &paths) else { return nil }
        let elseReach = reach.and(test.negated)
        var afterElse: IdiomCondition?
        switch node.elseBody {
        case .ifExpr(let next)?:
            afterElse = readIf(next, reach: elseReach, into: &paths)
        case .codeBlock(let block)?:
            afterElse = read(Array(block.statements), reach: elseReach, into: &paths)
        case nil:
            afterElse = elseReach
        }
        guard let afterElse else { return nil }
        // No branch returns or leaves: control goes on wherever it came from (`(r && c) || (r && !c)` is `r`).
        if paths.count == returns, afterBody == reach.and(test), afterElse == elseReach { return reach }
        return Self.bounded(afterBody.or(afterElse))
    }

    /// The largest condition a path keeps: past it, the body is not read (a long chain of
    /// branches that return would make one too large to be worth evaluating).
    static let largestCondition = 400

    private static func bounded(_ condition: IdiomCondition) -> IdiomCondition? {
        condition.size <= largestCondition ? condition : nil
    }

    /// A `switch` over the idiom by what each case matches; over anything else, each case on a
    /// condition of its own.
    private func readSwitch(_ node: SwitchExprSyntax, reach: IdiomCondition, into paths: inout [Path]) -> IdiomCondition? {
        var cases: [(statements: CodeBlockItemListSyntax, condition: IdiomCondition)] = []
        if let idiomCases = conditions.switchCases(node) {
            cases = idiomCases.map { ($0.switchCase.statements, $0.condition) }
        } else {
            var earlier = IdiomCondition.constant(false)
            for element in node.cases {
                guard case .switchCase(let switchCase) = element else { return nil }
                var test = IdiomCondition.constant(true)
                if case .case = switchCase.label { test = .other("@\(switchCase.positionAfterSkippingLeadingTrivia.utf8Offset)", names: []) }
                cases.append((switchCase.statements, earlier.negated.and(test)))
                earlier = earlier.or(test)
            }
        }
        let returns = paths.count
        var after = IdiomCondition.constant(false)
        for (statements, condition) in cases {
            guard let rest = read(Array(statements), reach: reach.and(condition), into: &paths) else { return nil }
            after = after.or(rest)
        }
        if paths.count == returns { return reach }
        let matched = cases.reduce(IdiomCondition.constant(false)) { $0.or($1.condition) }
        return Self.bounded(after.or(reach.and(matched.negated)))
    }

    /// `#if`: the clause a Mac Catalyst build compiles runs on the Mac; the one an iPad or iPhone
    /// build compiles runs there. The same clause for both runs everywhere.
    private func readConfiguration(_ node: IfConfigDeclSyntax, reach: IdiomCondition, into paths: inout [Path]) -> IdiomCondition? {
        func compiled(by conditions: CompilationConditions) -> IfConfigClauseSyntax? {
            node.clauses.first { !conditions.isInactive($0) }
        }
        func statements(_ clause: IfConfigClauseSyntax?) -> [CodeBlockItemSyntax] {
            if case .statements(let list)? = clause?.elements { return Array(list) }
            return []
        }
        let onMac = compiled(by: catalyst), elsewhere = compiled(by: device)
        if onMac?.id == elsewhere?.id { return read(statements(onMac), reach: reach, into: &paths) }
        let returns = paths.count
        let mac = IdiomCondition.idiom(.onMac)
        guard let macRest = read(statements(onMac), reach: reach.and(mac), into: &paths),
              let otherRest = read(statements(elsewhere), reach: reach.and(mac.negated), into: &paths) else { return nil }
        return paths.count == returns ? reach : Self.bounded(macRest.or(otherRest))
    }

    /// The expression a statement is, through an expression statement.
    private static func expression(_ node: Syntax) -> ExprSyntax? {
        if let statement = node.as(ExpressionStmtSyntax.self) { return statement.expression }
        return node.as(ExprSyntax.self)
    }

    /// True when `node` assigns `name` somewhere this reading does not follow (in a loop, a closure).
    static func assigns(_ name: String, in node: Syntax) -> Bool {
        for token in node.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier(name) {
            if let next = token.nextToken(viewMode: .sourceAccurate), next.tokenKind == .equal { return true }
        }
        return false
    }

    /// True when a `return` of this body is inside `node` (not one of a closure or a nested function).
    static func containsReturn(_ node: Syntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind { found = true; return .skipChildren }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.found
    }
}
