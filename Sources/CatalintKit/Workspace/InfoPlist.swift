import Foundation

/// An app's Info.plist as catalint reads it: every key with its value and the place of the key in
/// the file, from an XML property list (what Xcode writes), a binary one (`bplist00`), or the
/// old-style text form. A file that is none of these is a `ParseError` with its line and column.
///
/// Reading is bounded: no recursion, containers nested at most `PropertyList.maximumDepth` deep,
/// and a binary list's objects each read once.
enum InfoPlist {
    /// What a property list holds, with the UTF-8 offset of each key (and of the top value) in the
    /// file; a binary list has no places, so all its offsets are 0.
    indirect enum Value: Equatable {
        case string(String)
        case boolean(Bool)
        /// An integer or a real, as written.
        case number(String)
        /// A date or data: catalint reads neither.
        case other
        case array([Value])
        case dictionary([Entry])
    }

    struct Entry: Equatable {
        var key: String
        var offset: Int
        var value: Value
    }

    /// Why a file is not a property list, with the UTF-8 offset where reading stopped.
    struct ParseError: Error, Equatable {
        var offset: Int
        var message: String
    }

    /// The top value of the property list in `bytes`, and the offset of its start.
    static func parse(_ bytes: [UInt8]) throws(ParseError) -> (value: Value, offset: Int) {
        if bytes.starts(with: Array("bplist".utf8)) {
            return (try BinaryPropertyList(bytes: bytes).top(), 0)
        }
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "<") {
            var parser = XMLPropertyList(bytes: bytes)
            return try parser.parse()
        }
        do {
            return (try openStep(PropertyList.parse(String(decoding: bytes, as: UTF8.self))), start)
        } catch {
            let source = SourceText(path: "", text: String(decoding: bytes, as: UTF8.self))
            throw ParseError(offset: source.lineStart(error.line) + error.column - 1, message: error.message)
        }
    }

    /// An old-style property list's value: its places are not kept, and its strings stay strings.
    private static func openStep(_ value: PropertyList) -> Value {
        switch value {
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(openStep))
        case .dictionary(let entries):
            return .dictionary(entries.keys.sorted().map { Entry(key: $0, offset: 0, value: openStep(entries[$0]!)) })
        }
    }

    /// Every key of `value`, depth first in the file's order, each with its path from the top
    /// (array elements by their index), as facts placed in `source`: the top value first, with the
    /// empty path.
    static func entries(of value: Value, at offset: Int, in source: SourceText) -> [InfoPlistEntry] {
        var entries: [InfoPlistEntry] = []
        var pending: [(path: [String], offset: Int, value: Value)] = [([], offset, value)]
        while let (path, offset, value) = pending.popLast() {
            let position = source.position(utf8Offset: min(offset, source.utf8.count))
            switch value {
            case .string(let text): entries.append(InfoPlistEntry(keyPath: path, value: text, position: position))
            case .number(let text): entries.append(InfoPlistEntry(keyPath: path, value: text, position: position))
            case .boolean(let flag): entries.append(InfoPlistEntry(keyPath: path, value: flag ? "true" : "false", position: position))
            case .other: entries.append(InfoPlistEntry(keyPath: path, value: nil, position: position))
            case .array(let items):
                entries.append(InfoPlistEntry(keyPath: path, value: nil, count: items.count, position: position))
                for (index, item) in items.enumerated().reversed() { pending.append((path + [String(index)], offset, item)) }
            case .dictionary(let members):
                entries.append(InfoPlistEntry(keyPath: path, value: nil, count: members.count, position: position))
                for member in members.reversed() { pending.append((path + [member.key], member.offset, member.value)) }
            }
        }
        return entries
    }

    /// What the file of a property list tells on its own: its keys, its suppression comments (in
    /// an XML list), or an `invalid-interface` problem at the place it stops being one.
    static func lower(_ source: SourceText) -> FrontEndOutput {
        var output = FrontEndOutput()
        let bytes = bytes(of: source.text)
        let binary = bytes.starts(with: Array("bplist".utf8))
        do {
            let (value, offset) = try parse(bytes)
            // A binary list has no lines to point at or to comment.
            if !binary { output.facts.infoPlist = entries(of: value, at: offset, in: source) }
        } catch {
            output.problems.append(InputProblem(
                rule: ToolRule.invalidInterface, position: binary ? SourcePosition(path: source.path, line: 1, column: 1) : source.position(utf8Offset: min(error.offset, source.utf8.count)),
                values: ["detail": "Not a property list: \(error.message).", "help": help]))
            return output
        }
        if !binary {
            let comments = SuppressionParser.interfaceBuilder(source)
            output.suppressions = comments.directives
            output.problems += comments.problems
        }
        return output
    }

    static let help = "Open the file in Xcode's property list editor and save it again, or check it with `plutil -lint`."

    /// The largest Info.plist read: real ones have a few kilobytes.
    static let maximumFileSize = 8_000_000

    /// The entries of the Info.plist at `path`, placed in the file as `shownAs` spells it, or why
    /// it cannot be read.
    static func read(_ path: String, shownAs: String? = nil) -> Result<[InfoPlistEntry], ReadFailure> {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumFileSize else { return .failure(ReadFailure(reason: "it has \(size) bytes, more than an Info.plist has")) }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(ReadFailure(reason: "cannot read it")) }
        let bytes = Array(data)
        do {
            let (value, offset) = try parse(bytes)
            return .success(entries(of: value, at: offset, in: SourceText(path: shownAs ?? path, text: text(of: bytes))))
        } catch {
            let source = SourceText(path: path, text: text(of: bytes))
            let position = source.position(utf8Offset: min(error.offset, source.utf8.count))
            return .failure(ReadFailure(reason: "line \(position.line), column \(position.column): \(error.message)"))
        }
    }

    /// The text of a property list's bytes as catalint keeps it: UTF-8, or for a binary list each
    /// byte as the character of the same number (Latin-1), so that the bytes can be had again.
    static func text(of bytes: [UInt8]) -> String {
        if bytes.starts(with: Array("bplist".utf8)) {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: bytes.map { Unicode.Scalar($0) })
            return String(text)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes `text(of:)` made a text of.
    static func bytes(of text: String) -> [UInt8] {
        if text.hasPrefix("bplist"), text.unicodeScalars.allSatisfy({ $0.value < 0x100 }) {
            return text.unicodeScalars.map { UInt8($0.value) }
        }
        return Array(text.utf8)
    }
}

// MARK: - XML

/// A reader of Apple's XML property lists (`<plist><dict><key>…</key><string>…</string>…`) without
/// recursion: an explicit stack of open containers. It knows the format's few elements and the five
/// predefined entities and character references; a DOCTYPE, comments and processing instructions
/// are skipped. Anything else is a `ParseError` at its offset.
private struct XMLPropertyList {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    private enum Container {
        case array([InfoPlist.Value], start: Int)
        /// The entries so far, and the key waiting for its value.
        case dictionary([InfoPlist.Entry], key: (text: String, offset: Int)?, start: Int)
    }

    /// A tag read: its name, whether it closes (`</x>`) or is empty (`<x/>`), and where it starts.
    private struct Tag {
        var name: String
        var closing: Bool
        var empty: Bool
        var offset: Int
    }

    mutating func parse() throws(InfoPlist.ParseError) -> (value: InfoPlist.Value, offset: Int) {
        var stack: [Container] = []
        var result: (value: InfoPlist.Value, offset: Int)?
        var insidePlist = false
        var plistClosed = false

        /// Adds a finished value to the container it is in, or makes it the result.
        func add(_ value: InfoPlist.Value, at offset: Int) throws(InfoPlist.ParseError) {
            switch stack.popLast() {
            case nil:
                guard result == nil else { throw InfoPlist.ParseError(offset: offset, message: "a second top-level value") }
                result = (value, offset)
            case .array(var items, let start)?:
                items.append(value)
                stack.append(.array(items, start: start))
            case .dictionary(var entries, let key, let start)?:
                guard let key else { throw InfoPlist.ParseError(offset: offset, message: "a value without a <key> before it in a <dict>") }
                entries.append(InfoPlist.Entry(key: key.text, offset: key.offset, value: value))
                stack.append(.dictionary(entries, key: nil, start: start))
            }
        }

        while let tag = try nextTag() {
            if tag.closing {
                switch tag.name {
                case "plist":
                    guard insidePlist, stack.isEmpty else { throw error("an unexpected </plist>", at: tag.offset) }
                    insidePlist = false
                    plistClosed = true
                case "array":
                    guard case .array(let items, let start)? = stack.popLast() else { throw error("an unexpected </array>", at: tag.offset) }
                    try add(.array(items), at: start)
                case "dict":
                    guard case .dictionary(let entries, let key, let start)? = stack.popLast() else { throw error("an unexpected </dict>", at: tag.offset) }
                    if let key { throw error("the <key>\(key.text.prefix(40))</key> has no value", at: key.offset) }
                    try add(.dictionary(entries), at: start)
                default:
                    throw error("an unexpected </\(tag.name.prefix(40))>", at: tag.offset)
                }
                continue
            }
            if plistClosed { throw error("content after </plist>", at: tag.offset) }
            if tag.name == "plist" {
                guard !insidePlist, stack.isEmpty, result == nil else { throw error("an unexpected <plist>", at: tag.offset) }
                insidePlist = !tag.empty
                continue
            }
            switch tag.name {
            case "dict", "array":
                if case .dictionary(_, nil, _)? = stack.last { throw error("a <\(tag.name)> where a <key> must come", at: tag.offset) }
                if tag.empty {
                    try add(tag.name == "dict" ? .dictionary([]) : .array([]), at: tag.offset)
                } else {
                    guard stack.count < PropertyList.maximumDepth else {
                        throw error("nested deeper than \(PropertyList.maximumDepth) levels", at: tag.offset)
                    }
                    stack.append(tag.name == "dict" ? .dictionary([], key: nil, start: tag.offset) : .array([], start: tag.offset))
                }
            case "key":
                guard case .dictionary(let entries, let key, let start)? = stack.last else { throw error("a <key> outside a <dict>", at: tag.offset) }
                if let key { throw error("the <key>\(key.text.prefix(40))</key> has no value", at: key.offset) }
                let text = tag.empty ? "" : try content(closing: "key")
                stack[stack.count - 1] = .dictionary(entries, key: (text, tag.offset), start: start)
            case "string", "integer", "real", "date", "data":
                if case .dictionary(_, nil, _)? = stack.last { throw error("a <\(tag.name)> where a <key> must come", at: tag.offset) }
                let text = tag.empty ? "" : try content(closing: tag.name)
                switch tag.name {
                case "string": try add(.string(text), at: tag.offset)
                case "integer", "real": try add(.number(text.trimmingCharacters(in: .whitespacesAndNewlines)), at: tag.offset)
                default: try add(.other, at: tag.offset)
                }
            case "true", "false":
                if case .dictionary(_, nil, _)? = stack.last { throw error("a <\(tag.name)> where a <key> must come", at: tag.offset) }
                if !tag.empty { _ = try content(closing: tag.name) }
                try add(.boolean(tag.name == "true"), at: tag.offset)
            default:
                throw error("<\(tag.name.prefix(40))> is not an element of a property list", at: tag.offset)
            }
        }
        if let open = stack.last {
            switch open {
            case .array(_, let start): throw error("the <array> is not closed", at: start)
            case .dictionary(_, _, let start): throw error("the <dict> is not closed", at: start)
            }
        }
        guard let result else { throw error("no value in the file", at: bytes.count) }
        return result
    }

    private func error(_ message: String, at offset: Int) -> InfoPlist.ParseError {
        InfoPlist.ParseError(offset: offset, message: message)
    }

    /// True when only blanks come before `offset` on its line.
    private func isLineStart(_ offset: Int) -> Bool {
        var cursor = offset
        while cursor > 0, bytes[cursor - 1] == 0x20 || bytes[cursor - 1] == 0x09 { cursor -= 1 }
        return cursor == 0 || bytes[cursor - 1] == 0x0A || bytes[cursor - 1] == 0x0D
    }

    private func starts(with text: String, at offset: Int) -> Bool {
        let pattern = Array(text.utf8)
        return offset + pattern.count <= bytes.count && bytes[offset..<offset + pattern.count].elementsEqual(pattern)
    }

    private func find(_ text: String, from offset: Int) -> Int? {
        BytePatterns.firstPlace(of: Array(text.utf8), in: bytes, from: offset)
    }

    /// The next element tag, past text made only of white space, comments, the XML declaration,
    /// processing instructions and a DOCTYPE; nil at the end of the file.
    private mutating func nextTag() throws(InfoPlist.ParseError) -> Tag? {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || (index == 0 && starts(with: "\u{FEFF}", at: 0)) {
                index += byte < 0x80 ? 1 : 3
                continue
            }
            // A line of the C preprocessor (`#if`, `#endif`), in a list built with
            // INFOPLIST_PREPROCESS = YES: read as if every branch were kept.
            if byte == UInt8(ascii: "#"), isLineStart(index) {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                continue
            }
            guard byte == UInt8(ascii: "<") else { throw error("text outside an element", at: index) }
            let start = index
            if starts(with: "<!--", at: index) {
                guard let end = find("-->", from: index + 4) else { throw error("an unclosed comment", at: start) }
                index = end + 3
            } else if starts(with: "<?", at: index) {
                guard let end = find("?>", from: index + 2) else { throw error("an unclosed processing instruction", at: start) }
                index = end + 2
            } else if starts(with: "<!DOCTYPE", at: index) {
                // `<!DOCTYPE plist PUBLIC "..." "...">`, without an internal subset.
                guard let end = find(">", from: index), !bytes[index..<end].contains(UInt8(ascii: "[")) else {
                    throw error("a DOCTYPE with declarations of its own (a property list has none)", at: start)
                }
                index = end + 1
            } else {
                return try readTag()
            }
        }
        return nil
    }

    /// The tag at `index` (`<name attr="…">`, `</name>`, `<name/>`), leaving `index` past it.
    private mutating func readTag() throws(InfoPlist.ParseError) -> Tag {
        let start = index
        index += 1
        let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let nameStart = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        guard !name.isEmpty else { throw error("a tag without a name", at: start) }
        // Attributes (`<plist version="1.0">`): skipped, quoted values and all.
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index += 1
                while index < bytes.count, bytes[index] != byte { index += 1 }
                guard index < bytes.count else { throw error("an unclosed attribute value", at: start) }
            } else if byte == UInt8(ascii: "<") {
                throw error("the tag <\(name.prefix(40))> is not closed", at: start)
            }
            index += 1
        }
        guard index < bytes.count else { throw error("the tag <\(name.prefix(40))> is not closed", at: start) }
        let empty = index > nameStart && bytes[index - 1] == UInt8(ascii: "/")
        index += 1
        if closing && empty { throw error("a tag that both closes and is empty", at: start) }
        return Tag(name: name, closing: closing, empty: empty && !closing, offset: start)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x30 && byte <= 0x39 || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    /// The text up to `</name>`, with entities and character references replaced and CDATA kept;
    /// leaves `index` past the end tag.
    private mutating func content(closing name: String) throws(InfoPlist.ParseError) -> String {
        let start = index
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                if starts(with: "<![CDATA[", at: index) {
                    guard let end = find("]]>", from: index + 9) else { throw error("an unclosed CDATA section", at: index) }
                    text += bytes[(index + 9)..<end]
                    index = end + 3
                    continue
                }
                if starts(with: "<!--", at: index) {
                    guard let end = find("-->", from: index + 4) else { throw error("an unclosed comment", at: index) }
                    index = end + 3
                    continue
                }
                let tagStart = index
                let tag = try readTag()
                guard tag.closing, tag.name == name else {
                    throw error("<\(name)> holds <\(tag.closing ? "/" : "")\(tag.name.prefix(40))>: it holds text only", at: tagStart)
                }
                return String(decoding: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "&") {
                guard let end = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                    throw error("an `&` that starts no entity", at: index)
                }
                let entity = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                switch entity {
                case "lt": text.append(UInt8(ascii: "<"))
                case "gt": text.append(UInt8(ascii: ">"))
                case "amp": text.append(UInt8(ascii: "&"))
                case "quot": text.append(UInt8(ascii: "\""))
                case "apos": text.append(UInt8(ascii: "'"))
                default:
                    let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16)
                        : entity.hasPrefix("#") ? UInt32(entity.dropFirst(), radix: 10) : nil
                    guard let number, let scalar = Unicode.Scalar(number) else { throw error("an unknown entity &\(entity.prefix(20));", at: index) }
                    text += Array(String(scalar).utf8)
                }
                index = end + 1
                continue
            }
            text.append(byte)
            index += 1
        }
        throw error("the <\(name)> is not closed", at: start)
    }
}

// MARK: - Binary

/// A reader of binary property lists (`bplist00`): the trailer, the offset table, and each object
/// by reference, without recursion; references that loop or point outside the file are errors.
private struct BinaryPropertyList {
    let bytes: [UInt8]

    func top() throws(InfoPlist.ParseError) -> InfoPlist.Value {
        guard bytes.count >= 40 else { throw InfoPlist.ParseError(offset: 0, message: "a binary property list too short for its trailer") }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        let count = integer(at: trailer + 8, size: 8), top = integer(at: trailer + 16, size: 8), tableOffset = integer(at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count > 0, count < 10_000_000, top >= 0, top < count,
              tableOffset >= 8, tableOffset + count * offsetSize <= trailer else {
            throw InfoPlist.ParseError(offset: 0, message: "a binary property list whose trailer is damaged")
        }
        let offsets = (0..<count).map { integer(at: tableOffset + $0 * offsetSize, size: offsetSize) }
        guard offsets.allSatisfy({ $0 >= 8 && $0 < tableOffset }) else {
            throw InfoPlist.ParseError(offset: 0, message: "a binary property list whose offset table points outside it")
        }

        /// An object being built: a container waiting for its children, or a value.
        enum Frame {
            case array(items: [Int], done: [InfoPlist.Value])
            case dictionary(keys: [Int], values: [Int], doneKeys: [String], done: [InfoPlist.Value])
        }
        var stack: [(object: Int, frame: Frame)] = []
        var open: Set<Int> = []
        var result: InfoPlist.Value?
        var next: Int? = top
        while true {
            if let object = next {
                next = nil
                guard !open.contains(object) else { throw InfoPlist.ParseError(offset: 0, message: "a binary property list whose objects hold themselves") }
                guard stack.count < PropertyList.maximumDepth else {
                    throw InfoPlist.ParseError(offset: 0, message: "a binary property list nested deeper than \(PropertyList.maximumDepth) levels")
                }
                switch try read(offsets[object], references: referenceSize, objects: count) {
                case .value(let value):
                    result = value
                case .array(let items):
                    open.insert(object)
                    stack.append((object, .array(items: items, done: [])))
                    continue
                case .dictionary(let keys, let values):
                    open.insert(object)
                    stack.append((object, .dictionary(keys: keys, values: values, doneKeys: [], done: [])))
                    continue
                }
            }
            // Give the finished value to the container on top, and ask for its next child.
            guard let top = stack.popLast() else { break }
            let object = top.object
            var frame = top.frame
            if let value = result {
                switch frame {
                case .array(let items, var done):
                    done.append(value)
                    frame = .array(items: items, done: done)
                case .dictionary(let keys, let values, var doneKeys, var done):
                    if doneKeys.count == done.count {
                        guard case .string(let key) = value else { throw InfoPlist.ParseError(offset: 0, message: "a binary property list with a key that is not a string") }
                        doneKeys.append(key)
                    } else {
                        done.append(value)
                    }
                    frame = .dictionary(keys: keys, values: values, doneKeys: doneKeys, done: done)
                }
                result = nil
            }
            switch frame {
            case .array(let items, let done) where done.count < items.count:
                stack.append((object, frame))
                next = items[done.count]
            case .array(_, let done):
                open.remove(object)
                result = .array(done)
            case .dictionary(let keys, let values, let doneKeys, let done) where doneKeys.count < keys.count || done.count < values.count:
                stack.append((object, frame))
                next = doneKeys.count == done.count ? keys[doneKeys.count] : values[done.count]
            case .dictionary(_, _, let doneKeys, let done):
                open.remove(object)
                result = .dictionary(zip(doneKeys, done).map { InfoPlist.Entry(key: $0, offset: 0, value: $1) })
            }
        }
        guard let result else { throw InfoPlist.ParseError(offset: 0, message: "a binary property list with no top object") }
        return result
    }

    private enum Object {
        case value(InfoPlist.Value)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    private func integer(at offset: Int, size: Int) -> Int {
        guard offset >= 0, offset + size <= bytes.count else { return -1 }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
        return value > UInt64(Int.max / 2) ? -1 : Int(value)
    }

    private func read(_ offset: Int, references: Int, objects: Int) throws(InfoPlist.ParseError) -> Object {
        let damaged = InfoPlist.ParseError(offset: 0, message: "a binary property list with a damaged object")
        let marker = bytes[offset]
        let kind = marker >> 4, info = Int(marker & 0x0F)
        /// The length of an object: in its low bits, or an integer object after it.
        func length() throws(InfoPlist.ParseError) -> (count: Int, start: Int) {
            guard info == 0x0F else { return (info, offset + 1) }
            guard offset + 1 < bytes.count, bytes[offset + 1] >> 4 == 0x1 else { throw damaged }
            let size = 1 << Int(bytes[offset + 1] & 0x0F)
            let count = integer(at: offset + 2, size: size)
            guard count >= 0 else { throw damaged }
            return (count, offset + 2 + size)
        }
        func referenceList(_ count: Int, from start: Int) throws(InfoPlist.ParseError) -> [Int] {
            guard count < 1_000_000, start + count * references <= bytes.count else { throw damaged }
            let list = (0..<count).map { integer(at: start + $0 * references, size: references) }
            guard list.allSatisfy({ $0 >= 0 && $0 < objects }) else { throw damaged }
            return list
        }
        switch kind {
        case 0x0:
            switch info {
            case 0x8: return .value(.boolean(false))
            case 0x9: return .value(.boolean(true))
            default: return .value(.other)
            }
        case 0x1:
            let size = 1 << info
            guard size <= 16, offset + 1 + size <= bytes.count else { throw damaged }
            var value: UInt64 = 0
            for byte in bytes[(offset + 1 + max(0, size - 8))..<(offset + 1 + size)] { value = value << 8 | UInt64(byte) }
            return .value(.number(size == 8 ? String(Int64(bitPattern: value)) : String(value)))
        case 0x2:
            let size = 1 << info
            guard size == 4 || size == 8, offset + 1 + size <= bytes.count else { throw damaged }
            var bits: UInt64 = 0
            for byte in bytes[(offset + 1)..<(offset + 1 + size)] { bits = bits << 8 | UInt64(byte) }
            let number = size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
            return .value(.number(String(number)))
        case 0x5:
            let (count, start) = try length()
            guard start + count <= bytes.count else { throw damaged }
            return .value(.string(String(decoding: bytes[start..<start + count], as: UTF8.self)))
        case 0x6:
            let (count, start) = try length()
            guard start + count * 2 <= bytes.count else { throw damaged }
            let units = (0..<count).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
            return .value(.string(String(decoding: units, as: UTF16.self)))
        case 0xA, 0xC:
            let (count, start) = try length()
            return .array(try referenceList(count, from: start))
        case 0xD:
            let (count, start) = try length()
            let all = try referenceList(count * 2, from: start)
            return .dictionary(keys: Array(all[..<count]), values: Array(all[count...]))
        default:
            // Dates, data, UIDs: values catalint does not read.
            return .value(.other)
        }
    }
}
