/// Words to look for in a file's bytes before reading its tokens (or in a comment's text), by UTF-8
/// bytes: a search through `String.contains` goes through Foundation and costs far more.
struct BytePatterns: Sendable {
    /// Whether some word starts with each byte value.
    private let starts: [Bool]
    private let words: [[UInt8]]

    init(_ words: [String]) {
        self.words = words.map { Array($0.utf8) }.filter { !$0.isEmpty }
        var starts = [Bool](repeating: false, count: 256)
        for word in self.words { starts[Int(word[0])] = true }
        self.starts = starts
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

    private func occur(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        starts.withUnsafeBufferPointer { starts in
            let end = min(end, buffer.count)
            var index = max(start, 0)
            while index < end {
                if starts[Int(buffer[index])] {
                    for word in words where index + word.count <= end && word.indices.allSatisfy({ buffer[index + $0] == word[$0] }) {
                        return true
                    }
                }
                index += 1
            }
            return false
        }
    }
}
