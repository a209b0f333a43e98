import Foundation

/// How a lint run is set up.
public struct LintOptions: Sendable {
    /// The idiom the app runs in, or is about to switch to, on the Mac.
    public var idiom: Idiom
    /// How many files are processed at once.
    public var jobs: Int
    /// When set, only the rules these pick report (`--select`: ids, categories, prefixes, `ALL`),
    /// the tool's own rules (`invalid-swift`, `unused-suppression`, ...) as much as the others.
    public var onlyRules: Set<String>? { didSet { resolveSelection() } }
    /// Rules that never report (`--ignore`).
    public var ignoredRules: Set<String> { didSet { resolveSelection() } }
    /// Rules that report in this run besides the others (`--extend-select`): opt-in ones, say.
    public var extendedRules: Set<String> = [] { didSet { resolveSelection() } }
    /// Preview rules report (`--preview`); nil: as the configuration's `preview:` says.
    public var preview: Bool? { didSet { resolveSelection() } }
    /// `.catalint.yml`, or the defaults.
    public var configuration: Configuration { didSet { resolveSelection() } }
    /// Which rules report: the configuration's selectors, then the command line's.
    public private(set) var selection = RuleSelection()
    /// A folder whose other Swift files are indexed (not linted), so that linting a few files (from
    /// pre-commit, an editor, `--changed`) still knows the classes declared in the rest of the project.
    public var indexRoot: String?
    /// Where each file's results are cached between runs (`.catalint_cache/` at the project root,
    /// `--cache-dir`); nil for no cache (`--no-cache`).
    public var cacheDirectory: String?
    /// Called as files are done, with how many are done and how many there are, from worker threads.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Which files the projects build and how their targets run (`Workspace.membership`): files no
    /// target builds are left out, and each file is judged in its targets' idiom. Nil: every file
    /// is linted in `idiom`.
    public var membership: BuildMembership?

    /// The project folder: dependency checkouts (`Pods/`, `Carthage/Checkouts/`, SwiftPM's) in it or
    /// in a folder between it and the linted paths are read for the project index
    /// (`DependencyCheckouts`); nil to read only those the walk of the linted folders meets.
    public var dependencyRoot: String?
    /// Work out, for `--verbose`, the classes whose superclass nothing declares
    /// (`LintResult.typeNotes`): the project index is then put together even when nothing changed.
    public var describesTypes = false
    /// Texts that stand in for files on disk, by absolute path: what a run would find once fixes or
    /// suppression comments are written (`--diff` shows them without writing anything).
    public var overlay: [String: String] = [:]

    /// True when the process ends soon after the run (the command line): the run's large values
    /// (the snapshots, the cache's entries, every file's results) are then left for the process's
    /// end to reclaim instead of being freed one by one (38M instructions, a tenth of the main
    /// thread of a run with one changed file in a large tree). False for the language server and
    /// for programs that use the library.
    public var endsWithTheProcess = false

    /// catalint's executable, to process files in worker processes that can be stopped past the
    /// budget (`LintOptions.ownExecutable`); nil to process them on threads of this process.
    public var workerExecutable: String?

    /// This process's executable when it is catalint, which can serve as a worker (the command
    /// line and the language server); nil otherwise (tests, other programs using the library).
    public static var ownExecutable: String? { FileWorkers.ownExecutable }

    public init(idiom: Idiom = .mac, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, onlyRules: Set<String>? = nil,
                ignoredRules: Set<String> = [], configuration: Configuration = Configuration(), indexRoot: String? = nil,
                cacheDirectory: String? = nil) {
        self.idiom = idiom
        self.jobs = max(1, jobs)
        self.onlyRules = onlyRules
        self.ignoredRules = ignoredRules
        self.configuration = configuration
        self.indexRoot = indexRoot
        self.cacheDirectory = cacheDirectory
        resolveSelection()
    }

    private mutating func resolveSelection() {
        let command = RuleSelection.Layer(select: onlyRules.map { $0.sorted() }, extendSelect: extendedRules.sorted(), ignore: ignoredRules.sorted())
        selection = RuleSelection(layers: [configuration.selection, command], preview: preview ?? configuration.preview)
    }

    /// The severity of `rule` in the file at `path`, or nil when it does not report there: none
    /// where the file's targets never meet what the rule is about (see `idiom(of:at:)`); the
    /// rule's default (a note in the pad idiom for rules about exceptions in the Mac idiom; none
    /// for an opt-in rule that nothing asked for), then the configuration's `rules:` and
    /// `overrides:`; none for a rule that the selection (`select:`, `--select`, `--extend-select`,
    /// `--ignore` and the like, see `RuleSelection`) turns off.
    public func severity(of rule: RuleDefinition, at path: String) -> Severity? {
        let decision = selection.decision(for: rule)
        if decision == false { return nil }
        guard let idiom = idiom(of: rule, at: path) else { return nil }
        if let level = configuration.level(of: rule.id, at: path) { return level.severity }
        if rule.optIn && decision == nil { return nil }
        if idiom == .pad && rule.breaksIn == .macIdiom { return .note }
        return rule.severity
    }
}

/// What to lint.
public enum LintInputs: Sendable {
    /// Files and folders as the user named them: folders are walked for lintable files that the
    /// configuration includes; files are taken as they are unless excluded.
    case paths([String])
    /// Exactly these files (already found, e.g. by `--changed`), unless excluded.
    case files([String])
    /// Text to lint as if it were the file at each path (standard input, an editor's buffer, tests).
    case sources([(path: String, text: String)])
}

/// The outcome of a lint run.
public struct LintResult: Sendable {
    /// Sorted by path, line, column.
    public var diagnostics: [Diagnostic]
    /// The files that were read (or tried), sorted.
    public var paths: [String]
    /// How many files (linted, or read for the project index) came from the cache, and how many
    /// were looked up in it; nil without a cache.
    public var cache: (hits: Int, lookups: Int)?
    /// What the projects said of the files (which target judged each, which were left out); nil
    /// without `LintOptions.membership`.
    public var build: BuildReport?
    /// Files read only for the project index that are past their budget, so the index lacks their
    /// declarations (`-v` names them), sorted by path.
    public var unindexed: [UnindexedFile] = []
    /// What the user should know about the run itself (a cache folder refused), for standard error.
    public var warnings: [String] = []
    /// For `--verbose` (with `LintOptions.describesTypes`): the classes of the linted files whose
    /// chain of superclasses ends at a class that neither the project, its dependency checkouts nor
    /// the configuration's `superclasses:` declare, and the configuration's entries that replace a
    /// superclass the project declares; a sentence each, sorted.
    public var typeNotes: [String] = []
    /// For a run with Objective-C files: the libclang it loaded (`path (version)`), or why it
    /// loaded none.
    public var libclang: String?
    /// The dependency checkouts read for the project index, and how many of their files were read.
    public var dependencies: (folders: [String], files: Int) = ([], 0)
    /// With a cache: how many files (linted or read for the index) changed since the last run of
    /// the same kind, and were read again; the others were not read at all.
    public var reread: Int?

    public init(diagnostics: [Diagnostic], paths: [String]) {
        self.diagnostics = diagnostics
        self.paths = paths
    }

    /// How many files were read (or tried).
    public var filesChecked: Int { paths.count }

    /// Findings left out of `diagnostics` by `--max-diagnostics`: counted in the summaries and the
    /// exit status, not listed.
    public var omitted: [Diagnostic] = []

    /// How many findings of a severity there are, listed or not.
    public func count(_ severity: Severity) -> Int {
        diagnostics.filter { $0.severity == severity }.count + omitted.filter { $0.severity == severity }.count
    }

    /// How many files have at least one diagnostic, listed or not.
    public var filesWithDiagnostics: Int { Set((diagnostics + omitted).map(\.position.path)).count }

    /// The result with the first `limit` diagnostics listed and the rest in `omitted`.
    public func limited(to limit: Int) -> LintResult {
        guard diagnostics.count > limit else { return self }
        var result = self
        result.diagnostics = Array(diagnostics.prefix(max(limit, 0)))
        result.omitted = Array(diagnostics.dropFirst(max(limit, 0))) + omitted
        return result
    }
}

/// Runs the pipeline: read and parse every file, index the project, lower each file into facts,
/// run the rules over the facts, apply levels and suppression comments, and sort what is left.
public struct Linter: Sendable {
    public var options: LintOptions

    public init(options: LintOptions = LintOptions()) {
        self.options = options
    }

    /// Lints `inputs`, the one way into the pipeline for the command line, editors and tests:
    /// finds the files (throwing `LintError` for a path that does not exist or is not lintable),
    /// reads them, and returns the findings, sorted.
    public func lint(_ inputs: LintInputs) throws -> LintResult {
        // The rule catalogue is loaded on another thread while this one finds the files and asks
        // their projects about them, which needs no rule; the first use of the rules waits for it.
        // With a cache, from the binary form kept there (`RuleCatalogEntry`), not the rules' YAML,
        // whichever thread loads it first.
        RuleCatalog.willLoad(keptIn: options.cacheDirectory)
        DispatchQueue.global(qos: .userInitiated).async { _ = RuleCatalog.all }
        let configuration = options.configuration
        let files: [FileInput]
        let met = CheckoutsMet()
        switch inputs {
        case .paths(let paths):
            files = try FileDiscovery.files(in: paths, configuration: configuration, checkouts: met)
                .map { FileInput(path: $0, kind: kind(of: $0), text: overlaid($0)) }
        case .files(let paths):
            files = paths.filter { !configuration.isExcluded($0) }.sorted().map { FileInput(path: $0, kind: kind(of: $0), text: overlaid($0)) }
        case .sources(let sources):
            files = sources.filter { !configuration.isExcluded($0.path) }.map { FileInput(path: $0.path, kind: kind(of: $0.path), text: $0.text) }
        }
        // Files that no target of their project builds are left out, however they were named. Their
        // projects are read on another thread as this one judges the files (a run with one file
        // changed in a tree of 35 projects spent a fifth of its time reading them).
        options.membership?.readProjectsAhead(above: files.map(\.path))
        let linted = files.filter { options.admits($0.path) }.map(withLanguageMode)
        let runKind: String
        switch inputs {
        case .paths(let paths): runKind = "paths " + paths.joined(separator: "\u{0}")
        case .files, .sources: runKind = "files " + linted.map(\.path).sorted().joined(separator: "\u{0}")
        }
        let others = indexOnlyFiles(excluding: Set(linted.map { Configuration.absolute($0.path) }), checkouts: met)
        let checkouts = DependencyCheckouts.folders(linting: linted.map(\.path), root: options.dependencyRoot ?? options.indexRoot, met: met.folders) {
            options.membership?.judgement(of: $0)?.project
        }
        let dependencies = DependencyCheckouts.indexableFiles(in: checkouts).filter { options.admits($0.path) }.map(withLanguageMode)
        var folders: [String] = []
        if case .paths(let paths) = inputs {
            folders = paths.filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            }
        }
        var (result, outside) = lint(linted, kind: runKind, others: others + dependencies, wholeFolders: folders)
        result.dependencies = (checkouts, dependencies.count)
        // A finding in a project file (a build setting that generates an Info.plist key) is
        // reported when the folder linted holds that file.
        if case .paths(let paths) = inputs {
            let folders = paths.map(Configuration.absolute)
            let shown = outside.filter { found in
                let path = Configuration.absolute(found.finding.position.path)
                return InputKind(path: path) == nil && folders.contains { IdiomDetection.isInside(path, $0) }
            }
            result.diagnostics = (result.diagnostics + outsideDiagnostics(shown)).sorted()
        }
        result.build = options.membership?.report(linted: linted.map(\.path), leftOut: files.filter { !options.admits($0.path) }.map(\.path),
                                                   idiom: options.idiom)
        return result
    }

    /// The input with the language mode its project builds it in.
    func withLanguageMode(_ input: FileInput) -> FileInput {
        guard input.kind == .swift, let mode = options.membership?.judgement(of: input.path)?.languageMode else { return input }
        var input = input
        input.languageMode = mode
        return input
    }

    /// The text that stands in for the file at `path`, if any.
    private func overlaid(_ path: String) -> String? {
        options.overlay.isEmpty ? nil : options.overlay[Configuration.absolute(path)]
    }

    private func kind(of path: String) -> InputKind {
        options.configuration.inputKind(path) ?? .swift
    }

    /// Lints `inputs`, reading again only what changed since the last run of the same `kind` (the
    /// paths as named), when there is a cache: see `RunSnapshot`. The result is the same either way.
    func lint(_ inputs: [FileInput], kind: String = "", others: [FileInput]? = nil, wholeFolders: [String] = []) -> (result: LintResult, outside: [TargetFinding]) {
        let others = others ?? indexOnlyFiles(excluding: Set(inputs.map { Configuration.absolute($0.path) }), checkouts: nil)
        let objectiveC = (inputs + others).filter { $0.kind == .objectiveC }.map(\.path)
        let objc = objectiveC.isEmpty ? nil : objcEnvironment(for: objectiveC)
        if options.endsWithTheProcess { KeptUntilExit.release() }
        let (processor, cacheRefusal) = makeProcessor(objc: objc)
        let runKey = processor.cache.map { self.snapshotKey(kind: kind, cacheKey: $0.key) }
        let previous = runKey.flatMap { key in processor.cache.flatMap { RunSnapshot.load(RunSnapshot.file(in: $0.directory, key: key), key: key) } }
        var run = IncrementalRun(linter: self, processor: processor, previous: previous ?? RunSnapshot(), recording: runKey != nil)
        run.wholeFolders = wholeFolders
        var result = run.lint(inputs, others: others)
        // The cache's entries and the run's snapshot are written side by side, on two threads.
        let saving = DispatchGroup()
        if let cache = processor.cache { DispatchQueue.global(qos: .userInitiated).async(group: saving) { cache.save() } }
        processor.workers?.stopAll()
        if let runKey, let cache = processor.cache, run.changed || previous == nil { run.snapshot.save(in: cache.directory, key: runKey) }
        saving.wait()
        if let cacheRefusal { result.warnings.append(cacheRefusal + "; this run goes without a cache") }
        if let objc {
            if let loaded = objc.library?.loadedLibrary {
                result.libclang = "\(loaded.path) (\(loaded.version))"
            } else if !objc.isMissingLibrary {
                result.libclang = "\(objc.library?.expected ?? "?") not loaded: no Objective-C file needed parsing"
            }
        }
        if let objc, objc.isMissingLibrary {
            let count = inputs.filter { $0.kind == .objectiveC }.count
            if count > 0 { result.warnings.append(ObjCEnvironment.notLintedWarning(count: count, tried: objc.tried)) }
        }
        if let cache = processor.cache {
            // Files whose results came from the snapshot or the cache, of all the run read or indexed.
            result.cache = (run.files - cache.misses, run.files)
        }
        if options.endsWithTheProcess { KeptUntilExit.keep(run, previous as Any, processor) }
        return (result, run.outside)
    }

    /// The key of the snapshot of a kind of run: the cache's key (catalint's build, the settings of
    /// lowering) and everything else that decides a file's diagnostics: the idiom, the rules asked
    /// for, the configuration (its file's bytes), the working folder that paths are spelled from.
    private func snapshotKey(kind: String, cacheKey: UInt64) -> UInt64 {
        var hasher = StableHash()
        hasher.add(Int(bitPattern: UInt(cacheKey)))
        let configuration = options.configuration
        let configurationBytes = configuration.file.flatMap { FileManager.default.contents(atPath: $0) }.map { Array($0) } ?? []
        let parts = [kind, FileManager.default.currentDirectoryPath, options.idiom.rawValue,
                     options.onlyRules.map { $0.sorted().joined(separator: ",") } ?? "*", options.ignoredRules.sorted().joined(separator: ","),
                     options.extendedRules.sorted().joined(separator: ","), options.preview.map { "\($0)" } ?? "",
                     configuration.file ?? "", configuration.directory,
                     options.indexRoot ?? ""]
        hasher.add(Array(parts.joined(separator: "\u{1}").utf8))
        hasher.add(configurationBytes)
        return hasher.value
    }

    /// What diagnosing some files found: the diagnostics, sorted; and, when recorded, for each file
    /// what its findings rest on in other files and what it tells them (`RunSnapshot`).
    struct Diagnosis {
        var diagnostics: [Diagnostic] = []
        var imports: [String: Set<String>] = [:]
        var exports: [String: [String: UInt64]] = [:]
    }

    /// The diagnostics of some files, given what each file said and the index of the whole project:
    /// their facts resolved, the rules run at the severity each has in each file, the suppression
    /// comments applied; sorted.
    func diagnose(_ outputs: [FileOutput], index: ProjectIndex) -> [Diagnostic] {
        diagnose(outputs, index: index, recording: false).diagnostics
    }

    /// The objects shared with other files that a file's facts touch, as tokens.
    func sharedObjects(of output: FileOutput, index: ProjectIndex) -> Set<String> {
        var own = UIFacts()
        Resolution(index: index).add(output.facts, own: (output.path, output.index), to: &own)
        return Set(own.objects.keys.filter(\.isShared).map(\.token) + own.arguments.flatMap(\.objectsTouched).filter(\.isShared).map(\.token))
    }

    /// A finding of a rule about whole targets (`TargetFact`): made once per run from the projects
    /// and the index, and reported with the diagnostics of the file it points at.
    struct TargetFinding: Sendable {
        var rule: String
        var finding: Finding

        /// What the diagnostic will say, for a run's snapshot to notice a change.
        var signature: String {
            let definition = RuleCatalog.rule(rule)
            return "\(rule) \(finding.position) \(definition?.message(for: finding) ?? "") \(definition?.help(for: finding) ?? "")"
        }
    }

    /// The findings of the rules about whole targets: their Info.plist, and the declarations of the
    /// files they build as the whole project's index has them. Sorted by position.
    func targetFindings(_ targets: [TargetFact], index: ProjectIndex) -> [TargetFinding] {
        guard !targets.isEmpty else { return [] }
        var facts = UIFacts()
        facts.targets = targets
        facts.declarations = index.declarations.map { declaration in
            var declaration = declaration
            declaration.superclasses = Array(index.classChain(of: declaration.name).dropFirst())
            return declaration
        }
        var found: [TargetFinding] = []
        for definition in RuleCatalog.all {
            guard let logic = RuleRegistry.logic[definition.id] else { continue }
            for finding in logic.run(on: facts, knowledge: definition.uikit, options: options.configuration.rules[definition.id]?.options) {
                found.append(TargetFinding(rule: definition.id, finding: finding))
            }
        }
        return found.sorted { ($0.finding.position, $0.rule) < ($1.finding.position, $1.rule) }
    }

    /// The diagnostic of a rule's finding, at the severity the rule has where it points; nil where
    /// it does not report.
    private func diagnostic(_ definition: RuleDefinition, _ finding: Finding, excerpt: SourceExcerpt?) -> Diagnostic? {
        guard let severity = options.severity(of: definition, at: finding.position.path) else { return nil }
        return Diagnostic(rule: definition.id, severity: severity, position: finding.position, message: definition.message(for: finding),
                          help: definition.help(for: finding), excerpt: excerpt, fix: definition.fix(for: finding))
    }

    /// The diagnostics of target findings that point at no file of the run (a build setting in a
    /// `project.pbxproj` or an `.xcconfig`), with the line they point at read from the file.
    func outsideDiagnostics(_ findings: [TargetFinding]) -> [Diagnostic] {
        var sources: [String: SourceText?] = [:]
        return findings.compactMap { found in
            guard let definition = RuleCatalog.rule(found.rule) else { return nil }
            let path = found.finding.position.path
            if sources[path] == nil {
                sources[path] = .some(FileManager.default.contents(atPath: path).map { SourceText(path: path, text: String(decoding: $0, as: UTF8.self)) })
            }
            let excerpt = sources[path]!.flatMap { source in
                found.finding.position.line <= source.lineCount ? SourceExcerpt(source, at: found.finding.position) : nil
            }
            return diagnostic(definition, found.finding, excerpt: excerpt)
        }
    }

    /// `targets`: the findings of the rules about whole targets, of which those in these files are
    /// reported with them.
    func diagnose(_ outputs: [FileOutput], index: ProjectIndex, recording: Bool, targets: [TargetFinding] = []) -> Diagnosis {
        // 3. What each file said, resolved against the whole project.
        var diagnosis = Diagnosis()
        let resolution = Resolution(index: index)
        var facts = UIFacts()
        var problems: [InputProblem] = []
        var suppressions: [String: [SuppressionDirective]] = [:]
        var excerpts: [String: [ExcerptKey: SourceExcerpt]] = [:]
        for output in outputs {
            if recording {
                // Resolved on its own first, to see what it reads of other files and which shared
                // objects it tells them about; merged into the whole as `add` would.
                let log = ReadLog()
                var own = UIFacts()
                Resolution(index: index, log: log).add(output.facts, own: (output.path, output.index), to: &own)
                var exports: [String: UInt64] = [:]
                for (id, object) in own.objects where id.isShared { exports[id.token] = digest(object) }
                for argument in own.arguments {
                    for object in argument.objectsTouched where object.isShared {
                        exports[object.token] = (exports[object.token] ?? 0) &+ digest(argument)
                    }
                }
                diagnosis.imports[output.path] = Set(log.names.map(\.token)).union(exports.keys)
                diagnosis.exports[output.path] = exports
                facts.merge(own)
            } else {
                resolution.add(output.facts, own: (output.path, output.index), to: &facts)
            }
            problems += output.problems
            if !output.suppressions.isEmpty { suppressions[output.path] = output.suppressions }
            excerpts[output.path] = output.excerpts
        }
        // 4. Run the rules over the facts, at the severity each has in each file.
        var diagnostics = problems.compactMap { diagnostic(for: $0, excerpts: excerpts) }
        for definition in RuleCatalog.all {
            guard let logic = RuleRegistry.logic[definition.id] else { continue }
            for finding in logic.run(on: facts, knowledge: definition.uikit, options: options.configuration.rules[definition.id]?.options) {
                if let diagnostic = diagnostic(definition, finding, excerpt: Self.excerpt(finding.position, excerpts)) { diagnostics.append(diagnostic) }
            }
        }
        let paths = Set(outputs.map(\.path))
        for found in targets where paths.contains(found.finding.position.path) {
            guard let definition = RuleCatalog.rule(found.rule),
                  let diagnostic = diagnostic(definition, found.finding, excerpt: Self.excerpt(found.finding.position, excerpts)) else { continue }
            diagnostics.append(diagnostic)
        }
        // 5. Apply the suppression comments, and report the comments themselves where they are wrong.
        let options = self.options
        let filter = SuppressionFilter(knownRules: Set(RuleCatalog.all.map(\.id))) { rule, path in
            RuleCatalog.rule(rule).flatMap { options.severity(of: $0, at: path) } != nil
        }
        let (kept, commentProblems) = filter.apply(diagnostics, directives: suppressions)
        diagnostics = kept + commentProblems.compactMap { diagnostic(for: $0, excerpts: excerpts) }
        diagnosis.diagnostics = Array(Set(diagnostics)).sorted()
        return diagnosis
    }

    /// The vocabulary of this run's lowering: from the rules and the options.
    var vocabulary: LoweringVocabulary {
        LoweringVocabulary(rules: RuleCatalog.all, options: options.configuration.rules.compactMapValues(\.options))
    }

    /// The key of the cache that belongs to this run's lowering settings (asked only with a cache:
    /// the vocabulary's fingerprint is its whole encoding).
    func cacheKey(_ vocabulary: LoweringVocabulary, objc: ObjCEnvironment? = nil, indexOnly: Bool = false) -> UInt64 {
        // Without options for the rules the vocabulary is the built-in rules', which the running
        // executable's identity (in every key) already stands for: its encoding, sorted for a
        // digest, was 26M instructions of every run.
        let builtIn = options.configuration.rules.allSatisfy { $0.value.options == nil } && ResultCache.executableIdentity != nil
        var settings = (builtIn ? Array("built-in vocabulary".utf8) : vocabulary.fingerprint)
            + Array("\(options.configuration.limits.fingerprint) swift \(options.configuration.swiftVersion)".utf8)
        if let objc { settings += Array(" objc ".utf8) + objc.fingerprint }
        // Results made for the index alone are kept apart from a lint's (`FileProcessor.indexOnly`).
        if indexOnly { settings += Array(" index only".utf8) }
        return ResultCache.key(settings: settings)
    }

    /// How this run parses the Objective-C files at `paths`: the project's headers are searched for
    /// under the index root, else under the folder that holds them all.
    func objcEnvironment(for paths: [String]) -> ObjCEnvironment {
        let root = options.indexRoot ?? Self.commonFolder(of: paths.map(Configuration.absolute))
        var environment = ObjCEnvironment.make(vocabulary: vocabulary, root: root, configuredLibrary: options.configuration.objcLibrary)
        environment.settings.prefixHeaders = options.configuration.objcPrefixHeaders
        environment.settings.definitions = options.configuration.objcDefinitions
        if let membership = options.membership { environment.targetSettings = membership.objcTargetSettings(for: paths) }
        return environment
    }

    /// The deepest folder that holds every path.
    static func commonFolder(of paths: [String]) -> String? {
        guard var common = paths.first.map({ IdiomDetection.parent(of: $0) }) else { return nil }
        for path in paths.dropFirst() {
            while !IdiomDetection.isInside(path, common) && common != "/" && !common.isEmpty { common = IdiomDetection.parent(of: common) }
        }
        return common.isEmpty ? nil : common
    }

    /// How this run processes each file: its lowering settings, its budget and its cache; with why
    /// the cache folder was refused, when it was.
    func makeProcessor(objc: ObjCEnvironment? = nil) -> (processor: FileProcessor, cacheRefusal: String?) {
        let vocabulary = self.vocabulary
        let opened = options.cacheDirectory.map { ResultCache.open(directory: $0, key: cacheKey(vocabulary, objc: objc)) }
        let limits = options.configuration.limits
        let swiftVersion = options.configuration.swiftVersion
        let workers = options.workerExecutable.map {
            FileWorkers(executable: $0, vocabulary: vocabulary, limits: limits, swiftVersion: swiftVersion, objc: objc)
        }
        let processor = FileProcessor(vocabulary: vocabulary, limits: limits, swiftVersion: swiftVersion, cache: opened?.cache, workers: workers,
                                      objc: objc)
        return (processor, opened?.refusal)
    }

    /// A processor that reads files for their part of the project index alone, taking a lint's
    /// results from the cache when there are and keeping its own apart (`FileProcessor.indexOnly`).
    func makeIndexProcessor(objc: ObjCEnvironment? = nil) -> (processor: FileProcessor, cacheRefusal: String?) {
        var (processor, refusal) = makeProcessor(objc: objc)
        processor.indexOnly = true
        if processor.cache != nil, let directory = options.cacheDirectory {
            processor.indexCache = ResultCache(directory: directory, key: cacheKey(vocabulary, objc: objc, indexOnly: true))
        }
        return (processor, refusal)
    }

    /// The Swift and Objective-C files under `indexRoot` that are not linted in this run (and not excluded); the
    /// dependency checkouts the walk meets are noted in `checkouts`. A lint processes them whole, not
    /// for the index alone as the language server does (`FileProcessor.indexOnly`): their results go
    /// to the lint's cache, where the next lint of them finds them.
    private func indexOnlyFiles(excluding linted: Set<String>, checkouts: CheckoutsMet?) -> [FileInput] {
        guard let root = options.indexRoot,
              let all = try? FileDiscovery.files(in: [root], configuration: options.configuration, checkouts: checkouts) else { return [] }
        return all.filter { path in
            let kind = options.configuration.inputKind(path)
            return (kind == .swift || kind == .objectiveC) && !linted.contains(Configuration.absolute(path)) && options.admits(path)
        }
        .map { withLanguageMode(FileInput(path: $0, kind: self.kind(of: $0), text: overlaid($0))) }
    }

    private func diagnostic(for problem: InputProblem, excerpts: [String: [ExcerptKey: SourceExcerpt]]) -> Diagnostic? {
        guard let definition = RuleCatalog.rule(problem.rule),
              let severity = options.severity(of: definition, at: problem.position.path) else { return nil }
        return Diagnostic(rule: problem.rule, severity: severity, position: problem.position,
                          message: definition.render(definition.message, problem.values),
                          help: definition.render(definition.help, problem.values),
                          excerpt: Self.excerpt(problem.position, excerpts))
    }

    private static func excerpt(_ position: SourcePosition, _ excerpts: [String: [ExcerptKey: SourceExcerpt]]) -> SourceExcerpt? {
        excerpts[position.path]?[ExcerptKey(line: position.line, column: position.column)]
    }
}

/// Why a file could not be linted.
struct ReadFailure: Error, Sendable {
    var reason: String
}

/// A file to lint: its path and kind, and its text when it does not come from disk (standard input,
/// an editor's buffer).
struct FileInput: Sendable {
    var path: String
    var kind: InputKind
    var text: String?
    /// For Swift: the language mode its project builds it in (`BuildJudgement.languageMode`).
    var languageMode: LanguageMode = .compilerDefault
    /// For an editor's Swift document: its last parse, to parse this text from.
    var parseMemory: ParseMemory?
}

/// Counts the files done, for a progress line.
final class ProgressCounter: @unchecked Sendable {
    private let total: Int
    private let report: (@Sendable (Int, Int) -> Void)?
    private let done = Locked(0)

    init(total: Int, report: (@Sendable (Int, Int) -> Void)?) {
        self.total = total
        self.report = report
    }

    func tick() {
        guard let report else { return }
        let now = done.withLock { done in
            done += 1
            return done
        }
        report(now, total)
    }
}

/// A file's path, kind and text, or why it has none.
struct SourceInput: Sendable {
    var path: String
    var kind: InputKind
    var contents: Result<String, ReadFailure>
    var languageMode: LanguageMode = .compilerDefault
    /// For an editor's Swift document: its last parse, to parse this text from.
    var parseMemory: ParseMemory?
}

/// Values a run of the command line leaves for the process's end to reclaim: freeing them object by
/// object only delays the exit (`LintOptions.endsWithTheProcess`).
enum KeptUntilExit {
    private static let kept = Locked<[Any]>([])

    /// Keeps `values` in place of those kept before, which are freed: a command that lints more
    /// than once (fixes, suppressions) holds no more than one run's values at a time.
    static func keep(_ values: Any...) {
        // The values before are freed here, after the lock, not while it is held.
        let before = kept.withLock { kept in
            defer { kept = values }
            return kept
        }
        _ = before
    }

    /// Frees what was kept: a run starts with no other run's values held.
    static func release() {
        keep()
    }
}
