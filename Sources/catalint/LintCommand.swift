import CatalintKit
import Foundation

/// Everything `catalint lint` was asked for, once the command line is parsed.
struct LintRequest {
    var paths: [String] = ["."]
    /// True when the paths were named on the command line (not the default `.`).
    var pathsNamed = false
    var format: ReportFormat = .text
    /// `--idiom`; nil means the configuration's (default `auto`).
    var idiom: IdiomSetting?
    var strict = false
    var exitZero = false
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var configPath: String?
    var noConfig = false
    var select: [String]?
    var ignore: [String] = []
    /// `--extend-select`: opt-in rules to run besides the default ones.
    var extendSelect: [String] = []
    var verbose = false
    var writeBaseline: String?
    var baseline: String?
    var strictBaseline = false
    /// Colour the text report (stdout is a terminal and `NO_COLOR` is unset).
    var color = false
    /// Also write the `format` report to this file; the terminal then gets the text report.
    var output: String?
    /// Lint standard input as if it were this file (`--stdin-filename PATH -`).
    var stdinFilename: String?
    /// `--include-unbuilt` (true) or `--no-include-unbuilt` (false); nil means the configuration's.
    var includeUnbuilt: Bool?
    /// The text read from standard input, for `stdinFilename`.
    var stdinText: String?
    /// The bytes read from standard input, decoded as the file `stdinFilename` names once the
    /// configuration is known (when `stdinText` is nil).
    var stdinData: Data?
    /// Lint only the files git sees as modified, staged or untracked under `paths`.
    var changed = false
    /// Where the cache lives (`--cache-dir`); nil for `.catalint_cache/` at the project root.
    var cacheDirectory: String?
    /// `--no-cache`: neither read nor write the cache.
    var noCache = false
    /// Show a progress line on standard error (a terminal, not CI) for runs longer than a second.
    var showProgress = false
    /// `--fix`: apply the safe fixes; with `unsafeFixes`, the unsafe ones too.
    var fix = false
    var unsafeFixes = false
}

/// What a command prints and how it exits. `stderr` lines already written (with `--verbose`, as
/// they happen) are not repeated here.
struct CommandOutcome {
    var stdout = ""
    var stderr = ""
    var exitCode: Int32 = 0

    static func failure(_ message: String) -> CommandOutcome {
        CommandOutcome(stdout: "", stderr: message.hasSuffix("\n") ? message : message + "\n", exitCode: ExitStatus.usage)
    }
}

/// `catalint lint`: the workspace, the lint run, the baseline, the report, the exit status.
enum LintCommand {
    static func run(_ request: LintRequest, log: @escaping (String) -> Void) -> CommandOutcome {
        let ids = RuleCatalog.all.map(\.id)
        for id in (request.select ?? []) + request.ignore + request.extendSelect where !ids.contains(id) {
            let hint = Suggestion.sentence(id, in: ids)
            return .failure("error: unknown rule '\(id)' in --select, --ignore or --extend-select.\(hint) `catalint rules` lists them.")
        }
        if request.baseline != nil && request.writeBaseline != nil {
            return .failure("error: --baseline and --write-baseline cannot be used together.")
        }
        let verbose: (String) -> Void = { line in if request.verbose { log("catalint: " + line) } }
        do {
            let linted = request.stdinFilename.map { [$0] } ?? request.paths
            let source: Workspace.ConfigurationSource = request.noConfig ? .none : request.configPath.map { .file($0) } ?? .nearest
            let workspace = try Workspace.open(linting: linted, configuration: source, idiom: request.idiom, includeUnbuilt: request.includeUnbuilt,
                                               log: verbose)
            var options = LintOptions(idiom: workspace.idiom, jobs: request.jobs, onlyRules: request.select.map(Set.init),
                                      ignoredRules: Set(request.ignore), configuration: workspace.configuration)
            options.extendedRules = Set(request.extendSelect)
            options.membership = workspace.membership
            options.dependencyRoot = workspace.root
            options.describesTypes = request.verbose
            options.workerExecutable = LintOptions.ownExecutable
            if !request.noCache {
                if let named = request.cacheDirectory {
                    // A folder the user named is made with the folders above it; the default only in the project root.
                    try? FileManager.default.createDirectory(atPath: named, withIntermediateDirectories: true)
                }
                options.cacheDirectory = request.cacheDirectory ?? workspace.root + "/.catalint_cache"
                verbose("cache: \(options.cacheDirectory!)")
            }
            let progress = request.showProgress ? ProgressLine() : nil
            if let progress {
                options.progress = { done, total in progress.update(done: done, total: total) }
            }
            defer { progress?.finish() }
            let inputs = try Self.inputs(of: request, configuration: workspace.configuration, verbose: verbose)
            try checkWriteTargets(request, configuration: workspace.configuration, inputs: inputs)
            if lintsSomeFiles(inputs) {
                // A few files: index the rest of the project for the classes and helpers it declares.
                options.indexRoot = workspace.root
                verbose("indexing the Swift files under \(workspace.root) for their declarations")
            }
            var result = try Linter(options: options).lint(inputs)
            var fixReport = ""
            if request.fix {
                fixReport = try applyFixes(&result, linter: Linter(options: options), inputs: inputs, unsafe: request.unsafeFixes)
            }
            result.diagnostics = FileText.columnsInFileEncoding(result.diagnostics)
            let buildReport = BuildLog.lines(result.build, membership: workspace.membership, verbose: request.verbose)
            for line in buildReport.verbose { verbose(line) }
            describe(result, verbose: verbose)
            let report = InputReport.of(result, configuration: workspace.configuration, request: request)
            var outcome = finish(&result, request: request, log: log)
            let warnings = result.warnings.map { "warning: \($0).\n" }.joined()
            outcome.stderr = warnings + fixReport + buildReport.warnings + report.stderr + outcome.stderr
            if report.failed && outcome.exitCode != ExitStatus.usage {
                outcome.exitCode = ExitStatus.usage
            }
            return outcome
        } catch {
            return .failure("error: \(error)")
        }
    }

    /// What the run lints: standard input under its name, the files git sees as changed, or the paths.
    private static func inputs(of request: LintRequest, configuration: Configuration, verbose: (String) -> Void) throws -> LintInputs {
        if let name = request.stdinFilename {
            guard configuration.inputKind(name) != nil else { throw LintError.notLintable(name) }
            let text = request.stdinText
                ?? request.stdinData.map { FileText.standardInput($0, path: name, configuration: configuration) } ?? ""
            return .sources([(path: name, text: text)])
        }
        if request.changed {
            let files = try Git.changedFiles(under: request.paths).filter { configuration.inputKind($0) != nil }
            verbose("--changed: \(files.count) changed file\(files.count == 1 ? "" : "s")")
            return .files(files)
        }
        return .paths(request.paths)
    }

    /// For `--verbose`: how many files were checked, which were not indexed, what came from the cache.
    private static func describe(_ result: LintResult, verbose: (String) -> Void) {
        verbose("\(result.filesChecked) file\(result.filesChecked == 1 ? "" : "s") checked")
        if !result.dependencies.folders.isEmpty {
            let files = result.dependencies.files
            let current = FileManager.default.currentDirectoryPath + "/"
            let folders = result.dependencies.folders.map { $0.hasPrefix(current) ? String($0.dropFirst(current.count)) : $0 }
            verbose("dependencies: \(files) file\(files == 1 ? "" : "s") of the checkouts in \(folders.joined(separator: ", ")) "
                    + "read for their declarations (not linted)")
        }
        for note in result.typeNotes { verbose(note) }
        for file in result.unindexed {
            verbose("not indexed: \(file.path): \(file.reason); its declarations are unknown to this run")
        }
        if let cache = result.cache { verbose("cache: \(cache.hits) of \(cache.lookups) files' results from the cache") }
        if let reread = result.reread {
            verbose(reread == 0 ? "nothing changed since the last run: no file read"
                                : "\(reread) file\(reread == 1 ? "" : "s") changed since the last run, read again")
        }
    }

    /// Applies fixes to the files on disk a round at a time, linting again after each, until none
    /// is left that applies (at most ten rounds); `result` becomes the last run's. Each file is
    /// written atomically, and never when the fixed text would not parse. Returns what it did, for
    /// standard error.
    static func applyFixes(_ result: inout LintResult, linter: Linter, inputs: LintInputs, unsafe: Bool) throws -> String {
        var fixed = 0
        var files: Set<String> = []
        var refused: Set<String> = []
        var failures: [String] = []
        var byteOrderMarks: [String: Bool] = [:]
        for _ in 0..<10 {
            let round = Fixer.round(result.diagnostics, unsafe: unsafe, linter: linter) { path in
                guard !refused.contains(path), let data = FileManager.default.contents(atPath: path),
                      var text = String(data: data, encoding: .utf8) else { return nil }
                byteOrderMarks[path] = text.hasPrefix("\u{FEFF}")
                if byteOrderMarks[path] == true { text.removeFirst() }
                return text
            }
            refused.formUnion(round.refused)
            var wrote = false
            for (path, text) in round.texts.sorted(by: { $0.key < $1.key }) {
                do {
                    try SafeWrite.write(Data(((byteOrderMarks[path] == true ? "\u{FEFF}" : "") + text).utf8), to: path)
                    files.insert(path)
                    wrote = true
                } catch {
                    failures.append("catalint: could not write the fixes to \(path): \(error)\n")
                    refused.insert(path)
                }
            }
            guard wrote else { break }
            fixed += round.applied
            result = try linter.lint(inputs)
        }
        var report = failures.joined()
        for path in refused.sorted() where !failures.contains(where: { $0.contains(path) }) {
            report += "catalint: left \(path) unfixed: its fixes would leave a syntax error, or it could not be read again within its limits (please report this)\n"
        }
        if fixed > 0 {
            report += "catalint: applied \(fixed) fix\(fixed == 1 ? "" : "es") in \(files.count) file\(files.count == 1 ? "" : "s")\n"
        } else if refused.isEmpty {
            report += "catalint: nothing to fix" + (unsafe ? "" : " with safe fixes (--unsafe-fixes applies the unsafe ones too)") + "\n"
        }
        return report
    }

    /// Refuses, before anything is linted, an `--output` or `--write-baseline` target that is a
    /// folder, an input of the run, the configuration or the baseline in use, or cannot be written.
    static func checkWriteTargets(_ request: LintRequest, configuration: Configuration, inputs: LintInputs) throws {
        let targets = [(request.output, "--output"), (request.writeBaseline, "--write-baseline")].compactMap { path, option in
            path.map { (path: $0, option: option) }
        }
        guard !targets.isEmpty else { return }
        if let output = request.output, let baseline = request.writeBaseline,
           Configuration.absolute(output) == Configuration.absolute(baseline) {
            throw SafeWrite.Failure(message: "--output and --write-baseline name the same file, \(output); nothing was written.")
        }
        var protected: [SafeWrite.Protected] = []
        if let file = configuration.file { protected.append(.init(path: file, role: "the configuration file in use")) }
        if let baseline = request.baseline { protected.append(.init(path: baseline, role: "the baseline being read")) }
        if let name = request.stdinFilename { protected.append(.init(path: name, role: "the file being linted from standard input")) }
        var walker = configuration
        walker.record = nil
        for (path, option) in targets {
            try SafeWrite.check(path, option: option, protected: protected, lintable: { walker.inputKind($0) != nil }) {
                switch inputs {
                case .paths(let paths): return try FileDiscovery.files(in: paths, configuration: walker)
                case .files(let files): return files
                case .sources(let sources): return sources.map(\.path)
                }
            }
        }
    }

    /// True when the inputs name files rather than folders: only those are linted, and the rest of
    /// the project is indexed.
    static func lintsSomeFiles(_ inputs: LintInputs) -> Bool {
        switch inputs {
        case .sources, .files: return true
        case .paths(let paths):
            return paths.contains { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
        }
    }

    /// The baseline, the report and the exit status of a finished run.
    private static func finish(_ result: inout LintResult, request: LintRequest, log: (String) -> Void) -> CommandOutcome {
        var outcome = CommandOutcome()
        var goneFromBaseline: [Baseline.Entry] = []
        if result.filesChecked == 0, let leftOut = result.build?.leftOut, !leftOut.isEmpty {
            // Test sources or files left out of the project, from pre-commit or a folder of them:
            // nothing to lint is the expected answer, not a mistake in the paths.
            let what = leftOut.count == 1 ? "no target of its project builds \(leftOut[0].path)" : "no target of their projects builds any of the \(leftOut.count) files"
            outcome.stderr += "warning: no file was linted: \(what) (--verbose says why; --include-unbuilt lints \(leftOut.count == 1 ? "it" : "them")).\n"
        } else if result.filesChecked == 0 {
            if request.pathsNamed && !request.changed && request.stdinFilename == nil {
                return .failure("error: no file to lint under \(request.paths.joined(separator: ", ")): nothing there is a Swift, interface or Interface Builder file that the configuration includes.")
            }
            outcome.stderr += "warning: no file was linted" + (request.changed ? " (no changed files)" : request.stdinFilename != nil ? " (the configuration excludes \(request.stdinFilename!))" : "") + ".\n"
        }
        if let path = request.writeBaseline {
            let baseline = Baseline(diagnostics: result.diagnostics, directory: folder(of: path))
            do { try baseline.write(to: path) } catch { return .failure("error: \(error)") }
            outcome.stderr += "catalint: wrote \(baseline.findings.count) finding\(baseline.findings.count == 1 ? "" : "s") to the baseline \(path)\n"
        } else if let path = request.baseline {
            do {
                let applied = try Baseline.read(path).apply(to: result.diagnostics, directory: folder(of: path))
                if request.verbose { log("catalint: the baseline \(path) accepted \(result.diagnostics.count - applied.new.count) findings") }
                result.diagnostics = applied.new
                goneFromBaseline = applied.gone
            } catch {
                return .failure("error: \(error)")
            }
        }
        if let output = request.output {
            do {
                try SafeWrite.write(Data(request.format.reporter().report(result).utf8), to: output)
            } catch {
                return .failure("error: cannot write the report to \(output): \(error)")
            }
            outcome.stdout = ReportFormat.text.reporter(color: request.color).report(result)
        } else {
            outcome.stdout = request.format.reporter(color: request.color).report(result)
        }
        if !goneFromBaseline.isEmpty && request.strictBaseline {
            let count = goneFromBaseline.count == 1 ? "1 baselined finding is" : "\(goneFromBaseline.count) baselined findings are"
            outcome.stderr += "catalint: \(count) gone; shrink the baseline with --write-baseline:\n"
            for entry in goneFromBaseline { outcome.stderr += "  \(entry.path): [\(entry.rule)] \(entry.line)\n" }
        }
        outcome.exitCode = ExitStatus.of(result, request: request, baselineGone: !goneFromBaseline.isEmpty)
        return outcome
    }

    private static func folder(of path: String) -> String {
        URL(fileURLWithPath: Configuration.absolute(path)).deletingLastPathComponent().path
    }

    /// Runs `catalint init`: writes a commented starter configuration with the detected idiom.
    static func initialize(directory: String = FileManager.default.currentDirectoryPath, force: Bool = false) -> CommandOutcome {
        let path = URL(fileURLWithPath: directory).appendingPathComponent(Configuration.fileName).path
        if FileManager.default.fileExists(atPath: path) && !force {
            return .failure("error: \(path) exists already; use --force to replace it.")
        }
        let decision = IdiomDetection.detect(for: [directory])
        do {
            try SafeWrite.write(Data(StarterConfiguration.text(detected: decision).utf8), to: path)
        } catch {
            return .failure("error: \(error)")
        }
        return CommandOutcome(stdout: "Wrote \(path) (idiom: \(decision.idiom.rawValue); \(decision.reason)).\n", stderr: "", exitCode: 0)
    }
}

/// The exit statuses, decided here and nowhere else.
enum ExitStatus {
    static let success: Int32 = 0
    /// Findings that fail the run.
    static let findings: Int32 = 1
    /// A usage error, a path that does not exist, a bad configuration, an internal failure.
    static let usage: Int32 = 2

    /// 1 when an error-severity finding is left (or a warning, with `--strict`), or accepted
    /// baseline findings are gone under `--strict-baseline`; 0 with `--exit-zero` or
    /// `--write-baseline`, or when nothing fails.
    static func of(_ result: LintResult, request: LintRequest, baselineGone: Bool) -> Int32 {
        if request.exitZero || request.writeBaseline != nil { return success }
        let failing = result.count(.error) + (request.strict ? result.count(.warning) : 0)
        return failing > 0 || (request.strictBaseline && baselineGone) ? findings : success
    }
}

/// `catalint: 1234/3668 files` on standard error, rewritten in place, for runs longer than a second
/// on a terminal; erased when the run ends.
final class ProgressLine: Sendable {
    private let start = Date()
    private struct Shown {
        var lastWrite = Date.distantPast
        var shown = false
    }
    private let state = Locked(Shown())

    func update(done: Int, total: Int) {
        state.withLock { state in
            let now = Date()
            guard now.timeIntervalSince(start) > 1, now.timeIntervalSince(state.lastWrite) > 0.1 || done == total else { return }
            state.lastWrite = now
            state.shown = true
            FileHandle.standardError.write(Data("\rcatalint: \(done)/\(total) files".utf8))
        }
    }

    func finish() {
        state.withLock { state in
            if state.shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        }
    }
}
