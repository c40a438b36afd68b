import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `:undo`, `:redo`, `:jump N`, `:reset` and `:history` through the real binary.
@Suite("Time travel and history")
struct TimeTravelEndToEndTests {
    @Test func undoRedoAndJumpRestoreTheFocusedReactorsStates() async throws {
        let result = try await runScript([
            ":use scoreboard",
            "homeScore",
            "homeScore",
            "awayScore",
            ":undo",
            ":expect away == 0",
            ":expect home == 2",
            ":undo",
            ":expect home == 1",
            ":redo",
            ":expect home == 2",
            ":redo",
            ":expect away == 1",
            ":jump 1",
            ":expect home == 1",
            ":jump 0",
            ":expect home == 0",
            ":jump 3",
            ":expect home == 2",
            ":expect away == 1",
        ])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "9 passed, 0 failed, 0 errors", "\(result.transcript)")
        let travel = result.stdoutLines.filter { $0.hasPrefix("  · (") }
        #expect(travel == [
            "  · (undo)", "  · (undo)", "  · (redo)", "  · (redo)",
            "  · (jump to after step 1)", "  · (jump to after step 0)", "  · (jump to after step 3)",
        ], "\(result.transcript)")
        let undoIndex = try #require(result.stdoutLines.firstIndex(of: "  · (undo)"))
        #expect(result.stdoutLines[undoIndex + 1] == "      away: 1 → 0", "\(result.transcript)")
    }

    @Test func undoPastTheStartAndRedoAtTheLiveEndAreErrors() async throws {
        let result = try await runScript([
            "increase",
            ":undo",
            ":undo",
            ":redo",
            ":redo",
            ":expect value == 1",
        ])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines == [
            "script.rsh:3:1: nothing to undo in this scene",
            "script.rsh:5:1: nothing to redo in this scene",
        ], "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 2 errors")
    }

    @Test func aNewActionAfterUndoDropsTheRedoBranch() async throws {
        let result = try await runScript([
            ":use scoreboard",
            "homeScore",
            "homeScore",
            ":undo",
            "awayScore",
            ":redo",
            ":expect home == 1",
            ":expect away == 1",
        ])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines == ["script.rsh:6:1: nothing to redo in this scene"], "\(result.transcript)")
        #expect(result.lastStdoutLine == "2 passed, 0 failed, 1 errors")
    }

    @Test func jumpOutsideTheTimelineNamesTheStepsThatExist() async throws {
        let result = try await runScript([":use scoreboard", "homeScore", ":jump 7"])
        #expect(result.status == 1)
        #expect(result.stderrLines.count == 1, "\(result.transcript)")
        #expect(result.stderrLines == ["script.rsh:3:1: cannot jump to step 7: this scene's steps are 0 (its initial state) or 1"], "\(result.transcript)")
    }

    /// Issue 25 item 8: once the oldest points were dropped to keep within --time-travel-memory,
    /// the error lists only the steps left (it listed 0, the initial state, while refusing it).
    @Test func jumpPastWhatTheMemoryKeptListsOnlyTheStepsLeft() async throws {
        let result = try await runScript(
            Array(repeating: "increase", count: 50) + [":jump 0", ":jump 3", ":jump 45", ":expect value == 45"],
            options: ["--time-travel-memory", "2KiB"])
        #expect(result.status == 1, "\(result.transcript)")
        let left = "the history now reaches back to step 45 only: the steps left to jump to are 45…50"
            + " (older ones were dropped to keep within --time-travel-memory)"
        #expect(result.stderrLines == [
            "script.rsh:51:1: cannot jump to step 0: \(left)",
            "script.rsh:52:1: cannot jump to step 3: \(left)",
        ], "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 2 errors", "\(result.transcript)")
    }

    @Test func undoCancelsTheEffectsInFlight() async throws {
        let result = try await runScript([
            "increase",
            "increase &",
            ":undo",
            ":wait",
            ":expect value == 1",
            ":expect isLoading == false",
        ])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdoutLines.filter { $0 == "      value: 1 → 2" }.isEmpty, "\(result.transcript)")
    }

    /// Found by `explore --reactor counter --seed 1` (the shrunk script, as it wrote it): the
    /// point saved before `decrease` was taken while `increase &` was in flight, and `:undo`,
    /// which cancels that effect, left `isLoading` true with nothing running. Time travel now
    /// passes over points saved while effects were in flight.
    @Test func undoPassesOverAStepSavedWhileEffectsWereInFlight() async throws {
        let result = try await runScript([
            "# invariant 'isLoading == false when no effect runs' broke (actual: true)",
            "# found by `reactor-shell explore --reactor counter --seed 1` (run 1), then shrunk",
            ":use counter",
            "increase &",
            "decrease",
            ":undo",
            ":expect isLoading == false",
        ])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 0 errors", "\(result.transcript)")
    }

    /// Found by `explore --reactor github-search --seed 1` (the shrunk script): `:undo` to the
    /// state saved while `loadNextPage &` was loading left `isLoadingNextPage` true for good, so
    /// `loadNextPage` was ignored from then on.
    @Test func undoNeverLeavesTheNextPageLoadingWithNothingRunning() async throws {
        let result = try await runScript([
            ":use github-search",
            "updateQuery \"x\"",
            "loadNextPage &",
            "updateQuery \"\"",
            ":undo",
            ":expect isLoadingNextPage == false",
            "loadNextPage",
            ":expect repos.count == 6",
        ])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "2 passed, 0 failed, 0 errors", "\(result.transcript)")
    }

    @Test func redoDoesNotGoBackToAStateLeftWhileEffectsWereInFlight() async throws {
        let result = try await runScript(["increase", "increase &", ":undo", ":redo", ":expect isLoading == false"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines == ["script.rsh:4:1: nothing to redo in this scene"], "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors", "\(result.transcript)")
    }

    @Test func resetPutsEveryReactorBackAndIsLogged() async throws {
        let result = try await runScript([
            ":use board",
            "write.updateTitle draft",
            "write.submit",
            ":expect board:posts.count == 1",
            ":reset",
            ":expect board:posts.count == 0",
            ":expect write:title == \"\"",
            "write.updateTitle again",
            ":reset write",
            ":expect write:title == \"\"",
            ":history",
        ])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "4 passed, 0 failed, 0 errors", "\(result.transcript)")
        let history = result.stdoutLines.filter {
            ($0.hasPrefix("  ") || $0.hasPrefix("▶ ")) && !$0.hasPrefix("   ") && !$0.hasPrefix("  ·") && !$0.hasPrefix("  ✓")
        }
        #expect(history == [
            "  1  write.updateTitle \"draft\"",
            "  2  write.submit",
            "  3  :reset",
            "  4  write.updateTitle \"again\"",
            "▶ 5  :reset write",
        ], "\(result.transcript)")
    }

    @Test func historyNumbersEachActionAndListsTheMutationsItProduced() async throws {
        let result = try await runScript([":history", "increase", ":use scoreboard", "setScore 3 2", ":history"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdoutLines.first == "(no actions yet)", "\(result.transcript)")
        #expect(Array(result.stdoutLines.suffix(10).dropLast()) == [
            "  ── :use counter ──",
            "  1  increase",
            "       · setLoading(true)",
            "       · increaseValue",
            "       · setLoading(false)",
            "       · setAlertMessage(\"increased!\")",
            "  ── :use scoreboard ──",
            "▶ 2  setScore home: 3 away: 2",
            "       · setScore(home: 3, away: 2)",
        ], "\(result.transcript)")
    }
}
