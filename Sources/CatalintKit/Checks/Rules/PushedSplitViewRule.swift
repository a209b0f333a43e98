/// `pushed-split-view`: a split view controller pushed onto a navigation stack.
struct PushedSplitViewRule: RuleLogic {
    static let id = "pushed-split-view"

    func findings(in facts: UIFacts, knowledge: ArgumentKnowledge) -> [Finding] {
        facts.arguments.compactMap { argument in
            guard argument.guardContext.runsOnMac,
                  knowledge.calls.contains(where: { $0.matches(call: argument.call, label: argument.label) }),
                  let entry = knowledge.classes.first(where: { argument.classChain.contains($0.name) }) else { return nil }
            let subject: Phrase = argument.classChain.first == entry.name
                ? .named("a_class", ["class": .text(entry.name)])
                : .named("a_subclass", ["subclass": .text(argument.classChain[0]), "class": .text(entry.name)])
            return Finding(position: argument.position, values: ["spelling": argument.spelling], phrases: [
                "subject": subject,
                "replacement": entry.replacement.map(Phrase.text) ?? .named("no_replacement"),
            ])
        }
    }
}
