// swift-tools-version: 6.0
// A package that uses catalint's build-tool plugin and has warnings only: CI runs `swift build` in
// it with the release catalint on the PATH, and expects the build to pass and show the warning.
import PackageDescription

let lint: [Target.PluginUsage] = [.plugin(name: "CatalintBuildTool", package: "catalint")]

let package = Package(
    name: "BuildToolPassing",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "catalint", path: "../../..")],
    targets: [
        .target(name: "Layout", plugins: lint),
        .target(name: "Clean", plugins: lint),
    ]
)
