import Foundation
import Testing
import TestSupport

/// Issue 26 point 9, SPEC §9.1: a stepping pause is a good prompt. Tab completes and Up and Down
/// recall as the interactive shell does (its history file, one source); `b` steps back through
/// time travel; `run --step-delay` goes on by itself. Driven at 80×30 as a person would.
@Suite("Keys at a pause", .serialized, .enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct PauseKeysTests {
    static let script = "increase\nincrease\ndecrease\n"

    private func startStepping(
        _ home: InteractiveHome, options: [String] = ["--step"], firstStop: String = "counter> increase"
    ) async throws -> TerminalSession {
        try home.write("steps.rsh", Self.script)
        return try await home.start(
            command: [InteractiveHome.binary, "run"] + options + ["steps.rsh"], columns: 80, rows: 30,
            waitingFor: firstStop)
    }

    @Test func tabCompletesACommandAtAPauseAsAtThePrompt() async throws {
        let home = try InteractiveHome()
        let terminal = try await startStepping(home)
        try terminal.type(":sta")
        try terminal.press(.tab)
        try await terminal.waitForLastLine("counter> :state")
        try terminal.type("val")
        try terminal.press(.tab)
        try await terminal.waitForLastLine("counter> :state value")
        try terminal.press(.enter)
        try await terminal.waitFor("counter> :state value\n0\ncounter> increase")
        // Several candidates with nothing in common to add: listed below the line.
        try terminal.type(":s")
        try terminal.press(.tab)
        try await terminal.waitUntil("the candidates, then the line again") { screen in
            screen.hasSuffix("\ncounter> :s")
                && lines(of: screen).contains { $0.hasPrefix(":save") && $0.contains(" :set ") && $0.contains(" :state") }
        }
        try terminal.press(.escape)
        try await terminal.waitForLastLine("counter> increase")
        try terminal.type("q")
        #expect(try await terminal.waitForExitStatus() == 0)
    }

    @Test func upRecallsTheShellsHistoryAndALineTypedAtAPauseJoinsIt() async throws {
        let home = try InteractiveHome()
        try FileManager.default.createDirectory(
            atPath: home.stateDirectory + "/reactor-shell", withIntermediateDirectories: true)
        try ":state value\nincrease\n:history\n".write(toFile: home.defaultHistoryPath, atomically: true, encoding: .utf8)
        let terminal = try await startStepping(home)
        // Up at the pause itself starts a command from the newest `:` line of the history.
        try terminal.press(.up)
        try await terminal.waitForLastLine("counter> :history")
        try terminal.press(.up)
        try await terminal.waitForLastLine("counter> :state value")
        try terminal.press(.down)
        try await terminal.waitForLastLine("counter> :history")
        try terminal.press(.enter)
        try await terminal.waitFor("counter> :history\n(no actions yet)\ncounter> increase")
        try terminal.type(":state isLoading")
        try terminal.press(.enter)
        try await terminal.waitFor("counter> :state isLoading\nfalse\ncounter> increase")
        try terminal.type("q")
        #expect(try await terminal.waitForExitStatus() == 0)
        #expect(home.text(of: home.defaultHistoryPath) == ":state value\nincrease\n:history\n:state isLoading\n")
        // The interactive shell recalls it next.
        let shell = try await home.startShell(columns: 80, rows: 30)
        try shell.press(.up)
        try await shell.waitForLastLine("counter> :state isLoading")
    }

    @Test func bStepsBackTheLineBeforeAndShowsItAgain() async throws {
        let home = try InteractiveHome()
        let terminal = try await startStepping(home)
        try terminal.type("b")
        try await terminal.waitFor("counter> increase  (nothing to step back to)\ncounter> increase")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> increase")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> decrease")
        try terminal.type("b")
        let back = try await terminal.waitUntil("the line before again") { lastLine(of: $0) == "counter> increase" }
        #expect(back.hasSuffix("""
            counter> decrease  (back to line 2)
              · (back)
                  value: 2 → 1
            counter> increase
            """), "\(back)")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> decrease")
        try terminal.type(":history")
        try terminal.press(.enter)
        let history = try await terminal.waitUntil("the history") { $0.hasSuffix("increased!\")\ncounter> decrease") }
        #expect(history.contains("  2  increase  (abandoned: undone, then replaced)"), "\(history)")
        #expect(history.contains("▶ 3  increase"), "\(history)")
        try terminal.press(.enter)
        #expect(try await terminal.waitForExitStatus() == 0)
        #expect(try terminal.screen().hasSuffix("      value: 2 → 1\n  · setLoading(false)\n      isLoading: true → false\n"
            + "  · setAlertMessage(\"decreased!\")\n      alertMessage: \"increased!\" → \"decreased!\"\n0 passed, 0 failed, 0 errors"))
    }

    @Test func stepDelayRunsTheLinesByThemselves() async throws {
        let home = try InteractiveHome()
        let terminal = try await startStepping(
            home, options: ["--no-diff", "--step-delay", "100ms"], firstStop: "0 passed, 0 failed, 0 errors")
        #expect(try terminal.screen() == """
            Stepping every 100ms: Space holds a line, Enter runs it, s skips it, b steps
            back, c runs the rest, q stops; :COMMAND runs a command here.
            counter> increase
            counter> increase
            counter> decrease
            0 passed, 0 failed, 0 errors
            """)
        #expect(try await terminal.waitForExitStatus() == 0)
    }

    @Test func aKeyStillStepsWhileTheDelayRuns() async throws {
        let home = try InteractiveHome()
        let terminal = try await startStepping(home, options: ["--no-diff", "--step-delay", "10m"])
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> increase")
        try terminal.type("s")
        try await terminal.waitFor("counter> increase  (skipped)\ncounter> decrease")
        try terminal.type(":state value")
        try terminal.press(.enter)
        try await terminal.waitFor("counter> :state value\n1\ncounter> decrease")
        try terminal.press(.enter)
        #expect(try await terminal.waitForExitStatus() == 0)
    }
}

@Suite("Step delay without a terminal")
struct StepDelayOptionTests {
    @Test func aBadDelayIsAUsageErrorNamingIt() async throws {
        let result = try await ShellProcess.run(["run", "--step-delay", "2x", "-"], input: .text("increase\n"))
        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stderr.contains("--step-delay expects a DURATION such as 250ms, 2s, 1.5s or 1m, found '2x'"), "\(result.transcript)")
    }

    @Test func aDelayStepsSoItNeedsATerminal() async throws {
        let result = try await ShellProcess.run(["run", "--step-delay", "1s", "-"], input: .text("increase\n"))
        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stderr.contains("--step reads keys from standard input"), "\(result.transcript)")
    }
}
