/// A name that picks rules in `--select`, `--ignore`, `--extend-select` and the configuration's
/// `select:`, `ignore:` and `extend_select:`: a rule id (`unavailable-control`), a category
/// (`crash`, `layout`, `meta`), a prefix of ids that ends at a `-` (`unavailable-` or `unavailable`),
/// or `ALL`.
public struct RuleSelector: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case all
        case category(RuleCategory)
        /// Ids that start with this, which ends with `-`.
        case prefix(String)
        case rule(String)
    }

    /// The selector as written.
    public let text: String
    public let kind: Kind

    public var description: String { text }

    /// Reads a selector; an unknown one throws, with the closest known name. By the rules' ids alone
    /// (`RuleCatalog.ids`), so that reading a configuration or a command line does not load the catalogue.
    public init(_ text: String) throws(UnknownSelector) {
        try self.init(text, ids: RuleCatalog.ids)
    }

    /// The same among `rules`.
    public init(_ text: String, rules: [RuleDefinition]) throws(UnknownSelector) {
        try self.init(text, ids: rules.map(\.id))
    }

    private init(_ text: String, ids: [String]) throws(UnknownSelector) {
        self.text = text
        if text == "ALL" || text == "all" {
            kind = .all
        } else if ids.contains(text) {
            kind = .rule(text)
        } else if let category = RuleCategory(rawValue: text) {
            kind = .category(category)
        } else {
            let prefix = text.hasSuffix("-") ? text : text + "-"
            guard prefix.count > 1, ids.contains(where: { $0.hasPrefix(prefix) }) else {
                throw UnknownSelector(text: text, suggestion: Suggestion.closest(to: text, in: Self.names(ids)))
            }
            kind = .prefix(prefix)
        }
    }

    /// True when the selector picks `rule`.
    public func matches(_ rule: RuleDefinition) -> Bool {
        switch kind {
        case .all: return true
        case .category(let category): return rule.category == category
        case .prefix(let prefix): return rule.id.hasPrefix(prefix)
        case .rule(let id): return rule.id == id
        }
    }

    /// How narrow the selector is: a narrower one wins over a wider one, whatever their order
    /// (`--select layout --ignore hard-coded-size` and `--ignore layout --select hard-coded-size`
    /// both leave one decision for `hard-coded-size`).
    var specificity: Int {
        switch kind {
        case .all: return 0
        case .category: return 1
        case .prefix(let prefix): return 2 + prefix.count
        case .rule: return Int.max
        }
    }

    /// Every name a selector may be, for suggestions: ids, categories, prefixes, `ALL`.
    static func names(_ ids: [String]) -> [String] {
        var prefixes: Set<String> = []
        for id in ids {
            var prefix = ""
            for part in id.split(separator: "-").dropLast() {
                prefix += part + "-"
                prefixes.insert(prefix)
            }
        }
        return ids + RuleCategory.allCases.map(\.rawValue) + prefixes.sorted() + ["ALL"]
    }

    /// A name that picks no rule.
    public struct UnknownSelector: Error, CustomStringConvertible {
        public var text: String
        public var suggestion: String?

        public var description: String { message(in: nil) }

        /// `unknown rule or group 'x' in PLACE. Did you mean 'y'? ...`
        public func message(in place: String?) -> String {
            var message = "unknown rule or group '\(text)'" + (place.map { " in \($0)" } ?? "") + "."
            if let suggestion { message += " Did you mean '\(suggestion)'?" }
            return message + " A rule id, a category (\(RuleCategory.allCases.map(\.rawValue).joined(separator: ", "))), a prefix of ids "
                + "(such as `unavailable-`) or ALL is accepted; `catalint rules` lists the rules and their categories."
        }
    }
}

/// Which rules report in a run, from the configuration's `select:`, `ignore:` and `extend_select:`
/// and then the command line's, as Ruff resolves them: a layer with a `select` starts afresh from
/// it; within a layer, narrower selectors win over wider ones (an id over a prefix over a category
/// over `ALL`), and at the same width `ignore` wins. A rule that no selector names keeps its default
/// (on, unless it is opt-in). Preview rules report only in preview mode.
public struct RuleSelection: Sendable {
    /// One source of selectors: the configuration, or the command line.
    public struct Layer: Sendable {
        /// `select`: only what this picks reports (nil: what the layers before left).
        public var select: [RuleSelector]?
        public var extendSelect: [RuleSelector]
        public var ignore: [RuleSelector]

        public init(select: [RuleSelector]? = nil, extendSelect: [RuleSelector] = [], ignore: [RuleSelector] = []) {
            self.select = select
            self.extendSelect = extendSelect
            self.ignore = ignore
        }

        /// The layer of selector texts already checked (unknown ones are left out).
        public init(select: [String]?, extendSelect: [String], ignore: [String]) {
            func read(_ texts: [String]) -> [RuleSelector] { texts.compactMap { try? RuleSelector($0) } }
            self.init(select: select.map(read), extendSelect: read(extendSelect), ignore: read(ignore))
        }

        var isEmpty: Bool { select == nil && extendSelect.isEmpty && ignore.isEmpty }
    }

    /// Each rule that a selector decided: true on, false off.
    private let decided: [String: Bool]
    /// Preview rules report.
    public let preview: Bool
    /// What the user should know: preview rules named while preview is off.
    public let notes: [String]

    public init(layers: [Layer] = [], preview: Bool = false, rules given: [RuleDefinition]? = nil) {
        // The catalogue is read only when a selector needs it: a run with none starts without
        // decoding it (the linter decodes it on another thread meanwhile).
        var known = given
        func allRules() -> [RuleDefinition] {
            if let known { return known }
            known = RuleCatalog.all
            return known!
        }
        var decided: [String: Bool] = [:]
        var named: [String] = []
        for layer in layers where !layer.isEmpty {
            var entries: [(selector: RuleSelector, on: Bool)] = []
            let rules = allRules()
            if let select = layer.select {
                decided = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, false) })
                entries += select.map { ($0, true) }
            }
            entries += layer.extendSelect.map { ($0, true) } + layer.ignore.map { ($0, false) }
            // Stable: at the same width the enabling entries come first, so `ignore` has the last word.
            let ordered = entries.enumerated().sorted { a, b in
                (a.element.selector.specificity, a.element.on ? 0 : 1, a.offset) < (b.element.selector.specificity, b.element.on ? 0 : 1, b.offset)
            }.map(\.element)
            for (selector, on) in ordered {
                for rule in rules where selector.matches(rule) { decided[rule.id] = on }
                if on, case .rule(let id) = selector.kind { named.append(id) }
            }
        }
        self.decided = decided
        self.preview = preview
        let previewNamed = Set(named).filter { id in !preview && allRules().contains { $0.id == id && $0.preview } }
        notes = previewNamed.sorted().map { "`\($0)` is a preview rule: selecting it has no effect without --preview (or `preview: true`)" }
    }

    /// Whether `rule` reports: true or false when a selector decided it, nil when none did (its
    /// default applies: on, unless it is opt-in and the configuration gives it no level). A preview
    /// rule outside preview mode never does.
    public func decision(for rule: RuleDefinition) -> Bool? {
        if rule.preview && !preview { return false }
        return decided[rule.id]
    }
}
