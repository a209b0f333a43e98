import Foundation
import XCTest
@testable import CatalintKit

/// `--fix` and `--unsafe-fixes` through the built binary, and the reports' fixes.
final class FixTests: XCTestCase {
    private let source = """
        import UIKit
        final class PlayerViewController: UIViewController {
            let tableView = UITableView()
            func setUp(_ play: UIButton, _ volume: UISlider) {
                tableView.refreshControl = UIRefreshControl()
                play.setTitle("Pause", for: .selected)
                play.setImage(nil, for: .highlighted)
                volume.thumbTintColor = .red
            }
        }

        """

    private let fixed = """
        import UIKit
        final class PlayerViewController: UIViewController {
            let tableView = UITableView()
            func setUp(_ play: UIButton, _ volume: UISlider) {
                if UIDevice.current.userInterfaceIdiom != .mac {
                    tableView.refreshControl = UIRefreshControl()
                }
                play.preferredBehavioralStyle = .pad
                play.setTitle("Pause", for: .selected)
                play.setImage(nil, for: .highlighted)
                volume.preferredBehavioralStyle = .pad
                volume.thumbTintColor = .red
            }
        }

        """

    private func project() throws -> (directory: URL, file: URL) {
        let directory = try temporaryDirectory(self)
        let file = directory.appendingPathComponent("Player.swift")
        try write(source, to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        return (directory, file)
    }

    func testWithoutFixNothingIsWritten() throws {
        let (directory, file) = try project()
        let before = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        for format in ["text", "json", "sarif", "xcode"] {
            let run = try runCatalint(["lint", "--no-config", "--no-cache", "--format", format, "."], in: directory)
            XCTAssertEqual(run.status, 1, format)
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), source)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date, before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["Player.swift"])
    }

    func testTheTextReportSaysWhatCanBeFixed() throws {
        let (directory, _) = try project()
        let run = try runCatalint(["lint", "--no-config", "--no-cache", "."], in: directory, environment: ["NO_COLOR": "1"])
        XCTAssertTrue(run.stdout.hasSuffix("4 findings can be fixed with `--fix --unsafe-fixes` (review the change: it alters the app on the Mac).\n"), run.stdout)
    }

    func testFixAppliesOnlySafeFixes() throws {
        let (directory, file) = try project()
        let run = try runCatalint(["lint", "--no-config", "--no-cache", "--fix", "."], in: directory)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), source, "the fixes of these rules are unsafe")
        XCTAssertTrue(run.stderr.contains("nothing to fix with safe fixes"), run.stderr)
    }

    func testUnsafeFixesRewriteTheFileAtomicallyKeepItsModeAndReportWhatIsLeft() throws {
        let (directory, file) = try project()
        try write("interface: Settings\nviews:\n  - class: UIStepper\n", to: directory.appendingPathComponent("Settings.interface.yml"))
        let run = try runCatalint(["lint", "--no-config", "--format", "xcode", "--unsafe-fixes", "."], in: directory)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), fixed)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o640)
        XCTAssertEqual(run.stderr, "catalint: applied 3 fixes in 1 file\n")
        // The interface file has no fix: its finding is what is left, and it decides the exit status.
        XCTAssertEqual(run.stdout, "Settings.interface.yml:3:12: error: `UIStepper` does not exist in the Mac idiom: showing it throws an exception when the app runs with Optimize Interface for Mac. [unavailable-control]\n")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("catalint-tmp") }, [])
        // Fixed code is fixed: a second run changes nothing.
        let again = try runCatalint(["lint", "--no-config", "--unsafe-fixes", "Player.swift"], in: directory)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), fixed)
    }

    func testFixRefusesStandardInput() throws {
        let (directory, _) = try project()
        let run = try runCatalint(["lint", "--fix", "--stdin-filename", "Player.swift", "-"], in: directory)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("--fix reads the files on disk, so it cannot be used with --stdin-filename"), run.stderr)
    }

    func testTheJSONAndSARIFReportsCarryTheFixes() throws {
        let (directory, _) = try project()
        let json = try runCatalint(["lint", "--no-config", "--no-cache", "--format", "json", "."], in: directory)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap(report["diagnostics"] as? [[String: Any]])
        let slider = try XCTUnwrap(diagnostics.first { $0["rule"] as? String == "slider-custom-appearance" })
        let fix = try XCTUnwrap(slider["fix"] as? [String: Any])
        XCTAssertEqual(fix["applicability"] as? String, "unsafe")
        let edits = try XCTUnwrap(fix["edits"] as? [[String: Any]])
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits[0]["replacement"] as? String, "        volume.preferredBehavioralStyle = .pad\n")
        let range = try XCTUnwrap(edits[0]["range"] as? [String: [String: Int]])
        XCTAssertEqual(range["start"]?["line"], 8)
        XCTAssertEqual(range["start"]?["column"], 1)
        XCTAssertEqual(range["end"], range["start"])

        let sarif = try runCatalint(["lint", "--no-config", "--no-cache", "--format", "sarif", "."], in: directory)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try XCTUnwrap(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let fixes = results.compactMap { $0["fixes"] as? [[String: Any]] }
        XCTAssertEqual(fixes.count, 4)
        let change = try XCTUnwrap((fixes.first?.first?["artifactChanges"] as? [[String: Any]])?.first)
        XCTAssertNotNil((change["replacements"] as? [[String: Any]])?.first?["deletedRegion"])
    }

    /// A fix whose result would not parse is never applied (made up here: no rule's fix does it).
    /// The idiom guard reads the declaration of the property a statement assigns, wherever the
    /// project declares it: a constant or a property with no initial value that an initializer must
    /// set, or an implicitly unwrapped one, keeps the statement as it is.
    func testTheIdiomGuardReadsThePropertysDeclarationInAnotherFile() throws {
        let declarations = """
            import UIKit
            struct Pager {
                let dots: UIPageControl
                var stepper: UIStepper
                var refresh: UIRefreshControl?
            }
            final class ShopViewController: UIViewController {
                var refresher: UIRefreshControl!
                var spare: UIRefreshControl?
            }

            """
        let uses = """
            import UIKit
            extension Pager {
                init() {
                    dots = UIPageControl()
                    stepper = UIStepper()
                    refresh = UIRefreshControl()
                }
            }
            extension ShopViewController {
                func reload() {
                    refresher = UIRefreshControl()
                    spare = UIRefreshControl()
                }
            }

            """
        let linter = Linter(options: LintOptions(idiom: .mac, jobs: 1))
        let result = try Fixer.fixInMemory([(path: "Pager.swift", text: declarations), (path: "Uses.swift", text: uses)], linter: linter, unsafe: true)
        XCTAssertEqual(result.texts["Uses.swift"], """
            import UIKit
            extension Pager {
                init() {
                    dots = UIPageControl()
                    stepper = UIStepper()
                    if UIDevice.current.userInterfaceIdiom != .mac {
                        refresh = UIRefreshControl()
                    }
                }
            }
            extension ShopViewController {
                func reload() {
                    refresher = UIRefreshControl()
                    if UIDevice.current.userInterfaceIdiom != .mac {
                        spare = UIRefreshControl()
                    }
                }
            }

            """)
        XCTAssertEqual(result.texts["Pager.swift"] ?? declarations, declarations)
    }

    func testAFixThatBreaksSwiftIsRefused() {
        let text = "let a = 1\n"
        let start = SourcePosition(path: "A.swift", line: 1, column: 1, utf8Column: 1, utf16Column: 1)
        let broken = Diagnostic(rule: "unavailable-control", severity: .error, position: start, message: "m", help: "h",
                                fix: Fix(title: "t", applicability: .safe, edits: [TextEdit(inserting: "if {\n", at: start)]))
        let round = Fixer.round([broken], unsafe: false) { _ in text }
        XCTAssertEqual(round.texts, [:])
        XCTAssertEqual(round.refused, ["A.swift"])
    }

    func testOverlappingAndRepeatedFixesWaitForTheNextRound() {
        let position = { (line: Int) in SourcePosition(path: "A.swift", line: line, column: 1, utf8Column: 1, utf16Column: 1) }
        let first = Fix(title: "a", applicability: .safe, edits: [TextEdit(inserting: "x.style = .pad\n", at: position(1))])
        let same = Fix(title: "b", applicability: .safe, edits: [TextEdit(inserting: "    x.style = .pad\n", at: position(2))])
        let other = Fix(title: "c", applicability: .safe, edits: [TextEdit(inserting: "y.style = .pad\n", at: position(2))])
        let clash = Fix(title: "d", applicability: .safe, edits: [TextEdit(inserting: "z\n", at: position(2))])
        XCTAssertEqual(FixApplier.compatible([first, same, other, clash]).map(\.title), ["a", "c"])
        XCTAssertEqual(FixApplier.apply(first.edits + other.edits, to: "1\n2\n"), "x.style = .pad\n1\ny.style = .pad\n2\n")
        XCTAssertNil(FixApplier.apply([TextEdit(inserting: "x", at: position(9))], to: "1\n"))
    }
}
