import Foundation

/// The dependencies checked out beside an app: CocoaPods' `Pods/`, Carthage's
/// `Carthage/Checkouts/`, SwiftPM's `.build/checkouts/`, and Xcode's `SourcePackages/checkouts/`
/// (a `-clonedSourcePackagesDirPath` or `-derivedDataPath` inside the project). Their files are
/// never linted (they are not the app's code, and `FileDiscovery` does not walk into them), but
/// they are read for the project index: a class of the app whose superclass comes from a
/// dependency (`class ScrubBar: OBSlider`) then has its whole chain of superclasses.
///
/// What is read is `indexableFiles`: Swift sources. Objective-C headers (a pod's
/// `@interface OBSlider : UISlider`) could join through `indexedKinds`, at the cost of parsing
/// every header of every pod on a cold run; they are not read today.
public enum DependencyCheckouts {
    /// The folders, by name, that hold checkouts (each walked for `indexableFiles`): a name, and
    /// the path inside it where the checkouts are (empty for the folder itself).
    static let layouts: [(folder: String, inside: String)] = [
        ("Pods", ""),
        ("Carthage", "Checkouts"),
        (".build", "checkouts"),
        ("SourcePackages", "checkouts"),
        ("DerivedData", "SourcePackages/checkouts"),
    ]

    /// The kinds of files of a checkout read for the project index.
    static let indexedKinds: [InputKind] = [.swift]

    /// The checkouts folder that `folder` (a folder named as in `layouts`) holds, if it exists.
    static func checkouts(in folder: String) -> String? {
        let name = folder.lastIndex(of: "/").map { String(folder[folder.index(after: $0)...]) } ?? folder
        guard let layout = layouts.first(where: { $0.folder == name }) else { return nil }
        let path = layout.inside.isEmpty ? folder : FileDiscovery.join(folder, layout.inside)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        return path
    }

    /// The checkouts folders in `folder` itself (not below it).
    static func checkouts(beside folder: String) -> [String] {
        layouts.compactMap { checkouts(in: FileDiscovery.join(folder, $0.folder)) }
    }

    /// The files that say which dependencies a folder's projects check out: the walk up from a
    /// linted file stops at the first folder that has one (a Podfile and its workspace beside an
    /// app's project, or above it when the project is in a subfolder; a package's manifest).
    static let projectMarkers: [String] = [".xcworkspace", "Package.swift", "Podfile", "Cartfile"]

    /// True when `folder` holds an Xcode workspace, a package, a Podfile or a Cartfile.
    static func isProjectFolder(_ folder: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.contains { name in projectMarkers.contains { name == $0 || (name.hasSuffix($0) && $0.hasPrefix(".")) } }
    }

    /// The checkouts of the projects of the linted files, and those that walking their folders met
    /// (`met`), sorted, each once. From each file's folder (or from the folder of the project that owns it,
    /// `owner`: a `project.pbxproj`, `project.yml` or `Package.swift`), the folders up to `root` are
    /// looked in, up to the first that says what it checks out (`isProjectFolder`): a `Pods/` beside
    /// the workspace above an app's folder is the app's; a package's checkouts above an unrelated
    /// folder are not. SwiftPM's `.build/checkouts` count only beside the package that owns a
    /// linted file.
    static func folders(linting files: [String], root: String?, met: [String], owner: (String) -> String? = { _ in nil }) -> [String] {
        // SwiftPM's checkouts are a package's: beside its `Package.swift`.
        var found = Set(met.map(Configuration.absolute).filter { folder in
            !folder.hasSuffix("/.build/checkouts")
                || FileManager.default.fileExists(atPath: FileDiscovery.join(IdiomDetection.parent(of: IdiomDetection.parent(of: folder)), "Package.swift"))
        })
        guard let root else { return found.sorted() }
        let top = Configuration.absolute(root)
        var walked: Set<String> = []  // folders whose walk up is done (a package's own checkouts aside)
        // The files are those a walk found (never folders): no file system call each.
        for path in files {
            let absolute = Configuration.absolute(path)
            let project = owner(absolute)
            var packageFolder: String?
            // (IdiomDetection.parent: NSString's path methods cost tens of thousands of instructions a call on Linux.)
            var folder = IdiomDetection.parent(of: absolute)
            if let project {
                // The folder that holds the `.xcodeproj`, the `project.yml` or the `Package.swift`.
                folder = IdiomDetection.parent(of: project)
                if folder.hasSuffix(".xcodeproj") { folder = IdiomDetection.parent(of: folder) }
                if project.hasSuffix("/Package.swift") { packageFolder = folder }
            }
            guard IdiomDetection.isInside(folder, top) else { continue }
            if let packageFolder, let own = checkouts(in: FileDiscovery.join(packageFolder, ".build")) { found.insert(own) }
            while walked.insert(folder).inserted {
                for checkouts in checkouts(beside: folder) where !checkouts.hasSuffix("/.build/checkouts") { found.insert(checkouts) }
                if folder == top || folder == "/" || isProjectFolder(folder) { break }
                folder = IdiomDetection.parent(of: folder)
            }
        }
        return found.sorted()
    }

    /// The files of the checkouts read for the project index, sorted. Links are not followed out of
    /// a checkout, and nothing under `.git` is read.
    static func indexableFiles(in folders: [String]) -> [FileInput] {
        var files: [FileInput] = []
        for folder in folders {
            guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: folder), includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else { continue }
            for case let url as URL in walker {
                guard let kind = InputKind(path: url.path), indexedKinds.contains(kind),
                      (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                files.append(FileInput(path: url.path, kind: kind))
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}

/// The checkouts folders that walking folders met, for `DependencyCheckouts.folders`. Shared by the
/// walks of one run.
final class CheckoutsMet: @unchecked Sendable {
    private let found = Locked<[String]>([])

    func met(_ folder: String) {
        found.withLock { $0.append(folder) }
    }

    var folders: [String] { found.withLock { $0 } }
}
