import Foundation

/// Everything `catalint lint` was asked for, once the command line is parsed.
public struct LintRequest: Sendable {
    public var paths: [String] = ["."]
    public var format: ReportFormat = .text
    /// `--idiom`; nil means the configuration's (default `auto`).
    public var idiom: IdiomSetting?
    public var strict = false
    public var exitZero = false
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    public var configPath: String?
    public var noConfig = false
    public var select: [String]?
    public var ignore: [String] = []
    public var verbose = false
    public var writeBaseline: String?
    public var baseline: String?
    public var strictBaseline = false
    /// Colour the text report (stdout is a terminal and `NO_COLOR` is unset).
    public var color = false
    /// Also write the `format` report to this file; the terminal then gets the text report.
    public var output: String?
    /// Lint standard input as if it were this file (`--stdin-filename PATH -`).
    public var stdinFilename: String?
    /// The text read from standard input, for `stdinFilename`.
    public var stdinText: String?
    /// Lint only the files git sees as modified, staged or untracked under `paths`.
    public var changed = false

    public init() {}
}

/// What a command prints and how it exits.
public struct CommandOutcome: Sendable, Equatable {
    public var stdout = ""
    public var stderr = ""
    public var exitCode: Int32 = 0

    static func failure(_ message: String) -> CommandOutcome {
        CommandOutcome(stdout: "", stderr: message.hasSuffix("\n") ? message : message + "\n", exitCode: 2)
    }
}

/// The commands behind the command line, so that `catalint` stays a thin shell and the editor
/// integrations can run the same thing.
public enum LintCommand {
    /// Runs `catalint lint`: configuration, idiom, lint, baseline, report, exit status.
    public static func run(_ request: LintRequest) -> CommandOutcome {
        var log = ""
        // Configuration: --no-config, --config PATH, or the nearest .catalint.yml.
        let configuration: Configuration
        do {
            if request.noConfig {
                configuration = Configuration()
            } else if let path = request.configPath ?? ConfigurationLoader.discover() {
                guard FileManager.default.fileExists(atPath: path) else { return .failure("error: \(path): no such configuration file") }
                configuration = try ConfigurationLoader.load(path)
            } else {
                configuration = Configuration()
            }
        } catch {
            return .failure("\(error)")
        }
        if request.verbose { log += "catalint: configuration: \(configuration.file ?? "none (defaults)")\n" }

        // Rules named on the command line must exist.
        let ids = RuleCatalog.all.map(\.id)
        for id in (request.select ?? []) + request.ignore where !ids.contains(id) {
            let hint = closestName(to: id, in: ids).map { " Did you mean '\($0)'?" } ?? ""
            return .failure("error: unknown rule '\(id)' in --select or --ignore.\(hint) `catalint rules` lists them.")
        }
        if request.baseline != nil && request.writeBaseline != nil {
            return .failure("error: --baseline and --write-baseline cannot be used together.")
        }

        // The idiom: --idiom, else the configuration's; auto reads the Xcode project settings.
        let setting = request.idiom ?? configuration.idiom
        let idiom: Idiom
        switch setting {
        case .mac: idiom = .mac
        case .pad: idiom = .pad
        case .auto:
            let decision = IdiomDetection.detect(for: request.stdinFilename.map { [$0] } ?? request.paths) { line in
                if request.verbose { log += "catalint: idiom: \(line)\n" }
            }
            idiom = decision.idiom
            if request.verbose { log += "catalint: idiom \(idiom.rawValue) (auto): \(decision.reason)\n" }
        }
        if request.verbose && setting != .auto {
            log += "catalint: idiom \(idiom.rawValue) (\(request.idiom != nil ? "--idiom" : "configuration"))\n"
        }

        var options = LintOptions(idiom: idiom, jobs: request.jobs, onlyRules: request.select.map(Set.init),
                                  ignoredRules: Set(request.ignore), configuration: configuration)
        var result: LintResult
        do {
            var paths = request.paths
            if request.changed {
                paths = try Git.changedFiles(under: paths).filter { configuration.inputKind($0) != nil }
                if request.verbose { log += "catalint: --changed: \(paths.count) files\n" }
            }
            let namesFiles = request.stdinFilename != nil || request.changed
                || paths.contains { path in var isDirectory: ObjCBool = false
                    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue }
            if namesFiles {
                // A few files: index the rest of the project for the classes it declares.
                options.indexRoot = configuration.file != nil ? configuration.directory : (Git.topLevel() ?? FileManager.default.currentDirectoryPath)
                if request.verbose { log += "catalint: indexing the Swift files under \(options.indexRoot!) for their declarations\n" }
            }
            let linter = Linter(options: options)
            if let name = request.stdinFilename {
                guard configuration.inputKind(name) != nil else { throw LintError.notLintable(name) }
                result = configuration.isExcluded(name)
                    ? LintResult(diagnostics: [], paths: [])
                    : linter.lint(sources: [(path: name, text: request.stdinText ?? "")])
            } else if request.changed {
                result = linter.lint(files: paths)
            } else {
                result = try linter.lint(paths: paths)
            }
        } catch {
            return .failure("error: \(error)")
        }
        if request.verbose { log += "catalint: \(plural(result.filesChecked, "file")) checked\n" }

        // Baseline.
        var goneFromBaseline: [Baseline.Entry] = []
        if let path = request.writeBaseline {
            let baseline = Baseline(diagnostics: result.diagnostics, directory: URL(fileURLWithPath: Configuration.absolute(path)).deletingLastPathComponent().path)
            do { try baseline.write(to: path) } catch { return .failure("error: \(error)") }
            log += "catalint: wrote \(plural(baseline.findings.count, "finding")) to the baseline \(path)\n"
        } else if let path = request.baseline {
            do {
                let baseline = try Baseline.read(path)
                let outcome = baseline.apply(to: result.diagnostics,
                                             directory: URL(fileURLWithPath: Configuration.absolute(path)).deletingLastPathComponent().path)
                if request.verbose {
                    log += "catalint: the baseline \(path) accepted \(result.diagnostics.count - outcome.new.count) findings\n"
                }
                result.diagnostics = outcome.new
                goneFromBaseline = outcome.gone
            } catch {
                return .failure("error: \(error)")
            }
        }

        var outcome = CommandOutcome()
        if let output = request.output {
            do {
                try Data(request.format.reporter().report(result).utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                return .failure("error: cannot write the report to \(output): \(error.localizedDescription)")
            }
            outcome.stdout = ReportFormat.text.reporter(color: request.color).report(result)
        } else {
            outcome.stdout = request.format.reporter(color: request.color).report(result)
        }
        if !goneFromBaseline.isEmpty && request.strictBaseline {
            let count = goneFromBaseline.count == 1 ? "1 baselined finding is" : "\(goneFromBaseline.count) baselined findings are"
            log += "catalint: \(count) gone; shrink the baseline with --write-baseline:\n"
            for entry in goneFromBaseline { log += "  \(entry.path): [\(entry.rule)] \(entry.line)\n" }
        }
        outcome.stderr = log
        let failing = result.count(.error) + (request.strict ? result.count(.warning) : 0)
        if request.exitZero || request.writeBaseline != nil {
            outcome.exitCode = 0
        } else if failing > 0 || (request.strictBaseline && !goneFromBaseline.isEmpty) {
            outcome.exitCode = 1
        }
        return outcome
    }

    /// Runs `catalint init`: writes a commented starter configuration with the detected idiom.
    public static func initialize(directory: String = FileManager.default.currentDirectoryPath, force: Bool = false) -> CommandOutcome {
        let path = URL(fileURLWithPath: directory).appendingPathComponent(Configuration.fileName).path
        if FileManager.default.fileExists(atPath: path) && !force {
            return .failure("error: \(path) exists already; use --force to replace it.")
        }
        let decision = IdiomDetection.detect(for: [directory])
        do {
            try Data(StarterConfiguration.text(detected: decision).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            return .failure("error: cannot write \(path): \(error.localizedDescription)")
        }
        return CommandOutcome(stdout: "Wrote \(path) (idiom: \(decision.idiom.rawValue); \(decision.reason)).\n", stderr: "", exitCode: 0)
    }
}
