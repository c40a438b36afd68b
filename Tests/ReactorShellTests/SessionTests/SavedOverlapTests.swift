import Foundation
import Testing
@testable import ReactorShell

/// `:save` writes what happened: a line whose effects were still running when the next action
/// was sent (typed at the prompt, which returns at once) is saved with ` &`, so that the saved
/// script overlaps them as the session did.
@MainActor
@Suite("Saved overlaps")
struct SavedOverlapTests {
    @Test func aLineStillRunningWhenTheNextActionIsSentIsSavedWithAnAmpersand() async throws {
        let harness = SessionHarness()
        let path = NSTemporaryDirectory() + "overlap-\(UUID().uuidString).rsh"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var number = 0
        // As the interactive shell runs them: no wait after an action.
        for line in ["slowAdd 3", "add 1", ":wait", "slowAdd 2", ":wait", "add 5", ":save \(path)"] {
            number += 1
            let outcome = await harness.session.execute(
                line: line, origin: LineOrigin(source: "<stdin>", line: number), waitAfterAction: false)
            #expect(outcome == .succeeded, "\(line)")
        }
        let saved = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(Array(saved) == [":use tally", "slowAdd 3 &", "add 1", ":wait", "slowAdd 2", ":wait", "add 5"])
    }

    /// A part of an effect cancelled before it started (`timeoutAdd`'s adding, by its own timeout)
    /// is reported as cancelled without having been reported as started: the line's effect that
    /// is still waiting keeps it running, so the next action's line finds it overlapped.
    @Test func aPartCancelledBeforeItStartedLeavesItsLineRunning() async throws {
        let harness = SessionHarness()
        let path = NSTemporaryDirectory() + "overlap-\(UUID().uuidString).rsh"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var number = 0
        for line in ["timeoutAdd", ":advance 60ms", "add 5", ":wait", ":save \(path)"] {
            number += 1
            let outcome = await harness.session.execute(
                line: line, origin: LineOrigin(source: "<stdin>", line: number), waitAfterAction: false)
            #expect(outcome == .succeeded, "\(line)")
        }
        let output = harness.takeStdout()
        #expect(output.contains("  ⊘ effect #3 of timeoutAdd cancelled by timeoutAdd"), "\(output)")
        let saved = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(Array(saved) == [":use tally", "timeoutAdd &", ":advance 60ms", "add 5", ":wait"])
    }
}
