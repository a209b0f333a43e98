import Foundation
import XCTest
@testable import CatalintKit

/// The rule catalogue kept in the cache in a binary form (`RuleCatalogEntry`): every rule comes
/// back as the rule files' YAML gives it, and a damaged, foreign or incomplete entry is never used.
final class RuleCatalogEntryTests: XCTestCase {
    func testEveryRuleComesBackFromTheEntryAsTheRuleFilesGiveIt() throws {
        let entry = RuleCatalogEntry(directory: try temporaryDirectory(self).path)
        XCTAssertNil(entry.load())
        let decoded = RuleCatalog.decodeEmbedded()
        entry.store(decoded)
        let loaded = try XCTUnwrap(entry.load())
        XCTAssertEqual(loaded.map(\.id), decoded.map(\.id))
        // The ids that configurations and selectors are checked by, without the catalogue, are its ids.
        XCTAssertEqual(RuleCatalog.ids, decoded.map(\.id))
        for (one, other) in zip(loaded, decoded) {
            XCTAssertEqual(ruleFingerprint(one), ruleFingerprint(other), one.id)
        }
        // What the entry holds is every field of a rule but its prose and examples (read from the
        // embedded file, compared above): a field added to `RuleDefinition` must be added to the
        // entry too, and then here.
        let fields = Mirror(reflecting: decoded[0]).children.compactMap(\.label)
        XCTAssertEqual(fields, ["id", "title", "severity", "category", "breaksIn", "optIn", "preview", "prose", "message", "help", "phrases",
                                "uikit", "exampleSource", "fix"])
        // The comparison above sees every kind of value: knowledge of every rule with logic, fixes, phrases.
        XCTAssertEqual(loaded.filter { $0.uikit != nil }.count, RuleRegistry.logic.count)
        XCTAssertTrue(loaded.contains { $0.fix != nil })
        XCTAssertTrue(loaded.contains { !$0.phrases.isEmpty })
        XCTAssertTrue(loaded.contains { $0.optIn })
        XCTAssertEqual(Set(loaded.map(\.category)), Set(decoded.map(\.category)))
        // Values no rule file has today (no rule is a preview): each flag and scope flipped.
        let scopes = BreakScope.allCases
        let changed = decoded.map { rule -> RuleDefinition in
            var rule = rule
            rule.optIn.toggle()
            rule.preview.toggle()
            rule.breaksIn = scopes[(scopes.firstIndex(of: rule.breaksIn)! + 1) % scopes.count]
            rule.phrases["extra"] = "{value} more"
            return rule
        }
        entry.store(changed)
        let back = try XCTUnwrap(entry.load())
        for (one, other) in zip(back, changed) {
            XCTAssertEqual(ruleFingerprint(one), ruleFingerprint(other), one.id)
            XCTAssertNotEqual(ruleFingerprint(one), ruleFingerprint(decoded.first { $0.id == one.id }!), one.id)
        }
    }

    func testADamagedForeignOrIncompleteEntryIsNeverUsed() throws {
        let directory = try temporaryDirectory(self).path
        let entry = RuleCatalogEntry(directory: directory)
        let decoded = RuleCatalog.decodeEmbedded()
        entry.store(decoded)
        let path = directory + "/" + RuleCatalogEntry.fileName
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertNotNil(entry.load())
        // Bytes flipped and lengths cut all through the file (every 61st, to keep the test short).
        for offset in stride(from: 0, to: good.count, by: 61) {
            var flipped = good
            flipped[offset] ^= 0x24
            try flipped.write(to: URL(fileURLWithPath: path))
            XCTAssertNil(entry.load(), "byte \(offset) flipped")
            try good.prefix(offset).write(to: URL(fileURLWithPath: path))
            XCTAssertNil(entry.load(), "cut at \(offset)")
        }
        try good.write(to: URL(fileURLWithPath: path))
        XCTAssertNotNil(entry.load())
        // Another build's.
        XCTAssertNil(RuleCatalogEntry(directory: directory, key: entry.key &+ 1).load())
        // One that lacks a rule of this build, or names a rule this build does not have.
        entry.store(Array(decoded.dropLast()))
        XCTAssertNil(entry.load())
        var renamed = decoded
        renamed[0].id = "no-such-rule"
        entry.store(renamed)
        XCTAssertNil(entry.load())
        // One past the size an entry may have is not read (nor would a file of gigabytes be).
        entry.store(decoded)
        XCTAssertNotNil(entry.load())
        let padded = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try padded.truncate(atOffset: UInt64(RuleCatalogEntry.largest + 1))
        try padded.close()
        XCTAssertNil(entry.load())
        XCTAssertNil(CacheFolder.read(path, limit: RuleCatalogEntry.largest))
        XCTAssertEqual(CacheFolder.read(path, limit: RuleCatalogEntry.largest + 1)?.count, RuleCatalogEntry.largest + 1)
        entry.store(decoded)
        // A link in its place is not followed.
        try FileManager.default.removeItem(atPath: path)
        let elsewhere = try temporaryDirectory(self).appendingPathComponent("catalogue")
        try good.write(to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere.path)
        XCTAssertNil(entry.load())
    }

    /// The first load of a process decodes the rule files and keeps them; the next process takes
    /// them from the cache; one that finds the entry damaged decodes them again and replaces it.
    func testTheCatalogueIsKeptByTheFirstRunAndTakenByTheNext() throws {
        let directory = try temporaryDirectory(self).path
        let first = RuleCatalog.Loading()
        let rules = first.rules(keptIn: directory)
        XCTAssertEqual(first.takenFromCache, false)
        XCTAssertEqual(rules.map(ruleFingerprint), RuleCatalog.all.map(ruleFingerprint))
        let second = RuleCatalog.Loading()
        XCTAssertNil(second.takenFromCache)
        XCTAssertEqual(second.rules(keptIn: directory).map(ruleFingerprint), rules.map(ruleFingerprint))
        XCTAssertEqual(second.takenFromCache, true)
        // Loaded once: a later call with another folder neither reads nor writes there.
        let other = try temporaryDirectory(self).path
        _ = second.rules(keptIn: other)
        XCTAssertFalse(FileManager.default.fileExists(atPath: other + "/" + RuleCatalogEntry.fileName))
        // Damaged: decoded again, and kept again.
        let path = directory + "/" + RuleCatalogEntry.fileName
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count / 2] ^= 1
        try bytes.write(to: URL(fileURLWithPath: path))
        let third = RuleCatalog.Loading()
        _ = third.rules(keptIn: directory)
        XCTAssertEqual(third.takenFromCache, false)
        let fourth = RuleCatalog.Loading()
        _ = fourth.rules(keptIn: directory)
        XCTAssertEqual(fourth.takenFromCache, true)
        // Without a cache, nothing is kept.
        let none = RuleCatalog.Loading()
        _ = none.rules(keptIn: nil)
        XCTAssertEqual(none.takenFromCache, false)
    }

    /// A run names its cache folder before any thread loads the rules, so whichever thread loads them
    /// first (a lint's first use of a rule can come before the thread started to load them), the
    /// catalogue comes from that folder and is kept there; never from a folder the cache refuses.
    func testTheFolderNamedBeforeTheLoadIsUsedWhicheverThreadLoads() throws {
        let directory = try temporaryDirectory(self).path
        let first = RuleCatalog.Loading()
        first.prefer(directory)
        _ = first.rules(keptIn: nil)
        XCTAssertEqual(first.takenFromCache, false)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/" + RuleCatalogEntry.fileName))
        let second = RuleCatalog.Loading()
        second.prefer(directory)
        second.prefer(try temporaryDirectory(self).path)
        _ = second.rules(keptIn: nil)
        XCTAssertEqual(second.takenFromCache, true)
        // A cache folder that is a symbolic link is refused: not read, not written.
        let link = try temporaryDirectory(self).appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory)
        let third = RuleCatalog.Loading()
        third.prefer(link)
        _ = third.rules(keptIn: nil)
        XCTAssertEqual(third.takenFromCache, false)
        let fourth = RuleCatalog.Loading()
        _ = fourth.rules(keptIn: link)
        XCTAssertEqual(fourth.takenFromCache, false)
    }
}
