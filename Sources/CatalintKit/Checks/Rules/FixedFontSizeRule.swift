/// `fixed-font-size` (opt-in): fonts of a point size written as a number, which the Mac idiom does
/// not scale, unless a call that scales them with the text size takes them.
struct FixedFontSizeRule: RuleLogic {
    static let id = "fixed-font-size"

    func findings(in facts: UIFacts, knowledge: FontKnowledge) -> [Finding] {
        let scaling = Set(knowledge.scaling)
        return facts.fontSizes.compactMap { font in
            guard font.guardContext.runsInMacIdiom, font.size >= knowledge.minimumSize ?? 0,
                  !font.purposeNames.contains(where: scaling.contains) else { return nil }
            return Finding(position: font.position, values: ["spelling": font.spelling, "size": shownNumber(font.size)])
        }
    }
}
