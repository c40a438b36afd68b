import Foundation
import Testing
import TestSupport

/// SPEC §12: `reactor-shell explore` finds a failure, shrinks it, writes a script that fails the
/// same way when run; a trapping reactor ends only a child process.
@Suite("Explore")
struct ExploreEndToEndTests {
    @Test func aBrokenInvariantIsShrunkToAScriptThatFailsTheSameWay() async throws {
        try await withWorkspace { workspace in
            let result = try await workspace.shell(
                ["explore", "--reactor", "scoreboard", "--seed", "1", "--invariant", "home >= 0", "--out", "found.rsh"])
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stdoutLines == [
                "✗ invariant 'home >= 0' broke (actual: -1)",
                "  :use scoreboard",
                "  setScore home: -1 away: 0",
                "  :expect home >= 0",
                "found after 1 runs; shrunk from 3 to 1 lines; wrote found.rsh",
            ], "\(result.transcript)")
            #expect(try workspace.read("found.rsh") == """
                # invariant 'home >= 0' broke (actual: -1)
                # found by `reactor-shell explore --reactor scoreboard --seed 1 --invariant 'home >= 0'` (run 1), then shrunk
                :use scoreboard
                setScore home: -1 away: 0
                :expect home >= 0

                """)
            let replay = try await workspace.shell(["run", "found.rsh"])
            #expect(replay.status == 1, "\(replay.transcript)")
            #expect(replay.stdout.contains("✗ home >= 0 (actual: -1)"), "\(replay.transcript)")
        }
    }

    @Test func theSameSeedGivesTheSameOutput() async throws {
        try await withWorkspace { workspace in
            let arguments = ["explore", "--reactor", "scoreboard", "--seed", "9", "--invariant", "away < 5"]
            let first = try await workspace.shell(arguments)
            let script = try workspace.read("explore-scoreboard.rsh")
            let second = try await workspace.shell(arguments)
            #expect(first.status == 1 && second.status == 1, "\(first.transcript)")
            #expect(first.stdout == second.stdout)
            #expect(try workspace.read("explore-scoreboard.rsh") == script)
        }
    }

    @Test func whenEveryRunHoldsItSaysSoAndExitsZero() async throws {
        let held = try await ShellProcess.run(["explore", "--reactor", "counter", "--runs", "5", "--steps", "10", "--seed", "1"])
        #expect(held.status == 0, "\(held.transcript)")
        #expect(held.stdoutLines == ["5 runs, 50 steps, all invariants held"], "\(held.transcript)")
    }

    @Test func withoutASeedItPrintsTheOneItChose() async throws {
        let result = try await ShellProcess.run(["explore", "--reactor", "counter", "--runs", "2", "--steps", "3"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stderr.contains("explore: seed "), "\(result.transcript)")
        #expect(result.stderr.contains("the same --seed repeats this exploration"), "\(result.transcript)")
    }

    @Test(arguments: [
        (["explore", "--runs", "0"], "--runs must be 1 to 100000000 (runs), found '0'"),
        (["explore", "--reactor", "scorebord"], "unknown reactor 'scorebord'; did you mean 'scoreboard'?"),
        (["explore", "--reactor", "scoreboard", "--invariant", "home ~ 1"], "invariant 'home ~ 1'"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await ShellProcess.run(arguments + ["--seed", "1"])
        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stderr.contains(message), "\(result.transcript)")
    }

    /// A user's reactor that traps (the `trapping-shell` fixture's `tally` adds with a plain `+`):
    /// the exploration is not lost with it; the trap is shrunk in child processes and reported.
    @Test func aTrapEndsOnlyAnAttemptAndIsShrunkToAScriptThatTraps() async throws {
        let shell = try CrashReportTests.trappingShell()
        try await withWorkspace { workspace in
            let result = try await ShellProcess.run(
                ["explore", "--reactor", "tally", "--seed", "3", "--out", "trap.rsh"], workingDirectory: workspace.path,
                executable: shell)
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stdoutLines.first == "✗ the reactor trapped (signal 4: SIGILL)", "\(result.transcript)")
            let last = try #require(result.lastStdoutLine)
            #expect(last.hasPrefix("found after 1 runs; shrunk from "), "\(result.transcript)")
            #expect(last.hasSuffix(" to 2 lines; wrote trap.rsh"), "\(result.transcript)")
            let script = try workspace.read("trap.rsh")
            #expect(script.hasPrefix("# the reactor trapped (signal 4: SIGILL)\n"), "\(script)")
            let replay = try await ShellProcess.run(
                ["run", "trap.rsh"], environment: ["SWIFT_BACKTRACE": "enable=no"], workingDirectory: workspace.path,
                executable: shell)
            #expect(replay.status == 128 + 4, "\(replay.transcript)")  // SIGILL, as during the exploration
        }
    }
}

/// `:explore` inside the shell explores the loaded entry in a process of its own.
@Suite("Explore inside the shell")
struct ExploreMetaCommandTests {
    @Test func exploreInAScriptReportsAndCountsAFindingAsAnError() async throws {
        try await withWorkspace { workspace in
            let result = try await workspace.run("""
                :use scoreboard
                setScore 3 3
                :explore --seed 1 --invariant "home >= 0" --out found.rsh
                :expect home == 3
                """)
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stdout.contains("found after 1 runs; shrunk from 3 to 1 lines; wrote found.rsh\n"), "\(result.transcript)")
            #expect(result.stderrLines.last == "script.rsh:3:1: :explore found a failure (see the script it wrote)", "\(result.transcript)")
            #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors", "\(result.transcript)")  // the session is as it was
            #expect(try workspace.read("found.rsh").contains("setScore home: -1 away: 0\n:expect home >= 0\n"))
        }
    }

    @Test func exploreThatHoldsSucceeds() async throws {
        let result = try await runScript([":use counter", ":explore --runs 3 --steps 5 --seed 2"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdoutLines.contains("3 runs, 15 steps, all invariants held"), "\(result.transcript)")
    }
}
