import Foundation
import XCTest
@testable import CatalintKit

/// The walks over a file keep to its deadline, and the work per statement stays linear: what the
/// budget of issue 19 rests on, checked without a clock (a deadline can pass after a number of asks).
final class DeadlineTests: XCTestCase {
    private func parsed(_ text: String) throws -> SwiftSourceFile {
        guard case .success(let file) = SwiftSourceFile.parse(path: "A.swift", text: text) else { throw XCTSkip("not parsed") }
        return file
    }

    private func steppers(_ count: Int) -> String {
        "import UIKit\nclass Pad: UIView {}\nfunc make() {\n" + (0..<count).map { "    let s\($0) = UIStepper()\n" }.joined() + "}\nclass Late: UIView {}\n"
    }

    func testTheWalksStopSoonAfterTheDeadlinePasses() throws {
        let file = try parsed(steppers(5_000))
        XCTAssertEqual(FactCollector.facts(for: file, vocabulary: .standard).creations.count, 5_000)
        let stopped = FactCollector.facts(for: file, vocabulary: .standard, deadline: Deadline(afterAsks: 200))
        XCTAssertLessThan(stopped.creations.count, 200, "the facts walk went on past its deadline")
        XCTAssertEqual(Set(IndexBuilder.index(file).types.keys), ["Pad", "Late"])
        XCTAssertFalse(IndexBuilder.index(file, deadline: Deadline(afterAsks: 200)).types.keys.contains("Late"),
                       "the index walk went on past its deadline")
        XCTAssertFalse(FactCollector.lowerAndIndex(file, vocabulary: .standard, deadline: Deadline(afterAsks: 200)).index.types.keys.contains("Late"),
                       "the one walk went on past its deadline")
    }

    func testAFileJobPastItsDeadlineIsNoticed() throws {
        let deadline = Deadline(afterAsks: 50)
        _ = FileJob.run(SourceInput(path: "A.swift", kind: .swift, contents: .success(steppers(2_000))), vocabulary: .standard, deadline: deadline)
        XCTAssertTrue(deadline.hasExpired)
        let unhurried = Deadline(seconds: 3_600)
        let output = FileJob.run(SourceInput(path: "A.swift", kind: .swift, contents: .success(steppers(20))), vocabulary: .standard, deadline: unhurried)
        XCTAssertFalse(unhurried.hasExpired)
        XCTAssertEqual(output.facts.creations.count, 20)
    }

    func testEarlyExitsShareOneChainOfRequirements() throws {
        // Each exit adds one link to the chain of those before it: as many links as exits, and each
        // creation names the link of the exits before it.
        var text = "import UIKit\nfunc make() {\n"
        for number in 0..<300 { text += "    if flag\(number) { return }\n    let s\(number) = UIStepper()\n" }
        let facts = FactCollector.facts(for: try parsed(text + "}\n"), vocabulary: .standard)
        XCTAssertEqual(facts.requirements.links.count, 300)
        XCTAssertEqual(facts.creations.map { $0.guardContext.requirement }, (0..<300).map { Int32($0) })
        XCTAssertEqual(facts.requirements.links[299].parent, 298)
        // Resolved, the chain folds into idioms: before `flag7`'s exit, every idiom remains.
        var index = ProjectIndex()
        index.helpers["flag7"] = [HelperDeclaration(name: "flag7", value: .condition(.idiom(.mac)), position: SourcePosition(path: "B.swift", line: 1, column: 1))]
        var resolved = UIFacts()
        Resolution(index: index).add(facts, to: &resolved)
        XCTAssertEqual(resolved.creations[6].guardContext.idioms, .all)
        // After `if flag7 { return }` with flag7 true exactly on the Mac, the Mac never gets there.
        XCTAssertEqual(resolved.creations[7].guardContext.idioms, [.pad, .padOnMac, .phone, .other])
        XCTAssertEqual(resolved.creations[299].guardContext.idioms, [.pad, .padOnMac, .phone, .other])
        XCTAssertTrue(resolved.creations.allSatisfy { $0.guardContext.requirement == nil })
    }

    func testAChainFromTheCacheMustPointBackwards() {
        let condition = PendingCondition(.idiom(.pad), holds: true)
        XCTAssertNotNil(RequirementChain(links: [.init(parent: nil, condition: condition), .init(parent: 0, condition: condition)]))
        XCTAssertNil(RequirementChain(links: [.init(parent: 0, condition: condition)]))
        XCTAssertNil(RequirementChain(links: [.init(parent: nil, condition: condition), .init(parent: 5, condition: condition)]))
        XCTAssertNil(RequirementChain(links: [.init(parent: -1, condition: condition)]))
    }

    func testPlaceholdersAreFilledInOnePass() throws {
        let rule = try XCTUnwrap(RuleCatalog.rule("file-skipped"))
        XCTAssertEqual(rule.render("`{path}` was not linted: {reason}.", ["path": "{reason}.swift", "reason": "it is big"]),
                       "`{reason}.swift` was not linted: it is big.")
        XCTAssertEqual(rule.render("{a}{b} {c} {", ["a": "{b}", "b": "x"]), "{b}x {c} {")
    }
}
