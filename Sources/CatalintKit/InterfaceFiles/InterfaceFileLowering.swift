import Yams

/// Lowers a YAML interface description (`*.interface.yml`, format version 1, see
/// `docs/interface-format.md`) into UI facts, each at the line and column of its key or value.
/// Every problem with the file is an `invalid-interface` diagnostic; nothing in it is skipped silently.
struct InterfaceFileLowering {
    static let stateNames = ["normal", "highlighted", "disabled", "selected", "focused"]
    static let idiomNames = ["mac", "pad", "phone", "tv", "carPlay", "vision"]
    static let topLevelKeys = ["interface", "views"]
    static let behavioralStyles = ["pad", "mac", "automatic"]
    /// Bounds on what a file may expand to: YAML aliases can make a small file describe an
    /// exponential tree, and deep nesting could exhaust the stack.
    static let maximumNodes = 100_000
    static let maximumDepth = 128

    static let help = "See docs/interface-format.md for the interface file format."

    private let source: SourceText
    /// Which properties take a value per control state (a scalar is the normal state), from the rules.
    private let vocabulary: LoweringVocabulary
    private var output = FrontEndOutput()
    private var visitedNodes = 0
    private var tooLarge = false

    static func lower(_ source: SourceText, vocabulary: LoweringVocabulary = .standard) -> FrontEndOutput {
        var lowering = InterfaceFileLowering(source: source, vocabulary: vocabulary)
        lowering.run()
        return lowering.output
    }

    private init(source: SourceText, vocabulary: LoweringVocabulary) {
        self.source = source
        self.vocabulary = vocabulary
    }

    private mutating func run() {
        if let (line, depth) = Self.deepestNesting(source.text), depth > Self.maximumDepth {
            problem(at: SourcePosition(path: source.path, line: line, column: 1),
                    "The YAML nests \(depth) levels deep here, more than the \(Self.maximumDepth) catalint reads.")
            return
        }
        // Aliases in keys, or nested aliases, would make composing or walking the file take
        // exponential time: refused before Yams composes it.
        if let (position, message) = YAMLAliases.check(source) {
            problem(at: position, message.prefix(1).uppercased() + message.dropFirst() + ".")
            return
        }
        var documents = 0
        do {
            var iterator = try compose_all(yaml: source.text, .default, .default, .utf8).makeIterator()
            while let document = iterator.next() {
                documents += 1
                lowerDocument(document, number: documents)
                if tooLarge { return }
            }
            if let error = iterator.error {
                report(error)
                return
            }
        } catch {
            report(error)
            return
        }
        if documents == 0 {
            problem(at: SourcePosition(path: source.path, line: 1, column: 1),
                    "The file holds no interface: it needs at least one YAML document with `interface` and `views`.")
        }
    }

    // MARK: Problems

    private mutating func problem(at position: SourcePosition, _ detail: String) {
        output.problems.append(InputProblem(rule: ToolRule.invalidInterface, position: position,
                                            values: ["detail": detail, "help": Self.help]))
    }

    private mutating func problem(at node: Node, _ detail: String) {
        problem(at: position(of: node), detail)
    }

    private func position(of node: Node) -> SourcePosition {
        guard let mark = node.mark else { return SourcePosition(path: source.path, line: 1, column: 1) }
        return source.position(line: mark.line, scalarColumn: mark.column)
    }

    private mutating func report(_ error: Error) {
        let (position, message) = YAMLProblem.describe(error, in: source)
        problem(at: position, message.prefix(1).uppercased() + message.dropFirst() + ".")
    }

    /// The deepest nesting of the text, by a cheap over-estimate that needs no parser: block
    /// indentation plus sequence dashes plus open flow brackets. Nil for an empty text.
    static func deepestNesting(_ text: String) -> (line: Int, depth: Int)? {
        var deepest: (line: Int, depth: Int)?
        var flow = 0
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var depth = flow
            var quote: Character?
            var leading = true
            var indent = 0
            for character in line {
                if let open = quote {
                    if character == open { quote = nil }
                    continue
                }
                switch character {
                case " " where leading: indent += 1
                case "-" where leading: depth += 1
                case "#": break
                case "\"", "'": quote = character
                case "[", "{": flow += 1; depth = max(depth, flow)
                case "]", "}": flow = max(0, flow - 1)
                default: break
                }
                if character == "#" { break }
                if character != " " && character != "-" { leading = false }
            }
            depth += indent / 2
            if deepest == nil || depth > deepest!.depth { deepest = (number + 1, depth) }
        }
        return deepest
    }

    // MARK: Documents and views

    private mutating func lowerDocument(_ document: Node, number: Int) {
        guard let mapping = document.mapping else {
            problem(at: document, "An interface document must be a mapping with `interface` (the screen's name) and `views`.")
            return
        }
        var name: String?
        var views: Node?
        for (key, value) in mapping {
            switch key.string {
            case "interface":
                if let text = value.scalar?.string, !text.isEmpty { name = text } else {
                    problem(at: value, "`interface` must be the screen's name, a single non-empty value.")
                    name = ""
                }
            case "views":
                views = value
            default:
                problem(at: key, "Unknown key `\(key.string ?? "?")` at the top of an interface\(Self.suggestion(key.string ?? "", Self.topLevelKeys)); the keys there are `interface` and `views`.")
            }
        }
        if name == nil {
            problem(at: document, "This interface has no `interface` key: give the screen's name.")
        }
        guard let views else {
            problem(at: document, "This interface has no `views` key: list its root views.")
            return
        }
        guard let list = views.sequence else {
            problem(at: views, "`views` must be a list of views.")
            return
        }
        for (offset, view) in list.enumerated() {
            lowerView(view, context: .unguarded, path: "\(number)/\(offset)", depth: 1)
        }
    }

    private mutating func lowerView(_ node: Node, context: GuardContext, path: String, depth: Int) {
        visitedNodes += 1
        guard !tooLarge else { return }
        if visitedNodes > Self.maximumNodes || depth > Self.maximumDepth {
            tooLarge = true
            problem(at: node, "The interface expands to more than \(Self.maximumNodes) views or nests deeper than \(Self.maximumDepth) (YAML aliases?); catalint stops reading this file here.")
            return
        }
        guard let mapping = node.mapping else {
            problem(at: node, "A view must be a mapping with at least a `class` key.")
            return
        }
        guard let header = viewHeader(mapping, of: node, context: context) else { return }
        let context = header.context
        output.facts.creations.append(PendingCreation(type: .named(header.className), knownSuperclass: header.superclass,
                                                      position: position(of: header.classNode), guardContext: context))
        var object = PendingObject(value: .object(.interfaceView(path: source.path, identity: path), type: .named(header.className)),
                                   knownSuperclass: header.superclass)
        for (key, value) in mapping {
            guard let name = key.string else {
                problem(at: key, "Keys must be property names.")
                continue
            }
            switch name {
            case "class", "superclass", "idioms", "id":
                if name == "id", value.scalar == nil { problem(at: value, "`id` must be a single value.") }
            case "subviews":
                guard let list = value.sequence else {
                    problem(at: value, "`subviews` must be a list of views.")
                    continue
                }
                for (offset, child) in list.enumerated() {
                    lowerView(child, context: context, path: "\(path)/\(offset)", depth: depth + 1)
                }
            default:
                lowerProperty(name, key: key, value: value, of: &object, context: context)
            }
        }
        output.facts.objects.append(object)
    }

    /// What a view is: its `class` (and the node naming it), its `superclass`, and the context its
    /// `idioms` leave; nil, with a problem, when it names no class.
    private mutating func viewHeader(_ mapping: Node.Mapping, of node: Node, context: GuardContext)
        -> (className: String, classNode: Node, superclass: String?, context: GuardContext)? {
        var className: String?
        var classNode: Node?
        var superclass: String?
        var context = context
        for (key, value) in mapping {
            switch key.string {
            case "class":
                classNode = value
                if let text = value.scalar?.string, !text.isEmpty { className = text } else {
                    problem(at: value, "`class` must be a class name, such as `UIButton`.")
                }
            case "superclass":
                if let text = value.scalar?.string, !text.isEmpty { superclass = text } else {
                    problem(at: value, "`superclass` must be a class name, such as `UISlider`.")
                }
            case "idioms":
                context = context.restricted(to: idioms(value))
            default:
                break
            }
        }
        guard let className, let classNode else {
            if classNode == nil {
                problem(at: node, "This view has no `class` key: every view names its UIKit class, or a custom class with its `superclass`.")
            }
            return nil
        }
        return (className, classNode, superclass, context)
    }

    /// A key of a view other than its class, idioms, id and subviews: a size, constraints, its
    /// behavioral style, or a property set on it.
    private mutating func lowerProperty(_ name: String, key: Node, value: Node, of object: inout PendingObject, context: GuardContext) {
        switch name {
        case "frame":
            lowerSize(value, key: key, spelling: "frame", allowed: ["x", "y", "width", "height"], context: context)
        case "size":
            lowerSize(value, key: key, spelling: "size", allowed: ["width", "height"], context: context)
        case "constraints":
            lowerConstraints(value, context: context)
        case "preferredBehavioralStyle":
            if let style = value.scalar?.string, Self.behavioralStyles.contains(style) {
                object.style = style
            } else {
                problem(at: value, "`preferredBehavioralStyle` must be `pad`, `mac` or `automatic`.")
            }
        case _ where vocabulary.stateProperties.contains(name):
            object.settings += stateSettings(name, key: key, value: value, context: context)
        default:
            if let scalar = value.scalar {
                object.settings.append(SettingFact(property: name, state: nil, spelling: name, value: scalar.string,
                                                   position: position(of: key), guardContext: context))
            } else if let list = value.sequence, list.allSatisfy({ $0.scalar != nil }) {
                // A property that holds several values: `gestureRecognizers: [UITapGestureRecognizer]`.
                object.settings.append(SettingFact(property: name, state: nil, spelling: name, value: nil,
                                                   position: position(of: key), guardContext: context))
            } else {
                problem(at: value, "`\(name)` takes a single value, or a list of single values, not a mapping.")
            }
        }
    }

    private mutating func idioms(_ value: Node) -> IdiomSet {
        guard let list = value.sequence else {
            problem(at: value, "`idioms` must be a list of idioms: \(Self.idiomNames.joined(separator: ", ")).")
            return .all
        }
        var set: IdiomSet = []
        for item in list {
            if let name = item.scalar?.string, let idiom = Idiom(memberName: name), Self.idiomNames.contains(name) {
                set.insert(IdiomSet(idiom))
            } else {
                let name = item.scalar?.string ?? "?"
                problem(at: item, "Unknown idiom `\(name)`\(Self.suggestion(name, Self.idiomNames)); the idioms are \(Self.idiomNames.joined(separator: ", ")).")
                return .all
            }
        }
        return set
    }

    private mutating func stateSettings(_ name: String, key: Node, value: Node, context: GuardContext) -> [SettingFact] {
        if value.scalar != nil {
            return [SettingFact(property: name, state: .named([]), spelling: name, value: value.scalar?.string,
                                position: position(of: key), guardContext: context)]
        }
        guard let mapping = value.mapping else {
            problem(at: value, "`\(name)` takes one value (the normal state) or a mapping from control state to value.")
            return []
        }
        var settings: [SettingFact] = []
        for (stateKey, stateValue) in mapping {
            let state = stateKey.string ?? "?"
            guard Self.stateNames.contains(state) else {
                problem(at: stateKey, "Unknown control state `\(state)`\(Self.suggestion(state, Self.stateNames)); the states are \(Self.stateNames.joined(separator: ", ")).")
                continue
            }
            if stateValue.scalar == nil {
                problem(at: stateValue, "The `\(state)` value of `\(name)` must be a single value.")
            }
            settings.append(SettingFact(property: name, state: .named([state]), spelling: name, value: stateValue.scalar?.string,
                                        position: position(of: stateKey), guardContext: context))
        }
        return settings
    }

    private mutating func number(_ node: Node, named name: String) -> Double? {
        if let text = node.scalar?.string, let value = Double(text) { return value }
        problem(at: node, "`\(name)` must be a number.")
        return nil
    }

    private mutating func lowerSize(_ value: Node, key: Node, spelling: String, allowed: [String], context: GuardContext) {
        guard let mapping = value.mapping else {
            problem(at: value, "`\(spelling)` must be a mapping of numbers: \(allowed.map { "`\($0)`" }.joined(separator: ", ")).")
            return
        }
        var width: Double?
        var height: Double?
        for (entryKey, entryValue) in mapping {
            let name = entryKey.string ?? "?"
            guard allowed.contains(name) else {
                problem(at: entryKey, "Unknown key `\(name)` in `\(spelling)`\(Self.suggestion(name, allowed)); it takes \(allowed.map { "`\($0)`" }.joined(separator: ", ")).")
                continue
            }
            let value = number(entryValue, named: name)
            if name == "width" { width = value }
            if name == "height" { height = value }
        }
        guard width != nil || height != nil else { return }
        output.facts.sizes.append(SizeFact(width: width, height: height, spelling: spelling,
                                           position: position(of: key), guardContext: context))
    }

    private mutating func lowerConstraints(_ value: Node, context: GuardContext) {
        guard let list = value.sequence else {
            problem(at: value, "`constraints` must be a list of constraints, each with `attribute` and `constant`.")
            return
        }
        for item in list {
            guard let mapping = item.mapping else {
                problem(at: item, "A constraint must be a mapping with `attribute` and `constant`.")
                continue
            }
            var attribute: String?
            var constant: (value: Double, key: Node)?
            for (key, entry) in mapping {
                switch key.string {
                case "attribute":
                    attribute = entry.scalar?.string
                    if attribute == nil { problem(at: entry, "`attribute` must be a layout attribute, such as `width`.") }
                case "constant":
                    if let number = number(entry, named: "constant") { constant = (number, key) }
                default:
                    if entry.scalar == nil { problem(at: entry, "`\(key.string ?? "?")` takes a single value.") }
                }
            }
            guard let attribute, let constant else { continue }
            if attribute == "width" || attribute == "height" {
                output.facts.sizes.append(SizeFact(
                    width: attribute == "width" ? constant.value : nil,
                    height: attribute == "height" ? constant.value : nil,
                    spelling: "constant", position: position(of: constant.key), guardContext: context))
            }
        }
    }

    static func suggestion(_ name: String, _ candidates: [String]) -> String {
        Suggestion.aside(name, in: candidates)
    }
}
