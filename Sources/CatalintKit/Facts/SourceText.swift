import Foundation

/// A file's text with its line starts, to turn the offsets and marks parsers give into positions.
/// LF, CRLF and a lone CR each end a line.
struct SourceText: Sendable {
    let path: String
    let text: String
    private let bytes: [UInt8]
    /// UTF-8 offset of the start of each line; line 1 starts at 0.
    private let lineStarts: [Int]
    /// The last position computed, to count only what lies between it and the next one on the same
    /// line: positions come in order, so a line with many findings is read once, not once per finding.
    private let cursor = ColumnCursor()

    init(path: String, text: String) {
        self.path = path
        self.text = text
        self.bytes = Array(text.utf8)
        self.lineStarts = Self.lineStarts(bytes)
    }

    /// Where each line starts: after every LF, after every CR that no LF follows.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var offset = 0
            while offset < count {
                let byte = buffer[offset]
                // Neither line end is above 13: most bytes are passed with one test.
                if byte <= UInt8(ascii: "\r") {
                    if byte == UInt8(ascii: "\n") {
                        starts.append(offset + 1)
                    } else if byte == UInt8(ascii: "\r"), offset + 1 >= count || buffer[offset + 1] != UInt8(ascii: "\n") {
                        starts.append(offset + 1)
                    }
                }
                offset += 1
            }
        }
        return starts
    }

    var utf8: [UInt8] { bytes }

    /// The number of lines.
    var lineCount: Int { lineStarts.count }

    /// The 1-based line that holds a UTF-8 offset.
    func lineNumber(utf8Offset offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The UTF-8 offset where a 1-based line starts.
    func lineStart(_ line: Int) -> Int {
        lineStarts[min(max(line, 1), lineStarts.count) - 1]
    }

    /// The position of a UTF-8 offset.
    func position(utf8Offset offset: Int) -> SourcePosition {
        let offset = min(max(offset, 0), bytes.count)
        let line = lineNumber(utf8Offset: offset)
        let lineStart = lineStarts[line - 1]
        // Count from the nearest position computed before on the same line, else from the line's
        // start, so that many positions on one long line cost time linear in the line, whatever
        // their order. Characters are counted on a scalar boundary of the line, so a combining mark
        // after a known position is joined correctly: the count restarts at the line when unsure.
        var from = (offset: lineStart, characters: 0, utf16: 0)
        if let known = cursor.nearest(line: line, atOrBefore: offset), known.offset > lineStart,
           known.offset < bytes.count, bytes[known.offset] < 0x80 {
            from = known
        }
        let between = String(decoding: bytes[from.offset..<offset], as: UTF8.self)
        let characters = from.characters + between.count
        let utf16 = from.utf16 + between.utf16.count
        cursor.record(line: line, (offset, characters, utf16))
        return SourcePosition(path: path, line: line, column: characters + 1, utf8Column: offset - lineStart + 1, utf16Column: utf16 + 1)
    }

    /// The position of a 1-based line and a 1-based column counted in Unicode scalars (as libyaml does).
    func position(line: Int, scalarColumn: Int) -> SourcePosition {
        // A parser's mark past the last line (an error at the end of the input) is the end of the text.
        guard line <= lineStarts.count else { return position(utf8Offset: bytes.count) }
        guard line >= 1 else { return SourcePosition(path: path, line: 1, column: max(scalarColumn, 1)) }
        var offset = lineStarts[line - 1]
        let end = lineEnd(line)
        var remaining = max(0, scalarColumn - 1)
        while remaining > 0, offset < end {
            // Step over one scalar: a lead byte and its continuation bytes.
            offset += 1
            while offset < end, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        return position(utf8Offset: offset)
    }

    /// The position of a 1-based line and a 1-based column counted in UTF-8 bytes (as libxml2 does).
    func position(line: Int, utf8Column: Int) -> SourcePosition {
        guard line <= lineStarts.count else { return position(utf8Offset: bytes.count) }
        guard line >= 1 else { return SourcePosition(path: path, line: 1, column: max(utf8Column, 1)) }
        return position(utf8Offset: min(lineStarts[line - 1] + utf8Column - 1, lineEnd(line)))
    }

    /// The UTF-8 offset where a 1-based line's text ends, before its line break.
    func lineEnd(_ number: Int) -> Int {
        var end = number < lineStarts.count ? lineStarts[number] : bytes.count
        if end > lineStarts[number - 1], bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > lineStarts[number - 1], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    /// The text of a 1-based line, without its line break.
    func line(_ number: Int) -> String? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        return String(decoding: bytes[lineStarts[number - 1]..<lineEnd(number)], as: UTF8.self)
    }
}

/// The positions a `SourceText` computed on the line it last worked on, sorted by offset; shared by
/// copies of the same text, behind a lock.
private final class ColumnCursor: Sendable {
    typealias Point = (offset: Int, characters: Int, utf16: Int)

    private struct Line {
        var number = 0
        var points: [Point] = []
    }

    private let line = Locked(Line())

    /// The known position on `line` nearest before or at `offset`.
    func nearest(line number: Int, atOrBefore offset: Int) -> Point? {
        line.withLock { line in
            guard number == line.number, !line.points.isEmpty else { return nil }
            let points = line.points
            // Positions mostly come in order: look from the end first, then bisect.
            if let last = points.last, last.offset <= offset { return last }
            var low = 0, high = points.count
            while low < high {
                let middle = (low + high) / 2
                if points[middle].offset <= offset { low = middle + 1 } else { high = middle }
            }
            return low > 0 ? points[low - 1] : nil
        }
    }

    func record(line number: Int, _ point: Point) {
        line.withLock { line in
            if number != line.number {
                line.number = number
                line.points.removeAll(keepingCapacity: true)
            }
            var index = line.points.count
            while index > 0, line.points[index - 1].offset > point.offset { index -= 1 }
            if index > 0, line.points[index - 1].offset == point.offset { return }
            line.points.insert(point, at: index)
        }
    }
}
