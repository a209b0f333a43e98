import SwiftSyntax

/// Whether a fix may be applied without a person looking at it. Safe fixes keep what the code
/// means; unsafe ones change what the app does or shows, so `--fix` leaves them to `--unsafe-fixes`.
public enum FixApplicability: String, Sendable, Codable, Comparable, CaseIterable {
    case safe
    case unsafe

    public static func < (lhs: FixApplicability, rhs: FixApplicability) -> Bool { lhs.isDeclared(before: rhs) }
}

/// One change to a file's text: the text from `start` up to (not including) `end` becomes
/// `replacement`. An insertion has `start == end`.
public struct TextEdit: Hashable, Sendable, Comparable, Codable {
    public var start: SourcePosition
    public var end: SourcePosition
    public var replacement: String

    public static func < (lhs: TextEdit, rhs: TextEdit) -> Bool {
        if lhs.start != rhs.start { return lhs.start < rhs.start }
        if lhs.end != rhs.end { return lhs.end < rhs.end }
        return lhs.replacement < rhs.replacement
    }
}

extension TextEdit {
    /// An insertion at `position`.
    init(inserting replacement: String, at position: SourcePosition) {
        self.init(start: position, end: position, replacement: replacement)
    }
}

/// A change that resolves a diagnostic: what it does, in one line, and its edits, all in the
/// diagnostic's file.
public struct Fix: Hashable, Sendable, Codable {
    public var title: String
    public var applicability: FixApplicability
    public var edits: [TextEdit]

    init(title: String, applicability: FixApplicability, edits: [TextEdit]) {
        self.title = title
        self.applicability = applicability
        self.edits = edits.sorted()
    }
}

/// How a rule's fix changes the code, as `fix: kind:` in its YAML file names it. Each kind turns the
/// edit site the front end recorded with a fact into edits; a fact without a site (from an interface
/// file or a storyboard, or in a place the kind cannot edit) gets no fix.
public enum FixKind: String, Sendable, Codable, CaseIterable {
    /// Insert `<receiver>.preferredBehavioralStyle = .pad` before the statement, so the control keeps
    /// its iPad behavioral style in the Mac idiom.
    case padBehavioralStyle = "pad-behavioral-style"
    /// Wrap the statement in `if UIDevice.current.userInterfaceIdiom != .mac { ... }`.
    case idiomGuard = "idiom-guard"

    /// The edits for a fact at `site`, or nil when the site cannot take this fix.
    func edits(at site: EditSite) -> [TextEdit]? {
        let start = site.statementStart
        let lineStart = SourcePosition(path: start.path, line: start.line, column: 1, utf8Column: 1, utf16Column: 1)
        let startsLine = start.utf8Column == site.indentation.utf8.count + 1
        switch self {
        case .padBehavioralStyle:
            guard let receiver = site.receiver else { return nil }
            let statement = (receiver.isEmpty ? "" : receiver + ".") + "preferredBehavioralStyle = .pad"
            return startsLine
                ? [TextEdit(inserting: site.indentation + statement + "\n", at: lineStart)]
                : [TextEdit(inserting: statement + "; ", at: start)]
        case .idiomGuard:
            guard site.wrappable, startsLine else { return nil }
            return [TextEdit(inserting: "if UIDevice.current.userInterfaceIdiom != .mac {\n" + site.indentation + "    ", at: start),
                    TextEdit(inserting: "\n" + site.indentation + "}", at: site.statementEnd)]
        }
    }
}

/// Applies edits to a file's text.
public enum FixApplier {
    /// `text` with `edits` applied, or nil when an edit lies outside the text or two edits overlap
    /// (insertions at the same place are applied in order).
    public static func apply(_ edits: [TextEdit], to text: String) -> String? {
        var bytes = Array(text.utf8)
        let lineStarts = SourceText.lineStarts(bytes)
        var ranges: [(Range<Int>, String)] = []
        for edit in edits.sorted() {
            guard let start = offset(edit.start, lineStarts, bytes.count),
                  let end = offset(edit.end, lineStarts, bytes.count), start <= end else { return nil }
            if let last = ranges.last, last.0.upperBound > start { return nil }
            ranges.append((start..<end, edit.replacement))
        }
        for (range, replacement) in ranges.reversed() {
            bytes.replaceSubrange(range, with: Array(replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Chooses, among `fixes` for one file, a set whose edits do not overlap, in the order given;
    /// a fix whose edits repeat one already chosen (the same insertion for the same object) is left
    /// for the next round.
    public static func compatible(_ fixes: [Fix]) -> [Fix] {
        var chosen: [Fix] = []
        var taken: [(start: SourcePosition, end: SourcePosition)] = []
        var replacements: Set<String> = []
        for fix in fixes {
            let overlaps = fix.edits.contains { edit in
                taken.contains { edit.start < $0.end && $0.start < edit.end || edit.start == $0.start }
            }
            let repeats = fix.edits.contains { replacements.contains($0.replacement.trimmingWhitespace) }
            guard !overlaps, !repeats else { continue }
            chosen.append(fix)
            taken += fix.edits.map { ($0.start, $0.end) }
            replacements.formUnion(fix.edits.map(\.replacement.trimmingWhitespace))
        }
        return chosen
    }

    private static func offset(_ position: SourcePosition, _ lineStarts: [Int], _ count: Int) -> Int? {
        guard position.line >= 1, position.line <= lineStarts.count, position.utf8Column >= 1 else { return nil }
        let offset = lineStarts[position.line - 1] + position.utf8Column - 1
        return offset <= count ? offset : nil
    }
}

private extension String {
    var trimmingWhitespace: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
