// swift-tools-version: 6.0
// A package that uses the plugins package (CatalintPlugins), which runs catalint from an artifact
// bundle instead of building it. CI builds the bundle and runs `swift build` here with
// CATALINT_ARTIFACTBUNDLE naming it: `--target Layout` passes and shows the warning, the whole
// package fails on the error in RecipesKit, and no swift-syntax module is compiled.
import PackageDescription

let lint: [Target.PluginUsage] = [.plugin(name: "CatalintBuildTool", package: "CatalintPlugins")]

let package = Package(
    name: "BinaryPlugins",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../../../CatalintPlugins")],
    targets: [
        .target(name: "Layout", plugins: lint),
        .target(name: "RecipesKit", plugins: lint),
    ]
)
