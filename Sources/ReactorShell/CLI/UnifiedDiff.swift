/// A unified diff of two texts, line by line (`diff -u` style), for `reactor-shell test`.
enum UnifiedDiff {
    /// Lines of context around each change.
    static let context = 3
    /// Past this many cells, the changed middle of the texts is shown as removed and added whole
    /// instead of aligned (the alignment table is the product of the two lengths).
    static let alignmentLimit = 4_000_000

    private enum Edit: Equatable {
        case same(Int, Int)  // line of old, line of new
        case removed(Int)
        case added(Int)
    }

    /// The diff from `old` (labelled `oldName`) to `new` (`newName`); empty when equal.
    static func diff(_ old: String, _ new: String, oldName: String, newName: String) -> String {
        let a = lines(old), b = lines(new)
        guard a != b else { return "" }
        let edits = align(a, b)
        var output = "--- \(oldName)\n+++ \(newName)\n"
        var index = 0
        while index < edits.count {
            guard let firstChange = edits[index...].firstIndex(where: { if case .same = $0 { false } else { true } }) else { break }
            // The hunk runs from `context` lines before the change to `context` lines after the
            // last change that is no more than 2 × context unchanged lines from the next.
            var end = firstChange
            var sameRun = 0
            var cursor = firstChange
            while cursor < edits.count {
                if case .same = edits[cursor] {
                    sameRun += 1
                    if sameRun > 2 * context { break }
                } else {
                    sameRun = 0
                    end = cursor
                }
                cursor += 1
            }
            let start = max(index, firstChange - context)
            let stop = min(edits.count, end + 1 + context)
            output += hunk(edits[start..<stop], a: a, b: b)
            index = stop
        }
        return output
    }

    private static func hunk(_ edits: ArraySlice<Edit>, a: [Substring], b: [Substring]) -> String {
        var oldStart: Int?, newStart: Int?
        var oldCount = 0, newCount = 0
        var body = ""
        for edit in edits {
            switch edit {
            case .same(let i, let j):
                oldStart = oldStart ?? i
                newStart = newStart ?? j
                oldCount += 1
                newCount += 1
                body += " \(a[i])\n"
            case .removed(let i):
                oldStart = oldStart ?? i
                oldCount += 1
                body += "-\(a[i])\n"
            case .added(let j):
                newStart = newStart ?? j
                newCount += 1
                body += "+\(b[j])\n"
            }
        }
        // Positions are 1-based; an empty side names the line before it (diff -u's convention).
        func range(_ start: Int?, _ count: Int, fallback: Int) -> String {
            let first = count == 0 ? fallback : (start ?? 0) + 1
            return count == 1 ? "\(first)" : "\(first),\(count)"
        }
        let oldFallback = edits.first.map { position(before: $0, old: true) } ?? 0
        let newFallback = edits.first.map { position(before: $0, old: false) } ?? 0
        return "@@ -\(range(oldStart, oldCount, fallback: oldFallback)) +\(range(newStart, newCount, fallback: newFallback)) @@\n" + body
    }

    /// For a hunk whose side is empty: the number of lines of that side before the hunk.
    private static func position(before edit: Edit, old: Bool) -> Int {
        switch edit {
        case .same(let i, let j): old ? i : j
        case .removed(let i): old ? i : 0
        case .added(let j): old ? 0 : j
        }
    }

    /// The text's lines; a final newline ends the last line rather than starting an empty one.
    static func lines(_ text: String) -> [Substring] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false)
        if result.last == "" { result.removeLast() }
        return result
    }

    /// An alignment of `a` and `b` that keeps a longest common subsequence of lines unchanged
    /// (after the common beginning and end are set aside).
    private static func align(_ a: [Substring], _ b: [Substring]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        var edits = (0..<prefix).map { Edit.same($0, $0) }
        let aMiddle = prefix..<(a.count - suffix), bMiddle = prefix..<(b.count - suffix)
        if aMiddle.count * bMiddle.count > alignmentLimit {
            edits += aMiddle.map(Edit.removed) + bMiddle.map(Edit.added)
        } else {
            edits += alignMiddle(a, aMiddle, b, bMiddle)
        }
        edits += (0..<suffix).map { Edit.same(a.count - suffix + $0, b.count - suffix + $0) }
        return edits
    }

    private static func alignMiddle(_ a: [Substring], _ ar: Range<Int>, _ b: [Substring], _ br: Range<Int>) -> [Edit] {
        let n = ar.count, m = br.count
        // lengths[i][j]: the longest common subsequence of a's middle from i and b's from j.
        var lengths = [Int](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i * (m + 1) + j] = a[ar.lowerBound + i] == b[br.lowerBound + j]
                    ? lengths[(i + 1) * (m + 1) + j + 1] + 1
                    : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, a[ar.lowerBound + i] == b[br.lowerBound + j] {
                edits.append(.same(ar.lowerBound + i, br.lowerBound + j))
                i += 1
                j += 1
            } else if j < m, i == n || lengths[i * (m + 1) + j + 1] >= lengths[(i + 1) * (m + 1) + j] {
                edits.append(.added(br.lowerBound + j))
                j += 1
            } else {
                edits.append(.removed(ar.lowerBound + i))
                i += 1
            }
        }
        // Removals before additions within a run of changes, as diff -u shows them.
        var ordered: [Edit] = []
        var removed: [Edit] = [], added: [Edit] = []
        for edit in edits {
            switch edit {
            case .same:
                ordered += removed + added
                removed = []
                added = []
                ordered.append(edit)
            case .removed: removed.append(edit)
            case .added: added.append(edit)
            }
        }
        return ordered + removed + added
    }
}
