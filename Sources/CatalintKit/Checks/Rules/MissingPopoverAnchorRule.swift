/// `missing-popover-anchor`: an action sheet, a share sheet or a popover presented where the Mac
/// (in either idiom) shows it as a popover, with no anchor set on it on the Mac's path.
///
/// Only a controller made and presented in one function, and not handed on, is judged: elsewhere
/// its anchor may be set where this rule does not look.
struct MissingPopoverAnchorRule: RuleLogic {
    static let id = "missing-popover-anchor"

    func findings(in facts: UIFacts, knowledge: PresentationKnowledge) -> [Finding] {
        let anchors = Set(knowledge.anchors)
        return facts.arguments.compactMap { argument in
            guard !argument.escapes, knowledge.calls.contains(where: { $0.matches(call: argument.call, label: argument.label) }) else { return nil }
            let settings = facts.objects[argument.object]?.settings ?? []
            let byClass = knowledge.classes.first { argument.classChain.contains($0.name) }
            var shows: Phrase?
            var unanchored: [Idiom] = []
            for idiom in [Idiom.mac, .pad] where argument.guardContext.runsOnMac(in: idiom) {
                let style = knowledge.styles.first { style in
                    settings.contains { $0.property == style.property && $0.value == style.value && $0.guardContext.runsOnMac(in: idiom) }
                }
                guard byClass != nil || style != nil else { continue }
                shows = shows ?? byClass.map { .named("a_class", ["class": .text($0.name)]) } ?? style.map { .text($0.shows) }
                if !settings.contains(where: { anchors.contains($0.property) && $0.guardContext.runsOnMac(in: idiom) }) {
                    unanchored.append(idiom)
                }
            }
            guard let shows, !unanchored.isEmpty else { return nil }
            let anchoredElsewhere = settings.contains { anchors.contains($0.property) }
            return Finding(position: argument.position, values: ["spelling": argument.spelling], phrases: [
                "shows": shows,
                "where": unanchored == [.mac] && anchoredElsewhere ? .named("only_outside_mac_idiom") : .text(""),
            ])
        }
    }
}
