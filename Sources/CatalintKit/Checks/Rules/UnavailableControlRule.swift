/// `unavailable-control`: creating a control that does not exist in the Mac idiom.
struct UnavailableControlRule: RuleLogic {
    static let id = "unavailable-control"

    func findings(in facts: UIFacts, knowledge: ControlCreationKnowledge) -> [Finding] {
        let classes = knowledge.classes
        return facts.creations.compactMap { creation in
            guard creation.guardContext.runsInMacIdiom,
                  let entry = classes.first(where: { creation.classChain.contains($0.name) }) else { return nil }
            let subject: Phrase = creation.className == entry.name
                ? .named("class", ["class": .text(entry.name)])
                : .named("subclass", ["subclass": .text(creation.className), "class": .text(entry.name)])
            return Finding(position: creation.position, values: [:], phrases: [
                "subject": subject,
                "replacement": entry.replacement.map(Phrase.text) ?? .named("no_replacement"),
            ], site: creation.site)
        }
    }
}
