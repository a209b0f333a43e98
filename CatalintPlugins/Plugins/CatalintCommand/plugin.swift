import Foundation
import PackagePlugin

/// `swift package catalint [--target NAME ...] [catalint lint options]`: lints the source folders
/// of the package's targets (all of them, or the named ones) with the prebuilt catalint of the
/// artifact bundle. Findings fail the command.
@main
struct CatalintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let root = context.package.directoryURL.standardizedFileURL.path
        let folders = targets.compactMap { target -> String? in
            let directory: URL
            switch target {
            case let target as SwiftSourceModuleTarget: directory = target.directoryURL
            case let target as ClangSourceModuleTarget: directory = target.directoryURL
            default: return nil
            }
            let folder = directory.standardizedFileURL.path
            return folder.hasPrefix(root + "/") ? String(folder.dropFirst(root.count + 1)) : folder
        }
        guard !folders.isEmpty else {
            Diagnostics.warning("catalint: the package has no source targets to lint")
            return
        }
        try run(try catalint(context.tool(named:)), arguments: ["lint"] + extractor.remainingArguments + folders.sorted(),
                in: context.package.directoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension CatalintCommand: XcodeCommandPlugin {
    /// In Xcode: lints the project's folder, in Xcode's format so the issues show in the navigator.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try run(try catalint(context.tool(named:)), arguments: ["lint", "--format", "xcode"] + arguments + ["."],
                in: context.xcodeProject.directoryURL)
    }
}
#endif

/// Runs catalint in `directory`; its output goes to the terminal.
func run(_ tool: URL, arguments: [String], in directory: URL) throws {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.currentDirectoryURL = directory
    try process.run()
    process.waitUntilExit()
    if process.terminationReason != .exit || process.terminationStatus != 0 {
        throw CatalintFailed(status: process.terminationStatus)
    }
}

struct CatalintFailed: Error, CustomStringConvertible {
    var status: Int32
    var description: String {
        status == 1 ? "catalint found problems (see above)" : "catalint failed with exit status \(status)"
    }
}

/// The catalint to run: the artifact bundle's when the package has one (a release, or the bundle
/// `CATALINT_ARTIFACTBUNDLE` named when the package was resolved), else an installed one.
func catalint(_ tool: (String) throws -> PluginContext.Tool) throws -> URL {
    if let bundled = try? tool("catalint") { return bundled.url }
    let environment = ProcessInfo.processInfo.environment
    var candidates: [String] = []
    if let path = environment["CATALINT_PATH"], !path.isEmpty { candidates.append(path) }
    for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
        candidates.append(String(folder) + "/catalint")
    }
    let home = FileManager.default.homeDirectoryForCurrentUser.path
    candidates += ["/opt/homebrew/bin/catalint", "/usr/local/bin/catalint", home + "/.mint/bin/catalint", home + "/.local/bin/catalint"]
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        throw NoCatalint()
    }
    return URL(fileURLWithPath: found)
}

struct NoCatalint: Error, CustomStringConvertible {
    var description: String {
        "no catalint to run: this copy of CatalintPlugins names no release, CATALINT_ARTIFACTBUNDLE was not set when the package was resolved, and no catalint is installed (CATALINT_PATH, the PATH, /opt/homebrew/bin, /usr/local/bin, ~/.mint/bin, ~/.local/bin). Depend on a released CatalintPlugins; see catalint's docs/distribution.md."
    }
}
