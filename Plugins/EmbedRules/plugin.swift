import Foundation
import PackagePlugin

/// Embeds the rule knowledge base (`Rules/*.yml` at the package root) into the target that uses
/// this plugin, so `Rules/` stays the single source of truth and the binary is self-contained, and
/// lists the rules' logic (the `RuleLogic` types in the target's `Checks/Rules/`), so that a new
/// rule needs no registration beside its YAML file and its Swift file.
@main
struct EmbedRules: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let rules = context.package.directoryURL.appendingPathComponent("Rules", isDirectory: true)
        let ruleFiles = try FileManager.default.contentsOfDirectory(atPath: rules.path)
            .filter { $0.hasSuffix(".yml") }
            .sorted()
            .map { rules.appendingPathComponent($0) }
        let logicFiles = (target.sourceModule?.sourceFiles(withSuffix: "swift").map(\.url) ?? [])
            .filter { $0.deletingLastPathComponent().path.hasSuffix("/Checks/Rules") }
            .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedRules.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(ruleFiles.count) rule files",
                executable: try context.tool(named: "catalint-embed-rules").url,
                arguments: [rules.path, output.path] + logicFiles.map(\.path),
                inputFiles: ruleFiles + logicFiles,
                outputFiles: [output]
            )
        ]
    }
}
