import Foundation
import PackagePlugin

/// Embeds the rule knowledge base (`Rules/*.yml` at the package root) into the target that uses
/// this plugin, so `Rules/` stays the single source of truth and the binary is self-contained.
@main
struct EmbedRules: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let rules = context.package.directoryURL.appendingPathComponent("Rules", isDirectory: true)
        let inputs = try FileManager.default.contentsOfDirectory(atPath: rules.path)
            .filter { $0.hasSuffix(".yml") }
            .sorted()
            .map { rules.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedRules.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) rule files",
                executable: try context.tool(named: "catalint-embed-rules").url,
                arguments: [rules.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
