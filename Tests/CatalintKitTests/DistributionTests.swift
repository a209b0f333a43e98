import Foundation
import XCTest
@testable import CatalintKit

/// The release assets keep the names and the layout docs/distribution.md fixes: installers (the
/// plugins package, the action, scripts, package managers) download them by name.
final class DistributionTests: XCTestCase {
    /// The first column of the table between `<!-- NAME: begin -->` and `<!-- NAME: end -->` in
    /// docs/distribution.md, backticks removed, with the second column.
    private func documented(_ name: String) throws -> [(first: String, second: String)] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/distribution.md"), encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "<!-- \(name): begin -->"), "no \(name) table")
        let end = try XCTUnwrap(text.range(of: "<!-- \(name): end -->"), "no end of the \(name) table")
        let rows = text[start.upperBound..<end.lowerBound].split(separator: "\n").dropFirst(2)
        return rows.map { row in
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return (cells[0].replacingOccurrences(of: "`", with: ""), cells.count > 1 ? cells[1] : "")
        }
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The platforms of the plain binaries: `catalint-PLATFORM`.
    private func platforms() throws -> [String] {
        try documented("assets").map(\.first).filter { $0.hasPrefix("catalint-") && !$0.hasSuffix(".sha256") }
            .map { String($0.dropFirst("catalint-".count)) }
    }

    func testTheDocumentedNamesAreTheOnesEveryInstallerUses() throws {
        let assets = try documented("assets").map(\.first)
        XCTAssertEqual(assets.first, "catalint.artifactbundle.zip")
        XCTAssertEqual(try platforms(), ["macos", "linux-x86_64", "linux-aarch64"])
        // Every asset but the checksums has a checksum next to it.
        for asset in assets where !asset.hasSuffix(".sha256") {
            XCTAssertTrue(assets.contains(asset + ".sha256"), "\(asset) has no checksum")
        }
        // The layout: a folder per platform, named as the plain binary, and the variants' triples.
        let layout = try documented("layout").map(\.first)
        XCTAssertEqual(layout, ["catalint.artifactbundle/info.json"] + (try platforms()).map { "catalint.artifactbundle/\($0)/bin/catalint" })
        let variants = try documented("variants")
        XCTAssertEqual(variants.map(\.first), (try platforms()).map { "\($0)/bin/catalint" })
        XCTAssertEqual(variants.map { $0.second.replacingOccurrences(of: "`", with: "") }, [
            "arm64-apple-macosx, x86_64-apple-macosx", "x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu",
        ])

        // The script builds those names, and the release attaches them.
        let script = try read("scripts/build-artifactbundle.sh")
        for fragment in ["platform=\"linux-$arch\"", "platform=\"macos\"", "x86_64|amd64) arch=x86_64", "aarch64|arm64) arch=aarch64",
                         "triples=\"$arch-unknown-linux-gnu\"", "triples=\"arm64-apple-macosx x86_64-apple-macosx\"",
                         "\"$outdir/catalint-$platform\"", "\"$outdir/catalint-$platform.sha256\"", "\"$outdir/catalint.artifactbundle.zip\"",
                         "\"$outdir/catalint.artifactbundle.zip.sha256\"", "$bundle/$platform/bin/catalint", "\"$bundle/info.json\""] {
            XCTAssertTrue(script.contains(fragment), "scripts/build-artifactbundle.sh no longer has \(fragment)")
        }
        let release = try read(".github/workflows/release.yml")
        for platform in try platforms() {
            XCTAssertTrue(release.contains("catalint-\(platform)"), "release.yml does not attach catalint-\(platform)")
        }
        XCTAssertTrue(release.contains("catalint.artifactbundle.zip"))
        // The action downloads a plain binary and its checksum, one for each runner.
        let install = try read("scripts/action/install.sh")
        XCTAssertTrue(install.contains("Linux/X64) asset=catalint-linux-x86_64"))
        XCTAssertTrue(install.contains("Linux/ARM64) asset=catalint-linux-aarch64"))
        XCTAssertTrue(install.contains("macOS/X64|macOS/ARM64) asset=catalint-macos"))
        XCTAssertTrue(install.contains("\"$base/$asset.sha256\""))
        XCTAssertTrue(install.contains("https://github.com/catalint/catalint/releases"))
        // The plugins package downloads the bundle by its release URL.
        let plugins = try read("CatalintPlugins/Package.swift")
        XCTAssertTrue(plugins.contains("\"https://github.com/catalint/catalint/releases/download/\\(release.version)/catalint.artifactbundle.zip\""))
        XCTAssertTrue(plugins.contains(".binaryTarget(name: \"catalint\", path: localBundle)"))
    }

    /// The bundle CI built (`CATALINT_DIST`, the folder scripts/build-artifactbundle.sh wrote):
    /// exactly the documented files for this platform, the documented layout and info.json,
    /// checksums that match, and the same binary in the zip and beside it.
    func testTheBuiltBundleIsTheDocumentedOne() throws {
        guard let dist = ProcessInfo.processInfo.environment["CATALINT_DIST"] else {
            throw XCTSkip("CATALINT_DIST names no folder of release assets (.ci/run sets it after building them)")
        }
        let folder = URL(fileURLWithPath: dist)
        #if os(macOS)
        let platform = "macos"
        #elseif arch(arm64)
        let platform = "linux-aarch64"
        #else
        let platform = "linux-x86_64"
        #endif
        let expected = try documented("assets").map(\.first).filter { !$0.hasPrefix("catalint-") || $0.hasPrefix("catalint-\(platform)") }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dist).sorted(), expected.sorted())

        let zip = folder.appendingPathComponent("catalint.artifactbundle.zip").path
        let entries = try shell(["unzip", "-Z1", zip]).split(separator: "\n").map(String.init)
        XCTAssertEqual(entries, try documented("layout").map(\.first).filter { $0.hasSuffix("info.json") || $0.contains("/\(platform)/") })

        let info = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try shell(["unzip", "-p", zip, "catalint.artifactbundle/info.json"]).utf8))
                                 as? [String: Any])
        XCTAssertEqual(info["schemaVersion"] as? String, "1.0")
        let artifacts = try XCTUnwrap(info["artifacts"] as? [String: Any])
        XCTAssertEqual(Array(artifacts.keys), ["catalint"])
        let artifact = try XCTUnwrap(artifacts["catalint"] as? [String: Any])
        XCTAssertEqual(artifact["type"] as? String, "executable")
        XCTAssertEqual(artifact["version"] as? String, CatalintVersion.current)
        let variants = try XCTUnwrap(artifact["variants"] as? [[String: Any]])
        let documentedVariant = try XCTUnwrap(try documented("variants").first { $0.first.hasPrefix("\(platform)/") })
        XCTAssertEqual(variants.count, 1)
        XCTAssertEqual(variants.first?["path"] as? String, documentedVariant.first)
        XCTAssertEqual((variants.first?["supportedTriples"] as? [String])?.joined(separator: ", "),
                       documentedVariant.second.replacingOccurrences(of: "`", with: ""))

        // Each checksum file is the 64 digits and a line break, and matches.
        for file in ["catalint.artifactbundle.zip", "catalint-\(platform)"] {
            let recorded = try String(contentsOf: folder.appendingPathComponent(file + ".sha256"), encoding: .utf8)
            XCTAssertTrue(recorded.range(of: "^[0-9a-f]{64}\n$", options: .regularExpression) != nil, recorded)
            #if os(macOS)
            let computed = try shell(["shasum", "-a", "256", folder.appendingPathComponent(file).path]).prefix(64)
            #else
            let computed = try shell(["sha256sum", folder.appendingPathComponent(file).path]).prefix(64)
            #endif
            XCTAssertEqual(String(recorded.dropLast()), String(computed), file)
        }
        let inZip = try output(of: ["unzip", "-p", zip, "catalint.artifactbundle/\(platform)/bin/catalint"])
        XCTAssertEqual(inZip, try Data(contentsOf: folder.appendingPathComponent("catalint-\(platform)")), "the plain binary is the bundle's")
        // Executable in the zip, as SwiftPM needs it.
        XCTAssertTrue(try shell(["unzip", "-Z", "-l", zip]).contains("-rwx"), "the binary lost its executable bit")
    }

    /// What a command printed, as text (its exit status must be 0).
    private func shell(_ arguments: [String]) throws -> String {
        String(decoding: try output(of: arguments), as: UTF8.self)
    }

    /// What a command printed (its exit status must be 0).
    private func output(of arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("distribution-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        process.standardOutput = try FileHandle(forWritingTo: file)
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, arguments.joined(separator: " "))
        return try Data(contentsOf: file)
    }
}
