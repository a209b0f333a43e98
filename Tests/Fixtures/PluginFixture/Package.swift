// swift-tools-version: 6.0
// A small package that uses catalint's command plugin; CI runs `swift package catalint` in it.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "catalint", path: "../../..")],
    targets: [
        .target(name: "RecipesKit"),
        .target(name: "Clean"),
    ]
)
