/// `design-compatibility-ends`: an Info.plist key of an app or extension, set to true, that the 27
/// SDKs no longer honour (`UIDesignRequiresCompatibility`), in the file or in the build setting
/// that generates it.
struct DesignCompatibilityEndsRule: RuleLogic {
    static let id = "design-compatibility-ends"

    func findings(in facts: UIFacts, knowledge: InfoPlistKeyKnowledge) -> [Finding] {
        facts.targets.flatMap { target in
            target.entries.compactMap { entry -> Finding? in
                guard entry.keyPath.count == 1, entry.isTrue, let key = knowledge.keys.first(where: { $0.name == entry.keyPath[0] }) else { return nil }
                return Finding(position: entry.position, values: ["key": key.name, "target": target.name, "replacement": key.replacement])
            }
        }
    }
}
