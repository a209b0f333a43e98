@testable import CatalintKit
import Foundation
import SwiftOperators
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax
import XCTest

/// An editor's document is parsed from its previous version (`ParseMemory`): the tree must be the
/// one a whole parse gives, whatever the edit, and untouched declarations must really be reused.
final class IncrementalParseTests: XCTestCase {
    /// Where two trees first differ (a node's kind, or a token's kind, presence or trivia), with
    /// what each has there; nil when they are the same.
    private func difference(_ left: Syntax, _ right: Syntax) -> String? {
        guard left.kind == right.kind else { return "\(left.kind) against \(right.kind) at \(left.position)" }
        if let one = left.as(TokenSyntax.self), let other = right.as(TokenSyntax.self) {
            guard one.tokenKind == other.tokenKind, one.presence == other.presence,
                  one.leadingTrivia == other.leadingTrivia, one.trailingTrivia == other.trailingTrivia else {
                return "\(one.debugDescription) against \(other.debugDescription)"
            }
            return nil
        }
        let (ones, others) = (left.children(viewMode: .all), right.children(viewMode: .all))
        guard ones.count == others.count else { return "\(left.kind) with \(ones.count) children against \(others.count) at \(left.position)" }
        for (one, other) in zip(ones, others) {
            if let difference = difference(one, other) { return difference }
        }
        return nil
    }

    private func wholeParse(_ text: String, _ mode: LanguageMode = .compilerDefault) -> SourceFileSyntax {
        var text = text
        let parsed = text.withUTF8 { Parser.parse(source: $0, swiftVersion: mode.parserVersion) }
        return SwiftSourceFile.operators.foldAll(parsed) { _ in }.as(SourceFileSyntax.self)!
    }

    /// Three of the sample app's Swift files, joined: real code with classes, closures, operators and `#if`.
    private func sampleSource() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("samples/Recipes/Sources")
        return try ["RecipeDetailViewController.swift", "PhotoPagerView.swift", "Sliders.swift"]
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
    }

    func testEveryVersionParsedFromTheLastIsTheTreeOfAWholeParse() throws {
        var text = try sampleSource() + """

        #if targetEnvironment(macCatalyst)
        let flag = a + b * c == d && !e || f ?? g
        #else
        let other = \"\"\"
            multi \\(line) text
            \"\"\"
        #endif
        let pattern = /[a-z]+/
        """
        // Pieces a user types or pastes, including ones that break and mend the syntax.
        let pieces = ["x", " ", "\n", "{", "}", "(", ")", "\"", "+ 1", " == .pad && ", "/*", "*/", "//", "#if os(iOS)\n", "#endif\n",
                      "func g() { let s = UIStepper() }\n", "\"\"\"\n", "\\(", "let a = b ?? c\n", "[", "]", "<", ">", ".", ",", "@", "`"]
        var generator = SeededGenerator(seed: 31)
        let memory = ParseMemory()
        for step in 0..<35 {
            let bytes = Array(text.utf8)
            let folded = memory.parse(bytes, languageMode: .compilerDefault)
            XCTAssertEqual(folded.description, text, "step \(step): the tree's text")
            if let difference = difference(Syntax(folded), Syntax(wholeParse(text))) {
                XCTFail("step \(step): the tree differs from a whole parse: \(difference)")
                return
            }
            // The next version: an edit at a place on a character boundary of the text.
            let scalars = Array(text.unicodeScalars)
            let at = Int(generator.next() % UInt64(scalars.count + 1))
            var edited = scalars
            switch generator.next() % 4 {
            case 0, 1:
                edited.insert(contentsOf: pieces[Int(generator.next() % UInt64(pieces.count))].unicodeScalars, at: at)
            case 2:
                edited.removeSubrange(at..<min(scalars.count, at + 1 + Int(generator.next() % 12)))
            default:
                // Undo: the text goes back to a version parsed before.
                edited.insert(contentsOf: "\n".unicodeScalars, at: at)
                let back = String(String.UnicodeScalarView(edited))
                _ = memory.parse(Array(back.utf8), languageMode: .compilerDefault)
                edited = scalars
            }
            text = String(String.UnicodeScalarView(edited))
        }
    }

    func testAnUntouchedDeclarationIsReusedFoldedAndAnEditedOneIsNot() throws {
        let before = """
        class Screen: UIViewController {
            func first() { let a = 1 + 2 * 3; print(a) }
            func second() { let b = x == .pad && y; print(b) }
        }
        """
        let after = before.replacingOccurrences(of: "1 + 2 * 3", with: "1 + 2 * 4")
        let memory = ParseMemory()
        let one = memory.parse(Array(before.utf8), languageMode: .compilerDefault)
        let two = memory.parse(Array(after.utf8), languageMode: .compilerDefault)
        func members(_ tree: SourceFileSyntax) throws -> [MemberBlockItemSyntax] {
            Array(try XCTUnwrap(tree.statements.first?.item.as(ClassDeclSyntax.self)).memberBlock.members)
        }
        let (old, new) = (try members(one), try members(two))
        XCTAssertEqual(new.count, 2)
        // The second function, untouched: the same folded node, not folded again.
        XCTAssertEqual(old[1].raw.id, new[1].raw.id)
        XCTAssertNotNil(new[1].decl.as(FunctionDeclSyntax.self)?.body?.statements.first?.item.as(VariableDeclSyntax.self)?
            .bindings.first?.initializer?.value.as(InfixOperatorExprSyntax.self), "the reused member is folded")
        // The first, edited: parsed and folded again.
        XCTAssertNotEqual(old[0].raw.id, new[0].raw.id)
        XCTAssertEqual(new[0].description, old[0].description.replacingOccurrences(of: "3", with: "4"))
        XCTAssertNil(difference(Syntax(two), Syntax(wholeParse(after))))
        // The same text again is the same tree.
        XCTAssertEqual(memory.parse(Array(after.utf8), languageMode: .compilerDefault).raw.id, two.raw.id)
        // Another language mode is parsed whole: what was kept is not used.
        let six = memory.parse(Array(after.utf8), languageMode: .swift6)
        XCTAssertNotEqual(try members(six)[1].raw.id, new[1].raw.id)
        XCTAssertNil(difference(Syntax(six), Syntax(wholeParse(after, .swift6))))
    }

    func testTheEditIsTheBytesBetweenTheCommonBeginningAndEnd() {
        func edit(_ old: String, _ new: String) -> String? {
            ParseMemory.edit(from: Array(old.utf8), to: Array(new.utf8)).map { "\($0.range.lowerBound.utf8Offset)..<\($0.range.upperBound.utf8Offset) \($0.replacement)" }
        }
        XCTAssertNil(edit("abc", "abc"))
        XCTAssertEqual(edit("abc", "abxc"), "2..<2 x")
        XCTAssertEqual(edit("abc", "ac"), "1..<2 ")
        XCTAssertEqual(edit("aaa", "aaaa"), "3..<3 a")
        XCTAssertEqual(edit("aaaa", "aa"), "2..<4 ")
        XCTAssertEqual(edit("", "new"), "0..<0 new")
        XCTAssertEqual(edit("old", ""), "0..<3 ")
        XCTAssertEqual(edit("let a = 1", "let b = 2"), "4..<9 b = 2")
    }
}
