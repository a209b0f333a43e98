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
        // 1. Parse every Swift file once; keep the text of the others.
        let parsed = parallelMap(inputs, jobs: options.jobs) { input -> ParsedInput in
            switch input.contents {
            case .failure(let failure):
                return .unreadable(input.path, failure.reason)
            case .success(let text):
                switch input.kind {
                case .swift:
                    switch SwiftSourceFile.parse(path: input.path, text: text) {
                    case .success(let file): return .swift(file)
                    case .failure(let failure): return .unreadable(input.path, failure.reason)
                    }
                case .interfaceDescription: return .interfaceDescription(SourceText(path: input.path, text: text))
                case .interfaceBuilder: return .interfaceBuilder(SourceText(path: input.path, text: text))
                }
            }
        }
        // 2. Index the declarations of every Swift file, so each front end knows them all.
        let swiftFiles = parsed.compactMap { input -> SwiftSourceFile? in
            if case .swift(let file) = input { return file }
            return nil
        }
        var index = ProjectIndex()
        for part in parallelMap(swiftFiles, jobs: options.jobs, IndexBuilder.index) { index.merge(part) }
        for part in parallelMap(indexOnlyFiles(excluding: Set(inputs.map { Configuration.absolute($0.path) })), jobs: options.jobs, { path in
            (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { try? SwiftSourceFile.parse(path: path, text: $0).get() }.map(IndexBuilder.index)
        }) {
            if let part { index.merge(part) }
        }
        let projectIndex = index
        // 3. Lower each file into facts (and problems with the file itself, and its suppression comments).
        let vocabulary = InterfaceVocabulary(rules: RuleCatalog.all, options: options.configuration.rules.compactMapValues(\.options))
        let outputs = parallelMap(parsed, jobs: options.jobs) { $0.lower(index: projectIndex, vocabulary: vocabulary) }
        var facts = UIFacts()
        var problems: [InputProblem] = []
        var suppressions: [String: [SuppressionDirective]] = [:]
        for (input, output) in zip(inputs, outputs) {
            facts.merge(output.facts)
            problems += output.problems
            if !output.suppressions.isEmpty { suppressions[input.path] = output.suppressions }
        }
        // 4. Run the rules over the facts, at the severity each has in each file.
        let texts = Dictionary(parsed.compactMap(\.source).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var diagnostics = problems.compactMap { diagnostic(for: $0, texts: texts) }
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
                    sourceLine: Self.sourceLine(finding.position, texts)))
            }
        }
        // 5. Apply the suppression comments, and report the comments themselves where they are wrong.
        let options = self.options
        let filter = SuppressionFilter(knownRules: Set(RuleCatalog.all.map(\.id))) { rule, path in
            RuleCatalog.rule(rule).flatMap { options.severity(of: $0, at: path) } != nil
        }
        let (kept, commentProblems) = filter.apply(diagnostics, directives: suppressions)
        diagnostics = kept + commentProblems.compactMap { diagnostic(for: $0, texts: texts) }
        return LintResult(diagnostics: Array(Set(diagnostics)).sorted(), paths: inputs.map(\.path).sorted())
    }

    /// The Swift files under `indexRoot` that are not linted in this run (and not excluded).
    private func indexOnlyFiles(excluding linted: Set<String>) -> [String] {
        guard let root = options.indexRoot,
              let all = try? FileDiscovery.files(in: [root], configuration: options.configuration) else { return [] }
        return all.filter { options.configuration.inputKind($0) == .swift && !linted.contains(Configuration.absolute($0)) }
    }

    private func diagnostic(for problem: InputProblem, texts: [String: SourceText]) -> Diagnostic? {
        guard let definition = RuleCatalog.rule(problem.rule),
              let severity = options.severity(of: definition, at: problem.position.path) else { return nil }
        return Diagnostic(rule: problem.rule, severity: severity, position: problem.position,
                          message: definition.render(definition.message, problem.values),
                          help: definition.render(definition.help, problem.values),
                          sourceLine: Self.sourceLine(problem.position, texts))
    }

    private static func sourceLine(_ position: SourcePosition, _ texts: [String: SourceText]) -> String? {
        texts[position.path]?.line(position.line)
    }
}

/// A file after its first pass: a parsed Swift file, the text of an interface file, or why it has none.
enum ParsedInput: Sendable {
    case swift(SwiftSourceFile)
    case interfaceDescription(SourceText)
    case interfaceBuilder(SourceText)
    case unreadable(String, String)

    var source: SourceText? {
        switch self {
        case .swift(let file): return file.source
        case .interfaceDescription(let source), .interfaceBuilder(let source): return source
        case .unreadable: return nil
        }
    }

    /// Lowers the file into facts with the front end for its kind.
    func lower(index: ProjectIndex, vocabulary: InterfaceVocabulary) -> FrontEndOutput {
        switch self {
        case .swift(let file):
            var output = FrontEndOutput(facts: FactCollector.facts(for: file, index: index))
            if let error = file.firstSyntaxError() {
                output.problems.append(InputProblem(rule: ToolRule.invalidSwift, position: error.position, values: ["detail": error.message]))
            }
            let comments = SuppressionParser.swift(file)
            output.suppressions = comments.directives
            output.problems += comments.problems
            return output
        case .interfaceDescription(let source):
            var output = InterfaceFileLowering.lower(source, index: index, vocabulary: vocabulary)
            let comments = SuppressionParser.yaml(source)
            output.suppressions = comments.directives
            output.problems += comments.problems
            return output
        case .interfaceBuilder(let source):
            var output = InterfaceBuilderLowering.lower(source, index: index, vocabulary: vocabulary)
            let comments = SuppressionParser.interfaceBuilder(source)
            output.suppressions = comments.directives
            output.problems += comments.problems
            return output
        case .unreadable(let path, let reason):
            return FrontEndOutput(problems: [InputProblem(rule: ToolRule.unreadableFile, position: SourcePosition(path: path, line: 1, column: 1),
                                                          values: ["path": path, "reason": reason])])
        }
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
