import Foundation
import XCTest
@testable import CatalintKit

/// The editor's view of a project: documents linted from their text against the whole project's index.
final class ProjectSessionTests: XCTestCase {
    func testADocumentIsLintedAgainstTheProjectAsTheCommandLineLintsIt() throws {
        let directory = try temporaryDirectory(self)
        try write("class PullToRefresh: UIRefreshControl {}\nextension UIDevice { static var isPad: Bool { current.userInterfaceIdiom == .pad } }\n",
                  to: directory.appendingPathComponent("Declarations.swift"))
        let screen = "let r = PullToRefresh()\nfunc f() { if UIDevice.isPad { stack.spacing = 20 } }\n"
        try write(screen, to: directory.appendingPathComponent("Screen.swift"))
        let options = LintOptions(idiom: .mac, configuration: Configuration(directory: directory.path),
                                  cacheDirectory: directory.appendingPathComponent(".catalint_cache").path)
        let session = ProjectSession(root: directory.path, options: options)
        XCTAssertEqual(session.fileCount, 2)
        let path = directory.appendingPathComponent("Screen.swift").path
        let fromSession = session.lint(path: path, text: screen).diagnostics
        var cli = options
        cli.indexRoot = directory.path
        let fromLinter = try Linter(options: cli).lint(.files([path])).diagnostics
        XCTAssertEqual(fromSession, fromLinter)
        XCTAssertEqual(fromSession.map(\.rule), ["unavailable-control", "idiom-layout-decision"])

        // The editor's text, not the file: an unsaved edit counts.
        XCTAssertEqual(session.lint(path: path, text: "let r = PullToRefresh()\n").diagnostics.map(\.rule), ["unavailable-control"])
        // A declaration typed in an open document is known at once in another.
        let declarations = directory.appendingPathComponent("Declarations.swift").path
        _ = session.lint(path: declarations, text: "class PullToRefresh: UIView {}\n")
        XCTAssertEqual(session.lint(path: path, text: "let r = PullToRefresh()\n").diagnostics.map(\.rule), [])
        session.close(path: declarations)
        XCTAssertEqual(session.lint(path: path, text: "let r = PullToRefresh()\n").diagnostics.map(\.rule), ["unavailable-control"])
        // A file changed on disk, then read again.
        try write("class PullToRefresh: UIView {}\n", to: URL(fileURLWithPath: declarations))
        session.filesChanged([declarations])
        XCTAssertEqual(session.lint(path: path, text: "let r = PullToRefresh()\n").diagnostics.map(\.rule), [])
    }
}
