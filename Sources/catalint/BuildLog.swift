import CatalintKit

/// What a run says of the projects it read: for `--verbose`, each project with how its targets
/// run, the target that judged each linted file and the files left out and why; always, a warning
/// for a project that could not be read (its files are then linted as if it were not there).
enum BuildLog {
    static func lines(_ report: BuildReport?, membership: BuildMembership?, verbose: Bool) -> (verbose: [String], warnings: String) {
        guard let membership else { return ([], "") }
        let warnings = membership.problems.map { "warning: \($0)\n" }.joined()
        guard verbose, let report else { return ([], warnings) }
        var lines = membership.notes.map { "build: " + $0 }
        for file in report.files {
            if file.judgedAs == "unbuilt" {
                lines.append("build: \(file.path): linted, though \(file.reason.prefix(1).lowercased() + file.reason.dropFirst()) (--include-unbuilt)")
            } else {
                lines.append("build: \(file.path): \(judged(file.judgedAs)), by target \(file.target ?? "?") of \(file.project)")
            }
        }
        for file in report.leftOut {
            lines.append("build: left out \(file.path): \(file.reason)")
        }
        return (lines, warnings)
    }

    private static func judged(_ label: String) -> String {
        switch label {
        case "mac": return "judged in the mac idiom"
        case "pad": return "judged in the pad idiom"
        case "not-on-mac": return "never in the Mac idiom (crash rules only)"
        case "not-ios": return "not iOS (no rule)"
        default: return label
        }
    }
}
