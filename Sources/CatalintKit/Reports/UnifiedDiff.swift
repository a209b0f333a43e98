/// A unified diff of two texts by lines, as `diff -u` and `git diff` print it (three lines of
/// context, `\ No newline at end of file` where a text ends without one), with Myers' algorithm: its
/// cost grows with the number of changed lines, which fixes keep small.
public enum UnifiedDiff {
    /// The diff from `before` to `after` of the file at `path` (`--- path`, `+++ path`, then the
    /// hunks); empty when the texts are the same. `patch -p0` applies it.
    public static func of(_ before: String, _ after: String, path: String, context: Int = 3) -> String {
        guard before != after else { return "" }
        let old = lines(before), new = lines(after)
        let script = editScript(old, new)
        var output = "--- \(path)\n+++ \(path)\n"
        for hunk in hunks(script, context: context) {
            let oldStart = hunk.first.map { $0.old } ?? 0, newStart = hunk.first.map { $0.new } ?? 0
            let oldCount = hunk.filter { $0.kind != .insert }.count, newCount = hunk.filter { $0.kind != .delete }.count
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for step in hunk {
                switch step.kind {
                case .keep: output += " " + printed(old[step.old])
                case .delete: output += "-" + printed(old[step.old])
                case .insert: output += "+" + printed(new[step.new])
                }
            }
        }
        return output
    }

    /// The edits that turn `before` into `after`, one for each run of changed lines (whole lines
    /// replaced), for an editor: fewer and smaller than replacing the whole text, so the cursor and
    /// the marks elsewhere stay where they are.
    public static func edits(from before: String, to after: String, path: String) -> [TextEdit] {
        guard before != after else { return [] }
        let old = lines(before), new = lines(after)
        let script = editScript(old, new)
        // The position where old line `index` (0-based) starts; the end of the text past the last.
        func start(ofLine index: Int) -> SourcePosition {
            if index < old.count { return SourcePosition(path: path, line: index + 1, column: 1) }
            guard let last = old.last else { return SourcePosition(path: path, line: 1, column: 1) }
            if last.last?.isNewline == true { return SourcePosition(path: path, line: old.count + 1, column: 1) }
            return SourcePosition(path: path, line: old.count, column: last.count + 1, utf8Column: last.utf8.count + 1, utf16Column: last.utf16.count + 1)
        }
        var edits: [TextEdit] = []
        var index = 0
        while index < script.count {
            guard script[index].kind != .keep else {
                index += 1
                continue
            }
            let first = script[index]
            var deleted = 0
            var inserted = ""
            while index < script.count && script[index].kind != .keep {
                if script[index].kind == .delete { deleted += 1 } else { inserted += new[script[index].new] }
                index += 1
            }
            edits.append(TextEdit(start: start(ofLine: first.old), end: start(ofLine: first.old + deleted), replacement: inserted))
        }
        return edits
    }

    /// One step of the edit script: a line kept, deleted from the old text or inserted from the new,
    /// with the index of the line in each text that it stands at.
    struct Step: Equatable {
        enum Kind { case keep, delete, insert }
        var kind: Kind
        var old: Int
        var new: Int
    }

    /// The lines of a text, each with its line break.
    static func lines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "\n" || text[index] == "\r\n" || (text[index] == "\r") {
                lines.append(text[start..<next])
                start = next
            }
            index = next
        }
        if start < text.endIndex { lines.append(text[start...]) }
        return lines
    }

    private static func printed(_ line: Substring) -> String {
        line.last?.isNewline == true ? String(line).replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            : String(line) + "\n\\ No newline at end of file\n"
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        // `-0,0` for an empty side, else 1-based; a count of one is left out, as diff does.
        let first = count == 0 ? start : start + 1
        return count == 1 ? "\(first)" : "\(first),\(count)"
    }

    /// The shortest edit script from `a` to `b` (Myers, 1986), deletions before insertions where
    /// either order would do.
    static func editScript(_ a: [Substring], _ b: [Substring]) -> [Step] {
        let n = a.count, m = b.count
        let offset = n + m
        var v = [Int](repeating: 0, count: 2 * offset + 2)
        var trace: [[Int]] = []
        var found = false
        for d in 0...(n + m) {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    found = true
                    break
                }
            }
            if found { break }
        }
        // Walk back through the trace from the end.
        var steps: [Step] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                steps.append(Step(kind: .keep, old: x, new: y))
            }
            guard d > 0 else { break }
            if x == previousX {
                steps.append(Step(kind: .insert, old: x, new: previousY))
            } else {
                steps.append(Step(kind: .delete, old: previousX, new: y))
            }
            x = previousX
            y = previousY
        }
        return steps.reversed()
    }

    /// The changes with `context` kept lines around each, joined where their contexts meet.
    private static func hunks(_ script: [Step], context: Int) -> [[Step]] {
        let changed = script.indices.filter { script[$0].kind != .keep }
        guard !changed.isEmpty else { return [] }
        var hunks: [[Step]] = []
        var start = max(changed[0] - context, 0)
        var end = min(changed[0] + context, script.count - 1)
        for index in changed.dropFirst() {
            if index - context <= end + 1 {
                end = min(index + context, script.count - 1)
            } else {
                hunks.append(Array(script[start...end]))
                start = index - context
                end = min(index + context, script.count - 1)
            }
        }
        hunks.append(Array(script[start...end]))
        return hunks
    }
}
