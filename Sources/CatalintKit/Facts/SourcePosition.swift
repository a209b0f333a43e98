/// A place in a linted file: the path as the user named it, a 1-based line, and the 1-based column
/// counted three ways, for the three kinds of reader.
///
/// `column` counts characters (Swift `Character`s, grapheme clusters), as people and the text and
/// JSON reports do; `utf8Column` counts UTF-8 bytes, as compilers, Xcode and Vim's `%c` do;
/// `utf16Column` counts UTF-16 code units, as the Language Server Protocol and SARIF do. Lines
/// break at LF, CRLF and a lone CR.
public struct SourcePosition: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var utf8Column: Int
    public var utf16Column: Int

    /// A position whose line holds only ASCII before the column (so the three columns agree), such
    /// as the start of a file.
    public init(path: String, line: Int, column: Int) {
        self.init(path: path, line: line, column: column, utf8Column: column, utf16Column: column)
    }

    public init(path: String, line: Int, column: Int, utf8Column: Int, utf16Column: Int) {
        self.path = path
        self.line = line
        self.column = column
        self.utf8Column = utf8Column
        self.utf16Column = utf16Column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }

    /// `path:line:column`, the column in characters.
    public var description: String { "\(path):\(line):\(column)" }

    /// `path:line:column`, the column in UTF-8 bytes, as compilers print it.
    public var byteDescription: String { "\(path):\(line):\(utf8Column)" }
}
