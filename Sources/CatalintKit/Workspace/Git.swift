import Foundation

/// The few questions catalint asks git, by running it.
public enum Git {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs git with `arguments` in `folder` (the working folder when nil); its standard output, or
    /// nil when it fails.
    static func run(_ arguments: [String], in folder: String? = nil) -> String? {
        runData(arguments, in: folder).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The root of the working tree that holds `folder` (the working folder when nil), if any, as
    /// git answers it (for the commands below, which run git anyway).
    static func topLevel(of folder: String? = nil) -> String? {
        run(["rev-parse", "--show-toplevel"], in: folder)?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The root of the working tree that holds `folder` (absolute), if any: the nearest folder at or
    /// above it with a `.git` entry (a folder, or the file a linked worktree or a submodule has).
    /// Found without running git, which every run would otherwise start (a process and tens of
    /// milliseconds); spelled as `folder` is, without resolving symbolic links, so that the linted
    /// files lie under it.
    public static func workTreeRoot(of folder: String) -> String? {
        IdiomDetection.selfAndAncestors(Configuration.absolute(folder)).first {
            FileManager.default.fileExists(atPath: IdiomDetection.join($0, ".git"))
        }
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

    /// The files under `paths` that changed since the merge base of HEAD with `reference` (a branch,
    /// a tag, a commit): committed since then, staged or modified in the work tree, plus untracked
    /// files (not ignored), as paths relative to the working folder; deleted files are left out.
    public static func filesChanged(since reference: String, under paths: [String]) throws -> [String] {
        guard topLevel() != nil else {
            throw Failure(description: "--since needs a git working tree, and \(FileManager.default.currentDirectoryPath) is not in one")
        }
        guard !reference.hasPrefix("-"), run(["rev-parse", "--verify", "--quiet", reference + "^{commit}"]) != nil else {
            throw Failure(description: "--since \(reference): git knows no commit, branch or tag of that name")
        }
        guard let base = run(["merge-base", reference, "HEAD"])?.trimmingCharacters(in: .whitespacesAndNewlines), !base.isEmpty else {
            throw Failure(description: "--since \(reference): it has no common ancestor with HEAD")
        }
        var names = run(["diff", "--name-only", "--relative", "--no-renames", base, "--"] + paths)?.split(separator: "\n").map(String.init) ?? []
        names += run(["ls-files", "--others", "--exclude-standard", "--"] + paths)?.split(separator: "\n").map(String.init) ?? []
        return Array(Set(names)).filter { FileManager.default.fileExists(atPath: $0) }.sorted()
    }

    /// The files under `paths` that the index holds changed against HEAD (added, copied, modified or
    /// renamed: what the next commit will hold), each with its text in the index, as paths relative
    /// to the working folder; files deleted in the index are left out.
    public static func stagedFiles(under paths: [String]) throws -> [(path: String, data: Data)] {
        guard topLevel() != nil else {
            throw Failure(description: "--staged needs a git working tree, and \(FileManager.default.currentDirectoryPath) is not in one")
        }
        // Against HEAD when there is one; in a repository without commits, everything staged.
        let names = run(["diff", "--cached", "--name-only", "--relative", "--diff-filter=ACMR", "--no-renames", "-z", "--"] + paths)
            ?? ""
        var files: [(path: String, data: Data)] = []
        for name in names.split(separator: "\u{0}").map(String.init).sorted() {
            guard let data = runData(["show", ":./" + name]) else {
                throw Failure(description: "--staged: git could not give the index's copy of \(name)")
            }
            files.append((name, data))
        }
        return files
    }

    /// Like `run`, the standard output as bytes.
    static func runData(_ arguments: [String], in folder: String? = nil) -> Data? {
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
        return process.terminationStatus == 0 ? data : nil
    }
}
