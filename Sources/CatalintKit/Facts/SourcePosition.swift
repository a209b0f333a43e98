/// A place in a linted file: the path as the user named it, and a 1-based line and column.
///
/// Columns count characters (Swift `Character`s, that is grapheme clusters), not bytes, so a
/// position reads the same in every editor that shows the file as text.
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }

    public var description: String { "\(path):\(line):\(column)" }
}
