import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file to lint and decodes its text: the one place where bytes on disk become the text
/// every front end reads, so that the pipeline (and anything else that reads a linted file) gives
/// every file the same answer.
///
/// - Swift source and YAML interface files are UTF-8. A UTF-8 byte order mark is dropped (so
///   columns on line 1 are not shifted by it); a UTF-16 or UTF-32 byte order mark, or bytes that are
///   not UTF-8, make the file unreadable, with the reason and the line of the first bad byte.
/// - Interface Builder files are read in the encoding their XML declaration names: UTF-8 (the
///   default, and what Xcode writes), or ISO-8859-1 / Windows-1252, which older projects have. The
///   declaration is then rewritten to UTF-8 (padded to the same length, so positions on its line do
///   not move), because the text handed on is UTF-8.
/// - Objective-C source is UTF-8 too, but an older file's stray byte in another encoding (a Mac
///   Roman `©` in a comment) does not make it unreadable: such a byte becomes U+FFFD, as clang
///   reads the file the same way, and the rest is linted.
/// - Only regular files are read: a FIFO or a device named `*.swift` would block the run or never end.
public enum FileText {
    /// The file's text, or why it cannot be linted.
    static func read(_ path: String, kind: InputKind) -> Result<String, ReadFailure> {
        readBytes(path).flatMap { decode($0, kind: kind) }
    }

    /// Decodes the bytes of a file of `kind`.
    static func decode(_ bytes: [UInt8], kind: InputKind) -> Result<String, ReadFailure> {
        // A binary property list: each byte kept as a character, for its front end to read back.
        if kind == .propertyList, bytes.starts(with: Array("bplist".utf8)) {
            return .success(InfoPlist.text(of: bytes))
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return utf8(bytes[3...], kind: kind)
        }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return .failure(ReadFailure(reason: "it is UTF-32 text (it starts with a UTF-32 byte order mark), and catalint reads \(name(of: kind)) as UTF-8"))
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return .failure(ReadFailure(reason: "it is UTF-16 text (it starts with a UTF-16 byte order mark), and catalint reads \(name(of: kind)) as UTF-8"))
        }
        if kind == .interfaceBuilder, let declared = declaredEncoding(bytes) {
            switch declared.name.lowercased() {
            case "utf-8", "utf8", "us-ascii", "ascii":
                break
            case "iso-8859-1", "iso_8859-1", "iso8859-1", "latin1", "latin-1", "l1", "cp819", "ibm819", "iso-ir-100":
                return .success(rewriteDeclaration(singleByte(bytes, windows: false), declared: declared))
            case "windows-1252", "cp1252", "x-cp1252":
                return .success(rewriteDeclaration(singleByte(bytes, windows: true), declared: declared))
            default:
                return .failure(ReadFailure(reason: "its XML declaration names the encoding \(declared.name), which catalint does not read (it reads UTF-8, ISO-8859-1 and Windows-1252)"))
            }
        }
        return utf8(bytes[...], kind: kind)
    }

    private static func name(of kind: InputKind) -> String {
        switch kind {
        case .swift: return "Swift source"
        case .interfaceDescription: return "YAML interface files"
        case .interfaceBuilder: return "Interface Builder files without an XML declaration"
        case .objectiveC: return "Objective-C source"
        case .propertyList: return "property lists that are not binary"
        }
    }

    private static func utf8(_ bytes: ArraySlice<UInt8>, kind: InputKind) -> Result<String, ReadFailure> {
        // Foundation's check is the fast one; the slower scan only says where a bad byte is.
        if let text = String(bytes: bytes, encoding: .utf8) { return .success(text) }
        if kind == .objectiveC { return .success(String(decoding: bytes, as: UTF8.self)) }
        if let offset = firstInvalidUTF8(bytes) {
            let line = SourceText.lineStarts(Array(bytes[bytes.startIndex..<offset])).count
            let byte = String(bytes[offset], radix: 16, uppercase: true)
            return .failure(ReadFailure(reason: "it is not valid UTF-8 text: byte 0x\(byte.count == 1 ? "0" + byte : byte) on line \(line) is not UTF-8, and catalint reads \(name(of: kind)) as UTF-8"))
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// The index of the first byte that does not belong to a well-formed UTF-8 sequence (no
    /// overlong forms, no surrogates, nothing past U+10FFFF), or nil.
    static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return index
            }
            guard index + length <= end else { return index }
            if bytes[index + 1] < low || bytes[index + 1] > high { return index }
            for next in (index + 2)..<(index + length) where bytes[next] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }

    // MARK: XML declarations

    /// The encoding an XML declaration at the start names, and the byte range of its name.
    static func declaredEncoding(_ bytes: [UInt8]) -> (name: String, range: Range<Int>)? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let limit = min(bytes.count, 512)
        guard let close = (0..<limit).first(where: { bytes[$0] == UInt8(ascii: "?") && $0 + 1 < limit && bytes[$0 + 1] == UInt8(ascii: ">") }) else { return nil }
        let declaration = Array(bytes[0..<close])
        let key = Array("encoding".utf8)
        guard let start = (0..<max(0, declaration.count - key.count)).first(where: { Array(declaration[$0..<($0 + key.count)]) == key }) else {
            return nil
        }
        var index = start + key.count
        while index < declaration.count, declaration[index] == UInt8(ascii: " ") || declaration[index] == UInt8(ascii: "\t") { index += 1 }
        guard index < declaration.count, declaration[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        while index < declaration.count, declaration[index] == UInt8(ascii: " ") || declaration[index] == UInt8(ascii: "\t") { index += 1 }
        guard index < declaration.count, declaration[index] == UInt8(ascii: "\"") || declaration[index] == UInt8(ascii: "'") else { return nil }
        let quote = declaration[index]
        guard let end = declaration[(index + 1)...].firstIndex(of: quote) else { return nil }
        return (String(decoding: declaration[(index + 1)..<end], as: UTF8.self), (index + 1)..<end)
    }

    /// The text of a single-byte encoding: each byte is the character of its code (ISO-8859-1), or
    /// for Windows-1252, the characters it puts at 0x80-0x9F.
    private static func singleByte(_ bytes: [UInt8], windows: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(bytes.count)
        for byte in bytes {
            let value = windows && (0x80...0x9F).contains(byte) ? windows1252[Int(byte) - 0x80] : UInt32(byte)
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    /// Windows-1252 at 0x80-0x9F; its five unassigned codes keep their ISO-8859-1 values.
    private static let windows1252: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// The text with its declaration's encoding name replaced by `UTF-8`, the quote closed early and
    /// spaces after it (allowed before `?>`), so the declaration keeps its length in characters.
    private static func rewriteDeclaration(_ text: String, declared: (name: String, range: Range<Int>)) -> String {
        // The declaration is ASCII, so byte offsets in it are character offsets in the text.
        var characters = Array(text.unicodeScalars)
        let name = declared.range
        guard name.upperBound < characters.count, name.count >= 5 else { return text }
        let replacement = Array("UTF-8".unicodeScalars) + [characters[name.upperBound]] + Array(repeating: " ", count: name.count - 5)
        characters.replaceSubrange(name.lowerBound...name.upperBound, with: replacement)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: characters)
        return String(view)
    }

    /// Standard input's text, as `decode` reads a file of the kind `path` names; bytes it cannot
    /// decode are replaced (with U+FFFD), since standard input has no file to report as unreadable.
    public static func standardInput(_ data: Data, path: String, configuration: Configuration) -> String {
        let bytes = [UInt8](data)
        switch decode(bytes, kind: configuration.inputKind(path) ?? .swift) {
        case .success(let text): return text
        case .failure: return String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...], as: UTF8.self)
        }
    }

    /// The diagnostics with the byte column of each place in an Interface Builder file written in a
    /// single-byte encoding (ISO-8859-1, Windows-1252) counted in that file's bytes, where a byte is a
    /// character, rather than in the UTF-8 the text was read as.
    public static func columnsInFileEncoding(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var singleByte: [String: Bool] = [:]
        return diagnostics.map { diagnostic in
            let path = diagnostic.position.path
            guard path.hasSuffix(".storyboard") || path.hasSuffix(".xib") else { return diagnostic }
            if singleByte[path] == nil { singleByte[path] = isSingleByte(path) }
            guard singleByte[path] == true else { return diagnostic }
            var adjusted = diagnostic
            adjusted.position.utf8Column = diagnostic.position.column
            return adjusted
        }
    }

    /// True when the file's XML declaration names a single-byte encoding that `decode` reads.
    private static func isSingleByte(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let start = [UInt8](handle.readData(ofLength: 512))
        guard let declared = declaredEncoding(start) else { return false }
        return ["iso-8859-1", "iso_8859-1", "iso8859-1", "latin1", "latin-1", "l1", "cp819", "ibm819", "iso-ir-100",
                "windows-1252", "cp1252", "x-cp1252"].contains(declared.name.lowercased())
    }

    // MARK: Reading

    /// The bytes of a regular file, or why they cannot be had. Opened without blocking, so a FIFO
    /// is refused rather than waited on.
    static func readBytes(_ path: String) -> Result<[UInt8], ReadFailure> {
        let raw = RawPaths.bytes(for: path)
        let descriptor = raw.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        }
        guard descriptor >= 0 else { return .failure(ReadFailure(reason: openFailure(errno, raw: raw))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(ReadFailure(reason: "it cannot be read: \(describe(errno))")) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            let what = type == S_IFDIR ? "a folder" : type == S_IFIFO ? "a FIFO (named pipe)" : type == S_IFCHR || type == S_IFBLK ? "a device" : type == S_IFSOCK ? "a socket" : "not a regular file"
            return .failure(ReadFailure(reason: "it is \(what), not a regular file"))
        }
        // Read straight into the array, sized by the file's size and one byte more (the read that
        // finds the end); a file that grew meanwhile is read on in chunks.
        let expected = max(Int(info.st_size), 0)
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < buffer.count {
                let read = Glue.read(descriptor, base + count, buffer.count - count)
                if read > 0 {
                    count += read
                } else if read == 0 {
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        if failure != 0 { return .failure(ReadFailure(reason: "it cannot be read: \(describe(failure))")) }
        guard bytes.count > expected else { return .success(bytes) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += chunk[0..<count]
            } else if count == 0 {
                break
            } else if errno != EINTR {
                return .failure(ReadFailure(reason: "it cannot be read: \(describe(errno))"))
            }
        }
        return .success(bytes)
    }

    /// Why `open` failed, in words: a broken or looping symbolic link is told apart from a file
    /// that is gone.
    private static func openFailure(_ code: Int32, raw: [UInt8]) -> String {
        switch code {
        case EACCES, EPERM:
            return "permission denied: it cannot be read"
        case ELOOP:
            return "it is a symbolic link that loops (following it leads back to it)"
        case ENOENT:
            if let target = linkTarget(raw) { return "it is a symbolic link to \(target), which does not exist" }
            return "it no longer exists"
        default:
            return "it cannot be read: \(describe(code))"
        }
    }

    /// Where a symbolic link points, as written in it; nil when the path is not a link.
    static func linkTarget(_ raw: [UInt8]) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = raw.withUnsafeBufferPointer { path in
            path.withMemoryRebound(to: CChar.self) { readlink($0.baseAddress!, &buffer, buffer.count) }
        }
        guard count >= 0 else { return nil }
        return RawPaths.display(buffer[0..<count].map { UInt8(bitPattern: $0) })
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}

/// `read(2)`, named apart from the methods called `read` around it.
private enum Glue {
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
        #else
        return Darwin.read(descriptor, buffer, count)
        #endif
    }
}

/// File names that are not valid UTF-8 (Linux allows any bytes but `/` and NUL): a `String` cannot
/// hold them, so they are shown with each byte that is not UTF-8 written `\xHH`, and the escaped
/// path is remembered with the bytes it stands for, so that the file can still be opened.
enum RawPaths {
    /// Shown paths and the bytes they stand for, when those are not their UTF-8.
    private static let raw = Locked<[String: [UInt8]]>([:])

    /// The text to show for these bytes: the bytes themselves when they are UTF-8, else with each
    /// byte that is not written `\xHH`.
    static func display(_ bytes: [UInt8]) -> String {
        guard FileText.firstInvalidUTF8(bytes[...]) != nil else { return String(decoding: bytes, as: UTF8.self) }
        var text = ""
        var index = 0
        while index < bytes.count {
            if let bad = FileText.firstInvalidUTF8(bytes[index...]) {
                text += String(decoding: bytes[index..<bad], as: UTF8.self)
                text += "\\x" + (bytes[bad] < 0x10 ? "0" : "") + String(bytes[bad], radix: 16, uppercase: true)
                index = bad + 1
            } else {
                text += String(decoding: bytes[index...], as: UTF8.self)
                index = bytes.count
            }
        }
        return text
    }

    /// Remembers the bytes a shown path stands for, when they are not its UTF-8.
    static func remember(_ path: String, bytes: [UInt8]) {
        // By `memcmp`: `elementsEqual` of the two sequences took 2,900 instructions a path, 2% of a
        // run with nothing to lint again (every entry of every folder walked comes here).
        var path = path
        let same = path.withUTF8 { utf8 in bytes.withUnsafeBufferPointer { BytePatterns.same(utf8, $0) } }
        guard !same else { return }
        raw.withLock { $0[path] = bytes }
    }

    /// The bytes of a path, NUL-terminated: those an escaped path stands for, else its UTF-8.
    static func bytes(for path: String) -> [UInt8] {
        let known = raw.withLock { $0.isEmpty ? nil : $0[path] }
        return (known ?? Array(path.utf8)) + [0]
    }

}
