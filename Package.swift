// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "catalint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "catalint", targets: ["catalint"]),
        .library(name: "CatalintKit", targets: ["CatalintKit"]),
        .plugin(name: "CatalintCommand", targets: ["CatalintCommand"]),
        .plugin(name: "CatalintBuildTool", targets: ["CatalintBuildTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", exact: "603.0.1"),
        .package(url: "https://github.com/jpsim/Yams.git", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
    ],
    targets: [
        // The engine: front ends -> facts -> rules -> reports.
        .target(
            name: "CatalintKit",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
                .product(name: "Yams", package: "Yams"),
                "CClang",
            ],
            plugins: ["EmbedRules"]
        ),
        // libclang's C interface, declared by hand and loaded at run time (dlopen), for the
        // Objective-C front end: building catalint needs no clang headers or libraries.
        .target(
            name: "CClang",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // The language server (`catalint server`): JSON-RPC framing, open documents, workspace
        // folders; it calls CatalintKit only.
        .target(
            name: "CatalintServer",
            dependencies: ["CatalintKit"]
        ),
        // The command line: argument parsing over CatalintKit and nothing else.
        .executableTarget(
            name: "catalint",
            dependencies: [
                "CatalintKit",
                "CatalintServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Build tool: turns Rules/*.yml into a Swift source so the binary carries its rules.
        .executableTarget(name: "catalint-embed-rules"),
        .plugin(
            name: "EmbedRules",
            capability: .buildTool(),
            dependencies: ["catalint-embed-rules"]
        ),
        // `swift package catalint`: lints the package's targets. It has no dependencies on purpose: a
        // plugin's executable dependency is compiled a second time for the host (`catalint-tool`,
        // `CatalintKit-tool`, `SwiftSyntax-tool`, ...) on every `swift build` and `swift test`. The
        // plugin asks SwiftPM to build the `catalint` product instead, which shares the normal build.
        .plugin(
            name: "CatalintCommand",
            capability: .command(
                intent: .custom(verb: "catalint", description: "Lint the package's targets for problems in the Mac idiom (Mac Catalyst)")
            )
        ),
        // Lints a target on every `swift build` and Xcode build, with the installed catalint: no
        // dependency either, for the same reason (see the plugin's comment).
        .plugin(
            name: "CatalintBuildTool",
            capability: .buildTool()
        ),
        .testTarget(
            name: "CatalintKitTests",
            dependencies: ["CatalintKit", "CatalintServer", "catalint"],
            exclude: ["Fixtures"]
        ),
    ]
)
