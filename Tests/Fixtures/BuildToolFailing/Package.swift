// swift-tools-version: 6.0
// A package that uses catalint's build-tool plugin and has an error-severity finding: CI runs
// `swift build` in it with the release catalint on the PATH, and expects the build to fail with the
// finding at its line.
import PackageDescription

let package = Package(
    name: "BuildToolFailing",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "catalint", path: "../../..")],
    targets: [
        .target(name: "RecipesKit", plugins: [.plugin(name: "CatalintBuildTool", package: "catalint")]),
    ]
)
