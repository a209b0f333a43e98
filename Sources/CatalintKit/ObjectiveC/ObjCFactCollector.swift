import Foundation

/// Lowers one parsed Objective-C file into the facts the Swift front end makes of Swift: objects
/// created (`[[UIStepper alloc] init]`), properties set with their control states
/// (`[button setTitle:t forState:UIControlStateSelected]`, `slider.thumbTintColor = c`), objects
/// presented and pushed, sizes, screens compared, fonts, names a rule looks for and decisions on the
/// idiom, each with its position and guard context (`if (UI_USER_INTERFACE_IDIOM() == ...)`,
/// early returns, `?:`, `switch`, `&&`, `API_UNAVAILABLE(macCatalyst)`, code only the Mac build
/// has); and the file's part of the project index: its classes, their superclasses and properties,
/// and the methods and functions that compare the idiom. What depends on other files stays
/// symbolic for `Resolution`, as for Swift, so one index serves both languages.
final class ObjCFactCollector {
    fileprivate let tree: ObjCTree
    private let source: SourceText
    private let vocabulary: LoweringVocabulary
    private let path: String
    private(set) var facts = FileFacts()
    private(set) var index = ProjectIndex()
    private let deadline: Deadline

    /// Where the walk is: the class whose code it reads, the method or function, and its context.
    private struct Scope {
        var currentClass: String?
        var isClassMethod = false
        /// The method or function whose body holds the node (its node).
        var function: Int?
        /// Its name (the selector for a method).
        var functionName: String?
    }

    /// A local or parameter, by where it is declared.
    private struct Local {
        var value: ValueRef
        /// The declaration's node.
        var declaration: Int
        /// True when its initializer makes the object right there (`[[X alloc] init]`, `[X new]`,
        /// a class's factory such as `[UIAlertController alertControllerWithTitle:...]`).
        var made: Bool
        /// The node of the function that declares it.
        var function: Int?
    }

    private var locals: [Int: Local] = [:]
    /// The text of headers whose macros made operators, read when libclang cannot name them.
    private var macroFileBytes: [String: [UInt8]] = [:]
    /// The classes the file declares, read before the walk.
    fileprivate var fileClasses = ProjectIndex()
    private var contexts: [GuardContext]
    /// The code only the Mac build has (under `#if TARGET_OS_MACCATALYST`).
    private let macOnly: [Range<Int>]

    init(parse: ObjCParse, source: SourceText, vocabulary: LoweringVocabulary, macOnly: [Range<Int>] = [], deadline: Deadline = .none) {
        self.tree = ObjCTree(parse: parse, bytes: source.utf8)
        self.source = source
        self.vocabulary = vocabulary
        self.path = source.path
        self.macOnly = macOnly
        self.deadline = deadline
        self.contexts = Array(repeating: .unguarded, count: parse.nodes.count)
    }

    /// The facts and index of a parsed file.
    static func lower(_ parse: ObjCParse, source: SourceText, vocabulary: LoweringVocabulary, macOnly: [Range<Int>] = [],
                      deadline: Deadline = .none) -> (facts: FileFacts, index: ProjectIndex) {
        let collector = ObjCFactCollector(parse: parse, source: source, vocabulary: vocabulary, macOnly: macOnly, deadline: deadline)
        // The file's classes first: code above a class's @interface still knows its superclass.
        var early = ProjectIndex()
        for root in parse.roots where collector.tree[root].kind == .objCInterfaceDecl {
            if let name = collector.className(of: root) {
                early.add(TypeInfo(name: name, superclass: collector.tree[root].children.first { collector.tree[$0].kind == .objCSuperClassRef }.map { collector.tree[$0].spelling }))
            }
        }
        collector.fileClasses = early
        for root in parse.roots { collector.walk(root, context: .unguarded, scope: Scope()) }
        return (collector.facts, collector.index)
    }

    private func position(_ offset: Int) -> SourcePosition { source.position(utf8Offset: offset) }

    /// Where a node is used in the file: its start, or for code a macro makes, the macro's use
    /// (clang's extent of such code can be where the macro's body is spelled).
    private func useSite(_ index: Int) -> Int {
        let node = tree[index]
        return node.fromMacro ? node.location : node.begin
    }

    /// Where a fact about a node is reported: where its code is written. For code a macro of this
    /// file makes (`#define ROW_HEIGHT (IS_IPAD ? 60 : 44)`), that is the macro's body, once for
    /// every use; for a macro of a header, its use here.
    private func place(_ index: Int, else offset: Int) -> SourcePosition {
        let node = tree[index]
        if isMadeByMacro(index), node.spellingPath == source.path, node.spellingOffset >= 0 { return position(node.spellingOffset) }
        return position(offset)
    }

    /// True when a macro makes the node itself, not only a part of it: clang places a `?:` and a
    /// comparison at their first operand, which may be a macro (`IS_IPAD ? 4 : 2` is written here).
    private func isMadeByMacro(_ index: Int) -> Bool {
        let node = tree[index]
        guard node.fromMacro else { return false }
        switch node.kind {
        case .conditionalOperator: return !tree.text(index).contains("?")
        case .ifStmt: return !tree.text(index).hasPrefix("if")
        case .switchStmt: return !tree.text(index).hasPrefix("switch")
        default: return true
        }
    }

    // MARK: The walk

    private func walk(_ index: Int, context: GuardContext, scope: Scope) {
        guard !deadline.expired else { return }
        let node = tree[index]
        var context = context
        var scope = scope
        if !macOnly.isEmpty, node.begin < node.end, macOnly.contains(where: { $0.contains(node.begin) }) {
            context = context.restricted(to: .onMac)
        }
        switch node.kind {
        case .objCInterfaceDecl, .objCCategoryDecl, .objCImplementationDecl, .objCCategoryImplDecl, .objCProtocolDecl:
            scope.currentClass = node.kind == .objCProtocolDecl ? nil : className(of: index)
            if isUnavailableOnMacCatalyst(index) { context.unavailableOnMacCatalyst = true }
            indexContainer(index)
            recordDeclaration(index)
        case .objCInstanceMethodDecl, .objCClassMethodDecl, .functionDecl:
            scope.function = index
            scope.functionName = node.spelling
            scope.isClassMethod = node.kind == .objCClassMethodDecl
            if node.kind == .functionDecl { scope.currentClass = scope.currentClass ?? nil }
            if isUnavailableOnMacCatalyst(index) { context.unavailableOnMacCatalyst = true }
            indexHelper(index, scope: scope)
            indexStyleOverride(index, scope: scope)
        case .varDecl, .parmDecl:
            contexts[index] = context
            declareLocal(index, scope: scope)
        default:
            break
        }
        contexts[index] = context
        record(index, context: context, scope: scope)
        walkChildren(index, context: context, scope: scope)
    }

    /// The children of a node, each in the context the node gives it.
    private func walkChildren(_ index: Int, context: GuardContext, scope: Scope) {
        let node = tree[index]
        let children = node.children
        switch node.kind {
        case .ifStmt:
            let parts = tree.operands(index)
            guard parts.count >= 2 else { break }
            let test = condition(of: parts[0])
            walk(parts[0], context: context, scope: scope)
            walk(parts[1], context: requiring(context, test, holds: true, checksOf: parts[0]), scope: scope)
            if parts.count > 2 { walk(parts[2], context: requiring(context, test, holds: false, checksOf: parts[0]), scope: scope) }
            return
        case .conditionalOperator:
            let parts = tree.operands(index)
            guard parts.count == 3 else { break }
            let test = condition(of: parts[0])
            walk(parts[0], context: context, scope: scope)
            walk(parts[1], context: requiring(context, test, holds: true, checksOf: parts[0]), scope: scope)
            walk(parts[2], context: requiring(context, test, holds: false, checksOf: parts[0]), scope: scope)
            return
        case .binaryOperator:
            let parts = tree.operands(index)
            if parts.count == 2, let op = binaryOperator(index), op == .logicalAnd || op == .logicalOr {
                walk(parts[0], context: context, scope: scope)
                walk(parts[1], context: requiring(context, condition(of: parts[0]), holds: op == .logicalAnd, checksOf: parts[0]), scope: scope)
                return
            }
        case .compoundStmt:
            // After `if (cond) { ...; return; }` the rest runs where `cond` does not hold.
            var current = context
            for child in children {
                walk(child, context: current, scope: scope)
                if let exit = earlyExit(child) { current = requiring(current, exit.condition, holds: false, checksOf: exit.conditionNode) }
            }
            return
        case .switchStmt:
            let parts = tree.operands(index)
            guard parts.count == 2 else { break }
            walk(parts[0], context: context, scope: scope)
            let cases = switchCases(index)
            walkSwitchBody(parts[1], context: context, scope: scope, cases: cases)
            return
        default:
            break
        }
        for child in children { walk(child, context: context, scope: scope) }
    }

    /// A switch's body: each statement under the condition of the case it follows.
    private func walkSwitchBody(_ body: Int, context: GuardContext, scope: Scope, cases: [Int: IdiomCondition]?) {
        guard tree[body].kind == .compoundStmt else {
            walk(body, context: context, scope: scope)
            return
        }
        var current = context
        for child in tree[body].children {
            if let cases, let label = outermostLabel(child), let test = cases[label] { current = requiring(context, test, holds: true, checksOf: nil) }
            walk(child, context: current, scope: scope)
        }
    }

    /// The `case` or `default` a statement of a switch's body starts with (itself, or nested labels).
    private func outermostLabel(_ index: Int) -> Int? {
        let kind = tree[index].kind
        return kind == .caseStmt || kind == .defaultStmt ? index : nil
    }

    private func requiring(_ context: GuardContext, _ condition: IdiomCondition, holds: Bool, checksOf conditionNode: Int?) -> GuardContext {
        var context = context
        if condition.mentionsIdiom {
            context.requirement = facts.requirements.add(PendingCondition(condition, holds: holds), to: context.requirement)
        }
        if let conditionNode {
            for name in checks(in: conditionNode, holds: holds) { context = context.checking(name) }
        }
        return context
    }

    /// `if (...) { ...; return; }` with no `else`: the statement and its condition.
    private func earlyExit(_ index: Int) -> (condition: IdiomCondition, conditionNode: Int)? {
        guard tree[index].kind == .ifStmt else { return nil }
        let parts = tree.operands(index)
        guard parts.count == 2, alwaysExits(parts[1]) else { return nil }
        return (condition(of: parts[0]), parts[0])
    }

    /// True when a statement ends by leaving its function.
    private func alwaysExits(_ index: Int) -> Bool {
        let node = tree[index]
        switch node.kind {
        case .returnStmt: return true
        case .compoundStmt: return node.children.last.map(alwaysExits) ?? false
        default: return false
        }
    }

    /// The checks a rule names (`isSourceTypeAvailable:`) that hold where `condition` is `holds`.
    private func checks(in condition: Int, holds: Bool) -> [String] {
        guard !vocabulary.checks.isEmpty else { return [] }
        let inner = tree.unwrapped(condition)
        if tree[inner].kind == .unaryOperator, isNot(inner), let operand = tree.operands(inner).first { return checks(in: operand, holds: !holds) }
        if tree[inner].kind == .binaryOperator, binaryOperator(inner) == .logicalAnd, holds {
            return tree.operands(inner).flatMap { checks(in: $0, holds: true) }
        }
        guard holds, let message = tree.message(inner), let first = message.pieces.first, vocabulary.checks.contains(first) else { return [] }
        return [first]
    }

    // MARK: Conditions

    private func binaryOperator(_ index: Int) -> ObjCBinaryOperator? {
        let node = tree[index]
        if let op = node.binaryOperator { return op }
        // A libclang before 17 does not tell: the token between the operands does.
        let parts = tree.operands(index)
        guard parts.count == 2 else { return nil }
        if tree[parts[1]].fromMacro, let spelled = macroOperator(before: parts[1]) { return spelled }
        // Before libclang 17 a macro's code is all at the macro's name (`IS_IPAD`): its definition,
        // in the file or a header it includes, spells the operator.
        if tree[parts[0]].begin == tree[parts[1]].begin, let spelled = definedOperator(at: tree[parts[1]].begin, before: parts[1]) {
            return spelled
        }
        let start = tree[parts[0]].end
        let position = tree.lowerBound(start)
        guard position < tree.parse.tokens.count else { return nil }
        let token = tree.parse.tokens[position]
        guard token.begin < tree[parts[1]].begin || tree[parts[1]].fromMacro else { return nil }
        return ObjCBinaryOperator(token: String(decoding: tree.bytes[token.begin..<min(token.end, tree.bytes.count)], as: UTF8.self))
    }

    /// The operator before the operand `before` in the body of the macro whose name is at `offset`,
    /// read from its `#define` in the file or in a header the file includes.
    private func definedOperator(at offset: Int, before operand: Int) -> ObjCBinaryOperator? {
        let position = tree.lowerBound(offset)
        guard position < tree.parse.tokens.count else { return nil }
        let token = tree.parse.tokens[position]
        guard token.kind == .identifier, token.begin == offset else { return nil }
        let name = Array(tree.bytes[token.begin..<min(token.end, tree.bytes.count)])
        let operandName = Array((tree[operand].referencedName.isEmpty ? tree[operand].spelling : tree[operand].referencedName).utf8)
        guard !name.isEmpty, !operandName.isEmpty else { return nil }
        for file in [path] + tree.parse.includedFiles {
            let bytes = file == path ? tree.bytes : fileBytes(file)
            guard let body = Self.macroBody(named: name, in: bytes),
                  let found = Self.lastOccurrence(of: operandName, in: bytes, within: body) else { continue }
            return Self.operatorBefore(found, in: bytes, from: body.lowerBound)
        }
        return nil
    }

    /// A header's bytes, read once (at most a few megabytes; a larger one is not read for this).
    private func fileBytes(_ file: String) -> [UInt8] {
        if let known = macroFileBytes[file] { return known }
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil
        let read = size.map { $0 < 4_000_000 } == true ? FileManager.default.contents(atPath: file).map { [UInt8]($0) } ?? [] : []
        macroFileBytes[file] = read
        return read
    }

    /// The body of `#define NAME ...` in `bytes` (to the end of its line, continued lines too).
    static func macroBody(named name: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        let define = Array("define".utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "#") else { index += 1; continue }
            var cursor = index + 1
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor += 1 }
            guard cursor + define.count < bytes.count, Array(bytes[cursor..<cursor + define.count]) == define else { index += 1; continue }
            cursor += define.count
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor += 1 }
            let nameEnd = cursor + name.count
            guard nameEnd <= bytes.count, Array(bytes[cursor..<nameEnd]) == name,
                  nameEnd == bytes.count || !Self.isIdentifierByte(bytes[nameEnd]) else { index += 1; continue }
            var end = nameEnd
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") || (end > 0 && bytes[end - 1] == UInt8(ascii: "\\")) { end += 1 }
            return nameEnd..<end
        }
        return nil
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// Where `word` last starts within `range` of `bytes`, as a whole identifier.
    private static func lastOccurrence(of word: [UInt8], in bytes: [UInt8], within range: Range<Int>) -> Int? {
        var start = range.upperBound - word.count
        while start >= range.lowerBound {
            if Array(bytes[start..<start + word.count]) == word, start == 0 || !isIdentifierByte(bytes[start - 1]),
               start + word.count == bytes.count || !isIdentifierByte(bytes[start + word.count]) {
                return start
            }
            start -= 1
        }
        return nil
    }

    /// The binary operator spelled right before `offset` (spaces, line continuations and opening
    /// parentheses between), no further back than `floor`.
    static func operatorBefore(_ offset: Int, in bytes: [UInt8], from floor: Int = 0) -> ObjCBinaryOperator? {
        var end = min(offset, bytes.count)
        let skipped = Set(" \t\\\n\r(".utf8)
        while end > floor, skipped.contains(bytes[end - 1]) { end -= 1 }
        var start = end
        let operatorCharacters = Set("=!<>&|+-*/%^".utf8)
        while start > floor, end - start < 3, operatorCharacters.contains(bytes[start - 1]) { start -= 1 }
        guard start < end else { return nil }
        return ObjCBinaryOperator(token: String(decoding: bytes[start..<end], as: UTF8.self))
    }

    /// The operator spelled right before an operand a macro made (`== UIUserInterfaceIdiomPad` in
    /// `#define IS_IPAD (... == UIUserInterfaceIdiomPad)`), read in the macro's body.
    private func macroOperator(before operand: Int) -> ObjCBinaryOperator? {
        let node = tree[operand]
        guard let file = node.spellingPath else { return nil }
        return Self.operatorBefore(node.spellingOffset, in: file == path ? tree.bytes : fileBytes(file))
    }

    private func isNot(_ index: Int) -> Bool {
        if let op = tree[index].unaryOperator { return op == .logicalNot }
        return tree.text(index).trimmingCharacters(in: .whitespaces).hasPrefix("!")
    }

    /// A Boolean expression as an `IdiomCondition`.
    func condition(of index: Int) -> IdiomCondition {
        let inner = tree.withoutCasts(index)
        let node = tree[inner]
        switch node.kind {
        case .unaryOperator where isNot(inner):
            if let operand = tree.operands(inner).first { return condition(of: operand).negated }
        case .binaryOperator:
            let parts = tree.operands(inner)
            guard parts.count == 2, let op = binaryOperator(inner) else { break }
            switch op {
            case .logicalAnd: return condition(of: parts[0]).and(condition(of: parts[1]))
            case .logicalOr: return condition(of: parts[0]).or(condition(of: parts[1]))
            case .equal, .notEqual:
                if let compared = comparison(inner) { return compared }
                for (boolean, other) in [(parts[1], parts[0]), (parts[0], parts[1])] {
                    if let value = booleanLiteral(boolean) {
                        let test = condition(of: other)
                        return value != (op == .notEqual) ? test : test.negated
                    }
                }
            default:
                break
            }
        case .objCAvailabilityCheckExpr:
            return availability(inner)
        case .conditionalOperator:
            let parts = tree.operands(inner)
            if parts.count == 3 {
                let test = condition(of: parts[0])
                let whenTrue = condition(of: parts[1]), whenFalse = condition(of: parts[2])
                if whenTrue.mentionsIdiom || whenFalse.mentionsIdiom { return test.and(whenTrue).or(test.negated.and(whenFalse)) }
            }
        default:
            if let value = booleanLiteral(inner) { return .constant(value) }
        }
        switch helperName(inner) {
        case "isMacCatalystApp": return .idiom(.onMac)
        case "isiOSAppOnMac": return .constant(false)
        case let name?: return .helper(HelperUse(name: name, path: path))
        case nil: return other(inner)
        }
    }

    /// `@available(iOS 13.0, *)`: true on the Mac when the version it asks is one every Mac
    /// Catalyst app has (Mac Catalyst started at iOS 13.1), so its `else` never runs there.
    private func availability(_ index: Int) -> IdiomCondition {
        let text = tree.text(index)
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else { return other(index) }
        var catalyst: Bool?
        var iOS: Bool?
        for entry in text[text.index(after: open)..<close].split(separator: ",") {
            let words = entry.split(whereSeparator: \.isWhitespace).map(String.init)
            guard words.count >= 2 else { continue }
            let version = words[1].split(separator: ".").compactMap { Int($0) }
            let always = (version.first ?? 99, version.count > 1 ? version[1] : 0) <= (13, 1)
            switch words[0] {
            case "macCatalyst", "maccatalyst": catalyst = always
            case "iOS", "ios": iOS = always
            default: break
            }
        }
        guard catalyst ?? iOS ?? false else { return other(index) }
        return IdiomCondition.idiom(.onMac).or(other(index))
    }

    private func other(_ index: Int) -> IdiomCondition {
        .other("@\(tree[index].begin)", names: tree.identifiers(in: index))
    }

    private func booleanLiteral(_ index: Int) -> Bool? {
        let inner = tree.withoutCasts(index)
        let text = tree.text(inner).trimmingCharacters(in: .whitespaces)
        switch text {
        case "YES", "true", "TRUE": return true
        case "NO", "false", "FALSE": return false
        default: return nil
        }
    }

    /// `idiom == UIUserInterfaceIdiomPad` and the like, with the idiom read directly or through a helper.
    func comparison(_ index: Int) -> IdiomCondition? {
        guard let op = binaryOperator(index), op == .equal || op == .notEqual else { return nil }
        let parts = tree.operands(index)
        guard parts.count == 2 else { return nil }
        for (subject, literal) in [(parts[0], parts[1]), (parts[1], parts[0])] {
            guard let idiom = idiomConstant(literal), let kind = idiomSubject(subject) else { continue }
            let compared: IdiomCondition
            switch kind {
            case .direct: compared = .idiom(IdiomSet(idiom))
            case .helper(let use): compared = .helperIdiom(use, IdiomSet(idiom))
            }
            return op == .notEqual ? compared.negated : compared
        }
        return nil
    }

    /// The side of a comparison that reads the idiom, for positions.
    private func idiomSide(of index: Int) -> Int? {
        let parts = tree.operands(index)
        guard parts.count == 2 else { return nil }
        for (subject, literal) in [(parts[0], parts[1]), (parts[1], parts[0])] where idiomConstant(literal) != nil && idiomSubject(subject) != nil {
            return subject
        }
        return nil
    }

    /// The idiom a constant names: `UIUserInterfaceIdiomPad`.
    private func idiomConstant(_ index: Int) -> Idiom? {
        let inner = tree.withoutCasts(index)
        let node = tree[inner]
        guard node.kind == .declRefExpr else { return nil }
        let name = node.spelling.isEmpty ? node.referencedName : node.spelling
        guard name.hasPrefix("UIUserInterfaceIdiom") else { return nil }
        return Idiom(memberName: String(name.dropFirst("UIUserInterfaceIdiom".count)).lowercasedFirst)
    }

    private enum IdiomSubject {
        case direct
        case helper(HelperUse)
    }

    /// What an expression that may hold the idiom is: `userInterfaceIdiom` read (directly, through
    /// `UI_USER_INTERFACE_IDIOM()`), or a helper that may hold it.
    private func idiomSubject(_ index: Int) -> IdiomSubject? {
        if readsIdiom(index) { return .direct }
        if let name = helperName(tree.withoutCasts(index)) { return .helper(HelperUse(name: name, path: path)) }
        return nil
    }

    private func readsIdiom(_ index: Int) -> Bool {
        let inner = tree.withoutCasts(index)
        let node = tree[inner]
        switch node.kind {
        case .memberRefExpr: return node.spelling == "userInterfaceIdiom" || node.referencedName == "userInterfaceIdiom"
        case .objCMessageExpr: return tree.message(inner)?.selector == "userInterfaceIdiom"
        default: return false
        }
    }

    /// The name a helper use spells: `isPad` in `[Device isPad]`, `self.isPad`, `isPad()`, or a
    /// Boolean variable `isPad`.
    private func helperName(_ index: Int) -> String? {
        let node = tree[index]
        switch node.kind {
        case .objCMessageExpr:
            guard let message = tree.message(index), message.arguments.isEmpty, let selector = message.pieces.first else { return nil }
            // With the class it is sent to, when the code tells it: `[OAUtilities isIPad]`, `[self isLandscape]`.
            if let receiverClass = message.receiverClass { return receiverClass + "." + selector }
            if message.toSuper { return currentScope.currentClass.map { $0 + "." + selector } ?? selector }
            return qualified(selector, receiver: message.receiver)
        case .memberRefExpr:
            guard !node.spelling.isEmpty else { return nil }
            if node.referencedKind == .objCClassMethodDecl, let root = tree.firstIdentifier(at: node.begin), root.first?.isUppercase == true {
                return root + "." + node.spelling  // `OAUtilities.isIPad`
            }
            return qualified(node.spelling, receiver: tree.operands(index).first)
        case .callExpr:
            guard tree.operands(index).count == 1, let callee = tree.operands(index).first else { return nil }
            let name = tree[tree.unwrapped(callee)].spelling
            return name.isEmpty ? nil : name
        case .declRefExpr:
            guard node.referencedKind == .varDecl || node.referencedKind == .functionDecl else { return nil }
            return node.spelling.isEmpty ? nil : node.spelling
        default:
            return nil
        }
    }

    /// A method or property name with the class of what it is read from, when the code tells it
    /// (`self` in a class, an object of a declared class); else the bare name.
    private func qualified(_ name: String, receiver: Int?) -> String {
        guard let receiver else {
            // An ivar or property read with an implicit `self`.
            return currentScope.currentClass.map { $0 + "." + name } ?? name
        }
        let inner = tree.withoutCasts(receiver)
        let node = tree[inner]
        if node.kind == .objCSelfExpr || isOwnClass(inner) { return currentScope.currentClass.map { $0 + "." + name } ?? name }
        if case .named(let type) = typeRef(node) { return type + "." + name }
        return name
    }

    /// `self.class`, `[self class]`: the class whose code this is.
    private func isOwnClass(_ index: Int) -> Bool {
        let node = tree[index]
        if node.kind == .memberRefExpr, node.spelling == "class", let base = tree.operands(index).first {
            return tree[tree.withoutCasts(base)].kind == .objCSelfExpr
        }
        if let message = tree.message(index), message.selector == "class", let receiver = message.receiver {
            return tree[tree.withoutCasts(receiver)].kind == .objCSelfExpr
        }
        return false
    }

    /// For a switch over the idiom: the condition under which each case label's statements run.
    private func switchCases(_ index: Int) -> [Int: IdiomCondition]? {
        let parts = tree.operands(index)
        guard parts.count == 2, let subject = idiomSubject(parts[0]), tree[parts[1]].kind == .compoundStmt else { return nil }
        var tests: [(label: Int, test: IdiomCondition?)] = []
        var sawIdiom = false
        for child in tree[parts[1]].children {
            var label: Int? = child
            var labels: [Int] = []
            while let current = label, tree[current].kind == .caseStmt || tree[current].kind == .defaultStmt {
                labels.append(current)
                label = tree[current].children.last
            }
            guard let first = labels.first else { continue }
            var test: IdiomCondition? = .constant(false)
            for current in labels {
                if tree[current].kind == .defaultStmt { test = nil; break }
                guard let value = tree[current].children.first else { continue }
                if let idiom = idiomConstant(value) {
                    sawIdiom = true
                    let part: IdiomCondition
                    switch subject {
                    case .direct: part = .idiom(IdiomSet(idiom))
                    case .helper(let use): part = .helperIdiom(use, IdiomSet(idiom))
                    }
                    test = test?.or(part)
                } else {
                    test = test?.or(other(value))
                }
            }
            tests.append((first, test))
        }
        guard sawIdiom else { return nil }
        let anyCase = tests.reduce(IdiomCondition.constant(false)) { $0.or($1.test ?? .constant(false)) }
        var earlier = IdiomCondition.constant(false)
        var result: [Int: IdiomCondition] = [:]
        for (label, test) in tests {
            guard let test else { result[label] = anyCase.negated; continue }
            result[label] = earlier.negated.and(test)
            earlier = earlier.or(test)
        }
        return result
    }

    // MARK: Declarations

    /// The class a container declares or extends.
    fileprivate func className(of index: Int) -> String? {
        let node = tree[index]
        if node.kind == .objCInterfaceDecl || node.kind == .objCImplementationDecl { return node.spelling }
        return node.children.first { tree[$0].kind == .objCClassRef }.map { tree[$0].spelling }
    }

    /// `API_UNAVAILABLE(macCatalyst)` on a declaration (the prelude makes it an annotation).
    private func isUnavailableOnMacCatalyst(_ index: Int) -> Bool {
        tree[index].children.contains { child in
            let node = tree[child]
            return node.kind == .annotateAttr && node.spelling.hasPrefix("catalint_unavailable:")
                && (node.spelling.contains("macCatalyst") || node.spelling.contains("ios"))
        }
    }

    private func typeRef(_ node: ObjCNode) -> TypeRef {
        guard node.isObjectPointer, !node.refersToMadeUp, !node.type.isEmpty, node.type != "NSObject", node.type != "id" else { return .unknown }
        return .named(node.type)
    }

    /// A class, its superclass and its properties, for the project index.
    private func indexContainer(_ index: Int) {
        let node = tree[index]
        guard let name = className(of: index), node.kind != .objCProtocolDecl else { return }
        var info = TypeInfo(name: name)
        if node.kind == .objCInterfaceDecl {
            info.declarations = 1
            info.superclass = node.children.first { tree[$0].kind == .objCSuperClassRef }.map { tree[$0].spelling }
        }
        for child in node.children {
            let member = tree[child]
            switch member.kind {
            case .objCPropertyDecl:
                if case .named(let type) = typeRef(member) { info.properties[member.spelling] = type } else { info.properties[member.spelling] = .some(nil) }
            case .objCIvarDecl:
                let property = member.spelling.hasPrefix("_") ? String(member.spelling.dropFirst()) : member.spelling
                if info.properties[property] == nil {
                    if case .named(let type) = typeRef(member) { info.properties[property] = type } else { info.properties[property] = .some(nil) }
                }
            default:
                break
            }
        }
        self.index.add(info)
    }

    /// A class another file declares, as the headers this file reads give it: its superclasses.
    private func indexHeaderClass(_ node: ObjCNode) {
        guard node.refersToOtherFile, !node.superclasses.isEmpty else { return }
        let chain = [node.spelling] + node.superclasses
        for (name, superclass) in zip(chain, chain.dropFirst()) {
            if index.types[name]?.superclass != nil { continue }
            index.add(TypeInfo(name: name, superclass: superclass))
        }
    }

    /// A method or function whose body returns a condition on the idiom, or the idiom, or a member
    /// chosen by it: a helper rules read through (`+ (BOOL)isPad { return ... == UIUserInterfaceIdiomPad; }`).
    private func indexHelper(_ index: Int, scope: Scope) {
        let node = tree[index]
        guard let body = node.children.last(where: { tree[$0].kind == .compoundStmt }) else { return }
        let selector = node.kind == .functionDecl ? node.spelling : node.spelling.split(separator: ":").first.map(String.init) ?? ""
        guard !selector.isEmpty, !node.children.contains(where: { tree[$0].kind == .parmDecl }) else { return }
        // A method is its class's (`OAUtilities.isIPad`): another class's method of the same name
        // (eight classes may each have an `isLandscape`) is another helper.
        let name = node.kind == .functionDecl ? selector : scope.currentClass.map { $0 + "." + selector } ?? selector
        // What the body returns, when it returns once, at its end: the locals before it stay unknown.
        let statements = tree[body].children
        guard let last = statements.last, tree[last].kind == .returnStmt, let value = tree[last].children.first,
              returnCount(in: body) == 1 else { return }
        let helper: HelperValue
        if readsIdiom(value) {
            helper = .idiom
        } else if let choices = memberChoices(value) {
            helper = .members(choices)
        } else {
            let test = condition(of: value)
            guard test.mentionsIdiom else { return }
            if case .helper = test, !node.type.hasPrefix("BOOL") && !node.type.hasPrefix("bool") { return }
            helper = .condition(test)
        }
        self.index.helpers[name, default: []].append(HelperDeclaration(name: name, value: helper, position: position(node.location)))
    }

    /// How many `return`s a body has (not those of its blocks).
    private func returnCount(in index: Int) -> Int {
        var count = 0
        func visit(_ current: Int) {
            let node = tree[current]
            if node.kind == .returnStmt { count += 1 }
            if node.kind == .blockExpr { return }
            for child in node.children { visit(child) }
        }
        visit(index)
        return count
    }

    /// `isPad ? UIAlertControllerStyleAlert : UIAlertControllerStyleActionSheet`: each member, where it is chosen.
    private func memberChoices(_ index: Int) -> [MemberChoice]? {
        let inner = tree.unwrapped(index)
        guard tree[inner].kind == .conditionalOperator else { return nil }
        let parts = tree.operands(inner)
        guard parts.count == 3 else { return nil }
        let test = condition(of: parts[0])
        guard test.mentionsIdiom else { return nil }
        var choices: [MemberChoice] = []
        for (arm, holds) in [(parts[1], true), (parts[2], false)] {
            guard let member = valueName(arm) else { return nil }
            choices.append(MemberChoice(condition: holds ? test : test.negated, member: member))
        }
        return choices
    }

    /// `- (UIBehavioralStyle)preferredBehavioralStyle { return UIBehavioralStylePad; }`, or an
    /// initializer that sets it: every instance of the class has the iPad style.
    private func indexStyleOverride(_ index: Int, scope: Scope) {
        guard let currentClass = scope.currentClass, !scope.isClassMethod else { return }
        let node = tree[index]
        guard let body = node.children.last(where: { tree[$0].kind == .compoundStmt }) else { return }
        var sets = false
        if node.spelling == "preferredBehavioralStyle", tree[body].children.count == 1, tree[tree[body].children[0]].kind == .returnStmt,
           let value = tree[tree[body].children[0]].children.first, valueName(value) == "pad" {
            sets = true
        } else if node.spelling.hasPrefix("init") || node.spelling == "awakeFromNib" {
            for statement in tree[body].children where setsPadStyleOnSelf(statement) { sets = true }
        }
        guard sets else { return }
        var info = TypeInfo(name: currentClass)
        info.padStyleForEveryInstance = true
        self.index.add(info)
    }

    private func setsPadStyleOnSelf(_ statement: Int) -> Bool {
        let inner = tree.unwrapped(statement)
        if tree[inner].kind == .binaryOperator, binaryOperator(inner) == .assign {
            let parts = tree.operands(inner)
            guard parts.count == 2, tree[tree.unwrapped(parts[0])].spelling == "preferredBehavioralStyle" else { return false }
            let base = tree.operands(tree.unwrapped(parts[0])).first.map { tree[tree.unwrapped($0)].kind }
            return (base == .objCSelfExpr || base == nil) && valueName(parts[1]) == "pad"
        }
        if let message = tree.message(inner), message.selector == "setPreferredBehavioralStyle:",
           message.receiver.map({ tree[tree.unwrapped($0)].kind == .objCSelfExpr }) ?? false, let argument = message.arguments.first {
            return valueName(argument) == "pad"
        }
        return false
    }

    // MARK: Locals and objects

    private func declareLocal(_ index: Int, scope: Scope) {
        let node = tree[index]
        guard scope.function != nil || node.kind == .parmDecl else {
            // A variable of the file: a global.
            if case .named(let type) = typeRef(node) { self.index.globals[node.spelling] = type } else if !node.spelling.isEmpty { self.index.globals[node.spelling] = .some(nil) }
            return
        }
        let initializer = tree.operands(index).last.map { tree.withoutCasts($0) }
        var value: ValueRef = .object(.declaration(path: path, offset: node.location), type: typeRef(node))
        var made = false
        if let initializer {
            // `UIPopoverPresentationController *popover = sheet.popoverPresentationController;` names the sheet.
            if let facetOwner = facetOwner(initializer) {
                value = facetOwner
            } else if let createdClass = createdClass(initializer) {
                made = true
                if case .unknown = value.type { value = value.cast(to: .named(createdClass)) }
            }
        }
        locals[node.location] = Local(value: value, declaration: index, made: made, function: scope.function)
        if let initializer, node.kind == .varDecl { indexStoredCondition(target: index, value: initializer) }
        if let initializer, tree[initializer].kind == .objCMessageExpr { recordInitializerSettings(initializer, on: value, context: contexts[index]) }
    }

    /// `x.popoverPresentationController` (or `[x popoverPresentationController]`): the object `x`
    /// names, whose settings those made through it are.
    private func facetOwner(_ index: Int) -> ValueRef? {
        let inner = tree.unwrapped(index)
        let node = tree[inner]
        if node.kind == .memberRefExpr, vocabulary.facets.contains(node.spelling), let base = tree.operands(inner).first {
            return value(of: base)
        }
        if let message = tree.message(inner), message.arguments.isEmpty, let piece = message.pieces.first, vocabulary.facets.contains(piece),
           let receiver = message.receiver {
            return value(of: receiver)
        }
        return nil
    }

    /// The class an expression makes a new object of: `[[X alloc] init...]`, `[X new]`, a class's
    /// factory named after it (`[UIAlertController alertControllerWithTitle:...]`).
    private func createdClass(_ index: Int) -> String? {
        let inner = tree.withoutCasts(index)
        guard let message = tree.message(inner) else { return nil }
        if let receiverClass = message.receiverClass {
            if ["alloc", "new", "allocWithZone"].contains(message.pieces[0]) { return receiverClass }
            let stem = receiverClass.drop { $0.isUppercase && receiverClass.first?.isUppercase == true }
            let bare = String(receiverClass.dropFirst(max(0, receiverClass.count - stem.count - 1))).lowercasedFirst
            if !bare.isEmpty, message.pieces[0].hasPrefix(bare) { return receiverClass }
            return nil
        }
        if let receiver = message.receiver, message.pieces[0].hasPrefix("init") { return createdClass(receiver) }
        return nil
    }

    private func selfValue(_ scope: Scope) -> ValueRef? {
        guard let currentClass = scope.currentClass, !scope.isClassMethod else { return nil }
        return .object(.instance(type: currentClass), type: .named(currentClass))
    }

    /// The object an expression names, when it is a name or a chain of properties (`slider`,
    /// `self.slider`, `_slider`, `cell.button`, `[self slider]`); nil for anything else.
    private func value(of index: Int, scope: Scope? = nil) -> ValueRef? {
        let scope = scope ?? currentScope
        let inner = tree.unwrapped(index)
        let node = tree[inner]
        switch node.kind {
        case .objCSelfExpr:
            return selfValue(scope)
        case .declRefExpr:
            if let offset = node.referencedOffset, let local = locals[offset] { return local.value }
            if node.referencedKind == .varDecl {
                return .name(node.spelling, inType: nil, untyped: .global(node.spelling))
            }
            return nil
        case .memberRefExpr:
            var name = node.spelling.isEmpty ? node.referencedName : node.spelling
            guard !name.isEmpty else { return nil }
            if node.referencedKind == .objCIvarDecl, name.hasPrefix("_") { name.removeFirst() }
            let base = tree.operands(inner).first
            if vocabulary.facets.contains(name), let base, let owner = value(of: base, scope: scope) { return owner }
            let baseNode = base.map { tree[tree.unwrapped($0)] }
            if base == nil || baseNode?.kind == .objCSelfExpr {
                guard let currentClass = scope.currentClass, !scope.isClassMethod else { return nil }
                return .member(type: currentClass, name: name)
            }
            let untyped = ObjectID.expression(path: path, scope: scope.function.map { tree[$0].begin }, text: tree.compactText(inner))
            guard let base, let owner = value(of: base, scope: scope) else { return .object(untyped, type: typeRef(node)) }
            return .property(of: owner, name: name, untyped: untyped)
        case .objCMessageExpr:
            // `[self slider]`, `[sheet popoverPresentationController]`: a getter.
            guard let message = tree.message(inner), message.arguments.isEmpty, let receiver = message.receiver else { return nil }
            let name = message.pieces[0]
            if vocabulary.facets.contains(name) { return value(of: receiver, scope: scope) }
            let receiverNode = tree[tree.unwrapped(receiver)]
            if receiverNode.kind == .objCSelfExpr {
                guard let currentClass = scope.currentClass, !scope.isClassMethod else { return nil }
                return .member(type: currentClass, name: name)
            }
            guard let owner = value(of: receiver, scope: scope) else { return nil }
            return .property(of: owner, name: name, untyped: .expression(path: path, scope: scope.function.map { tree[$0].begin }, text: tree.compactText(inner)))
        case .cStyleCastExpr:
            guard let operand = tree.operands(inner).last, let inner = value(of: operand, scope: scope) else { return nil }
            if case .named(let type) = typeRef(node) { return inner.cast(to: .named(type)) }
            return inner
        default:
            return nil
        }
    }

    /// The object a receiver expression names, or an object of its own when it names none.
    private func receiverValue(_ receiver: Int?, toSuper: Bool, scope: Scope) -> ValueRef? {
        guard let receiver else { return toSuper ? selfValue(scope) : nil }
        if let named = value(of: receiver, scope: scope) { return named }
        // `[[ARTextToolbarButton appearance] setTitleColor:... forState:...]`: what the proxy is
        // given, every instance of the class gets.
        if let proxy = tree.message(tree.withoutCasts(receiver)), let proxied = proxy.receiverClass, proxy.pieces[0].hasPrefix("appearance") {
            return .object(.instance(type: proxied), type: .named(proxied))
        }
        let inner = tree.withoutCasts(receiver)
        var type = typeRef(tree[inner])
        if case .unknown = type, let created = createdClass(inner) { type = .named(created) }
        return .object(.declaration(path: path, offset: tree[inner].begin), type: type)
    }

    /// The scope of the node being recorded (set by `record`).
    private var currentScope = Scope()

    // MARK: Facts

    private func record(_ index: Int, context: GuardContext, scope: Scope) {
        currentScope = scope
        let node = tree[index]
        switch node.kind {
        case .objCMessageExpr:
            recordMessage(index, context: context, scope: scope)
        case .binaryOperator:
            guard let op = binaryOperator(index) else { return }
            if op == .assign {
                recordAssignment(index, context: context, scope: scope)
            } else if op.isComparison {
                recordDimensionComparison(index, op: op, context: context)
            }
        case .compoundAssignOperator:
            recordSizeAssignment(index, context: context)
        case .callExpr:
            recordSizeCall(index, context: context)
        case .objCClassRef:
            indexHeaderClass(node)
            if vocabulary.referenceRoots.contains(node.spelling) {
                recordReferenceChain(from: index, names: [node.spelling], at: index, offset: node.location, context: context)
            }
        case .memberRefExpr where tree.operands(index).isEmpty && node.referencedKind == .objCClassMethodDecl:
            // `UIScreen.mainScreen`: a class property, whose class clang gives as no node of its own.
            if let root = tree.firstIdentifier(at: node.begin), vocabulary.referenceRoots.contains(root) {
                recordReferenceChain(from: index, names: [root, node.spelling.isEmpty ? node.referencedName : node.spelling], at: index, offset: node.begin,
                                     context: context)
            }
        case .memberRefExpr:
            // `control.subviews`: the insides of the object it is read from.
            if !vocabulary.subviewProperties.isEmpty, vocabulary.subviewProperties.contains(node.spelling.isEmpty ? node.referencedName : node.spelling),
               let base = tree.operands(index).first {
                recordSubviews(index, nameOffset: node.location, receiver: base, toSuper: false, context: context, scope: scope)
            }
        case .returnStmt:
            recordReturnedView(index, context: context, scope: scope)
        case .stringLiteral:
            recordReferenceString(index, context: context)
        case .objCSelectorExpr:
            recordSelectorReference(index, context: context)
        case .ifStmt:
            if let decision = ifDecision(index, context: context) { facts.decisions.append(decision) }
        case .conditionalOperator:
            if let decision = ternaryDecision(index, context: context) { facts.decisions.append(decision) }
        case .switchStmt:
            if let decision = switchDecision(index, context: context) { facts.decisions.append(decision) }
            recordDimensionCases(index, context: context)
        default:
            break
        }
    }

    private func addSetting(_ setting: SettingFact, on value: ValueRef?) {
        guard let value else { return }
        facts.objects.append(PendingObject(value: value, settings: [setting]))
    }

    /// `[button setTitle:t forState:s]`, `[slider setThumbTintColor:c]`, `[button addGestureRecognizer:g]`,
    /// `[[X alloc] init]`, `presentViewController:`, `systemFontOfSize:`, `constraintEqualToConstant:`.
    private func recordMessage(_ index: Int, context: GuardContext, scope: Scope) {
        guard let message = tree.message(index) else { return }
        let first = message.pieces[0]
        let firstOffset = message.pieceOffsets[0]
        // Creation.
        if let receiverClass = message.receiverClass, ["alloc", "new", "allocWithZone"].contains(first) {
            facts.creations.append(PendingCreation(type: .named(receiverClass), knownSuperclass: message.receiverClassSuperclasses.first,
                                                   position: place(index, else: message.receiverClassOffset ?? tree[index].begin), guardContext: context))
        }
        let receiver = message.receiverClass == nil ? receiverValue(message.receiver, toSuper: message.toSuper, scope: scope) : nil
        // Setters: `setX:forState:` and `setX:`.
        if first.hasPrefix("set"), first.count > 3, receiver != nil {
            let property = String(first.dropFirst(3)).lowercasedFirst
            if message.pieces.count == 2, message.pieces[1] == "forState", message.arguments.count == 2,
               vocabulary.stateProperties.contains(property) {
                addSetting(SettingFact(property: property, state: controlState(message.arguments[1]), spelling: message.selector, value: nil,
                                       position: place(index, else: firstOffset), guardContext: context), on: receiver)
            } else if message.pieces.count == 1, message.arguments.count == 1 {
                if property == "preferredBehavioralStyle" {
                    if let style = valueName(message.arguments[0]), let receiver { facts.objects.append(PendingObject(value: receiver, style: style)) }
                } else if vocabulary.settingProperties.contains(property) {
                    for (value, valueContext) in alternatives(message.arguments[0], context: context) {
                        addSetting(SettingFact(property: property, state: nil, spelling: message.selector, value: valueName(value),
                                               position: place(index, else: firstOffset), guardContext: valueContext), on: receiver)
                    }
                }
            }
        }
        // Methods that set a property a rule reads (`addGestureRecognizer:`).
        if let property = vocabulary.settingMethods[first], message.arguments.count == 1, message.pieces.count == 1, receiver != nil {
            addSetting(SettingFact(property: property, state: nil, spelling: message.selector, value: nil, position: place(index, else: firstOffset),
                                   guardContext: context), on: receiver)
        }
        // `[textView setInputAccessoryView:composer]`.
        if message.pieces.count == 1, message.arguments.count == 1, first.hasPrefix("set"), first.count > 3,
           vocabulary.providedViewProperties.contains(String(first.dropFirst(3)).lowercasedFirst) {
            recordProvidedView(String(first.dropFirst(3)).lowercasedFirst, owner: receiver, value: message.arguments[0], isOverride: false,
                               spelling: message.selector, position: place(index, else: firstOffset), context: context)
        }
        // `[control subviews]`.
        if message.arguments.isEmpty, message.receiverClass == nil, vocabulary.subviewProperties.contains(first) {
            recordSubviews(index, nameOffset: firstOffset, receiver: message.receiver, toSuper: message.toSuper, context: context, scope: scope)
        }
        recordKeyAccess(index, message: message, receiver: receiver, context: context)
        recordArguments(index, message: message, context: context, scope: scope)
        recordFont(index, message: message, context: context)
        recordSizeMessage(index, message: message, context: context)
        // A private method a rule looks for, sent or named.
        for (piece, offset) in zip(message.pieces, message.pieceOffsets) where vocabulary.referenceRoots.contains(piece) && piece.hasPrefix("_") {
            facts.references.append(ReferenceFact(names: [piece], inString: false, spelling: message.selector, position: position(offset),
                                                  guardContext: context))
        }
    }

    /// The settings a class's factory or initializer makes from its arguments:
    /// `preferredStyle:UIAlertControllerStyleActionSheet` in `alertControllerWithTitle:message:preferredStyle:`.
    private func recordInitializerSettings(_ index: Int, on value: ValueRef, context: GuardContext) {
        guard createdClass(index) != nil, let message = tree.message(index) else { return }
        for (piece, (argument, offset)) in zip(message.pieces, zip(message.arguments, message.pieceOffsets)) where vocabulary.settingProperties.contains(piece) {
            for (choice, context) in alternatives(argument, context: context) {
                facts.objects.append(PendingObject(value: value, settings: [
                    SettingFact(property: piece, state: nil, spelling: piece + ":", value: valueName(choice), position: position(offset),
                                guardContext: context),
                ]))
            }
        }
    }

    /// `receiver.property = value`, `_ivar.property = value`.
    private func recordAssignment(_ index: Int, context: GuardContext, scope: Scope) {
        let parts = tree.operands(index)
        guard parts.count == 2 else { return }
        let target = tree.unwrapped(parts[0])
        let targetNode = tree[target]
        let rightSide = tree.withoutCasts(parts[1])
        // `self.sheet = [UIAlertController alertControllerWithTitle:...]`: its settings are the property's.
        if tree[rightSide].kind == .objCMessageExpr, createdClass(rightSide) != nil, let object = value(of: target, scope: scope) {
            recordInitializerSettings(rightSide, on: object, context: context)
        }
        indexStoredCondition(target: target, value: parts[1])
        guard targetNode.kind == .memberRefExpr else { return }
        let property = targetNode.spelling.isEmpty ? targetNode.referencedName : targetNode.spelling
        if ["constant", "width", "height"].contains(property), let number = tree.number(parts[1]) {
            addSize(width: property == "height" ? nil : number, height: property == "height" ? number : nil,
                    spelling: tree.compactText(target), at: parts[1], context: context)
        }
        let base = tree.operands(target).first
        let receiver = base.map { receiverValue($0, toSuper: false, scope: scope) } ?? selfValue(scope)
        if property == "preferredBehavioralStyle" {
            if let style = valueName(parts[1]), let receiver { facts.objects.append(PendingObject(value: receiver, style: style)) }
            return
        }
        if vocabulary.providedViewProperties.contains(property) {
            recordProvidedView(property, owner: receiver, value: parts[1], isOverride: false, spelling: property,
                               position: place(target, else: targetNode.location), context: context)
        }
        guard vocabulary.settingProperties.contains(property) else { return }
        for (value, valueContext) in alternatives(parts[1], context: context) {
            addSetting(SettingFact(property: property, state: nil, spelling: property, value: valueName(value), position: place(target, else: targetNode.location),
                                   guardContext: valueContext), on: receiver)
        }
    }

    /// `_iPad = (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad);`, `BOOL isPad = ...;`: a
    /// variable that holds a condition on the idiom is a helper wherever it is read later.
    private func indexStoredCondition(target: Int, value: Int) {
        let node = tree[target]
        guard [.memberRefExpr, .declRefExpr, .varDecl].contains(node.kind) else { return }
        let name = node.spelling.isEmpty ? node.referencedName : node.spelling
        guard !name.isEmpty else { return }
        let helper: HelperValue
        if readsIdiom(value) {
            helper = .idiom
        } else {
            let test = condition(of: value)
            guard test.readsIdiomItself else { return }
            helper = .condition(test)
        }
        // An ivar or property is its class's (`OnScreenControls._iPad`); a local is the file's.
        let owner = node.kind == .memberRefExpr ? currentScope.currentClass : nil
        let qualified = owner.map { $0 + "." + name } ?? name
        index.helpers[qualified, default: []].append(HelperDeclaration(name: qualified, value: helper, position: position(node.location)))
        // An ivar and its property are the same value: `_iPad` and `self.iPad`.
        if name.hasPrefix("_"), name.count > 1 {
            let property = owner.map { $0 + "." + name.dropFirst() } ?? String(name.dropFirst())
            index.helpers[property, default: []].append(HelperDeclaration(name: property, value: helper, position: position(node.location)))
        }
    }

    /// The values an expression may take, each where it is taken: `isPad ? A : B` is `A` where
    /// `isPad` holds and `B` where it does not.
    private func alternatives(_ index: Int, context: GuardContext) -> [(Int, GuardContext)] {
        let inner = tree.unwrapped(index)
        guard tree[inner].kind == .conditionalOperator else { return [(index, context)] }
        let parts = tree.operands(inner)
        guard parts.count == 3 else { return [(index, context)] }
        let test = condition(of: parts[0])
        return alternatives(parts[1], context: requiring(context, test, holds: true, checksOf: parts[0]))
            + alternatives(parts[2], context: requiring(context, test, holds: false, checksOf: parts[0]))
    }

    /// The value a constant names, as Swift imports it: `UIDatePickerStyleWheels` is `wheels`,
    /// `UIAlertControllerStyleActionSheet` `actionSheet`; a helper's name for a zero-argument message
    /// or property (`[Style sheetStyle]`), which resolution reads.
    private func valueName(_ index: Int) -> String? {
        let inner = tree.withoutCasts(index)
        let node = tree[inner]
        switch node.kind {
        case .declRefExpr:
            let name = node.spelling.isEmpty ? node.referencedName : node.spelling
            let matches = vocabulary.valueNames.filter { name.hasSuffix($0.capitalizedFirst) && name.count > $0.count }
            return matches.max { $0.count < $1.count } ?? name
        case .objCMessageExpr:
            guard let message = tree.message(inner), message.arguments.isEmpty else { return nil }
            return message.pieces[0]
        case .memberRefExpr:
            return node.spelling.isEmpty ? nil : node.spelling
        default:
            return nil
        }
    }

    /// The control state an expression spells: `UIControlStateSelected`, `UIControlStateHighlighted | UIControlStateSelected`, `0`.
    private func controlState(_ index: Int) -> ControlStateValue {
        let inner = tree.withoutCasts(index)
        let node = tree[inner]
        if let number = tree.number(inner), number == 0 { return .named([]) }
        if node.kind == .declRefExpr {
            let name = node.spelling.isEmpty ? node.referencedName : node.spelling
            if name.hasPrefix("UIControlState") { return .named([String(name.dropFirst("UIControlState".count)).lowercasedFirst]) }
            return .unknown(name)
        }
        if node.kind == .binaryOperator, binaryOperator(inner) == .bitOr {
            var names: [String] = []
            for part in tree.operands(inner) {
                guard case .states(let states) = controlState(part) else { return .unknown(tree.compactText(inner)) }
                names += states
            }
            return .named(names)
        }
        return .unknown(tree.compactText(inner))
    }

    // MARK: Objects passed to calls a rule reads

    /// `[self presentViewController:sheet animated:YES completion:nil]`, `[nav pushViewController:split animated:YES]`,
    /// `[[UINavigationController alloc] initWithRootViewController:split]`.
    private func recordArguments(_ index: Int, message: ObjCTree.Message, context: GuardContext, scope: Scope) {
        guard let calls = vocabulary.objcArgumentCalls[message.pieces[0]] else { return }
        for call in calls {
            if let receiverClass = call.receiverClass {
                guard let receiver = message.receiver, createdClass(receiver) == receiverClass else { continue }
            }
            guard let piece = message.pieces.firstIndex(of: call.argumentPiece), piece < message.arguments.count else { continue }
            let argument = message.arguments[piece]
            let inner = tree.withoutCasts(argument)
            var object: ValueRef
            var escapes = true
            if let named = value(of: argument, scope: scope) {
                object = named
                if tree[inner].kind == .declRefExpr, let offset = tree[inner].referencedOffset, let local = locals[offset], local.made,
                   local.function == scope.function {
                    escapes = localEscapes(offset, in: scope.function, after: tree[local.declaration].end)
                }
            } else if let created = createdClass(inner) {
                object = .object(.declaration(path: path, offset: tree[inner].begin), type: .named(created))
                escapes = false
            } else {
                continue
            }
            if case .unknown = object.type, let created = createdClass(inner) { object = object.cast(to: .named(created)) }
            let shown = tree.compactText(argument)
            facts.arguments.append(PendingArgument(
                call: call.call, label: call.label, value: object, escapes: escapes, factory: nil, passes: [], pathEnd: pathEnd(of: index),
                spelling: "\(message.pieces[0]):\(piece == 0 ? (shown.count <= 30 ? shown : "…") : "")" + (message.pieces.count > 1 ? " " + message.pieces.dropFirst().map { $0 + ":" }.joined() : ""),
                position: place(index, else: message.pieceOffsets[piece]), guardContext: context))
        }
    }

    /// Whether the object a local holds is handed on after `start` in its function: stored,
    /// returned, passed to a call a rule does not read.
    private func localEscapes(_ declarationOffset: Int, in function: Int?, after start: Int) -> Bool {
        guard let function else { return true }
        var escapes = false
        func visit(_ index: Int) {
            guard !escapes else { return }
            let node = tree[index]
            if node.kind == .declRefExpr, node.referencedOffset == declarationOffset, node.begin >= start {
                escapes = handsOn(index)
                return
            }
            if node.kind == .blockExpr {
                // A block may run anywhere: what it does with the object is not seen here.
                for child in node.children { visit(child) }
                return
            }
            for child in node.children { visit(child) }
        }
        visit(function)
        return escapes
    }

    /// True when a use of a local hands its object on.
    private func handsOn(_ use: Int) -> Bool {
        var current = use
        var parent = tree[current].parent
        while parent >= 0, [.parenExpr, .unexposedExpr, .cStyleCastExpr].contains(tree[parent].kind) {
            current = parent
            parent = tree[current].parent
        }
        guard parent >= 0 else { return true }
        let node = tree[parent]
        switch node.kind {
        case .memberRefExpr:
            return false
        case .objCMessageExpr:
            guard let message = tree.message(parent) else { return true }
            if message.receiver == current { return false }
            return vocabulary.objcArgumentCalls[message.pieces[0]] == nil
        case .binaryOperator:
            let parts = tree.operands(parent)
            if binaryOperator(parent) == .assign { return parts.last == current }
            return false
        case .ifStmt, .unaryOperator, .conditionalOperator:
            return false
        default:
            return true
        }
    }

    /// Where the path that holds a node leaves its function, when it does before the function's end:
    /// the end of the `if` whose body holds it and returns.
    private func pathEnd(of index: Int) -> SourcePosition? {
        var current = index
        var parent = tree[current].parent
        while parent >= 0, !tree[parent].kind.isFunctionLike, tree[parent].kind != .blockExpr {
            if tree[current].kind == .compoundStmt, tree[parent].kind == .ifStmt, alwaysExits(current) {
                return position(tree[parent].end)
            }
            current = parent
            parent = tree[current].parent
        }
        return nil
    }

    // MARK: Insides of objects

    /// `[searchBar valueForKey:@"searchField"]`, `[field setValue:c forKeyPath:@"_placeholderLabel.textColor"]`:
    /// a key of the receiver reached by key-value coding, when the key is written as a string.
    private func recordKeyAccess(_ index: Int, message: ObjCTree.Message, receiver: ValueRef?, context: GuardContext) {
        guard let keyPiece = vocabulary.objcKeyCalls[message.selector], let receiver,
              let piece = message.pieces.firstIndex(of: keyPiece), piece < message.arguments.count,
              let text = stringLiteral(message.arguments[piece]), !text.isEmpty else { return }
        let key = String(text.split(separator: ".", maxSplits: 1).first ?? "")
        facts.internals.append(PendingInternals(value: receiver, key: key, receiverName: message.receiver.flatMap(lastName),
                                                spelling: message.pieces[...piece].map { $0 + ":" }.joined() + "@\"\(text)\"",
                                                position: place(index, else: message.pieceOffsets[0]), guardContext: context))
    }

    /// The text of a string literal written whole (`@"searchField"`, `"searchField"`).
    private func stringLiteral(_ index: Int) -> String? {
        let inner = tree.withoutCasts(index)
        guard [.objCStringLiteral, .stringLiteral].contains(tree[inner].kind), !tree[inner].fromMacro else { return nil }
        var text = Substring(tree.text(inner))
        if text.hasPrefix("@") { text = text.dropFirst() }
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return nil }
        let body = text.dropFirst().dropLast()
        guard !body.contains("\""), !body.contains("\\") else { return nil }
        return String(body)
    }

    /// The last name of an expression: `searchBar` in `self.searchController.searchBar`,
    /// `[self searchBar]` and `_searchBar`; nil for `self`.
    private func lastName(_ index: Int) -> String? {
        let inner = tree.withoutCasts(index)
        let node = tree[inner]
        switch node.kind {
        case .memberRefExpr, .declRefExpr:
            var name = node.spelling.isEmpty ? node.referencedName : node.spelling
            if node.referencedKind == .objCIvarDecl, name.hasPrefix("_") { name.removeFirst() }
            return name.isEmpty ? nil : name
        case .objCMessageExpr:
            guard let message = tree.message(inner), message.arguments.isEmpty, message.receiverClass == nil else { return nil }
            return message.pieces[0]
        default:
            return nil
        }
    }

    /// `control.subviews[0]`, `[control.subviews objectAtIndex:0]`, `control.subviews.firstObject`,
    /// `for (UIView *view in [control subviews])`: an object's subviews taken by position or
    /// searched (anything but the harmless members: `count`, `containsObject:`). `index` reads them.
    private func recordSubviews(_ index: Int, nameOffset: Int, receiver: Int?, toSuper: Bool, context: GuardContext, scope: Scope) {
        // The use, past the wrappers clang adds.
        var use = index
        var parent = tree[use].parent
        while parent >= 0, [.parenExpr, .unexposedExpr].contains(tree[parent].kind), tree[parent].children.count == 1 {
            use = parent
            parent = tree[use].parent
        }
        let node = tree[index]
        let name = node.kind == .objCMessageExpr ? tree.message(index)?.pieces.first ?? "" : node.spelling.isEmpty ? node.referencedName : node.spelling
        var spelling = name
        if parent >= 0 {
            let node = tree[parent]
            if node.kind == .memberRefExpr, tree.operands(parent).first == use {
                let used = node.spelling.isEmpty ? node.referencedName : node.spelling
                if vocabulary.harmlessSubviewMembers.contains(used) { return }
                spelling += "." + used
            } else if let message = tree.message(parent), message.receiver == use {
                if vocabulary.harmlessSubviewMembers.contains(message.pieces[0]) { return }
                let arguments = message.arguments.map { argument in
                    let text = tree.compactText(argument)
                    return text.count <= 12 ? text : "…"
                }
                spelling = "[\(spelling) " + (arguments.isEmpty ? message.pieces[0]
                    : zip(message.pieces, arguments).map { $0 + ":" + $1 }.joined(separator: " ")) + "]"
            } else if node.kind == .unexposedExpr, node.children.count == 2, node.children[0] == use {
                // `subviews[2]`: clang's subscript of an object.
                let text = tree.compactText(node.children[1])
                spelling += "[" + (text.count <= 12 ? text : "…") + "]"
            }
        }
        guard let object = receiverValue(receiver, toSuper: toSuper, scope: scope) else { return }
        let isSelf = receiver.map { tree[tree.withoutCasts($0)].kind == .objCSelfExpr } ?? toSuper
        facts.internals.append(PendingInternals(value: object, key: nil, receiverName: receiver.flatMap(lastName),
                                                addsOwnSubviews: isSelf && addsSubviews(around: index), spelling: spelling,
                                                position: place(index, else: nameOffset), guardContext: context))
    }

    private var addsSubviewsCache: [Int: Bool] = [:]

    /// True when the class whose code holds `index` adds subviews to itself there
    /// (`[self addSubview:badge]`). Read once per `@implementation`.
    private func addsSubviews(around index: Int) -> Bool {
        guard !vocabulary.subviewAddingCalls.isEmpty else { return false }
        var container = tree[index].parent
        while container >= 0, !tree[container].kind.isContainer { container = tree[container].parent }
        guard container >= 0 else { return false }
        if let known = addsSubviewsCache[container] { return known }
        func adds(_ current: Int) -> Bool {
            if let message = tree.message(current), vocabulary.subviewAddingCalls.contains(message.pieces[0]),
               message.toSuper || message.receiver.map({ tree[tree.withoutCasts($0)].kind == .objCSelfExpr }) == true {
                return true
            }
            return tree[current].children.contains(where: adds)
        }
        let found = adds(container)
        addsSubviewsCache[container] = found
        return found
    }

    // MARK: Views handed to UIKit

    /// `textView.inputAccessoryView = composer`, `[textView setInputAccessoryView:composer]`, what
    /// an override of the property returns: the view, each value a `?:` may give but `nil`.
    private func recordProvidedView(_ property: String, owner: ValueRef?, value: Int, isOverride: Bool, spelling: String, position: SourcePosition,
                                    context: GuardContext) {
        let owner = owner ?? .object(.declaration(path: path, offset: tree[value].begin), type: .unknown)
        for (alternative, valueContext) in alternatives(value, context: context) where !isNil(alternative) {
            facts.providedViews.append(PendingProvidedView(property: property, owner: owner, isOverride: isOverride, view: givenObject(alternative),
                                                           spelling: spelling, position: position, guardContext: valueContext))
        }
    }

    /// `- (UIView *)inputAccessoryView { return self.composer; }`: what an override of a property
    /// through which a view is handed to UIKit returns (not its blocks' `return`s).
    private func recordReturnedView(_ index: Int, context: GuardContext, scope: Scope) {
        guard !vocabulary.providedViewProperties.isEmpty, let function = scope.function, let currentClass = scope.currentClass, !scope.isClassMethod,
              tree[function].kind == .objCInstanceMethodDecl, vocabulary.providedViewProperties.contains(tree[function].spelling),
              let value = tree.operands(index).first, currentFunctionName(of: index) != nil else { return }
        let method = tree[function]
        // `- (UIView *)inputAccessoryView`, as the method is written.
        let nameEnd = min(max(method.location + method.spelling.utf8.count, method.begin), tree.bytes.count)
        let written = String(decoding: tree.bytes[min(method.begin, nameEnd)..<nameEnd], as: UTF8.self)
        let spelling = written.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        recordProvidedView(method.spelling, owner: .object(.instance(type: currentClass), type: .named(currentClass)), value: value, isOverride: true,
                           spelling: spelling, position: position(method.location), context: context)
    }

    /// The object an expression gives: the one it names, one it makes, or one of the class clang
    /// gives it; nil when none is known.
    private func givenObject(_ index: Int) -> ValueRef? {
        let inner = tree.withoutCasts(index)
        if let named = value(of: index) {
            if case .unknown = named.type, let created = createdClass(inner) { return named.cast(to: .named(created)) }
            return named
        }
        if let created = createdClass(inner) { return .object(.declaration(path: path, offset: tree[inner].begin), type: .named(created)) }
        let type = typeRef(tree[inner])
        if case .unknown = type { return nil }
        return .object(.declaration(path: path, offset: tree[inner].begin), type: type)
    }

    /// `nil`, `Nil`, `NULL`, `0`.
    private func isNil(_ index: Int) -> Bool {
        let inner = tree.withoutCasts(index)
        if ["nil", "Nil", "NULL"].contains(tree.text(tree.unwrapped(index)).trimmingCharacters(in: .whitespaces)) { return true }
        return [.gnuNullExpr, .cxxNullPtrLiteralExpr].contains(tree[inner].kind) || tree.number(inner) == 0
    }

    // MARK: Declarations the rules name

    /// `@interface AppDelegate : UIResponder <UIApplicationDelegate>`, a class extension or category
    /// of it, its `@implementation` with the methods it implements: a declaration that inherits or
    /// conforms to a type the rules name, or implements a method they name (by its selector,
    /// `application:configurationForConnectingSceneSession:options:`), for the index. The
    /// `@interface` declares the class; the others extend it, as an `extension` does in Swift.
    private func recordDeclaration(_ index: Int) {
        guard !vocabulary.declarationNames.isEmpty || !vocabulary.memberNames.isEmpty else { return }
        let node = tree[index]
        guard node.kind != .objCProtocolDecl, let name = className(of: index) else { return }
        var inherits: [String] = []
        var members: [String] = []
        for child in node.children {
            let member = tree[child]
            switch member.kind {
            case .objCSuperClassRef, .objCProtocolRef:
                inherits.append(member.spelling)
            case .objCInstanceMethodDecl where vocabulary.memberNames.contains(member.spelling):
                if member.children.contains(where: { tree[$0].kind == .compoundStmt }) { members.append(member.spelling) }
            default:
                break
            }
        }
        guard inherits.contains(where: vocabulary.declarationNames.contains) || !members.isEmpty else { return }
        let isClass = node.kind == .objCInterfaceDecl || node.kind == .objCImplementationDecl
        let anchor = isClass ? node.location : node.children.first { tree[$0].kind == .objCClassRef }.map { tree[$0].location } ?? node.location
        self.index.declarations.append(TypeDeclarationFact(name: name, isExtension: node.kind != .objCInterfaceDecl, inherits: inherits, attributes: [],
                                                           members: members, position: position(anchor)))
    }

    // MARK: Fonts and sizes

    /// `[UIFont systemFontOfSize:17]`, `[UIFont fontWithName:@"Avenir" size:15]`.
    private func recordFont(_ index: Int, message: ObjCTree.Message, context: GuardContext) {
        guard let sizePiece = vocabulary.objcFontCalls[message.pieces[0]],
              let piece = message.pieces.firstIndex(of: sizePiece), piece < message.arguments.count,
              let sizes = tree.numberChoices(message.arguments[piece])?.filter({ $0 > 0 }), !sizes.isEmpty else { return }
        facts.fontSizes.append(FontSizeFact(sizes: sizes, spelling: message.selector, purposeNames: purposeNames(of: index),
                                            outputNames: paperNames(around: index), position: place(index, else: message.pieceOffsets[0]), guardContext: context))
    }

    /// The names of printing or PDF output that the method or function around a node names, or that
    /// its class inherits from: a font for paper, not for the screen.
    private func paperNames(around index: Int) -> [String] {
        guard !vocabulary.paperNames.isEmpty else { return [] }
        var names: [String] = []
        var current = tree[index].parent
        while current >= 0 {
            let node = tree[current]
            if node.kind.isFunctionLike {
                for name in tree.identifiers(in: current) where vocabulary.paperNames.contains(name) && !names.contains(name) { names.append(name) }
            } else if node.kind.isContainer, let name = className(of: current) {
                let chain = fileClasses.classChain(of: name) + (node.children.first { tree[$0].kind == .objCSuperClassRef }.map { [tree[$0].spelling] + tree[$0].superclasses } ?? [])
                names += chain.filter(vocabulary.paperNames.contains)
            }
            current = node.parent
        }
        return names
    }

    /// What the code around a size names it for, up to its statement: the messages and functions it
    /// is an argument of (with the piece it is given to), the property it is assigned to, the
    /// variable it initializes.
    private func purposeNames(of index: Int) -> [String] {
        var names: [String] = []
        var child = index
        var parent = tree[child].parent
        while parent >= 0 {
            let node = tree[parent]
            switch node.kind {
            case .compoundStmt, .blockExpr: return names
            case .objCMessageExpr:
                if let message = tree.message(parent) {
                    if let argument = message.arguments.firstIndex(of: child), argument < message.pieces.count {
                        names += ObjCTree.swiftNames(message.pieces[argument])
                    }
                    names += ObjCTree.swiftNames(message.pieces[0])
                    if let receiverClass = message.receiverClass { names.append(receiverClass) }
                }
            case .callExpr:
                if let callee = tree.operands(parent).first, callee != child { names += tree.identifiers(in: callee) }
            case .binaryOperator:
                let parts = tree.operands(parent)
                if binaryOperator(parent) == .assign, parts.last == child { names += tree.identifiers(in: parts[0]) }
            case .varDecl:
                names.append(node.spelling)
            default:
                break
            }
            if node.kind.isFunctionLike { return names }
            child = parent
            parent = node.parent
        }
        return names
    }

    private func addSize(width: Double?, height: Double?, spelling: String, at index: Int, context: GuardContext) {
        facts.sizes.append(SizeFact(width: width, height: height, spelling: spelling, purposeNames: purposeNames(of: index),
                                    position: place(index, else: tree[index].begin), guardContext: context))
    }

    /// `CGRectMake(x, y, width, height)`, `CGSizeMake(width, height)`.
    private func recordSizeCall(_ index: Int, context: GuardContext) {
        let parts = tree.operands(index)
        guard let callee = parts.first else { return }
        let name = tree[tree.unwrapped(callee)].spelling
        let arguments = Array(parts.dropFirst())
        switch name {
        case "CGRectMake" where arguments.count == 4:
            let width = tree.number(arguments[2]), height = tree.number(arguments[3])
            guard width != nil || height != nil else { return }
            addSize(width: width, height: height, spelling: "CGRectMake", at: index, context: context)
        case "CGSizeMake" where arguments.count == 2:
            let width = tree.number(arguments[0]), height = tree.number(arguments[1])
            guard width != nil || height != nil else { return }
            addSize(width: width, height: height, spelling: "CGSizeMake", at: index, context: context)
        default:
            break
        }
    }

    /// `[view.widthAnchor constraintEqualToConstant:834]`, and `NSLayoutConstraint`'s
    /// `constraintWithItem:attribute:...constant:` with a width or height attribute.
    private func recordSizeMessage(_ index: Int, message: ObjCTree.Message, context: GuardContext) {
        let first = message.pieces[0]
        guard first.hasPrefix("constraint") else { return }
        if message.receiverClass == "NSLayoutConstraint" {
            guard let attributePiece = message.pieces.firstIndex(of: "attribute"), let constantPiece = message.pieces.firstIndex(of: "constant"),
                  constantPiece < message.arguments.count, attributePiece < message.arguments.count,
                  let value = tree.number(message.arguments[constantPiece]) else { return }
            let attribute = tree.text(tree.withoutCasts(message.arguments[attributePiece]))
            if attribute.hasSuffix("Width") {
                addSize(width: value, height: nil, spelling: "NSLayoutConstraint constraintWithItem:attribute:NSLayoutAttributeWidth ... constant:",
                        at: message.arguments[constantPiece], context: context)
            } else if attribute.hasSuffix("Height") {
                addSize(width: nil, height: value, spelling: "NSLayoutConstraint constraintWithItem:attribute:NSLayoutAttributeHeight ... constant:",
                        at: message.arguments[constantPiece], context: context)
            }
            return
        }
        guard let receiver = message.receiver, message.arguments.count >= 1, first.hasSuffix("ToConstant"),
              let value = tree.number(message.arguments[0]) else { return }
        let anchor = tree.identifiers(in: receiver).last ?? ""
        let spelling = "\(anchor) \(message.selector)"
        if anchor.hasPrefix("width") {
            addSize(width: value, height: nil, spelling: spelling, at: message.arguments[0], context: context)
        } else if anchor.hasPrefix("height") {
            addSize(width: nil, height: value, spelling: spelling, at: message.arguments[0], context: context)
        }
    }

    /// `frame.size.width = 834;`'s compound form is no size; only `+=` and the like reach here: nothing to record.
    private func recordSizeAssignment(_ index: Int, context: GuardContext) {}

    // MARK: Screens compared

    /// `[UIScreen mainScreen].bounds.size.height == 812`: a number compared with a width or height.
    private func recordDimensionComparison(_ index: Int, op: ObjCBinaryOperator, context: GuardContext) {
        let parts = tree.operands(index)
        guard parts.count == 2 else { return }
        for (number, subject) in [(parts[1], parts[0]), (parts[0], parts[1])] {
            guard let value = tree.number(number), tree.number(subject) == nil else { continue }
            guard vocabulary.dimensionValues.contains(value) else { return }
            facts.dimensionComparisons.append(DimensionComparisonFact(
                value: value, isEquality: op == .equal || op == .notEqual, subjectNames: tree.identifiers(in: subject),
                spelling: IdiomDecisionReader.shortened(tree.compactText(index)), position: place(tree.withoutCasts(number), else: tree[tree.withoutCasts(number)].begin),
                guardContext: context))
            return
        }
    }

    /// `switch ((int)[UIScreen mainScreen].nativeBounds.size.height) { case 2436: ... }`.
    private func recordDimensionCases(_ index: Int, context: GuardContext) {
        let parts = tree.operands(index)
        guard parts.count == 2, tree[parts[1]].kind == .compoundStmt else { return }
        let subjectNames = tree.identifiers(in: parts[0])
        guard !subjectNames.isEmpty else { return }
        for child in tree[parts[1]].children {
            var label: Int? = child
            while let current = label, tree[current].kind == .caseStmt {
                if let value = tree[current].children.first, let number = tree.number(value), vocabulary.dimensionValues.contains(number) {
                    facts.dimensionComparisons.append(DimensionComparisonFact(
                        value: number, isEquality: true, subjectNames: subjectNames,
                        spelling: "switch (\(tree.compactText(parts[0]))) ... case \(tree.compactText(value))",
                        position: position(tree[tree.withoutCasts(value)].begin), guardContext: contexts[current]))
                }
                label = tree[current].children.last
            }
        }
    }

    // MARK: Names a rule looks for

    /// `[UIScreen mainScreen].bounds`: a class a rule's chain starts at, with what follows it.
    private func recordReferenceChain(from index: Int, names start: [String], at place: Int, offset: Int, context: GuardContext) {
        let node = tree[place]
        var names = start
        var current = index
        var parent = node.parent
        while parent >= 0 {
            let parentNode = tree[parent]
            if [.parenExpr, .unexposedExpr].contains(parentNode.kind) {
                current = parent
            } else if parentNode.kind == .objCMessageExpr, let message = tree.message(parent), message.arguments.isEmpty,
                      message.receiverClass != nil || message.receiver == current {
                names.append(message.pieces[0])
                current = parent
            } else if parentNode.kind == .memberRefExpr, tree.operands(parent).first == current {
                names.append(parentNode.spelling.isEmpty ? parentNode.referencedName : parentNode.spelling)
                current = parent
            } else {
                break
            }
            parent = tree[current].parent
        }
        // As Swift spells it, so one rule reads both (`UIScreen.mainScreen` is `UIScreen.main`).
        for (objc, swift) in vocabulary.objcReferenceChains {
            let prefix = objc.split(separator: ".").map(String.init)
            if names.starts(with: prefix) { names = swift.split(separator: ".").map(String.init) + names.dropFirst(prefix.count) }
        }
        facts.references.append(ReferenceFact(names: names, inString: false, comparedWith: comparedNames(current),
                                              spelling: tree.compactText(current), position: self.place(place, else: offset), guardContext: context))
    }

    /// When the value of `index` is only compared, also through arithmetic: the names a rule reads as
    /// in the same coordinates among those of the values it is compared with.
    private func comparedNames(_ index: Int) -> [String] {
        guard !vocabulary.sameSpaceNames.isEmpty else { return [] }
        var names: [String] = []
        var current = index
        var parent = tree[current].parent
        while parent >= 0 {
            let node = tree[parent]
            if [.parenExpr, .unexposedExpr, .memberRefExpr].contains(node.kind) {
                current = parent
                parent = node.parent
                continue
            }
            guard node.kind == .binaryOperator, let op = binaryOperator(parent) else { break }
            let other = tree.operands(parent).first { $0 != current }
            if let other { names += identifiersThroughLocals(other) }
            if op.isComparison { return names.filter(vocabulary.sameSpaceNames.contains) }
            guard [.add, .sub, .mul, .div].contains(op) else { break }
            current = parent
            parent = node.parent
        }
        return []
    }

    /// The identifiers of an expression, and of the values the locals it reads were declared with.
    private func identifiersThroughLocals(_ index: Int) -> [String] {
        var names = tree.identifiers(in: index)
        func visit(_ current: Int) {
            let node = tree[current]
            if node.kind == .declRefExpr, let offset = node.referencedOffset, let local = locals[offset],
               let initializer = tree.operands(local.declaration).last {
                names += tree.identifiers(in: initializer)
            }
            for child in node.children { visit(child) }
        }
        visit(index)
        return names
    }

    /// `@"_setAllowsUnsupportedMacIdiomBehavior:"`: a string that is exactly a name a rule looks for in strings.
    private func recordReferenceString(_ index: Int, context: GuardContext) {
        guard !vocabulary.referenceStrings.isEmpty else { return }
        var text = tree.text(index)
        guard text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 else { return }
        text = String(text.dropFirst().dropLast())
        let name = text.hasSuffix(":") ? String(text.dropLast()) : text
        guard vocabulary.referenceStrings.contains(name) else { return }
        let literal = tree[index].parent >= 0 && tree[tree[index].parent].kind == .objCStringLiteral ? tree[index].parent : index
        facts.references.append(ReferenceFact(names: [name], inString: true, spelling: tree.text(literal), position: position(tree[literal].begin),
                                              guardContext: context))
    }

    /// `@selector(_setAllowsUnsupportedMacIdiomBehavior:)`.
    private func recordSelectorReference(_ index: Int, context: GuardContext) {
        var selector = tree[index].spelling
        if selector.isEmpty, let open = tree.text(index).firstIndex(of: "(") {
            selector = String(tree.text(index)[tree.text(index).index(after: open)...].prefix { $0 != ")" }).trimmingCharacters(in: .whitespaces)
        }
        guard let first = selector.split(separator: ":").first.map(String.init), vocabulary.referenceRoots.contains(first) else { return }
        let text = tree.text(index)
        let offset = text.range(of: first).map { tree[index].begin + text.utf8.distance(from: text.startIndex, to: $0.lowerBound) } ?? tree[index].begin
        facts.references.append(ReferenceFact(names: [first], inString: false, spelling: text, position: position(offset), guardContext: context))
    }

    // MARK: Decisions on the idiom

    private struct Branch {
        var label: String
        var statements: [Int]
        var value: Int?
        /// For an early exit: the statements after it.
        var after: [Int] = []
    }

    private func ifDecision(_ index: Int, context: GuardContext) -> PendingDecision? {
        let parent = tree[index].parent
        if parent >= 0, tree[parent].kind == .ifStmt, tree.operands(parent).count > 2, tree.operands(parent)[2] == index { return nil }
        var tests: [(condition: IdiomCondition, node: Int)] = []
        var branches: [Branch] = []
        var fallback = Branch(label: "no branch (it skips the `if`)", statements: [])
        var current: Int? = index
        while let ifStatement = current {
            let parts = tree.operands(ifStatement)
            guard parts.count >= 2 else { break }
            tests.append((condition(of: parts[0]), parts[0]))
            let label = branches.isEmpty ? "the `if` branch" : "the `else if` branch on line \(position(tree[ifStatement].begin).line)"
            branches.append(Branch(label: label, statements: [parts[1]]))
            current = nil
            if parts.count > 2 {
                if tree[parts[2]].kind == .ifStmt { current = parts[2] } else { fallback = Branch(label: "the `else` branch", statements: [parts[2]]) }
            }
        }
        if tests.count == 1, tree.operands(index).count == 2, alwaysExits(tree.operands(index)[1]), parent >= 0, tree[parent].kind == .compoundStmt {
            let siblings = tree[parent].children
            if let at = siblings.firstIndex(of: index) {
                fallback = Branch(label: "the code after the `if`", statements: [], after: Array(siblings[(at + 1)...]))
            }
        }
        return decision(at: index, tests: tests, branches: branches + [fallback], subject: nil, spelling: nil, context: context)
    }

    private func ternaryDecision(_ index: Int, context: GuardContext) -> PendingDecision? {
        let parts = tree.operands(index)
        guard parts.count == 3 else { return nil }
        let branches = [Branch(label: "the value after `?`", statements: [], value: parts[1]),
                        Branch(label: "the value after `:`", statements: [], value: parts[2])]
        return decision(at: index, tests: [(condition(of: parts[0]), parts[0])], branches: branches, subject: nil, spelling: nil, context: context)
    }

    private func switchDecision(_ index: Int, context: GuardContext) -> PendingDecision? {
        let parts = tree.operands(index)
        guard parts.count == 2, let subject = idiomSubject(parts[0]), tree[parts[1]].kind == .compoundStmt else { return nil }
        var tests: [(IdiomCondition, Int)] = []
        var branches: [Branch] = []
        var fallback = Branch(label: "no case (the `switch` does nothing)", statements: [])
        var currentBranch: Branch?
        var isDefault = false
        func close() {
            guard let branch = currentBranch else { return }
            if isDefault { fallback = branch } else { branches.append(branch) }
            currentBranch = nil
        }
        for child in tree[parts[1]].children {
            if tree[child].kind == .caseStmt || tree[child].kind == .defaultStmt {
                close()
                var label: Int? = child
                var test = IdiomCondition.constant(false)
                isDefault = false
                var labelText: [String] = []
                var innermost = child
                while let current = label, tree[current].kind == .caseStmt || tree[current].kind == .defaultStmt {
                    if tree[current].kind == .defaultStmt {
                        isDefault = true
                    } else if let value = tree[current].children.first {
                        labelText.append(tree.compactText(value))
                        if let idiom = idiomConstant(value) {
                            switch subject {
                            case .direct: test = test.or(.idiom(IdiomSet(idiom)))
                            case .helper(let use): test = test.or(.helperIdiom(use, IdiomSet(idiom)))
                            }
                        } else {
                            test = test.or(other(value))
                        }
                    }
                    innermost = current
                    label = tree[current].children.last
                }
                let body = tree[innermost].children.last.map { [$0] } ?? []
                if !isDefault { tests.append((test, child)) }
                currentBranch = Branch(label: isDefault ? "`default`" : "`case \(labelText.joined(separator: ", "))`", statements: body)
            } else {
                currentBranch?.statements.append(child)
            }
        }
        close()
        return decision(at: index, tests: tests, branches: branches + [fallback], subject: parts[0],
                        spelling: "switch (\(tree.compactText(parts[0])))", context: context)
    }

    private func decision(at index: Int, tests: [(condition: IdiomCondition, node: Int)], branches: [Branch], subject: Int?, spelling: String?,
                          context: GuardContext) -> PendingDecision? {
        guard tests.contains(where: { $0.condition.mentionsIdiom }) else { return nil }
        // What the branches select, reduced to the geometry in it, and the first feature each turns
        // on (the method's own name is where its `return`s go): a decision with neither is not kept.
        var consequences: [[String]] = []
        var branchFeatures: [String?] = []
        let own = currentFunctionName(of: index)
        for branch in branches {
            var groups = StatementGroups()
            for statement in branch.statements + branch.after { groups.append(statementGroups(statement)) }
            if let value = branch.value { groups.append(StatementGroups(groups: statementGroups(value).groups.filter { !$0.isEmpty })) }
            consequences += groups.groups
            branchFeatures.append(vocabulary.firstFeature(in: groups, leaving: own, judge: vocabulary.featureClassifier.judged))
        }
        if let destination = destination(of: index) {
            consequences.append(destination)
        } else {
            for value in branches.compactMap(\.value) { consequences.append(tree.identifiers(in: value)) }
        }
        let geometry = consequences.compactMap { group in group.first(where: vocabulary.isGeometry).map { [$0] } }
        guard !geometry.isEmpty || branchFeatures.contains(where: { $0 != nil }) else { return nil }
        // A decision a macro of this file makes is reported in the macro's body, once.
        let written = isMadeByMacro(index) && tree[index].spellingPath == source.path ? place(index, else: tree[index].begin) : nil
        return PendingDecision(
            tests: tests.map { test in
                PendingDecision.Test(condition: test.condition, spelling: IdiomDecisionReader.shortened(tree.compactText(test.node)),
                                     position: written ?? position(useSite(test.node)),
                                     anchors: written.map { place in anchors(in: test.node).map { .init(condition: $0.condition, position: place) } } ?? anchors(in: test.node))
            },
            position: subject.map { position(useSite($0)) },
            spelling: spelling,
            branches: branches.map(\.label),
            branchConditionNames: branches.map { branch in
                (branch.statements + branch.after + (branch.value.map { [$0] } ?? [])).flatMap(conditionNames).filter(vocabulary.bearsOnAdaptation)
            },
            consequences: geometry,
            branchFeatures: branchFeatures,
            guardContext: context)
    }

    /// The places in a condition that may read the idiom: comparisons with an idiom (their subject)
    /// and names that may be helpers, in source order.
    private func anchors(in condition: Int) -> [PendingDecision.Anchor] {
        var found: [PendingDecision.Anchor] = []
        func visit(_ index: Int) {
            let inner = tree.unwrapped(index)
            let node = tree[inner]
            if node.kind == .binaryOperator, let compared = comparison(inner), let side = idiomSide(of: inner) {
                found.append(.init(condition: compared, position: position(useSite(side))))
                return
            }
            if [.objCMessageExpr, .memberRefExpr, .callExpr, .declRefExpr].contains(node.kind), let name = helperName(inner) {
                found.append(.init(condition: .helper(HelperUse(name: name, path: path)), position: position(useSite(inner))))
                return
            }
            for child in node.children { visit(child) }
        }
        visit(condition)
        return found
    }

    /// The identifiers the conditions inside a region read: of its `if`s, `switch`es and `?:`s.
    private func conditionNames(_ region: Int) -> [String] {
        var names: [String] = []
        func visit(_ index: Int) {
            let node = tree[index]
            if [.ifStmt, .switchStmt, .conditionalOperator, .whileStmt].contains(node.kind), let test = tree.operands(index).first {
                names += tree.identifiers(in: test)
            }
            for child in node.children { visit(child) }
        }
        visit(region)
        return names
    }

    /// One group of names per thing a region sets, sends or returns: an assignment's target (with
    /// what its value calls), a message's pieces (with the messages and functions that make its
    /// arguments), what a `return` gives its method; and which switch something off
    /// (`item.enabled = NO`, `[item setEnabled:NO]`, `[bar setRightBarButtonItem:nil]`).
    private func statementGroups(_ region: Int) -> StatementGroups {
        var groups: [[String]] = []
        var heads: [Int: String] = [:]
        var switchedOff: Set<Int> = []
        func visit(_ index: Int, group: Int?) {
            let node = tree[index]
            switch node.kind {
            case .ifStmt, .switchStmt, .whileStmt:
                // The conditions of the region's own decisions select nothing.
                let parts = tree.operands(index)
                for part in parts.dropFirst() { visit(part, group: nil) }
                return
            case .binaryOperator where binaryOperator(index) == .assign:
                let parts = tree.operands(index)
                guard parts.count == 2 else { break }
                let names = tree.identifiers(in: parts[0])
                groups.append(names)
                let assigned = groups.count - 1
                if let last = names.last { heads[assigned] = last }
                if switchesOff(parts[1]) { switchedOff.insert(assigned) }
                visit(parts[1], group: assigned)
                return
            case .compoundAssignOperator:
                let parts = tree.operands(index)
                guard parts.count == 2 else { break }
                groups.append(tree.identifiers(in: parts[0]))
                visit(parts[1], group: groups.count - 1)
                return
            case .objCMessageExpr:
                guard let message = tree.message(index) else { break }
                let names = message.pieces + (message.receiverClass.map { [$0] } ?? [])
                var mine = group
                if let group { groups[group] += names } else {
                    groups.append(names)
                    mine = groups.count - 1
                    heads[mine!] = message.pieces[0]
                    if message.pieces[0].hasPrefix("set"), let first = message.arguments.first, switchesOff(first) { switchedOff.insert(mine!) }
                }
                if let receiver = message.receiver { visit(receiver, group: nil) }
                for argument in message.arguments { visit(argument, group: mine) }
                return
            case .callExpr:
                let parts = tree.operands(index)
                let names = parts.first.map { tree.identifiers(in: $0) } ?? []
                var mine = group
                if let group { groups[group] += names } else {
                    groups.append(names)
                    mine = groups.count - 1
                    if let head = names.last { heads[mine!] = head }
                }
                for argument in parts.dropFirst() { visit(argument, group: mine) }
                return
            case .returnStmt:
                var group = currentFunctionName(of: index).map { [$0] } ?? []
                if let value = node.children.first {
                    let inner = tree.unwrapped(value)
                    if [.declRefExpr, .memberRefExpr].contains(tree[inner].kind) { group += tree.identifiers(in: inner) }
                    groups.append(group)
                    visit(value, group: nil)
                } else {
                    groups.append(group)
                }
                return
            case .varDecl:
                groups.append([node.spelling])
            default:
                break
            }
            for child in node.children { visit(child, group: group) }
        }
        visit(region, group: nil)
        for (group, head) in heads where vocabulary.isNonGeometry(head) && groups[group].contains(where: vocabulary.isGeometry) { groups[group] = [] }
        return StatementGroups(groups: groups, switchedOff: switchedOff)
    }

    /// `NO`, `false`, `nil`: a value that switches off what it is given to.
    private func switchesOff(_ index: Int) -> Bool {
        booleanLiteral(index) == false || isNil(index)
    }

    /// The method or function whose body holds a node: its name.
    private func currentFunctionName(of index: Int) -> String? {
        var current = tree[index].parent
        while current >= 0 {
            let node = tree[current]
            if node.kind == .blockExpr { return nil }
            if node.kind.isFunctionLike { return node.spelling.split(separator: ":").first.map(String.init) }
            current = node.parent
        }
        return nil
    }

    /// Where the value a decision chooses goes: the variable it initializes, the property assigned,
    /// the message piece it is given to, or the method that returns it.
    private func destination(of index: Int) -> [String]? {
        var current = index
        var parent = tree[current].parent
        while parent >= 0 {
            let node = tree[parent]
            switch node.kind {
            case .parenExpr, .unexposedExpr, .cStyleCastExpr:
                break
            case .binaryOperator, .compoundAssignOperator:
                let parts = tree.operands(parent)
                if node.kind == .compoundAssignOperator || binaryOperator(parent) == .assign {
                    return parts.last == current ? tree.identifiers(in: parts[0]) : nil
                }
            case .varDecl:
                return [node.spelling]
            case .objCMessageExpr:
                guard let message = tree.message(parent), let argument = message.arguments.firstIndex(of: current) else { return nil }
                return [message.pieces[min(argument, message.pieces.count - 1)]] + message.pieces.prefix(1)
            case .callExpr:
                return tree.operands(parent).first.map { tree.identifiers(in: $0) }
            case .returnStmt:
                return currentFunctionName(of: parent).map { [$0] }
            default:
                return nil
            }
            current = parent
            parent = node.parent
        }
        return nil
    }
}
