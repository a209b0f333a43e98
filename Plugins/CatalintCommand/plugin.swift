import Foundation
import PackagePlugin

/// `swift package catalint [--target NAME ...] [catalint lint options]`: lints the source folders of
/// the package's targets (all of them, or the named ones) with the catalint built from this package.
///
/// The plugin depends on no executable: SwiftPM would build a plugin's executable dependencies
/// a second time, for the host (`catalint-tool`, `CatalintKit-tool`, `SwiftSyntax-tool`, ...), on
/// every `swift build` and `swift test` of this package, beside the copies it builds anyway. Instead
/// it asks SwiftPM to build the `catalint` product like `swift build --product catalint` would, in
/// the configuration of the command (`swift package -c release catalint` for a release build), so
/// that build is shared with the package's own.
@main
struct CatalintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let root = context.package.directoryURL.standardizedFileURL.path
        let folders = targets.compactMap(sourceDirectory).map { directory -> String in
            let folder = directory.standardizedFileURL.path
            return folder.hasPrefix(root + "/") ? String(folder.dropFirst(root.count + 1)) : folder
        }
        guard !folders.isEmpty else {
            Diagnostics.warning("catalint: the package has no source targets to lint")
            return
        }
        try run(try buildCatalint(packageManager), arguments: ["lint"] + extractor.remainingArguments + folders.sorted(),
                in: context.package.directoryURL)
    }
}

/// The folder of a Swift or C-family source target, nil for binary and system library targets.
/// (`Target.directoryURL` needs tools version 6.1; the concrete types have it in 6.0, and the
/// `directory` path they replace is deprecated.)
func sourceDirectory(_ target: Target) -> URL? {
    switch target {
    case let target as SwiftSourceModuleTarget: target.directoryURL
    case let target as ClangSourceModuleTarget: target.directoryURL
    default: nil
    }
}

/// Builds the `catalint` product (or brings it up to date) and returns the executable.
func buildCatalint(_ packageManager: PackageManager) throws -> URL {
    let result = try packageManager.build(
        .product("catalint"),
        parameters: .init(configuration: .inherit, logging: .concise, echoLogs: true)
    )
    guard result.succeeded else {
        throw CatalintBuildFailure(log: result.logText)
    }
    guard let executable = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "catalint" })
    else {
        throw CatalintBuildFailure(log: "the build of the catalint product produced no executable")
    }
    return executable.url
}

/// Runs catalint in `directory`; its output goes to the terminal, and findings fail the command.
func run(_ tool: URL, arguments: [String], in directory: URL) throws {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.currentDirectoryURL = directory
    try process.run()
    process.waitUntilExit()
    if process.terminationReason != .exit || process.terminationStatus != 0 {
        throw CatalintFailure(status: process.terminationStatus)
    }
}

struct CatalintFailure: Error, CustomStringConvertible {
    var status: Int32
    var description: String {
        status == 1 ? "catalint found problems (see above)" : "catalint failed with exit status \(status)"
    }
}

struct CatalintBuildFailure: Error, CustomStringConvertible {
    var log: String
    var description: String { "could not build catalint:\n\(log)" }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension CatalintCommand: XcodeCommandPlugin {
    /// In Xcode: lints the project's folder, with Xcode's error format so the issues show in the navigator.
    /// Uses the catalint that Xcode builds from the package; failing that, one installed on the `PATH`.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let tool: URL
        do {
            tool = try buildCatalint(packageManager)
        } catch {
            guard let installed = try? context.tool(named: "catalint").url else { throw error }
            tool = installed
        }
        try run(tool, arguments: ["lint", "--format", "xcode"] + arguments + ["."], in: context.xcodeProject.directoryURL)
    }
}
#endif
