/// `slider-custom-appearance`: custom images and tint colours on a slider with the Mac style.
struct SliderCustomAppearanceRule: RuleLogic {
    static let id = "slider-custom-appearance"

    func findings(in facts: UIFacts, knowledge: ControlSettingKnowledge) -> [Finding] {
        controlSettings(in: facts, knowledge: knowledge).map { setting, _, fixable in
            Finding(position: setting.position, values: ["spelling": setting.spelling], site: fixable ? setting.site : nil)
        }
    }
}
