import Foundation

/// The one way a file is processed, on every path: linted, read only for the project index, opened
/// or indexed by the language server, linted again after a fix. It applies the file's budget, the
/// same everywhere (`limits:` in `.catalint.yml`):
///
/// - past `file_size`, the file is not even read;
/// - past `nesting` or `operator_chain`, it is not parsed;
/// - past `seconds_per_file`, every walk over it stops (each asks its `Deadline`), and what it
///   made is dropped. swift-syntax's parser cannot be asked; its time grows with the file's size,
///   bounded by `file_size`, except on deep `[` nesting, where it doubles with each level: such a
///   file goes to a worker process (`FileWorkers`), killed half the `grace` past the budget.
///
/// A file past the budget gets `file-skipped` when it is linted, and contributes nothing to the
/// index when it is only indexed (the run says which with `-v`; the server in its log).
struct FileProcessor: Sendable {
    var vocabulary: LoweringVocabulary
    var limits: FileLimits
    var swiftVersion: SwiftVersion
    var cache: ResultCache?
    /// Worker processes to run files in, so that a file past its budget can be stopped whatever it
    /// is doing (`FileWorkers`); nil to run them on this process's threads.
    var workers: FileWorkers?
    /// libclang and the settings Objective-C files are parsed with; nil when the run has none.
    var objc: ObjCEnvironment?
    /// False to keep the results of a text given (not read from its file) out of the cache: an
    /// editor's document, whose every keystroke would otherwise be encoded and kept.
    var cachesTexts = true
    /// True to read files for their part of the project index alone (`FileJob.run`'s `indexOnly`):
    /// the language server's reading of a project, whose files it does not lint until they are
    /// opened. A lint's results in `cache` are taken when there are (they hold the index); what
    /// this processor makes is kept in `indexCache` instead, apart, so that a lint never takes
    /// it for its own results.
    var indexOnly = false
    var indexCache: ResultCache?

    /// Where this processor keeps what it makes.
    private var keptIn: ResultCache? { indexOnly ? indexCache : cache }

    /// How long past the budget the run still waits for a file that has not yet stopped by itself
    /// (only swift-syntax's parser and operator folding do not ask the deadline, and clang): a
    /// worker process is killed half of it past the budget, so that its own answer comes first. A
    /// file's thread past the budget gives `pastTime` whenever it ends, so the wait changes when
    /// the run goes on, never what it reports.
    static let grace = 1.0

    /// The outputs of `inputs`, processed on `jobs` threads, largest first, in the order of `inputs`.
    func outputs(for inputs: [FileInput], jobs: Int, progress: ProgressCounter? = nil) -> [FileOutput] {
        let stamped = parallelMap(inputs, jobs: jobs) { input in
            (input, input.text == nil ? ResultCache.stamp(of: input.path) : nil)
        }
        let limits = self.limits
        // Workers are stopped half the grace past the budget; the run's own backstop waits the whole grace.
        let backstop = TimeBudget<(FileInput, ResultCache.Stamp?), FileOutput>(seconds: limits.secondsPerFile + Self.grace) { input, _ in
            Self.pastTime(input.path, limits: limits)
        }
        return parallelMap(stamped, jobs: jobs, largestFirst: { $0.1?.size ?? $0.0.text?.utf8.count ?? 0 }, budget: backstop) { input, stamp in
            defer { progress?.tick() }
            return output(for: input, stamp: stamp)
        }
    }

    /// The output of one file: from the cache when the file is unchanged (by its stamp, else by its
    /// content), else computed within the budget and cached. A file past its time is not cached:
    /// how long it takes depends on the machine.
    func output(for input: FileInput, stamp: ResultCache.Stamp?) -> FileOutput {
        let deadline = Deadline(seconds: limits.secondsPerFile)
        // Past the size limit, a file is not even read: memory stays bounded by the largest file linted.
        let size = stamp?.size ?? input.text?.utf8.count ?? 0
        if size > limits.fileSize {
            var output = FileOutput(path: input.path)
            output.problems = [.skipped(input.path, reason: "it has \(size) bytes, past the limit of \(limits.fileSize)", limit: "file_size")]
            return output
        }
        // Results of another language mode (the project changed it) are not this file's; nor are
        // results made with a header that has changed since.
        func fits(_ cached: FileOutput) -> Bool {
            (input.kind != .swift || cached.languageMode == input.languageMode) && cached.dependencies.allSatisfy(\.isCurrent)
        }
        if let cache, let stamp, let cached = cache.output(for: input.path, stamp: stamp), fits(cached) { return cached }
        if indexOnly, let indexCache, let stamp, let cached = indexCache.output(for: input.path, stamp: stamp), fits(cached) { return cached }
        let contents = input.text.map { Result<String, ReadFailure>.success($0) } ?? FileText.read(input.path, kind: input.kind)
        guard case .success(let text) = contents else {
            return FileJob.run(SourceInput(path: input.path, kind: input.kind, contents: contents, languageMode: input.languageMode),
                               vocabulary: vocabulary, limits: limits, swiftVersion: swiftVersion, objc: objc)
        }
        let hash = ResultCache.hash(text)
        for cache in [cache, indexOnly ? indexCache : nil].compactMap({ $0 }) {
            if var cached = cache.output(for: input.path, contentHash: hash, stamp: stamp), fits(cached) {
                cached.contentHash = hash
                return cached
            }
        }
        let source = SourceInput(path: input.path, kind: input.kind, contents: contents, languageMode: input.languageMode,
                                 parseMemory: input.parseMemory)
        var output: FileOutput
        // One scan of the bytes, for both questions: may it be parsed here, may it be parsed at all.
        let scan = input.kind == .swift ? NestingScan(Array(text.utf8)) : nil
        // Objective-C goes to a worker too when there are workers: clang cannot be asked to stop, and
        // a crash inside it is then that worker's, not the run's. libclang is loaded here first, on
        // the first file the cache does not have, so a library that does not load is the run's
        // warning, not workers' silence; a run that finds every file in the cache never loads it.
        let isolated = input.kind == .objectiveC ? objc?.clang != nil : scan.map { SwiftSourceFile.needsIsolation($0, limits: limits) } ?? false
        if let workers, isolated, let answer = workers.output(for: source, grace: Self.grace / 2) {
            output = answer
        } else {
            output = FileJob.run(source, vocabulary: vocabulary, limits: limits, swiftVersion: swiftVersion, deadline: deadline, scan: scan, objc: objc,
                                 indexOnly: indexOnly)
            if deadline.hasExpired { return Self.pastTime(input.path, limits: limits) }
        }
        output.contentHash = hash
        if !output.isPastTime, input.text == nil || cachesTexts { keptIn?.store(output, path: input.path, contentHash: hash, stamp: stamp) }
        return output
    }

    /// What a file past `seconds_per_file` gives: `file-skipped`, and nothing for the index.
    static func pastTime(_ path: String, limits: FileLimits) -> FileOutput {
        var output = FileOutput(path: path)
        output.problems = [.skipped(path, reason: "linting it took more than \(ResultCache.format(limits.secondsPerFile)) seconds",
                                    limit: "seconds_per_file")]
        return output
    }
}

/// A file that contributed nothing to the project index because it is past its budget, and why.
public struct UnindexedFile: Sendable, Hashable, Codable {
    public var path: String
    public var reason: String
}

extension FileOutput {
    /// True when the file is past `seconds_per_file`: how long a file takes depends on the machine,
    /// so such a result is never cached.
    var isPastTime: Bool {
        problems.contains { $0.rule == ToolRule.fileSkipped && $0.values["limit"] == "seconds_per_file" }
    }

    /// When the file is past its budget (`file-skipped`): why, for a file read only for the index.
    var skippedReason: String? {
        guard let problem = problems.first(where: { $0.rule == ToolRule.fileSkipped }) else { return nil }
        return problem.values["reason"]
    }
}
