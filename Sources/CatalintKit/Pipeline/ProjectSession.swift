import Foundation

/// A long-lived view of one project, for an editor: what each of the project's Swift files says is
/// kept in memory (read through the cache), so that linting a document the user is editing lowers
/// that document alone, against the index of the whole project, in a few milliseconds.
///
/// A document is linted from the editor's text, not the file on disk. Its declarations count in the
/// index while it is open (a subclass the user has just typed is known at once).
public final class ProjectSession: @unchecked Sendable {
    /// The project folder whose Swift files are indexed.
    public let root: String
    public let options: LintOptions
    private let linter: Linter
    /// How each file is read for the index: the same budget and cache as a lint run's, the files
    /// read for their part of the index alone (`FileProcessor.indexOnly`).
    private let processor: FileProcessor
    /// The same for open documents, whose text is not cached (a keystroke's results are not met again).
    private var documentProcessor: FileProcessor
    /// Why the cache folder was refused, when it was.
    public let cacheRefusal: String?
    /// Guards the four fields below.
    private let lock = Locked()
    /// Every indexed file's results, by path.
    private var outputs: [String: FileOutput] = [:]
    /// Open documents' results, by path: their index part replaces the file's on disk.
    private var documents: [String: FileOutput] = [:]
    /// The merged index, recomputed only when a file's index part changes.
    private var mergedIndex: ProjectIndex?
    /// Files past their budget, which add nothing to the index, by path.
    private var unindexedFiles: [String: String] = [:]
    /// The index of the files that are not open, with the paths open when it was merged: a
    /// keystroke in a declaration merges the open documents into it, not every file again.
    private var closedIndex: (open: Set<String>, index: ProjectIndex)?
    /// Every file's path, sorted, while no file comes or goes.
    private var fileList: [String]?
    /// The facts of the apps and extensions (for the rules about whole targets), with the files and
    /// the Info.plist files (and their stamps) they were made from: made again when one changes.
    private var targetsKept: (files: [String], plists: [String: ResultCache.Stamp?], targets: [TargetFact])?
    /// The last parse of the Swift documents linted most recently, by path, the most recent last:
    /// a keystroke is parsed from it (`ParseMemory`). At most `keptParses` are kept, so that an
    /// editor with many documents open does not hold a tree for each.
    private var parseMemories: [(path: String, memory: ParseMemory)] = []
    static let keptParses = 8

    /// The paths whose last parse is kept, the most recent last.
    var parsesKept: [String] { lock.withLock { parseMemories.map(\.path) } }

    public init(root: String, options: LintOptions) {
        self.root = root
        self.options = options
        self.linter = Linter(options: options)
        // With Objective-C in the project, its files are parsed the way a run parses them.
        let objectiveC = Self.indexedFiles(under: root, options: options).filter { options.configuration.inputKind($0) == .objectiveC }
        var sessionOptions = options
        if sessionOptions.indexRoot == nil { sessionOptions.indexRoot = root }
        let objc = objectiveC.isEmpty ? nil : Linter(options: sessionOptions).objcEnvironment(for: objectiveC)
        // The rules from the cache's binary form, as a lint's (`RuleCatalog.load`), unless something loaded them already.
        _ = RuleCatalog.load(keptIn: options.cacheDirectory)
        (processor, cacheRefusal) = linter.makeIndexProcessor(objc: objc)
        documentProcessor = processor
        documentProcessor.indexOnly = false
        documentProcessor.indexCache = nil
        documentProcessor.cachesTexts = false
        reload()
    }

    /// The files of the project whose declarations count: Swift and Objective-C files it builds.
    private static func indexedFiles(under root: String, options: LintOptions, checkouts: CheckoutsMet? = nil) -> [String] {
        (try? FileDiscovery.files(in: [root], configuration: options.configuration, checkouts: checkouts))?.filter { path in
            let kind = options.configuration.inputKind(path)
            return (kind == .swift || kind == .objectiveC) && options.admits(path)
        } ?? []
    }

    /// Reads the project's Swift and Objective-C files again (new, changed and deleted ones), through the cache.
    public func reload() {
        let met = CheckoutsMet()
        let files = Self.indexedFiles(under: root, options: options, checkouts: met)
        // The dependencies checked out beside the project, for their declarations.
        let dependencies = DependencyCheckouts.indexableFiles(in: DependencyCheckouts.folders(linting: files, root: root, met: met.folders) {
            self.options.membership?.judgement(of: $0)?.project
        })
            .filter { options.admits($0.path) }
        let read = processor.outputs(for: (files.map { FileInput(path: $0, kind: options.configuration.inputKind($0) ?? .swift) } + dependencies)
            .map(linter.withLanguageMode), jobs: options.jobs)
        processor.cache?.save()
        processor.indexCache?.save()
        lock.withLock {
            outputs = Dictionary(read.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            unindexedFiles = Dictionary(read.compactMap { output in output.skippedReason.map { (output.path, $0) } },
                                        uniquingKeysWith: { first, _ in first })
            mergedIndex = nil
            closedIndex = nil
            fileList = nil
            targetsKept = nil
        }
    }

    /// Reads some files again after they changed on disk (a save, a change another program made).
    public func filesChanged(_ paths: [String]) {
        let swiftFiles = paths.filter { path in
            let kind = options.configuration.inputKind(path)
            return (kind == .swift || kind == .objectiveC) && options.admits(path)
        }
        let existing = swiftFiles.filter { ResultCache.stamp(of: $0) != nil }
        let read = Dictionary(processor.outputs(for: existing.map { linter.withLanguageMode(FileInput(path: $0, kind: options.configuration.inputKind($0) ?? .swift)) },
                                                jobs: options.jobs).map { ($0.path, $0) },
                              uniquingKeysWith: { first, _ in first })
        processor.cache?.save()
        processor.indexCache?.save()
        lock.withLock {
            for path in swiftFiles {
                let output = read[path]
                if outputs[path]?.index != output?.index {
                    mergedIndex = nil
                    closedIndex = nil
                }
                if (outputs[path] == nil) != (output == nil) { fileList = nil }
                outputs[path] = output
                unindexedFiles[path] = output?.skippedReason
            }
        }
    }

    /// The project's files that add nothing to the index, being past their budget, sorted by path.
    public var unindexed: [UnindexedFile] {
        lock.withLock { unindexedFiles.sorted { $0.key < $1.key }.map { UnindexedFile(path: $0.key, reason: $0.value) } }
    }

    /// Lints a document from the editor's text, as if it were the file at `path`.
    public func lint(path: String, text: String) -> LintResult {
        guard !options.configuration.isExcluded(path), options.admits(path), let kind = options.configuration.inputKind(path) else {
            return LintResult(diagnostics: [], paths: [])
        }
        var input = linter.withLanguageMode(FileInput(path: path, kind: kind, text: text))
        if kind == .swift {
            input.parseMemory = lock.withLock {
                let memory = parseMemories.first(where: { $0.path == path })?.memory ?? ParseMemory()
                parseMemories.removeAll { $0.path == path }
                parseMemories.append((path, memory))
                if parseMemories.count > Self.keptParses { parseMemories.removeFirst(parseMemories.count - Self.keptParses) }
                return memory
            }
        }
        // On a thread of its own, with the budget's backstop, like any file of a run.
        let output = documentProcessor.outputs(for: [input], jobs: 1)[0]
        let (index, files) = lock.withLock {
            let previous = documents[path]?.index ?? outputs[path]?.index
            if previous != output.index { mergedIndex = nil }
            if documents[path] == nil && outputs[path] == nil { fileList = nil }
            documents[path] = output
            if fileList == nil { fileList = Array(Set(outputs.keys).union(documents.keys)).sorted() }
            return (currentIndex(), fileList ?? [])
        }
        // The rules about whole targets: what the document's app says of it (its app delegate).
        let found = linter.targetFindings(targets(of: files), index: index)
        return LintResult(diagnostics: linter.diagnose([output], index: index, recording: false, targets: found).diagnostics, paths: [path])
    }

    /// The document's text with its fixes applied a round at a time, linting again after each (the
    /// editor's `source.fixAll`): the safe ones, or with `unsafe` every one; with the fixes applied.
    /// The session keeps `text` as the document's.
    public func fixAll(path: String, text: String, unsafe: Bool = false, rounds: Int = 10) -> (text: String, fixes: [AppliedFix]) {
        var current = text
        var fixes: [AppliedFix] = []
        for _ in 0..<rounds {
            let diagnostics = lint(path: path, text: current).diagnostics.filter { $0.position.path == path }
            let round = Fixer.round(diagnostics, unsafe: unsafe, linter: linter) { $0 == path ? current : nil }
            guard let fixed = round.texts[path], fixed != current else { break }
            current = fixed
            fixes += round.fixes
        }
        if current != text { _ = lint(path: path, text: text) }
        return (current, fixes)
    }

    /// Forgets an open document: the file on disk counts again.
    public func close(path: String) {
        lock.withLock {
            parseMemories.removeAll { $0.path == path }
            if let document = documents.removeValue(forKey: path), document.index != outputs[path]?.index { mergedIndex = nil }
            if outputs[path] == nil { fileList = nil }
        }
    }

    /// The facts of the project's apps and extensions for `files`: kept while the files and the
    /// Info.plist files they were made from are the same (a stamp read a plist, not the plist).
    private func targets(of files: [String]) -> [TargetFact] {
        guard let membership = options.membership else { return [] }
        if let kept = lock.withLock({ targetsKept }), kept.files == files, kept.plists.allSatisfy({ ResultCache.stamp(of: $0.key) == $0.value }) {
            return kept.targets
        }
        let targets = membership.targets(of: files, seeing: [root])
        var plists: [String: ResultCache.Stamp?] = [:]
        for name in targets.flatMap(\.infoPlists) {
            let plist = Configuration.absolute(name)
            plists[plist] = ResultCache.stamp(of: plist)
        }
        lock.withLock { targetsKept = (files, plists, targets) }
        return targets
    }

    /// The index of every file, open documents in place of their files on disk. The lock is held.
    private func currentIndex() -> ProjectIndex {
        if let mergedIndex { return mergedIndex }
        let open = Set(documents.keys)
        var index: ProjectIndex
        if let closedIndex, closedIndex.open == open {
            index = closedIndex.index
        } else {
            index = ProjectIndex()
            for (path, output) in outputs.sorted(by: { $0.key < $1.key }) where documents[path] == nil { index.merge(output.index) }
            closedIndex = (open, index)
        }
        for (_, document) in documents.sorted(by: { $0.key < $1.key }) { index.merge(document.index) }
        _ = index.declare(superclasses: options.configuration.superclasses)
        mergedIndex = index
        return index
    }

    /// How many files are indexed.
    public var fileCount: Int {
        lock.withLock { outputs.count }
    }
}
