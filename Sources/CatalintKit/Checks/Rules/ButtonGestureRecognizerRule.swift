/// `button-gesture-recognizer`: a gesture recognizer added to a button with the Mac style.
struct ButtonGestureRecognizerRule: RuleLogic {
    static let id = "button-gesture-recognizer"

    func findings(in facts: UIFacts, knowledge: ControlSettingKnowledge) -> [Finding] {
        controlSettings(in: facts, knowledge: knowledge).map { setting, _, fixable in
            Finding(position: setting.position, values: ["spelling": setting.spelling], site: fixable ? setting.site : nil)
        }
    }
}
