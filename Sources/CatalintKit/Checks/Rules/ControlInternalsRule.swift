/// `control-internals`: a UIKit control's insides reached around its API, where the code can run in
/// the Mac idiom: a key of it that is private (by its prefix, or as the knowledge lists it) read or
/// written by key-value coding, or its subviews taken by position or searched. An object of unknown
/// class counts when it is named like one of the controls (`searchBar`).
struct ControlInternalsRule: RuleLogic {
    static let id = "control-internals"

    func findings(in facts: UIFacts, knowledge: InternalsKnowledge) -> [Finding] {
        facts.internals.compactMap { access in
            // A subclass that adds subviews to itself reaches its own.
            guard access.guardContext.runsInMacIdiom, access.key != nil || !access.addsOwnSubviews,
                  let entry = control(of: access, in: knowledge) else { return nil }
            if let key = access.key, !knowledge.privatePrefixes.contains(where: key.hasPrefix), !entry.keys.contains(key) { return nil }
            let what: Phrase = access.key.map { .named("key", ["key": .text($0)]) } ?? .named("subviews")
            return Finding(position: access.position, values: ["spelling": access.spelling, "class": entry.name], phrases: [
                "what": what,
                "replacement": entry.replacement.map(Phrase.text) ?? .named("no_replacement"),
            ])
        }
    }

    /// The control the object is: by its class, or for an object of unknown class, by a name whose
    /// last words are the class's without its prefix (`searchBar`, `mySearchBar` for `UISearchBar`),
    /// for a class of two words or more (`moreBarButton` is no sign of a `UIButton`).
    private func control(of access: InternalsFact, in knowledge: InternalsKnowledge) -> InternalsClassEntry? {
        if !access.classChain.isEmpty { return knowledge.classes.first { access.classChain.contains($0.name) } }
        guard let name = access.receiverName else { return nil }
        let words = camelCaseWords(name)
        return knowledge.classes.first { entry in
            let own = camelCaseWords(entry.name).dropFirst()
            return own.count >= 2 && words.count >= own.count && words.suffix(own.count).elementsEqual(own)
        }
    }
}
