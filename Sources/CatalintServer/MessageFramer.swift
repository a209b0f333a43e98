import Foundation

/// The base protocol's framing: `Content-Length: N\r\n` (other headers allowed), an empty line, then
/// N bytes of JSON. Bytes go in as they are read, in pieces of any size; frames come out whole.
///
/// The framer never gives up on a stream: a header block without a usable `Content-Length`, a
/// header that never ends, or bytes before a header are reported as a `FramingError` and skipped,
/// and reading goes on at the next header. A body that turns out not to be JSON and holds the start
/// of another message (its `Content-Length` was larger than what was sent) is given back, so the
/// next message is not lost with it.
struct MessageFramer: Sendable {
    /// What the framer found next.
    enum Event: Sendable, Equatable {
        /// A whole body, as the `Content-Length` header counted it.
        case body(Data)
        /// Bytes that are no message, skipped; the reason, for the log and the error response.
        case garbage(String)
    }

    /// A header block longer than this without its empty line is garbage.
    static let maximumHeaderSize = 8 * 1024
    /// A body longer than this is refused (and skipped).
    static let maximumBodySize = 256 * 1024 * 1024

    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer`.
    private var start = 0
    /// Where the search for the end of the header block resumes.
    private var scanned = 0
    /// The body length of the header block read, while its body is still arriving.
    private var expected: Int?

    init() {}

    /// Adds bytes read from the stream.
    mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next frame or piece of garbage, or nil until more bytes arrive.
    mutating func next() -> Event? {
        if let length = expected {
            guard buffer.count - start >= length else { return nil }
            let body = Data(buffer[start..<start + length])
            consume(length)
            expected = nil
            return .body(body)
        }
        guard let end = headerEnd() else {
            if buffer.count - start > Self.maximumHeaderSize {
                return skipOverlongHeader()
            }
            return nil
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        consume(end + 4 - start)
        switch Self.contentLength(in: header) {
        case .success(let length):
            expected = length
            return next()
        case .failure(let error):
            return .garbage(error.description)
        }
    }

    /// Puts bytes back in front of the unread ones: the part of a broken body where another message starts.
    mutating func giveBack(_ bytes: Data) {
        buffer.replaceSubrange(0..<start, with: bytes)
        start = 0
        scanned = 0
    }

    /// The offset of `Content-Length:` in a body that is not JSON, where the next message likely
    /// starts; nil when there is none past the body's first byte.
    static func embeddedHeader(in body: Data) -> Int? {
        let bytes = [UInt8](body)
        let needle = Array("content-length:".utf8)
        guard bytes.count > needle.count else { return nil }
        for offset in 1...(bytes.count - needle.count) where matchesIgnoringCase(bytes, at: offset, needle) {
            return offset
        }
        return nil
    }

    /// The whole frame of a body, ready to write.
    static func frame(_ body: Data) -> Data {
        var data = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        data.append(body)
        return data
    }

    // MARK: Private

    private mutating func consume(_ count: Int) {
        start += count
        scanned = start
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
            scanned = 0
        }
    }

    /// The offset of the `\r\n\r\n` that ends the header block, if it has arrived.
    private mutating func headerEnd() -> Int? {
        var offset = max(scanned, start)
        while offset + 3 < buffer.count {
            if buffer[offset] == 13 && buffer[offset + 1] == 10 && buffer[offset + 2] == 13 && buffer[offset + 3] == 10 {
                return offset
            }
            offset += 1
        }
        scanned = max(start, buffer.count - 3)
        return nil
    }

    /// Skips a header block that never ends: up to the last `Content-Length` in it, if any, else
    /// all but the last few bytes (which may start one).
    private mutating func skipOverlongHeader() -> Event {
        let needle = Array("content-length:".utf8)
        var resume = buffer.count - needle.count
        var offset = buffer.count - needle.count
        while offset > start {
            if Self.matchesIgnoringCase(buffer, at: offset, needle) {
                resume = offset
                break
            }
            offset -= 1
        }
        let skipped = resume - start
        consume(skipped)
        return .garbage("\(skipped) bytes with no message header")
    }

    private static func matchesIgnoringCase(_ bytes: [UInt8], at offset: Int, _ needle: [UInt8]) -> Bool {
        guard offset + needle.count <= bytes.count else { return false }
        for index in 0..<needle.count {
            var byte = bytes[offset + index]
            if byte >= 65 && byte <= 90 { byte += 32 }
            if byte != needle[index] { return false }
        }
        return true
    }

    /// The `Content-Length` of a header block. Lines that are no header (bytes before the message)
    /// are tolerated when a valid `Content-Length` follows them.
    static func contentLength(in header: String) -> Result<Int, FramingError> {
        var length: Int?
        for line in header.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            guard let range = line.range(of: "content-length:", options: .caseInsensitive) else { continue }
            let value = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(value) else {
                return .failure(FramingError("a Content-Length header that is not a number: \(quoted(value))"))
            }
            length = number
        }
        guard let length else {
            return .failure(FramingError("a header block without Content-Length: \(quoted(header))"))
        }
        guard length > 0 else { return .failure(FramingError("Content-Length: 0, an empty message")) }
        guard length <= maximumBodySize else {
            return .failure(FramingError("Content-Length: \(length), larger than the \(maximumBodySize) bytes accepted"))
        }
        return .success(length)
    }

    private static func quoted(_ text: String) -> String {
        let shown = text.count > 80 ? String(text.prefix(80)) + "…" : text
        return "\"" + shown.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}

/// Why bytes on the stream are no message.
struct FramingError: Error, Sendable, Equatable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
