/// `idiom-layout-decision`: geometry chosen by idiom where the Mac idiom takes the iPhone's branch.
///
/// A decision is reported when switching from the pad idiom to the Mac idiom changes its course so
/// that the Mac goes the iPhone's way: the Mac's route is the iPhone's and not the iPad's.
struct IdiomLayoutDecisionRule: RuleLogic {
    static let id = "idiom-layout-decision"

    func findings(in facts: UIFacts, knowledge: LayoutDecisionKnowledge) -> [Finding] {
        let geometry = NameClassifier.geometry(knowledge)
        let adaptive = NameClassifier(words: knowledge.adaptiveWords, excludedWords: knowledge.nonAdaptiveWords)
        let fixed = NameClassifier(words: knowledge.nonAdaptiveWords)
        // Names of a condition that adapts to the window: one reads size classes, bounds or traits,
        // and none reads the screen or the device (`UIScreen.main.traitCollection` does not adapt).
        func adapts(_ names: [String]) -> Bool { names.contains(where: adaptive.matches) && !names.contains(where: fixed.matches) }
        return facts.idiomDecisions.compactMap { decision in
            guard decision.guardContext.runsInMacIdiom,
                  let mac = decision.routes[.mac], let phone = decision.routes[.phone], let pad = decision.routes[.pad],
                  mac == phone, mac != pad,
                  // The Mac's way also depends on size classes, bounds or traits: it adapts to the window.
                  !mac.contains(where: { adapts($0.condition.otherNames) }),
                  !mac.contains(where: { adapts(decision.branchConditionNames[$0.branch]) }),
                  let name = decision.consequences.lazy.compactMap(geometry.first(in:)).first else { return nil }
            let taken = mac.map { Phrase.text(decision.branches[$0.branch]) }
            let helpers = decision.helpers.map { helper in
                Phrase.named("helper", ["name": .text(helper.name), "path": .text(helper.position.path), "line": .text(String(helper.position.line))])
            }
            return Finding(position: decision.position, values: ["spelling": decision.spelling, "geometry": name], phrases: [
                "branch": taken.count == 1 ? taken[0] : .named("same_branches", ["branches": .list(taken, separator: .named("comma"))]),
                "helper": helpers.isEmpty ? .text("") : .named("through", ["helpers": .list(helpers, separator: .named("and"))]),
            ])
        }
    }
}

/// Tells identifiers of one kind by their camel-case words: `contentInset` is geometry by the word
/// `inset`, `titleEdgeInsets` is not, by the word `title`.
struct NameClassifier: Sendable, Hashable, Codable {
    var names: Set<String>
    var words: Set<String>
    var excludedWords: Set<String>
    /// Camel-case entries of the word list: phrases whose words come in a row (`itemsToDisplay`).
    var phrases: [[String]] = []
    /// Camel-case entries of the excluded words: a name with their words in a row is not one
    /// (`contentOffset` in `setContentOffset`, where `offset` alone would be geometry).
    var excludedPhrases: [[String]] = []
    /// Last words that make a name match after a matching word (`count` in `columnCount`).
    var countWords: Set<String> = []
    /// Last words that name where a value is kept (`setting` in `gridSizeSetting`): the words
    /// before them decide.
    var settingWords: Set<String> = []
    /// Only the last word of a name, the noun it names, decides (`contentInset` is an inset;
    /// `secondaryColumnToolbarItem` is a toolbar item).
    var lastWordDecides = false

    init(names: [String] = [], words: [String], excludedWords: [String] = []) {
        self.names = Set(names)
        var single: Set<String> = []
        for entry in words {
            let parts = camelCaseWords(entry)
            if parts.count > 1 { phrases.append(parts) } else { single.insert(entry.lowercased()) }
        }
        self.words = single
        var excluded: Set<String> = []
        for entry in excludedWords {
            let parts = camelCaseWords(entry)
            if parts.count > 1 { excludedPhrases.append(parts) } else { excluded.insert(entry.lowercased()) }
        }
        self.excludedWords = excluded
    }

    /// True when `phrase`'s words come in a row in `parts`.
    private static func contains(_ parts: [String], _ phrase: [String]) -> Bool {
        guard parts.count >= phrase.count else { return false }
        return (0...(parts.count - phrase.count)).contains { parts[$0..<$0 + phrase.count].elementsEqual(phrase) }
    }

    /// The geometry of `idiom-layout-decision`'s knowledge: decided by the last word.
    static func geometry(_ knowledge: LayoutDecisionKnowledge) -> NameClassifier {
        var classifier = NameClassifier(names: knowledge.geometryNames, words: knowledge.geometryWords, excludedWords: knowledge.nonGeometryWords)
        classifier.countWords = Set(knowledge.countWords.map { $0.lowercased() })
        classifier.settingWords = Set(knowledge.settingWords.map { $0.lowercased() })
        classifier.lastWordDecides = true
        return classifier
    }

    func matches(_ identifier: String) -> Bool {
        if names.contains(identifier) { return true }
        return matches(words: camelCaseWords(identifier))
    }

    /// `excludes`, `matches` and the number of camel-case words of `identifier`, from one split of
    /// it into words (the lowering asks all three of each name in an idiom decision's branches).
    func judged(_ identifier: String) -> (excluded: Bool, matches: Bool, words: Int) {
        let parts = camelCaseWords(identifier)
        return (excluded(parts), names.contains(identifier) || matches(words: parts), parts.count)
    }

    private func matches(words found: [String]) -> Bool {
        var parts = found
        // `albumsGridSizeSetting` is judged as `albumsGridSize`: what is kept, not where.
        while parts.count > 1, let last = parts.last, settingWords.contains(last) { parts.removeLast() }
        guard let last = parts.last, !parts.contains(where: excludedWords.contains),
              !excludedPhrases.contains(where: { Self.contains(parts, $0) }) else { return false }
        if phrases.contains(where: { Self.contains(parts, $0) }) { return true }
        guard lastWordDecides else { return parts.contains(where: words.contains) }
        if words.contains(last) { return true }
        return countWords.contains(last) && parts.dropLast().contains(where: words.contains)
    }

    /// True when a word or phrase of the excluded ones is in the identifier.
    func excludes(_ identifier: String) -> Bool {
        excluded(camelCaseWords(identifier))
    }

    private func excluded(_ parts: [String]) -> Bool {
        parts.contains(where: excludedWords.contains) || excludedPhrases.contains { Self.contains(parts, $0) }
    }

    /// The first identifier of a group that matches.
    func first(in group: [String]) -> String? {
        group.first(where: matches)
    }
}
