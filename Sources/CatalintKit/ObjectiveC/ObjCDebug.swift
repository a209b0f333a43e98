import Foundation

/// Development aid: parses Objective-C files and prints what clang made of them.
public enum ObjCDebug {
    public static func dump(_ paths: [String], includeFolders: [String], tree: Bool) {
        guard let clang = LibClang.find().library else { print("no libclang"); return }
        print("libclang: \(clang.path) \(clang.version)")
        var settings = ObjCParseSettings(prelude: ObjCPrelude.make(.standard))
        settings.includeFolders = includeFolders
        var totalNodes = 0, totalErrors = 0, totalMessages = 0, totalRounds = 0
        let start = Date()
        var histogram: [String: Int] = [:]
        for path in paths {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            switch ObjCParser.parse(path: path, text: text, language: ObjCLanguage(path: path), settings: settings, clang: clang) {
            case .failure(let failure): print("\(path): \(failure.reason)")
            case .success(let parse):
                let errors = parse.diagnostics.filter { $0.file == path }
                if tree { for error in parse.diagnostics where error.file != path { print("  other \(error.file):\(error.offset): \(error.message)") } }
                totalNodes += parse.nodes.count
                totalErrors += errors.count
                for error in parse.diagnostics {
                    var message = ""
                    var inQuote = false
                    for character in error.message { if character == "'" { inQuote.toggle(); if inQuote { message += "Q" } } else if !inQuote { message.append(character) } }
                    histogram[(error.file == path ? "main: " : "header: ") + message, default: 0] += 1
                }
                totalRounds += parse.rounds
                totalMessages += parse.nodes.filter { $0.kind == .objCMessageExpr }.count
                if tree {
                    for error in errors { print("  error \(error.offset): \(error.message)") }
                    print(parse.stubs.text)
                    func show(_ index: Int, _ depth: Int) {
                        let node = parse.nodes[index]
                        print(String(repeating: "  ", count: depth) + "\(node.kind) \"\(node.spelling)\" [\(node.type)] \(node.begin)-\(node.end) ref=\(node.referencedKind.map { "\($0)" } ?? "-"):\(node.referencedName)\(node.fromMacro ? " macro" : "")\(node.binaryOperator.map { " op=\($0.spelling)" } ?? "")")
                        for child in node.children { show(child, depth + 1) }
                    }
                    for root in parse.roots { show(root, 0) }
                    let lowered = ObjCFactCollector.lower(parse, source: SourceText(path: path, text: text), vocabulary: .standard)
                    for argument in lowered.facts.arguments { print("argument: \(argument)") }
                    for object in lowered.facts.objects { print("object: \(object)") }
                    for size in lowered.facts.sizes { print("size: \(size)") }
                    for reference in lowered.facts.references { print("reference: \(reference.names) \(reference.position) req=\(String(describing: reference.guardContext.requirement))") }
                    for (number, link) in lowered.facts.requirements.links.enumerated() { print("link \(number): \(link)") }
                    for (name, helpers) in lowered.index.helpers { print("helper: \(name) \(helpers.map(\.value))") }
                    print("includes: \(parse.includedFiles)")
                    print("skipped: \(parse.skippedRanges)")
                    print("tokens: \(parse.tokens.count), comments: \(parse.tokens.filter { $0.kind == .comment }.count)")
                }
                print("\(path): rounds \(parse.rounds), nodes \(parse.nodes.count), errors \(errors.count), stubs \(parse.stubs.names.count)+\(parse.stubs.properties.count)")
            }
        }
        for (message, count) in histogram.sorted(by: { $0.value > $1.value }).prefix(40) { print("\(count) \(message)") }
        print("total: files \(paths.count), rounds \(totalRounds), nodes \(totalNodes), messages \(totalMessages), errors \(totalErrors), \(String(format: "%.2f", Date().timeIntervalSince(start)))s")
    }

    /// Writes the prelude and an empty stubs header into `folder` and prints, one per line, the
    /// arguments clang gets for a file of the project at `root` (its header folders included), with
    /// the virtual headers replaced by those files: what a baseline `clang -fsyntax-only` runs with.
    public static func clangArguments(root: String, folder: String, language: String) {
        let environment = ObjCEnvironment.make(vocabulary: .standard, root: root)
        let prelude = folder + "/catalint-prelude.h", stubs = folder + "/catalint-stubs.h"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try environment.settings.prelude.write(toFile: prelude, atomically: true, encoding: .utf8)
            try "".write(toFile: stubs, atomically: true, encoding: .utf8)
        } catch {
            print("error: \(error)")
            return
        }
        let kind: ObjCLanguage = language == "objective-c++" ? .objectiveCpp : .objectiveC
        for argument in ObjCParser.arguments(language: kind, settings: environment.settings) {
            print(argument == ObjCParser.preludePath ? prelude : argument == ObjCParser.stubsPath ? stubs : argument)
        }
    }
}
