/// `unavailable-swiftui-control`: SwiftUI views and modifiers that show a control the Mac idiom
/// does not have.
struct UnavailableSwiftUIControlRule: RuleLogic {
    static let id = "unavailable-swiftui-control"

    func findings(in facts: UIFacts, knowledge: CallKnowledge) -> [Finding] {
        facts.calls.compactMap { call in
            guard call.guardContext.runsInMacIdiom,
                  let entry = knowledge.calls.first(where: { entry in
                      entry.name == call.name && (entry.arguments.map { names in call.argumentNames.contains(where: names.contains) } ?? true)
                  }) else { return nil }
            return Finding(position: call.position, values: ["spelling": call.spelling, "wraps": entry.wraps, "replacement": entry.replacement])
        }
    }
}
