/// `button-non-normal-state`: a button's title or image set for a state other than `.normal`.
struct ButtonNonNormalStateRule: RuleLogic {
    static let id = "button-non-normal-state"

    func findings(in facts: UIFacts, knowledge: RuleKnowledge) -> [Finding] {
        let classes = (knowledge.classes ?? []).map(\.name)
        let properties = knowledge.properties ?? []
        var findings: [Finding] = []
        for object in facts.objects.values where object.preferredBehavioralStyle != "pad" {
            let isButton = classes.contains(where: object.isKind(of:))
            if object.isTypeKnown && !isButton { continue }
            for setting in object.settings where setting.guardContext.runsInMacIdiom {
                guard let state = setting.state, state.isKnownNonNormal,
                      let property = properties.first(where: { $0.name == setting.property }),
                      isButton || property.unique == true else { continue }
                findings.append(Finding(position: setting.position, values: [
                    "spelling": setting.spelling,
                    "state": state.description,
                ]))
            }
        }
        return findings
    }
}
