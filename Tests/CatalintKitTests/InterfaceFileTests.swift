import XCTest
@testable import CatalintKit

/// YAML interface descriptions: every key, state form, the `idioms` guard, and every error.
final class InterfaceFileTests: XCTestCase {
    private func check(_ yaml: String, path: String = "Screen.interface.yml", swift: String? = nil) -> [String] {
        var sources = [(path, yaml)]
        if let swift { sources.append(("Types.swift", swift)) }
        return lint(sources).filter { $0.position.path == path }.map { "\($0.position.line):\($0.position.column) \($0.rule)" }
    }

    private func messages(_ yaml: String) -> [String] {
        lint([("Screen.interface.yml", yaml)]).map(\.message)
    }

    func testTheIssueExampleFiresAtEachKey() {
        let yaml = """
        interface: RecipeDetail            # required: the screen's name
        views:                             # required: the root views
          - class: UIView
            id: root
            frame: {x: 0, y: 0, width: 768, height: 1024}
            subviews:
              - class: UIStepper
                id: servings
              - class: UIPageControl
                idioms: [pad, phone]
              - class: UIButton
                title: Save
                image: {normal: star, selected: star.fill}
                preferredBehavioralStyle: pad
              - class: RatingSlider
                superclass: UISlider
                thumbImage: star
                minimumTrackTintColor: systemRed
              - class: UIView
                size: {width: 834, height: 1194}
                constraints:
                  - {attribute: width, constant: 834}
        """
        XCTAssertEqual(check(yaml), [
            "5:5 hard-coded-size",
            "7:16 unavailable-control",
            "17:9 slider-custom-appearance",
            "18:9 slider-custom-appearance",
            "20:9 hard-coded-size",
            "22:32 hard-coded-size",
        ])
    }

    func testStateForms() {
        let yaml = """
        interface: Buttons
        views:
          - class: UIButton
            title: Plain
            attributedTitle: {normal: a, disabled: b}
            backgroundImage:
              focused: ring
            titleShadowColor: {highlighted: black}
            titleColor: {normal: label}
          - class: UISlider
            minimumTrackImage: {normal: track}
            maximumTrackImage: track
            maximumTrackTintColor: gray
            minimumValueImage: speaker
            maximumValueImage: speaker.wave.3
            thumbTintColor: white
        """
        XCTAssertEqual(check(yaml), [
            "5:34 button-non-normal-state",
            "7:7 button-non-normal-state",
            "8:24 button-non-normal-state",
            "11:25 slider-custom-appearance",
            "12:5 slider-custom-appearance",
            "13:5 slider-custom-appearance",
            "14:5 slider-custom-appearance",
            "15:5 slider-custom-appearance",
            "16:5 slider-custom-appearance",
        ])
    }

    func testIdiomsGuardAppliesToSubviewsAndEveryRule() {
        let yaml = """
        interface: PadOnly
        views:
          - class: UIView
            idioms: [pad]
            frame: {x: 0, y: 0, width: 768, height: 1024}
            subviews:
              - class: UIStepper
              - class: UIButton
                title: {selected: x}
          - class: UIStepper
            idioms: [mac]
        """
        XCTAssertEqual(check(yaml), ["10:12 unavailable-control"])
    }

    func testCustomClassesComeFromSwift() {
        let yaml = """
        interface: Custom
        views:
          - class: PullToRefresh
          - class: PadSlider
            thumbImage: star
          - class: MacSlider
            thumbImage: star
        """
        let swift = """
        class PullToRefresh: UIRefreshControl {}
        class PadSlider: UISlider { override init(frame: CGRect) { super.init(frame: frame); preferredBehavioralStyle = .pad } }
        class MacSlider: UISlider {}
        """
        XCTAssertEqual(check(yaml, swift: swift), ["3:12 unavailable-control", "7:5 slider-custom-appearance"])
    }

    func testSeveralDocumentsAndTheYamlExtension() {
        let yaml = "interface: One\nviews:\n  - class: UIStepper\n---\ninterface: Two\nviews:\n  - class: UIPageControl\n"
        XCTAssertEqual(check(yaml, path: "Two.interface.yaml"), ["3:12 unavailable-control", "7:12 unavailable-control"])
    }

    func testColumnsCountCharacters() {
        XCTAssertEqual(check("interface: Café\nviews:\n  - {id: \"é👩‍👩‍👧\", class: UIStepper}\n"), ["3:23 unavailable-control"])
    }

    // MARK: Errors

    func testErrorsAreReportedAtTheirPlace() {
        let cases: [(String, String, String)] = [
            ("interface: X\nviews:\n  - class: UIButton\n    image: {normal: a, hilighted: b}\n", "4:24", "Unknown control state `hilighted` (did you mean `highlighted`?)"),
            ("interface: X\nviews:\n  - id: noClass\n", "3:5", "This view has no `class` key"),
            ("interface: X\nviews:\n  - class: [UIButton]\n", "3:12", "`class` must be a class name"),
            ("interface: X\nviews:\n  - class: Rating\n    superclass: {a: b}\n", "4:17", "`superclass` must be a class name"),
            ("interface: X\nviews:\n  - class: UIView\n    id: [a, b]\n", "4:9", "`id` must be a single value"),
            ("interface: X\nviews:\n  - class: UIView\n    frame: {x: 0, width: wide}\n", "4:26", "`width` must be a number"),
            ("interface: X\nviews:\n  - class: UIView\n    frame: [0, 0]\n", "4:12", "`frame` must be a mapping of numbers"),
            ("interface: X\nviews:\n  - class: UIView\n    size: {widht: 3}\n", "4:12", "Unknown key `widht` in `size` (did you mean `width`?)"),
            ("interface: X\nviews:\n  - class: UIView\n    idioms: [ipad]\n", "4:14", "Unknown idiom `ipad` (did you mean `pad`?)"),
            ("interface: X\nviews:\n  - class: UIView\n    idioms: pad\n", "4:13", "`idioms` must be a list"),
            ("interface: X\nviews:\n  - class: UIView\n    subviews: {class: UIView}\n", "4:15", "`subviews` must be a list of views"),
            ("interface: X\nviews:\n  - class: UIView\n    alpha: {a: 1}\n", "4:12", "`alpha` takes a single value"),
            ("interface: X\nviews:\n  - class: UIButton\n    gestureRecognizers: [{tap: 1}]\n", "4:25", "`gestureRecognizers` takes a single value, or a list of single values"),
            ("interface: X\nviews:\n  - class: UIView\n    constraints: [{attribute: width, constant: big}]\n", "4:48", "`constant` must be a number"),
            ("interface: X\nviews:\n  - class: UIButton\n    preferredBehavioralStyle: ipad\n", "4:31", "`preferredBehavioralStyle` must be `pad`, `mac` or `automatic`"),
            ("interface: X\nviews:\n  - class: UIButton\n    title: [a, b]\n", "4:12", "`title` takes one value (the normal state) or a mapping"),
            ("interface: X\nviewz: []\n", "2:1", "Unknown key `viewz` at the top of an interface (did you mean `views`?)"),
            ("views: []\n", "1:1", "This interface has no `interface` key"),
            ("interface: X\n", "1:1", "This interface has no `views` key"),
            ("interface: X\nviews: 3\n", "2:8", "`views` must be a list of views"),
            ("- a\n- b\n", "1:1", "An interface document must be a mapping"),
            ("interface: X\nviews: [\n", "3:1", "YAML syntax error:"),
            ("interface: X\ninterface: Y\nviews: []\n", "2:1", "Duplicate key `interface`"),
            ("", "1:1", "The file holds no interface"),
            ("interface: X\nviews:\n  - class: UIView\n    title: *missing\n", "4:12", "YAML syntax error:"),
        ]
        for (yaml, position, prefix) in cases {
            let found = lint([("Bad.interface.yml", yaml)])
            let problems = found.filter { $0.rule == ToolRule.invalidInterface }
            XCTAssertEqual(found.count, problems.count, "\(yaml): \(found.map(\.message))")
            guard let problem = problems.first(where: { $0.message.hasPrefix(prefix) }) ?? problems.first else {
                XCTFail("no problem reported for \(yaml)")
                continue
            }
            XCTAssertEqual("\(problem.position.line):\(problem.position.column)", position, yaml)
            XCTAssertTrue(problem.message.hasPrefix(prefix), "\(yaml): \(problem.message)")
            XCTAssertEqual(problem.severity, .error)
            XCTAssertTrue(problem.help.contains("docs/interface-format.md"))
        }
    }

    func testOtherFilesAreStillLinted() {
        let found = lint([("Bad.interface.yml", "interface: [\n"), ("Good.interface.yml", "interface: X\nviews:\n  - class: UIStepper\n")])
        XCTAssertEqual(found.map { "\($0.position.path) \($0.rule)" }, ["Bad.interface.yml invalid-interface", "Good.interface.yml unavailable-control"])
    }

    func testAliasesThatExpandWithoutBoundStopEarly() {
        var yaml = "a0: &a0 {class: UIView}\n"
        for level in 1...30 {
            let previous = "*a\(level - 1)"
            yaml += "a\(level): &a\(level) {class: UIView, subviews: [\(Array(repeating: previous, count: 4).joined(separator: ", "))]}\n"
        }
        yaml += "interface: Bomb\nviews: [*a30]\n"
        let start = Date()
        let found = lint([("Bomb.interface.yml", yaml)])
        XCTAssertLessThan(Date().timeIntervalSince(start), 60, "the expansion must be bounded")
        // Refused before it is composed: the aliases would add more nodes than catalint reads.
        XCTAssertTrue(found.contains { $0.rule == ToolRule.invalidInterface && $0.message.contains("aliases expand to more than 1000000 nodes") },
                      found.map(\.message).joined(separator: "\n"))
    }

    func testDeepNestingIsRejectedNotCrashed() {
        let flow = "interface: X\nviews: " + String(repeating: "[", count: 20_000) + "\n"
        XCTAssertTrue(messages(flow).contains { $0.contains("nests") }, messages(flow).joined())
        let block = "interface: X\nviews:\n" + String(repeating: "- ", count: 5_000) + "x\n"
        XCTAssertTrue(messages(block).contains { $0.contains("nests") }, messages(block).joined())
    }

    func testArbitraryBytesGetAWellFormedAnswer() {
        var generator = SeededGenerator(seed: 2026)
        let alphabet = Array("ab:-[]{}&*!|>'\"#\n \t%@`,?0123456789.class views interface UIStepper title selected")
        for _ in 0..<300 {
            let length = Int.random(in: 0..<200, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            lintOddInput("Fuzz.interface.yml", text)
        }
    }
}
