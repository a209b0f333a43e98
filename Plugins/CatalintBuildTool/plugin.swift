import Foundation
import PackagePlugin

/// Lints a target on every build: `swift build` and Xcode show catalint's findings as warnings and
/// errors at their lines, and an error-severity finding fails the build, as a compiler error does.
///
/// It runs the `catalint` installed on the machine rather than building one: a build-tool plugin can
/// only get a tool built from source through an executable dependency, and SwiftPM compiles a
/// plugin's executable dependencies a second time for the host (catalint, CatalintKit, swift-syntax)
/// on every build of the package that declares the plugin. The installed binary is found from
/// `CATALINT_PATH`, else the `PATH`, else the usual install folders (Homebrew, /usr/local, Mint,
/// ~/.local/bin). The lint is a prebuild command, so it runs on every build; the cache (in the
/// plugin's work folder, which Xcode's sandbox lets it write) keeps it to the changed files.
@main
struct CatalintBuildTool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let folder = sourceFolder(target) else { return [] }
        let inputs = (target as? SourceModuleTarget)?.sourceFiles.map(\.url) ?? []
        return [try lintCommand(paths: [folder.path], inputs: inputs, work: context.pluginWorkDirectoryURL, name: target.name)]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension CatalintBuildTool: XcodeBuildToolPlugin {
    /// In an Xcode project: the target's input files (Swift, Objective-C and its headers, storyboards,
    /// xibs, interface files, and property lists: its Info.plist is linted).
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url.path).filter { path in
            [".swift", ".m", ".mm", ".h", ".storyboard", ".xib", ".interface.yml", ".interface.yaml", ".plist"].contains { path.hasSuffix($0) }
        }
        guard !files.isEmpty else { return [] }
        return [try lintCommand(paths: files.sorted(), inputs: files.map { URL(fileURLWithPath: $0) }, work: context.pluginWorkDirectoryURL,
                                name: target.displayName)]
    }
}
#endif

/// The folder of a Swift source target, nil for the others.
func sourceFolder(_ target: Target) -> URL? {
    switch target {
    case let target as SwiftSourceModuleTarget: target.directoryURL
    case let target as ClangSourceModuleTarget: target.directoryURL
    default: nil
    }
}

/// `catalint lint --format xcode PATHS`: the `.catalint.yml` nearest the paths applies. The command
/// has no output files, so the build system runs it on every build (Xcode) or whenever an input
/// changed (SwiftPM); the cache keeps the work to the files that changed.
func lintCommand(paths: [String], inputs: [URL], work: URL, name: String) throws -> Command {
    .buildCommand(
        displayName: "catalint: linting \(name)",
        executable: try installedCatalint(),
        arguments: ["lint", "--format", "xcode", "--cache-dir", work.appendingPathComponent("cache").path] + paths,
        environment: ["NO_COLOR": "1"],
        inputFiles: inputs,
        outputFiles: []
    )
}

/// The installed `catalint`.
func installedCatalint() throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [String] = []
    if let path = environment["CATALINT_PATH"], !path.isEmpty { candidates.append(path) }
    for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
        candidates.append(String(folder) + "/catalint")
    }
    let home = FileManager.default.homeDirectoryForCurrentUser.path
    candidates += ["/opt/homebrew/bin/catalint", "/usr/local/bin/catalint", home + "/.mint/bin/catalint", home + "/.local/bin/catalint"]
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        throw CatalintNotInstalled()
    }
    return URL(fileURLWithPath: found)
}

struct CatalintNotInstalled: Error, CustomStringConvertible {
    var description: String {
        "catalint is not installed: the build-tool plugin runs an installed catalint (on the PATH, in /opt/homebrew/bin, /usr/local/bin, ~/.mint/bin or ~/.local/bin, or named by CATALINT_PATH). See docs/integrations.md, \"In Xcode and swift build: the build-tool plugin\"."
    }
}
