import Foundation

/// A place in a document as the protocol gives it: a 0-based line and a 0-based offset in UTF-16
/// code units on that line.
struct LSPPosition: Hashable, Sendable, Comparable {
    var line: Int
    var character: Int

    var json: JSON { ["line": .int(line), "character": .int(character)] }

    static func < (lhs: LSPPosition, rhs: LSPPosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

extension LSPPosition {
    /// A position from its JSON; nil when it is not one.
    init?(_ json: JSON?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }
}

/// A range of a document, its end excluded.
struct LSPRange: Hashable, Sendable {
    var start: LSPPosition
    var end: LSPPosition

    var json: JSON { ["start": start.json, "end": end.json] }

    /// True when `position` lies in the range (its end included, as editors hover there too).
    func contains(_ position: LSPPosition) -> Bool { start <= position && position <= end }
}

extension LSPRange {
    /// A range from its JSON; nil when it is not one.
    init?(_ json: JSON?) {
        guard let start = LSPPosition(json?["start"]), let end = LSPPosition(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }
}

/// An open document: the editor's text, which is what is linted, not the file on disk.
struct TextDocument: Sendable {
    var uri: String
    /// The file the document is, for a `file:` URI.
    var path: String?
    var languageID: String
    var version: Int
    var text: String

    init(uri: String, languageID: String, version: Int, text: String) {
        self.uri = uri
        self.path = DocumentURI.path(of: uri)
        self.languageID = languageID
        self.version = version
        self.text = text
    }

    /// Applies one `TextDocumentContentChangeEvent`: the whole text, or a range (in UTF-16 code
    /// units) replaced. Positions past the end of a line mean the line's end, and lines past the end
    /// the document's end, as the protocol says.
    mutating func apply(_ change: JSON) throws(ResponseError) {
        guard let newText = change["text"]?.stringValue else { throw .invalidParams("a content change without \"text\"") }
        guard let rangeJSON = change["range"], !rangeJSON.isNull else {
            text = newText
            return
        }
        guard let range = LSPRange(rangeJSON) else { throw .invalidParams("a content change with a malformed \"range\"") }
        let lines = LineTable(text)
        var start = lines.utf8Offset(of: range.start)
        var end = lines.utf8Offset(of: range.end)
        if end < start { swap(&start, &end) }
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        let upper = utf8.index(utf8.startIndex, offsetBy: end)
        text.replaceSubrange(lower..<upper, with: newText)
    }
}

/// Where each line of a text starts, to move between the protocol's positions (0-based lines,
/// UTF-16 columns) and offsets in the text. LF, CRLF and a lone CR each end a line, as in the
/// protocol and in catalint's positions.
struct LineTable {
    private let bytes: [UInt8]
    /// UTF-8 offset of each line's start, and of the end of its content (before its line break).
    private var starts: [Int] = [0]
    private var ends: [Int] = []

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0], ends: [Int] = []
        // Every keystroke makes two tables of the whole document (one to apply the edit, one for
        // the diagnostics' ranges): the bytes are read without bounds checks, and a byte past `\r`
        // is passed over at once.
        bytes.withUnsafeBufferPointer { bytes in
            var offset = 0
            let count = bytes.count
            while offset < count {
                let byte = bytes[offset]
                offset += 1
                guard byte <= 13 else { continue }
                if byte == 10 {
                    ends.append(offset - 1)
                    starts.append(offset)
                } else if byte == 13 {
                    ends.append(offset - 1)
                    if offset < count && bytes[offset] == 10 { offset += 1 }
                    starts.append(offset)
                }
            }
        }
        ends.append(bytes.count)
        self.starts = starts
        self.ends = ends
    }

    var lineCount: Int { starts.count }

    /// The UTF-8 offset of a position: its column counted in UTF-16 code units, never past the
    /// line's end, and on a character boundary (the middle of a surrogate pair rounds down).
    func utf8Offset(of position: LSPPosition) -> Int {
        guard position.line < starts.count else { return bytes.count }
        var offset = starts[position.line]
        let end = ends[position.line]
        var units = 0
        while offset < end {
            let (length, width) = Self.scalar(at: offset, in: bytes)
            if units + width > position.character { break }
            units += width
            offset += length
        }
        return offset
    }

    /// The text of a 0-based line, without its line break; empty past the last line.
    func line(_ line: Int) -> Substring {
        guard line >= 0 && line < starts.count else { return "" }
        return String(decoding: bytes[starts[line]..<ends[line]], as: UTF8.self)[...]
    }

    /// The length of the UTF-8 sequence at `offset` and its width in UTF-16 code units.
    private static func scalar(at offset: Int, in bytes: [UInt8]) -> (length: Int, utf16: Int) {
        let lead = bytes[offset]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return (min(length, bytes.count - offset), length == 4 ? 2 : 1)
    }
}

/// `file:` URIs and the paths they name.
enum DocumentURI {
    /// The path of a `file:` URI, percent-decoded; nil for other schemes (`untitled:`, ...).
    static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.standardizedFileURL.path
        return path.isEmpty ? nil : path
    }

    /// The `file:` URI of an absolute path.
    static func uri(of path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }
}
