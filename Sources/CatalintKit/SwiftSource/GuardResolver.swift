import SwiftSyntax

/// Works out the guard context of any node of one file from the code around it: `#if` clauses,
/// run-time conditions that may read the idiom (`if`, `guard`, `switch`, `?:`, early returns; kept
/// symbolic, since a helper they call may be declared in another file),
/// `@available(macCatalyst, unavailable)` and SwiftUI previews. Answers are cached per node, so
/// asking for many facts in the same function costs little.
final class GuardResolver {
    private let conditions: IdiomConditions
    private var cache: [SyntaxIdentifier: GuardContext] = [:]
    /// The conditions on the idiom that contexts of this file require, each naming the one it adds
    /// to: a statement after a thousand early exits shares the chain of the one before it.
    private(set) var requirements = RequirementChain()
    /// For each statement list: the requirement each statement runs under after the early exits
    /// before it (a `guard`'s condition holds after it, an exiting `if`'s does not), and the checks
    /// that hold there.
    private var exitCache: [SyntaxIdentifier: EarlyExits] = [:]
    /// Where the walk that asks must stop.
    private let deadline: Deadline
    /// The calls a rule names as checks (`isSourceTypeAvailable`): where one is known to hold, the
    /// context says so.
    private let checks: Set<String>
    /// For each `switch` over something that may hold the idiom: the condition under which each case runs.
    private var switchCache: [SyntaxIdentifier: [SyntaxIdentifier: IdiomCondition]] = [:]

    /// The context of the whole file: a file that imports AppKit, Cocoa or WatchKit outside any
    /// `#if` is macOS or watchOS code, never part of a Mac Catalyst build.
    private let fileContext: GuardContext

    /// Which `#if` branches a Mac Catalyst build with the project's Swift compiles.
    private let compilation: CompilationConditions

    /// True to refine at every parent on the way up, with no look-up: the walk `mayRefine` shortens,
    /// kept so that a test can compare the two on real code.
    var refinesEveryParent = false
    /// True when no one will read the contexts (a file read for the index alone): every node's is
    /// the empty one, at no cost.
    var answersNothing = false

    /// The file, for the declarations only its previews use, found when a private one is first asked about.
    private let tree: SourceFileSyntax
    private let bytes: [UInt8]?
    private lazy var previewHelpers = PreviewHelpers.declarations(in: tree, bytes: bytes)
    /// Whether the file's text spells `Preview` and `unavailable` at all: a file that does not has
    /// no preview and no declaration unavailable on Mac Catalyst, and the declarations above a node
    /// need not be asked (without the text, `bytes` nil, every one is: the oracle of
    /// `GuardResolverTests`).
    private let spellsPreview: Bool
    private let spellsUnavailable: Bool

    init(tree: SourceFileSyntax, bytes: [UInt8]?, conditions: IdiomConditions, swiftVersion: SwiftVersion = .newest, checks: Set<String> = [],
         deadline: Deadline = .none) {
        self.tree = tree
        self.bytes = bytes
        self.conditions = conditions
        self.deadline = deadline
        self.compilation = .macCatalyst(swiftVersion: swiftVersion)
        self.checks = checks
        spellsPreview = bytes.map(PreviewHelpers.spellsPreview) ?? true
        spellsUnavailable = bytes.map { BytePatterns(["unavailable"]).occur(in: $0, from: 0, to: $0.count) } ?? true
        var context = GuardContext.unguarded
        for item in tree.statements {
            if let module = item.item.as(ImportDeclSyntax.self)?.path.first?.name.text, Self.modulesOffMacCatalyst.contains(module) {
                context.builtForMacCatalyst = false
            }
        }
        self.fileContext = context
    }

    /// Modules a Mac Catalyst build cannot import.
    static let modulesOffMacCatalyst: Set<String> = ["AppKit", "Cocoa", "WatchKit"]

    /// `context` where `condition` is `holds`, when the condition may depend on the idiom.
    private func requiring(_ context: GuardContext, _ condition: IdiomCondition, holds: Bool) -> GuardContext {
        guard condition.mentionsIdiom else { return context }
        var context = context
        context.requirement = requirements.add(PendingCondition(condition, holds: holds), to: context.requirement)
        return context
    }

    /// The context of `node`: its parent's, refined where the parent is a node that can change it
    /// (`refine`). Only the children of such nodes are cached: every other node has its parent's
    /// context, so the walk up passes it without a look-up.
    func context(for node: some SyntaxProtocol) -> GuardContext {
        if answersNothing { return GuardContext() }
        var pending: [(child: Syntax, parent: Syntax)] = []
        var child = Syntax(node)
        var context = fileContext
        while let parent = child.parent {
            if refinesEveryParent {
                pending.append((child, parent))
            } else if Self.mayRefine(parent) {
                if let cached = cache[child.id] {
                    context = cached
                    break
                }
                pending.append((child, parent))
            }
            child = parent
        }
        for (child, parent) in pending.reversed() {
            context = refine(context, parent: parent, child: child)
            if !refinesEveryParent { cache[child.id] = context }
        }
        return context
    }

    /// False for a node whose children all have its own context: `refine` changes nothing below it.
    private static func mayRefine(_ parent: Syntax) -> Bool {
        switch parent.kind {
        case .ifConfigClause, .ifExpr, .guardStmt, .whileStmt, .ternaryExpr, .infixOperatorExpr, .switchCase, .codeBlockItemList,
             .macroExpansionExpr, .macroExpansionDecl:
            return true
        default:
            return parent.is(DeclSyntax.self)
        }
    }

    /// The condition of a `?:` or of the left side of `&&`/`||`, read once per node. (Condition
    /// lists of `if`, `guard` and `while` are remembered by `IdiomConditions` itself, for every
    /// reader of the file.)
    private var conditionCache: [SyntaxIdentifier: IdiomCondition] = [:]

    private func condition(of owner: Syntax, _ read: () -> IdiomCondition) -> IdiomCondition {
        if let cached = conditionCache[owner.id] { return cached }
        let condition = read()
        conditionCache[owner.id] = condition
        return condition
    }

    /// The context inside `child`, given the context of its `parent`. Most nodes change nothing:
    /// the kind of the parent decides, cheaply, whether there is anything to read.
    /// The parents it reads are those `mayRefine` lets through; keep the two in step
    /// (`GuardResolverTests` compares the walk with one that refines at every parent).
    private func refine(_ context: GuardContext, parent: Syntax, child: Syntax) -> GuardContext {
        var context = context
        switch parent.kind {
        case .ifConfigClause:
            if let clause = parent.as(IfConfigClauseSyntax.self), child.id != clause.condition?.id,
               compilation.isInactive(clause) {
                context.builtForMacCatalyst = false
            }
        case .ifExpr:
            let ifExpression = parent.cast(IfExprSyntax.self)
            let holds: Bool
            if child.id == ifExpression.body.id {
                holds = true
            } else if let elseBody = ifExpression.elseBody, child.id == Syntax(fromProtocol: elseBody).id {
                holds = false
            } else {
                break
            }
            context = requiring(context, conditions.condition(of: ifExpression.conditions), holds: holds)
            for name in checkNames(ifExpression.conditions, holds: holds) { context = context.checking(name) }
        case .guardStmt:
            let guardStatement = parent.cast(GuardStmtSyntax.self)
            if child.id == guardStatement.body.id {
                context = requiring(context, conditions.condition(of: guardStatement.conditions), holds: false)
                for name in checkNames(guardStatement.conditions, holds: false) { context = context.checking(name) }
            }
        case .whileStmt:
            let whileStatement = parent.cast(WhileStmtSyntax.self)
            if child.id == whileStatement.body.id {
                context = requiring(context, conditions.condition(of: whileStatement.conditions), holds: true)
            }
        case .ternaryExpr:
            let ternary = parent.cast(TernaryExprSyntax.self)
            if child.id == ternary.thenExpression.id || child.id == ternary.elseExpression.id {
                context = requiring(context, condition(of: parent) { conditions.condition(of: ternary.condition) },
                                    holds: child.id == ternary.thenExpression.id)
                for name in checkNames(ternary.condition, holds: child.id == ternary.thenExpression.id) { context = context.checking(name) }
            }
        case .infixOperatorExpr:
            // `a && b` evaluates `b` only where `a` holds; `a || b` only where it does not.
            let infix = parent.cast(InfixOperatorExprSyntax.self)
            if child.id == infix.rightOperand.id, let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "&&" || op == "||" {
                context = requiring(context, condition(of: parent) { conditions.condition(of: infix.leftOperand) }, holds: op == "&&")
                for name in checkNames(infix.leftOperand, holds: op == "&&") { context = context.checking(name) }
            }
        case .switchCase:
            let switchCase = parent.cast(SwitchCaseSyntax.self)
            if child.id == switchCase.statements.id, let switchExpression = switchCase.ancestor(SwitchExprSyntax.self),
               let condition = caseConditions(switchExpression)[switchCase.id] {
                context = requiring(context, condition, holds: true)
            }
        case .codeBlockItemList:
            if let item = child.as(CodeBlockItemSyntax.self) {
                let exits = earlyExits(in: parent.cast(CodeBlockItemListSyntax.self), listContext: context)
                context.requirement = exits.requirements[item.id] ?? context.requirement
                for name in exits.checks[item.id] ?? [] { context = context.checking(name) }
            }
        case .macroExpansionExpr, .macroExpansionDecl:
            if spellsPreview, Self.isPreview(parent) { context.isPreview = true }
        default:
            if parent.is(DeclSyntax.self) {
                if spellsUnavailable, let declaration = parent.asProtocol(WithAttributesSyntax.self),
                   child.id != declaration.attributes.id, Self.isUnavailableOnMacCatalyst(declaration.attributes) {
                    context.unavailableOnMacCatalyst = true
                }
                if spellsPreview, Self.isPreview(parent) || isPreviewHelper(parent) { context.isPreview = true }
            }
        }
        return context
    }

    /// What the `guard`s and early-exit `if`s of a statement list tell each statement after them:
    /// the requirement it runs under (added to the chain from the list's own, in `listContext`) and
    /// the checks that hold there (`guard UIImagePickerController.isSourceTypeAvailable(.camera)
    /// else { return }`). Each list is read once, in one pass, however many of its statements are
    /// asked about.
    struct EarlyExits {
        var requirements: [SyntaxIdentifier: Int32] = [:]
        var checks: [SyntaxIdentifier: [String]] = [:]
    }

    private func earlyExits(in list: CodeBlockItemListSyntax, listContext: GuardContext) -> EarlyExits {
        if let cached = exitCache[list.id] { return cached }
        var exits = EarlyExits()
        var node = listContext.requirement
        var held: [String] = []
        // Each check once: the list of what holds stays as short as the rules' checks.
        func hold(_ names: [String]) {
            for name in names where !held.contains(name) { held.append(name) }
        }
        for element in list {
            if let node { exits.requirements[element.id] = node }
            if !held.isEmpty { exits.checks[element.id] = held }
            if deadline.expired { break }
            if let guardStatement = element.item.as(GuardStmtSyntax.self) {
                let condition = conditions.condition(of: guardStatement.conditions)
                if condition.mentionsIdiom { node = requirements.add(PendingCondition(condition, holds: true), to: node) }
                hold(checkNames(guardStatement.conditions, holds: true))
            } else if let ifExpression = Self.ifStatement(element), ifExpression.elseBody == nil, Self.alwaysExits(ifExpression.body) {
                let condition = conditions.condition(of: ifExpression.conditions)
                if condition.mentionsIdiom { node = requirements.add(PendingCondition(condition, holds: false), to: node) }
                hold(checkNames(ifExpression.conditions, holds: false))
            }
        }
        exitCache[list.id] = exits
        return exits
    }

    /// The checks a condition list tells hold when it is `holds`: all the checks of its parts when it
    /// is true; when it is false, only those of a single part.
    private func checkNames(_ list: ConditionElementListSyntax, holds: Bool) -> [String] {
        guard !checks.isEmpty, holds || list.count == 1 else { return [] }
        return list.flatMap { element -> [String] in
            guard case .expression(let expression) = element.condition else { return [] }
            return checkNames(expression, holds: holds)
        }
    }

    /// The checks a Boolean expression tells hold when it is `holds`: `isSourceTypeAvailable(.camera)`
    /// when true, `!isSourceTypeAvailable(.camera)` when false, the parts of `a && b` when true and of
    /// `a || b` when false.
    private func checkNames(_ expression: ExprSyntax, holds: Bool) -> [String] {
        guard !checks.isEmpty else { return [] }
        let expression = expression.unwrapped
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return checkNames(prefix.expression, holds: !holds)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text {
            if (op == "&&" && holds) || (op == "||" && !holds) {
                return checkNames(infix.leftOperand, holds: holds) + checkNames(infix.rightOperand, holds: holds)
            }
            return []
        }
        guard holds, let name = expression.as(FunctionCallExprSyntax.self)?.calleeName?.text, checks.contains(name) else { return [] }
        return [name]
    }

    /// The condition under which each case of a `switch` runs, by case; empty when its subject
    /// cannot hold the idiom. Each `switch` is read once.
    private func caseConditions(_ node: SwitchExprSyntax) -> [SyntaxIdentifier: IdiomCondition] {
        if let cached = switchCache[node.id] { return cached }
        var result: [SyntaxIdentifier: IdiomCondition] = [:]
        for (switchCase, condition) in conditions.switchCases(node) ?? [] { result[switchCase.id] = condition }
        switchCache[node.id] = result
        return result
    }

    /// True for a SwiftUI preview, whose code never runs in the app: `#Preview { ... }`, or a type
    /// that conforms to `PreviewProvider`.
    static func isPreview(_ node: Syntax) -> Bool {
        if let macro = node.as(MacroExpansionExprSyntax.self) { return macro.macroName.text == "Preview" }
        if let macro = node.as(MacroExpansionDeclSyntax.self) { return macro.macroName.text == "Preview" }
        if let type = node.asProtocol(DeclGroupSyntax.self), let inherited = type.inheritanceClause?.inheritedTypes {
            return inherited.contains { $0.type.simpleName == "PreviewProvider" }
        }
        return false
    }

    /// True for a `private` or `fileprivate` declaration that only the file's previews use.
    private func isPreviewHelper(_ node: Syntax) -> Bool {
        !previewHelpers.isEmpty && previewHelpers.contains(node.id)
    }

    private static func ifStatement(_ item: CodeBlockItemSyntax) -> IfExprSyntax? {
        if let expression = item.item.as(ExpressionStmtSyntax.self) { return expression.expression.as(IfExprSyntax.self) }
        return item.item.as(IfExprSyntax.self)
    }

    /// True when a block always leaves its scope: it ends in `return`, `throw`, `break`, `continue`
    /// or a call to `fatalError` / `preconditionFailure`.
    static func alwaysExits(_ block: CodeBlockSyntax) -> Bool {
        guard let last = block.statements.last?.item else { return false }
        if last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self) || last.is(BreakStmtSyntax.self) || last.is(ContinueStmtSyntax.self) {
            return true
        }
        let expression = last.as(ExpressionStmtSyntax.self)?.expression ?? last.as(ExprSyntax.self)
        if let call = expression?.as(FunctionCallExprSyntax.self),
           let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            return name == "fatalError" || name == "preconditionFailure"
        }
        return false
    }

    /// True for `@available(macCatalyst, unavailable)` and `@available(*, unavailable)`.
    static func isUnavailableOnMacCatalyst(_ attributes: AttributeListSyntax) -> Bool {
        for element in attributes {
            guard case .attribute(let attribute) = element,
                  attribute.attributeName.trimmedDescription == "available",
                  case .availability(let arguments)? = attribute.arguments else { continue }
            let tokens = arguments.tokens(viewMode: .sourceAccurate).map(\.text)
            if tokens.contains("unavailable"), tokens.first == "macCatalyst" || tokens.first == "*" {
                return true
            }
        }
        return false
    }
}
