/// `hard-coded-size`: frames, sizes and constraint constants tied to a device's screen, and screen
/// sizes compared to tell devices apart.
struct HardCodedSizeRule: RuleLogic {
    static let id = "hard-coded-size"

    func findings(in facts: UIFacts, knowledge: ScreenSizeKnowledge) -> [Finding] {
        let screens = ScreenSizes(knowledge)
        let nonLayout = NameClassifier(words: knowledge.nonLayoutWords)
        var findings: [Finding] = facts.sizes.compactMap { size in
            guard size.guardContext.runsInMacIdiom, !size.purposeNames.contains(where: nonLayout.matches) else { return nil }
            guard let (shown, match) = screens.match(width: size.width, height: size.height, minimum: knowledge.singleValueMinimum ?? 0) else { return nil }
            return Finding(position: size.position, values: [
                "spelling": size.spelling,
                "what": "hard-codes \(shown), \(match)",
                "advice": "Size it from its container (`bounds`, the safe area, layout guides or constraints to the superview) instead of a device's screen.",
            ])
        }
        let screenWords = NameClassifier(words: knowledge.screenWords)
        let pixelWords = NameClassifier(words: knowledge.pixelWords)
        let dimensionWords = NameClassifier(words: knowledge.dimensionWords)
        for comparison in facts.dimensionComparisons where comparison.guardContext.runsInMacIdiom {
            let inPixels = comparison.subjectNames.contains(where: pixelWords.matches)
            let ofScreen = inPixels || comparison.subjectNames.contains(where: screenWords.matches)
            guard ofScreen || (comparison.isEquality && comparison.subjectNames.contains(where: dimensionWords.matches)) else { continue }
            guard let device = inPixels ? screens.pixelDevice(comparison.value) ?? screens.pointDevice(comparison.value)
                                        : screens.pointDevice(comparison.value) else { continue }
            findings.append(Finding(position: comparison.position, values: [
                "spelling": comparison.spelling,
                "what": "tells devices apart by screen size (\(shownNumber(comparison.value))\(inPixels ? " pixels" : ""), \(device))",
                "advice": "Decide by size class (`traitCollection.horizontalSizeClass`) or by the size of the view's container, which follow the window on the Mac.",
            ]))
        }
        return findings
    }
}

/// The device screens a rule knows, in points and pixels.
struct ScreenSizes {
    var dimensions: [Dimension]
    var pixels: Set<Double>

    init(_ knowledge: ScreenSizeKnowledge) {
        dimensions = knowledge.dimensions
        pixels = Set(knowledge.pixelDimensions)
    }

    /// What a size matches: a whole screen (either orientation); else, for a frame or size, a lone
    /// width or height of an iPad screen that is not square; else, for a lone value (a constraint
    /// constant), any screen dimension from `minimum` up.
    func match(width: Double?, height: Double?, minimum: Double) -> (shown: String, match: String)? {
        if let width, let height {
            if let screen = dimensions.first(where: { ($0.width == width && $0.height == height) || ($0.width == height && $0.height == width) }) {
                return ("\(shownNumber(width))×\(shownNumber(height))", "the screen size of the \(screen.device)")
            }
            guard width != height else { return nil }
            for value in [width, height] {
                if let screen = dimensions.first(where: { $0.family == "pad" && ($0.width == value || $0.height == value) }) {
                    return ("a \(value == width ? "width" : "height") of \(shownNumber(value))",
                            "a screen \(screen.width == value ? "width" : "height") of the \(screen.device)")
                }
            }
            return nil
        }
        guard let value = width ?? height, value >= minimum,
              let screen = dimensions.first(where: { $0.width == value || $0.height == value }) else { return nil }
        return (shownNumber(value), "a screen \(screen.width == value ? "width" : "height") of the \(screen.device)")
    }

    /// "the screen height of the iPhone X / mini" for a width or height in points.
    func pointDevice(_ value: Double) -> String? {
        guard let screen = dimensions.first(where: { $0.width == value || $0.height == value }) else { return nil }
        return "the screen \(screen.width == value ? "width" : "height") of the \(screen.device)"
    }

    func pixelDevice(_ value: Double) -> String? {
        pixels.contains(value) ? "a device's screen in pixels" : nil
    }
}
