/// Finds the names nearest to a misspelt one, by edit distance.
public enum Suggestions {
    /// The candidates closest to `name`, best first (ties in candidate order), at most `limit`.
    ///
    /// Distance is the edit distance with transpositions, case-insensitive, within a bound that grows
    /// with the name's length; a candidate that starts with `name` counts as near. Only the best tier is
    /// returned, where candidates that contain the typed letters in order (a letter left out) beat others
    /// at the same distance, so `sate` suggests `state` rather than `save`.
    public static func nearest(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
        let loweredName = name.lowercased()
        let typed = Array(loweredName.unicodeScalars)
        let threshold = max(1, min(3, (typed.count + 1) / 3))
        var scored: [(score: Int, index: Int, name: String)] = []
        for (index, candidate) in candidates.enumerated() where candidate != name {
            let lowered = candidate.lowercased()
            let scalars = Array(lowered.unicodeScalars)
            var distance = editDistance(typed, scalars, limit: threshold)
            if distance > threshold, !name.isEmpty, lowered.hasPrefix(loweredName) { distance = threshold }
            guard distance <= threshold else { continue }
            let tier = isSubsequence(typed, of: scalars) ? 0 : 1
            scored.append((distance * 2 + tier, index, candidate))
        }
        guard let best = scored.map(\.score).min() else { return [] }
        var seen = Set<String>()
        return scored.filter { $0.score == best }
            .sorted { $0.index < $1.index }
            .compactMap { seen.insert($0.name).inserted ? $0.name : nil }
            .prefix(limit).map { $0 }
    }

    static func isSubsequence(_ typed: [Unicode.Scalar], of candidate: [Unicode.Scalar]) -> Bool {
        var position = 0
        for scalar in candidate where position < typed.count && typed[position] == scalar { position += 1 }
        return position == typed.count
    }

    /// `; did you mean 'a'?`, `; did you mean 'a' or 'b'?`, or an empty string when there is nothing near.
    public static func didYouMean(_ name: String, among candidates: [String]) -> String {
        phrase(nearest(to: name, among: candidates))
    }

    /// `; did you mean 'a', 'b' or 'c'?` for the given suggestions (empty when there are none).
    public static func phrase(_ suggestions: [String]) -> String {
        guard let last = suggestions.last else { return "" }
        let quoted = suggestions.map { "'\($0)'" }
        if suggestions.count == 1 { return "; did you mean \(quoted[0])?" }
        return "; did you mean " + quoted.dropLast().joined(separator: ", ") + " or '\(last)'?"
    }

    /// The optimal-string-alignment distance (Levenshtein plus adjacent transpositions) between two
    /// scalar arrays, or `limit + 1` once it must exceed `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        var previousRowMinimum = 0
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                var best = min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = min(best, beforePrevious[j - 2] + 1)
                }
                current[j] = best
                rowMinimum = min(rowMinimum, best)
            }
            // A transposition reaches back two rows, so stop only when two rows in a row exceed the limit.
            if rowMinimum > limit && previousRowMinimum > limit { return limit + 1 }
            previousRowMinimum = rowMinimum
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
