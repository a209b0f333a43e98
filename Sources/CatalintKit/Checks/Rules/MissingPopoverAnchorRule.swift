/// `missing-popover-anchor`: an action sheet, a share sheet or a popover presented where the Mac
/// (in either idiom) shows it as a popover, with no anchor set on it on the Mac's path.
///
/// A controller is judged where it is presented, with every setting made on it that the project
/// shows: in the function that presents it, in the factory that made it, and in the functions it
/// is handed to (their summaries). One that escapes where no summary tells (kept in a property,
/// passed to code the project does not show) may be anchored there, and is not judged.
struct MissingPopoverAnchorRule: RuleLogic {
    static let id = "missing-popover-anchor"

    func findings(in facts: UIFacts, knowledge: PresentationKnowledge) -> [Finding] {
        let anchors = Set(knowledge.anchors)
        return facts.arguments.compactMap { argument in
            guard !argument.escapes, knowledge.calls.contains(where: { $0.matches(call: argument.call, label: argument.label) }) else { return nil }
            let settings = Self.settings(of: argument, in: facts)
            let byClass = knowledge.classes.first { argument.classChain.contains($0.name) }
            var shows: Phrase?
            var styled: [Idiom] = []
            var unanchored: [Idiom] = []
            for idiom in [Idiom.mac, .pad] where argument.guardContext.runsOnMac(in: idiom) {
                let style = knowledge.styles.first { style in
                    settings.contains { $0.property == style.property && $0.value == style.value && $0.guardContext.runsOnMac(in: idiom) }
                }
                guard byClass != nil || style != nil else { continue }
                styled.append(idiom)
                shows = shows ?? byClass.map { .named("a_class", ["class": .text($0.name)]) } ?? style.map { .text($0.shows) }
                if !settings.contains(where: { anchors.contains($0.property) && $0.guardContext.runsOnMac(in: idiom) }) {
                    unanchored.append(idiom)
                }
            }
            guard let shows, !unanchored.isEmpty else { return nil }
            let anchoredElsewhere = settings.contains { anchors.contains($0.property) }
            var place = Phrase.text("")
            if unanchored == [.mac] && byClass == nil && styled == [.mac] && argument.guardContext.runsOnMac(in: .pad) {
                place = .named("styled_in_mac_idiom")
            } else if unanchored == [.mac] && anchoredElsewhere {
                place = .named("only_outside_mac_idiom")
            } else if Self.settings(of: argument, in: facts, followingItsPath: false).contains(where: { anchors.contains($0.property) }) {
                place = .named("on_its_path")
            }
            return Finding(position: argument.position, values: ["spelling": argument.spelling], phrases: ["shows": shows, "where": place])
        }
    }

    /// Every setting made on the presented object that the project shows: in the presenting
    /// function (on the path that presents it, when `followingItsPath`: not after that path has
    /// left the function), in its factory (where the factory is called), and in the functions it
    /// is handed to (where each call is made).
    static func settings(of argument: ArgumentFact, in facts: UIFacts, followingItsPath: Bool = true) -> [SettingFact] {
        func settings(_ object: ObjectID, where context: GuardContext?) -> [SettingFact] {
            let made = facts.objects[object]?.settings ?? []
            guard let context else { return made }
            return made.map { setting in
                var setting = setting
                setting.guardContext.idioms.formIntersection(context.idioms)
                return setting
            }
        }
        var all = settings(argument.object, where: nil)
        if followingItsPath, let end = argument.pathEnd { all.removeAll { $0.position.path == end.path && end < $0.position } }
        if let factory = argument.madeBy { all += settings(factory, where: argument.madeWhere) }
        for handed in argument.handedTo { all += settings(handed.object, where: handed.guardContext) }
        return all
    }
}
