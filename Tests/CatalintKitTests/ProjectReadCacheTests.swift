import Foundation
import XCTest
@testable import CatalintKit

/// The readings of project files kept in the cache between runs (`ProjectReadCache`): each comes
/// back whole, is used only while every file and folder its reading looked at is unchanged, and a
/// damaged, foreign or misplaced entry is never used.
final class ProjectReadCacheTests: XCTestCase {
    /// Reads `file` as a run does, through a new `ProjectReads` with the cache in `cache`.
    private func read(_ file: String, _ cache: ProjectReadCache) -> (logged: ProjectReads.Logged, parsed: Bool) {
        let reads = ProjectReads(cache: cache)
        let logged = reads.read(file)
        XCTAssertEqual(reads.readCounts.cached + reads.readCounts.parsed, 1)
        return (logged, reads.readCounts.parsed == 1)
    }

    /// Sets the modification time of each file to a distinct time well in the past, as files are
    /// when a run reads them (a reading of a file changed in the last two seconds is not kept).
    private var age = 0
    private func settle(_ urls: URL...) throws {
        for url in urls {
            age += 1
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600 + Double(age))], ofItemAtPath: url.path)
        }
    }

    private func assertSame(_ one: ProjectReads.Logged, _ other: ProjectReads.Logged, _ message: String = "", line: UInt = #line) {
        XCTAssertEqual(one.read, other.read, message, line: line)
        XCTAssertEqual(one.log, other.log, message, line: line)
    }

    func testEveryFixtureProjectComesBackFromItsEntryAsItWasRead() throws {
        let root = try fixtureProjects(self)
        let cache = ProjectReadCache(directory: try temporaryDirectory(self).path)
        var files = ["Classic/Recipes.xcodeproj/project.pbxproj", "Frameworks/Shop.xcodeproj/project.pbxproj",
                     "Localized/Journal.xcodeproj/project.pbxproj", "Synchronized/Notes.xcodeproj/project.pbxproj",
                     "XcodeGen/project.yml", "Package/Package.swift"].map { root.appendingPathComponent($0) }
        // One that cannot be read, and is kept as such.
        let broken = root.appendingPathComponent("Broken/Broken.xcodeproj/project.pbxproj")
        try write("{ objects = { ", to: broken)
        files.append(broken)
        for file in files {
            try settle(file)
            let fresh = BuildMembership.parse(file.path)
            let first = read(file.path, cache)
            XCTAssertTrue(first.parsed, file.path)
            let second = read(file.path, cache)
            XCTAssertFalse(second.parsed, "\(file.path) was read again with nothing changed")
            assertSame(first.logged, fresh, file.path)
            assertSame(second.logged, fresh, file.path)
        }
        if case .success = BuildMembership.parse(broken.path).read { XCTFail("the broken project was read") }
    }

    /// Every stored property of every type an entry holds is written and read back: each set to
    /// something other than its default, and the properties counted, so that one added to a type
    /// and not to its `pack`/`unpack` (ProjectReadCache.swift) fails here.
    func testEveryPropertyOfAReadingComesBack() throws {
        var setting = BuildSetting(written: "TARGETED_DEVICE_FAMILY[sdk=macosx*]", value: "1,2,6", file: "/p/A.xcconfig", line: 3, column: 1,
                                   configuration: "0A1B")
        setting.placedAt = SourcePosition(path: "/p/A.xcconfig", line: 4, column: 5, utf8Column: 7, utf16Column: 6)
        XCTAssertEqual(Mirror(reflecting: setting).children.count, 8)
        let layer = SettingsLayer(owner: "target App (Debug)", file: "/p/A.xcconfig", settings: [setting])
        XCTAssertEqual(Mirror(reflecting: layer).children.count, 3)
        let configuration = XcodeProject.BuildConfiguration(name: "Debug", layers: [layer, layer])
        XCTAssertEqual(Mirror(reflecting: configuration).children.count, 2)
        let patterns = XcodeProject.SourcePatterns(folder: "/p/App", excludes: [Glob("**/*.md")], includes: [Glob("*.swift"), Glob("Views/**")])
        XCTAssertEqual(Mirror(reflecting: patterns).children.count, 3)
        var target = XcodeProject.Target(name: "App", productType: "com.apple.product-type.application")
        target.sources = ["/p/App", "/p/Shared/A.swift"]
        target.excluded = ["/p/App/Old"]
        target.resources = ["/p/App/Main.storyboard"]
        target.patterns = [patterns]
        target.configurations = [configuration]
        target.uses = ["Kit", "Widgets"]
        target.filteredOffMacCatalyst = true
        target.declaredLanguageMode = .swift6
        XCTAssertEqual(Mirror(reflecting: target).children.count, 10)
        var project = XcodeProject(file: "/p/App.xcodeproj/project.pbxproj", folder: "/p", targets: [target, XcodeProject.Target(name: "B", productType: "x")])
        project.claimed = ["/p/Sources", "/p/UI"]
        project.unfollowed = "it includes other specs"
        project.isPackage = true
        XCTAssertEqual(Mirror(reflecting: project).children.count, 6)
        var error = XcodeProject.ReadError(description: "not a property list", line: 4, column: 9)
        error.beyondReading = true
        XCTAssertEqual(Mirror(reflecting: error).children.count, 4)
        let observations = [ProjectObservation(path: "/p/A.xcconfig", kind: .file(nil)), ProjectObservation(path: "/p/Sources/Kit", kind: .folder(true))]
        XCTAssertEqual(Mirror(reflecting: observations[0]).children.count, 2)

        for logged in [(ProjectReads.Read.success(project), ["line one", "line two"]), (ProjectReads.Read.failure(error), [])] {
            let sink = BinaryWriter()
            try sink.write(packed: observations)
            try ProjectReadCache.pack(logged, into: sink)
            let source = try BinaryReader(sink.finished())
            XCTAssertEqual(try source.readPacked(ProjectObservation.self), observations)
            assertSame(try ProjectReadCache.unpackLogged(from: source), logged)
            XCTAssertTrue(source.isAtEnd)
        }
    }

    /// A kept reading is used until a file it read (the project file, an `.xcconfig`, a file that
    /// one includes) or a folder whose presence it asked about changes; then it is read again.
    func testAKeptReadingIsReadAgainWhenWhatItLookedAtChanges() throws {
        let root = try temporaryDirectory(self)
        let cache = ProjectReadCache(directory: root.appendingPathComponent("cache").path)
        let spec = root.appendingPathComponent("App/project.yml")
        let base = root.appendingPathComponent("App/Base.xcconfig")
        let shared = root.appendingPathComponent("App/Shared.xcconfig")
        try write("name: App\nconfigFiles:\n  Debug: Base.xcconfig\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [Sources]\n",
                  to: spec)
        try write("#include \"Shared.xcconfig\"\nSUPPORTS_MACCATALYST = YES\n", to: base)
        try write("TARGETED_DEVICE_FAMILY = 1,2\n", to: shared)
        try settle(spec, base, shared)
        func family() -> String? {
            guard case .success(let project) = BuildMembership.parse(spec.path).read else { return nil }
            return project.targets.first?.configurations.first?.layers.flatMap(\.settings).last { $0.key == "TARGETED_DEVICE_FAMILY" }?.value
        }
        func check(parsed: Bool, _ what: String, line: UInt = #line) {
            let reading = read(spec.path, cache)
            XCTAssertEqual(reading.parsed, parsed, what, line: line)
            assertSame(reading.logged, BuildMembership.parse(spec.path), what, line: line)
        }
        check(parsed: true, "the first reading")
        check(parsed: false, "nothing changed")
        XCTAssertEqual(family(), "1,2")
        // The included file changes.
        try write("TARGETED_DEVICE_FAMILY = 1,2,6\n", to: shared)
        try settle(shared)
        check(parsed: true, "the included .xcconfig changed")
        XCTAssertEqual(family(), "1,2,6")
        check(parsed: false, "nothing changed since")
        // It goes, then comes back.
        try FileManager.default.removeItem(at: shared)
        check(parsed: true, "the included .xcconfig was removed")
        check(parsed: false, "still removed")
        try write("TARGETED_DEVICE_FAMILY = 2\n", to: shared)
        try settle(shared)
        check(parsed: true, "the included .xcconfig is back")
        // The project file itself.
        try write(try String(contentsOf: spec, encoding: .utf8) + "options:\n  bundleIdPrefix: com.example\n", to: spec)
        try settle(spec)
        check(parsed: true, "the spec changed")
        // A file changed in the last two seconds: its reading is not kept (the same tick of the
        // clock could see it change again), so the next run reads it again and keeps that.
        try write("TARGETED_DEVICE_FAMILY = 1\n", to: shared)
        check(parsed: true, "a file just changed")
        check(parsed: true, "a file changed less than two seconds ago is read again")
        try settle(shared)
        check(parsed: true, "settled: read and kept")
        check(parsed: false, "settled and kept")

        // A package whose target's folder comes and goes.
        let manifest = root.appendingPathComponent("Kit/Package.swift")
        try write("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Core\")])\n",
                  to: manifest)
        try settle(manifest)
        func sources() -> Set<String>? {
            guard case .success(let project) = read(manifest.path, cache).logged.read else { return nil }
            return project.targets.first?.sources
        }
        XCTAssertEqual(sources(), [])
        XCTAssertFalse(read(manifest.path, cache).parsed)
        let folder = root.appendingPathComponent("Kit/Sources/Core")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertEqual(sources(), [IdiomDetection.join(folder.path, "")])
        XCTAssertFalse(read(manifest.path, cache).parsed)
        try FileManager.default.removeItem(at: folder)
        XCTAssertEqual(sources(), [])
    }

    /// An entry changed in any byte, cut short anywhere, written by another build, or found under
    /// another project file's name is not used: the file is read again.
    func testADamagedForeignOrMisplacedEntryIsNeverUsed() throws {
        let root = try fixtureProjects(self)
        let folder = try temporaryDirectory(self).path
        let cache = ProjectReadCache(directory: folder)
        let file = root.appendingPathComponent("Classic/Recipes.xcodeproj/project.pbxproj")
        let other = root.appendingPathComponent("Localized/Journal.xcodeproj/project.pbxproj")
        try settle(file, other)
        XCTAssertTrue(read(file.path, cache).parsed)
        XCTAssertNotNil(cache.load(file.path))
        let entry = URL(fileURLWithPath: cache.entryPath(of: file.path))
        let good = try Data(contentsOf: entry)
        for index in 0..<good.count {
            var bad = good
            bad[index] ^= UInt8(1) << UInt8(index % 8)
            try bad.write(to: entry)
            XCTAssertNil(cache.load(file.path), "byte \(index) of \(good.count) flipped")
        }
        for length in 0..<good.count {
            try good.prefix(length).write(to: entry)
            XCTAssertNil(cache.load(file.path), "cut to \(length) of \(good.count) bytes")
        }
        try good.write(to: entry)
        XCTAssertNotNil(cache.load(file.path))
        XCTAssertNil(ProjectReadCache(directory: folder, key: cache.key &+ 1).load(file.path), "another build's entry was used")
        try good.write(to: URL(fileURLWithPath: cache.entryPath(of: other.path)))
        XCTAssertNil(cache.load(other.path), "an entry under another project's name was used")
        // And a run with a damaged entry reads the file and replaces the entry.
        try Data(ProjectReadCache.magic + [0, 1, 2]).write(to: entry)
        let again = read(file.path, cache)
        XCTAssertTrue(again.parsed)
        assertSame(again.logged, BuildMembership.parse(file.path))
        XCTAssertFalse(read(file.path, cache).parsed)
    }
}
