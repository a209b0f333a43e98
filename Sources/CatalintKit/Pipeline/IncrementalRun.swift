import Foundation

/// One lint run that reads again only what changed since the last run of its kind (`RunSnapshot`):
///
/// 1. Each file's state is compared with the snapshot's record: a file whose stamp, or else whose
///    content, and whose build scope are the same is unchanged, and is not read.
/// 2. Changed files are processed (through the cache, within their budget).
/// 3. What the changed files tell other files is compared with what they told before: the
///    declarations whose digest differs, and every object shared with other files that they touch.
/// 4. The linted files to diagnose again are the changed ones, those that import something that
///    changed, and (repeatedly) those that share an object with one of them; the others keep their
///    diagnostics from the snapshot.
///
/// With no snapshot (the first run, or no cache) every file is changed, and this is a whole run.
struct IncrementalRun {
    let linter: Linter
    let processor: FileProcessor
    let previous: RunSnapshot
    /// False without a cache: no snapshot is written, so nothing needs recording.
    let recording: Bool
    /// The folders the run lints whole (named on the command line).
    var wholeFolders: [String] = []
    /// The snapshot of this run, for the next.
    private(set) var snapshot = RunSnapshot()
    /// True when the snapshot differs from the last run's, and must be written.
    private(set) var changed = false
    /// The state of each changed file, as found in step 1.
    private var states: [String: State] = [:]
    /// How many files the snapshot had unchanged, and how many the run had in all.
    private(set) var unchanged = 0
    private(set) var files = 0
    /// The findings of the rules about whole targets that point at no linted file.
    private(set) var outside: [Linter.TargetFinding] = []

    /// The last run's index, decoded on another thread from the start: most runs after the first
    /// need it (the rules about whole apps read it even when nothing changed).
    private let previousIndex: Prefetched<ProjectIndex?>?
    /// This run's index, being encoded for the snapshot, when it was put together again.
    private var wholeIndex: Prefetched<Blob<ProjectIndex>>?

    init(linter: Linter, processor: FileProcessor, previous: RunSnapshot, recording: Bool) {
        self.linter = linter
        self.processor = processor
        self.previous = previous
        self.recording = recording
        previousIndex = previous.index.map { blob in
            let bytes = blob.bytes
            return Prefetched { try? BinaryCoder.decode(ProjectIndex.self, from: bytes) }
        }
    }

    private var options: LintOptions { linter.options }

    mutating func lint(_ inputs: [FileInput], others: [FileInput]) -> LintResult {
        let lintedPaths = Set(inputs.map(\.path))
        let all = inputs + others
        files = all.count
        snapshot.index = previous.index  // unless a file changed (below)
        let fresh = keepUnchanged(all, linted: lintedPaths)
        let outputs = readChanged(fresh)
        // The index is put together (or read) only when some file is diagnosed again, with the
        // configuration's `superclasses:` in it.
        var index: ProjectIndex?
        var replaced: [(name: String, declared: String)] = []
        func projectIndex() -> ProjectIndex {
            if let index { return index }
            var made = self.projectIndex(all, fresh: fresh, outputs: outputs)
            replaced = made.declare(superclasses: options.configuration.superclasses)
            index = made
            return made
        }
        let freshLinted = fresh.contains { lintedPaths.contains($0.path) }
        let changes = whatChanged(fresh, outputs: outputs, linted: lintedPaths, index: freshLinted && !previous.records.isEmpty ? projectIndex() : ProjectIndex())
        var again = toDiagnose(inputs, fresh: fresh, changed: changes)
        // The rules about whole targets, from the projects and the whole index: a file whose
        // findings of theirs changed is diagnosed again.
        let targets = options.membership?.targets(of: all.map(\.path), seeing: wholeFolders + [options.indexRoot].compactMap { $0 }) ?? []
        let targetFindings = targets.isEmpty ? [] : linter.targetFindings(targets, index: projectIndex())
        var digests: [String: UInt64] = [:]
        for (path, found) in Dictionary(grouping: targetFindings, by: \.finding.position.path) { digests[path] = digest(found.map(\.signature)) }
        snapshot.targetFindings = digests
        if digests != previous.targetFindings { changed = true }
        for path in Set(digests.keys).union(previous.targetFindings.keys) where lintedPaths.contains(path) && digests[path] != previous.targetFindings[path] {
            again.insert(path)
        }
        if !fresh.isEmpty && index == nil { _ = projectIndex() }  // the snapshot keeps the index of what was read
        var result = LintResult(diagnostics: diagnose(inputs, again: again, outputs: outputs, index: again.isEmpty ? ProjectIndex() : projectIndex(),
                                                      targets: targetFindings),
                                paths: inputs.map(\.path).sorted())
        outside = targetFindings.filter { !lintedPaths.contains($0.finding.position.path) }
        result.unindexed = others.compactMap { input in
            (outputs[input.path]?.skippedReason ?? snapshot.records[input.path]?.skipped).map { UnindexedFile(path: input.path, reason: $0) }
        }
        if recording { result.reread = fresh.count }
        if let wholeIndex { snapshot.index = wholeIndex.value }
        if options.describesTypes { result.typeNotes = typeNotes(projectIndex(), replaced: replaced, linted: lintedPaths) }
        return result
    }

    /// For `--verbose`: the configuration's `superclasses:` entries that replace a superclass the
    /// project declares, and the classes of the linted files whose chain ends at a class nothing
    /// declares.
    private func typeNotes(_ index: ProjectIndex, replaced: [(name: String, declared: String)], linted: Set<String>) -> [String] {
        let configuration = options.configuration
        var notes: [String] = []
        for (name, declared) in replaced {
            let place = configuration.superclassPositions[name].map { "\($0): " } ?? ""
            notes.append("\(place)superclasses: \(name) is taken as a subclass of \(configuration.superclasses[name] ?? "?"), as the configuration says; "
                         + "the project declares it a subclass of \(declared)")
        }
        for (superclass, classes) in index.unknownSuperclasses(declaredIn: linted, isSystem: SystemNames.isSystem) {
            let first = classes[0]
            let more = classes.count == 1 ? "" : " and \(classes.count - 1) more class\(classes.count == 2 ? "" : "es")"
            notes.append("\(first.at): superclass unknown: \(first.name)\(more) inherit\(classes.count == 1 ? "s" : "") from \(superclass), which neither "
                         + "the project, its dependency checkouts nor the configuration's `superclasses:` declare; rules that look for a UIKit class "
                         + "do not see \(classes.count == 1 ? "it" : "them") as one (if \(superclass) is one, say so in .catalint.yml: "
                         + "`superclasses: {\(superclass): <its superclass>}`)")
        }
        return notes
    }

    /// 1. Keeps the record of every file unchanged since the last run; the paths of the others.
    private mutating func keepUnchanged(_ all: [FileInput], linted: Set<String>) -> [FileInput] {
        let states = parallelMap(all, jobs: options.jobs) { input in Self.state(of: input) }
        var fresh: [FileInput] = []
        for (input, state) in zip(all, states) {
            guard let record = previous.records[input.path], record.scope == scopeLabel(input.path),
                  record.linted != nil || !linted.contains(input.path), state.matches(record), record.dependencies.allSatisfy(\.isCurrent) else {
                fresh.append(input)
                self.states[input.path] = state
                continue
            }
            var kept = record
            if let stamp = state.stamp, stamp != record.stamp {
                kept.stamp = stamp  // the same content, written again
                changed = true
            }
            if !linted.contains(input.path) && kept.linted != nil {
                kept.linted = nil
                changed = true
            }
            snapshot.records[input.path] = kept
            unchanged += 1
        }
        if !fresh.isEmpty || previous.records.count != snapshot.records.count { changed = true }
        return fresh
    }

    /// 2. Reads the changed files (through the cache, within their budget), and records them.
    private mutating func readChanged(_ fresh: [FileInput]) -> [String: FileOutput] {
        let counter = ProgressCounter(total: fresh.count, report: options.progress)
        var outputs: [String: FileOutput] = [:]
        let read = processor.outputs(for: fresh, jobs: options.jobs, progress: counter)
        for (input, output) in zip(fresh, read) { outputs[input.path] = output }
        // Without a cache there is no next run: nothing to record. Each file's part of the index
        // and the digests of its declarations are encoded on every thread the run has (on one,
        // they were a quarter of what a first run with a cache did more than a run without).
        guard recording else { return outputs }
        let parts = parallelMap(read, jobs: options.jobs) { output in (index: Blob(output.index), declarations: Blob(output.index.exports)) }
        for ((input, output), part) in zip(zip(fresh, read), parts) {
            snapshot.records[input.path] = RunSnapshot.Record(stamp: states[input.path]?.stamp, contentHash: output.contentHash ?? 0,
                                                              scope: scopeLabel(input.path), skipped: output.skippedReason,
                                                              index: part.index, declarations: part.declarations, linted: nil,
                                                              dependencies: output.dependencies)
        }
        return outputs
    }

    /// The project index, in the order files are named (linted files first, then the others): the
    /// last run's when no declaration changed, else put together again from the parts.
    private mutating func projectIndex(_ all: [FileInput], fresh: [FileInput], outputs: [String: FileOutput]) -> ProjectIndex {
        let sameDeclarations = previous.records.count == snapshot.records.count && fresh.allSatisfy { input in
            previous.records[input.path]?.declarations.value == snapshot.records[input.path]?.declarations.value
        }
        if sameDeclarations, let known = previous.index, let value = previousIndex?.value {
            snapshot.index = known
            return value
        }
        var index = ProjectIndex()
        for input in all {
            if let output = outputs[input.path] {
                index.merge(output.index)
            } else if let part = snapshot.records[input.path]?.index.value {
                index.merge(part)
            }
        }
        if recording {
            // Encoded on another thread while the files are diagnosed; the snapshot takes it at the end.
            let whole = index
            wholeIndex = Prefetched { Blob(whole) }
        }
        return index
    }

    /// What changed for other files: tokens of declarations and shared objects, and the shared
    /// objects each changed linted file touches now.
    struct Changes {
        var tokens: Set<String> = []
        var objectsOf: [String: [String]] = [:]
    }

    /// 3. What the changed files (and the files gone) tell other files differently from before.
    private func whatChanged(_ fresh: [FileInput], outputs: [String: FileOutput], linted: Set<String>, index: ProjectIndex) -> Changes {
        var changes = Changes()
        for input in fresh {
            let old = previous.records[input.path]
            let before = (old?.declarations.value ?? [:]).merging(old?.linted?.dependencies.value?.exports ?? [:]) { first, _ in first }
            let after = snapshot.records[input.path]?.declarations.value ?? [:]
            for (token, digest) in before where after[token] != digest { changes.tokens.insert(token) }
            for (token, digest) in after where before[token] != digest { changes.tokens.insert(token) }
            // Objects shared with other files: all the changed file touched before (and touches now, below).
            changes.tokens.formUnion(old?.linted?.objects ?? [])
        }
        for (path, record) in previous.records where snapshot.records[path] == nil {
            // A file gone: everything it told others.
            changes.tokens.formUnion(record.declarations.value?.keys.map { $0 } ?? [])
            changes.tokens.formUnion(record.linted?.objects ?? [])
        }
        // With no earlier run, every linted file is diagnosed anyway: nothing to look up.
        for input in fresh where linted.contains(input.path) && !previous.records.isEmpty {
            guard let output = outputs[input.path] else { continue }
            let objects = linter.sharedObjects(of: output, index: index).sorted()
            changes.objectsOf[input.path] = objects
            changes.tokens.formUnion(objects)
        }
        return changes
    }

    /// 4. The linted files to diagnose again: the changed ones, those that import something that
    /// changed, and (repeatedly) those that share an object with one of them.
    private func toDiagnose(_ inputs: [FileInput], fresh: [FileInput], changed: Changes) -> Set<String> {
        let linted = Set(inputs.map(\.path))
        var again = Set(fresh.map(\.path).filter(linted.contains))
        var sharers: [String: [String]] = [:]
        for input in inputs {
            guard let record = snapshot.records[input.path]?.linted else { continue }
            if !again.contains(input.path) {
                // A file whose parts cannot be read is diagnosed again (the snapshot is checked
                // whole first, so this is only ever a snapshot from another build).
                if record.diagnostics.value == nil {
                    again.insert(input.path)
                } else if !changed.tokens.isEmpty {
                    if let imports = record.dependencies.value?.imports {
                        if !changed.tokens.isDisjoint(with: imports) { again.insert(input.path) }
                    } else {
                        again.insert(input.path)
                    }
                }
            }
            for token in record.objects { sharers[token, default: []].append(input.path) }
        }
        var queue = Array(again)
        while let path = queue.popLast() {
            for token in changed.objectsOf[path] ?? snapshot.records[path]?.linted?.objects ?? [] {
                for other in sharers[token] ?? [] where again.insert(other).inserted { queue.append(other) }
            }
        }
        return again
    }

    /// 5. Diagnoses the files to diagnose again, records what they rest on, and puts their
    /// diagnostics together with the kept ones of the others.
    private mutating func diagnose(_ inputs: [FileInput], again: Set<String>, outputs: [String: FileOutput], index: ProjectIndex,
                                   targets: [Linter.TargetFinding]) -> [Diagnostic] {
        let diagnosed = inputs.filter { again.contains($0.path) }
        var found: [String: FileOutput] = [:]
        var missing: [FileInput] = []
        for input in diagnosed {
            if let output = outputs[input.path] ?? cachedOutput(input) {
                found[input.path] = output
            } else {
                missing.append(input)
            }
        }
        // Not in the cache any more: read again.
        for output in processor.outputs(for: missing, jobs: options.jobs) { found[output.path] = output }
        let diagnosis = linter.diagnose(diagnosed.compactMap { found[$0.path] }, index: index, recording: recording, targets: targets)
        var byPath: [String: [Diagnostic]] = [:]
        for diagnostic in diagnosis.diagnostics { byPath[diagnostic.position.path, default: []].append(diagnostic) }
        var diagnostics: [Diagnostic] = []
        for input in inputs {
            guard again.contains(input.path) else {
                diagnostics += snapshot.records[input.path]?.linted?.diagnostics.value ?? []
                continue
            }
            let own = byPath[input.path] ?? []
            diagnostics += own
            let exports = diagnosis.exports[input.path] ?? [:]
            snapshot.records[input.path]?.linted = RunSnapshot.Linted(
                diagnostics: Blob(own),
                dependencies: Blob(RunSnapshot.Dependencies(imports: (diagnosis.imports[input.path] ?? []).sorted(), exports: exports)),
                objects: exports.keys.sorted())
        }
        if !again.isEmpty { changed = true }
        return diagnostics.sorted()
    }

    /// A file's results from the cache, when it is unchanged there.
    private func cachedOutput(_ input: FileInput) -> FileOutput? {
        guard let cache = processor.cache else { return nil }
        if let stamp = ResultCache.stamp(of: input.path), let output = cache.output(for: input.path, stamp: stamp) { return output }
        guard let record = snapshot.records[input.path] else { return nil }
        return cache.output(for: input.path, contentHash: record.contentHash, stamp: record.stamp)
    }

    /// How the file's project builds it, as the snapshot records it.
    private func scopeLabel(_ path: String) -> String {
        guard let judgement = options.membership?.judgement(of: path) else { return "" }
        // Spelled out: `String(describing:)` of an enum goes through reflection, 30k instructions
        // a file, 50M of a run with one changed file on the perf corpus.
        let scope: String
        switch judgement.scope {
        case nil: scope = "none"
        case .onMac(let idiom)?: scope = "mac " + (idiom?.rawValue ?? "run")
        case .neverOnMac?: scope = "never-on-mac"
        case .notIOS?: scope = "not-ios"
        }
        return scope + " " + (judgement.languageMode.map { String($0.rawValue) } ?? "-")
    }

    /// What identifies a file's state: its stamp, else (text given, or a stamp that changed) the
    /// hash of its content.
    struct State: Sendable {
        var stamp: ResultCache.Stamp?
        var contentHash: UInt64?
        /// The content hash is read only when the stamp alone cannot tell.
        var readHash: @Sendable () -> UInt64?

        func matches(_ record: RunSnapshot.Record) -> Bool {
            if let stamp, stamp == record.stamp { return true }
            return (contentHash ?? readHash()) == record.contentHash
        }
    }

    static func state(of input: FileInput) -> State {
        if let text = input.text {
            let hash = ResultCache.hash(text)
            return State(stamp: nil, contentHash: hash, readHash: { hash })
        }
        let path = input.path
        let kind = input.kind
        return State(stamp: ResultCache.stamp(of: path), contentHash: nil, readHash: {
            guard case .success(let text) = FileText.read(path, kind: kind) else { return nil }
            return ResultCache.hash(text)
        })
    }
}
