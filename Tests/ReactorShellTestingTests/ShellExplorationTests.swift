import BuiltinReactors
import ReactorShell
import ReactorShellTesting
import Testing

/// ShellExploration explores from Swift Testing: a finding is one issue at the call whose
/// comment is the shrunk script.
@MainActor
@Suite("ShellExploration")
struct ShellExplorationTests {
    @Test func aFindingIsAnIssueAtTheCallCarryingTheShrunkScript() async {
        let call = #_sourceLocation
        var report: ExploreReport?
        await withKnownIssue {
            report = await ShellExploration.run(
                registry: .builtins, reactor: "scoreboard", seed: 1, invariants: [.expect("home >= 0")], sourceLocation: call)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == call.line
                && text.contains("explore found after 1 runs: invariant 'home >= 0' broke (actual: -1)")
                && text.contains(":use scoreboard\nsetScore home: -1 away: 0\n:expect home >= 0\n")
        }
        #expect(report?.finding?.steps.map(\.line) == ["setScore home: -1 away: 0"])
    }

    @Test func anExplorationThatHoldsRecordsNothing() async {
        let report = await ShellExploration.run(registry: .builtins, reactor: "scoreboard", runs: 20, steps: 20)
        #expect(report?.finding == nil)
        #expect(report?.runs == 20)
    }

    @Test func anUnknownEntryIsOneIssue() async {
        await withKnownIssue {
            _ = await ShellExploration.run(registry: .builtins, reactor: "scorebord")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("cannot explore: unknown reactor 'scorebord'; did you mean 'scoreboard'?")
        }
    }
}
