import XCTest
@testable import CatalintKit

final class SuppressionTests: XCTestCase {
    private func check(_ source: String, path: String = "A.swift") -> [String] {
        lint([(path, source)]).map { "\($0.position.line):\($0.position.column) \($0.rule)" }
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
}
