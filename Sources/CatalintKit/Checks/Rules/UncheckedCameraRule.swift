/// `unchecked-camera`: an image picker set to the camera where no check that a camera exists holds.
///
/// A setting made while the picker is made (in a lazy property's closure, in a factory before it
/// returns the picker) runs where the picker is first used: it is checked when every use the
/// project shows is (each presentation of it, or each call of its factory, and every other
/// setting made on it), and there is one.
struct UncheckedCameraRule: RuleLogic {
    static let id = "unchecked-camera"

    func findings(in facts: UIFacts, knowledge: ControlSettingKnowledge) -> [Finding] {
        controlSettingsByObject(in: facts, knowledge: knowledge, runs: { $0.runsOnMac }).compactMap { object, setting, property, _ in
            let checked = { (context: GuardContext) in context.checks.contains(where: property.checks.contains) }
            guard !checked(setting.guardContext) else { return nil }
            if setting.whileMade {
                let uses = facts.arguments.compactMap { argument -> GuardContext? in
                    if argument.madeBy == object.id { return argument.madeWhere }
                    return argument.object == object.id ? argument.guardContext : nil
                } + object.settings.filter { !$0.whileMade }.map(\.guardContext)
                if !uses.isEmpty, uses.allSatisfy({ checked($0) || !$0.runsOnMac }) { return nil }
            }
            return Finding(position: setting.position, values: ["spelling": setting.spelling, "value": setting.value ?? ""],
                           phrases: ["check": property.checks.first.map(Phrase.text) ?? .named("no_check")])
        }
    }
}
