/// `idiom-layout-decision`: geometry chosen by comparing the idiom with `.pad` or `.phone`.
struct IdiomLayoutDecisionRule: RuleLogic {
    static let id = "idiom-layout-decision"

    func findings(in facts: UIFacts, knowledge: RuleKnowledge) -> [Finding] {
        let flagged = Set(knowledge.comparedIdioms ?? [.pad, .phone])
        let names = Set(knowledge.geometryNames ?? [])
        let words = Set(knowledge.geometryWords ?? [])
        let excluded = Set(knowledge.nonGeometryWords ?? [])
        func isGeometry(_ identifier: String) -> Bool {
            if names.contains(identifier) { return true }
            let parts = camelCaseWords(identifier)
            return !parts.contains(where: excluded.contains) && parts.contains(where: words.contains)
        }
        return facts.idiomChecks.compactMap { check in
            guard check.guardContext.runsInMacIdiom,
                  let idiom = check.comparedIdioms.first(where: flagged.contains),
                  let geometry = check.consequenceNames.sorted().first(where: isGeometry) else { return nil }
            return Finding(position: check.position, values: [
                "spelling": check.spelling,
                "idiom": ".\(idiom.rawValue)",
                "geometry": geometry,
            ])
        }
    }
}
