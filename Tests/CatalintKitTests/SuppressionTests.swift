import XCTest
@testable import CatalintKit

final class SuppressionTests: XCTestCase {
    private func check(_ source: String, path: String = "A.swift") -> [String] {
        lint([(path, source)]).map { "\($0.position.line):\($0.position.column) \($0.rule)" }
    }

    func testBytePatternsFindWhatStringContainsFinds() {
        var generator = SeededGenerator(seed: 38)
        let alphabet = Array("ca:tlin é/")
        for _ in 0..<3_000 {
            let text = String((0..<Int.random(in: 0...14, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let needle = ["catalint:", "a", "é", "n:", "lint"].randomElement(using: &generator)!
            XCTAssertEqual(BytePatterns([needle]).occur(in: text), text.contains(needle), "\(text) / \(needle)")
        }
        // Several words, some sharing a first byte, searched in a range of the bytes.
        let words = ["catalint:", "a", "é", "n:", "lint", "li", "ca", "cat", ":t", "ée"]
        for _ in 0..<3_000 {
            let text = String((0..<Int.random(in: 0...14, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let bytes = Array(text.utf8)
            let chosen = (0..<Int.random(in: 0...4, using: &generator)).map { _ in words.randomElement(using: &generator)! }
            let start = Int.random(in: 0...bytes.count, using: &generator), end = Int.random(in: start...bytes.count, using: &generator)
            let range = bytes[start..<end]
            let expected = chosen.contains { word in
                let needle = Array(word.utf8)
                return range.count >= needle.count && (range.startIndex...(range.endIndex - needle.count)).contains { range[$0..<$0 + needle.count].elementsEqual(needle) }
            }
            XCTAssertEqual(BytePatterns(chosen).occur(in: bytes, from: start, to: end), expected, "\(text) [\(start)..<\(end)] / \(chosen)")
        }
        XCTAssertTrue(BytePatterns(["catalint:"]).occur(in: "// catalint:disable"))
        XCTAssertFalse(BytePatterns(["catalint:"]).occur(in: "// catalint disable"))
    }


    /// The one byte search the project's readers share finds each place a plain scan finds, from
    /// any start, before any limit, and only where `accept` holds.
    func testBytePlacesAreEveryPlaceAPlainScanFinds() {
        var generator = SeededGenerator(seed: 41)
        let alphabet = Array("ab};\n\té")
        for _ in 0..<4_000 {
            let bytes = Array(String((0..<Int.random(in: 0...16, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }).utf8)
            let word = Array(["a", "ab", "};", "\n\t", "é", "bab", ""].randomElement(using: &generator)!.utf8)
            let start = Int.random(in: -2...bytes.count + 2, using: &generator), end = Int.random(in: -2...bytes.count + 2, using: &generator)
            let odd = Bool.random(using: &generator)
            let accept: (Int) -> Bool = { !odd || $0 % 2 == 1 }
            // Every start at or after `start` whose word ends at or before `end` (and the text's end).
            let scanned = word.isEmpty ? [] : (max(start, 0)..<max(max(start, 0), bytes.count - word.count + 1)).filter { at in
                at + word.count <= end && bytes[at..<at + word.count].elementsEqual(word) && accept(at)
            }
            let context = "\(bytes) \(word) \(start) \(end) \(odd)"
            XCTAssertEqual(BytePatterns.places(of: word, in: bytes, from: start, to: end, where: accept), scanned, context)
            XCTAssertEqual(BytePatterns.firstPlace(of: word, in: bytes, from: start, before: end - word.count + 1, where: accept), scanned.first, context)
            let unbounded = word.isEmpty ? nil : (max(start, 0)..<max(max(start, 0), bytes.count - word.count + 1)).first { bytes[$0..<$0 + word.count].elementsEqual(word) }
            XCTAssertEqual(BytePatterns.firstPlace(of: word, in: bytes, from: start), unbounded, context)
            let other = Array(String((0..<Int.random(in: 0...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }).utf8)
            let prefix = Array(bytes.prefix(other.count))
            prefix.withUnsafeBufferPointer { one in
                other.withUnsafeBufferPointer { XCTAssertEqual(BytePatterns.same(one, $0), prefix == other, context) }
            }
        }
    }
    func testEveryCommentForm() {
        let source = """
        let a = UIStepper() // catalint:disable:this unavailable-control - replaced on the Mac
        // catalint:disable:next unavailable-control
        let b = UIStepper()
        let c = UIStepper()
        // catalint:disable:previous unavailable-control
        // catalint:disable unavailable-control, hard-coded-size - legacy screen
        let d = UIStepper()
        let e = CGSize(width: 768, height: 1024)
        // catalint:enable unavailable-control
        let f = UIStepper()
        let g = CGSize(width: 768, height: 1024)
        """
        XCTAssertEqual(check(source), ["10:9 unavailable-control"])
    }

    func testAllAndEndOfFile() {
        let source = """
        let a = UIStepper()
        // catalint:disable all
        let b = UIPageControl()
        let c = CGSize(width: 768, height: 1024)
        """
        XCTAssertEqual(check(source), ["1:9 unavailable-control"])
    }

    func testEnableAllClosesEveryRegion() {
        let source = """
        // catalint:disable unavailable-control
        let a = UIStepper()
        // catalint:enable all
        let b = UIStepper()
        """
        XCTAssertEqual(check(source), ["4:9 unavailable-control"])
    }

    func testInvalidAndUnusedSuppressions() {
        let source = """
        // catalint:disable:next unavailable-controll
        let a = UIStepper()
        // catalint:disable:next hard-coded-size
        let b = UILabel()
        // catalint:ignore all
        // catalint:disable:next
        """
        XCTAssertEqual(check(source), [
            "1:26 invalid-suppression",
            "2:9 unavailable-control",
            "3:26 unused-suppression",
            "5:4 invalid-suppression",
            "6:4 invalid-suppression",
        ])
    }

    func testACommentForARuleThatIsOffIsNotUnused() {
        let configuration = try! ConfigurationLoader.parse("rules:\n  hard-coded-size: off\n", path: "/p/.catalint.yml")
        let found = Linter(options: LintOptions(configuration: configuration))
            .lintSources([(path: "/p/A.swift", text: "// catalint:disable:next hard-coded-size\nlet v = CGSize(width: 768, height: 1024)\n")])
        XCTAssertEqual(found.diagnostics.map(\.rule), [])
    }

    func testSuppressionRulesCanBeTurnedOff() {
        let found = Linter(options: LintOptions(ignoredRules: ["unused-suppression", "invalid-suppression"]))
            .lintSources([(path: "A.swift", text: "// catalint:disable:next hard-coded-size\nlet x = 1 // catalint:disable:this nope\n")])
        XCTAssertEqual(found.diagnostics.map(\.rule), [])
    }

    func testOnlyLineCommentsThatStartWithTheDirectiveCount() {
        let source = """
        /* catalint:disable:next unavailable-control */
        let a = UIStepper()
        // note: catalint:disable:next unavailable-control
        let b = UIStepper()
        let text = "// catalint:disable:next unavailable-control"
        let c = UIStepper()
        """
        XCTAssertEqual(check(source), ["2:9 unavailable-control", "4:9 unavailable-control", "6:9 unavailable-control"])
    }

    func testYamlComments() {
        let yaml = """
        interface: Servings
        views:
          - class: UIStepper  # catalint:disable:this unavailable-control
          # catalint:disable:next unavailable-control - hidden on the Mac
          - class: UIPageControl
          - class: UILabel
            text: |
              # catalint:disable:next unavailable-control
          - class: UIRefreshControl
            title: "# catalint:disable:this unavailable-control"
          - class: UIStepper
        # catalint:disable:previous unavailable-control
        """
        XCTAssertEqual(check(yaml, path: "S.interface.yml"), ["9:12 unavailable-control"])
    }

    func testYamlRegionsAllAndReasons() {
        let yaml = """
        interface: Servings
        views:
          # catalint:disable unavailable-control, hard-coded-size - legacy iPad screen
          - class: UIStepper
            size: {width: 768, height: 1024}
          # catalint:enable unavailable-control
          - class: UIPageControl
            frame: {x: 0, y: 0, width: 834, height: 1194}
          # catalint:disable all
          - class: UIRefreshControl
        """
        XCTAssertEqual(check(yaml, path: "S.interface.yml"), ["7:12 unavailable-control"])
    }

    func testYamlCommentsWithEveryLineBreak() {
        let lines = [
            "interface: Servings",
            "views:",
            "  - class: UIStepper  # catalint:disable:this unavailable-control - hidden on the Mac",
            "  # catalint:disable:next unavailable-control",
            "  - class: UIPageControl",
            "  - class: UIStepper",
            "  # catalint:disable:previous unavailable-contro",
            "  - class: UIRefreshControl  # catalint:disable:this unavailable-control",
        ]
        for lineBreak in ["\n", "\r\n", "\r"] {
            XCTAssertEqual(check(lines.joined(separator: lineBreak) + lineBreak, path: "S.interface.yml"),
                           ["6:12 unavailable-control", "7:31 invalid-suppression"], lineBreak.debugDescription)
        }
    }

    func testYamlInvalidAndUnusedSuppressionsAtTheirPositions() {
        // Columns count characters: `é` and `🧂` are one each.
        let yaml = """
        interface: Épices
        views:
          - class: UILabel
            text: "🧂 é"  # catalint:disable:this unavailable-controll
          - class: UILabel  # catalint:ignore all
          - class: UILabel  # catalint:disable:next
          # catalint:disable:next hard-coded-size, unavailable-control - a reason
          - class: UIStepper
        """
        XCTAssertEqual(check(yaml, path: "S.interface.yml"), [
            "4:42 invalid-suppression",
            "5:23 invalid-suppression",
            "6:23 invalid-suppression",
            "7:27 unused-suppression",
        ])
    }

    func testYamlHashInsideScalarsIsNoComment() {
        // Each `#` below is text: in a double-quoted scalar after an escaped quote, a single-quoted
        // one after a doubled quote, a quoted scalar that spans lines, a tagged one, one in a flow
        // collection, and block scalars (one with an indentation indicator, one in a sequence entry).
        let yaml = """
        interface: Scalars
        views:
          - class: UILabel
            text: "say \\" # catalint:disable:next unavailable-control"
          - class: UIStepper
          - class: UILabel
            text: 'it''s # catalint:disable:next unavailable-control'
          - class: UIStepper
          - class: UILabel
            text: "first line
              # catalint:disable:next unavailable-control"
          - class: UIStepper
          - class: UILabel
            text: !!str "# catalint:disable:next unavailable-control"
          - class: UIStepper
          - class: UIView
            constraints:
              - {attribute: top, constant: 8, identifier: "# catalint:disable:next unavailable-control"}
          - class: UIStepper
          - class: UILabel
            text: |2
                # catalint:disable:next unavailable-control
          - class: UIStepper
          - text: >-
              # catalint:disable:next unavailable-control
            class: UIStepper
        """
        XCTAssertEqual(check(yaml, path: "S.interface.yml"), [
            "5:12 unavailable-control", "8:12 unavailable-control", "12:12 unavailable-control", "15:12 unavailable-control",
            "19:12 unavailable-control", "23:12 unavailable-control", "26:12 unavailable-control",
        ])
    }

    func testYamlCommentsAfterScalarsStillCount() {
        // An apostrophe inside a plain scalar opens no string; a plain scalar may end in `|`; a
        // comment less indented than a block scalar's text ends it.
        let yaml = """
        interface: Scalars
        views:
          - class: UILabel
            text: don't  # catalint:disable:next unavailable-control
          - class: UIStepper
          - class: UILabel
            text: a |
              # catalint:disable:next unavailable-control
          - class: UIStepper
          - class: UILabel
            text: |
                a block
              # catalint:disable:next unavailable-control
          - class: UIStepper
          - class: UILabel
            text: "closed" # catalint:disable:next unavailable-control
          - class: UIStepper
        """
        XCTAssertEqual(check(yaml, path: "S.interface.yml"), [])
    }

    func testYamlScannerReadsAnyText() {
        var generator = SeededGenerator(seed: 7)
        let pieces = ["# catalint:disable:next unavailable-control", "# catalint:disable:this nope", "\n", "\r\n", "\r", "  ",
                      "- class: UIStepper", "key: ", "\"", "'", "\\", "|", ">2", "[", "]", "{", "}", ", ", "é", "!!str ", "&a "]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let lineCount = SourceText(path: "F.interface.yml", text: text).lineCount
            for diagnostic in lint([("F.interface.yml", text)]) where SuppressionFilter.aboutSuppressions(diagnostic.rule) {
                XCTAssertTrue((1...lineCount).contains(diagnostic.position.line), text.debugDescription)
            }
        }
    }

    /// The editor's suppression code actions, in every format: each one silences the finding and is
    /// a comment the linter accepts, with CR, CRLF and LF line breaks.
    func testSuppressionFixesSilenceTheFindingInEveryFormat() throws {
        let cases: [(String, InputKind, String)] = [
            ("View.swift", .swift, "import UIKit\nfunc make() {\n    let stepper = UIStepper()\n}\n"),
            ("Screen.interface.yml", .interfaceDescription, "interface: Screen\nviews:\n  - class: UIStepper\n"),
            ("Main.storyboard", .interfaceBuilder, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\" targetRuntime=\"iOS.CocoaTouch\">\n<objects>\n    <stepper opaque=\"NO\" id=\"s\"/>\n</objects>\n</document>\n"),
        ]
        for (path, kind, lfText) in cases {
            for lineBreak in ["\n", "\r\n", "\r"] {
                let text = lfText.replacingOccurrences(of: "\n", with: lineBreak)
                let found = lint([(path, text)]).filter { $0.rule == "unavailable-control" }
                XCTAssertEqual(found.count, 1, path)
                guard let diagnostic = found.first else { continue }
                let fixes = SuppressionFixes.fixes(for: diagnostic, in: text, kind: kind)
                XCTAssertEqual(fixes.map(\.title), ["Suppress `unavailable-control` on this line", "Suppress `unavailable-control` in this file"])
                for fix in fixes {
                    let fixed = try XCTUnwrap(FixApplier.apply(fix.edits, to: text))
                    XCTAssertTrue(fixed.contains("catalint:disable"), fixed)
                    XCTAssertFalse(fixed.contains("\n") && lineBreak != "\n" && !fixed.contains("\r\n"), "mixed line breaks in \(path)")
                    XCTAssertEqual(lint([(path, fixed)]).map(\.rule), [], "\(fix.title) in \(path):\n\(fixed)")
                }
            }
        }
    }
}
