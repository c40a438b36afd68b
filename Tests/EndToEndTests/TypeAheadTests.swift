import Foundation
import Testing
import TestSupport

/// Issue 25 item 9, the cause of `aDelayedMutationPrintedWhileALineIsHalfTyped…` and
/// `controlDTypedWhileACommandRuns…` failing under load: readline put the terminal back in its
/// cooked mode when a line was done, before the shell's line handler ran, and the handler only
/// took it again in `pause()`. Keys typed in between were the kernel's to handle: echoed where
/// the cursor happened to be, held until a line break (a half-typed `:sta`), Ctrl-D turned into
/// an end-of-file mark that reads as a NUL byte later. The handler is made to wait here (another
/// process holds the history file's lock, which the handler takes to append the line), so the
/// keys surely arrive in that stretch.
@Suite("Keys typed while a line is handled", .serialized, .enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct TypeAheadTests {
    /// Holds an exclusive lock on `path` until ``release()``.
    final class HeldLock {
        let descriptor: Int32
        init(_ path: String) {
            descriptor = open(path, O_RDWR | O_CREAT, 0o600)
            _ = flock(descriptor, LOCK_EX)
        }
        func release() { close(descriptor) }
    }

    /// Waits until process `pid` waits for a file lock (a `->` line of /proc/locks names it).
    static func waitUntilBlockedOnALock(_ pid: Int32) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
            if locks.split(separator: "\n").contains(where: { $0.contains("->") && $0.split(separator: " ").contains(Substring(String(pid))) }) {
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("the shell never waited for the history file's lock")
    }

    @Test func controlDTypedWhileTheLineHandlerRunsEndsTheShellAtTheNextPrompt() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell()
        let lock = HeldLock(home.defaultHistoryPath)
        try terminal.enter("increase")
        try await Self.waitUntilBlockedOnALock(try terminal.processID())
        try terminal.press(.controlD)
        lock.release()
        #expect(try await terminal.waitForExitStatus() == 0)
    }

    @Test func aLineHalfTypedWhileTheLineHandlerRunsIsEditedAtTheNextPromptAndNotEchoedBefore() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell()
        let lock = HeldLock(home.defaultHistoryPath)
        try terminal.enter("increase")
        try await Self.waitUntilBlockedOnALock(try terminal.processID())
        try terminal.type(":sta")
        let blocked = try terminal.screen()
        lock.release()
        try await terminal.waitUntil("the delayed mutations") { $0.contains("alertMessage: nil → \"increased!\"") }
        let settled = try await terminal.waitForLastLine("counter> :sta")
        #expect(!lines(of: blocked).contains { $0.hasSuffix(":sta") }, "echoed while the line was handled:\n\(blocked)")
        #expect(lines(of: settled).filter { $0.contains(":sta") }.count == 1, "\(settled)")
        try terminal.enter("te")
        try await terminal.waitFor("alertMessage: \"increased!\"\n")
    }
}
