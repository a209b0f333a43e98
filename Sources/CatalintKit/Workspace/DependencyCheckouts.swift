import Foundation

/// The dependencies checked out beside an app: CocoaPods' `Pods/`, Carthage's
/// `Carthage/Checkouts/`, SwiftPM's `.build/checkouts/`, and Xcode's `SourcePackages/checkouts/`
/// (a `-clonedSourcePackagesDirPath` or `-derivedDataPath` inside the project). Their files are
/// never linted (they are not the app's code, and `FileDiscovery` does not walk into them), but
/// they are read for the project index: a class of the app whose superclass comes from a
/// dependency (`class ScrubBar: OBSlider`) then has its whole chain of superclasses.
///
/// What is read is `indexableFiles`: Swift sources today. Objective-C headers join the same list
/// once a front end indexes them (a pod's `@interface OBSlider : UISlider`), with no change here
/// but `indexedKinds`.
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
        let name = (folder as NSString).lastPathComponent
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

    /// The checkouts beside the linted paths: in each folder from each path's folder up to `root`
    /// (the project folder), and those that walking the paths met (`met`). Sorted, each once.
    static func folders(linting paths: [String], root: String?, met: [String]) -> [String] {
        var found = Set(met.map(Configuration.absolute))
        if let root {
            let top = Configuration.absolute(root)
            for path in paths {
                var isDirectory: ObjCBool = false
                let absolute = Configuration.absolute(path)
                var folder = FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) && isDirectory.boolValue
                    ? absolute : (absolute as NSString).deletingLastPathComponent
                guard IdiomDetection.isInside(folder, top) else { continue }
                while true {
                    found.formUnion(checkouts(beside: folder))
                    if folder == top || folder == "/" { break }
                    folder = (folder as NSString).deletingLastPathComponent
                }
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
