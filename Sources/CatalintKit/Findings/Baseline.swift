import Foundation

/// Accepted findings, so that only new ones fail the build (`--write-baseline`, `--baseline`).
///
/// A finding is matched on its path, rule and the text of its line, not its line number, so edits
/// elsewhere in the file do not bring baselined findings back; each entry accepts one finding, so a
/// second identical finding on a new line is new.
public struct Baseline: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Hashable, Comparable {
        /// Relative to the baseline file's folder.
        public var path: String
        public var rule: String
        /// The offending line, without leading and trailing white space.
        public var line: String
        /// The message when it was recorded, for people reading the file; not matched.
        public var message: String

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.path, lhs.rule, lhs.line, lhs.message) < (rhs.path, rhs.rule, rhs.line, rhs.message)
        }

        var key: String { "\(path)\u{0}\(rule)\u{0}\(line)" }
    }

    public var version: Int
    public var findings: [Entry]

    /// What applying a baseline leaves: the new findings, and the baselined ones that are gone.
    public struct Outcome: Sendable {
        public var new: [Diagnostic]
        public var gone: [Entry]
    }

    /// The baseline of `diagnostics`, for a file in `directory`.
    public init(diagnostics: [Diagnostic], directory: String) {
        version = 1
        findings = diagnostics.map { Self.entry(for: $0, directory: directory) }.sorted()
    }

    static func entry(for diagnostic: Diagnostic, directory: String) -> Entry {
        Entry(path: relative(diagnostic.position.path, to: directory), rule: diagnostic.rule,
              line: (diagnostic.sourceLine ?? "").trimmed, message: diagnostic.message)
    }

    static func relative(_ path: String, to directory: String) -> String {
        Paths.relative(path, to: directory) ?? Configuration.absolute(path)
    }

    /// Splits `diagnostics` into new ones and the baselined ones that no longer occur.
    public func apply(to diagnostics: [Diagnostic], directory: String) -> Outcome {
        var remaining: [String: [Entry]] = [:]
        for entry in findings { remaining[entry.key, default: []].append(entry) }
        var new: [Diagnostic] = []
        for diagnostic in diagnostics {
            let key = Self.entry(for: diagnostic, directory: directory).key
            if var entries = remaining[key], !entries.isEmpty {
                entries.removeLast()
                remaining[key] = entries
            } else {
                new.append(diagnostic)
            }
        }
        return Outcome(new: new, gone: remaining.values.flatMap { $0 }.sorted())
    }

    // MARK: Files

    /// Reads a baseline file.
    public static func read(_ path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BaselineError(message: "\(path): cannot read the baseline file")
        }
        do {
            let baseline = try JSONDecoder().decode(Baseline.self, from: data)
            guard baseline.version == 1 else {
                throw BaselineError(message: "\(path): baseline version \(baseline.version) is not one this catalint reads (1)")
            }
            return baseline
        } catch let error as BaselineError {
            throw error
        } catch {
            throw BaselineError(message: "\(path): not a catalint baseline (\(Self.describe(error)))")
        }
    }

    /// Writes the baseline with `SafeWrite`: atomically, a new file written beside it and renamed
    /// over it, so a crash never leaves half a file.
    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(self)
            data.append(0x0A)
            try SafeWrite.write(data, to: path)
        } catch let failure as SafeWrite.Failure {
            throw BaselineError(message: "cannot write the baseline: \(failure.message)")
        } catch {
            throw BaselineError(message: "\(path): cannot write the baseline: \(error.localizedDescription)")
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "missing key '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        case DecodingError.dataCorrupted: return "not valid JSON"
        default: return "\(error)"
        }
    }
}

/// A baseline file that cannot be read or written: exit status 2.
public struct BaselineError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
