/// `hard-coded-size`: frames, sizes and constraint constants equal to a device's screen dimensions.
struct HardCodedSizeRule: RuleLogic {
    static let id = "hard-coded-size"

    func findings(in facts: UIFacts, knowledge: RuleKnowledge) -> [Finding] {
        let dimensions = knowledge.dimensions ?? []
        return facts.sizes.compactMap { size in
            guard size.guardContext.runsInMacIdiom else { return nil }
            let shown: String
            let match: String
            if let width = size.width, let height = size.height {
                guard let screen = dimensions.first(where: {
                    ($0.width == width && $0.height == height) || ($0.width == height && $0.height == width)
                }) else { return nil }
                shown = "\(Self.format(width))×\(Self.format(height))"
                match = "the screen size of the \(screen.device)"
            } else if let value = size.width ?? size.height, value >= knowledge.singleValueMinimum ?? 0 {
                guard let screen = dimensions.first(where: { $0.width == value || $0.height == value }) else { return nil }
                shown = Self.format(value)
                match = "a screen \(screen.width == value ? "width" : "height") of the \(screen.device)"
            } else {
                return nil
            }
            return Finding(position: size.position, values: ["spelling": size.spelling, "size": shown, "match": match])
        }
    }

    /// `834` for 834.0, `834.5` for 834.5.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
