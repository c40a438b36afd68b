import Foundation
import Testing
import TestSupport

/// Issue 13 items 2 and 5: the history file is bounded in what it reads, its size is configurable
/// (`REACTOR_SHELL_HISTSIZE`), and a longer file is never cut silently.
@Suite("History limits", .serialized, .enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct HistoryLimitTests {
    @Test func aDeviceAsTheHistoryFileStartsAtOnceAndTheShellWorks() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell(["--real-clock", "--history-file", "/dev/zero"])
        try terminal.enter(":state value")
        try await terminal.waitFor(":state value\n0")
        #expect(!terminal.hasExited())
    }

    @Test func aLongerHistoryFileIsLoadedKeptWholeAndNamedOnce() async throws {
        let home = try InteractiveHome()
        let original = (1...30).map { ":state value # \($0)\n" }.joined()
        let path = try home.write("history", original)
        let terminal = try await home.startShell(
            ["--real-clock", "--history-file", path], environment: ["REACTOR_SHELL_HISTSIZE": "10"])
        let screen = try terminal.screen()
        let joined = screen.replacingOccurrences(of: "\n  ", with: " ")
        #expect(joined.contains("holds 30 entries, more than the limit of 10"), "\(screen)")
        try terminal.enter("increase")
        try await terminal.waitFor("isLoading: false → true")
        let kept = try #require(await home.waitForFile(path, toBe: original + "increase\n"))
        #expect(kept == original + "increase\n")
    }

    @Test func anUnwritableHistoryPathIsNamedOnceAndTheShellWorks() async throws {
        // Issue 26: the path was named when the shell started and again at the first line.
        let home = try InteractiveHome()
        let blocker = try home.write("plain-file", "")
        let terminal = try await home.startShell(["--real-clock", "--history-file", blocker + "/history"])
        try terminal.enter(":state value")
        try await terminal.waitFor(":state value\n0")
        try terminal.enter(":state isLoading")
        try await terminal.waitFor(":state isLoading\nfalse")
        let screen = try terminal.screen().replacingOccurrences(of: "\n", with: "")
        #expect(screen.components(separatedBy: "history not saved").count == 2, "\(screen)")
        #expect(screen.contains("Not a directory"), "\(screen)")
        #expect(!terminal.hasExited())
    }

    /// On a terminal of 80 columns the warning goes on at a word, two columns in (it broke
    /// mid-word at the edge: `Not a director` / `y`).
    @Test func theHistoryWarningWrapsAtAWordOnANarrowTerminal() async throws {
        let home = try InteractiveHome()
        try home.write("a-plain-file", "")
        let terminal = try await home.startShell(["--real-clock", "--history-file", "a-plain-file/history"], columns: 80)
        let rows = try terminal.screen().split(separator: "\n").prefix { !$0.hasPrefix("reactor-shell 0.2.0") }
        #expect(rows == ["reactor-shell: history not saved: cannot open a-plain-file/history: Not a", "  directory"], "\(rows)")
    }
}
