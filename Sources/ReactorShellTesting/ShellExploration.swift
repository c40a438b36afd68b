import ReactorShell
import Testing

/// `reactor-shell explore` from Swift Testing: random sequences of an entry's commands, checked
/// after every step; a failure is recorded as a test issue whose comment is the shrunk script
/// (paste it into a `.rsh` file or a ``ShellScript/run(_:registry:configuration:sourceLocation:)``
/// call to keep it as a test).
///
/// ```swift
/// @Test @MainActor func theListKeepsItsCount() async {
///     await ShellExploration.run(registry: Registry([TodoReactor.entry]), reactor: "todo",
///                                invariants: [.expect("remaining >= 0")])
/// }
/// ```
///
/// The exploration runs in the test's process: a reactor that traps ends the test run (the
/// `explore` command runs its attempts in child processes instead).
public enum ShellExploration {
    /// Explores `reactor` of `registry` (nil: its first entry) for `runs` sequences of `steps`
    /// lines with `seed` (fixed by default, so a test explores the same sequences each time),
    /// checking `invariants` besides the entry's own; records an issue at the call for a failure
    /// found, or for settings that cannot be explored. Returns what was explored.
    @MainActor
    @discardableResult
    public static func run(
        registry: Registry, reactor: String? = nil, runs: Int = ExploreSettings.defaultRuns,
        steps: Int = ExploreSettings.defaultSteps, seed: UInt64 = 0, invariants: [ExploreInvariant] = [],
        allowsErrors: Bool = false, configuration: ShellConfiguration = ShellConfiguration(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> ExploreReport? {
        let settings = ExploreSettings(
            reactor: reactor, runs: runs, steps: steps, seed: seed, invariants: invariants, allowsErrors: allowsErrors)
        let report: ExploreReport
        do {
            report = try await Explorer.explore(registry: registry, configuration: configuration, settings: settings)
        } catch {
            Issue.record("cannot explore: \(error.message)", sourceLocation: sourceLocation)
            return nil
        }
        if let finding = report.finding {
            Issue.record(
                Comment(rawValue: "explore found after \(report.runs) runs: \(finding.failure.summary)\n\(finding.script)"),
                sourceLocation: sourceLocation)
        }
        return report
    }
}
