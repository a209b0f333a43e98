// swift-tools-version: 6.0
// catalint's SwiftPM plugins on a prebuilt catalint: a package that uses them fetches and compiles
// nothing of catalint (no swift-syntax), it downloads the release's artifact bundle once.
//
// The release workflow publishes this folder as its own repository (catalint/CatalintPlugins),
// with `release` below set to the new version and the checksum of its bundle
// (scripts/set-plugins-release.sh). See docs/distribution.md.
import PackageDescription

/// The release whose `catalint.artifactbundle.zip` the plugins run: the version (its tag) and the
/// checksum that `swift package compute-checksum` gives for the zip. nil in catalint's own
/// repository, which has no release to point at: there the plugins run the bundle that
/// `CATALINT_ARTIFACTBUNDLE` names, else the catalint installed on the machine.
let release: (version: String, checksum: String)? = nil

/// `CATALINT_ARTIFACTBUNDLE`: the path of a local `catalint.artifactbundle.zip` or
/// `catalint.artifactbundle` folder, used instead of the release (CI, or trying a release before
/// publishing it). SwiftPM takes a local binary target's path relative to the package, so an
/// absolute path is rewritten relative to this folder.
let localBundle = Context.environment["CATALINT_ARTIFACTBUNDLE"].flatMap { $0.isEmpty ? nil : relativeToPackage($0) }

/// `path` relative to this package's folder (`../../dist/catalint.artifactbundle.zip`).
func relativeToPackage(_ path: String) -> String {
    guard path.hasPrefix("/") else { return path }
    let target = path.split(separator: "/")
    let here = Context.packageDirectory.split(separator: "/")
    var shared = 0
    while shared < min(target.count, here.count) && target[shared] == here[shared] { shared += 1 }
    return (Array(repeating: "..", count: here.count - shared) + target[shared...].map(String.init)).joined(separator: "/")
}

/// The binary target, named after the bundle.
let bundle: Target? = {
    if let localBundle {
        return .binaryTarget(name: "catalint", path: localBundle)
    }
    if let release {
        return .binaryTarget(
            name: "catalint",
            url: "https://github.com/catalint/catalint/releases/download/\(release.version)/catalint.artifactbundle.zip",
            checksum: release.checksum
        )
    }
    return nil
}()
let tool: [Target.Dependency] = bundle.map { [.target(name: $0.name)] } ?? []

let package = Package(
    name: "CatalintPlugins",
    products: [
        .plugin(name: "CatalintBuildTool", targets: ["CatalintBuildTool"]),
        .plugin(name: "CatalintCommand", targets: ["CatalintCommand"]),
    ],
    targets: (bundle.map { [$0] } ?? []) + [
        // Lints a target on every `swift build` and Xcode build: findings show as warnings and
        // errors at their lines, and an error fails the build.
        .plugin(
            name: "CatalintBuildTool",
            capability: .buildTool(),
            dependencies: tool
        ),
        // `swift package catalint [--target NAME ...] [lint options]`.
        .plugin(
            name: "CatalintCommand",
            capability: .command(
                intent: .custom(verb: "catalint", description: "Lint the package's targets for problems in the Mac idiom (Mac Catalyst)")
            ),
            dependencies: tool
        ),
    ]
)
