import Foundation
import XCTest
@testable import CatalintKit

/// Runs that read only what changed (`RunSnapshot`) report exactly what a run without the cache
/// reports, after every kind of edit, drawn at random from a seed: through the built binary, for
/// a folder, a file named on the command line and standard input.
final class IncrementalEndToEndTests: XCTestCase {
    /// Lines an edit adds: each changes what other files see (a subclass, a helper, a shared
    /// property's settings or style, a global) or only the file itself.
    private static let snippets = [
        "class Refresh: UIRefreshControl {}",
        "class Refresh: UIView {}",
        "class Plain: Refresh {}",
        "var isPad: Bool { UIDevice.current.userInterfaceIdiom == .pad }",
        "var isPad: Bool { false }",
        "extension Shared { func style() { save.preferredBehavioralStyle = .pad } }",
        "extension Shared { func title() { save.setTitle(\"x\", for: .selected) } }",
        "final class Shared { var save = UIButton() }",
        "final class Shared { var save = UISwitch() }",
        "let pager = UIPageControl()",
        "func make() { let r = Refresh(); let p = Plain() }",
        "func layout() { if isPad { stack.spacing = 20 } else { stack.spacing = 8 } }",
        "func sizes() { let v = UIView(frame: CGRect(x: 0, y: 0, width: 834, height: 1194)) }",
        "// catalint:disable:next unavailable-control",
        "let slider = UISlider(); func tint() { slider.setThumbImage(nil, for: .highlighted) }",
        // Summaries of functions, and value helpers, in other files (issue 20).
        "extension UIAlertController.Style { static var sheet: UIAlertController.Style { UIDevice.current.userInterfaceIdiom == .pad ? .alert : .actionSheet } }",
        "func ask() { let s = UIAlertController(title: nil, message: nil, preferredStyle: .sheet); present(s, animated: true) }",
        "func makeSheet() -> UIAlertController { let s = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet); return s }",
        "func makeSheet() -> UIAlertController { let s = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet); s.popoverPresentationController?.sourceView = s.view; return s }",
        "func showMade() { let s = makeSheet(); present(s, animated: true) }",
        "func anchor(_ s: UIAlertController) { s.popoverPresentationController?.sourceView = s.view }",
        "func anchor(_ s: UIAlertController) { s.title = nil }",
        "func showAnchored() { let s = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet); anchor(s); present(s, animated: true) }",
        "func onMac() -> Bool { if #available(iOS 14, *) { return ProcessInfo.processInfo.isMacCatalystApp }; return ProcessInfo.processInfo.isMacCatalystApp }",
        "func guarded() { if !onMac() { let p = UIPageControl() } }",
        // A declaration decides whether the idiom guard of another file's statement is offered.
        "struct Form { let dots: UIPageControl }",
        "struct Form { var dots: UIPageControl? }",
        "extension Form { init(count: Int) { dots = UIPageControl() } }",
    ]

    private func project(_ generator: inout SeededGenerator) throws -> URL {
        let directory = try temporaryDirectory(self)
        try write("idiom: mac\n", to: directory.appendingPathComponent(".catalint.yml"))
        for number in 0..<6 {
            let lines = (0..<4).map { _ in Self.snippets.randomElement(using: &generator)! }
            try write(lines.joined(separator: "\n") + "\n", to: directory.appendingPathComponent("Sources/File\(number).swift"))
        }
        try write("interface: Detail\nviews:\n  - class: UIStepper\n", to: directory.appendingPathComponent("Detail.interface.yml"))
        return directory
    }

    /// One random edit: a line added or removed, a file added, removed, or touched with the same content.
    private func edit(_ directory: URL, _ generator: inout SeededGenerator) throws -> String {
        let sources = directory.appendingPathComponent("Sources")
        let names = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.sorted()
        let name = names.randomElement(using: &generator) ?? "File0.swift"
        let file = sources.appendingPathComponent(name)
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<4:
            lines.insert(Self.snippets.randomElement(using: &generator)!, at: Int.random(in: 0...lines.count, using: &generator))
            try write(lines.joined(separator: "\n") + "\n", to: file)
            return "a line added to \(name)"
        case 4..<7 where !lines.isEmpty:
            lines.remove(at: Int.random(in: 0..<lines.count, using: &generator))
            try write(lines.joined(separator: "\n") + "\n", to: file)
            return "a line removed from \(name)"
        case 7:
            let new = "Added\(Int.random(in: 0..<1_000, using: &generator)).swift"
            try write(Self.snippets.randomElement(using: &generator)! + "\n", to: sources.appendingPathComponent(new))
            return "\(new) added"
        case 8 where names.count > 2:
            try FileManager.default.removeItem(at: file)
            return "\(name) removed"
        default:
            Thread.sleep(forTimeInterval: 0.01)
            try write(text, to: file)
            return "\(name) written again, unchanged"
        }
    }

    func testRunsThatReadOnlyWhatChangedReportWhatAWholeRunReports() throws {
        var generator = SeededGenerator(seed: 23)
        let directory = try project(&generator)
        for step in 0..<24 {
            let what = step == 0 ? "the first run" : try edit(directory, &generator)
            // A file named on the command line, and the same file's text on standard input.
            let sources = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("Sources").path).sorted()
            let named = sources.first.map { "Sources/" + $0 }
            let text = try named.map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
            // The runs without the cache touch nothing the others read: they run beside them, on the
            // other core (this test starts 144 processes).
            let wholeRuns = Prefetched { () -> Result<[CommandRun], any Error> in
                Result {
                    var runs = [try runCatalint(["lint", "--no-cache", "--format", "json", "."], in: directory)]
                    if let named, let text {
                        runs.append(try runCatalint(["lint", "--no-cache", "--format", "json", named], in: directory))
                        runs.append(try runCatalint(["lint", "--no-cache", "--format", "json", "--stdin-filename", named, "-"], in: directory, stdin: text))
                    }
                    return runs
                }
            }
            let incremental = try runCatalint(["lint", "--format", "json", "."], in: directory)
            let namedRun = try named.map { try runCatalint(["lint", "--format", "json", $0], in: directory) }
            let stdinRun = try named.map { try runCatalint(["lint", "--format", "json", "--stdin-filename", $0, "-"], in: directory, stdin: text) }
            let whole = try wholeRuns.value.get()
            XCTAssertEqual(incremental.stdout, whole[0].stdout, "step \(step), after \(what)")
            XCTAssertEqual(incremental.status, whole[0].status, "step \(step)")
            guard let named, let namedRun, let stdinRun else { continue }
            XCTAssertEqual(namedRun.stdout, whole[1].stdout, "step \(step), \(named)")
            XCTAssertEqual(stdinRun.stdout, whole[2].stdout, "step \(step), standard input")
        }
    }

    func testANothingChangedRunReadsNoFile() throws {
        var generator = SeededGenerator(seed: 5)
        let directory = try project(&generator)
        _ = try runCatalint(["lint", "."], in: directory)
        let again = try runCatalint(["lint", "-v", "."], in: directory)
        XCTAssertTrue(again.stderr.contains("cache: 7 of 7 files' results from the cache"), again.stderr)
        XCTAssertTrue(again.stderr.contains("nothing changed since the last run: no file read"), again.stderr)
    }
}
