import Foundation
import XCTest
@testable import CatalintKit

/// The configuration, baseline and init features through the built binary.
final class ConfigurationEndToEndTests: XCTestCase {
    private func run(_ arguments: [String], in directory: URL) throws -> CommandRun {
        try runCatalint(arguments, in: directory)
    }

    private func project() throws -> URL {
        let directory = try temporaryDirectory(self)
        try write("let s = UIStepper()\nlet v = CGSize(width: 768, height: 1024)\n", to: directory.appendingPathComponent("App/Screen.swift"))
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("App/Generated/Model.swift"))
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("Tests/ScreenTests.swift"))
        try write("interface: S\nviews:\n  - class: UIPageControl\n", to: directory.appendingPathComponent("Screens/Detail.yml"))
        return directory
    }

    func testConfigurationDrivesTheRun() throws {
        let directory = try project()
        try write("""
        idiom: mac
        excluded: ["**/Generated/**"]
        interface_files: ["Screens/*.yml"]
        rules:
          hard-coded-size: error
        overrides:
          - paths: [Tests]
            rules:
              unavailable-control: warning
        """, to: directory.appendingPathComponent(".catalint.yml"))
        let result = try run(["lint", "--format", "xcode", "."], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout.split(separator: "\n").map { $0.split(separator: ":").prefix(2).joined(separator: ":") + " " + ($0.split(separator: " ").dropFirst().first ?? "") }, [
            "App/Screen.swift:1 error:",
            "App/Screen.swift:2 error:",
            "Screens/Detail.yml:3 error:",
            "Tests/ScreenTests.swift:1 warning:",
        ])

        // From a subfolder, the same file is found; --no-config drops it.
        let nested = try run(["lint", "--format", "xcode", "--verbose", "."], in: directory.appendingPathComponent("App"))
        XCTAssertFalse(nested.stdout.contains("Generated"))
        XCTAssertTrue(nested.stderr.contains("catalint: configuration: "), nested.stderr)
        XCTAssertTrue(nested.stderr.contains("catalint: idiom: mac (the configuration's idiom)"), nested.stderr)
        let bare = try run(["lint", "--format", "xcode", "--no-config", "."], in: directory)
        XCTAssertTrue(bare.stdout.contains("App/Generated/Model.swift"))
        XCTAssertFalse(bare.stdout.contains("Screens/Detail.yml"))

        // `included` limits what folders yield; a file named on the command line is still linted.
        try write("idiom: mac\nincluded: [App]\nexcluded: [\"**/Generated/**\"]\n", to: directory.appendingPathComponent("included.yml"))
        let included = try run(["lint", "--format", "xcode", "--config", "included.yml", "."], in: directory)
        XCTAssertEqual(Set(included.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != ":" })) }), ["App/Screen.swift"])
        let named = try run(["lint", "--format", "xcode", "--config", "included.yml", "Tests/ScreenTests.swift"], in: directory)
        XCTAssertTrue(named.stdout.hasPrefix("Tests/ScreenTests.swift:1:9:"), named.stdout)

        // --select, --ignore, --exit-zero.
        let selected = try run(["lint", "--format", "xcode", "--select", "hard-coded-size", "App"], in: directory)
        XCTAssertEqual(selected.stdout.split(separator: "\n").count, 1)
        let ignored = try run(["lint", "--format", "xcode", "--ignore", "unavailable-control,hard-coded-size", "."], in: directory)
        XCTAssertEqual(ignored.stdout, "")
        XCTAssertEqual(ignored.status, 0)
        XCTAssertEqual(try run(["lint", "--exit-zero", "."], in: directory).status, 0)
        let unknown = try run(["lint", "--select", "hard-coded-sizes", "."], in: directory)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("Did you mean 'hard-coded-size'?"), unknown.stderr)
    }

    func testABadConfigurationIsAnErrorWithItsPlace() throws {
        let directory = try project()
        try write("idiom: mac\nrules:\n  unavailable-controls: off\n", to: directory.appendingPathComponent("custom.yml"))
        let result = try run(["lint", "--config", "custom.yml", "."], in: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("custom.yml:3:3: error: unknown rule 'unavailable-controls'. Did you mean 'unavailable-control'?"), result.stderr)
        XCTAssertEqual(try run(["lint", "--config", "missing.yml", "."], in: directory).status, 2)
        XCTAssertEqual(try run(["lint", "--config", "custom.yml", "--no-config", "."], in: directory).status, 2)
    }

    func testIdiomAutoReadsTheXcodeProject() throws {
        let directory = try project()
        try write(IdiomDetectionTests.pbxproj([IdiomDetectionTests.Target(name: "App", sources: ["App/Screen.swift"], xcconfig: "Config/App.xcconfig")]),
                  to: directory.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        try write("// Catalyst, scaled\nSUPPORTS_MACCATALYST = YES\nTARGETED_DEVICE_FAMILY = 1,2\n", to: directory.appendingPathComponent("Config/App.xcconfig"))
        // A sibling project that opts into the Mac idiom is not this app's.
        try write("TARGETED_DEVICE_FAMILY = 2,6\n", to: directory.appendingPathComponent("Other/Mac.xcconfig"))
        try write(IdiomDetectionTests.pbxproj([IdiomDetectionTests.Target(name: "Other", sources: ["Other/Main.swift"], xcconfig: "Mac.xcconfig")]),
                  to: directory.appendingPathComponent("Other/Other.xcodeproj/project.pbxproj"))
        let result = try run(["lint", "--format", "xcode", "--verbose", "App/Screen.swift"], in: directory)
        XCTAssertTrue(result.stdout.hasPrefix("App/Screen.swift:1:9: note: "), result.stdout)
        XCTAssertTrue(result.stderr.contains("catalint: idiom: looking for an Xcode project from App\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("catalint: idiom: using App.xcodeproj/project.pbxproj; target App compiles the linted files\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("idiom: pad (auto): Config/App.xcconfig: the base configuration of target App (Debug) sets SUPPORTS_MACCATALYST = YES"), result.stderr)
        XCTAssertFalse(result.stderr.contains("Other"), result.stderr)
        XCTAssertEqual(result.status, 0)
        let forced = try run(["lint", "--format", "xcode", "--idiom", "mac", "App/Screen.swift"], in: directory)
        XCTAssertTrue(forced.stdout.hasPrefix("App/Screen.swift:1:9: error: "), forced.stdout)
    }

    func testBaselineFlow() throws {
        let directory = try project()
        let written = try run(["lint", "--write-baseline", "baseline.json", "App"], in: directory)
        XCTAssertEqual(written.status, 0)
        XCTAssertTrue(written.stderr.contains("wrote 3 findings to the baseline baseline.json"), written.stderr)

        XCTAssertEqual(try run(["lint", "--baseline", "baseline.json", "App"], in: directory).status, 0)
        // An edit elsewhere in the file does not bring findings back; a new finding fails.
        try write("import UIKit\n\nlet s = UIStepper()\nlet v = CGSize(width: 768, height: 1024)\nlet p = UIPageControl()\n",
                  to: directory.appendingPathComponent("App/Screen.swift"))
        let withNew = try run(["lint", "--format", "xcode", "--baseline", "baseline.json", "App"], in: directory)
        XCTAssertEqual(withNew.status, 1)
        XCTAssertEqual(withNew.stdout.split(separator: "\n").count, 1)
        XCTAssertTrue(withNew.stdout.hasPrefix("App/Screen.swift:5:9:"), withNew.stdout)

        // A fixed finding: fine, unless --strict-baseline.
        try write("let v = CGSize(width: 768, height: 1024)\n", to: directory.appendingPathComponent("App/Screen.swift"))
        XCTAssertEqual(try run(["lint", "--baseline", "baseline.json", "App"], in: directory).status, 0)
        let strict = try run(["lint", "--baseline", "baseline.json", "--strict-baseline", "App"], in: directory)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("1 baselined finding is gone"), strict.stderr)

        XCTAssertEqual(try run(["lint", "--baseline", "nope.json", "App"], in: directory).status, 2)
        XCTAssertEqual(try run(["lint", "--strict-baseline", "App"], in: directory).status, 2)
    }

    func testInitWritesAStarterThatSetsNothing() throws {
        let directory = try temporaryDirectory(self)
        try write(IdiomDetectionTests.pbxproj([IdiomDetectionTests.Target(name: "App", sources: ["App/Screen.swift"],
                                                                          settings: ["SUPPORTS_MACCATALYST": "YES", "TARGETED_DEVICE_FAMILY": "2,6"])]),
                  to: directory.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        let result = try run(["init"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let path = directory.appendingPathComponent(".catalint.yml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("auto found mac"), text)
        XCTAssertTrue(text.contains("App.xcodeproj/project.pbxproj: target App (Debug) sets TARGETED_DEVICE_FAMILY = \"2,6\""), text)
        // As written, it sets nothing: the defaults (including idiom detection at each run and the
        // pad idiom's notes) stay in force.
        let configuration = try ConfigurationLoader.load(path)
        XCTAssertEqual(configuration.idiom, .auto)
        XCTAssertTrue(configuration.rules.isEmpty)
        XCTAssertTrue(configuration.excluded.isEmpty && configuration.included.isEmpty && configuration.overrides.isEmpty)
        XCTAssertEqual(try run(["init"], in: directory).status, 2, "init does not overwrite")
        XCTAssertEqual(try run(["init", "--force"], in: directory).status, 0)
    }

    func testEveryExampleInTheStarterCanBeUncommentedAtOnce() throws {
        let text = StarterConfiguration.text(detected: IdiomDetection.Decision(idiom: .pad, file: nil, reason: "a test"))
        // An example is a commented line that reads as YAML: `# key:` or `# - item`, indented or not.
        let example = try NSRegularExpression(pattern: "^# ( *)([a-z][a-z_-]*:|- )")
        var uncommented = 0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let line = String(line)
            guard example.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil else { return line }
            uncommented += 1
            return String(line.dropFirst(2))
        }
        let configuration = try ConfigurationLoader.parse(lines.joined(separator: "\n"), path: "/project/.catalint.yml")
        XCTAssertGreaterThan(uncommented, 15)
        XCTAssertEqual(configuration.idiom, .auto)
        XCTAssertEqual(Set(configuration.rules.keys), Set(RuleCatalog.all.map(\.id)), "every rule is listed once")
        for rule in RuleCatalog.all {
            XCTAssertEqual(configuration.rules[rule.id]?.level?.severity, rule.severity, "\(rule.id) is listed with its default")
        }
        XCTAssertEqual(configuration.excluded.map(\.pattern), ["**/Generated/**"])
        XCTAssertEqual(configuration.overrides.count, 1)
        XCTAssertEqual((configuration.rules["unavailable-control"]?.options as? ControlCreationKnowledge)?.classes.map(\.name), ["CountryPickerView"])
    }

    func testSuppressionCommentsThroughTheBinary() throws {
        let directory = try temporaryDirectory(self)
        try write("""
        let a = UIStepper() // catalint:disable:this unavailable-control - replaced on the Mac
        // catalint:disable:next hard-coded-size
        let b = UILabel()
        let c = UIPageControl() // catalint:disable:this unavailable-controll
        """, to: directory.appendingPathComponent("A.swift"))
        try write("interface: X\nviews:\n  - class: UIStepper  # catalint:disable:this unavailable-control\n",
                  to: directory.appendingPathComponent("B.interface.yml"))
        let result = try run(["lint", "--format", "xcode", "."], in: directory)
        XCTAssertEqual(result.stdout.split(separator: "\n").map { String($0.split(separator: " ").first ?? "") + " " + String($0.split(separator: "[").last ?? "") }, [
            "A.swift:2:26: unused-suppression]",
            "A.swift:4:9: unavailable-control]",
            "A.swift:4:50: invalid-suppression]",
        ])
        let quiet = try run(["lint", "--format", "xcode", "--ignore", "unused-suppression,invalid-suppression", "."], in: directory)
        XCTAssertEqual(quiet.stdout.split(separator: "\n").count, 1)
    }
}
