import Foundation
import XCTest
@testable import CatalintKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile or odd input never hangs a run, never passes silently, and never hides the other files'
/// findings: globs, YAML aliases, unreadable files and folders, links, file names and encodings,
/// and configuration values that would quietly disable everything. Through the real command.
final class InputHardeningTests: XCTestCase {
    private func project(_ files: [String: String]) throws -> URL {
        let directory = try temporaryDirectory(self)
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("Good.swift"))
        for (name, text) in files { try write(text, to: directory.appendingPathComponent(name)) }
        return directory
    }

    private func lint(_ directory: URL, _ arguments: [String] = ["."], timeout: Double = 60) throws -> TimedRun {
        try runBounded(["lint", "--no-cache", "--format", "xcode"] + arguments, in: directory, timeout: timeout)
    }

    // MARK: Globs

    func testManyDoubleStarsMatchADeepPathInLinearTime() throws {
        let deep = (0..<200).map { _ in "x" }.joined(separator: "/")
        let directory = try project(["a/\(deep)/Deep.swift": "let p = UIPageControl()\n",
                                     ".catalint.yml": "excluded:\n  - \"a/**/**/**/**/**/**/**/**/b\"\n  - \"a/**/x/**/x/**/Skipped.swift\"\n"])
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("a/\(deep)/Skipped.swift"))
        let run = try lint(directory, timeout: 20)
        XCTAssertFalse(run.timedOut, "the globs took exponential time")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(findingLines(run.stdout), ["Good.swift:1:9 unavailable-control", "a/\(deep)/Deep.swift:1:9 unavailable-control"])
        XCTAssertLessThan(run.seconds, 20)
        // The unmatched pattern is named.
        XCTAssertTrue(run.stderr.contains(".catalint.yml:2:5: 'excluded' pattern `a/**/**/**/**/**/**/**/**/b` matches no file or folder"), run.stderr)
    }

    func testGlobMatchingIsLinearInThePath() {
        let path = (0..<200).map { "d\($0)" }.joined(separator: "/") + "/File.swift"
        let start = Date()
        XCTAssertFalse(Glob("a/**/**/**/**/**/**/**/**/b").matches("a/" + path))
        XCTAssertTrue(Glob("d0/**/**/**/d199/**/*.swift").matches(path))
        XCTAssertTrue(Glob("**/**/**/**/**/**/**/**/d150").matches(path))
        XCTAssertFalse(Glob("**/**/**/**/**/**/**/**/e*/*.swift").matches(path))
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
        XCTAssertTrue(Glob(".").matches("Any/File.swift"))
        XCTAssertTrue(Glob("**").matchesEveryFile)
        XCTAssertTrue(Glob("*").matchesEveryFile)
        XCTAssertFalse(Glob("*/*").matchesEveryFile)
        XCTAssertFalse(Glob("Sources/**").matchesEveryFile)
    }

    // MARK: YAML aliases

    /// Each level's keys are aliases of the level before: Yams hashes every key's whole expansion.
    private func aliasKeys(levels: Int) -> String {
        var yaml = "a0: &a0 {x: 1, y: 2}\n"
        for level in 1...levels {
            yaml += "a\(level): &a\(level) {? *a\(level - 1) : 1, ? [*a\(level - 1), *a\(level - 1)] : 2}\n"
        }
        return yaml
    }

    func testAliasKeysInAnInterfaceFileAreRefusedAtOnce() throws {
        let directory = try project(["Bomb.interface.yml": "interface: Bomb\nviews: [{class: UIStepper}]\n" + aliasKeys(levels: 24)])
        let run = try lint(directory, timeout: 20)
        XCTAssertFalse(run.timedOut)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(findingLines(run.stdout), ["Bomb.interface.yml:4:12 invalid-interface", "Good.swift:1:9 unavailable-control"])
        XCTAssertTrue(run.stdout.contains("The alias `*a0` is used in a mapping key: catalint does not read aliases in keys"), run.stdout)
        // Refused before composing: not after the 10-second budget a file gets.
        XCTAssertLessThan(run.seconds, 8)
    }

    func testAliasKeysInTheConfigurationAreAnError() throws {
        let directory = try project([".catalint.yml": "idiom: mac\n" + aliasKeys(levels: 24)])
        let run = try lint(directory, timeout: 20)
        XCTAssertFalse(run.timedOut, "reading the configuration hung")
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains(".catalint.yml:3:12: error: the alias `*a0` is used in a mapping key"), run.stderr)
        XCTAssertLessThan(run.seconds, 20)
    }

    func testNestedAliasesInTheConfigurationAreAnError() throws {
        var yaml = "a0: &a0 [x, y, z, w, v, u, t, s, r, q]\n"
        for level in 1...12 { yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        let directory = try project([".catalint.yml": yaml])
        let run = try lint(directory, timeout: 20)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains(".catalint.yml:6:45: error: the aliases expand to more than 1000000 nodes (at the alias `*a4`)"), run.stderr)
    }

    func testAliasKeysInAnXcodeGenProjectDoNotHangIdiomDetection() throws {
        let directory = try project(["project.yml": "name: App\ntargets:\n  App:\n    sources: [.]\n" + aliasKeys(levels: 24)])
        let run = try lint(directory, ["--verbose", "--idiom", "auto", "."], timeout: 20)
        XCTAssertFalse(run.timedOut, "reading project.yml hung")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(findingLines(run.stdout), ["Good.swift:1:9 unavailable-control"])
        XCTAssertTrue(run.stderr.contains("the alias `*a0` is used in a mapping key"), run.stderr)
    }

    func testAnchorsAndAliasesThatShareSettingsStillWork() throws {
        let directory = try project(["Shared.interface.yml": """
            interface: Shared
            views:
              - &button {class: UIButton, title: {normal: Go, highlighted: Going}}
              - *button
              - class: UIView
                subviews: [*button]
            """ + "\n", ".catalint.yml": "excluded: &skip [\"Generated\"]\noverrides:\n  - paths: *skip\n    rules: {hard-coded-size: off}\n"])
        let run = try lint(directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(findingLines(run.stdout).filter { $0.hasSuffix("button-non-normal-state") }.count, 1, run.stdout)
    }

    // MARK: Files and folders

    func testAnUnreadableFileNamedOnTheCommandLineIsExitStatus2() throws {
        let directory = try project(["Secret.swift": "let p = UIPageControl()\n"])
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: directory.appendingPathComponent("Secret.swift").path)
        let run = try runWithPermissions(["lint", "--no-cache", "--format", "xcode", "Secret.swift", "Good.swift"], in: directory, timeout: 20)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(findingLines(run.stdout), ["Good.swift:1:9 unavailable-control", "Secret.swift:1:1 unreadable-file"])
        XCTAssertTrue(run.stdout.contains("Cannot lint `Secret.swift`: permission denied: it cannot be read."), run.stdout)
        XCTAssertTrue(run.stderr.contains("error: Secret.swift could not be read: Cannot lint `Secret.swift`: permission denied"), run.stderr)
        // Found in a folder, it is a diagnostic like any other: exit status 1.
        let walked = try runWithPermissions(["lint", "--no-cache", "--format", "xcode", "."], in: directory, timeout: 20)
        XCTAssertEqual(walked.status, 1, walked.stderr)
        XCTAssertEqual(findingLines(walked.stdout), ["Good.swift:1:9 unavailable-control", "Secret.swift:1:1 unreadable-file"])
    }

    func testAnUnreadableFolderIsReported() throws {
        let directory = try project(["Private/Hidden.swift": "let p = UIPageControl()\n"])
        let folder = directory.appendingPathComponent("Private")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder.path)
        addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let run = try runWithPermissions(["lint", "--no-cache", "--format", "xcode", "."], in: directory, timeout: 20)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(findingLines(run.stdout), ["Good.swift:1:9 unavailable-control"])
        XCTAssertTrue(run.stderr.contains("warning: Private: cannot read the folder (permission denied); its files were not linted"), run.stderr)
        let named = try runWithPermissions(["lint", "--no-cache", "--format", "xcode", "Private", "Good.swift"], in: directory, timeout: 20)
        XCTAssertEqual(named.status, 2, named.stderr)
        XCTAssertTrue(named.stderr.contains("error: Private: cannot read the folder (permission denied)"), named.stderr)
        XCTAssertEqual(findingLines(named.stdout), ["Good.swift:1:9 unavailable-control"])
    }

    func testBrokenAndLoopingLinksAreReportedAndLoopsEnd() throws {
        let directory = try project(["Shared/Helper.swift": "let p = UIPageControl()\n"])
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: directory.appendingPathComponent("Gone.swift").path, withDestinationPath: "Nowhere.swift")
        try manager.createSymbolicLink(atPath: directory.appendingPathComponent("Self.swift").path, withDestinationPath: "Self.swift")
        try manager.createDirectory(at: directory.appendingPathComponent("App"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: directory.appendingPathComponent("App/Up").path, withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: directory.appendingPathComponent("App/Linked").path, withDestinationPath: "../Shared")
        let run = try lint(directory, ["App", "Gone.swift", "Self.swift", "Good.swift"], timeout: 20)
        XCTAssertFalse(run.timedOut)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(findingLines(run.stdout), ["App/Linked/Helper.swift:1:9 unavailable-control", "Gone.swift:1:1 unreadable-file",
                                                  "Good.swift:1:9 unavailable-control", "Self.swift:1:1 unreadable-file"])
        XCTAssertTrue(run.stdout.contains("Cannot lint `Gone.swift`: it is a symbolic link to Nowhere.swift, which does not exist."), run.stdout)
        XCTAssertTrue(run.stdout.contains("Cannot lint `Self.swift`: it is a symbolic link that loops"), run.stdout)
        XCTAssertTrue(run.stderr.contains("error: Gone.swift could not be read"), run.stderr)
        // App/Up leads to the folder App is in: walked through .. it would come back to App.
        let whole = try lint(directory, ["."], timeout: 20)
        XCTAssertFalse(whole.timedOut)
        XCTAssertTrue(whole.stderr.contains("warning: App/Up: a symbolic link to a folder it is in (following it would loop); not followed"), whole.stderr)
        XCTAssertEqual(whole.status, 1, whole.stderr)
    }

    func testAFIFONamedLikeASourceFileIsReportedNotWaitedOn() throws {
        let directory = try project([:])
        XCTAssertEqual(mkfifo(directory.appendingPathComponent("Pipe.swift").path, 0o644), 0)
        let run = try lint(directory, timeout: 20)
        XCTAssertFalse(run.timedOut)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(findingLines(run.stdout), ["Good.swift:1:9 unavailable-control", "Pipe.swift:1:1 unreadable-file"])
        XCTAssertTrue(run.stdout.contains("Cannot lint `Pipe.swift`: it is a FIFO (named pipe), not a regular file."), run.stdout)
        XCTAssertLessThan(run.seconds, 8, "reading the FIFO waited for a writer")
    }

    func testAFileNameThatIsNotUTF8IsLintedAndShownEscaped() throws {
        let directory = try project([:])
        try createFile(named: Array("Caf".utf8) + [0xE9] + Array(".swift".utf8), in: directory, contents: "let p = UIPageControl()\n")
        let run = try lint(directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(findingLines(run.stdout), ["Caf\\xE9.swift:1:9 unavailable-control", "Good.swift:1:9 unavailable-control"])
    }

    // MARK: Encodings

    func testALatin1StoryboardIsReadInItsEncoding() throws {
        let directory = try project([:])
        let xib = """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <view contentMode="scaleToFill" id="v1">
                        <subviews>
                            <label text="Café crème" id="l1"/><stepper id="s1"/>
                        </subviews>
                    </view>
                </objects>
            </document>
            """ + "\n"
        try XCTUnwrap(xib.data(using: .isoLatin1)).write(to: directory.appendingPathComponent("Old.xib"))
        let run = try lint(directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        // Column 51 in characters, and in the file's bytes (one a character in ISO-8859-1).
        XCTAssertEqual(findingLines(run.stdout), ["Good.swift:1:9 unavailable-control", "Old.xib:6:51 unavailable-control"])
        let json = try runBounded(["lint", "--no-cache", "--format", "json", "Old.xib"], in: directory)
        XCTAssertTrue(json.stdout.contains("\"line\": 6, \"column\": 51, \"byte_column\": 51"), json.stdout)
    }

    func testSwiftThatIsNotUTF8GetsAClearDiagnostic() throws {
        let directory = try project([:])
        try XCTUnwrap("let s = UIStepper()\n".data(using: .utf16)).write(to: directory.appendingPathComponent("Wide.swift"))
        try Data("let a = 1\n// caf".utf8 + [0xE9] + Array("\nlet b = 2\n".utf8)).write(to: directory.appendingPathComponent("Latin.swift"))
        let run = try lint(directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(findingLines(run.stdout), ["Good.swift:1:9 unavailable-control", "Latin.swift:1:1 unreadable-file", "Wide.swift:1:1 unreadable-file"])
        XCTAssertTrue(run.stdout.contains("Cannot lint `Wide.swift`: it is UTF-16 text (it starts with a UTF-16 byte order mark), and catalint reads Swift source as UTF-8."),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("Cannot lint `Latin.swift`: it is not valid UTF-8 text: byte 0xE9 on line 2 is not UTF-8"), run.stdout)
    }

    func testAByteOrderMarkIsIgnored() throws {
        let directory = try project([:])
        try Data([0xEF, 0xBB, 0xBF] + Array("let s = UIStepper()\n".utf8)).write(to: directory.appendingPathComponent("Marked.swift"))
        try Data([0xEF, 0xBB, 0xBF] + Array("{interface: X, views: [{class: UIStepper}]}\n".utf8)).write(to: directory.appendingPathComponent("Marked.interface.yml"))
        let run = try lint(directory)
        XCTAssertEqual(findingLines(run.stdout), ["Good.swift:1:9 unavailable-control", "Marked.interface.yml:1:32 unavailable-control",
                                                  "Marked.swift:1:9 unavailable-control"])
        let stdin = try runBounded(["lint", "--no-cache", "--format", "json", "--stdin-filename", "Editor.swift", "-"], in: directory,
                                   stdin: Data([0xEF, 0xBB, 0xBF] + Array("let s = UIStepper()\n".utf8)))
        XCTAssertTrue(stdin.stdout.contains("\"path\": \"Editor.swift\", \"line\": 1, \"column\": 9, \"byte_column\": 9, \"utf16_column\": 9"), stdin.stdout)
    }

    // MARK: Configuration values that disable everything

    func testPatternsThatWouldDisableEverythingAreErrors() throws {
        let cases: [(String, String)] = [
            ("idiom: mac\nexcluded:\n  - Generated\n  - \"\"\n", ".catalint.yml:4:5: error: an empty pattern in 'excluded' would exclude every file"),
            ("included: [\"\"]\n", ".catalint.yml:1:12: error: an empty pattern in 'included' would include every file"),
            ("included:\n  - Sources/Missing\n", ".catalint.yml:2:5: error: 'included' names Sources/Missing, which does not exist in"),
            ("excluded: [\"**\"]\n", ".catalint.yml:1:12: error: '**' in 'excluded' matches every file, and nothing would be linted"),
        ]
        for (configuration, message) in cases {
            let directory = try project([".catalint.yml": configuration])
            let run = try lint(directory)
            XCTAssertEqual(run.status, 2, configuration)
            XCTAssertTrue(run.stderr.contains(message), "\(configuration): \(run.stderr)")
            XCTAssertEqual(run.stdout, "")
        }
    }

    func testAPatternThatMatchesNothingIsAWarning() throws {
        let directory = try project([".catalint.yml": "included:\n  - \"*.swift\"\n  - \"Soruces/**\"\nexcluded:\n  - \"**/Generated/**\"\n  - Pods\n"])
        let run = try lint(directory)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(findingLines(run.stdout), ["Good.swift:1:9 unavailable-control"])
        XCTAssertTrue(run.stderr.contains(".catalint.yml:3:5: 'included' pattern `Soruces/**` matches no Swift, Objective-C, interface or Interface Builder file"),
                      run.stderr)
        XCTAssertTrue(run.stderr.contains(".catalint.yml:5:5: 'excluded' pattern `**/Generated/**` matches no file or folder"), run.stderr)
        XCTAssertFalse(run.stderr.contains("`*.swift`"), run.stderr)
        // Linting a part of the project says nothing of patterns for the rest of it.
        try write("let s = UIStepper()\n", to: directory.appendingPathComponent("Part/B.swift"))
        let part = try lint(directory, ["Part"])
        XCTAssertFalse(part.stderr.contains("matches no"), part.stderr)
    }
}

/// `FileText.readBytes` reads a file into an array the size `fstat` gave, and reads on in chunks
/// when the file turns out longer (it grew meanwhile). Linux's `/proc` files are regular files whose
/// size reads as 0, so each of them takes the chunked path from its first byte.
final class FileReadingTests: XCTestCase {
    func testAFileLongerThanItsStatedSizeIsReadWhole() throws {
        #if os(Linux)
        for path in ["/proc/self/cmdline", "/proc/version", "/proc/self/maps"] {
            var info = stat()
            guard stat(path, &info) == 0, info.st_size == 0 else { continue }
            guard case .success(let bytes) = FileText.readBytes(path) else { return XCTFail("\(path) was not read") }
            // `maps` changes as memory is mapped: compare its first line, which the binary's mapping opens.
            let expected = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            if path.hasSuffix("maps") {
                XCTAssertEqual(bytes.split(separator: 10).first, expected.split(separator: 10).first, path)
            } else {
                XCTAssertEqual(bytes, expected, path)
            }
            XCTAssertFalse(bytes.isEmpty, path)
        }
        #else
        throw XCTSkip("no file here states a size shorter than its contents")
        #endif
    }

    func testAFileAsLongAsItsStatedSizeIsReadWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalint-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [0, 1, 4095, 65_536, 200_001] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let file = folder.appendingPathComponent("\(size).swift")
            try Data(bytes).write(to: file)
            guard case .success(let read) = FileText.readBytes(file.path) else { return XCTFail("\(size) bytes were not read") }
            XCTAssertEqual(read, bytes, "\(size) bytes")
        }
    }
}
