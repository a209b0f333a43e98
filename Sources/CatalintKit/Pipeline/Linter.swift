import Foundation

/// How a lint run is set up.
public struct LintOptions: Sendable {
    /// The idiom the app runs in, or is about to switch to, on the Mac.
    public var idiom: Idiom
    /// How many files are processed at once.
    public var jobs: Int
    /// When set, only these rules report (`--select`), the tool's own rules (`invalid-swift`,
    /// `unused-suppression`, ...) as much as the others.
    public var onlyRules: Set<String>?
    /// Rules that never report (`--ignore`).
    public var ignoredRules: Set<String>
    /// Opt-in rules that report in this run besides the default ones (`--extend-select`).
    public var extendedRules: Set<String> = []
    /// `.catalint.yml`, or the defaults.
    public var configuration: Configuration
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
    }

    /// The severity of `rule` in the file at `path`, or nil when it does not report there: none
    /// where the file's targets never meet what the rule is about (see `idiom(of:at:)`); the
    /// rule's default (a note in the pad idiom for rules about exceptions in the Mac idiom; none
    /// for an opt-in rule that nothing asked for), then the configuration's `rules:` and
    /// `overrides:`, then `--select`, `--extend-select` and `--ignore`.
    public func severity(of rule: RuleDefinition, at path: String) -> Severity? {
        if ignoredRules.contains(rule.id) { return nil }
        if let onlyRules, !onlyRules.contains(rule.id) { return nil }
        guard let idiom = idiom(of: rule, at: path) else { return nil }
        if let level = configuration.level(of: rule.id, at: path) { return level.severity }
        if rule.optIn && onlyRules == nil && !extendedRules.contains(rule.id) { return nil }
        if idiom == .pad && rule.category == .exception { return .note }
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

    public init(diagnostics: [Diagnostic], paths: [String]) {
        self.diagnostics = diagnostics
        self.paths = paths
    }

    /// How many files were read (or tried).
    public var filesChecked: Int { paths.count }

    public func count(_ severity: Severity) -> Int {
        diagnostics.filter { $0.severity == severity }.count
    }

    /// How many files have at least one diagnostic.
    public var filesWithDiagnostics: Int { Set(diagnostics.map(\.position.path)).count }
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
        let configuration = options.configuration
        let files: [FileInput]
        switch inputs {
        case .paths(let paths):
            files = try FileDiscovery.files(in: paths, configuration: configuration).map { FileInput(path: $0, kind: kind(of: $0)) }
        case .files(let paths):
            files = paths.filter { !configuration.isExcluded($0) }.sorted().map { FileInput(path: $0, kind: kind(of: $0)) }
        case .sources(let sources):
            files = sources.filter { !configuration.isExcluded($0.path) }.map { FileInput(path: $0.path, kind: kind(of: $0.path), text: $0.text) }
        }
        // Files that no target of their project builds are left out, however they were named.
        let linted = files.filter { options.admits($0.path) }
        var result = lint(linted)
        result.build = options.membership?.report(linted: linted.map(\.path), leftOut: files.filter { !options.admits($0.path) }.map(\.path),
                                                   idiom: options.idiom)
        return result
    }

    private func kind(of path: String) -> InputKind {
        options.configuration.inputKind(path) ?? .swift
    }

    func lint(_ inputs: [FileInput]) -> LintResult {
        // 1. Each file on its own, on worker threads, within its budget: read (unless the cache has
        //    it), parsed, walked once, its tree dropped.
        let (processor, cacheRefusal) = makeProcessor()
        let counter = ProgressCounter(total: inputs.count, report: options.progress)
        let outputs = processor.outputs(for: inputs, jobs: options.jobs, progress: counter)
        // 2. The project index: the declarations of every linted file, and of the rest of the
        //    project when only some files are linted (from the cache, for files unchanged), each
        //    within the same budget: a file past it adds nothing.
        var index = ProjectIndex()
        for output in outputs { index.merge(output.index) }
        let others = indexOnlyFiles(excluding: Set(inputs.map { Configuration.absolute($0.path) }))
        var unindexed: [UnindexedFile] = []
        for output in processor.outputs(for: others.map { FileInput(path: $0, kind: .swift) }, jobs: options.jobs) {
            if let reason = output.skippedReason { unindexed.append(UnindexedFile(path: output.path, reason: reason)) }
            index.merge(output.index)
        }
        processor.cache?.save()
        var result = LintResult(diagnostics: diagnose(outputs, index: index), paths: inputs.map(\.path).sorted())
        result.unindexed = unindexed
        if let cacheRefusal { result.warnings.append(cacheRefusal + "; this run goes without a cache") }
        if let cache = processor.cache { result.cache = (cache.hits, cache.hits + cache.misses) }
        return result
    }

    /// The diagnostics of some files, given what each file said and the index of the whole project:
    /// their facts resolved, the rules run at the severity each has in each file, the suppression
    /// comments applied; sorted.
    func diagnose(_ outputs: [FileOutput], index: ProjectIndex) -> [Diagnostic] {
        // 3. What each file said, resolved against the whole project.
        let resolution = Resolution(index: index)
        var facts = UIFacts()
        var problems: [InputProblem] = []
        var suppressions: [String: [SuppressionDirective]] = [:]
        var excerpts: [String: [ExcerptKey: SourceExcerpt]] = [:]
        for output in outputs {
            resolution.add(output.facts, to: &facts)
            problems += output.problems
            if !output.suppressions.isEmpty { suppressions[output.path] = output.suppressions }
            excerpts[output.path] = output.excerpts
        }
        // 4. Run the rules over the facts, at the severity each has in each file.
        var diagnostics = problems.compactMap { diagnostic(for: $0, excerpts: excerpts) }
        for definition in RuleCatalog.all {
            guard let logic = RuleRegistry.logic[definition.id] else { continue }
            for finding in logic.run(on: facts, knowledge: definition.uikit, options: options.configuration.rules[definition.id]?.options) {
                guard let severity = options.severity(of: definition, at: finding.position.path) else { continue }
                diagnostics.append(Diagnostic(
                    rule: definition.id,
                    severity: severity,
                    position: finding.position,
                    message: definition.render(definition.message, finding.values),
                    help: definition.render(definition.help, finding.values),
                    excerpt: Self.excerpt(finding.position, excerpts),
                    fix: definition.fix(for: finding)))
            }
        }
        // 5. Apply the suppression comments, and report the comments themselves where they are wrong.
        let options = self.options
        let filter = SuppressionFilter(knownRules: Set(RuleCatalog.all.map(\.id))) { rule, path in
            RuleCatalog.rule(rule).flatMap { options.severity(of: $0, at: path) } != nil
        }
        let (kept, commentProblems) = filter.apply(diagnostics, directives: suppressions)
        diagnostics = kept + commentProblems.compactMap { diagnostic(for: $0, excerpts: excerpts) }
        return Array(Set(diagnostics)).sorted()
    }

    /// The lowering settings of this run: the vocabulary from the rules and the options, and the key
    /// of the cache that belongs to them.
    var lowering: (vocabulary: LoweringVocabulary, cacheKey: UInt64) {
        let vocabulary = LoweringVocabulary(rules: RuleCatalog.all, options: options.configuration.rules.compactMapValues(\.options))
        let settings = vocabulary.fingerprint + Array("\(options.configuration.limits.fingerprint) swift \(options.configuration.swiftVersion)".utf8)
        return (vocabulary, ResultCache.key(settings: settings))
    }

    /// How this run processes each file: its lowering settings, its budget and its cache; with why
    /// the cache folder was refused, when it was.
    func makeProcessor() -> (processor: FileProcessor, cacheRefusal: String?) {
        let (vocabulary, cacheKey) = lowering
        let opened = options.cacheDirectory.map { ResultCache.open(directory: $0, key: cacheKey) }
        let limits = options.configuration.limits
        let swiftVersion = options.configuration.swiftVersion
        let workers = options.workerExecutable.map {
            FileWorkers(executable: $0, vocabulary: vocabulary, limits: limits, swiftVersion: swiftVersion)
        }
        let processor = FileProcessor(vocabulary: vocabulary, limits: limits, swiftVersion: swiftVersion, cache: opened?.cache, workers: workers)
        return (processor, opened?.refusal)
    }

    /// The Swift files under `indexRoot` that are not linted in this run (and not excluded).
    private func indexOnlyFiles(excluding linted: Set<String>) -> [String] {
        guard let root = options.indexRoot,
              let all = try? FileDiscovery.files(in: [root], configuration: options.configuration) else { return [] }
        return all.filter { options.configuration.inputKind($0) == .swift && !linted.contains(Configuration.absolute($0)) && options.admits($0) }
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
}
