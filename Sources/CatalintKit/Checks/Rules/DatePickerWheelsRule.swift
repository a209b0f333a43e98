/// `date-picker-wheels`: a date picker given the wheels style, or the countdown mode that always
/// shows wheels.
struct DatePickerWheelsRule: RuleLogic {
    static let id = "date-picker-wheels"

    func findings(in facts: UIFacts, knowledge: ControlSettingKnowledge) -> [Finding] {
        controlSettings(in: facts, knowledge: knowledge).map { setting, _, _ in
            Finding(position: setting.position, values: ["spelling": setting.spelling, "value": setting.value ?? ""])
        }
    }
}
