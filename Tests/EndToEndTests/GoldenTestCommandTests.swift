import Foundation
import Testing
import TestSupport

/// `reactor-shell test`: scripts compared with golden files, unified diffs, `--update`, exit codes.
@Suite("test: golden files")
struct GoldenTestCommandTests {
    private let passing = ":use scoreboard\nhomeScore\n:expect home == 1\n"
    private let failing = ":use counter\nincrease\n:expect value == 3\nbogus\n"

    @Test func withoutGoldenFilesEveryScriptDiffersAndUpdateWritesWhatRunPrints() async throws {
        try await withWorkspace { workspace in
            try workspace.write("tests/a.rsh", passing)
            try workspace.write("tests/b.rsh", failing)
            let first = try await workspace.shell(["test", "tests/a.rsh", "tests/b.rsh"])
            #expect(first.status == 1, "\(first.transcript)")
            #expect(first.stdout.contains("✗ tests/a.rsh: no golden file tests/a.out"), "\(first.transcript)")
            #expect(first.stdout.contains("--- tests/a.out\n+++ tests/a.rsh (actual output)\n@@ -0,0 +1,4 @@\n+  · homeScore\n"),
                    "\(first.transcript)")
            #expect(first.lastStdoutLine == "0 matched, 2 differ", "\(first.transcript)")

            let update = try await workspace.shell(["test", "--update", "tests/a.rsh", "tests/b.rsh"])
            #expect(update.status == 0, "\(update.transcript)")
            #expect(update.stdoutLines.prefix(2) == ["✎ tests/a.rsh: wrote tests/a.out", "✎ tests/b.rsh: wrote tests/b.out"])
            // SPEC §11 (issue 26: it ended `0 matched, 2 differ` after writing both).
            #expect(update.lastStdoutLine == "2 written", "\(update.transcript)")

            // The golden file holds what `run` prints, both streams in order.
            let run = try await workspace.shell(["run", "tests/b.rsh"])
            let golden = try workspace.read("tests/b.out")
            #expect(golden.contains("  ✗ value == 3 (actual: 1)\ntests/b.rsh:3:1: expectation failed: value == 3; actual: 1\ntests/b.rsh:4:1: unknown action 'bogus'"),
                    "\(golden)")
            #expect(golden.hasPrefix(run.stdout.components(separatedBy: "  ✗").first ?? ""), "\(golden)")
            #expect(golden.hasSuffix("0 passed, 1 failed, 1 errors\n"), "\(golden)")

            let second = try await workspace.shell(["test", "tests/a.rsh", "tests/b.rsh"])
            #expect(second.status == 0, "a recorded failure matches: \(second.transcript)")
            #expect(second.stdoutLines == ["✓ tests/a.rsh", "✓ tests/b.rsh", "2 matched, 0 differ"], "\(second.transcript)")
        }
    }

    @Test func aChangedOutputIsAUnifiedDiffAndExitsOne() async throws {
        try await withWorkspace { workspace in
            try workspace.write("a.rsh", passing)
            _ = try await workspace.shell(["test", "--update", "a.rsh"])
            try workspace.write("a.rsh", passing.replacing("homeScore", with: "awayScore"))
            let result = try await workspace.shell(["test", "a.rsh"])
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stdout.contains("""
                ✗ a.rsh: output differs from a.out
                --- a.out
                +++ a.rsh (actual output)
                @@ -1,4 +1,5 @@
                -  · homeScore
                -      home: 0 → 1
                -  ✓ home == 1
                -1 passed, 0 failed, 0 errors
                +  · awayScore
                +      away: 0 → 1
                +  ✗ home == 1 (actual: 0)
                +a.rsh:3:1: expectation failed: home == 1; actual: 0
                +0 passed, 1 failed, 0 errors
                0 matched, 1 differ

                """), "\(result.transcript)")
        }
    }

    @Test func anUnreadableScriptIsAUsageError() async throws {
        try await withWorkspace { workspace in
            let result = try await workspace.shell(["test", "missing.rsh"])
            #expect(result.status == 2, "\(result.transcript)")
            #expect(result.stderr.contains("cannot read 'missing.rsh'"), "\(result.transcript)")
            let stdin = try await workspace.shell(["test", "-"])
            #expect(stdin.status == 2, "\(stdin.transcript)")
        }
    }
}
