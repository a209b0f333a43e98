import CatalintKit
import Foundation

/// One project the server lints documents against: a workspace folder (or, for a document outside
/// every folder, the folder the command line would take as its project), with its configuration,
/// its idiom and a `ProjectSession` that keeps the index of its Swift files.
final class Project: @unchecked Sendable {
    let root: String
    let workspace: Workspace
    let session: ProjectSession
    /// The `.catalint.yml` that applies, whether it could be read or not.
    let configurationFile: String?
    /// What is wrong with that file, when it could not be read (the defaults apply meanwhile).
    let configurationProblems: [(position: SourcePosition, message: String)]

    init(root: String, workspace: Workspace, configurationFile: String?, configurationProblems: [(position: SourcePosition, message: String)],
         jobs: Int) {
        self.root = root
        self.workspace = workspace
        self.configurationFile = configurationFile
        self.configurationProblems = configurationProblems
        var options = LintOptions(idiom: workspace.idiom, jobs: jobs, configuration: workspace.configuration,
                                  cacheDirectory: Self.join(root, ".catalint_cache"))
        // The same files as the command line lints, each judged by the targets that build it.
        options.membership = workspace.membership
        options.workerExecutable = LintOptions.ownExecutable
        self.session = ProjectSession(root: root, options: options)
    }

    /// True when `path` is `root` or inside it.
    func contains(_ path: String) -> Bool { Self.isInside(path, root) }

    static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

/// The projects of the workspace folders, and of documents outside them. Used from the server's
/// worker queue only: building a project reads every Swift file of its folder (through the cache).
final class Projects: @unchecked Sendable {
    /// The workspace folders, as paths.
    private(set) var folders: [String] = []
    /// The projects built, by root.
    private var projects: [String: Project] = [:]
    /// For documents outside every folder: the root of the project of each folder they are in.
    private var outside: [String: String] = [:]
    private let jobs: Int
    private let log: @Sendable (String) -> Void
    /// Called with each project built.
    var built: (Project) -> Void = { _ in }

    init(jobs: Int, log: @escaping @Sendable (String) -> Void) {
        self.jobs = jobs
        self.log = log
    }

    /// Sets the workspace folders; the projects of folders no longer there are dropped.
    func setFolders(_ paths: [String]) {
        var unique: [String] = []
        for path in paths where !unique.contains(path) { unique.append(path) }
        folders = unique
        for root in projects.keys where !outside.values.contains(root) && !unique.contains(root) {
            projects[root] = nil
        }
    }

    /// The project that a document at `path` is linted in: its innermost workspace folder's, else
    /// that of the folder the command line would take as its project (the folder of the nearest
    /// `.catalint.yml`, else the git working tree, else the document's folder). Built when first needed.
    func project(for path: String) -> Project {
        if let folder = folders.filter({ Project.isInside(path, $0) }).max(by: { $0.count < $1.count }) {
            return projects[folder] ?? build(root: folder, workspace: nil)
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if let root = outside[directory], let project = projects[root] { return project }
        let (workspace, problems) = openWorkspace(linting: path, cache: .projectFolder)
        outside[directory] = workspace.root
        return projects[workspace.root] ?? build(root: workspace.root, workspace: (workspace, problems))
    }

    /// The innermost project built that holds `path`, if any.
    func existing(for path: String) -> Project? {
        projects.values.filter { $0.contains(path) }.max(by: { $0.root.count < $1.root.count })
    }

    /// Builds the project of every workspace folder that has none yet.
    func prepareFolders() {
        for folder in folders where projects[folder] == nil { _ = build(root: folder, workspace: nil) }
    }

    /// Files changed on disk (saved, created, deleted, changed by another program): Swift files are
    /// read again by the projects that hold them; a change of `.catalint.yml` or of an Xcode project
    /// (which decides the idiom) drops the projects it may apply to, to be built again. Returns
    /// true when any project changed.
    @discardableResult
    func filesChanged(_ paths: [String]) -> Bool {
        var changed = false
        var swiftFiles: [String: [String]] = [:]
        for path in paths {
            if Self.decidesSettings(path) {
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
                for (root, project) in projects
                where project.configurationFile == path || Project.isInside(root, folder) || Project.isInside(folder, root) {
                    log("\(path) changed: the project \(root) is read again")
                    projects[root] = nil
                    changed = true
                }
                outside = [:]
            } else if path.hasSuffix(".swift"), let project = existing(for: path) {
                swiftFiles[project.root, default: []].append(path)
            }
        }
        for (root, files) in swiftFiles {
            guard let project = projects[root] else { continue }
            project.session.filesChanged(files)
            logUnindexed(project)
            changed = true
        }
        return changed
    }

    /// True for the files whose change can change a project's settings or which files it builds:
    /// `.catalint.yml`, an Xcode project, an XcodeGen spec, a package manifest.
    static func decidesSettings(_ path: String) -> Bool {
        let name = URL(fileURLWithPath: path).lastPathComponent
        return name == Configuration.fileName || name == "project.pbxproj" || name == "project.yml" || name == "project.yaml"
            || name == "Package.swift" || path.hasSuffix(".xcodeproj")
    }

    /// The configuration and idiom of a folder or file; the defaults when its `.catalint.yml` is
    /// broken, with what is wrong with it. `cache`: the cache of the project that will be built
    /// (`Project` keeps its files' results in its root's `.catalint_cache`), where the projects'
    /// readings are kept too.
    private func openWorkspace(linting path: String, cache: Workspace.CacheLocation) -> (Workspace, [(position: SourcePosition, message: String)]) {
        do {
            return (try Workspace.open(linting: [path], configuration: .nearest, idiom: nil, cache: cache), [])
        } catch let error as ConfigurationError {
            log("\(error.description)\nthe defaults apply until it is fixed")
            return (fallback(path), error.problems)
        } catch {
            log("\(error); the defaults apply")
            return (fallback(path), [])
        }
    }

    private func fallback(_ path: String) -> Workspace {
        let folder = Workspace.commonFolder(of: [path])
        let root = ConfigurationLoader.discover(from: folder).map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? folder
        return Workspace(configuration: Configuration(directory: root), idiom: IdiomDetection.detect(for: [path]).idiom, root: root,
                         membership: BuildMembership())
    }

    /// Names the files of a project that add nothing to its index, being past their budget.
    private func logUnindexed(_ project: Project) {
        for file in project.session.unindexed {
            log("not indexed: \(file.path): \(file.reason); its declarations are unknown to the documents of \(project.root)")
        }
    }

    private func build(root: String, workspace: (Workspace, [(position: SourcePosition, message: String)])?) -> Project {
        let (opened, problems) = workspace ?? openWorkspace(linting: root, cache: .folder(Project.join(root, ".catalint_cache")))
        let start = Date()
        let configurationFile = opened.configuration.file ?? ConfigurationLoader.discover(from: root)
        let project = Project(root: root, workspace: opened, configurationFile: configurationFile, configurationProblems: problems, jobs: jobs)
        projects[root] = project
        let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
        log("project \(root): configuration \(configurationFile ?? "none (the defaults)"), idiom \(opened.idiom.rawValue), "
            + "\(project.session.fileCount) Swift files indexed in \(seconds) s")
        if let refusal = project.session.cacheRefusal { log("\(refusal); this project goes without a cache") }
        logUnindexed(project)
        built(project)
        return project
    }
}
