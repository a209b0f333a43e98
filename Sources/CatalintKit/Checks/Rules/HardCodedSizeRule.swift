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
            return Finding(position: size.position, values: ["spelling": size.spelling], phrases: [
                "what": .named("hard_codes", ["size": shown, "screen": match]),
                "advice": .named("size_advice"),
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
            // `dim.width == 1440 && dim.height == 1080`: a size no device's screen has (a camera or
            // video format), though one side is a screen's.
            if let paired = comparison.pairedValue,
               inPixels ? !screens.pixels.contains(paired) : !screens.isScreen(comparison.value, paired) { continue }
            findings.append(Finding(position: comparison.position, values: ["spelling": comparison.spelling], phrases: [
                "what": .named("compares", ["value": .text(shownNumber(comparison.value)), "unit": inPixels ? .named("pixels") : .text(""), "screen": device]),
                "advice": .named("comparison_advice"),
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

    /// What a size matches, as the rule's phrases show it: a whole screen (either orientation);
    /// else, for a frame or size, a lone width or height of an iPad screen that is not square;
    /// else, for a lone value (a constraint constant), any screen dimension from `minimum` up.
    func match(width: Double?, height: Double?, minimum: Double) -> (shown: Phrase, match: Phrase)? {
        if let width, let height {
            if let screen = dimensions.first(where: { ($0.width == width && $0.height == height) || ($0.width == height && $0.height == width) }) {
                return (.named("width_and_height", ["width": .text(shownNumber(width)), "height": .text(shownNumber(height))]),
                        .named("screen_size", ["device": .text(screen.device)]))
            }
            guard width != height else { return nil }
            for (value, other) in [(width, height), (height, width)] {
                // The other side must fit on that screen (in the orientation where this side is one
                // of its sides): `CGSize(width: 1440, height: 1080)` is a video format, not part of a
                // screen 810 by 1080.
                if let screen = dimensions.first(where: { $0.family == "pad" && (($0.width == value && other <= $0.height)
                                                                                 || ($0.height == value && other <= $0.width)) }) {
                    return (.named(value == width ? "a_width" : "a_height", ["value": .text(shownNumber(value))]),
                            .named(screen.width == value ? "a_screen_width" : "a_screen_height", ["device": .text(screen.device)]))
                }
            }
            return nil
        }
        guard let value = width ?? height, value >= minimum,
              let screen = dimensions.first(where: { $0.width == value || $0.height == value }) else { return nil }
        return (.text(shownNumber(value)), .named(screen.width == value ? "a_screen_width" : "a_screen_height", ["device": .text(screen.device)]))
    }

    /// True when a device's screen is `one` by `other` points, in either orientation.
    func isScreen(_ one: Double, _ other: Double) -> Bool {
        dimensions.contains { ($0.width == one && $0.height == other) || ($0.width == other && $0.height == one) }
    }

    /// The screen a width or height in points is a dimension of: "the screen height of the iPhone X / mini".
    func pointDevice(_ value: Double) -> Phrase? {
        guard let screen = dimensions.first(where: { $0.width == value || $0.height == value }) else { return nil }
        return .named(screen.width == value ? "the_screen_width" : "the_screen_height", ["device": .text(screen.device)])
    }

    func pixelDevice(_ value: Double) -> Phrase? {
        pixels.contains(value) ? .named("screen_in_pixels") : nil
    }
}
