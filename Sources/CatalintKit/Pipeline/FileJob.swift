/// The work done for one file, on its own: parse it once, walk it once for its part of the project
/// index, its facts (left symbolic where they depend on other files), the problems of the file
/// itself and its suppression comments, and keep the excerpts of the lines diagnostics may show.
/// The syntax tree does not outlive the job.
struct FileOutput: Sendable, Codable, Equatable {
    var path: String
    /// The declarations of a Swift file: types, superclasses, properties, idiom helpers, and what
    /// its functions tell their callers.
    var index = ProjectIndex()
    var facts = FileFacts()
    var problems: [InputProblem] = []
    var suppressions: [SuppressionDirective] = []
    /// The text shown with a diagnostic at each place a fact or problem stands.
    var excerpts: [ExcerptKey: SourceExcerpt] = [:]
    /// The hash of the text the results are of (`ResultCache.hash`); nil when it could not be read.
    var contentHash: UInt64?
    /// The language mode a Swift file was parsed in: cached results of another are not used.
    var languageMode: LanguageMode?
    /// The other files the results depend on (the headers an Objective-C file includes), with the
    /// state each had: results are stale when one changed.
    var dependencies: [FileDependency] = []
}

/// A file another file's results depend on, and its state when they were made.
struct FileDependency: Sendable, Codable, Equatable {
    var path: String
    var stamp: ResultCache.Stamp?

    /// True when the file is as it was.
    var isCurrent: Bool { ResultCache.stamp(of: path) == stamp }
}

/// A place in a file, for excerpts.
struct ExcerptKey: Hashable, Sendable, Codable, Comparable {
    var line: Int
    var column: Int

    static func < (left: ExcerptKey, right: ExcerptKey) -> Bool { (left.line, left.column) < (right.line, right.column) }
}

/// What a report shows of the line a diagnostic is on: the line, or for a long line a window of it
/// around the position, and where the caret goes in it.
public struct SourceExcerpt: Hashable, Sendable, Codable {
    public var text: String
    /// The 1-based character of `text` the diagnostic points at.
    public var caret: Int

    /// The longest line kept whole; longer lines keep `window` characters on each side.
    static let longestWholeLine = 400
    static let window = 120

    init(text: String, caret: Int) {
        self.text = text
        self.caret = caret
    }

    init(line: String, column: Int) {
        guard line.utf8.count > Self.longestWholeLine else {
            self.text = line
            self.caret = column
            return
        }
        let characters = Array(line)
        let start = max(0, column - 1 - Self.window)
        let end = min(characters.count, column - 1 + Self.window)
        self.text = (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
        self.caret = column - start + (start > 0 ? 1 : 0)
    }

    /// The excerpt at a position of a text, reading only the bytes around it on a long line.
    init(_ source: SourceText, at position: SourcePosition) {
        let bytes = source.utf8
        let lineStart = source.lineStart(position.line)
        let offset = min(lineStart + position.utf8Column - 1, bytes.count)
        let lineEnd = max(offset, source.lineEnd(position.line))
        guard lineEnd - lineStart > Self.longestWholeLine else {
            self.init(text: String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self), caret: position.column)
            return
        }
        // A window of bytes around the position, cut on scalar boundaries.
        func boundary(_ index: Int) -> Int {
            var index = index
            while index > lineStart, index < lineEnd, bytes[index] & 0xC0 == 0x80 { index -= 1 }
            return index
        }
        let start = boundary(max(lineStart, offset - Self.window * 2))
        let end = boundary(min(lineEnd, offset + Self.window * 2))
        let before = String(decoding: bytes[start..<offset], as: UTF8.self)
        let after = String(decoding: bytes[offset..<end], as: UTF8.self)
        let lead = start > lineStart ? "…" : ""
        self.init(text: lead + before + after + (end < lineEnd ? "…" : ""), caret: lead.count + before.count + 1)
    }
}

enum FileJob {
    /// Lowers one input with the front end for its kind. Its walks stop once `deadline` passes; the
    /// caller then drops what they made (`FileProcessor`). With `indexOnly`, the output holds the
    /// file's part of the project index and why the file was skipped, if it was, and nothing else:
    /// no facts, syntax errors, suppression comments or excerpts (the language server's reading of
    /// the files it does not lint).
    static func run(_ input: SourceInput, vocabulary: LoweringVocabulary, limits: FileLimits = FileLimits(),
                    swiftVersion: SwiftVersion = .newest, deadline: Deadline = .none, scan: NestingScan? = nil,
                    objc: ObjCEnvironment? = nil, indexOnly: Bool = false) -> FileOutput {
        var output = FileOutput(path: input.path)
        let text: String
        switch input.contents {
        case .failure(let failure):
            output.problems = [InputProblem(rule: ToolRule.unreadableFile, position: SourcePosition(path: input.path, line: 1, column: 1),
                                            values: ["path": input.path, "reason": failure.reason])]
            return output
        case .success(let contents):
            text = contents
        }
        let source: SourceText
        switch input.kind {
        case .swift:
            output.languageMode = input.languageMode
            switch SwiftSourceFile.parse(path: input.path, text: text, limits: limits, scan: scan, languageMode: input.languageMode,
                                         memory: input.parseMemory) {
            case .failure(let refusal):
                output.problems = [.skipped(input.path, at: SourcePosition(path: input.path, line: refusal.line, column: 1),
                                            reason: refusal.reason, limit: refusal.limit)]
                return output
            case .success(let file):
                source = file.source
                guard !deadline.expired else { return output }
                let lowered = FactCollector.lowerAndIndex(file, vocabulary: vocabulary, swiftVersion: swiftVersion, deadline: deadline,
                                                          indexOnly: indexOnly)
                output.index = lowered.index
                if indexOnly { return output }
                output.facts = lowered.facts
                guard !deadline.expired else { return output }
                if let error = file.firstSyntaxError(swiftVersion: swiftVersion) {
                    output.problems.append(InputProblem(rule: ToolRule.invalidSwift, position: error.position, values: ["detail": error.message]))
                }
                let comments = SuppressionParser.swift(file)
                output.suppressions = comments.directives
                output.problems += comments.problems
            }
        case .interfaceDescription:
            source = SourceText(path: input.path, text: text)
            let lowered = InterfaceFileLowering.lower(source, vocabulary: vocabulary)
            output.facts = lowered.facts
            output.problems = lowered.problems
            let comments = SuppressionParser.yaml(source)
            output.suppressions = comments.directives
            output.problems += comments.problems
        case .objectiveC:
            source = SourceText(path: input.path, text: text)
            // Without libclang the run says, once, how many such files it did not lint.
            guard let objc, let clang = objc.clang else { return output }
            let settings = objc.settings(for: input.path)
            switch ObjCParser.parse(path: input.path, text: text, language: ObjCLanguage(path: input.path), settings: settings, clang: clang,
                                    deadline: deadline) {
            case .failure(let failure):
                output.problems = [.skipped(input.path, reason: failure.reason + " (please report this)", limit: "seconds_per_file")]
                return output
            case .success(let parse):
                guard !deadline.expired else { return output }
                let lowered = ObjCFactCollector.lower(parse, source: source, vocabulary: vocabulary, macOnly: parse.macOnlyRanges, deadline: deadline)
                output.index = lowered.index
                output.dependencies = (parse.includedFiles + settings.prefixHeaders).map { FileDependency(path: $0, stamp: ResultCache.stamp(of: $0)) }
                if indexOnly { return output }
                output.facts = lowered.facts
                let comments = SuppressionParser.objectiveC(parse, source: source)
                output.suppressions = comments.directives
                output.problems += comments.problems
            }
        case .interfaceBuilder:
            source = SourceText(path: input.path, text: text)
            let lowered = InterfaceBuilderLowering.lower(source, vocabulary: vocabulary)
            output.facts = lowered.facts
            output.problems = lowered.problems
            let comments = SuppressionParser.interfaceBuilder(source)
            output.suppressions = comments.directives
            output.problems += comments.problems
        case .propertyList:
            source = SourceText(path: input.path, text: text)
            let lowered = InfoPlist.lower(source)
            output.facts = lowered.facts
            output.problems = lowered.problems
            output.suppressions = lowered.suppressions
        }
        output.excerpts = excerpts(of: output, in: source)
        return output
    }

    /// The excerpts of every place a diagnostic of this file can point at.
    static func excerpts(of output: FileOutput, in source: SourceText) -> [ExcerptKey: SourceExcerpt] {
        var positions: [SourcePosition] = output.problems.map(\.position)
        let facts = output.facts
        positions += facts.creations.map(\.position)
        positions += facts.objects.flatMap { $0.settings.map(\.position) }
        positions += facts.sizes.map(\.position)
        positions += facts.calls.map(\.position)
        positions += facts.arguments.map(\.position)
        positions += facts.references.map(\.position)
        positions += facts.fontSizes.map(\.position)
        positions += facts.dimensionComparisons.map(\.position)
        positions += facts.infoPlist.map(\.position)
        positions += facts.internals.map(\.position)
        positions += facts.providedViews.map(\.position)
        positions += output.index.declarations.map(\.position)
        for decision in facts.decisions {
            if let position = decision.position { positions.append(position) }
            for test in decision.tests { positions += [test.position] + test.anchors.map(\.position) }
        }
        for directive in output.suppressions { positions += [directive.position] + directive.rules.map { $0.position } }
        var excerpts: [ExcerptKey: SourceExcerpt] = [:]
        for position in positions {
            let key = ExcerptKey(line: position.line, column: position.column)
            guard excerpts[key] == nil, position.path == source.path, position.line >= 1, position.line <= source.lineCount else { continue }
            excerpts[key] = SourceExcerpt(source, at: position)
        }
        return excerpts
    }
}
