/// `unavailable-control`: creating a control that does not exist in the Mac idiom.
struct UnavailableControlRule: RuleLogic {
    static let id = "unavailable-control"

    func findings(in facts: UIFacts, knowledge: ControlCreationKnowledge) -> [Finding] {
        let classes = knowledge.classes
        return facts.creations.compactMap { creation in
            guard creation.guardContext.runsInMacIdiom,
                  let entry = classes.first(where: { creation.classChain.contains($0.name) }) else { return nil }
            let subject = creation.className == entry.name
                ? "`\(entry.name)`"
                : "`\(creation.className)`, a subclass of `\(entry.name)`,"
            return Finding(position: creation.position, values: [
                "subject": subject,
                "class": entry.name,
                "replacement": entry.replacement ?? "another control",
            ], site: creation.site)
        }
    }
}
