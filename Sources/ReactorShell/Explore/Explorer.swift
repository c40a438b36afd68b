/// How to explore: which entry, how many runs of how many steps, the seed, the invariants given
/// besides the entry's own, and whether a failing line is allowed.
public struct ExploreSettings: Sendable {
    /// The registry entry explored (nil: the registry's first).
    public var reactor: String?
    /// How many random sequences are tried.
    public var runs: Int
    /// The most steps of a sequence.
    public var steps: Int
    /// Decides every sequence: the same seed gives the same runs and the same result.
    public var seed: UInt64
    /// Checked after every step, besides the entry's declared invariants.
    public var invariants: [ExploreInvariant]
    /// Whether a line that fails (an unknown id, say) is allowed instead of being a finding.
    public var allowsErrors: Bool

    /// The default number of runs.
    public static let defaultRuns = 100
    /// The default number of steps a run.
    public static let defaultSteps = 50

    /// Settings; every one has a default but the seed.
    public init(
        reactor: String? = nil, runs: Int = defaultRuns, steps: Int = defaultSteps, seed: UInt64,
        invariants: [ExploreInvariant] = [], allowsErrors: Bool = false
    ) {
        self.reactor = reactor
        self.runs = runs
        self.steps = steps
        self.seed = seed
        self.invariants = invariants
        self.allowsErrors = allowsErrors
    }
}

/// What an exploration found.
public struct ExploreReport: Sendable {
    /// The runs made (up to and including the one that found a failure).
    public var runs: Int
    /// The steps run in them (shrinking not counted).
    public var steps: Int
    /// The failure found and its shrunk script, if any.
    public var finding: ExploreFinding?
}

/// A failure an exploration found, shrunk.
public struct ExploreFinding: Sendable {
    /// How the shrunk sequence fails.
    public var failure: ExploreFailure
    /// The run (1-based) that found it.
    public var run: Int
    /// How many steps the failing run had, up to its failure.
    public var originalStepCount: Int
    /// The shrunk sequence.
    public var steps: [ExploreStep]
    /// The replayable script: a comment saying what broke, `:use ENTRY`, the steps, and the
    /// failing `:expect` for a broken invariant.
    public var script: String
}

/// The explorer: random sequences of a scene's commands, checked after every step, and the first
/// failure shrunk to a short script (SPEC §12).
@MainActor
public enum Explorer {
    /// Explores `settings.reactor` of `registry`; `beforeRun` is told each run's number (0-based)
    /// as it starts.
    public static func explore(
        registry: Registry, configuration: ShellConfiguration = ShellConfiguration(), settings: ExploreSettings,
        beforeRun: ((Int) -> Void)? = nil
    ) async throws(ExploreSetupError) -> ExploreReport {
        let setup = try ExploreSetup(
            registry: registry, entry: settings.reactor, configuration: configuration, invariants: settings.invariants,
            allowsErrors: settings.allowsErrors)
        var totalSteps = 0
        for run in 0..<max(0, settings.runs) {
            beforeRun?(run)
            let (steps, result) = await generate(setup, seed: settings.seed, run: run, steps: settings.steps)
            totalSteps += result.stepsRun
            guard let failure = result.failure else { continue }
            let finding = await shrink(
                setup, steps: steps, failure: failure, failedOrigins: result.failedOrigins, run: run + 1, seed: settings.seed)
            return ExploreReport(runs: run + 1, steps: totalSteps, finding: finding)
        }
        return ExploreReport(runs: max(0, settings.runs), steps: totalSteps, finding: nil)
    }

    /// Makes run `run` of the exploration seeded `seed`: each step generated for the state the
    /// previous ones left, run, and checked; `onStep` is told each step before it runs.
    static func generate(
        _ setup: ExploreSetup, seed: UInt64, run: Int, steps count: Int, onStep: ((ExploreStep) -> Void)? = nil
    ) async -> ([ExploreStep], ReplayResult) {
        var random = ExploreRandom(seed: seed, run: run)
        let attempt = ExploreAttempt(setup)
        var steps: [ExploreStep] = []
        var failedOrigins: Set<Int> = []
        for index in 0..<max(0, count) {
            let step = setup.generator.step(origin: index, random: &random, probe: attempt.probe)
            steps.append(step)
            onStep?(step)
            switch await attempt.run(step, number: index + 1) {
            case .held(let failedLine):
                if failedLine { failedOrigins.insert(step.origin) }
            case .failed(let failure):
                return (steps, ReplayResult(failure: failure, stepsRun: steps.count, failedOrigins: failedOrigins))
            }
        }
        return (steps, ReplayResult(failure: nil, stepsRun: steps.count, failedOrigins: failedOrigins))
    }

    /// Runs `steps` from the initial state, stopping at the first failure.
    static func replay(_ setup: ExploreSetup, _ steps: [ExploreStep]) async -> ReplayResult {
        let attempt = ExploreAttempt(setup)
        var failedOrigins: Set<Int> = []
        for (index, step) in steps.enumerated() {
            switch await attempt.run(step, number: index + 1) {
            case .held(let failedLine):
                if failedLine { failedOrigins.insert(step.origin) }
            case .failed(let failure):
                return ReplayResult(failure: failure, stepsRun: index + 1, failedOrigins: failedOrigins)
            }
        }
        return ReplayResult(failure: nil, stepsRun: steps.count, failedOrigins: failedOrigins)
    }

    /// Shrinks the failing `steps` (replaying in this process) and writes the finding's script.
    static func shrink(
        _ setup: ExploreSetup, steps: [ExploreStep], failure: ExploreFailure, failedOrigins: Set<Int>, run: Int, seed: UInt64,
        replay: (([ExploreStep]) async -> ReplayResult)? = nil
    ) async -> ExploreFinding {
        var shrinker = Shrinker(
            replay: replay ?? { await Explorer.replay(setup, $0) },
            signature: { setup.signature(reactor: $0, command: $1) }, failure: failure)
        let shrunk = await shrinker.shrink(steps, failedOrigins: failedOrigins)
        let script = ExploreScript.text(
            steps: shrunk, failure: shrinker.failure, entry: setup.entry.name, command: setup.commandLine(seed: seed), run: run)
        return ExploreFinding(
            failure: shrinker.failure, run: run, originalStepCount: steps.count, steps: shrunk, script: script)
    }
}

/// The script an exploration writes for what it found.
enum ExploreScript {
    /// A comment naming what broke and how it was found, `:use ENTRY`, the steps, and the
    /// failing `:expect` of a broken invariant.
    static func text(steps: [ExploreStep], failure: ExploreFailure, entry: String, command: String, run: Int) -> String {
        var lines = ["# \(failure.summary)", "# found by `\(command)` (run \(run)), then shrunk", ":use \(entry)"]
        lines += steps.map(\.line)
        if case .invariant(_, let expectation, _) = failure { lines.append(":expect " + expectation) }
        return lines.joined(separator: "\n") + "\n"
    }
}
