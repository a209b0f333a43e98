import ArgumentParser
import CatalintKit
import CatalintServer
import Foundation
#if canImport(Glibc)
import Glibc
#endif

@main
struct Catalint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalint",
        abstract: "Finds the code of an iPad app that throws or misbehaves on the Mac in the Mac idiom (Mac Catalyst, \"Optimize Interface for Mac\").",
        discussion: """
            Examples:
              catalint lint samples/Recipes         lint a folder
              catalint Sources/App/Settings.swift   lint one file (lint is the default)
              catalint lint --format xcode .        one line a diagnostic, for Xcode
              catalint lint --idiom pad --strict .  iPad idiom on the Mac; fail on warnings
              catalint rules                        list the rules
              catalint rules unavailable-control    explain one rule
              catalint init                         write a starter .catalint.yml
              catalint schema config                the JSON Schema of .catalint.yml
              catalint server                       a language server for editors (LSP over stdio)
              catalint lint --write-baseline catalint-baseline.json .   accept today's findings
              catalint lint --baseline catalint-baseline.json .         report only new ones
              catalint lint --add-suppressions --reason "iPad only" .   or suppress them in place
              catalint lint --select crash --statistics .               crashes only, counted by rule
              catalint lint --since origin/main .                       files changed on this branch
              catalint lint --staged                                    the index, as a hook sees it
              catalint lint --diff .                                    the fixes --fix would write
              catalint lint --report sarif=catalint.sarif --report github .   several reports at once

            Exit status: 0 no errors; 1 errors found (or warnings, with --strict);
            2 usage error, missing path or internal failure.
            """,
        version: CatalintVersion.current,
        subcommands: [Lint.self, Rules.self, Init.self, SchemaCommand.self, Server.self],
        defaultSubcommand: Lint.self
    )

    /// Runs the command and maps every failure to the documented exit statuses: 0 for help and
    /// version, 1 for findings, 2 for usage errors and internal failures.
    static func main() {
        tuneAllocator()
        // A worker process of a lint run or of the server (not a command for people).
        if CommandLine.arguments.count == 2 && CommandLine.arguments[1] == FileWorkers.argument { FileWorkers.serve() }
        // Development aids for the Objective-C front end (docs/development.md), not commands for users.
        if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "__objc-dump" {
            let arguments = Array(CommandLine.arguments.dropFirst(2))
            if arguments.count >= 3 && arguments[0] == "--clang-arguments" {
                ObjCDebug.clangArguments(root: arguments[1], folder: arguments[2], language: arguments.count > 3 ? arguments[3] : "objective-c")
            } else {
                ObjCDebug.dump(arguments.filter { !$0.hasPrefix("-I") && $0 != "--tree" }, includeFolders: arguments.filter { $0.hasPrefix("-I") }.map { String($0.dropFirst(2)) },
                               tree: arguments.contains("--tree"))
            }
            Foundation.exit(0)
        }
        if let mistyped = mistypedSubcommand(Array(CommandLine.arguments.dropFirst())) {
            FileHandle.standardError.write(Data("error: unknown command '\(mistyped.word)'. Did you mean `\(mistyped.command)`? (`catalint --help` lists the commands; to lint a path of that name, write ./\(mistyped.word).)\n".utf8))
            Foundation.exit(ExitStatus.usage)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = fullMessage(for: error)
            FileHandle.standardError.write(Data(((message.hasPrefix("Error:") || message.hasPrefix("Usage:")) ? message : "error: \(message)").utf8))
            FileHandle.standardError.write(Data("\n".utf8))
            Foundation.exit(ExitStatus.usage)
        }
    }

    /// A first argument that is no option, no existing path and close to a subcommand's name
    /// (`catalint lnit`), with the subcommand it is likely meant to be.
    static func mistypedSubcommand(_ arguments: [String]) -> (word: String, command: String)? {
        guard let word = arguments.first, !word.hasPrefix("-"), !FileManager.default.fileExists(atPath: word) else { return nil }
        // Every subcommand names itself: `String(describing:)` of a type reflects on it, a tenth of
        // the start-up.
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        guard !names.contains(word), let command = Suggestion.closest(to: word, in: names) else { return nil }
        return (word, command)
    }
}

extension IdiomSetting: ExpressibleByArgument {}

extension ReportFormat: ExpressibleByArgument {}

/// On glibc, keeps freed memory for reuse instead of handing it back to the system after every
/// file's syntax tree is dropped, and serves large blocks from the heap: trimming and mapping cost
/// 15-20% of a run's time otherwise. Peak memory is unchanged (it is bounded by the largest files
/// being linted at once); other C libraries manage this themselves.
func tuneAllocator() {
    #if canImport(Glibc)
    // mallopt is not in Swift's Glibc module; glibc's parameter numbers are stable ABI.
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    let trimThreshold: Int32 = -1, topPad: Int32 = -2, mmapThreshold: Int32 = -3
    _ = mallopt(trimThreshold, 256 << 20)
    _ = mallopt(topPad, 16 << 20)
    _ = mallopt(mmapThreshold, 64 << 20)
    #endif
}

/// Writes a command's outcome and exits with its status.
func finish(_ outcome: CommandOutcome) throws {
    FileHandle.standardOutput.write(Data(outcome.stdout.utf8))
    FileHandle.standardError.write(Data(outcome.stderr.utf8))
    if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
}

/// Writes a line to standard error at once (for `--verbose`, which reports as it goes).
func logToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// A comma-separated list of rule ids: `--select a,b`.
func ruleList(_ values: [String]) -> [String] {
    values.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint Swift, Objective-C, YAML interface and Interface Builder files (the default command).",
        discussion: """
            Folders are walked for *.swift, *.interface.yml, *.interface.yaml, *.storyboard and *.xib files, \
            skipping .git, .build, DerivedData, Pods, Carthage and hidden folders. Settings come from the nearest \
            .catalint.yml (see catalint init).
            """
    )

    @Argument(help: "Files and folders to lint (default: the current folder).", completion: .file())
    var paths: [String] = []

    @Option(help: ArgumentHelp(
        "The report format: text, xcode, json, sarif, github, checkstyle, junit, gitlab, summary, rdjson, sonarqube or markdown.",
        discussion: """
            gitlab is GitLab Code Quality JSON (artifacts:reports:codequality); SwiftLint's reporter of that name \
            writes JUnit XML, which is junit here. rdjson is for reviewdog (fixes become suggested changes), \
            sonarqube for sonar.externalIssuesReportPaths, markdown for pull-request comments and job summaries.
            """))
    var format: ReportFormat = .text

    @Option(help: ArgumentHelp("The idiom the app uses on the Mac: mac (Optimize Interface for Mac), pad (Scale Interface to Match iPad) or auto (read the Xcode project). Default: the configuration's, else auto.",
                               discussion: "With pad, the rules for code that throws report notes: what blocks switching to the Mac idiom."))
    var idiom: IdiomSetting?

    @Flag(help: "Count warnings as errors for the exit status.")
    var strict = false

    @Flag(help: "Exit 0 even when there are errors (usage errors still exit 2).")
    var exitZero = false

    @Option(name: [.short, .long], help: "How many files to process at once (default: the number of cores).")
    var jobs: Int?

    @Option(help: ArgumentHelp("The configuration file (default: .catalint.yml in this folder or the nearest parent).", valueName: "path"))
    var config: String?

    @Flag(help: "Use no configuration file.")
    var noConfig = false

    @Option(help: ArgumentHelp("Only these rules report, for this run: comma-separated rule ids, categories (crash, layout, meta), prefixes of ids (unavailable-) or ALL.",
                               discussion: "It replaces the configuration's select. A narrower selector wins over a wider one: --select layout --ignore hard-coded-size.",
                               valueName: "rules"))
    var select: [String] = []

    @Option(help: ArgumentHelp("These rules do not report, for this run (ids, categories, prefixes or ALL, comma-separated).", valueName: "rules"))
    var ignore: [String] = []

    @Option(help: ArgumentHelp("Rules that report in this run besides the selected ones, such as opt-in rules (ids, categories, prefixes or ALL, comma-separated).",
                               valueName: "rules"))
    var extendSelect: [String] = []

    @Flag(help: "Run the rules that ship as previews too (the configuration's preview: true does the same).")
    var preview = false

    @Flag(name: [.short, .long], help: "Say which configuration and which Xcode setting decided the idiom, which target judged each file, and which files were left out and why (on standard error).")
    var verbose = false

    @Option(help: ArgumentHelp("Record the current findings in a baseline file, and exit 0.", valueName: "file"))
    var writeBaseline: String?

    @Option(help: ArgumentHelp("Report only findings that are not in this baseline file.", valueName: "file"))
    var baseline: String?

    @Flag(help: "With --baseline, also fail when baselined findings are gone, so the baseline only shrinks.")
    var strictBaseline = false

    @Option(help: ArgumentHelp("Also write the --format report to this file; the terminal gets the text report.", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("A report of this run, to standard output or to PATH; repeat it for several (--report sarif=catalint.sarif --report github).",
                               discussion: "At most one goes to standard output; when none does, standard output gets the --format report.",
                               valueName: "format[=path]"))
    var report: [String] = []

    @Flag(help: "After the report, print how many findings each rule has and how many can be fixed (on standard error when the report is JSON or XML).")
    var statistics = false

    @Option(help: ArgumentHelp("List at most this many findings on standard output; the summary counts all of them and says how many were not shown.", valueName: "n"))
    var maxDiagnostics: Int?

    @Flag(name: [.short, .long], help: "Print the findings and nothing else: no summary line, no notes on standard error (errors still are).")
    var quiet = false

    @Option(help: ArgumentHelp("Lint standard input (give - as the path) as if it were this file: its configuration and exclusions apply, and it is reported under this name.", valueName: "path"))
    var stdinFilename: String?

    @Flag(help: "Lint only the files git sees as modified or staged against HEAD, or untracked, under the paths.")
    var changed = false

    @Option(help: ArgumentHelp("Lint only the files changed since the merge base of HEAD with this branch, tag or commit (committed, staged or not), and untracked ones, under the paths.",
                               valueName: "ref"))
    var since: String?

    @Flag(help: "Lint the staged files under the paths as the index holds them (what the next commit will hold), not as the work tree does.")
    var staged = false

    @Flag(inversion: .prefixedNo,
          help: ArgumentHelp("Also lint the Swift files that no target of the project compiles, and the storyboards and xibs that none copies (test sources, files left out of the project). Default: the configuration's include_unbuilt, else no.",
                             discussion: "With an Xcode project, an XcodeGen project.yml or a Package.swift, catalint lints what the app builds: --verbose lists what it left out and why."))
    var includeUnbuilt: Bool?

    @Option(help: ArgumentHelp("Keep the cache of each file's results here (default: .catalint_cache in the project folder).", valueName: "path"))
    var cacheDir: String?

    @Flag(help: "Neither read nor write the cache: lint every file afresh.")
    var noCache = false

    @Flag(help: "Apply the safe fixes to the files, then report what is left.")
    var fix = false

    @Flag(help: "Apply the unsafe fixes too (they change how the app looks or works on the Mac: review them); implies --fix.")
    var unsafeFixes = false

    @Flag(help: "Print the unified diff that --fix (with --unsafe-fixes, every fix) would apply, write nothing, and exit 1 when there is one.")
    var diff = false

    @Flag(help: "With --fix, list the fixes applied, by file and rule (on standard error).")
    var showFixes = false

    @Flag(help: ArgumentHelp("Write a catalint:disable:next comment above every finding, so that the next run is clean; then report what is left.",
                             discussion: "Findings of catalint's own rules (meta: a file it cannot read or parse) are left to fix."))
    var addSuppressions = false

    @Option(help: ArgumentHelp("With --add-suppressions, the reason written after each comment's rules (`- TEXT`).", valueName: "text"))
    var reason: String?

    func validate() throws {
        if let jobs, jobs < 1 {
            throw ValidationError("--jobs takes a number of 1 or more.")
        }
        if noConfig && config != nil {
            throw ValidationError("--config and --no-config cannot be used together.")
        }
        if strictBaseline && baseline == nil {
            throw ValidationError("--strict-baseline goes with --baseline FILE.")
        }
        if paths.contains("-") != (stdinFilename != nil) || (stdinFilename != nil && paths != ["-"]) {
            throw ValidationError("Read standard input with `--stdin-filename PATH -` (and no other path).")
        }
        if noCache && cacheDir != nil {
            throw ValidationError("--cache-dir and --no-cache cannot be used together.")
        }
        let selections = [(changed, "--changed"), (since != nil, "--since"), (staged, "--staged"), (stdinFilename != nil, "--stdin-filename")].filter(\.0).map(\.1)
        if selections.count > 1 {
            throw ValidationError("\(selections.joined(separator: " and ")) cannot be used together: each says which files to lint.")
        }
        let writers = [(fix || unsafeFixes, "--fix"), (addSuppressions, "--add-suppressions"), (writeBaseline != nil, "--write-baseline")].filter(\.0).map(\.1)
        if (!writers.isEmpty || diff) && (stdinFilename != nil || staged) {
            throw ValidationError("\((writers + (diff ? ["--diff"] : [])).joined(separator: " and ")) read\(writers.count + (diff ? 1 : 0) == 1 ? "s" : "") the files on disk, so it cannot be used with \(staged ? "--staged" : "--stdin-filename").")
        }
        if writers.count > 1 || (diff && writers.contains(where: { $0 != "--fix" })) {
            throw ValidationError("\((writers + (diff ? ["--diff"] : [])).joined(separator: " and ")) cannot be used together.")
        }
        if diff && (output != nil || !report.isEmpty || baseline != nil || statistics) {
            throw ValidationError("--diff prints a diff, not a report: it goes without --output, --report, --baseline and --statistics.")
        }
        if reason != nil && !addSuppressions {
            throw ValidationError("--reason goes with --add-suppressions.")
        }
        if showFixes && !(fix || unsafeFixes) {
            throw ValidationError("--show-fixes goes with --fix or --unsafe-fixes.")
        }
        if let maxDiagnostics, maxDiagnostics < 0 {
            throw ValidationError("--max-diagnostics takes a number of 0 or more.")
        }
        do {
            let targets = try report.map { text throws(ReportTarget.Invalid) in try ReportTarget(parsing: text) }
            if targets.filter({ $0.path == nil }).count > 1 {
                throw ValidationError("Only one --report can go to standard output; give the others a file: --report FORMAT=PATH.")
            }
        } catch let invalid as ReportTarget.Invalid {
            throw ValidationError(invalid.description)
        }
    }

    func run() throws {
        var request = LintRequest()
        request.paths = paths.isEmpty ? ["."] : paths
        request.pathsNamed = !paths.isEmpty
        request.format = format
        request.idiom = idiom
        request.strict = strict
        request.exitZero = exitZero
        request.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        request.configPath = config
        request.noConfig = noConfig
        request.select = select.isEmpty ? nil : ruleList(select)
        request.ignore = ruleList(ignore)
        request.extendSelect = ruleList(extendSelect)
        request.verbose = verbose
        request.writeBaseline = writeBaseline
        request.baseline = baseline
        request.strictBaseline = strictBaseline
        request.output = output
        request.changed = changed
        request.includeUnbuilt = includeUnbuilt
        request.cacheDirectory = cacheDir
        request.noCache = noCache
        request.fix = fix || unsafeFixes
        request.unsafeFixes = unsafeFixes
        request.preview = preview
        request.reports = report.compactMap { try? ReportTarget(parsing: $0) }
        request.statistics = statistics
        request.maxDiagnostics = maxDiagnostics
        request.quiet = quiet
        request.since = since
        request.staged = staged
        request.diff = diff
        request.showFixes = showFixes
        request.addSuppressions = addSuppressions
        request.reason = reason
        request.showProgress = !quiet && isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["CI"] == nil
        if let stdinFilename {
            request.stdinFilename = stdinFilename
            request.stdinData = FileHandle.standardInput.readDataToEndOfFile()
        }
        let stdoutFormat = request.reports.first { $0.path == nil }?.format ?? (output != nil ? .text : format)
        request.color = stdoutFormat == .text && isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        try finish(LintCommand.run(request, log: logToStandardError))
    }
}

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starter .catalint.yml here, with the idiom detected from the Xcode project."
    )

    @Flag(help: "Replace an existing .catalint.yml.")
    var force = false

    func run() throws {
        try finish(LintCommand.initialize(force: force))
    }
}

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules, or explain one.",
        discussion: """
            catalint rules ID says what the rule does, why it breaks in the Mac idiom, an example, what to use instead, \
            the Apple page it rests on, and the address of its page. --docs DIR writes every rule's page (docs/rules/ in \
            catalint's repository is that output).
            """
    )

    @Argument(help: "A rule id to explain.")
    var id: String?

    @Flag(help: "Print the rules as a Markdown table (the one in README.md).")
    var markdown = false

    @Option(help: ArgumentHelp("Write a Markdown page per rule, and README.md, their index, into this folder (made if missing); "
                               + "pages an earlier run wrote for rules that are gone are removed.", valueName: "dir"))
    var docs: String?

    func validate() throws {
        if docs != nil && (id != nil || markdown) {
            throw ValidationError("--docs writes every rule's page: give it neither a rule id nor --markdown.")
        }
        if id != nil && markdown {
            throw ValidationError("--markdown prints the table of every rule: give it no rule id.")
        }
    }

    func run() throws {
        if let docs {
            try finish(LintCommand.writeRulePages(into: docs))
        } else if let id {
            guard let rule = RuleCatalog.rule(id) else {
                let ids = RuleCatalog.all.map(\.id)
                var message = "unknown rule '\(id)'."
                message += Suggestion.sentence(id, in: ids)
                throw ValidationError(message + " `catalint rules` lists them all.")
            }
            print(RuleDocs.explain(rule), terminator: "")
        } else if markdown {
            print(RuleDocs.markdownTable(), terminator: "")
        } else {
            print(RuleDocs.list(), terminator: "")
        }
    }
}

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print a JSON Schema for editors: of .catalint.yml (config) or of YAML interface files (interface).",
        discussion: "The files in docs/ (config.schema.json, interface.schema.json) are this output."
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case config, interface
    }

    @Argument(help: "config or interface.")
    var kind: Kind

    func run() throws {
        print(kind == .config ? Schemas.configuration : Schemas.interface, terminator: "")
    }
}

struct Server: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Serve editors: a Language Server Protocol server on standard input and output.",
        discussion: """
            Diagnostics for open Swift, Objective-C, YAML interface and Interface Builder documents as they are edited, \
            linted against the whole project of each workspace folder (its .catalint.yml and idiom apply), and \
            each rule's explanation on hover. The log goes to standard error. See docs/editors.md.
            """
    )

    @Flag(help: ArgumentHelp("Accepted and ignored: the server always speaks on standard input and output.", visibility: .hidden))
    var stdio = false

    func run() throws {
        let status = LanguageServer().run()
        throw ExitCode(status)
    }
}
