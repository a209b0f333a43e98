/// A start tag as it stands in the file: its element name and where it and each attribute begin.
struct StartTag {
    var name: String
    /// UTF-8 offset of the `<`.
    var offset: Int
    /// UTF-8 offset of the `>` that ends the tag (the end of the text when it has none).
    var endOffset: Int
    /// Attribute name -> UTF-8 offset of the attribute's name.
    var attributeOffsets: [String: Int]
}

/// A comment of an XML text, `<!-- text -->`, by UTF-8 offsets.
struct XMLComment {
    /// The offset of `<!--`.
    var offset: Int
    /// The text between `<!--` and `-->`.
    var text: Range<Int>
}

/// Finds the start tags of an XML text in document order, with their byte offsets, so that the
/// k-th element `XMLParser` reports can be placed at its exact line and column, and its comments.
/// It skips CDATA, processing instructions, declarations and end tags, and the values of
/// attributes; it checks nothing (the parser does), and reads any text, however malformed, in one
/// pass. A comment with no `-->` is no comment.
enum StartTagScanner {
    static func scan(_ bytes: [UInt8]) -> [StartTag] {
        scanMarkup(bytes).tags
    }

    static func scanMarkup(_ bytes: [UInt8]) -> (tags: [StartTag], comments: [XMLComment]) {
        var tags: [StartTag] = []
        var comments: [XMLComment] = []
        var cursor = MarkupCursor(bytes: bytes)
        while cursor.index < bytes.count {
            let index = cursor.index
            guard bytes[index] == UInt8(ascii: "<") else {
                cursor.index += 1
                continue
            }
            if cursor.startsWith("<!--") {
                if let end = cursor.find("-->", from: index + 4) {
                    comments.append(XMLComment(offset: index, text: (index + 4)..<end))
                    cursor.index = end + 3
                } else {
                    cursor.index = bytes.count
                }
            } else if cursor.startsWith("<![CDATA[") {
                cursor.skip(past: "]]>", from: index + 9)
            } else if cursor.startsWith("<?") {
                cursor.skip(past: "?>", from: index + 2)
            } else if cursor.startsWith("<!") || cursor.startsWith("</") {
                cursor.skip(past: ">", from: index + 2)
            } else {
                tags.append(cursor.readStartTag())
            }
        }
        return (tags, comments)
    }
}

/// A position in the bytes of an XML text, and the ways `StartTagScanner` moves it.
private struct MarkupCursor {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// True when `text` stands at the cursor.
    func startsWith(_ text: String) -> Bool {
        let pattern = Array(text.utf8)
        guard index + pattern.count <= bytes.count else { return false }
        return Array(bytes[index..<index + pattern.count]) == pattern
    }

    /// The offset of the next `terminator` from `position`, nil when there is none.
    func find(_ terminator: String, from position: Int) -> Int? {
        BytePatterns.firstPlace(of: Array(terminator.utf8), in: bytes, from: position)
    }

    /// Moves past the next `terminator` from `position`, or to the end when there is none.
    mutating func skip(past terminator: String, from position: Int) {
        index = find(terminator, from: position).map { $0 + terminator.utf8.count } ?? bytes.count
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        !(byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
          || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<"))
    }

    /// The start tag whose `<` is at the cursor: its name, and its attributes (`name = "value"` or
    /// `'value'`) until `>` or `/>`. Leaves the cursor on the `>`.
    mutating func readStartTag() -> StartTag {
        let count = bytes.count
        let start = index
        index += 1
        let nameStart = index
        while index < count, Self.isNameByte(bytes[index]) { index += 1 }
        var tag = StartTag(name: String(decoding: bytes[nameStart..<index], as: UTF8.self), offset: start, endOffset: count,
                           attributeOffsets: [:])
        while index < count, bytes[index] != UInt8(ascii: ">") {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index += 1
                while index < count, bytes[index] != byte { index += 1 }
                index += 1
            } else if Self.isNameByte(byte) {
                let attributeStart = index
                while index < count, Self.isNameByte(bytes[index]) { index += 1 }
                let attribute = String(decoding: bytes[attributeStart..<index], as: UTF8.self)
                if tag.attributeOffsets[attribute] == nil { tag.attributeOffsets[attribute] = attributeStart }
            } else {
                index += 1
            }
        }
        tag.endOffset = min(index, count)
        return tag
    }
}
