import Foundation

/// One build setting as written: `KEY = value` or `KEY[sdk=macosx*] = value`, and where.
struct BuildSetting: Equatable {
    /// The key as written, conditions included: `TARGETED_DEVICE_FAMILY[sdk=macosx*]`.
    let written: String
    var value: String
    /// The file it is written in: a `project.pbxproj`, an `.xcconfig` or a `project.yml`.
    var file: String
    /// Where its key stands in `file` (1-based, the column in UTF-8 bytes), when the reader knows:
    /// an `.xcconfig` and a `project.yml` tell; a `project.pbxproj` tells `configuration` instead.
    var line: Int?
    var column: Int?
    /// In a `project.pbxproj`, the id of the `XCBuildConfiguration` object that holds it.
    var configuration: String?
    /// Where its key stands, when its reader placed it: a generated Info.plist key's setting in a
    /// `project.pbxproj` (whose reader keeps no lines), placed as the project is read.
    var placedAt: SourcePosition?
    /// The key without its conditions. Worked out once, when the setting is read: resolving a
    /// target's settings compares it with every setting of every layer (a fifth of the judging of
    /// a tree's files went into working it out again for each comparison).
    let key: String

    init(written: String, value: String, file: String, line: Int? = nil, column: Int? = nil, configuration: String? = nil) {
        self.written = written
        self.value = value
        self.file = file
        self.line = line
        self.column = column
        self.configuration = configuration
        // By UTF-8 bytes: a search by Character made resolving settings a tenth of a warm run.
        self.key = written.utf8.firstIndex(of: UInt8(ascii: "[")).map { String(written[..<$0]).trimmingCharacters(in: .whitespaces) } ?? written
    }

    /// `sdk=macosx*`, `arch=arm64`, `config=Debug`: the conditions in brackets, however grouped.
    var conditions: [String] {
        guard let open = written.utf8.firstIndex(of: UInt8(ascii: "[")) else { return [] }
        return written[open...].split(whereSeparator: { "[],".contains($0) })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// True when the setting applies to a Mac Catalyst build, which uses the macOS SDK: no `sdk=`
    /// condition, or one that matches `macosx`. Other conditions (architecture, configuration) may hold.
    var appliesToMacCatalyst: Bool {
        conditions.allSatisfy { condition in
            let parts = condition.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0] == "sdk" else { return true }
            return BuildSettings.wildcard(parts[1], matches: "macosx") || BuildSettings.wildcard(parts[1], matches: "macosx26.0")
        }
    }
}

/// Settings at one level of Xcode's precedence (from lowest: the project's configuration file, the
/// project's settings, the target's configuration file, the target's settings).
struct SettingsLayer: Equatable {
    /// Whose settings these are, for messages: `target Recipes (Release)`.
    var owner: String
    /// The file that holds them (for an `.xcconfig`, the one the project names; settings may come from its includes).
    var file: String
    var settings: [BuildSetting]
}

/// The value a setting ends up with, and the assignment that gave it.
struct ResolvedSetting {
    var value: String
    var setting: BuildSetting
    var layer: SettingsLayer
}

enum BuildSettings {
    /// The value of `key` for a Mac Catalyst build through `layers` (lowest first): a later layer
    /// overrides an earlier one, a condition that holds overrides the plain key of its layer, and
    /// `$(inherited)` stands for the value so far.
    static func resolve(_ key: String, in layers: [SettingsLayer]) -> ResolvedSetting? {
        var resolved: ResolvedSetting?
        for layer in layers {
            let matching = layer.settings.filter { $0.key == key && $0.appliesToMacCatalyst }
            for setting in matching.filter({ $0.conditions.isEmpty }) + matching.filter({ !$0.conditions.isEmpty }) {
                var value = setting.value
                for inherited in ["$(inherited)", "${inherited}"] {
                    value = value.replacingOccurrences(of: inherited, with: resolved?.value ?? "")
                }
                resolved = ResolvedSetting(value: value.trimmingCharacters(in: .whitespaces), setting: setting, layer: layer)
            }
        }
        return resolved
    }

    /// The settings of an `.xcconfig` file in order, with `#include "other.xcconfig"` (and `#include?`)
    /// read in place, relative to the including file; an include cycle or more than 16 levels stops there.
    static func readXcconfig(_ path: String, log: (String) -> Void) -> [BuildSetting] {
        var settings: [BuildSetting] = []
        read(path, chain: [], into: &settings, optional: false, log: log)
        return settings
    }

    private static func read(_ path: String, chain: [String], into settings: inout [BuildSetting], optional: Bool, log: (String) -> Void) {
        if chain.contains(path) {
            log("\(IdiomDetection.display(path)): an #include cycle; not read again")
            return
        }
        if chain.count > 16 {
            log("\(IdiomDetection.display(path)): #include nested deeper than 16 files; not read")
            return
        }
        ProjectObservation.reading(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            if !optional { log("cannot read \(IdiomDetection.display(path))") }
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        for (number, rawLine) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                let isOptional = trimmed.hasPrefix("#include?")
                guard let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""), open < close else { continue }
                let name = String(trimmed[trimmed.index(after: open)..<close])
                read(IdiomDetection.join(folder, name), chain: chain + [path], into: &settings, optional: isOptional, log: log)
                continue
            }
            // The `=` that ends the key, not one in a condition: `KEY[sdk=macosx*] = value`.
            var depth = 0
            guard let equals = trimmed.firstIndex(where: { character in
                if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
                return character == "=" && depth <= 0
            }) else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            guard !key.isEmpty else { continue }
            let indent = line.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            settings.append(BuildSetting(written: key, value: unquoted(value), file: path, line: number + 1, column: indent + 1))
        }
    }

    /// The value without the quotes around it.
    static func unquoted(_ value: String) -> String {
        value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
    }

    /// `"1,2,6"` -> `["1", "2", "6"]`.
    static func deviceFamilies(_ value: String) -> [String] {
        value.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\"" }).map { String($0) }
    }

    static func isYes(_ value: String) -> Bool {
        ["YES", "TRUE", "1"].contains(unquoted(value).uppercased())
    }

    /// Shell-style wildcards (`*`, `?`) without recursion.
    static func wildcard(_ pattern: String, matches text: String) -> Bool {
        let pattern = Array(pattern), text = Array(text)
        var p = 0, t = 0
        var star: Int?, resume = 0
        while t < text.count {
            if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                p += 1; t += 1
            } else if p < pattern.count && pattern[p] == "*" {
                star = p; resume = t; p += 1
            } else if let star {
                p = star + 1; resume += 1; t = resume
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
