/// `fixed-font-size` (opt-in): fonts of a point size written as a number (or chosen between
/// numbers), which the Mac idiom does not scale, unless a call that scales them with the text size
/// takes them, or they are made to print or to draw a PDF.
struct FixedFontSizeRule: RuleLogic {
    static let id = "fixed-font-size"

    func findings(in facts: UIFacts, knowledge: FontKnowledge) -> [Finding] {
        let scaling = Set(knowledge.scaling)
        let paper = Set(knowledge.paper)
        return facts.fontSizes.compactMap { font in
            let sizes = font.sizes.filter { $0 >= knowledge.minimumSize ?? 0 }
            guard font.guardContext.runsInMacIdiom, !sizes.isEmpty, !font.purposeNames.contains(where: scaling.contains),
                  !font.outputNames.contains(where: paper.contains) else { return nil }
            return Finding(position: font.position, values: ["spelling": font.spelling],
                           phrases: ["size": .list(sizes.map { .text(shownNumber($0)) }, separator: .named("or"))])
        }
    }
}
