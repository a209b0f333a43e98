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
    /// `.catalint.yml`, or the defaults.
    public var configuration: Configuration
    /// A folder whose other Swift files are indexed (not linted), so that linting a few files (from
    /// pre-commit, an editor, `--changed`) still knows the classes declared in the rest of the project.
    public var indexRoot: String?

    public init(idiom: Idiom = .mac, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, onlyRules: Set<String>? = nil,
                ignoredRules: Set<String> = [], configuration: Configuration = Configuration(), indexRoot: String? = nil) {
        self.idiom = idiom
        self.jobs = max(1, jobs)
        self.onlyRules = onlyRules
        self.ignoredRules = ignoredRules
        self.configuration = configuration
        self.indexRoot = indexRoot
    }

    /// The severity of `rule` in the file at `path`, or nil when it does not report there: the
    /// rule's default (a note under `--idiom pad` for rules about exceptions), then the
    /// configuration's `rules:` and `overrides:`, then `--select` and `--ignore`.
    public func severity(of rule: RuleDefinition, at path: String) -> Severity? {
        if ignoredRules.contains(rule.id) { return nil }
        if let onlyRules, !onlyRules.contains(rule.id) { return nil }
        if let level = configuration.level(of: rule.id, at: path) { return level.severity }
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
        switch inputs {
        case .paths(let paths):
            let files = try FileDiscovery.files(in: paths, configuration: configuration)
            return lint(read(files))
        case .files(let files):
            return lint(read(files.filter { !configuration.isExcluded($0) }.sorted()))
        case .sources(let sources):
            let kept = sources.filter { !configuration.isExcluded($0.path) }
            return lint(kept.map { SourceInput(path: $0.path, kind: configuration.inputKind($0.path) ?? .swift, contents: .success($0.text)) })
        }
    }

    private func read(_ files: [String]) -> [SourceInput] {
        let configuration = options.configuration
        return parallelMap(files, jobs: options.jobs) { path in
            SourceInput(path: path, kind: configuration.inputKind(path) ?? .swift, contents: SourceInput.read(path))
        }
    }

    func lint(_ inputs: [SourceInput]) -> LintResult {
        // 1. Each file on its own, on worker threads, largest first so no thread is left alone at
        //    the end: parsed, walked once, its tree dropped.
        let vocabulary = LoweringVocabulary(rules: RuleCatalog.all, options: options.configuration.rules.compactMapValues(\.options))
        let outputs = parallelMap(inputs, jobs: options.jobs, largestFirst: { $0.size }) { FileJob.run($0, vocabulary: vocabulary) }
        // 2. The project index: the declarations of every linted file, and of the rest of the
        //    project when only some files are linted.
        var index = ProjectIndex()
        for output in outputs { index.merge(output.index) }
        let others = indexOnlyFiles(excluding: Set(inputs.map { Configuration.absolute($0.path) }))
        for output in parallelMap(others, jobs: options.jobs, { path in
            FileJob.run(SourceInput(path: path, kind: .swift, contents: SourceInput.read(path)), vocabulary: vocabulary)
        }) {
            index.merge(output.index)
        }
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
                    excerpt: Self.excerpt(finding.position, excerpts)))
            }
        }
        // 5. Apply the suppression comments, and report the comments themselves where they are wrong.
        let options = self.options
        let filter = SuppressionFilter(knownRules: Set(RuleCatalog.all.map(\.id))) { rule, path in
            RuleCatalog.rule(rule).flatMap { options.severity(of: $0, at: path) } != nil
        }
        let (kept, commentProblems) = filter.apply(diagnostics, directives: suppressions)
        diagnostics = kept + commentProblems.compactMap { diagnostic(for: $0, excerpts: excerpts) }
        return LintResult(diagnostics: Array(Set(diagnostics)).sorted(), paths: inputs.map(\.path).sorted())
    }

    /// The Swift files under `indexRoot` that are not linted in this run (and not excluded).
    private func indexOnlyFiles(excluding linted: Set<String>) -> [String] {
        guard let root = options.indexRoot,
              let all = try? FileDiscovery.files(in: [root], configuration: options.configuration) else { return [] }
        return all.filter { options.configuration.inputKind($0) == .swift && !linted.contains(Configuration.absolute($0)) }
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

/// A file's path, kind and text, or why it has none.
struct SourceInput: Sendable {
    var path: String
    var kind: InputKind
    var contents: Result<String, ReadFailure>

    /// The size of the text, to hand out the largest files first.
    var size: Int {
        if case .success(let text) = contents { return text.utf8.count }
        return 0
    }

    static func read(_ path: String) -> Result<String, ReadFailure> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(ReadFailure(reason: "it cannot be read"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(ReadFailure(reason: "it is not valid UTF-8 text"))
        }
        return .success(text)
    }
}
