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
    /// `--preview`: the rules that ship as previews run too.
    var preview = false
    /// `--report FORMAT[=PATH]`: more reports of the run; one without a path replaces the
    /// `format` report on standard output.
    var reports: [ReportTarget] = []
    /// `--statistics`: counts per rule after the report.
    var statistics = false
    /// `--max-diagnostics N`: list at most N findings on standard output.
    var maxDiagnostics: Int?
    /// `--quiet`: the findings and nothing else.
    var quiet = false
    /// `--since REF`: lint the files changed since the merge base with REF.
    var since: String?
    /// `--staged`: lint the index's copies of the staged files.
    var staged = false
    /// `--diff`: print the fixes as a diff, write nothing.
    var diff = false
    /// `--show-fixes`: list the fixes applied.
    var showFixes = false
    /// True when git says which files to lint (`--changed`, `--since`, `--staged`): none is an answer, not a mistake.
    var gitSelects: Bool { changed || since != nil || staged }
    /// `--add-suppressions`, with `--reason`.
    var addSuppressions = false
    var reason: String?
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
        for (option, texts) in [("--select", request.select ?? []), ("--ignore", request.ignore), ("--extend-select", request.extendSelect)] {
            for text in texts {
                do { _ = try RuleSelector(text) } catch { return .failure("error: " + error.message(in: option)) }
            }
        }
        if request.baseline != nil && request.writeBaseline != nil {
            return .failure("error: --baseline and --write-baseline cannot be used together.")
        }
        let verbose: (String) -> Void = { line in if request.verbose { log("catalint: " + line) } }
        do {
            let linted = request.stdinFilename.map { [$0] } ?? request.paths
            let source: Workspace.ConfigurationSource = request.noConfig ? .none : request.configPath.map { .file($0) } ?? .nearest
            if !request.noCache, let named = request.cacheDirectory {
                // A folder the user named is made with the folders above it; the default only in the project root.
                try? FileManager.default.createDirectory(atPath: named, withIntermediateDirectories: true)
            }
            let cache: Workspace.CacheLocation = request.noCache ? .none : request.cacheDirectory.map { .folder($0) } ?? .projectFolder
            let workspace = try Workspace.open(linting: linted, configuration: source, idiom: request.idiom, includeUnbuilt: request.includeUnbuilt,
                                               cache: cache, log: verbose)
            // The rules come from the cache folder whoever asks for them first (the selectors' categories below, or the run).
            RuleCatalog.willLoad(keptIn: workspace.cacheDirectory)
            var options = LintOptions(idiom: workspace.idiom, jobs: request.jobs, onlyRules: request.select.map(Set.init),
                                      ignoredRules: Set(request.ignore), configuration: workspace.configuration)
            options.extendedRules = Set(request.extendSelect)
            if request.preview { options.preview = true }
            options.membership = workspace.membership
            options.dependencyRoot = workspace.root
            options.describesTypes = request.verbose
            options.workerExecutable = LintOptions.ownExecutable
            options.endsWithTheProcess = true
            if let directory = workspace.cacheDirectory {
                options.cacheDirectory = directory
                verbose("cache: \(directory)")
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
            let linter = Linter(options: options)
            var result = try linter.lint(inputs)
            var editReport = ""
            var diffOutcome: CommandOutcome?
            var request = request
            if workspace.configuration.unsafeFixes { request.unsafeFixes = true }
            if request.diff {
                let run = try FixRun.plan(result, linter: linter, inputs: inputs, unsafe: request.unsafeFixes)
                diffOutcome = diffOutcomeOf(run, request: request)
            } else if request.fix {
                editReport = try applyFixes(&result, linter: linter, inputs: inputs, request: request)
            } else if request.addSuppressions {
                editReport = try addSuppressions(&result, linter: linter, inputs: inputs, reason: request.reason)
            }
            result.diagnostics = FileText.columnsInFileEncoding(result.diagnostics)
            let buildReport = BuildLog.lines(result.build, membership: workspace.membership, verbose: request.verbose)
            for line in buildReport.verbose { verbose(line) }
            describe(result, verbose: verbose)
            if let counts = workspace.membership?.projectReadCounts, counts.cached + counts.parsed > 0 {
                verbose("cache: \(counts.cached) project file\(counts.cached == 1 ? "" : "s") taken from the cache, \(counts.parsed) read")
            }
            if result.cache != nil, let taken = RuleCatalog.takenFromCache {
                verbose("cache: the rule catalogue \(taken ? "taken from the cache" : "decoded from the rule files")")
            }
            let report = InputReport.of(result, configuration: workspace.configuration, request: request)
            var outcome = diffOutcome ?? finish(&result, request: request, log: log)
            let warnings = (result.warnings + options.selection.notes).map { "warning: \($0).\n" }.joined()
            outcome.stderr = warnings + editReport + buildReport.warnings + report.stderr + outcome.stderr
            if request.quiet { outcome.stderr = Self.errorsOnly(outcome.stderr) }
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
        if let reference = request.since {
            let files = try Git.filesChanged(since: reference, under: request.paths).filter { configuration.inputKind($0) != nil }
            verbose("--since \(reference): \(files.count) changed file\(files.count == 1 ? "" : "s")")
            return .files(files)
        }
        if request.staged {
            let files = try Git.stagedFiles(under: request.paths).filter { configuration.inputKind($0.path) != nil }
            verbose("--staged: \(files.count) staged file\(files.count == 1 ? "" : "s"), read from the index")
            return .sources(files.map { (path: $0.path, text: FileText.standardInput($0.data, path: $0.path, configuration: configuration)) })
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
        if let libclang = result.libclang { verbose("libclang: \(libclang)") }
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

    /// Applies the fixes (`FixRun`) to the files on disk, each written atomically, and never one
    /// whose fixed text would not parse; `result` becomes what is left. Returns what it did, for
    /// standard error.
    static func applyFixes(_ result: inout LintResult, linter: Linter, inputs: LintInputs, request: LintRequest) throws -> String {
        let run = try FixRun.plan(result, linter: linter, inputs: inputs, unsafe: request.unsafeFixes)
        var failures: [String] = []
        var files = 0
        for change in run.changes {
            do {
                try SafeWrite.write(run.contents(of: change), to: change.path)
                files += 1
            } catch {
                failures.append("catalint: could not write the fixes to \(change.path): \(error)\n")
            }
        }
        // What is left: as the fixed texts say, or, when a file could not be written, as the files are.
        result = failures.isEmpty ? run.result : try linter.lint(inputs)
        var report = failures.joined()
        for path in run.refused where !failures.contains(where: { $0.contains(path) }) {
            report += "catalint: left \(path) unfixed: its fixes would leave a syntax error, or it could not be read again within its limits (please report this)\n"
        }
        let fixed = failures.isEmpty ? run.fixes.count : run.fixes.filter { fix in !failures.contains { $0.contains(fix.path) } }.count
        if fixed > 0 {
            report += "catalint: applied \(fixed) fix\(fixed == 1 ? "" : "es") in \(files) file\(files == 1 ? "" : "s")\n"
            if request.showFixes { report += run.listing() }
        } else if run.refused.isEmpty {
            report += "catalint: nothing to fix" + (request.unsafeFixes ? "" : " with safe fixes (--unsafe-fixes applies the unsafe ones too)") + "\n"
        }
        return report
    }

    /// `--diff`: the fixes as a unified diff on standard output, nothing written; exit 1 when there
    /// is a change.
    static func diffOutcomeOf(_ run: FixRun, request: LintRequest) -> CommandOutcome {
        var outcome = CommandOutcome(stdout: run.diff(), stderr: "", exitCode: run.changes.isEmpty ? ExitStatus.success : ExitStatus.findings)
        if run.changes.isEmpty {
            outcome.stderr = "catalint: nothing to fix" + (request.unsafeFixes ? "" : " with safe fixes (--unsafe-fixes shows the unsafe ones too)") + "\n"
        } else {
            outcome.stderr = "catalint: --fix\(request.unsafeFixes ? " --unsafe-fixes" : "") would apply \(run.fixes.count) fix\(run.fixes.count == 1 ? "" : "es") in \(run.changes.count) file\(run.changes.count == 1 ? "" : "s")\n"
        }
        for path in run.refused {
            outcome.stderr += "catalint: \(path) would be left unfixed: its fixes would leave a syntax error\n"
        }
        return outcome
    }

    /// `--add-suppressions`: writes the comments (`SuppressionRun`), each file atomically; `result`
    /// becomes what the next run reports. Returns what it did, for standard error.
    static func addSuppressions(_ result: inout LintResult, linter: Linter, inputs: LintInputs, reason: String?) throws -> String {
        let run = try SuppressionRun.plan(result, linter: linter, inputs: inputs, reason: reason)
        var report = ""
        var written = 0
        var comments = 0
        for change in run.changes {
            do {
                try SafeWrite.write(run.contents(of: change), to: change.path)
                written += 1
                comments += run.comments[change.path] ?? 0
            } catch {
                report += "catalint: could not write the suppression comments to \(change.path): \(error)\n"
            }
        }
        result = written == run.changes.count ? run.result : try linter.lint(inputs)
        report += comments == 0 ? "catalint: no suppression comment to add\n"
            : "catalint: added or extended \(comments) suppression comment\(comments == 1 ? "" : "s") in \(written) file\(written == 1 ? "" : "s")\n"
        let left = run.left
        if !left.isEmpty {
            let meta = left.filter { !SuppressionWriter.suppressible($0) }.count
            report += "catalint: \(left.count) finding\(left.count == 1 ? " was" : "s were") left as \(left.count == 1 ? "it was" : "they were")"
                + (meta > 0 ? " (\(meta) of catalint's own rules, about reading the files: fix \(meta == 1 ? "it" : "them"))" : "")
                + (left.count > meta ? "; a comment could not cover \(left.count - meta) (inside a multi-line string or block scalar)" : "") + "\n"
        }
        return report
    }

    /// Keeps the lines of standard error that are errors (`--quiet`).
    static func errorsOnly(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.hasPrefix("error") || ($0.hasPrefix("catalint: could not") ) }
            .map { $0 + "\n" }.joined()
    }

    /// Refuses, before anything is linted, an `--output` or `--write-baseline` target that is a
    /// folder, an input of the run, the configuration or the baseline in use, or cannot be written.
    static func checkWriteTargets(_ request: LintRequest, configuration: Configuration, inputs: LintInputs) throws {
        let targets = ([(request.output, "--output"), (request.writeBaseline, "--write-baseline")]
            + request.reports.map { ($0.path, "--report") }).compactMap { path, option in
            path.map { (path: $0, option: option) }
        }
        guard !targets.isEmpty else { return }
        for (index, target) in targets.enumerated() {
            if let other = targets[..<index].first(where: { Configuration.absolute($0.path) == Configuration.absolute(target.path) }) {
                throw SafeWrite.Failure(message: "\(other.option) and \(target.option) name the same file, \(target.path); nothing was written.")
            }
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
            if request.pathsNamed && !request.gitSelects && request.stdinFilename == nil {
                return .failure("error: no file to lint under \(request.paths.joined(separator: ", ")): nothing there is a Swift, Objective-C, interface or Interface Builder file that the configuration includes.")
            }
            outcome.stderr += "warning: no file was linted" + (request.gitSelects ? " (no \(request.staged ? "staged" : "changed") files)" : request.stdinFilename != nil ? " (the configuration excludes \(request.stdinFilename!))" : "") + ".\n"
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
        // The reports to files get every finding; standard output, at most --max-diagnostics.
        var targets = request.reports
        if let output = request.output { targets.append(ReportTarget(format: request.format, path: output)) }
        for target in targets {
            guard let path = target.path else { continue }
            do {
                try SafeWrite.write(Data(target.format.reporter().report(result).utf8), to: path)
            } catch {
                return .failure("error: cannot write the \(target.format.rawValue) report to \(path): \(error)")
            }
        }
        let stdoutFormat = targets.first { $0.path == nil }?.format ?? (request.output != nil ? .text : request.format)
        let shown = request.maxDiagnostics.map { result.limited(to: $0) } ?? result
        outcome.stdout = stdoutFormat.reporter(color: request.color, quiet: request.quiet).report(shown)
        if !shown.omitted.isEmpty && stdoutFormat != .text {
            outcome.stderr += "catalint: \(shown.omitted.count) more finding\(shown.omitted.count == 1 ? "" : "s") not shown (--max-diagnostics \(request.maxDiagnostics ?? 0))\n"
        }
        if request.statistics {
            let table = StatisticsReporter().report(result)
            if stdoutFormat.isMachineReadable { outcome.stderr += table } else { outcome.stdout += (outcome.stdout.isEmpty ? "" : "\n") + table }
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

extension LintCommand {
    /// Runs `catalint rules --docs DIR`: writes the rule pages, says on standard error what changed.
    static func writeRulePages(into directory: String) -> CommandOutcome {
        let written: RulePages.Written
        do {
            written = try RulePages.write(into: directory)
        } catch {
            return .failure("error: \(error)")
        }
        var log = written.written.map { "catalint: wrote \($0)\n" }.joined()
        log += written.removed.map { "catalint: removed \($0): no rule has that id any more\n" }.joined()
        let pages = written.written.count + written.unchanged.count
        log += "catalint: \(pages) pages in \(directory): \(written.written.count) written, \(written.unchanged.count) already current"
            + (written.removed.isEmpty ? "" : ", \(written.removed.count) removed") + "\n"
        return CommandOutcome(stdout: "", stderr: log, exitCode: 0)
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
