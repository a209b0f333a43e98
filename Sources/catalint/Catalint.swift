import ArgumentParser
import CatalintKit
import Foundation

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

            Exit status: 0 no errors; 1 errors found (or warnings, with --strict);
            2 usage error, missing path or internal failure.
            """,
        version: CatalintVersion.current,
        subcommands: [Lint.self, Rules.self],
        defaultSubcommand: Lint.self
    )

    /// Runs the command and maps every failure to the documented exit statuses: 0 for help and
    /// version, 1 for findings, 2 for usage errors and internal failures.
    static func main() {
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
            Foundation.exit(2)
        }
    }
}

extension Idiom: ExpressibleByArgument {
    public static var allValueStrings: [String] { ["mac", "pad"] }
}

extension ReportFormat: ExpressibleByArgument {}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lint Swift files and folders (the default command).",
        discussion: "Folders are walked for *.swift files, skipping .git, .build, DerivedData, Pods, Carthage and hidden folders."
    )

    @Argument(help: "Files and folders to lint.", completion: .file())
    var paths: [String] = ["."]

    @Option(help: "The report format: text, xcode or json.")
    var format: ReportFormat = .text

    @Option(help: ArgumentHelp("The idiom the app uses on the Mac: mac (Optimize Interface for Mac) or pad (Scale Interface to Match iPad).",
                               discussion: "With pad, the rules for code that throws report notes: what blocks switching to the Mac idiom."))
    var idiom: Idiom = .mac

    @Flag(help: "Count warnings as errors for the exit status.")
    var strict = false

    @Option(name: [.short, .long], help: "How many files to process at once (default: the number of cores).")
    var jobs: Int?

    func validate() throws {
        if idiom != .mac && idiom != .pad {
            throw ValidationError("--idiom takes mac or pad.")
        }
        if let jobs, jobs < 1 {
            throw ValidationError("--jobs takes a number of 1 or more.")
        }
    }

    func run() throws {
        let options = LintOptions(idiom: idiom, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let result: LintResult
        do {
            result = try Linter(options: options).lint(paths: paths)
        } catch let error as LintError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        let color = format == .text && isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        FileHandle.standardOutput.write(Data(format.reporter(color: color).report(result).utf8))
        let failing = result.count(.error) + (strict ? result.count(.warning) : 0)
        if failing > 0 { throw ExitCode(1) }
    }
}

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the rules, or explain one.",
        discussion: "catalint rules ID says what the rule does, why it breaks in the Mac idiom, an example, what to use instead, and the Apple page it rests on."
    )

    @Argument(help: "A rule id to explain.")
    var id: String?

    @Flag(help: "Print the rules as a Markdown table (the one in README.md).")
    var markdown = false

    func run() throws {
        if let id {
            guard let rule = RuleCatalog.rule(id) else {
                let ids = RuleCatalog.all.map(\.id)
                var message = "unknown rule '\(id)'."
                if let guess = closestName(to: id, in: ids) { message += " Did you mean '\(guess)'?" }
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
