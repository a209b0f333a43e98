// The structure of a rule file, checked before it is embedded, so that a mistake in `Rules/` fails
// the build with its file and line rather than the first run of catalint. This tool cannot use a
// YAML library (it would be compiled a second time for the build plugin), so it reads the block
// mappings by their indentation: enough for the keys and the few values with a fixed set of
// choices. The full schema (each rule's `uikit:` knowledge, the types of values) is decoded by
// CatalintKit's `RuleDefinition`, whose tests run every rule file; a test keeps the key lists here
// equal to its coding keys (`catalint-embed-rules --print-schema`).

/// The keys each mapping of a rule file may have, by its path (`""` is the top level).
let ruleFileKeys: [String: [String]] = [
    "": ["id", "title", "severity", "category", "breaks_in", "opt_in", "preview", "summary", "rationale", "advice", "reference", "message", "help", "phrases", "uikit", "examples", "fix"],
    "reference": ["title", "url"],
    "examples": ["triggering", "passing", "interface_triggering", "interface_passing", "interface_builder_triggering", "interface_builder_passing",
                 "objc_triggering", "objc_passing", "project_triggering", "project_passing"],
    "fix": ["kind", "applicability", "title", "examples"],
]

/// Keys that every file, or every such mapping, must have.
let requiredKeys: [String: [String]] = [
    "": ["id", "title", "severity", "category", "summary", "rationale", "advice", "reference", "message", "help"],
    "reference": ["title", "url"],
    "fix": ["kind", "applicability", "title"],
]

/// The values a key may take, where they are a fixed set.
let allowedValues: [String: [String]] = [
    "severity": ["note", "warning", "error"],
    "category": ["crash", "layout", "meta"],
    "breaks_in": ["mac-idiom", "mac", "anywhere"],
    "opt_in": ["true", "false"],
    "preview": ["true", "false"],
    "fix.kind": ["pad-behavioral-style", "idiom-guard"],
    "fix.applicability": ["safe", "unsafe"],
]

struct RuleFileProblem: Error {
    var line: Int
    var column: Int
    var message: String
}

/// The problems in one rule file's text, named `name` (`<id>.yml`).
func checkRuleFile(_ text: String, name: String) -> [RuleFileProblem] {
    var problems: [RuleFileProblem] = []
    // The open mappings: their indentation, their path, the keys seen so far.
    var stack: [(indent: Int, path: String, keys: [String: Int], line: Int)] = [(0, "", [:], 1)]
    var blockScalarIndent: Int?
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)

    func finish(_ mapping: (indent: Int, path: String, keys: [String: Int], line: Int)) {
        for key in requiredKeys[mapping.path] ?? [] where mapping.keys[key] == nil {
            problems.append(RuleFileProblem(line: mapping.line, column: mapping.indent + 1,
                                            message: mapping.path.isEmpty ? "missing key '\(key)'" : "'\(mapping.path)' is missing the key '\(key)'"))
        }
    }

    for (offset, raw) in lines.enumerated() {
        let number = offset + 1
        let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
        let content = line.drop { $0 == " " }
        let indent = line.count - content.count
        if content.first == "\t" {
            problems.append(RuleFileProblem(line: number, column: indent + 1, message: "a tab in the indentation (YAML indents with spaces)"))
            continue
        }
        if content.isEmpty || content.hasPrefix("#") { continue }
        if let scalar = blockScalarIndent {
            if indent > scalar { continue }
            blockScalarIndent = nil
        }
        // Only plain `key:` lines of a mapping; list items and flow collections belong to values.
        guard !content.hasPrefix("-"), let colon = content.firstIndex(of: ":"),
              content[content.startIndex..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }),
              colon != content.startIndex else {
            continue
        }
        let key = String(content[content.startIndex..<colon])
        let value = content[content.index(after: colon)...].drop { $0 == " " }
        // Leave mappings indented deeper than this line.
        while let top = stack.last, top.indent > indent {
            finish(top)
            stack.removeLast()
        }
        guard var top = stack.last, top.indent == indent else { continue }
        let path = top.path.isEmpty ? key : top.path + "." + key
        let scalar = value.split(separator: "#", maxSplits: 1).first.map { $0.trimmingSpaces } ?? ""
        if let known = ruleFileKeys[top.path] {
            if let problem = keyProblem(key, known: known, in: top.path, seen: top.keys, line: number, column: indent + 1) {
                problems.append(problem)
            }
            top.keys[key] = number
            stack[stack.count - 1] = top
            problems += valueProblems(key, path: path, scalar: scalar, fileName: name, line: number, column: indent + key.count + 3)
        }
        if scalar.hasPrefix("|") || scalar.hasPrefix(">") {
            blockScalarIndent = indent
        } else if scalar.isEmpty, ruleFileKeys[path] != nil {
            // A nested mapping follows, indented deeper: its indentation is the next key line's.
            let nextIndent = indentOfNextContent(after: offset, in: lines)
            if nextIndent > indent { stack.append((nextIndent, path, [:], number)) }
        }
    }
    for mapping in stack.reversed() { finish(mapping) }
    return problems.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
}

/// A key of a checked mapping that is not one of its `known` keys, or that it gives twice.
private func keyProblem(_ key: String, known: [String], in path: String, seen: [String: Int], line: Int, column: Int) -> RuleFileProblem? {
    if !known.contains(key) {
        return RuleFileProblem(line: line, column: column,
                               message: "unknown key '\(key)'\(path.isEmpty ? "" : " in '\(path)'"); the keys are: \(known.joined(separator: ", "))")
    }
    if let first = seen[key] {
        return RuleFileProblem(line: line, column: column, message: "'\(key)' is given twice (first on line \(first))")
    }
    return nil
}

/// A value outside its key's fixed set of choices, and an `id` that is not the file's name.
private func valueProblems(_ key: String, path: String, scalar: String, fileName: String, line: Int, column: Int) -> [RuleFileProblem] {
    var problems: [RuleFileProblem] = []
    if let allowed = allowedValues[path], !scalar.isEmpty, !scalar.hasPrefix("|"), !scalar.hasPrefix(">") {
        let plain = scalar.trimmingCharacters(in: "\"'")
        if !allowed.contains(plain) {
            problems.append(RuleFileProblem(line: line, column: column,
                                            message: "'\(key)' is '\(plain)'; it must be one of: \(allowed.joined(separator: ", "))"))
        }
    }
    if path == "id", fileName != scalar.trimmingCharacters(in: "\"'") + ".yml" {
        problems.append(RuleFileProblem(line: line, column: column,
                                        message: "the id '\(scalar)' is not the file's name (\(fileName) should be \(scalar).yml)"))
    }
    return problems
}

/// The indentation of the first line after `offset` that is neither blank nor a comment; 0 when none.
private func indentOfNextContent(after offset: Int, in lines: [Substring]) -> Int {
    let next = lines[(offset + 1)...].first { line in
        let text = line.drop { $0 == " " }
        return !text.isEmpty && !text.hasPrefix("#")
    }
    return next.map { $0.count - $0.drop { $0 == " " }.count } ?? 0
}

/// The types a Swift source declares as `struct Name: RuleLogic` (among other conformances), in
/// order. Read line by line, as the rule files are: a declaration is one line in this code base.
func ruleLogicTypes(in source: String) -> [String] {
    var names: [String] = []
    for line in source.split(separator: "\n") {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "{" })
        guard let index = words.firstIndex(of: "struct"), words[..<index].allSatisfy({ ["public", "internal", "fileprivate", "private"].contains(String($0)) }),
              index + 2 < words.count, words[index + 1].hasSuffix(":"),
              words[(index + 2)...].contains("RuleLogic") else { continue }
        names.append(String(words[index + 1].dropLast()))
    }
    return names
}

extension Substring {
    var trimmingSpaces: String {
        String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
