import Foundation

/// The few questions catalint asks git, by running it.
public enum Git {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs git with `arguments` in `folder` (the working folder when nil); its standard output, or
    /// nil when it fails.
    static func run(_ arguments: [String], in folder: String? = nil) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + (folder.map { ["-C", $0] } ?? []) + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The root of the working tree that holds `folder` (the working folder when nil), if any.
    public static func topLevel(of folder: String? = nil) -> String? {
        run(["rev-parse", "--show-toplevel"], in: folder)?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The files under `paths` that are modified or staged against HEAD, or untracked (and not
    /// ignored), as paths relative to the working folder; deleted files are left out.
    public static func changedFiles(under paths: [String]) throws -> [String] {
        guard topLevel() != nil else {
            throw Failure(description: "--changed needs a git working tree, and \(FileManager.default.currentDirectoryPath) is not in one")
        }
        var names: [String] = []
        // Against HEAD when there is one; in a repository without commits, everything staged.
        if let diff = run(["diff", "--name-only", "--relative", "HEAD", "--"] + paths) {
            names += diff.split(separator: "\n").map(String.init)
        } else if let staged = run(["diff", "--name-only", "--relative", "--cached", "--"] + paths) {
            names += staged.split(separator: "\n").map(String.init)
        }
        if let untracked = run(["ls-files", "--others", "--exclude-standard", "--"] + paths) {
            names += untracked.split(separator: "\n").map(String.init)
        }
        return Array(Set(names)).filter { FileManager.default.fileExists(atPath: $0) }.sorted()
    }
}
