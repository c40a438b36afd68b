import Foundation
import Testing
import TestSupport

/// SPEC §9: `run --step` and `:load --step`, driven through a pseudo-terminal as a person would:
/// each wait is for what the screen shows, never a fixed time.
@Suite("Step mode in a terminal", .serialized, .enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct StepModeTests {
    static let lesson = """
        # The counter starts at zero.
        increase

        :expect value == 1
        decrease
        :expect value == 1
        """ + "\n"

    /// Starts `reactor-shell run --step lesson.rsh` in a terminal and waits for the first stop.
    private func startStepping(_ home: InteractiveHome, script: String = lesson, extra: [String] = [],
                               firstStop: String = "counter> increase") async throws -> TerminalSession {
        try home.write("lesson.rsh", script)
        return try await home.start(
            command: [InteractiveHome.binary, "run", "--step"] + extra + ["lesson.rsh"], waitingFor: firstStop)
    }

    @Test func enterRunsALineSSkipsItAndTheSummaryCountsWhatRan() async throws {
        let home = try InteractiveHome()
        let terminal = try await startStepping(home)
        let first = try terminal.screen()
        #expect(lines(of: first) == [
            "The counter starts at zero.",
            "Stepping: Enter runs the line, s skips it, b steps back, c runs the rest, q stops; :COMMAND runs a",
            "command here.",
            "counter> increase",
        ], "\(first)")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> :expect value == 1")
        #expect(try terminal.screen().contains("      value: 0 → 1\n"))
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> decrease")
        try terminal.type("s")
        try await terminal.waitFor("counter> decrease  (skipped)\ncounter> :expect value == 1")
        try terminal.press(.enter)
        #expect(try await terminal.waitForExitStatus() == 0)
        let screen = try terminal.screen()
        #expect(screen.hasSuffix("  ✓ value == 1\n2 passed, 0 failed, 0 errors"), "\(screen)")
        #expect(!screen.contains("value: 1 → 0"), "\(screen)")
    }

    @Test func aColonCommandTypedAtAPauseRunsAndThePauseComesBack() async throws {
        let home = try InteractiveHome()
        let terminal = try await startStepping(home)
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> :expect value == 1")
        try terminal.type(":state val")
        try await terminal.waitForLastLine("counter> :state val")
        try terminal.press(.backspace, .backspace, .backspace)
        try terminal.type("value")
        try terminal.press(.enter)
        let screen = try await terminal.waitUntil("the value and the pause again") {
            $0.hasSuffix("counter> :state value\n1\ncounter> :expect value == 1")
        }
        #expect(!screen.contains("✓"), "the pending line ran too early:\n\(screen)")
        // Escape abandons a half-typed command: the pause is drawn again.
        try terminal.type(":hist")
        try await terminal.waitForLastLine("counter> :hist")
        try terminal.press(.escape)
        try await terminal.waitForLastLine("counter> :expect value == 1")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> decrease")
        try terminal.type("s")
        try await terminal.waitForLastLine("counter> :expect value == 1")
        try terminal.press(.enter)
        #expect(try await terminal.waitForExitStatus() == 0)
        #expect(try terminal.screen().hasSuffix("2 passed, 0 failed, 0 errors"))
    }

    @Test func cRunsTheRestShowingEachLineWithoutStopping() async throws {
        let home = try InteractiveHome()
        let terminal = try await startStepping(home, extra: ["--no-diff"])
        try terminal.type("c")
        #expect(try await terminal.waitForExitStatus() == 1)
        let screen = try terminal.screen()
        #expect(screen.hasSuffix("""
            counter> increase
            counter> :expect value == 1
              ✓ value == 1
            counter> decrease
            counter> :expect value == 1
              ✗ value == 1 (actual: 0)
            lesson.rsh:6:1: expectation failed: value == 1; actual: 0
            1 passed, 1 failed, 0 errors
            """), "\(screen)")
    }

    @Test func qStopsTheScriptWithTheSummaryAndTheStatusEarnedSoFar() async throws {
        let home = try InteractiveHome()
        let terminal = try await startStepping(home, script: "bogus\n:expect value == 0\nincrease\n", extra: ["--no-diff"],
                                               firstStop: "counter> bogus")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> :expect value == 0")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> increase")
        try terminal.type("q")
        #expect(try await terminal.waitForExitStatus() == 1)
        let screen = try terminal.screen()
        #expect(screen.hasSuffix("""
            counter> increase
            (stopped: the rest of 'lesson.rsh' was not run)
            1 passed, 0 failed, 1 errors
            """), "\(screen)")
    }

    @Test func controlDAtAPauseStopsLikeQ() async throws {
        let home = try InteractiveHome()
        let terminal = try await startStepping(home)
        try terminal.press(.controlD)
        #expect(try await terminal.waitForExitStatus() == 0)
        #expect(try terminal.screen().hasSuffix("(stopped: the rest of 'lesson.rsh' was not run)\n0 passed, 0 failed, 0 errors"))
    }

    @Test func controlCAtAPauseEndsTheRunAs130WithTheTerminalRestored() async throws {
        let home = try InteractiveHome()
        try home.write("lesson.rsh", Self.lesson)
        let terminal = try await home.startShell(
            wrappedIn: #""$0" "$@"; echo "status $?"; stty -a; echo "modes shown""#, ["run", "--step", "lesson.rsh"],
            waitingFor: "counter> increase")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> :expect value == 1")
        try terminal.press(.controlC)
        // The modes are printed after the status: wait for all of them, not for the status alone.
        let screen = try await terminal.waitFor("modes shown")
        #expect(screen.contains("status 130"), "\(screen)")
        // What ran before is on the screen, and the terminal echoes and edits lines again.
        #expect(screen.contains("      value: 0 → 1\n"), "\(screen)")
        let settings = Set(screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        #expect(settings.isSuperset(of: ["icanon", "echo", "isig"]), "\(screen)")
    }

    @Test func sigtermAtAPauseEndsTheRunWithTheTerminalRestored() async throws {
        let home = try InteractiveHome()
        try home.write("lesson.rsh", Self.lesson)
        let terminal = try await home.startShell(
            wrappedIn: #""$0" "$@"; echo "status $?"; stty -a; echo "modes shown""#, ["run", "--step", "lesson.rsh"],
            waitingFor: "counter> increase")
        // The pane runs `sh -c …`, whose child is the shell being stepped.
        let wrapper = try terminal.processID()
        let children = try String(contentsOfFile: "/proc/\(wrapper)/task/\(wrapper)/children", encoding: .utf8)
        let program = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
        kill(program, SIGTERM)
        let screen = try await terminal.waitFor("modes shown")
        #expect(screen.contains("status 143"), "\(screen)")
        let settings = Set(screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        #expect(settings.isSuperset(of: ["icanon", "echo", "isig"]), "\(screen)")
    }

    @Test func pauseWaitsForEnterAndShowsItsText() async throws {
        let home = try InteractiveHome()
        let terminal = try await startStepping(
            home, script: ":pause \"Look at value\"\nincrease\n", extra: ["--no-diff"], firstStop: "⏸ Look at value — press Enter")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> increase")
        try terminal.press(.enter)
        #expect(try await terminal.waitForExitStatus() == 0)
    }

    @Test func withResultsRedirectedThePausesStayOnTheTerminalAndEchoGoesToTheFile() async throws {
        let home = try InteractiveHome()
        try home.write("lesson.rsh", "# narration\nincrease\n")
        let terminal = try await home.startShell(
            wrappedIn: #""$0" "$@" > results.txt; echo "status $?""#, ["run", "--step", "--echo", "--no-diff", "lesson.rsh"],
            waitingFor: "counter> increase")
        try terminal.press(.enter)
        try await terminal.waitFor("status 0")
        #expect(try terminal.screen().hasPrefix("narration\n"))
        #expect(home.text(of: "results.txt") == "counter> # narration\ncounter> increase\n0 passed, 0 failed, 0 errors\n")
    }

    @Test func theBoardLessonStepsAndRunsToTheEnd() async throws {
        let home = try InteractiveHome()
        let lesson = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/lesson-board.rsh").path
        let terminal = try await home.start(
            command: [InteractiveHome.binary, "run", "--step", lesson], waitingFor: "counter> :use board")
        // Narration without the backticks, its paragraph joined and wrapped at 100 columns.
        #expect(try terminal.screen().contains("The scene has two reactors: board lists the posts, write edits a new one. They never call each\nother; both hold the same BoardService.\n"))
        try terminal.press(.enter)
        try await terminal.waitForLastLine("board> :state board:")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("board> :state write:")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("⏸ Two empty states. Which actions will change the board? — press Enter")
        try terminal.type("c")
        #expect(try await terminal.waitForExitStatus() == 0)
        #expect(try terminal.screen().hasSuffix(" passed, 0 failed, 0 errors"))
    }

    // MARK: In the interactive shell

    @Test func loadStepStopsOnlyTheFileAndTheShellGoesOn() async throws {
        let home = try InteractiveHome()
        try home.write("lesson.rsh", Self.lesson)
        let terminal = try await home.startShell(["--virtual-clock", "--no-diff"])
        try terminal.enter(":load --step lesson.rsh")
        try await terminal.waitForLastLine("counter> increase")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> :expect value == 1")
        try terminal.type("q")
        try await terminal.waitFor("(stopped: the rest of 'lesson.rsh' was not run)\ncounter>")
        try await terminal.waitForLastLine("counter>")
        try terminal.enter(":state value")
        try await terminal.waitFor("counter> :state value\n1\n")
    }

    @Test func controlCAtALoadStepPauseStopsTheLoad() async throws {
        let home = try InteractiveHome()
        try home.write("lesson.rsh", Self.lesson)
        let terminal = try await home.startShell(["--virtual-clock", "--no-diff"])
        try terminal.enter(":load --step lesson.rsh")
        try await terminal.waitForLastLine("counter> increase")
        try terminal.press(.controlC)
        let screen = try await terminal.waitUntil("the load to stop") {
            $0.contains("lesson.rsh:2:1: interrupted: this line and the rest of") && lastLine(of: $0) == "counter>"
        }
        #expect(!screen.contains("value: 0 → 1"), "\(screen)")
        try terminal.enter(":state value")
        try await terminal.waitFor("counter> :state value\n0\n")
    }

    @Test func aTypedPauseWaitsForEnterAndQuitAfterAFailureExitsZero() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell()
        try terminal.enter("bogus")
        try await terminal.waitFor("unknown action 'bogus'")
        try terminal.enter(":pause Breathe")
        try await terminal.waitForLastLine("⏸ Breathe — press Enter")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter>")
        try terminal.enter(":quit")
        #expect(try await terminal.waitForExitStatus() == 0)
    }
}

/// `--step` without a person at a terminal, and `:pause` in a batch run.
@Suite("Step mode without a terminal")
struct StepWithoutTerminalTests {
    @Test func runStepWithoutATerminalIsAUsageError() async throws {
        try await withWorkspace { workspace in
            try workspace.write("lesson.rsh", "increase\n")
            let piped = try await workspace.shell(["run", "--step", "lesson.rsh"], input: .text(""))
            #expect(piped.status == 2, "\(piped.transcript)")
            #expect(piped.stderr == "reactor-shell: --step needs a terminal on standard input to read keys from\n")
            #expect(piped.stdout.isEmpty)
            let fromStandardInput = try await workspace.shell(["run", "--step", "-"], input: .text("increase\n"))
            #expect(fromStandardInput.status == 2, "\(fromStandardInput.transcript)")
            #expect(fromStandardInput.stderr.contains("cannot read a script (`-`) from there too"))
        }
    }

    @Test func pauseDoesNothingInABatchRunAndLoadStepIsAnError() async throws {
        let result = try await runScript([":pause Look", "increase", ":load --step other.rsh", ":expect value == 1"],
                                         options: ["--no-diff"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines == [
            "script.rsh:3:14: :load --step needs a person at a terminal: run it in the interactive shell or under `run --step`",
        ], "\(result.transcript)")
        #expect(result.stdoutLines == ["  ✓ value == 1", "1 passed, 0 failed, 1 errors"], "\(result.transcript)")
    }
}
