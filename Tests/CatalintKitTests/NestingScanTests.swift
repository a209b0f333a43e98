@testable import CatalintKit
import Foundation
import XCTest

/// The nesting scan passes over runs of plain bytes (letters, digits and spaces in code, plain
/// characters in strings) without its per-byte context checks. These tests compare it with the
/// same scan reading every byte (`bytewise`), on real code and on random texts made of the bytes
/// that change a context: quotes, `#`, `\`, brackets, comments, operators, line ends.
final class NestingScanTests: XCTestCase {
    func testPassingOverPlainBytesGivesTheBytewiseScanOnRealCode() throws {
        var files = 0
        for folder in ["Sources", "samples"] {
            let root = packageRoot.appendingPathComponent(folder)
            let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for url in found where url.pathExtension == "swift" || url.lastPathComponent.hasSuffix(".swift.txt") {
                let bytes = Array(try Data(contentsOf: url))
                XCTAssertEqual(NestingScan(bytes), NestingScan(bytes, bytewise: true), url.path)
                files += 1
            }
        }
        XCTAssertGreaterThan(files, 150)
    }

    func testPassingOverPlainBytesGivesTheBytewiseScanOnRandomTexts() {
        let pieces = ["\"", "\"\"\"", "#", "##", "\\", "\\(", "\\#(", "(", ")", "[", "]", "{", "}", "//", "/*", "*/", "\n", "\r",
                      "\r\n", " ", "\t", "a", "bc", "1", ".", ";", "+", "&&", "==", "?", "!", "é", "→"]
        var generator = SeededGenerator(seed: 31)
        var deepest = 0, chains = 0, interpolations = 0
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...80, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            let fast = NestingScan(bytes)
            XCTAssertEqual(fast, NestingScan(bytes, bytewise: true), text.debugDescription)
            deepest = max(deepest, fast.deepest)
            chains = max(chains, fast.longestChain)
            interpolations = max(interpolations, fast.deepestInterpolation)
        }
        // The texts reach every part of the scan.
        XCTAssertGreaterThan(deepest, 5)
        XCTAssertGreaterThan(chains, 3)
        XCTAssertGreaterThan(interpolations, 1)
    }
}
