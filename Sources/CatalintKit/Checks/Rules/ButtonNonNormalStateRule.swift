/// `button-non-normal-state`: a button's title or image set for a state other than `.normal`.
struct ButtonNonNormalStateRule: RuleLogic {
    static let id = "button-non-normal-state"

    func findings(in facts: UIFacts, knowledge: ControlSettingKnowledge) -> [Finding] {
        controlSettings(in: facts, knowledge: knowledge).compactMap { setting, _, fixable in
            guard let state = setting.state, state.isKnownNonNormal else { return nil }
            return Finding(position: setting.position, values: ["spelling": setting.spelling, "state": state.description],
                           site: fixable ? setting.site : nil)
        }
    }
}
