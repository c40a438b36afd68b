import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SPEC §6 at the prompt: a typed line that is not text gets the error a script's line gets,
/// and the shell goes on. The bytes reach the terminal raw (`tmux send-keys -H`), as a paste of
/// binary data or a terminal in another encoding would send them.
@Suite("Bad input at the interactive prompt", .serialized, .enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct InteractiveBadInputTests {
    @Test func aTypedLineThatIsNotUTF8IsSkippedWithTheBatchErrorAndNotRecorded() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell()
        try terminal.typeBytes(Array("incr".utf8) + [0xFF] + Array("ease".utf8) + [0x0D])
        try await terminal.waitFor("<stdin>:1:1: invalid UTF-8 in this line; the line was skipped")
        // A continuation byte without its lead. (A lead byte without its continuation is not sent:
        // readline in a UTF-8 locale drops it, or in the C locale may read it as a Meta key; what
        // reaches the shell is what is checked, so the test sends bytes readline keeps.)
        try terminal.typeBytes(Array(":sta".utf8) + [0x80] + Array("te".utf8) + [0x0D])
        try await terminal.waitFor("<stdin>:2:1: invalid UTF-8 in this line; the line was skipped")
        // The lines after it keep their numbers, and valid non-ASCII text is still text.
        try terminal.typeBytes(Array("incré".utf8) + [0x0D])
        let screen = try await terminal.waitFor("<stdin>:3:1: unknown action 'incré'")
        #expect(!screen.contains("\u{FFFD}"), "\(screen)")
        try terminal.enter(":state")
        try await terminal.waitFor("value: 0")

        // Only the text lines were recorded in the history.
        let expected = "incré\n:state\n"
        #expect(try await home.waitForFile(home.defaultHistoryPath, toBe: expected) == expected)
        try terminal.press(.controlD)
        #expect(try await terminal.waitForExitStatus() == 0)
    }

    /// `--max-line-length` holds for typed lines as for a script's: an over-long line gets the
    /// batch error and is skipped (kept out of the history), and nothing else is lost: the lines
    /// after it run and keep their numbers.
    @Test func aTypedLineOverTheLimitIsSkippedWithTheBatchErrorAndNotRecorded() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell(["--real-clock", "--max-line-length", "16"])
        try terminal.enter("increase")
        try await terminal.waitFor("value: 0 → 1")
        // 17 bytes: one over the limit.
        try terminal.enter("increase   # 17 b")
        try await terminal.waitFor(
            "<stdin>:2:1: line longer than 16 bytes (the limit; see --max-line-length); the line was skipped")
        // At the limit it is a line; the limit counts bytes, not characters (14 here).
        try terminal.enter("increase  # éé")
        try await terminal.waitFor("value: 1 → 2")
        try terminal.enter("increase # ééé")
        try await terminal.waitFor("<stdin>:4:1: line longer than 16 bytes")
        try terminal.enter(":state")
        try await terminal.waitFor("counter> :state\nvalue: 2\n")

        let expected = "increase\nincrease  # éé\n:state\n"
        #expect(try await home.waitForFile(home.defaultHistoryPath, toBe: expected) == expected)
        try terminal.press(.controlD)
        #expect(try await terminal.waitForExitStatus() == 0)
    }
}
