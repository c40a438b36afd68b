/// A bounded Myers diff of two runs of array elements: which elements of the old run
/// stay (matched to which of the new run), or nil when the runs differ by more than the
/// bound allows.
///
/// Elements are first turned into small integers (equal identities, equal numbers), so the
/// search itself compares integers. The search keeps one snapshot of its frontier per edit
/// step to trace the path back, which is what `editDistanceCap` bounds (memory grows with
/// its square); `workBudget` bounds the time, and within it the work allowed is proportional
/// to the runs' length (``workPerElement``), as is then the distance searched.
struct SequenceAlignment {
    private let oldSymbols: [Int32]
    private let newSymbols: [Int32]
    private let editDistanceCap: Int
    private let workBudget: Int

    init(old: ArraySlice<StateValue>, new: ArraySlice<StateValue>, editDistanceCap: Int, workBudget: Int) {
        var symbolByIdentity: [ElementIdentity: Int32] = [:]
        symbolByIdentity.reserveCapacity(old.count)
        func symbol(_ element: StateValue) -> Int32 {
            let identity = elementIdentity(element)
            if let existing = symbolByIdentity[identity] { return existing }
            let next = Int32(symbolByIdentity.count)
            symbolByIdentity[identity] = next
            return next
        }
        oldSymbols = old.map(symbol)
        newSymbols = new.map(symbol)
        self.editDistanceCap = editDistanceCap
        self.workBudget = workBudget
    }

    /// Search steps allowed per element of the two runs: the budget grows with their length, so
    /// a pair of runs too different to align gives up after work in proportion to its size.
    static let workPerElement = 8
    /// Search steps allowed whatever the runs' length (short runs always align fully).
    static let minimumWork = 4_096

    /// The matched positions `(old, new)` in increasing order, or nil when over the bound.
    func matchedPairs() -> [(old: Int, new: Int)]? {
        let n = oldSymbols.count, m = newSymbols.count
        let budget = min(workBudget, Self.workPerElement * (n + m) + Self.minimumWork)
        // Reaching edit distance d takes at least d²/2 steps, and keeps a trace of that size: the
        // distance searched follows the budget.
        let distanceForBudget = Int(Double(2 * budget).squareRoot()) + 1
        let maxDistance = min(n + m, editDistanceCap, distanceForBudget)
        if abs(n - m) > maxDistance { return nil }
        let offset = maxDistance + 1
        var frontier = [Int](repeating: 0, count: 2 * maxDistance + 3)
        var trace: [Int32] = []
        var work = 0
        var finalDistance: Int?

        search: for distance in 0...maxDistance {
            for k in stride(from: -distance, through: distance, by: 2) {
                var x: Int
                if k == -distance || (k != distance && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                    x = frontier[offset + k + 1]
                } else {
                    x = frontier[offset + k - 1] + 1
                }
                var y = x - k
                let snakeStart = x
                while x < n && y < m && oldSymbols[x] == newSymbols[y] {
                    x += 1
                    y += 1
                }
                work += 1 + x - snakeStart
                frontier[offset + k] = x
                if x >= n && y >= m {
                    appendSnapshot(of: frontier, offset: offset, distance: distance, to: &trace)
                    finalDistance = distance
                    break search
                }
            }
            appendSnapshot(of: frontier, offset: offset, distance: distance, to: &trace)
            if work > budget { return nil }
        }
        guard let distance = finalDistance else { return nil }
        return backtrack(trace: trace, distance: distance)
    }

    /// Stores the frontier's diagonals `-distance...distance`; step d starts at index d².
    private func appendSnapshot(of frontier: [Int], offset: Int, distance: Int, to trace: inout [Int32]) {
        for k in -distance...distance { trace.append(Int32(frontier[offset + k])) }
    }

    private func backtrack(trace: [Int32], distance: Int) -> [(old: Int, new: Int)] {
        var pairs: [(old: Int, new: Int)] = []
        var x = oldSymbols.count, y = newSymbols.count
        var step = distance
        while step > 0 {
            let k = x - y
            let previousStart = (step - 1) * (step - 1)
            func previous(_ diagonal: Int) -> Int { Int(trace[previousStart + diagonal + step - 1]) }
            let previousK = (k == -step || (k != step && previous(k - 1) < previous(k + 1))) ? k + 1 : k - 1
            let previousX = previous(previousK)
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                pairs.append((x, y))
            }
            x = previousX
            y = previousY
            step -= 1
        }
        while x > 0 && y > 0 {
            x -= 1
            y -= 1
            pairs.append((x, y))
        }
        pairs.reverse()
        return pairs
    }
}
