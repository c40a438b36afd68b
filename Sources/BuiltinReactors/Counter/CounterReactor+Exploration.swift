import ReactorShell

extension CounterReactor {
    /// What `reactor-shell explore` checks on the counter.
    public nonisolated static let invariants: [ExploreInvariant] = [
        .expectWhenQuiescent("isLoading == false"),
        ExploreInvariant("increase and decrease change the value by one", comparingStates: true) { probe in
            guard let value = ExploreChecks.int(probe, "value"), let old = ExploreChecks.int(probe, "value", before: true)
            else { return nil }
            let expected: Int
            switch ExploreChecks.settledCommand(probe) {
            case "increase": expected = old.saturatingSuccessor
            case "decrease": expected = old.saturatingPredecessor
            default: return nil
            }
            guard value != expected else { return nil }
            return ExploreViolation(expectation: "value == \(expected)", detail: "value went from \(old) to \(value)")
        },
    ]
}
