import ReactorShell

extension Scoreboard {
    /// The shell commands of the scoreboard.
    public static let commands: [ActionCommand<Action>] = [
        ActionCommand("homeScore", doc: "The home team scores one.") { _ in .homeScore },
        ActionCommand("awayScore", doc: "The away team scores one.") { _ in .awayScore },
        ActionCommand("resetScore", doc: "Both scores back to 0.") { _ in .resetScore },
        ActionCommand("setScore", doc: "Sets both scores.", parameters: [.int("home"), .int("away")]) { args in
            .setScore(home: try args.int("home"), away: try args.int("away"))
        },
    ]
}
