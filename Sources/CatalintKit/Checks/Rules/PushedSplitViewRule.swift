/// `pushed-split-view`: a split view controller pushed onto a navigation stack.
struct PushedSplitViewRule: RuleLogic {
    static let id = "pushed-split-view"

    func findings(in facts: UIFacts, knowledge: ArgumentKnowledge) -> [Finding] {
        facts.arguments.compactMap { argument in
            guard argument.guardContext.runsOnMac,
                  knowledge.calls.contains(where: { $0.matches(call: argument.call, label: argument.label) }),
                  let entry = knowledge.classes.first(where: { argument.classChain.contains($0.name) }) else { return nil }
            let subject = argument.classChain.first == entry.name ? "a `\(entry.name)`" : "`\(argument.classChain[0])`, a `\(entry.name)`,"
            return Finding(position: argument.position, values: ["spelling": argument.spelling, "subject": subject,
                                                                 "replacement": entry.replacement ?? "another container"])
        }
    }
}
