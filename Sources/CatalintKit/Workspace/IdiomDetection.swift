import Foundation
import Yams

/// Works out which idiom an app uses on the Mac from its Xcode project settings, for `idiom: auto`.
///
/// `TARGETED_DEVICE_FAMILY` containing 6 (in `*.xcodeproj/project.pbxproj`, an `.xcconfig` file or an
/// XcodeGen `project.yml`) means "Optimize Interface for Mac", the Mac idiom. `SUPPORTS_MACCATALYST = YES`
/// without 6 means "Scale Interface to Match iPad", the iPad idiom. Neither means `mac`, the strict default.
public enum IdiomDetection {
    public struct Decision: Sendable, Equatable {
        public var idiom: Idiom
        /// The file that decided, or nil for the default.
        public var file: String?
        /// Why, in a sentence, for `--verbose`.
        public var reason: String
    }

    /// Searches `directory` and then its parents, stopping at the first folder that has Xcode
    /// settings: a project, `.xcconfig` files (in it or two levels below) or an XcodeGen `project.yml`.
    public static func detect(from directory: String) -> Decision {
        var current = URL(fileURLWithPath: Configuration.absolute(directory))
        while true {
            let files = settingsFiles(in: current.path)
            if !files.isEmpty { return decide(files) }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { break }
            current = parent
        }
        return Decision(idiom: .mac, file: nil, reason: "no Xcode project settings found; using the strict default, mac")
    }

    /// The settings files of one folder, sorted.
    static func settingsFiles(in directory: String) -> [String] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory) else { return [] }
        var files: [String] = []
        for name in names.sorted() {
            let path = directory + "/" + name
            if name.hasSuffix(".xcodeproj") {
                let project = path + "/project.pbxproj"
                if manager.fileExists(atPath: project) { files.append(project) }
            } else if name == "project.yml" || name == "project.yaml" {
                files.append(path)
            }
        }
        files += xcconfigFiles(in: directory, depth: 0)
        return files.sorted()
    }

    private static func xcconfigFiles(in directory: String, depth: Int) -> [String] {
        guard depth <= 2, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var files: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") && !FileDiscovery.skippedFolders.contains(name) {
            let path = directory + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if !name.hasSuffix(".xcodeproj") { files += xcconfigFiles(in: path, depth: depth + 1) }
            } else if name.hasSuffix(".xcconfig") {
                files.append(path)
            }
        }
        return files
    }

    /// Reads the settings of `files`; a device family with 6 anywhere wins.
    static func decide(_ files: [String]) -> Decision {
        var catalystFile: String?
        for file in files {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            let settings = file.hasSuffix(".yml") || file.hasSuffix(".yaml") ? xcodeGenSettings(text) : buildSettings(text)
            for (key, value) in settings {
                if key == "TARGETED_DEVICE_FAMILY", deviceFamilies(value).contains("6") {
                    return Decision(idiom: .mac, file: file, reason: "\(file) sets TARGETED_DEVICE_FAMILY = \(value) (6 is the Mac idiom, Optimize Interface for Mac)")
                }
                if key == "SUPPORTS_MACCATALYST", ["YES", "TRUE"].contains(value.uppercased()), catalystFile == nil {
                    catalystFile = file
                }
            }
        }
        if let catalystFile {
            return Decision(idiom: .pad, file: catalystFile,
                            reason: "\(catalystFile) sets SUPPORTS_MACCATALYST = YES without device family 6 (Scale Interface to Match iPad)")
        }
        return Decision(idiom: .mac, file: nil,
                        reason: "\(files.joined(separator: ", ")) enable no Mac Catalyst idiom; using the strict default, mac")
    }

    /// `"1,2,6"` -> `["1", "2", "6"]`.
    static func deviceFamilies(_ value: String) -> [String] {
        value.split(whereSeparator: { $0 == "," || $0 == " " }).map { String($0) }
    }

    /// `KEY = value;` lines of a pbxproj and `KEY[sdk=...] = value` lines of an xcconfig, with
    /// quotes, trailing `;` and `//` comments taken off and conditions ignored.
    static func buildSettings(_ text: String) -> [(String, String)] {
        var settings: [(String, String)] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            guard let equals = line.firstIndex(of: "=") else { continue }
            var key = line[..<equals].trimmingCharacters(in: .whitespaces)
            if let bracket = key.firstIndex(of: "[") { key = String(key[..<bracket]) }
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            guard key == "TARGETED_DEVICE_FAMILY" || key == "SUPPORTS_MACCATALYST" else { continue }
            settings.append((key, value))
        }
        return settings
    }

    /// The two settings wherever they stand in an XcodeGen spec (`settings:`, `base:`, per configuration).
    static func xcodeGenSettings(_ text: String) -> [(String, String)] {
        guard let root = try? Yams.compose(yaml: text) else { return [] }
        var settings: [(String, String)] = []
        var pending = [root]
        var visited = 0
        while let node = pending.popLast(), visited < 100_000 {
            visited += 1
            if let mapping = node.mapping {
                for (key, value) in mapping {
                    if let name = key.string, name == "TARGETED_DEVICE_FAMILY" || name == "SUPPORTS_MACCATALYST", let text = value.scalar?.string {
                        settings.append((name, text))
                    } else {
                        pending.append(value)
                    }
                }
            } else if let list = node.sequence {
                pending += list
            }
        }
        return settings
    }
}
