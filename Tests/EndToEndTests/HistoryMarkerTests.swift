import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 26 point 5: time travel a room can follow. `:history` marks where the scene is (`▶`),
/// lists the steps undone and then replaced as abandoned, and `:jump N` lands on the state after
/// `:history`'s step N (an abandoned or unknown N is an error).
@Suite("History marks the current step")
struct HistoryMarkerTests {
    static let travel = ["increase", "increase", "increase", ":undo", ":undo", ":redo", "decrease"]

    @Test func theCurrentStepIsMarkedAndTheReplacedStepIsAbandoned() async throws {
        let result = try await pipeScript(Self.travel + [":history"], arguments: ["--no-diff"])
        #expect(result.status == 0, "\(result.transcript)")
        let steps = result.stdoutLines.filter { !$0.contains("·") }
        #expect(steps == [
            "  1  increase",
            "  2  increase",
            "  3  increase  (abandoned: undone, then replaced)",
            "▶ 4  decrease",
            "0 passed, 0 failed, 0 errors",
        ], "\(result.transcript)")
    }

    @Test func jumpLandsAfterTheStepHistoryNumbersAndRefusesAbandonedOrUnknownSteps() async throws {
        let result = try await pipeScript(Self.travel + [
            ":jump 3", ":jump 2", ":expect value == 2", ":history", ":jump 4", ":expect value == 1",
            ":jump 0", ":expect value == 0", ":history", ":jump 5",
        ], arguments: ["--no-diff"])
        #expect(result.stderrLines == [
            "<stdin>:8:1: cannot jump to step 3: it was undone, then replaced by a later action (abandoned)",
            "<stdin>:17:1: cannot jump to step 5: this scene's steps are 0 (its initial state) or 1…4",
        ], "\(result.transcript)")
        let steps = result.stdoutLines.filter { !$0.contains("·") && !$0.contains("✓") }
        #expect(steps == [
            "  1  increase",
            "▶ 2  increase",
            "  3  increase  (abandoned: undone, then replaced)",
            "  4  decrease",
            "▶ 0  (the scene's initial state)",
            "  1  increase",
            "  2  increase",
            "  3  increase  (abandoned: undone, then replaced)",
            "  4  decrease",
            "3 passed, 0 failed, 2 errors",
        ], "\(result.transcript)")
    }
}
