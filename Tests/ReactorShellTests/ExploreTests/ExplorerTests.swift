import Testing
@testable import ReactorShell
import StateDiff

@Suite("Explorer") @MainActor
struct ExplorerTests {
    let registry = Registry([PlantedBugList.entry])

    @Test func findsThePlantedBugWithinTheDefaultRunsAndShrinksItToTheKnownMinimalScript() async throws {
        let report = try await Explorer.explore(registry: registry, settings: ExploreSettings(seed: 1))
        let finding = try #require(report.finding)
        #expect(report.runs <= ExploreSettings.defaultRuns)
        #expect(finding.script == """
            # invariant 'count matches items' broke (count is 5, items.count is 4)
            # found by `reactor-shell explore --reactor list --seed 1` (run \(finding.run)), then shrunk
            :use list
            add 0
            add 0
            add 0
            add 0
            add 0
            remove 2
            :expect count == 4

            """)
    }

    @Test(arguments: Array(2...20) as [UInt64])
    func otherSeedsShrinkToTheSameScript(seed: UInt64) async throws {
        let report = try await Explorer.explore(registry: registry, settings: ExploreSettings(seed: seed))
        let finding = try #require(report.finding)
        #expect(finding.steps.map(\.line) == ["add 0", "add 0", "add 0", "add 0", "add 0", "remove 2"])
    }

    /// SPEC §12's pitfall: a shorter candidate whose `remove 2` now fails (an `add` it needs was
    /// dropped) is invalid, with errors allowed too: it gave an error the failing run did not.
    @Test func aCandidateWithANewErrorIsInvalidEvenWhenErrorsAreAllowed() async throws {
        let settings = ExploreSettings(seed: 1, allowsErrors: true)
        let finding = try #require(try await Explorer.explore(registry: registry, settings: settings).finding)
        #expect(finding.steps.map(\.line) == ["add 0", "add 0", "add 0", "add 0", "add 0", "remove 2"])
    }

    @Test func theSameSeedGivesTheSameResult() async throws {
        let first = try await Explorer.explore(registry: registry, settings: ExploreSettings(seed: 77))
        let second = try await Explorer.explore(registry: registry, settings: ExploreSettings(seed: 77))
        #expect(first.runs == second.runs)
        #expect(first.steps == second.steps)
        #expect(first.finding?.script == second.finding?.script)
        #expect(first.finding?.originalStepCount == second.finding?.originalStepCount)
    }

    @Test func anInvariantGivenAsAnExpectationIsCheckedAfterEveryStep() async throws {
        let settings = ExploreSettings(seed: 3, invariants: [.expect("items.count < 3")])
        let finding = try #require(try await Explorer.explore(registry: registry, settings: settings).finding)
        #expect(finding.steps.map(\.line) == ["add 0", "add 0", "add 0"])
        #expect(finding.script.hasSuffix("add 0\n:expect items.count < 3\n"))
    }

    @Test func aRunWithoutFailuresReportsItsRunsAndSteps() async throws {
        let settings = ExploreSettings(runs: 20, steps: 4, seed: 5)
        let report = try await Explorer.explore(registry: registry, settings: settings)
        #expect(report.finding == nil)
        #expect(report.runs == 20)
        #expect(report.steps == 80)
    }

    @Test func aFailedLineIsAFindingUnlessErrorsAreAllowed() async throws {
        // Without its generator, `remove` gets indices the list does not have.
        let bare = Registry([RegistryEntry(name: "list", summary: "") { context in
            Scene(ReactorHandle(name: "list", reactor: PlantedBugList(), commands: PlantedBugList.commands, context: context))
        }])
        let finding = try #require(try await Explorer.explore(registry: bare, settings: ExploreSettings(seed: 1)).finding)
        guard case .error(let message) = finding.failure else {
            Issue.record("expected an error, found \(finding.failure)")
            return
        }
        #expect(message.contains("no item at index"))
        #expect(finding.steps.map(\.line) == ["remove 0"])
        let allowed = ExploreSettings(runs: 30, seed: 1, allowsErrors: true)
        #expect(try await Explorer.explore(registry: bare, settings: allowed).finding == nil)
    }

    @Test func aMalformedInvariantIsASetupError() async {
        await #expect(throws: ExploreSetupError.self) {
            try await Explorer.explore(registry: registry, settings: ExploreSettings(seed: 1, invariants: [.expect("count ~ 3")]))
        }
    }

    @Test func shrinkingSimplifiesValuesTowardZeroAndEmpty() {
        #expect(Shrinker.simpler(.int(-8)) == [.int(0), .int(8), .int(-4), .int(-7)])
        #expect(Shrinker.simpler(.int(0)) == [])
        #expect(Shrinker.simpler(.string("é")) == [.string(""), .string("a")])
        #expect(Shrinker.simpler(.bool(true)) == [.bool(false)])
    }
}
