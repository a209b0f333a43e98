/// `unchecked-camera`: an image picker set to the camera where no check that a camera exists holds.
struct UncheckedCameraRule: RuleLogic {
    static let id = "unchecked-camera"

    func findings(in facts: UIFacts, knowledge: ControlSettingKnowledge) -> [Finding] {
        controlSettings(in: facts, knowledge: knowledge, runs: { $0.runsOnMac }).compactMap { setting, property, _ in
            guard !setting.guardContext.checks.contains(where: property.checks.contains) else { return nil }
            return Finding(position: setting.position, values: ["spelling": setting.spelling, "value": setting.value ?? ""],
                           phrases: ["check": property.checks.first.map(Phrase.text) ?? .named("no_check")])
        }
    }
}
