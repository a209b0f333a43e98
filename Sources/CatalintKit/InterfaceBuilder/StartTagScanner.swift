/// A start tag as it stands in the file: its element name and where it and each attribute begin.
struct StartTag {
    var name: String
    /// UTF-8 offset of the `<`.
    var offset: Int
    /// Attribute name -> UTF-8 offset of the attribute's name.
    var attributeOffsets: [String: Int]
}

/// Finds the start tags of an XML text in document order, with their byte offsets, so that the
/// k-th element `XMLParser` reports can be placed at its exact line and column. It skips comments,
/// CDATA, processing instructions, declarations and end tags; it checks nothing (the parser does).
enum StartTagScanner {
    static func scan(_ bytes: [UInt8]) -> [StartTag] {
        var tags: [StartTag] = []
        var index = 0
        let count = bytes.count

        func startsWith(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            guard position + pattern.count <= count else { return false }
            return Array(bytes[position..<position + pattern.count]) == pattern
        }

        func skip(past terminator: String, from position: Int) -> Int {
            let pattern = Array(terminator.utf8)
            var cursor = position
            while cursor + pattern.count <= count {
                if bytes[cursor] == pattern[0], Array(bytes[cursor..<cursor + pattern.count]) == pattern {
                    return cursor + pattern.count
                }
                cursor += 1
            }
            return count
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
                index = skip(past: "-->", from: index + 4)
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
                var tag = StartTag(name: String(decoding: bytes[nameStart..<index], as: UTF8.self), offset: start, attributeOffsets: [:])
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
                tags.append(tag)
            }
        }
        return tags
    }
}
