@testable import CatalintKit
import Foundation
import SwiftSyntax
import XCTest

/// The guard-context walk looks up and stores only the children of the parents that can change a
/// context (`GuardResolver.mayRefine`); every other node has its parent's context. And it asks the
/// declarations above a node about previews and unavailability only in a file whose text spells
/// them. These tests compare it, node by node, with a walk that refines at every parent and is not
/// given the text, on real code: a kind that `refine` reads and `mayRefine` forgets, or a spelling
/// the text search misses, gives a different context somewhere below it.
final class GuardResolverTests: XCTestCase {
    /// The Swift this suite reads: the sample app, the Apple snippets fixture and every Swift
    /// example of the rules, which between them hold each kind of guard the rules know.
    private func sources() throws -> [(name: String, text: String)] {
        var sources: [(String, String)] = []
        let samples = packageRoot.appendingPathComponent("samples/Recipes/Sources")
        let found = FileManager.default.enumerator(at: samples, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for url in found where url.pathExtension == "swift" {
            sources.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
        }
        XCTAssertGreaterThan(sources.count, 3)
        let snippets = packageRoot.appendingPathComponent("Tests/CatalintKitTests/Fixtures/AppleIdiomSnippets.swift.txt")
        sources.append(("AppleIdiomSnippets", try String(contentsOf: snippets, encoding: .utf8)))
        // Each spelling of a preview and of unavailability alone in its file (the examples mix them).
        sources.append(("provider only", """
            import SwiftUI
            struct Card: View { var body: some View { Text("x").font(.system(size: 12)) } }
            private let sample = Card()
            struct Card_Previews: PreviewProvider {
                static var previews: some View { sample.frame(width: 320, height: 200) }
            }
            """))
        sources.append(("macro only", """
            import SwiftUI
            #Preview { Text("x").frame(width: 320, height: 200) }
            """))
        sources.append(("unavailable only", """
            import UIKit
            @available(macCatalyst, unavailable)
            func padOnly() { let stepper = UIStepper(); stepper.frame = CGRect(x: 0, y: 0, width: 94, height: 29) }
            """))
        for rule in RuleCatalog.all {
            let examples = (rule.examples?.triggering ?? []) + (rule.examples?.passing ?? [])
            for (number, annotated) in examples.enumerated() {
                sources.append(("\(rule.id) example \(number + 1)", RuleExample(annotated).source))
            }
        }
        return sources
    }

    /// Every node of `tree`, parents before children.
    private final class Nodes: SyntaxAnyVisitor {
        var all: [Syntax] = []
        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            all.append(node)
            return .visitChildren
        }
    }

    /// The conditions a context requires, from the innermost out (requirement numbers differ
    /// between two resolvers that add them in another order; the conditions do not).
    private func conditions(_ context: GuardContext, in chain: RequirementChain) -> [PendingCondition] {
        var found: [PendingCondition] = []
        var link = context.requirement
        while let number = link {
            found.append(chain.links[Int(number)].condition)
            link = chain.links[Int(number)].parent
        }
        return found
    }

    func testTheShortenedWalkGivesEveryNodeTheContextOfTheFullOne() throws {
        var compared = 0
        var required = 0
        var changed: Set<String> = []
        for (name, text) in try sources() {
            guard case .success(let file) = SwiftSourceFile.parse(path: "/tmp/\(name).swift", text: text) else {
                XCTFail("\(name) did not parse")
                continue
            }
            func resolver(bytes: [UInt8]?) -> GuardResolver {
                GuardResolver(tree: file.tree, bytes: bytes, conditions: IdiomConditions(path: file.path, keepsNames: false),
                              checks: ["isSourceTypeAvailable", "isAvailable"])
            }
            let shortened = resolver(bytes: file.source.utf8)
            let full = resolver(bytes: nil)
            full.refinesEveryParent = true
            let nodes = Nodes(viewMode: .sourceAccurate)
            nodes.walk(file.tree)
            for node in nodes.all {
                let fast = shortened.context(for: node)
                let slow = full.context(for: node)
                var fastOthers = fast, slowOthers = slow
                fastOthers.requirement = nil
                slowOthers.requirement = nil
                let fastConditions = conditions(fast, in: shortened.requirements)
                let slowConditions = conditions(slow, in: full.requirements)
                if fastOthers != slowOthers || fastConditions != slowConditions {
                    XCTFail("\(name): \(node.kind) at \(file.position(of: node)): \(fast) against \(slow)")
                    break
                }
                compared += 1
                if !slowConditions.isEmpty { required += 1 }
                if slowOthers != GuardContext.unguarded { changed.insert("\(slowOthers)") }
            }
        }
        // The code read holds guards of every sort: idiom conditions, `#if`, unavailability, previews, checks.
        XCTAssertGreaterThan(compared, 20_000)
        XCTAssertGreaterThan(required, 1_000)
        XCTAssertTrue(changed.contains { $0.contains("builtForMacCatalyst: false") }, "\(changed)")
        XCTAssertTrue(changed.contains { $0.contains("unavailableOnMacCatalyst: true") }, "\(changed)")
        XCTAssertTrue(changed.contains { $0.contains("isPreview: true") }, "\(changed)")
        XCTAssertTrue(changed.contains { $0.contains("checks: [\"") }, "\(changed)")
    }
}
