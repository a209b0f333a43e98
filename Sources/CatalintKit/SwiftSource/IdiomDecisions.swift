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
    /// Where each local is last used, read once per block.
    private let memo: Memo
    /// The file's functions by name, for what a branch selects by calling one.
    private let functions = FileFunctions()

    init(file: SwiftSourceFile, conditions: IdiomConditions, guards: GuardResolver, vocabulary: LoweringVocabulary) {
        self.memo = Memo(vocabulary)
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
        /// The first feature it turns on.
        var feature: String?
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

        func summary(after item: CodeBlockItemSyntax, in list: CodeBlockItemListSyntax, vocabulary: LoweringVocabulary,
                     memo: Memo) -> RestSummary {
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
                let groups = IdiomDecisionReader.statementGroups(region, vocabulary: vocabulary, memo: memo)
                if let name = groups.groups.lazy.compactMap({ $0.first(where: memo.isGeometry) }).first {
                    summary.geometry = name
                }
                if let name = IdiomDecisionReader.firstFeature(in: groups, around: region, vocabulary: vocabulary, memo: memo) {
                    summary.feature = name
                }
                var adaptive: String?
                var fixed: String?
                for name in IdiomDecisionReader.conditionNames(region) {
                    switch memo.adaptation(of: name) {
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
        return rests.summary(after: item, in: list, vocabulary: vocabulary, memo: memo)
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
        let readsIdiom = tests.contains { $0.condition.readsIdiomItself }
        // What the branches select, reduced to the geometry in it, and the first feature each turns
        // on: a decision with neither is not kept.
        var consequences: [[String]] = []
        var branchFeatures: [String?] = []
        for (branch, rest) in zip(branches, rests) {
            var groups = StatementGroups()
            for statements in branch.statements {
                groups.append(Self.statementGroups(statements, vocabulary: vocabulary, memo: memo))
                // `if idiom == .pad { setUpForPad() }`: what a function of this file that the branch
                // calls selects (for a decision that reads the idiom itself).
                for body in readsIdiom ? functions.bodies(calledIn: statements, of: file.tree) : [] {
                    groups.append(Self.statementGroups(body, vocabulary: vocabulary, memo: memo))
                }
            }
            if let value = branch.value { groups.append(StatementGroups(groups: Self.valueGroups(value, vocabulary: vocabulary))) }
            consequences += groups.groups
            if let geometry = rest?.geometry { consequences.append([geometry]) }
            branchFeatures.append(Self.firstFeature(in: groups, around: node, vocabulary: vocabulary, memo: memo) ?? rest?.feature)
        }
        if let destination = Self.destination(of: node) {
            consequences.append(destination)
        } else {
            // A value that goes nowhere we can name: what the values themselves are.
            for value in branches.compactMap(\.value) { consequences.append(IdiomConditions.identifiers(in: value)) }
        }
        let geometry = consequences.compactMap { group in group.first(where: memo.isGeometry).map { [$0] } }
        guard !geometry.isEmpty || branchFeatures.contains(where: { $0 != nil }) else { return nil }
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
            branchFeatures: branchFeatures,
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

    /// One group of names per thing a region of statements sets, calls, returns or declares, read as
    /// what the value does where it goes:
    /// - a call made to give another call its argument (`CGPoint(...)` in `setContentOffset(_:)`) is
    ///   part of that call's group, and a call or an assignment whose own name is about something
    ///   else than geometry (`setContentOffset`, `UIImage(size:)`, `titleEdgeInsets`) selects none;
    /// - a call that makes the value of an assignment is judged by the property assigned, unless it
    ///   makes a container or layout (`rootViewController = UISplitViewController(...)`);
    /// - a local used later in its block is judged by those uses, not by its name;
    /// - what is set on a controller that the same region makes a popover (its content size) is the
    ///   popover's, not layout;
    /// - the conditions of the region's `if`s and `guard`s select nothing.
    static func statementGroups(_ region: Syntax, vocabulary: LoweringVocabulary, memo: Memo? = nil) -> StatementGroups {
        final class Collector: SyntaxVisitor {
            let vocabulary: LoweringVocabulary
            var groups: [[String]] = []
            /// The group of each call or assignment whose group its arguments join (nil: none, it is
            /// about something other than geometry).
            var groupOf: [SyntaxIdentifier: Int?] = [:]
            /// Calls that make the value of an assignment, with the assignment's group.
            var assignedValues: [SyntaxIdentifier: Int?] = [:]
            /// Each assignment's group, with what it sets the property of (nil for `self`).
            var assignments: [(group: Int, receiver: ExprSyntax?)] = []
            /// For each group, the name that says what it is about (the property set, the function
            /// called): when that is about something other than geometry, so is the group.
            var heads: [Int: String] = [:]
            /// What the region makes a popover (`controller.modalPresentationStyle = .popover`).
            var popovers: Set<String> = []
            /// The groups that switch something off: `isEnabled = false`, `setRightBarButton(nil, ...)`.
            var switchedOff: Set<Int> = []
            let memo: Memo

            init(vocabulary: LoweringVocabulary, memo: Memo) {
                self.vocabulary = vocabulary
                self.memo = memo
                super.init(viewMode: .sourceAccurate)
            }

            /// A new group, whose head says what it is about.
            func add(_ names: [String], head: String?) -> Int {
                groups.append(names)
                if let head { heads[groups.count - 1] = head }
                return groups.count - 1
            }

            override func visit(_ node: ConditionElementListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

            override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
                if node.operator.is(AssignmentExprSyntax.self)
                    || ["+=", "-=", "*=", "/="].contains(node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "") {
                    let names = IdiomConditions.identifiers(in: node.leftOperand)
                    let group = add(names, head: names.last)
                    if IdiomDecisionReader.switchesOff(node.rightOperand) { switchedOff.insert(group) }
                    let receiver = node.leftOperand.unwrapped.as(MemberAccessExprSyntax.self)?.base
                    if names.last == "modalPresentationStyle", node.rightOperand.memberName == "popover" {
                        popovers.insert(receiver?.trimmedDescription ?? "")
                    }
                    assignments.append((group, receiver))
                    if let call = node.rightOperand.unwrapped.as(FunctionCallExprSyntax.self) { assignedValues[call.id] = .some(group) }
                }
                return .visitChildren
            }

            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                let names = IdiomDecisionReader.callNames(node, labels: node.arguments.compactMap { $0.label?.text })
                    + IdiomDecisionReader.settingKeys(node)
                if let assigned = assignedValues[node.id] {
                    // A container made for the property counts on its own; a value goes where it is assigned.
                    let callee = node.calleeName?.text ?? ""
                    groupOf[node.id] = vocabulary.isGeometryContainer(callee) ? add(names, head: nil) : assigned
                } else if let outer = IdiomDecisionReader.enclosingCall(of: node), let group = groupOf[outer.id] {
                    if let group { groups[group] += names }
                    groupOf[node.id] = .some(group)
                } else {
                    let group = add(names, head: node.calleeName?.text)
                    groupOf[node.id] = .some(group)
                    if node.calleeName?.text.hasPrefix("set") == true, let first = node.arguments.first,
                       IdiomDecisionReader.switchesOff(first.expression) {
                        switchedOff.insert(group)
                    }
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
                    let group = [name] + (node.typeAnnotation.map { IdiomConditions.identifiers(in: $0.type) } ?? [])
                    // Judged by its uses when it has some (only a name that would count needs asking).
                    if !(group.contains(where: memo.isGeometry) && isUsedLater(name, node)) { groups.append(group) }
                }
                return .visitChildren
            }

            /// True when a local is used after its binding in the block that declares it.
            func isUsedLater(_ name: String, _ binding: PatternBindingSyntax) -> Bool {
                guard let item = binding.ancestor(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
                      !(list.parent?.is(SourceFileSyntax.self) ?? true) else { return false }
                return memo.last(name, in: list).map { $0 > binding.endPosition } ?? false
            }
        }
        let memo = memo ?? Memo(vocabulary)
        let collector = Collector(vocabulary: vocabulary, memo: memo)
        collector.walk(region)
        var groups = collector.groups
        if !collector.popovers.isEmpty {
            for (group, receiver) in collector.assignments where collector.popovers.contains(receiver?.trimmedDescription ?? "") { groups[group] = [] }
        }
        for (group, head) in collector.heads where memo.isNonGeometry(head) && groups[group].contains(where: memo.isGeometry) {
            groups[group] = []
        }
        return StatementGroups(groups: groups, switchedOff: collector.switchedOff)
    }

    /// `false` and `nil`: a value that switches off what it is given to.
    static func switchesOff(_ value: ExprSyntax) -> Bool {
        let value = value.unwrapped
        if let literal = value.as(BooleanLiteralExprSyntax.self) { return literal.literal.tokenKind == .keyword(.false) }
        return value.is(NilLiteralExprSyntax.self)
    }

    /// The functions a file declares, by name, read once per file.
    final class FileFunctions {
        private var byName: [String: [FunctionDeclSyntax]]?

        /// The bodies of the functions of `tree` that `region` calls by a bare name or on `self`
        /// (`setUpForPad()`, `self.layOut()`), when exactly one function of the file has the name.
        func bodies(calledIn region: Syntax, of tree: SourceFileSyntax) -> [Syntax] {
            final class Calls: SyntaxVisitor {
                var names: [String] = []
                override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                    let callee = node.calledExpression.unwrapped
                    if let reference = callee.as(DeclReferenceExprSyntax.self) {
                        names.append(reference.baseName.text)
                    } else if let member = callee.as(MemberAccessExprSyntax.self),
                              member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                        names.append(member.declName.baseName.text)
                    }
                    return .visitChildren
                }
            }
            let calls = Calls(viewMode: .sourceAccurate)
            calls.walk(region)
            guard !calls.names.isEmpty else { return [] }
            let functions = byName ?? Self.read(tree)
            byName = functions
            var seen: Set<String> = []
            return calls.names.compactMap { name in
                guard seen.insert(name).inserted, let declared = functions[name], declared.count == 1, let body = declared[0].body,
                      !body.range.contains(region.position) else { return nil }
                return Syntax(body)
            }
        }

        private static func read(_ tree: SourceFileSyntax) -> [String: [FunctionDeclSyntax]] {
            final class Finder: SyntaxVisitor {
                var found: [String: [FunctionDeclSyntax]] = [:]
                override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                    if !node.name.text.looksLikeTypeName { found[node.name.text, default: []].append(node) }
                    return .visitChildren
                }
            }
            let finder = Finder(viewMode: .sourceAccurate)
            finder.walk(tree)
            return finder.found
        }
    }

    /// What a file's decisions ask more than once: where each name is last used as a plain name
    /// in a block (read once per block), and whether a name is geometry or about something else
    /// (read once per name).
    final class Memo {
        let vocabulary: LoweringVocabulary
        private var byList: [SyntaxIdentifier: [String: AbsolutePosition]] = [:]
        private var geometry: [String: Bool] = [:]
        private var nonGeometry: [String: Bool] = [:]

        init(_ vocabulary: LoweringVocabulary) {
            self.vocabulary = vocabulary
        }

        func isGeometry(_ name: String) -> Bool {
            if let known = geometry[name] { return known }
            let answer = vocabulary.isGeometry(name)
            geometry[name] = answer
            return answer
        }

        private var features: [String: (excluded: Bool, matches: Bool, words: Int)] = [:]

        private var adaptations: [String: Bool?] = [:]

        /// `vocabulary.adaptation(of: name)`, once per name.
        func adaptation(of name: String) -> Bool? {
            if let known = adaptations[name] { return known }
            let answer = vocabulary.adaptation(of: name)
            adaptations[name] = .some(answer)
            return answer
        }

        /// `vocabulary.featureClassifier.judged(name)`, once per name.
        func judgedFeature(_ name: String) -> (excluded: Bool, matches: Bool, words: Int) {
            if let known = features[name] { return known }
            let answer = vocabulary.featureClassifier.judged(name)
            features[name] = answer
            return answer
        }

        func isNonGeometry(_ name: String) -> Bool {
            if let known = nonGeometry[name] { return known }
            let answer = vocabulary.isNonGeometry(name)
            nonGeometry[name] = answer
            return answer
        }

        func last(_ name: String, in list: CodeBlockItemListSyntax) -> AbsolutePosition? {
            if let known = byList[list.id] { return known[name] }
            var uses: [String: AbsolutePosition] = [:]
            for token in list.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let text) = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                      reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id else { continue }
                uses[text] = token.position
            }
            byList[list.id] = uses
            return uses[name]
        }
    }

    /// The call `node` gives an argument to, through parentheses: `setContentOffset` for
    /// `CGPoint(...)` in `setContentOffset(CGPoint(...), animated: false)`.
    static func enclosingCall(of node: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        var current = Syntax(node)
        while let parent = current.parent {
            if let list = parent.as(LabeledExprListSyntax.self) {
                if let call = list.parent?.as(FunctionCallExprSyntax.self) { return call }
                if !(list.parent?.is(TupleExprSyntax.self) ?? false) { return nil }
            } else if !parent.is(LabeledExprSyntax.self) && !parent.is(TupleExprSyntax.self) {
                return nil
            }
            current = parent
        }
        return nil
    }

    /// One group of names per call a value makes (`CGSize(width:height:)`).
    static func valueGroups(_ value: ExprSyntax, vocabulary: LoweringVocabulary) -> [[String]] {
        statementGroups(Syntax(value), vocabulary: vocabulary).groups.filter { !$0.isEmpty }
    }

    /// The names a call spells: its callee (`stack`, `setCustomSpacing`), and the callee's name joined
    /// with each argument label (`systemFontOfSize`, `constraintEqualToConstant`), so that a label is
    /// read with the function it belongs to.
    static func callNames(_ call: FunctionCallExprSyntax, labels: [String]) -> [String] {
        let callee = IdiomConditions.identifiers(in: call.calledExpression)
        let function = callee.last ?? ""
        return callee + labels.map { label in function + label.prefix(1).uppercased() + label.dropFirst() }
    }

    /// The keys a call stores values under: `register(defaults: ["gridColumns": 4])`,
    /// `set(3, forKey: Keys.columns)`: a stored setting is what its key names (the words of a
    /// string key, the names of a constant), and the value goes there.
    static func settingKeys(_ call: FunctionCallExprSyntax) -> [String] {
        var keys: [ExprSyntax] = []
        for argument in call.arguments {
            switch argument.label?.text {
            case "forKey"?:
                keys.append(argument.expression)
            case "defaults"?:
                if case .elements(let elements)? = argument.expression.as(DictionaryExprSyntax.self)?.content {
                    keys += elements.map(\.key)
                }
            default:
                break
            }
        }
        return keys.flatMap { key -> [String] in
            if let literal = key.as(StringLiteralExprSyntax.self) {
                let text = literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
                return text.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init)
            }
            return IdiomConditions.identifiers(in: key)
        }
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
            // `bounds.width / (isPad ? 3 : 2)`: parentheses pass the value on.
            if parent.is(LabeledExprSyntax.self), let tuple = parent.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 {
                node = Syntax(tuple)
                continue
            }
            // `register(defaults: ["itemsPerRow": isPad ? 5 : 2])`: a stored setting's default is
            // what its key names, wherever the dictionary goes.
            if let element = parent.as(DictionaryElementSyntax.self), element.value.id == node.id {
                let key = element.key.as(StringLiteralExprSyntax.self)?.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
                    ?? element.key.trimmedDescription
                let words = key.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init)
                let dictionary = element.parent?.parent?.as(DictionaryExprSyntax.self)
                return words + (dictionary.flatMap { destination(of: Syntax($0)) } ?? [])
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
            // The single expression of a computed property (or of its `get`), function or closure
            // is what it returns.
            if let item = parent.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
               list.parent?.is(AccessorBlockSyntax.self) == true || list.parent?.parent?.is(FunctionDeclSyntax.self) == true
                || list.parent?.is(ClosureExprSyntax.self) == true
                || list.parent?.parent?.as(AccessorDeclSyntax.self)?.accessorSpecifier.tokenKind == .keyword(.get) {
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

    /// The first feature the groups of a region turn on. The name of the function the region is in
    /// is where its `return`s go, not something it turns on: it is left out.
    static func firstFeature(in groups: StatementGroups, around node: Syntax, vocabulary: LoweringVocabulary, memo: Memo) -> String? {
        guard !vocabulary.featureWords.isEmpty else { return nil }
        return vocabulary.firstFeature(in: groups, leaving: enclosingName(of: node), judge: memo.judgedFeature)
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
