import Foundation
import PackagePlugin

/// Lints a target on every build with the prebuilt catalint of the artifact bundle: `swift build`
/// and Xcode show the findings as warnings and errors at their lines, and an error-severity finding
/// fails the build, as a compiler error does.
///
/// The lint is a build command without outputs, so SwiftPM runs it when one of the target's files
/// changed and Xcode on every build; catalint's cache (in the plugin's work folder, which Xcode's
/// sandbox lets it write) keeps each run to the files that changed.
@main
struct CatalintBuildTool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let folder: URL
        switch target {
        case let target as SwiftSourceModuleTarget: folder = target.directoryURL
        case let target as ClangSourceModuleTarget: folder = target.directoryURL
        default: return []
        }
        let inputs = (target as? SourceModuleTarget)?.sourceFiles.map(\.url) ?? []
        return [try lint(paths: [folder.path], inputs: inputs, tool: try catalint(context.tool(named:)),
                         work: context.pluginWorkDirectoryURL, name: target.name)]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension CatalintBuildTool: XcodeBuildToolPlugin {
    /// In an Xcode project: the target's Swift files, storyboards, xibs and interface files.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url.path).filter { path in
            [".swift", ".storyboard", ".xib", ".interface.yml", ".interface.yaml"].contains { path.hasSuffix($0) }
        }
        guard !files.isEmpty else { return [] }
        return [try lint(paths: files.sorted(), inputs: files.map { URL(fileURLWithPath: $0) },
                         tool: try catalint(context.tool(named:)), work: context.pluginWorkDirectoryURL, name: target.displayName)]
    }
}
#endif

/// `catalint lint --format xcode PATHS`, with the `.catalint.yml` nearest the paths.
func lint(paths: [String], inputs: [URL], tool: URL, work: URL, name: String) throws -> Command {
    .buildCommand(
        displayName: "catalint: linting \(name)",
        executable: tool,
        arguments: ["lint", "--format", "xcode", "--cache-dir", work.appendingPathComponent("cache").path] + paths,
        environment: ["NO_COLOR": "1"],
        inputFiles: inputs,
        outputFiles: []
    )
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
