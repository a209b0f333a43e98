import Foundation
import PackagePlugin

/// `swift package catalint [--target NAME ...] [catalint lint options]`: lints the source folders of
/// the package's targets (all of them, or the named ones) with the catalint built from this package.
@main
struct CatalintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let root = context.package.directoryURL.standardizedFileURL.path
        let folders = targets.compactMap { $0 as? SourceModuleTarget }.map { target -> String in
            let folder = URL(fileURLWithPath: target.directory.string).standardizedFileURL.path
            return folder.hasPrefix(root + "/") ? String(folder.dropFirst(root.count + 1)) : folder
        }
        guard !folders.isEmpty else {
            Diagnostics.warning("catalint: the package has no source targets to lint")
            return
        }
        try run(try context.tool(named: "catalint").url, arguments: ["lint"] + extractor.remainingArguments + folders.sorted(),
                in: context.package.directoryURL)
    }
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

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension CatalintCommand: XcodeCommandPlugin {
    /// In Xcode: lints the project's folder, with Xcode's error format so the issues show in the navigator.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try run(try context.tool(named: "catalint").url, arguments: ["lint", "--format", "xcode"] + arguments + ["."],
                in: context.xcodeProject.directoryURL)
    }
}
#endif
