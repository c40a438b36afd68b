/// Finds the names nearest to a misspelt one, by edit distance.
public enum Suggestions {
    /// The candidates closest to `name` (at most `limit`, best first, ties in candidate order),
    /// among those within a distance that grows with the name's length; a candidate that starts
    /// with `name` also counts as near.
    public static func nearest(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
        let typed = Array(name.lowercased().unicodeScalars)
        let threshold = max(1, min(3, (typed.count + 1) / 3))
        var scored: [(distance: Int, index: Int, name: String)] = []
        for (index, candidate) in candidates.enumerated() where candidate != name {
            let lowered = candidate.lowercased()
            var distance = editDistance(typed, Array(lowered.unicodeScalars), limit: threshold)
            if distance > threshold, !name.isEmpty, lowered.hasPrefix(name.lowercased()) { distance = threshold }
            if distance <= threshold { scored.append((distance, index, candidate)) }
        }
        scored.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
        var seen = Set<String>()
        return scored.compactMap { seen.insert($0.name).inserted ? $0.name : nil }.prefix(limit).map { $0 }
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

    /// The Levenshtein distance between two scalar arrays, or `limit + 1` once it must exceed `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
