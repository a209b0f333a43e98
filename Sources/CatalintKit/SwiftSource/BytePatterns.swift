import Foundation

/// Words to look for in a file's bytes before reading its tokens (or in a comment's text), by UTF-8
/// bytes: a search through `String.contains` goes through Foundation and costs far more.
struct BytePatterns: Sendable {
    /// The words, sorted by their first byte, one after another.
    private let bytes: [UInt8]
    /// For each byte value: the range of `words` (indices into `wordStarts`) that start with it.
    private let first: [Int32]
    private let last: [Int32]
    /// Where each word starts in `bytes`, and where it ends (one more entry than words).
    private let wordStarts: [Int]
    /// Whether some word starts with each byte value.
    private let starts: [Bool]
    /// The first byte of every word, when they all start with the same one: the search jumps from
    /// one such byte to the next (`memchr`).
    private let onlyStart: UInt8?

    init(_ words: [String]) {
        let words = words.map { Array($0.utf8) }.filter { !$0.isEmpty }.enumerated()
            .sorted { ($0.element[0], $0.offset) < ($1.element[0], $1.offset) }.map(\.element)
        var bytes: [UInt8] = []
        var wordStarts: [Int] = []
        var first = [Int32](repeating: 0, count: 256), last = [Int32](repeating: 0, count: 256)
        for (index, word) in words.enumerated() {
            let start = Int(word[0])
            if first[start] == last[start] { first[start] = Int32(index) }
            last[start] = Int32(index + 1)
            wordStarts.append(bytes.count)
            bytes += word
        }
        wordStarts.append(bytes.count)
        starts = (0..<256).map { first[$0] != last[$0] }
        onlyStart = words.first.flatMap { word in words.allSatisfy { $0[0] == word[0] } ? word[0] : nil }
        self.bytes = bytes
        self.first = first
        self.last = last
        self.wordStarts = wordStarts
    }

    /// True when one of the words occurs in `text`.
    func occur(in text: String) -> Bool {
        var text = text
        return text.withUTF8 { occur(in: $0, from: 0, to: $0.count) }
    }

    /// True when one of the words occurs in `bytes` from `start` to `end`.
    func occur(in bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        bytes.withUnsafeBufferPointer { occur(in: $0, from: start, to: end) }
    }

    /// Each byte is looked up once; only the words that start with it are compared.
    private func occur(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        let end = min(end, buffer.count)
        guard let base = buffer.baseAddress, start < end else { return false }
        return first.withUnsafeBufferPointer { first in
            last.withUnsafeBufferPointer { last in
                wordStarts.withUnsafeBufferPointer { wordStarts in
                    bytes.withUnsafeBufferPointer { words in
                        starts.withUnsafeBufferPointer { starts in
                            var index = max(start, 0)
                            while index < end {
                                if let onlyStart {
                                    guard let found = memchr(base + index, Int32(onlyStart), end - index) else { return false }
                                    index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                                } else if !starts[Int(buffer[index])] {
                                    index += 1
                                    continue
                                }
                                let byte = Int(buffer[index])
                                for word in Int(first[byte])..<Int(last[byte]) {
                                    let from = wordStarts[word], count = wordStarts[word + 1] - from
                                    guard index + count <= end else { continue }
                                    var offset = 1
                                    while offset < count, buffer[index + offset] == words[from + offset] { offset += 1 }
                                    if offset == count { return true }
                                }
                                index += 1
                            }
                            return false
                        }
                    }
                }
            }
        }
    }
}

/// Where one word stands in a text's bytes: every search of the project for a fixed sequence of
/// bytes (a project file's `};`, a name in a Swift file, an XML terminator) goes through here.
/// Each candidate is found by `memchr` on the word's first byte and compared by `memcmp`.
extension BytePatterns {
    /// The first offset from `start` (and before `limit`, when given) where `word` stands whole in
    /// `bytes` and `accept` holds; nil when there is none or `word` is empty.
    static func firstPlace(of word: [UInt8], in bytes: [UInt8], from start: Int, before limit: Int? = nil,
                           where accept: (Int) -> Bool = { _ in true }) -> Int? {
        guard let first = word.first, word.count <= bytes.count else { return nil }
        let end = min(limit ?? Int.max, bytes.count - word.count + 1)  // the offsets tried are below it
        var offset = max(start, 0)
        guard offset < end else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            word.withUnsafeBufferPointer { wanted -> Int? in
                guard let base = buffer.baseAddress, let wantedBase = wanted.baseAddress else { return nil }
                while offset < end, let hit = memchr(base + offset, Int32(first), end - offset) {
                    offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + offset, wantedBase, wanted.count) == 0, accept(offset) { return offset }
                    offset += 1
                }
                return nil
            }
        }
    }

    /// Every offset from `start` where `word` stands whole in `bytes`, ending at or before `end`,
    /// for which `keep` holds, first to last.
    static func places(of word: [UInt8], in bytes: [UInt8], from start: Int, to end: Int,
                       where keep: (Int) -> Bool = { _ in true }) -> [Int] {
        var found: [Int] = []
        // Each place is looked at and none is accepted, so the search goes on to the end.
        _ = firstPlace(of: word, in: bytes, from: start, before: end - word.count + 1) { at in
            if keep(at) { found.append(at) }
            return false
        }
        return found
    }

    /// True when the two buffers hold the same bytes (`memcmp`: comparing them as sequences costs
    /// thousands of instructions for a path).
    static func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard let one = left.baseAddress, let other = right.baseAddress else { return true }  // both empty
        return memcmp(one, other, left.count) == 0
    }
}
