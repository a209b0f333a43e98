import Yams

/// Where a YAML error stands, and what it says, for every YAML catalint reads: rule files,
/// `.catalint.yml` and interface files. Syntax errors carry libyaml's mark; decoding errors carry
/// a coding path, which is followed through the document to the value (or key) at fault.
enum YAMLProblem {
    /// `decodedFrom` is the node a `DecodingError` came from, when it was not the whole document.
    static func describe(_ error: Error, in source: SourceText, decodedFrom decoded: Node? = nil) -> (position: SourcePosition, message: String) {
        let start = SourcePosition(path: source.path, line: 1, column: 1)
        if let error = error as? YamlError {
            switch error {
            case .scanner(let context, let problem, let mark, _),
                 .parser(let context, let problem, let mark, _),
                 .composer(let context, let problem, let mark, _):
                let detail = context.map { "\(problem) (\($0.text))" } ?? problem
                return (source.position(line: mark.line, scalarColumn: mark.column), "YAML syntax error: \(detail)")
            case .duplicatedKeysInMapping(let duplicates, let context):
                return duplicateKeys(duplicates, inMappingAt: context.mark, in: source)
            case .reader(let problem, let offset, _, _):
                return (source.position(utf8Offset: offset ?? 0), "the YAML cannot be read: \(problem)")
            default:
                return (start, "the YAML cannot be read: \(error)")
            }
        }
        guard let error = error as? DecodingError else { return (start, "\(error)") }
        let root = decoded ?? (try? Yams.compose(yaml: source.text, .default, .default, .utf8))
        func place(_ path: [CodingKey], key: Bool) -> SourcePosition {
            guard let root, let node = Self.node(at: path, in: root, wantKey: key), let mark = node.mark else { return start }
            return source.position(line: mark.line, scalarColumn: mark.column)
        }
        switch error {
        case .typeMismatch(let type, let context):
            return (place(context.codingPath, key: false), "\(Self.name(context.codingPath)) must be \(Self.describe(type))")
        case .valueNotFound(let type, let context):
            return (place(context.codingPath, key: false), "\(Self.name(context.codingPath)) must be \(Self.describe(type))")
        case .keyNotFound(let key, let context):
            return (place(context.codingPath, key: false), "'\(key.stringValue)' is missing here")
        case .dataCorrupted(let context):
            return (place(context.codingPath, key: true), context.debugDescription)
        @unknown default:
            return (start, "\(error)")
        }
    }

    /// A duplicate key error: at the key's second occurrence, naming the keys.
    static func duplicateKeys(_ duplicates: [String], inMappingAt mark: Mark, in source: SourceText) -> (position: SourcePosition, message: String) {
        (secondOccurrence(of: duplicates.first ?? "", inMappingAt: mark, in: source),
         "duplicate key \(duplicates.map { "`\($0)`" }.joined(separator: ", ")) in one mapping: only one value can count")
    }

    /// Where a duplicated key of a block mapping stands the second time: the second line, from the
    /// mapping's start, that begins with `key:` at the mapping's column. The mapping's start when
    /// there is none (a flow mapping, a quoted key).
    static func secondOccurrence(of key: String, inMappingAt mark: Mark, in source: SourceText) -> SourcePosition {
        var seen = 0
        var number = mark.line
        while let line = source.line(number) {
            let indent = line.prefix(while: { $0 == " " || $0 == "-" }).count
            if indent + 1 == mark.column, line.dropFirst(indent).hasPrefix(key + ":") {
                seen += 1
                if seen == 2 { return source.position(line: number, scalarColumn: mark.column) }
            }
            number += 1
        }
        return source.position(line: mark.line, scalarColumn: mark.column)
    }

    /// The node at a coding path: the value of each mapping key, the element of each sequence index;
    /// with `wantKey`, the key node itself when the path ends at a mapping key.
    static func node(at path: [CodingKey], in root: Node, wantKey: Bool) -> Node? {
        var current = root
        for (offset, component) in path.enumerated() {
            if let mapping = current.mapping {
                guard let pair = mapping.first(where: { $0.key.string == component.stringValue }) else { return current }
                if wantKey && offset == path.count - 1 { return pair.key }
                current = pair.value
            } else if let sequence = current.sequence, let index = component.intValue, index < sequence.count {
                current = sequence[sequence.index(sequence.startIndex, offsetBy: index)]
            } else {
                return current
            }
        }
        return current
    }

    private static func name(_ path: [CodingKey]) -> String {
        guard let last = path.last(where: { $0.intValue == nil }) else { return "the value" }
        return "'\(last.stringValue)'"
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Double.Type, is Int.Type: return "a number"
        case is [String].Type, is [Double].Type: return "a list"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") || name.contains("Sequence") { return "a list" }
            return "a mapping"
        }
    }
}
