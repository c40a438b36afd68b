import ReactorShell

extension Scoreboard {
    /// What `reactor-shell explore` checks on the scoreboard. Scores are not kept non-negative
    /// (`setScore -1 0` is allowed), so the rule is what each action does to them.
    public nonisolated static let invariants: [ExploreInvariant] = [
        ExploreInvariant("homeScore, awayScore and resetScore change the scores as they say", comparingStates: true) { probe in
            guard let home = ExploreChecks.int(probe, "home"), let away = ExploreChecks.int(probe, "away"),
                  let oldHome = ExploreChecks.int(probe, "home", before: true),
                  let oldAway = ExploreChecks.int(probe, "away", before: true)
            else { return nil }
            let expected: (home: Int, away: Int)
            switch ExploreChecks.settledCommand(probe) {
            case "homeScore": expected = (oldHome.saturatingSuccessor, oldAway)
            case "awayScore": expected = (oldHome, oldAway.saturatingSuccessor)
            case "resetScore": expected = (0, 0)
            default: return nil
            }
            if home != expected.home {
                return ExploreViolation(expectation: "home == \(expected.home)", detail: "home went from \(oldHome) to \(home)")
            }
            if away != expected.away {
                return ExploreViolation(expectation: "away == \(expected.away)", detail: "away went from \(oldAway) to \(away)")
            }
            return nil
        },
    ]
}
