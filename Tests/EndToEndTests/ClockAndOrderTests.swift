import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Batch runs on the virtual clock: delays cost no wall time, results are deterministic, and
/// ` &` lets a newer search cancel an older one.
@Suite("Virtual clock and ordering")
struct ClockAndOrderTests {
    @Test func theCounterDelayRunsOnTheVirtualClockInOrder() async throws {
        let result = try await runScript([
            "increase &",
            ":advance 250ms",
            ":state value",
            ":expect isLoading == true",
            ":advance 250ms",
            ":state value",
            ":expect isLoading == false",
        ])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdoutLines == [
            "  · setLoading(true)",
            "      isLoading: false → true",
            "0",
            "  ✓ isLoading == true",
            "  · increaseValue",
            "      value: 0 → 1",
            "  · setLoading(false)",
            "      isLoading: true → false",
            "  · setAlertMessage(\"increased!\")",
            "      alertMessage: nil → \"increased!\"",
            "1",
            "  ✓ isLoading == false",
            "2 passed, 0 failed, 0 errors",
        ], "\(result.transcript)")
    }

    @Test func overlappingCountersBothFinishAndTheirMutationsInterleaveByDeadline() async throws {
        let result = try await runScript([
            ":set trace on",
            "increase &",
            ":advance 100ms",
            "increase",
            ":expect value == 2",
        ])
        #expect(result.status == 0, "\(result.transcript)")
        let labels = result.stdoutLines.filter { $0.hasPrefix("  · ") }
        #expect(labels == [
            "  · setLoading(true)  (+0ms)",
            "  · setLoading(true)  (+0ms)",
            // The first increase's effect ends during the second line: its mutations say so.
            "  · increaseValue  (+500ms)  ← effect #1 of increase",
            "  · setLoading(false)  (+500ms)  ← effect #1 of increase",
            "  · setAlertMessage(\"increased!\")  (+500ms)  ← effect #1 of increase",
            "  · increaseValue  (+500ms)",
            "  · setLoading(false)  (+500ms)",
            "  · setAlertMessage(\"increased!\")  (+500ms)",
        ], "\(result.transcript)")
        let effects = result.stdoutLines.filter { $0.hasPrefix("  ⋯ effect") }
        #expect(effects.count == 4, "\(result.transcript)")
        #expect(effects.last?.hasSuffix("finished at t=600ms (+500ms)") == true, "\(result.transcript)")
    }

    @Test func aNewerQueryCancelsTheSearchStillInFlight() async throws {
        let result = try await runScript([
            ":use github-search",
            ":set trace on",
            "updateQuery sw &",
            "updateQuery swift",
            ":expect repos == [\"swift1\", \"swift2\", \"swift3\"]",
            ":expect query == \"swift\"",
            ":expect nextPage == 2",
        ])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(!result.stdout.contains("\"sw1\""), "the older search's results were applied: \(result.transcript)")
        let setRepos = result.stdoutLines.filter { $0.contains("· setRepos(") }
        #expect(setRepos == ["  · setRepos([\"swift1\", \"swift2\", \"swift3\"], nextPage: 2)  (+300ms)"], "\(result.transcript)")
        #expect(result.stdoutLines.contains { $0.contains("of updateQuery(\"sw\") cancelled at t=0ms") }, "\(result.transcript)")
    }

    @Test func withoutTheAmpersandEachSearchCompletesBeforeTheNextLine() async throws {
        let result = try await runScript([
            ":use github-search",
            "updateQuery sw",
            ":expect repos[0] == \"sw1\"",
            "updateQuery swift",
            ":expect repos[0] == \"swift1\"",
            ":expect repos.count == 3",
        ])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdoutLines.filter { $0.contains("· setRepos(") }.count == 2, "\(result.transcript)")
    }

    @Test func advanceNeedsTheVirtualClock() async throws {
        let result = try await runScript([":advance 10ms", ":expect value == 0"], options: ["--real-clock"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines == ["script.rsh:1:1: :advance needs the virtual clock (start with --virtual-clock)"], "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors")
    }
}
