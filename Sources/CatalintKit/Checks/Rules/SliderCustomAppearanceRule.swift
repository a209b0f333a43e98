/// `slider-custom-appearance`: custom images and tint colours on a slider with the Mac style.
struct SliderCustomAppearanceRule: RuleLogic {
    static let id = "slider-custom-appearance"

    func findings(in facts: UIFacts, knowledge: RuleKnowledge) -> [Finding] {
        let classes = (knowledge.classes ?? []).map(\.name)
        let properties = knowledge.properties ?? []
        var findings: [Finding] = []
        for object in facts.objects.values where object.preferredBehavioralStyle != "pad" {
            let isSlider = classes.contains(where: object.isKind(of:))
            if object.isTypeKnown && !isSlider { continue }
            for setting in object.settings where setting.guardContext.runsInMacIdiom {
                guard let property = properties.first(where: { $0.name == setting.property }),
                      isSlider || property.unique == true else { continue }
                findings.append(Finding(position: setting.position, values: ["spelling": setting.spelling]))
            }
        }
        return findings
    }
}
