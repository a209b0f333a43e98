import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the files to lint under the paths the user named.
public enum FileDiscovery {
    /// Folders never walked into: version control, build output and dependency managers' checkouts.
    public static let skippedFolders: Set<String> = [".git", ".build", "DerivedData", "Pods", "Carthage"]

    /// Every lintable file under `paths`, sorted and without duplicates. Files named directly are
    /// taken whatever folder they are in (unless the configuration excludes them); files found in
    /// folders must also be `included`. A path that does not exist throws.
    public static func files(in paths: [String], configuration: Configuration = Configuration()) throws -> [String] {
        var found: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw LintError.pathNotFound(path)
            }
            if isDirectory.boolValue {
                walk(path, configuration: configuration, into: &found)
            } else if configuration.inputKind(path) != nil {
                if !configuration.isExcluded(path) { found.append(path) }
            } else {
                throw LintError.notLintable(path)
            }
        }
        return Array(Set(found)).sorted()
    }

    private static func walk(_ directory: String, configuration: Configuration, into found: inout [String]) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory) else { return }
        for name in names.sorted() where !name.hasPrefix(".") && !skippedFolders.contains(name) {
            let path = join(directory, name)
            if configuration.isExcluded(path) { continue }
            var info = stat()
            let known = lstat(path, &info) == 0
            let type = info.st_mode & S_IFMT
            if known && type == S_IFDIR {
                walk(path, configuration: configuration, into: &found)
            } else if configuration.inputKind(path) != nil, configuration.isIncluded(path) {
                if known && type == S_IFLNK {
                    // A link to a folder is not followed (it could loop). A link to a file is linted, and
                    // a broken link is kept too, so that it is reported as unreadable, not passed over.
                    var isDirectory: ObjCBool = false
                    if manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { continue }
                }
                found.append(path)
            }
        }
    }

    /// `dir/name`, keeping the user's spelling of `dir`; `.` adds no `./` prefix.
    static func join(_ directory: String, _ name: String) -> String {
        if directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

/// A failure that stops a lint run before it starts: exit status 2.
public enum LintError: Error, CustomStringConvertible, Equatable {
    case pathNotFound(String)
    case notLintable(String)

    public var description: String {
        switch self {
        case .pathNotFound(let path):
            return "\(path): no such file or directory"
        case .notLintable(let path):
            return "\(path): not a file catalint lints (it reads *.swift, *.interface.yml, *.interface.yaml, *.storyboard and *.xib)"
        }
    }
}

/// The kinds of input catalint reads, told by the file name.
public enum InputKind: Sendable {
    /// Swift source, `*.swift`.
    case swift
    /// A YAML interface description, `*.interface.yml` or `*.interface.yaml`.
    case interfaceDescription
    /// An Interface Builder file, `*.storyboard` or `*.xib`.
    case interfaceBuilder

    public init?(path: String) {
        if path.hasSuffix(".swift") {
            self = .swift
        } else if path.hasSuffix(".interface.yml") || path.hasSuffix(".interface.yaml") {
            self = .interfaceDescription
        } else if path.hasSuffix(".storyboard") || path.hasSuffix(".xib") {
            self = .interfaceBuilder
        } else {
            return nil
        }
    }
}
