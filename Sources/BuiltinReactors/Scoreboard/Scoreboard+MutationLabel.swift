import ReactorShell

/// The scoreboard's actions label themselves: the same text the shell's reflection gives
/// (`setScore(home: 3, away: 1)`, pinned by a test), written directly, so that a script of
/// distinct `setScore` lines does not reflect on each action (see docs/performance.md).
extension Scoreboard.Action: CustomMutationLabel {
    public var mutationLabel: String {
        switch self {
        case .homeScore: "homeScore"
        case .awayScore: "awayScore"
        case .resetScore: "resetScore"
        case .setScore(let home, let away):
            // "setScore(home: " + 20 digits and a sign + ", away: " + 20 digits and a sign + ")".
            MutationLabel.build(capacity: 16 + 21 + 8 + 21 + 1) { label in
                label.append("setScore(home: ")
                label.append(home)
                label.append(", away: ")
                label.append(away)
                label.append(")")
            }
        }
    }
}
