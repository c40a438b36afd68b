import ReactorShell

extension CounterReactor {
    /// The shell commands of the counter: `increase` and `decrease`.
    public static let commands: [ActionCommand<Action>] = [
        ActionCommand("increase", doc: "Adds one after 500 ms, showing a loading flag and an alert.") { _ in .increase },
        ActionCommand("decrease", doc: "Subtracts one after 500 ms, showing a loading flag and an alert.") { _ in .decrease },
    ]
}
