import Yams

/// Refuses YAML whose aliases would make reading it take exponential time or memory, before Yams
/// composes it.
///
/// Yams composes an alias as a reference to the anchored node, so a "billion laughs" document of
/// aliases nested a few levels deep composes quickly, as a small graph. Two things walk the graph
/// as the tree it stands for, though, and take time exponential in the levels:
/// - Yams itself, while composing: every mapping's keys are hashed to find duplicates
///   (`Parser.checkDuplicates`), and hashing a key that is an alias, or holds one, hashes the whole
///   expansion. A few levels of aliases used as keys hang the compose, before any of catalint's
///   code sees a node.
/// - Whatever walks the composed tree afterwards (our lowering, Yams' decoder, its merge keys).
///
/// So the text is first composed with every `*` replaced by a letter the text does not contain:
/// the copy has the same structure, marks and keys, but no alias (each becomes a plain scalar at
/// the alias's place), and composing it takes time linear in the text. The copy's tree says where
/// each alias stands, whether it is inside a mapping key, and how many nodes each anchor stands for.
/// A document with an alias in a key, or whose aliases would add more than `maximumExpansion`
/// nodes, is refused; any other is composed as it is.
enum YAMLAliases {
    /// How many nodes aliases may add to what a file spells out: generous for anchors used to share
    /// a few settings, far below what would slow a run.
    static let maximumExpansion = 1_000_000

    /// Nil when the text may be composed as it is; else where and why it is refused: at the first
    /// alias that makes it unsafe, or at the syntax error that kept its aliases from being seen.
    /// Messages start in lower case, as `YAMLProblem.describe`'s do.
    static func check(_ source: SourceText) -> (position: SourcePosition, message: String)? {
        let bytes = source.utf8
        let star = UInt8(ascii: "*")
        // Without both an alias and an anchor, nothing can expand.
        guard bytes.contains(star), bytes.contains(UInt8(ascii: "&")) else { return nil }
        // A character the text does not contain, so that a plain scalar of the copy that starts
        // with it is an alias of the original, and no two keys of the copy are equal where the
        // original's differ. An ASCII letter or digit when one is missing (it keeps byte offsets and
        // is valid in tags too), else a private-use character: libyaml counts columns in characters,
        // so the marks stay the same. (Should a text hold them all, the copy takes a character it
        // has: then a few plain scalars may be taken for aliases, and the file refused, never read slowly.)
        let ascii = Array("QZXJKVWYqzxjkvwy0123456789ABCDEFGHILMNOPRSTUabcdefghilmnoprstu".utf8).map { [$0] }
        let stand: [UInt8] = ascii.first { !bytes.contains($0[0]) } ?? Self.missingCharacter(in: source.text)
        var copyBytes: [UInt8] = []
        copyBytes.reserveCapacity(bytes.count + 3)
        for byte in bytes {
            if byte == star { copyBytes += stand } else { copyBytes.append(byte) }
        }
        let copy = String(decoding: copyBytes, as: UTF8.self)
        var walk = Walk(source: source, stand: stand)
        var failure: Error?
        do {
            var documents = try compose_all(yaml: copy, .default, .default, .utf8).makeIterator()
            while let document = documents.next() {
                _ = walk.size(of: document, inKey: false)
                if walk.refusal != nil { break }
            }
            failure = documents.error
        } catch {
            failure = error
        }
        if let refusal = walk.refusal { return refusal }
        guard let failure else { return nil }
        // The copy has a syntax error, which the original has too (the two differ only where the
        // original has `*`). The document it is in was not walked, so its aliases are unknown: the
        // original is not composed (Yams would hash the keys of the mappings closed before the error).
        if case YamlError.duplicatedKeysInMapping(let duplicates, let context) = failure {
            let standText = String(decoding: stand, as: UTF8.self)
            let names = duplicates.map { $0.replacingOccurrences(of: standText, with: "*") }
            return YAMLProblem.duplicateKeys(names, inMappingAt: context.mark, in: source)
        }
        return YAMLProblem.describe(failure, in: source)
    }

    /// A private-use character that `text` does not contain (U+E000 if it holds them all), as UTF-8.
    private static func missingCharacter(in text: String) -> [UInt8] {
        let present = Set(text.unicodeScalars.lazy.filter { $0.value >= 0xE000 && $0.value <= 0xF8FF }.map(\.value))
        let value = (UInt32(0xE000)...0xF8FF).first { !present.contains($0) } ?? 0xE000
        return Array(String(Unicode.Scalar(value)!).utf8)
    }

    /// The walk over the copy's tree: the size of each anchored node, and the first refusal.
    private struct Walk {
        let source: SourceText
        /// What stands for `*` in the copy.
        let stand: [UInt8]
        /// The expanded size of each anchor's node, by name; later anchors of the same name replace
        /// earlier ones, as they do in Yams.
        var anchors: [String: Int] = [:]
        /// Nodes the aliases add to what the text spells out.
        var added = 0
        var refusal: (position: SourcePosition, message: String)?

        /// The number of nodes `node` stands for, its aliases expanded (saturating).
        mutating func size(of node: Node, inKey: Bool) -> Int {
            guard refusal == nil else { return 1 }
            var total = 1
            switch node {
            case .scalar(let scalar):
                if scalar.style == .plain, let name = aliasName(scalar.string) {
                    let position = scalar.mark.map { source.position(line: $0.line, scalarColumn: $0.column) }
                        ?? SourcePosition(path: source.path, line: 1, column: 1)
                    if inKey {
                        refusal = (position, "the alias `*\(name)` is used in a mapping key: catalint does not read aliases in keys, which can make reading a file take time exponential in the aliases nested in them")
                        return 1
                    }
                    let expanded = anchors[name] ?? 1
                    added = Self.sum(added, expanded - 1)
                    if added > YAMLAliases.maximumExpansion {
                        refusal = (position, "the aliases expand to more than \(YAMLAliases.maximumExpansion) nodes (at the alias `*\(name)`), more than catalint reads: are aliases nested in each other?")
                        return 1
                    }
                    return expanded
                }
            case .mapping(let mapping):
                for (key, value) in mapping {
                    total = Self.sum(total, size(of: key, inKey: true))
                    total = Self.sum(total, size(of: value, inKey: inKey))
                }
            case .sequence(let sequence):
                for item in sequence { total = Self.sum(total, size(of: item, inKey: inKey)) }
            case .alias:
                break
            }
            if let anchor = node.anchor { anchors[anchor.rawValue] = total }
            return total
        }

        /// The alias's name when a plain scalar of the copy starts with what stands for `*`: the
        /// letters, digits, `-` and `_` that follow, as libyaml reads an alias's name.
        func aliasName(_ value: String) -> String? {
            let utf8 = value.utf8
            guard utf8.starts(with: stand) else { return nil }
            let name = utf8.dropFirst(stand.count).prefix { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
            return String(decoding: name, as: UTF8.self)
        }

        static func sum(_ a: Int, _ b: Int) -> Int {
            let (result, overflow) = a.addingReportingOverflow(b)
            return overflow ? Int.max / 2 : min(result, Int.max / 2)
        }
    }
}
