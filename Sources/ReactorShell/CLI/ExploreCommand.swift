import ArgumentParser

/// `reactor-shell explore`: random sequences of the scene's commands, checked after every step;
/// the first failure shrunk to a script (SPEC §12).
struct ExploreCommand: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "explore",
        abstract: "Drive a reactor through random sequences of its commands and shrink the first failure to a script.",
        discussion: """
            Each run starts from the entry's initial state on the virtual clock and sends up to \
            --steps random lines: the scene's actions with generated arguments (0, ±1, the type's \
            limits, empty, long and unicode strings, labels and defaults as a person uses them), \
            with :advance, :undo, :redo and a trailing ` &` mixed in. After every step these must \
            hold: each --invariant, the invariants the entry declares, no failed line (unless \
            --allow-errors), no trap.

            On a failure the sequence is shrunk (steps dropped, arguments simplified toward 0 and \
            "", each candidate replayed from the initial state) and written as a script ending in \
            the failing :expect; `run` on it fails the same way. The last line is `found after N \
            runs; shrunk from A to B lines; wrote FILE` (exit 1) or `N runs, M steps, all \
            invariants held` (exit 0). The same --seed gives the same result on any machine.

            Examples:
              \(LaunchContext.identity.name) explore --reactor scoreboard --invariant 'home >= 0'
              \(LaunchContext.identity.name) explore --reactor board --runs 10000 --seed 7
            """
    ) }

    /// `--reactor` (the entry explored) among the shell's options, as `run` and `test` read it.
    @OptionGroup var session: SessionOptions

    /// Not shown in help: here only to refuse them (``LiveViewOptions/refuse(in:)``).
    @OptionGroup(visibility: .hidden) var liveView: LiveViewOptions

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "How many random sequences to try, \(NumericSetting.exploreRuns.bounds) (default \(ExploreSettings.defaultRuns)).",
        valueName: "n"))
    var runs: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The most lines of a sequence, \(NumericSetting.exploreSteps.bounds) (default \(ExploreSettings.defaultSteps)).",
        valueName: "n"))
    var steps: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Decides every sequence, \(NumericSetting.exploreSeed.bounds) (default: a fresh one, printed on stderr).", valueName: "n"))
    var seed: String?

    @Option(name: .customLong("invariant"),
            help: ArgumentHelp("Must hold after every step, written as after :expect; repeatable.", valueName: "PATH OP VALUE"))
    var invariants: [String] = []

    @Flag(name: .customLong("allow-errors"), help: "A line that fails is not a finding (a line failing that did not before still makes a shrunk candidate invalid).")
    var allowErrors = false

    @Option(name: .customLong("out"), help: ArgumentHelp("Where to write the shrunk script (default explore-NAME.rsh).", valueName: "file.rsh"),
            completion: .file(extensions: ["rsh"]))
    var output: String?

    func validate() throws {
        try liveView.refuse(in: "explore")
        try NumericSetting.validate([(.exploreRuns, runs), (.exploreSteps, steps), (.exploreSeed, seed)])
    }

    /// What the command line asks the explorer for.
    var request: ExploreRequest {
        ExploreRequest(
            reactor: session.reactor, runs: NumericSetting.exploreRuns.value(runs) ?? ExploreSettings.defaultRuns,
            steps: NumericSetting.exploreSteps.value(steps) ?? ExploreSettings.defaultSteps,
            seed: NumericSetting.exploreSeed.value(seed).map { UInt64($0) }, invariants: invariants, allowsErrors: allowErrors,
            outputFile: output)
    }
}

/// `explore`'s options, as parsed.
public struct ExploreRequest: Sendable, Equatable {
    /// `--reactor`.
    public var reactor: String?
    /// `--runs`.
    public var runs: Int
    /// `--steps`.
    public var steps: Int
    /// `--seed` (nil: a fresh one).
    public var seed: UInt64?
    /// `--invariant`, each `PATH OP VALUE`.
    public var invariants: [String]
    /// `--allow-errors`.
    public var allowsErrors: Bool
    /// `--out` (nil: `explore-NAME.rsh`).
    public var outputFile: String?
}
