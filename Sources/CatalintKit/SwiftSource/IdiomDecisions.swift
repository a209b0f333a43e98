import SwiftSyntax

/// Reads the decisions a file may make on the idiom (`if`/`else if` chains, `guard`, early exits,
/// `?:` and `switch`) into `PendingDecision`s: their conditions, branches, and the geometry they
/// select. Which branch each idiom takes is worked out by resolution, once the project's helpers
/// are known. Decisions that select no geometry, as the vocabulary tells it, are not kept.
struct IdiomDecisionReader {
    let file: SwiftSourceFile
    let conditions: IdiomConditions
    let guards: GuardResolver
    let vocabulary: LoweringVocabulary
    /// What the code after each statement of a list selects, read once per list.
    private let rests = RestSummaries()

    init(file: SwiftSourceFile, conditions: IdiomConditions, guards: GuardResolver, vocabulary: LoweringVocabulary) {
        self.file = file
        self.conditions = conditions
        self.guards = guards
        self.vocabulary = vocabulary
    }

    /// One branch of a decision: what it is called in messages, and its code.
    private struct Branch {
        var label: String
        /// Statements (a block), or none for a branch that does nothing.
        var statements: [Syntax]
        /// A value (an arm of `?:`), instead of statements.
        var value: ExprSyntax?
        /// The statement a `guard` or an early exit is: the branch is the code after it, read (for
        /// the whole list at once) only when the decision is about the idiom.
        var after: Syntax?
    }

    /// What the statements from one of a list to its end select and read, as far as a decision needs:
    /// the first group of names with geometry in it (its first geometry name), and the first name of
    /// each kind that bears on adaptation (one that adapts to the window, one about the screen).
    struct RestSummary {
        var geometry: String?
        var adaptive: String?
        var fixed: String?
    }

    /// The summaries of the code after each statement, per list: computed from the list's end, as far
    /// up as a decision asks and no further, each statement once, so the decisions of a thousand early
    /// exits in one list cost what one pass over the list does (and an exit near the end, little).
    private final class RestSummaries {
        struct List {
            var elements: [CodeBlockItemSyntax]
            var positions: [SyntaxIdentifier: Int]
            /// The summaries of the list's ends: `ends[k]` is that of its last `k` statements.
            var ends: [RestSummary]
            /// The first statement summarized.
            var computed: Int { elements.count - (ends.count - 1) }
        }

        var byList: [SyntaxIdentifier: List] = [:]

        func summary(after item: CodeBlockItemSyntax, in list: CodeBlockItemListSyntax, vocabulary: LoweringVocabulary) -> RestSummary {
            var state = byList[list.id] ?? {
                let elements = Array(list)
                var positions: [SyntaxIdentifier: Int] = [:]
                for (offset, element) in elements.enumerated() { positions[element.id] = offset }
                return List(elements: elements, positions: positions, ends: [RestSummary()])
            }()
            guard let position = state.positions[item.id] else { return RestSummary() }
            while state.computed > position + 1 {
                var summary = state.ends[state.ends.count - 1]
                let region = Syntax(state.elements[state.computed - 1])
                if let name = IdiomDecisionReader.statementGroups(region).lazy.compactMap({ $0.first(where: vocabulary.isGeometry) }).first {
                    summary.geometry = name
                }
                var adaptive: String?
                var fixed: String?
                for name in IdiomDecisionReader.conditionNames(region) {
                    switch vocabulary.adaptation(of: name) {
                    case true?: adaptive = adaptive ?? name
                    case false?: fixed = fixed ?? name
                    case nil: break
                    }
                }
                summary.adaptive = adaptive ?? summary.adaptive
                summary.fixed = fixed ?? summary.fixed
                state.ends.append(summary)
            }
            byList[list.id] = state
            // The one asked for: of the statements after `position`.
            return state.ends[state.elements.count - (position + 1)]
        }
    }

    /// The code after `node` in its block, summarized: what runs when a `guard` or an early exit
    /// lets it through; nil when `node` is not a statement of a block.
    private func rest(after node: some SyntaxProtocol) -> RestSummary? {
        guard let item = Self.statementItem(node), let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return nil }
        return rests.summary(after: item, in: list, vocabulary: vocabulary)
    }

    // MARK: The kinds of decision

    func decision(_ node: IfExprSyntax) -> PendingDecision? {
        // An `else if` is read with the `if` that starts the chain.
        if let parent = node.parent?.as(IfExprSyntax.self), parent.elseBody?.id == Syntax(node).id { return nil }
        var tests: [(condition: IdiomCondition, syntax: Syntax)] = []
        var branches: [Branch] = []
        var current: IfExprSyntax? = node
        var fallback = Branch(label: "no branch (it skips the `if`)", statements: [])
        while let ifExpression = current {
            tests.append((conditions.condition(of: ifExpression.conditions), Syntax(ifExpression.conditions)))
            let label = branches.isEmpty ? "the `if` branch" : "the `else if` branch on line \(file.position(of: ifExpression).line)"
            branches.append(Branch(label: label, statements: [Syntax(ifExpression.body)]))
            current = nil
            switch ifExpression.elseBody {
            case .ifExpr(let next)?: current = next
            case .codeBlock(let block)?: fallback = Branch(label: "the `else` branch", statements: [Syntax(block)])
            case nil: break
            }
        }
        // `if idiom != .pad { return }`: what follows is the other branch.
        if tests.count == 1, node.elseBody == nil, GuardResolver.alwaysExits(node.body), Self.statementItem(node) != nil {
            fallback = Branch(label: "the code after the `if`", statements: [], after: Syntax(node))
        }
        return decision(at: Syntax(node), tests: tests, branches: branches + [fallback], anchor: nil)
    }

    func decision(_ node: GuardStmtSyntax) -> PendingDecision? {
        let test = (conditions.condition(of: node.conditions), Syntax(node.conditions))
        let rest = Branch(label: "the code after the `guard`", statements: [], after: Syntax(node))
        let exit = Branch(label: "the `guard`'s `else` branch", statements: [Syntax(node.body)])
        return decision(at: Syntax(node), tests: [test], branches: [rest, exit], anchor: nil)
    }

    func decision(_ node: TernaryExprSyntax) -> PendingDecision? {
        let test = (conditions.condition(of: node.condition), Syntax(node.condition))
        let branches = [
            Branch(label: "the value after `?`", statements: [], value: node.thenExpression),
            Branch(label: "the value after `:`", statements: [], value: node.elseExpression),
        ]
        return decision(at: Syntax(node), tests: [test], branches: branches, anchor: nil)
    }

    func decision(_ node: SwitchExprSyntax) -> PendingDecision? {
        guard let cases = conditions.switchCaseTests(node) else { return nil }
        var tests: [(IdiomCondition, Syntax)] = []
        var branches: [Branch] = []
        var fallback = Branch(label: "no case (the `switch` does nothing)", statements: [])
        for (switchCase, test) in cases {
            let statements = [Syntax(switchCase.statements)]
            if let test {
                tests.append((test, Syntax(switchCase.label)))
                branches.append(Branch(label: "`\(switchCase.label.compactText.dropLast(switchCase.label.compactText.hasSuffix(":") ? 1 : 0))`", statements: statements))
            } else {
                fallback = Branch(label: "`default`", statements: statements)
            }
        }
        return decision(at: Syntax(node), tests: tests, branches: branches + [fallback], anchor: Syntax(node.subject),
                        spelling: "switch \(node.subject.compactText)")
    }

    // MARK: The decision

    private func decision(at node: Syntax, tests: [(condition: IdiomCondition, syntax: Syntax)], branches: [Branch],
                          anchor: Syntax?, spelling: String? = nil) -> PendingDecision? {
        guard tests.contains(where: { $0.condition.mentionsIdiom }) else { return nil }
        let rests = branches.map { branch in branch.after.flatMap { rest(after: $0) } }
        // What the branches select, reduced to the geometry in it: a decision with none is not kept.
        var consequences: [[String]] = []
        for (branch, rest) in zip(branches, rests) {
            for statements in branch.statements { consequences += Self.statementGroups(statements) }
            if let value = branch.value { consequences += Self.valueGroups(value) }
            if let geometry = rest?.geometry { consequences.append([geometry]) }
        }
        if let destination = Self.destination(of: node) {
            consequences.append(destination)
        } else {
            // A value that goes nowhere we can name: what the values themselves are.
            for value in branches.compactMap(\.value) { consequences.append(IdiomConditions.identifiers(in: value)) }
        }
        let geometry = consequences.compactMap { group in group.first(where: vocabulary.isGeometry).map { [$0] } }
        guard !geometry.isEmpty else { return nil }
        return PendingDecision(
            tests: tests.map { test in
                PendingDecision.Test(condition: test.condition, spelling: Self.shortened(test.syntax.compactText),
                                     position: file.position(of: test.syntax), anchors: anchors(in: test.syntax))
            },
            position: anchor.map { file.position(of: $0) },
            spelling: spelling,
            branches: branches.map(\.label),
            branchConditionNames: zip(branches, rests).map { branch, rest in
                (branch.statements.flatMap(Self.conditionNames) + (branch.value.map { Self.conditionNames(Syntax($0)) } ?? [])
                    + [rest?.adaptive, rest?.fixed].compactMap { $0 })
                    .filter(vocabulary.bearsOnAdaptation)
            },
            consequences: geometry,
            guardContext: guards.context(for: node))
    }

    /// The places in a condition that may read the idiom, in source order: comparisons with an
    /// idiom (their subject), and names that may be helpers.
    private func anchors(in condition: Syntax) -> [PendingDecision.Anchor] {
        final class Finder: SyntaxVisitor {
            let reader: IdiomDecisionReader
            var found: [PendingDecision.Anchor] = []
            init(_ reader: IdiomDecisionReader) {
                self.reader = reader
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
                if let comparison = reader.conditions.comparison(node), let side = reader.conditions.idiomSide(of: node) {
                    found.append(.init(condition: comparison, position: reader.file.position(of: side)))
                    return .skipChildren
                }
                return .visitChildren
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                add(ExprSyntax(node))
                return .skipChildren
            }
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                add(ExprSyntax(node))
                return .skipChildren
            }
            private func add(_ expression: ExprSyntax) {
                guard let name = IdiomConditions.helperName(expression) else { return }
                found.append(.init(condition: .helper(HelperUse(name: name, path: reader.file.path)), position: reader.file.position(of: expression)))
            }
        }
        let finder = Finder(self)
        finder.walk(condition)
        return finder.found
    }

    // MARK: What the branches select

    /// One group of names per thing a region of statements sets, calls, returns or declares.
    static func statementGroups(_ region: Syntax) -> [[String]] {
        final class Collector: SyntaxVisitor {
            var groups: [[String]] = []
            /// Calls that make the value of an assignment: what they are for is the property
            /// assigned (`bottomSeparatorInsets = NSDirectionalEdgeInsets(...)` is about a separator).
            var assignedValues: Set<SyntaxIdentifier> = []
            override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
                if node.operator.is(AssignmentExprSyntax.self)
                    || ["+=", "-=", "*=", "/="].contains(node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "") {
                    groups.append(IdiomConditions.identifiers(in: node.leftOperand))
                    if let call = node.rightOperand.unwrapped.as(FunctionCallExprSyntax.self) { assignedValues.insert(call.id) }
                }
                return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if !assignedValues.contains(node.id) {
                    groups.append(IdiomDecisionReader.callNames(node, labels: node.arguments.compactMap { $0.label?.text }))
                }
                return .visitChildren
            }
            override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
                // What is returned goes where the function or property's value goes; a returned call
                // is a group of its own.
                var group = IdiomDecisionReader.enclosingName(of: Syntax(node)).map { [$0] } ?? []
                if let expression = node.expression?.unwrapped,
                   expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self) {
                    group += IdiomConditions.identifiers(in: expression)
                }
                groups.append(group)
                return .visitChildren
            }
            override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
                if node.initializer != nil, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                    groups.append([name] + (node.typeAnnotation.map { IdiomConditions.identifiers(in: $0.type) } ?? []))
                }
                return .visitChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(region)
        return collector.groups
    }

    /// One group of names per call a value makes (`CGSize(width:height:)`).
    static func valueGroups(_ value: ExprSyntax) -> [[String]] {
        statementGroups(Syntax(value)).filter { !$0.isEmpty }
    }

    /// The names a call spells: its callee (`stack`, `setCustomSpacing`), and the callee's name joined
    /// with each argument label (`systemFontOfSize`, `constraintEqualToConstant`), so that a label is
    /// read with the function it belongs to.
    static func callNames(_ call: FunctionCallExprSyntax, labels: [String]) -> [String] {
        let callee = IdiomConditions.identifiers(in: call.calledExpression)
        let function = callee.last ?? ""
        return callee + labels.map { label in function + label.prefix(1).uppercased() + label.dropFirst() }
    }

    /// The identifiers the conditions inside a region read: of its `if`s, `guard`s, `switch`es and `?:`s.
    static func conditionNames(_ region: Syntax) -> [String] {
        final class Collector: SyntaxVisitor {
            var names: [String] = []
            override func visit(_ node: ConditionElementListSyntax) -> SyntaxVisitorContinueKind {
                names += IdiomConditions.identifiers(in: node)
                return .visitChildren
            }
            override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
                names += IdiomConditions.identifiers(in: node.subject)
                return .visitChildren
            }
            override func visit(_ node: TernaryExprSyntax) -> SyntaxVisitorContinueKind {
                names += IdiomConditions.identifiers(in: node.condition)
                return .visitChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(region)
        return collector.names
    }

    /// Where the value a decision chooses goes: the variable it initializes or the property it is
    /// assigned to, the argument it is passed as, or the function or property that returns it.
    static func destination(of decision: Syntax) -> [String]? {
        var node = decision
        while let parent = node.parent {
            if let infix = parent.as(InfixOperatorExprSyntax.self) {
                if infix.operator.is(AssignmentExprSyntax.self) {
                    return infix.rightOperand.id == node.id ? IdiomConditions.identifiers(in: infix.leftOperand) : nil
                }
                node = parent  // `(isPad ? 3 : 2) * spacing`: the result goes on
                continue
            }
            if let binding = parent.as(PatternBindingSyntax.self) {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                return [name] + (binding.typeAnnotation.map { IdiomConditions.identifiers(in: $0.type) } ?? [])
                    + assignedLater(name, after: Syntax(binding))
            }
            if let argument = parent.as(LabeledExprSyntax.self) {
                guard let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return nil }
                let names = callNames(call, labels: argument.label.map { [$0.text] } ?? [])
                // `.init(top: 0, bottom: isPad ? 5 : 0)`: an implicit member makes a value of the
                // type its context expects, so where that value goes says what it is.
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil {
                    return names + (destination(of: Syntax(call)) ?? [])
                }
                return names
            }
            if parent.is(ReturnStmtSyntax.self) {
                return enclosingName(of: parent).map { [$0] }
            }
            if parent.is(TupleExprSyntax.self) || parent.is(LabeledExprListSyntax.self) || parent.is(InitializerClauseSyntax.self)
                || parent.is(PrefixOperatorExprSyntax.self) || parent.is(SequenceExprSyntax.self) {
                node = parent
                continue
            }
            // The single expression of a computed property, function or closure is what it returns.
            if let item = parent.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
               list.parent?.is(AccessorBlockSyntax.self) == true || list.parent?.parent?.is(FunctionDeclSyntax.self) == true
                || list.parent?.is(ClosureExprSyntax.self) == true {
                return enclosingName(of: parent).map { [$0] }
            }
            if parent.is(ExpressionStmtSyntax.self) {
                node = parent
                continue
            }
            return nil
        }
        return nil
    }

    /// What a local is given to later in its block: `let m = isPad ? 0.1 : 0.04` then
    /// `leading.constant += width * m` gives `leading`, `constant`, and `let thumbnailWidth =
    /// width * m` gives `thumbnailWidth`. Only the statements of the block that declares it, and
    /// only assignments (`=`, `+=`, ...) and declarations whose value reads it.
    static func assignedLater(_ name: String, after binding: Syntax) -> [String] {
        guard let item = binding.ancestor(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
              list.parent?.is(SourceFileSyntax.self) == false else { return [] }
        var names: [String] = []
        var seen = false
        for statement in list {
            if statement.id == item.id { seen = true; continue }
            guard seen else { continue }
            if let variable = statement.item.as(VariableDeclSyntax.self) {
                for later in variable.bindings where later.initializer.map({ IdiomConditions.identifiers(in: $0.value).contains(name) }) == true {
                    names += IdiomConditions.identifiers(in: later.pattern)
                }
                continue
            }
            guard let infix = statement.item.as(ExprSyntax.self)?.as(InfixOperatorExprSyntax.self) else { continue }
            let assigns = infix.operator.is(AssignmentExprSyntax.self)
                || ["+=", "-=", "*=", "/="].contains(infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
            if assigns, IdiomConditions.identifiers(in: infix.rightOperand).contains(name) {
                names += IdiomConditions.identifiers(in: infix.leftOperand)
            }
        }
        return names
    }

    /// The function or property whose body holds `node`: its name.
    static func enclosingName(of node: Syntax) -> String? {
        var current = node.parent
        while let ancestor = current {
            if let function = ancestor.as(FunctionDeclSyntax.self) { return function.name.text }
            if let binding = ancestor.as(PatternBindingSyntax.self) { return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
            if ancestor.is(InitializerDeclSyntax.self) || ancestor.is(MemberBlockSyntax.self) { return nil }
            current = ancestor.parent
        }
        return nil
    }

    /// The statement of a block that `node` is (through an expression statement), if it is one.
    static func statementItem(_ node: some SyntaxProtocol) -> CodeBlockItemSyntax? {
        var current = Syntax(node)
        while let parent = current.parent, !parent.is(CodeBlockItemSyntax.self) {
            guard parent.is(ExpressionStmtSyntax.self) else { return nil }
            current = parent
        }
        return current.parent?.as(CodeBlockItemSyntax.self)
    }

    static func shortened(_ text: String) -> String {
        text.count <= 100 ? text : String(text.prefix(97)) + "..."
    }
}
