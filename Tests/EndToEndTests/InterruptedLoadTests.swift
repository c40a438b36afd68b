import Foundation
import Testing
import TestSupport

/// SPEC §6: Ctrl-C during an interactive `:load` stops the load; the rest of the file is not run.
@Suite("Ctrl-C during :load", .serialized, .enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct InterruptedLoadTests {
    @Test func controlCStopsALoadWhoseLinesWaitForEffects() async throws {
        let home = try InteractiveHome()
        try home.write("long.rsh", String(repeating: "increase\n", count: 200) + ":save went-on.rsh\n")
        let terminal = try await home.startShell()
        try terminal.enter(":load long.rsh")
        try await terminal.waitFor("isLoading: false → true")
        try terminal.press(.controlC)
        let screen = try await terminal.waitUntil("the load to stop") {
            $0.contains("long.rsh:1:1: interrupted while waiting for effects; the rest of 'long.rsh' was not run")
                && lastLine(of: $0) == "counter>"
        }
        // One line's wait was interrupted, and one error says so; no later line ran (before the
        // fix each one printed "interrupted while waiting for effects" and sent its action anyway;
        // later, the next line printed a second error).
        #expect(screen.components(separatedBy: "interrupted").count == 2, "\(screen)")
        try await Task.sleep(for: .seconds(1))
        #expect(home.text(of: "went-on.rsh") == nil)
        try terminal.enter(":state isLoading")
        try await terminal.waitFor(":state isLoading\nfalse")
    }

    @Test func controlCStopsALoadWhoseLinesNeverWait() async throws {
        let home = try InteractiveHome()
        // Lines that finish at once and print nothing: the load never waits on its own.
        try home.write("long.rsh", String(repeating: ":set diff off\n", count: 1_000_000) + ":save went-on.rsh\n")
        let terminal = try await home.startShell()
        try terminal.enter(":load long.rsh")
        try await terminal.waitUntilTaken("counter> :load long.rsh")
        try await Task.sleep(for: .milliseconds(200))
        try terminal.press(.controlC)
        let screen = try await terminal.waitUntil("the load to stop", timeout: .seconds(10)) {
            $0.contains("interrupted: this line and the rest of") && lastLine(of: $0) == "counter>"
        }
        #expect(home.text(of: "went-on.rsh") == nil, "\(screen)")
        try terminal.enter(":set diff on")
        try terminal.enter("increase")
        try await terminal.waitFor("isLoading: false → true")
    }

    @Test func controlCDuringASleepOfALoadIsOneErrorAtThatLine() async throws {
        let home = try InteractiveHome()
        try home.write("slow.rsh", ":sleep 20s\n:sleep 20s\n:save went-on.rsh\n")
        let terminal = try await home.startShell()
        try terminal.enter(":load slow.rsh")
        try await terminal.waitUntilTaken("counter> :load slow.rsh")
        try await Task.sleep(for: .milliseconds(300))
        try terminal.press(.controlC)
        let screen = try await terminal.waitUntil("the load to stop") {
            $0.contains("slow.rsh:1:1: interrupted; the rest of 'slow.rsh' was not run") && lastLine(of: $0) == "counter>"
        }
        #expect(screen.components(separatedBy: "interrupted").count == 2, "\(screen)")
        #expect(home.text(of: "went-on.rsh") == nil, "\(screen)")
    }
}
