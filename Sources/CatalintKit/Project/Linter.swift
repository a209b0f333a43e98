import Foundation

/// How a lint run is set up.
public struct LintOptions: Sendable {
    /// The idiom the app runs in, or is about to switch to, on the Mac.
    public var idiom: Idiom
    /// How many files are processed at once.
    public var jobs: Int
    /// When set, only these rules run (tool rules always report).
    public var onlyRules: Set<String>?

    public init(idiom: Idiom = .mac, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, onlyRules: Set<String>? = nil) {
        self.idiom = idiom
        self.jobs = max(1, jobs)
        self.onlyRules = onlyRules
    }
}

/// The outcome of a lint run.
public struct LintResult: Sendable {
    /// Sorted by path, line, column.
    public var diagnostics: [Diagnostic]
    /// How many files were read (or tried).
    public var filesChecked: Int

    public func count(_ severity: Severity) -> Int {
        diagnostics.filter { $0.severity == severity }.count
    }

    /// How many files have at least one diagnostic.
    public var filesWithDiagnostics: Int { Set(diagnostics.map(\.position.path)).count }
}

/// Runs the pipeline: read and parse every file, index the project, lower each file into facts,
/// run the rules over the facts, and sort what they find.
public struct Linter: Sendable {
    public var options: LintOptions

    public init(options: LintOptions = LintOptions()) {
        self.options = options
    }

    /// Lints the files under `paths` (files and folders); throws `LintError` for a bad path.
    public func lint(paths: [String]) throws -> LintResult {
        let files = try FileDiscovery.files(in: paths)
        let inputs = parallelMap(files, jobs: options.jobs) { path in
            SourceInput(path: path, contents: SourceInput.read(path))
        }
        return lint(inputs)
    }

    /// Lints sources given as text, as if they were files at the given paths.
    public func lint(sources: [(path: String, text: String)]) -> LintResult {
        lint(sources.map { SourceInput(path: $0.path, contents: .success($0.text)) })
    }

    func lint(_ inputs: [SourceInput]) -> LintResult {
        var diagnostics: [Diagnostic] = []
        var parsed: [SwiftSourceFile] = []
        let files = parallelMap(inputs, jobs: options.jobs) { input -> Result<SwiftSourceFile, ReadFailure> in
            input.contents.map { SwiftSourceFile(path: input.path, text: $0) }
        }
        for (input, file) in zip(inputs, files) {
            switch file {
            case .success(let file):
                parsed.append(file)
            case .failure(let failure):
                diagnostics.append(toolDiagnostic(ToolRule.unreadableFile, at: SourcePosition(path: input.path, line: 1, column: 1),
                                                  values: ["path": input.path, "reason": failure.reason]))
            }
        }

        let syntaxErrors = parallelMap(parsed, jobs: options.jobs) { $0.firstSyntaxError() }
        for (file, error) in zip(parsed, syntaxErrors) {
            guard let error else { continue }
            diagnostics.append(toolDiagnostic(ToolRule.invalidSwift, at: error.position, values: ["detail": error.message],
                                              sourceLine: line(error.position.line, of: file.text)))
        }

        var index = ProjectIndex()
        for part in parallelMap(parsed, jobs: options.jobs, IndexBuilder.index) { index.merge(part) }
        let projectIndex = index
        var facts = UIFacts()
        for part in parallelMap(parsed, jobs: options.jobs, { FactCollector.facts(for: $0, index: projectIndex) }) {
            facts.merge(part)
        }

        let texts = Dictionary(parsed.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        for definition in RuleCatalog.all {
            guard let logic = RuleRegistry.logic[definition.id], options.onlyRules?.contains(definition.id) ?? true else { continue }
            for finding in logic.findings(in: facts, knowledge: definition.uikit ?? RuleKnowledge()) {
                diagnostics.append(Diagnostic(
                    rule: definition.id,
                    severity: severity(of: definition),
                    position: finding.position,
                    message: definition.render(definition.message, finding.values),
                    help: definition.render(definition.help, finding.values),
                    sourceLine: texts[finding.position.path].flatMap { line(finding.position.line, of: $0) }))
            }
        }
        return LintResult(diagnostics: Array(Set(diagnostics)).sorted(), filesChecked: inputs.count)
    }

    /// A rule's severity in this run: under `--idiom pad` nothing throws yet, so the exception rules
    /// become notes that say what blocks the switch to the Mac idiom.
    func severity(of definition: RuleDefinition) -> Severity {
        if options.idiom == .pad && definition.category == .exception { return .note }
        return definition.severity
    }

    private func toolDiagnostic(_ rule: String, at position: SourcePosition, values: [String: String], sourceLine: String? = nil) -> Diagnostic {
        guard let definition = RuleCatalog.rule(rule) else {
            return Diagnostic(rule: rule, severity: .error, position: position, message: values.values.joined(separator: " "), help: "")
        }
        return Diagnostic(rule: rule, severity: definition.severity, position: position,
                          message: definition.render(definition.message, values),
                          help: definition.render(definition.help, values), sourceLine: sourceLine)
    }

    private func line(_ number: Int, of text: String) -> String? {
        var current = 1
        var start = text.startIndex
        while current < number {
            guard let newline = text[start...].firstIndex(where: \.isNewline) else { return nil }
            start = text.index(after: newline)
            current += 1
        }
        let end = text[start...].firstIndex(where: \.isNewline) ?? text.endIndex
        return String(text[start..<end])
    }
}

/// Why a file could not be linted.
struct ReadFailure: Error, Sendable {
    var reason: String
}

/// A file's path and its text, or why it has none.
struct SourceInput: Sendable {
    var path: String
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
