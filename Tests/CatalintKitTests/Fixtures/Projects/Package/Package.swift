// swift-tools-version: 5.9
// Fixture: a package whose targets catalint reads without running the manifest.
import CompilerPluginSupport
import PackageDescription

let generated = ["Internal/Generated"]

let package = Package(
    name: "Kit",
    platforms: [.iOS(.v16), .macCatalyst(.v16)],
    products: [.library(name: "Kit", targets: ["Kit", "KitUI"])],
    targets: [
        .target(name: "Kit", exclude: generated + ["Old"]),
        .target(name: "KitUI", path: "UI"),
        .testTarget(name: "KitTests", dependencies: ["Kit"]),
        .plugin(name: "Generate", capability: .buildTool()),
    ]
)

package.targets.append(.macro(name: "KitMacros", path: "Macros"))
