import Foundation
import Testing
import TestSupport

/// SPEC §6: a trap in a reactor loses nothing already printed, and stderr names the script line;
/// the built-in reactors' arithmetic never traps.
@Suite("Crash report")
struct CrashReportTests {
    /// The `trapping-shell` fixture (Tests/Fixtures/TrappingShell), built beside `reactor-shell`.
    static func trappingShell() throws -> String {
        URL(fileURLWithPath: try ShellProcess.executablePath())
            .deletingLastPathComponent().appendingPathComponent("trapping-shell").path
    }

    @Test func aTrappingReactorKeepsWhatWasPrintedAndNamesTheLine() async throws {
        let shell = try Self.trappingShell()
        try await withWorkspace { workspace in
            try workspace.write("script.rsh", "add 1\n\n# the next line overflows\nadd 9223372036854775807\nadd 3\n")
            let result = try await ShellProcess.run(
                ["run", "script.rsh"], workingDirectory: workspace.path, executable: shell)
            #expect(result.status == 128 + 4, "\(result.transcript)")  // SIGILL
            #expect(result.stdoutLines == ["  · add(1)", "      total: 0 → 1"], "\(result.transcript)")
            #expect(result.stderrLines.first?.hasPrefix("reactor-shell: crashed (a trap") == true, "\(result.transcript)")
            #expect(result.stderrLines.first?.hasSuffix(" while running script.rsh:4") == true, "\(result.transcript)")
            #expect(!result.stdout.contains("add(3)"))
        }
    }

    @Test func aTrapInALoadedFileNamesTheLoadedFilesLine() async throws {
        let shell = try Self.trappingShell()
        try await withWorkspace { workspace in
            try workspace.write("inner.rsh", "add 1\nadd 9223372036854775807\n")
            try workspace.write("outer.rsh", "add 5\n:load inner.rsh\n")
            let result = try await ShellProcess.run(
                ["run", "--format", "json", "outer.rsh"], environment: ["SWIFT_BACKTRACE": "enable=no"],
                workingDirectory: workspace.path, executable: shell)
            #expect(result.status == 128 + 4, "\(result.transcript)")
            #expect(result.stdoutLines.count >= 2, "\(result.transcript)")  // both diffs, as JSON events
            #expect(result.stdout.contains(#""path":"/total","old":5,"value":6"#), "\(result.transcript)")
            #expect(result.stderrLines.first?.hasSuffix(" while running \(workspace.path)/inner.rsh:2") == true, "\(result.transcript)")
        }
    }

    @Test func theScoreboardSaturatesAtIntMaxInsteadOfCrashing() async throws {
        let result = try await runScript([
            ":use scoreboard",
            "setScore 9223372036854775807 9223372036854775807",
            "homeScore",
            "awayScore",
            ":expect home == 9223372036854775807",
            ":expect away == 9223372036854775807",
        ])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "2 passed, 0 failed, 0 errors", "\(result.transcript)")
    }
}
