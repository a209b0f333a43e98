/// `switch-title`: a switch's title set where the app may run in an idiom other than the Mac's,
/// the only one where a switch has a title. The behavioral style does not change that.
struct SwitchTitleRule: RuleLogic {
    static let id = "switch-title"

    func findings(in facts: UIFacts, knowledge: ControlSettingKnowledge) -> [Finding] {
        controlSettings(in: facts, knowledge: knowledge, padStyleExempts: false, runs: { $0.runsOutsideMacIdiom }).map { setting, _, _ in
            Finding(position: setting.position, values: ["spelling": setting.spelling])
        }
    }
}
