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
        var index = 0
        let count = bytes.count

        func startsWith(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            guard position + pattern.count <= count else { return false }
            return Array(bytes[position..<position + pattern.count]) == pattern
        }

        /// The offset of the next `terminator` from `position`, nil when there is none.
        func find(_ terminator: String, from position: Int) -> Int? {
            let pattern = Array(terminator.utf8)
            var cursor = position
            while cursor + pattern.count <= count {
                if bytes[cursor] == pattern[0], Array(bytes[cursor..<cursor + pattern.count]) == pattern {
                    return cursor
                }
                cursor += 1
            }
            return nil
        }

        func skip(past terminator: String, from position: Int) -> Int {
            find(terminator, from: position).map { $0 + terminator.utf8.count } ?? count
        }

        func isNameByte(_ byte: UInt8) -> Bool {
            !(byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
              || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<"))
        }

        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if startsWith("<!--", at: index) {
                if let end = find("-->", from: index + 4) {
                    comments.append(XMLComment(offset: index, text: (index + 4)..<end))
                    index = end + 3
                } else {
                    index = count
                }
            } else if startsWith("<![CDATA[", at: index) {
                index = skip(past: "]]>", from: index + 9)
            } else if startsWith("<?", at: index) {
                index = skip(past: "?>", from: index + 2)
            } else if startsWith("<!", at: index) || startsWith("</", at: index) {
                index = skip(past: ">", from: index + 2)
            } else {
                let start = index
                index += 1
                let nameStart = index
                while index < count, isNameByte(bytes[index]) { index += 1 }
                var tag = StartTag(name: String(decoding: bytes[nameStart..<index], as: UTF8.self), offset: start, endOffset: count,
                                   attributeOffsets: [:])
                // Attributes: name = "value" or 'value', until > or />.
                while index < count, bytes[index] != UInt8(ascii: ">") {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        index += 1
                        while index < count, bytes[index] != byte { index += 1 }
                        index += 1
                    } else if isNameByte(byte) {
                        let attributeStart = index
                        while index < count, isNameByte(bytes[index]) { index += 1 }
                        let attribute = String(decoding: bytes[attributeStart..<index], as: UTF8.self)
                        if tag.attributeOffsets[attribute] == nil { tag.attributeOffsets[attribute] = attributeStart }
                    } else {
                        index += 1
                    }
                }
                tag.endOffset = min(index, count)
                tags.append(tag)
            }
        }
        return (tags, comments)
    }
}
