/// `main-screen-layout`: the main screen's size read where the code runs on the Mac, where it is
/// the display's and not the window's.
struct MainScreenLayoutRule: RuleLogic {
    static let id = "main-screen-layout"

    func findings(in facts: UIFacts, knowledge: ReferenceKnowledge) -> [Finding] {
        references(in: facts, knowledge: knowledge, runs: { $0.runsOnMac }).map { reference, entry in
            let shown = reference.names.prefix(entry.path.count + 1).joined(separator: ".")
            return Finding(position: reference.position, values: ["spelling": shown, "replacement": entry.replacement])
        }
    }
}
