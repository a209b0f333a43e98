import CatalintKit
import Foundation

/// What a run says, on standard error, of the inputs it could not lint or that match nothing:
/// folders that could not be read and links that loop (found while walking), files named on the
/// command line that could not be read, and `included` / `excluded` patterns that match no file.
/// Whatever is named on the command line and could not be read makes the run a usage error.
enum InputReport {
    struct Outcome {
        var stderr = ""
        /// A file or folder named on the command line could not be read: exit status 2.
        var failed = false
    }

    static func of(_ result: LintResult, configuration: Configuration, request: LintRequest) -> Outcome {
        var outcome = Outcome()
        let record = configuration.record
        for problem in record?.problems ?? [] {
            outcome.stderr += "\(problem.named ? "error" : "warning"): \(problem.path): \(problem.reason)\n"
            if problem.named { outcome.failed = true }
        }
        if request.stdinFilename == nil && !request.gitSelects {
            let named = Set(request.paths.filter { !isFolder($0) })
            for diagnostic in result.diagnostics where diagnostic.rule == "unreadable-file" && named.contains(diagnostic.position.path) {
                outcome.stderr += "error: \(diagnostic.position.path) could not be read: \(diagnostic.message)\n"
                outcome.failed = true
            }
        }
        if let record, let file = configuration.file, covers(record.walkedFolders, configuration.directory) {
            outcome.stderr += unmatched(configuration.excluded, configuration.excludedPositions, matched: record.matched(excluded: true),
                                        key: "excluded", file: file, what: "no file or folder")
            outcome.stderr += unmatched(configuration.included, configuration.includedPositions, matched: record.matched(excluded: false),
                                        key: "included", file: file, what: "no Swift, interface or Interface Builder file")
        }
        return outcome
    }

    /// True when one of the folders walked is the configuration's folder or holds it: only then
    /// does a pattern that matched nothing match nothing at all.
    private static func covers(_ walked: Set<String>, _ directory: String) -> Bool {
        walked.contains { folder in directory == folder || directory.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") }
    }

    private static func unmatched(_ globs: [Glob], _ positions: [SourcePosition], matched: Set<Int>, key: String, file: String,
                                  what: String) -> String {
        var text = ""
        for (index, glob) in globs.enumerated() where !matched.contains(index) {
            let place = index < positions.count ? "\(positions[index])" : file
            text += "warning: \(place): '\(key)' pattern `\(glob.pattern)` matches \(what) (is it spelled right?)\n"
        }
        return text
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
