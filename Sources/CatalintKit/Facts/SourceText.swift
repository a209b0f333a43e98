/// A file's text with its line starts, to turn the offsets and marks parsers give into positions
/// whose columns count characters.
struct SourceText: Sendable {
    let path: String
    let text: String
    private let bytes: [UInt8]
    /// UTF-8 offset of the start of each line; line 1 starts at 0.
    private let lineStarts: [Int]

    init(path: String, text: String) {
        self.path = path
        self.text = text
        self.bytes = Array(text.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        self.lineStarts = starts
    }

    var utf8: [UInt8] { bytes }

    /// The position of a UTF-8 offset.
    func position(utf8Offset offset: Int) -> SourcePosition {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let prefix = String(decoding: bytes[lineStarts[low]..<offset], as: UTF8.self)
        return SourcePosition(path: path, line: low + 1, column: prefix.count + 1)
    }

    /// The position of a 1-based line and a 1-based column counted in Unicode scalars (as libyaml does).
    func position(line: Int, scalarColumn: Int) -> SourcePosition {
        guard line >= 1, line <= lineStarts.count else { return SourcePosition(path: path, line: max(line, 1), column: max(scalarColumn, 1)) }
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        let lineText = String(decoding: bytes[lineStarts[line - 1]..<end], as: UTF8.self)
        let scalars = lineText.unicodeScalars
        let scalarIndex = scalars.index(scalars.startIndex, offsetBy: max(0, scalarColumn - 1), limitedBy: scalars.endIndex) ?? scalars.endIndex
        let prefix = String(String.UnicodeScalarView(scalars[..<scalarIndex]))
        return SourcePosition(path: path, line: line, column: prefix.count + 1)
    }

    /// The position of a 1-based line and a 1-based column counted in UTF-8 bytes (as libxml2 does).
    func position(line: Int, utf8Column: Int) -> SourcePosition {
        guard line >= 1, line <= lineStarts.count else { return SourcePosition(path: path, line: max(line, 1), column: max(utf8Column, 1)) }
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        return position(utf8Offset: min(lineStarts[line - 1] + utf8Column - 1, end))
    }

    /// The text of a 1-based line, without its line break.
    func line(_ number: Int) -> String? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        var end = number < lineStarts.count ? lineStarts[number] - 1 : bytes.count
        if end > lineStarts[number - 1], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[lineStarts[number - 1]..<max(end, lineStarts[number - 1])], as: UTF8.self)
    }
}
