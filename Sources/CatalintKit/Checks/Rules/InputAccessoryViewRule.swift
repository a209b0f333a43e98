/// `input-accessory-view`: a view handed to UIKit to show above the software keyboard, in code
/// built for the Mac, when it is more than a keyboard toolbar: it holds a text input (a composer),
/// or it is a view of the app's own that is no bar of the keyboard's. On the Mac no software
/// keyboard shows, and neither does the view.
struct InputAccessoryViewRule: RuleLogic {
    static let id = "input-accessory-view"

    func findings(in facts: UIFacts, knowledge: ProvidedViewKnowledge) -> [Finding] {
        facts.providedViews.compactMap { provided in
            guard knowledge.properties.contains(provided.property), provided.guardContext.runsOnMac, let view = provided.viewChain.first else { return nil }
            let input = (provided.viewChain + provided.heldClasses).first(where: knowledge.inputs.contains)
            let isBar = provided.viewChain.contains(where: knowledge.keyboardBars.contains)
            guard input != nil || (provided.viewIsProjects && !isBar) else { return nil }
            return Finding(position: provided.position, values: ["spelling": provided.spelling, "view": view, "property": provided.property], phrases: [
                "holds": input.map { .named("composer", ["input": .text($0)]) } ?? .named("own_view"),
            ])
        }
    }
}
