import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--no-diff` and `:set diff off` silence the diff blocks, never errors or expectations.
@Suite("Diff settings")
struct DiffSettingTests {
    @Test func noDiffSilencesDiffsButNotExpectationsOrErrors() async throws {
        let result = try await runScript([
            "increase",
            ":expect value == 1",
            ":expect value == 2",
            "bogus",
        ], options: ["--no-diff"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stdout == "  ✓ value == 1\n  ✗ value == 2 (actual: 1)\n1 passed, 1 failed, 1 errors\n", "\(result.transcript)")
        #expect(result.stderrLines.count == 2, "\(result.transcript)")
        #expect(result.stderrLines.first == "script.rsh:3:1: expectation failed: value == 2; actual: 1", "\(result.transcript)")
    }

    @Test func setDiffOffSilencesDiffsUntilItIsTurnedBackOn() async throws {
        let result = try await runScript([
            ":set diff off",
            "increase",
            ":expect value == 1",
            "bogus",
            ":set diff on",
            "decrease",
        ])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines.count == 1, "\(result.transcript)")
        #expect(result.stdoutLines.first == "  ✓ value == 1", "\(result.transcript)")
        #expect(!result.stdout.contains("value: 0 → 1"), "\(result.transcript)")
        // Diffs resume against the state current when they were turned back on.
        #expect(result.stdout.contains("      value: 1 → 0"), "\(result.transcript)")
        #expect(result.stdout.contains("  · decreaseValue"), "\(result.transcript)")
    }

    @Test func aReductionThatChangesNothingSaysSoInOneLine() async throws {
        let result = try await runScript(["increase", "increase"])
        let lines = result.stdoutLines
        let last = try #require(lines.lastIndex(of: "  · setAlertMessage(\"increased!\")"))
        #expect(lines[last + 1] == "      (no change)", "\(result.transcript)")
    }

    @Test func insertedAndRemovedElementsShowTheirIndexWithPlusAndMinus() async throws {
        let result = try await runScript([
            ":use board",
            ":focus write",
            "updateTitle hello",
            "submit",
            ":focus board",
            "delete 1",
        ])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdout.contains("      + posts[0]: "), "\(result.transcript)")
        #expect(result.stdout.contains("      - posts[0]: "), "\(result.transcript)")
        // Several reactors in the scene: each block names its reactor.
        #expect(result.stdout.contains("  · write: "), "\(result.transcript)")
        #expect(result.stdout.contains("  · board: "), "\(result.transcript)")
    }
}
