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
        // 1. Parse every Swift file once; keep the text of the others.
        let parsed = parallelMap(inputs, jobs: options.jobs) { input -> ParsedInput in
            switch input.contents {
            case .failure(let failure):
                return .unreadable(input.path, failure.reason)
            case .success(let text):
                switch InputKind(path: input.path) ?? .swift {
                case .swift:
                    switch SwiftSourceFile.parse(path: input.path, text: text) {
                    case .success(let file): return .swift(file)
                    case .failure(let failure): return .unreadable(input.path, failure.reason)
                    }
                case .interfaceDescription: return .interfaceDescription(input.path, text)
                case .interfaceBuilder: return .interfaceBuilder(input.path, text)
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
        let projectIndex = index
        // 3. Lower each file into facts (and problems with the file itself).
        let outputs = parallelMap(parsed, jobs: options.jobs) { $0.lower(index: projectIndex) }
        var facts = UIFacts()
        var problems: [InputProblem] = []
        for output in outputs {
            facts.merge(output.facts)
            problems += output.problems
        }
        // 4. Run the rules over the facts.
        let texts = Dictionary(parsed.compactMap(\.pathAndText), uniquingKeysWith: { first, _ in first })
        let sourceLine = { (position: SourcePosition) in texts[position.path].flatMap { Self.line(position.line, of: $0) } }
        var diagnostics = problems.map { problem in
            toolDiagnostic(problem.rule, at: problem.position, values: problem.values, sourceLine: sourceLine(problem.position))
        }
        for definition in RuleCatalog.all {
            guard let logic = RuleRegistry.logic[definition.id], options.onlyRules?.contains(definition.id) ?? true else { continue }
            for finding in logic.findings(in: facts, knowledge: definition.uikit ?? RuleKnowledge()) {
                diagnostics.append(Diagnostic(
                    rule: definition.id,
                    severity: severity(of: definition),
                    position: finding.position,
                    message: definition.render(definition.message, finding.values),
                    help: definition.render(definition.help, finding.values),
                    sourceLine: sourceLine(finding.position)))
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

    static func line(_ number: Int, of text: String) -> String? {
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

/// A file after its first pass: a parsed Swift file, the text of an interface file, or why it has none.
enum ParsedInput: Sendable {
    case swift(SwiftSourceFile)
    case interfaceDescription(String, String)
    case interfaceBuilder(String, String)
    case unreadable(String, String)

    var pathAndText: (String, String)? {
        switch self {
        case .swift(let file): return (file.path, file.text)
        case .interfaceDescription(let path, let text), .interfaceBuilder(let path, let text): return (path, text)
        case .unreadable: return nil
        }
    }

    /// Lowers the file into facts with the front end for its kind.
    func lower(index: ProjectIndex) -> FrontEndOutput {
        switch self {
        case .swift(let file):
            var output = FrontEndOutput(facts: FactCollector.facts(for: file, index: index))
            if let error = file.firstSyntaxError() {
                output.problems.append(InputProblem(rule: ToolRule.invalidSwift, position: error.position, values: ["detail": error.message]))
            }
            return output
        case .interfaceDescription(let path, let text):
            return InterfaceFileLowering.lower(path: path, text: text, index: index)
        case .interfaceBuilder(let path, let text):
            return InterfaceBuilderLowering.lower(path: path, text: text, index: index)
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
