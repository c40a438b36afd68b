import Foundation
import Testing
import TestSupport

@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct TerminalSessionTests {
    @Test func typedTextIsEchoedByCatAndShownOnTheScreen() async throws {
        let terminal = try TerminalSession(command: ["cat"])
        try terminal.type("hello terminal")
        try terminal.press(.enter)
        let screen = try await terminal.waitForScreen { $0.components(separatedBy: "hello terminal").count == 3 }
        #expect(screen == "hello terminal\nhello terminal")
    }

    @Test func controlDEndsCatWithStatusZero() async throws {
        let terminal = try TerminalSession(command: ["cat"])
        try terminal.type("x")
        try terminal.press(.enter, .controlD)
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test func theExitStatusOfTheProgramIsReported() async throws {
        let terminal = try TerminalSession(command: ["sh", "-c", "echo done; exit 3"])
        #expect(try await terminal.waitForExit() == 3)
        // tmux may draw the program's last output after it has seen the program end.
        #expect(try await terminal.waitForText("done").hasPrefix("done"))
    }

    @Test func deathBySignalIsReportedLikeAShellDoes() async throws {
        let terminal = try TerminalSession(command: ["sleep", "30"])
        let pid = try terminal.processID()
        #expect(kill(pid, SIGTERM) == 0)
        #expect(try await terminal.waitForExit() == 128 + SIGTERM)
    }

    @Test func environmentAndWorkingDirectoryReachTheProgram() async throws {
        let terminal = try TerminalSession(
            command: ["sh", "-c", "echo \"$GREETING in $(pwd)\""],
            environment: ["GREETING": "hi"], workingDirectory: "/tmp")
        #expect(try await terminal.waitForExit() == 0)
        #expect(try terminal.screen() == "hi in /tmp")
    }

    @Test func removedVariablesAreUnsetForTheProgram() async throws {
        let terminal = try TerminalSession(
            command: ["sh", "-c", "echo \"[${HOME-unset}]\""], removingEnvironment: ["HOME"])
        try await terminal.waitForExit()
        #expect(try terminal.screen() == "[unset]")
    }

    @Test func theTerminalHasTheRequestedSize() async throws {
        let terminal = try TerminalSession(command: ["sh", "-c", "stty size"], columns: 80, rows: 24)
        try await terminal.waitForExit()
        #expect(try terminal.screen() == "24 80")
    }

    @Test func keysAreSentByName() async throws {
        // In cat's cooked mode the terminal itself handles the line: Ctrl-U erases it.
        let terminal = try TerminalSession(command: ["cat"])
        try terminal.type("wrong")
        try terminal.press(.controlU)
        try terminal.type("right")
        try terminal.press(.enter)
        let screen = try await terminal.waitForText("right\nright")
        #expect(!screen.contains("wrong"))
    }

    @Test func waitingForTextThatNeverComesReportsTheScreen() async throws {
        let terminal = try TerminalSession(command: ["sh", "-c", "echo something else; sleep 30"])
        try await terminal.waitForText("something else")
        await #expect {
            try await terminal.waitForText("never", timeout: .milliseconds(200))
        } throws: { error in
            guard case let TerminalSessionError.timedOut(_, screen) = error else { return false }
            return screen == "something else"
        }
    }

    @Test func closingKillsTheProgram() async throws {
        let terminal = try TerminalSession(command: ["sleep", "30"])
        let pid = try terminal.processID()
        terminal.close()
        var stopped = false
        for _ in 0..<200 where !stopped {
            stopped = kill(pid, 0) != 0
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(stopped)
    }
}
