import Foundation
import Testing
import TestSupport

/// SPEC §9: `:watch` / `:unwatch` narrow the text diffs; `:break` reports a condition that
/// becomes true (and stops a run a person is stepping or loading: see the terminal tests below).
@Suite("Watch and break in batch runs")
struct WatchAndBreakBatchTests {
    @Test func watchedDiffsShowOnlyTheirPathsAndCountTheRest() async throws {
        let result = try await runScript([":watch value", "increase", ":unwatch", "decrease"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdoutLines == [
            "  · setLoading(true)",
            "      (1 other change)",
            "  · increaseValue",
            "      value: 0 → 1",
            "  · setLoading(false)",
            "      (1 other change)",
            "  · setAlertMessage(\"increased!\")",
            "      (1 other change)",
            "  · setLoading(true)",
            "      isLoading: false → true",
            "  · decreaseValue",
            "      value: 1 → 0",
            "  · setLoading(false)",
            "      isLoading: true → false",
            "  · setAlertMessage(\"decreased!\")",
            "      alertMessage: \"increased!\" → \"decreased!\"",
            "0 passed, 0 failed, 0 errors",
        ], "\(result.transcript)")
    }

    @Test func aWatchedArrayShowsItsElementsAndAnotherReactorsPathNeedsItsName() async throws {
        let result = try await runScript([
            ":use board", ":watch posts.count", ":watch write:title", ":watch", #"write.updateTitle "Hi""#, "write.submit",
        ])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdoutLines == [
            "watching board:posts.count",
            "watching write:title",
            "  · write: setTitle(\"Hi\")",
            "      title: \"\" → \"Hi\"",
            "      (1 other change)",
            "  · board: insertPost(Post(id: 1, title: \"Hi\", content: \"\"), at: 0)  ← service event, from write.submit",
            "      + posts[0]: {id: 1, title: \"Hi\", content: \"\"}",
            "  · write: dismiss",
            "      (1 other change)",
            "0 passed, 0 failed, 0 errors",
        ], "\(result.transcript)")
    }

    @Test func jsonPatchesStayWholeWhileWatching() async throws {
        let result = try await runScript([":watch value", "increase"], options: ["--format", "json"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdoutLines.contains { $0.contains(#""mutation":"setLoading(true)","patch":[{"op":"replace","path":"/isLoading""#) },
                "\(result.transcript)")
    }

    @Test func badWatchAndBreakLinesSayWhereAndWhat() async throws {
        let result = try await runScript([
            ":watch nope", ":watch value.count", ":unwatch value", ":break value < \"a\"", ":break nope == 1",
            ":break value ~ 1", ":break write:x == 1", ":unbreak value",
        ])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines == [
            "script.rsh:1:8: no field 'nope' in state; fields: value, isLoading, alertMessage",
            "script.rsh:2:8: value is an Int, it has no field 'count'",
            "script.rsh:3:10: 'value' is not watched (:watch lists the watches)",
            "script.rsh:4:14: cannot compare Int with String using '<'",
            "script.rsh:5:8: no field 'nope' in state; fields: value, isLoading, alertMessage",
            "script.rsh:6:14: :break expects an operator (== != < <= > >= contains), found '~'",
            "script.rsh:7:8: no reactor 'write' in this scene",
            "script.rsh:8:10: no break on 'value' (:break lists the breaks)",
        ], "\(result.transcript)")
    }

    @Test func aBreakIsReportedWhenItsConditionBecomesTrueAndTheRunGoesOn() async throws {
        let result = try await runScript([
            ":break value >= 2", ":break", "increase", "increase", "increase", "decrease", "decrease", "increase",
            ":unbreak value", "increase", ":expect value == 3",
        ], options: ["--no-diff"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdoutLines == [
            "break when counter:value >= 2 (now false)",
            "  ● break: counter:value >= 2 (actual: 2)",
            "  ● break: counter:value >= 2 (actual: 2)",
            "  ✓ value == 3",
            "1 passed, 0 failed, 0 errors",
        ], "\(result.transcript)")
    }
}

/// `:break` stopping runs a person drives, in a pseudo-terminal.
@Suite("Break in a terminal", .serialized, .enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct BreakInTerminalTests {
    @Test func aBreakStopsAStepRunThatWasContinuing() async throws {
        let home = try InteractiveHome()
        try home.write("lesson.rsh", ":break value >= 2\nincrease\nincrease\nincrease\n:expect value == 3\n")
        let terminal = try await home.start(
            command: [InteractiveHome.binary, "run", "--step", "--no-diff", "lesson.rsh"], waitingFor: "counter> :break value >= 2")
        try terminal.type("c")
        // The last line is "counter> increase" before the break too: wait for the break's stop.
        let screen = try await terminal.waitUntil("the stop after the break") {
            $0.hasSuffix("● break: counter:value >= 2 (actual: 2)\ncounter> increase")
        }
        #expect(screen.hasSuffix("""
            counter> increase
            counter> increase
              ● break: counter:value >= 2 (actual: 2)
            counter> increase
            """), "\(screen)")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> :expect value == 3")
        try terminal.press(.enter)
        #expect(try await terminal.waitForExitStatus() == 0)
        #expect(try terminal.screen().hasSuffix("1 passed, 0 failed, 0 errors"))
    }

    @Test func aBreakStopsAnInteractiveLoadAndATypedLineOnlyWarns() async throws {
        let home = try InteractiveHome()
        try home.write("more.rsh", "increase\nincrease\nincrease\n")
        // On the real clock: the typed `increase` changes the value half a second later, above the prompt.
        let terminal = try await home.startShell(["--real-clock", "--no-diff"])
        try terminal.enter(":break value == 1")
        try terminal.enter(":load more.rsh")
        let screen = try await terminal.waitForLastLine("counter> increase")
        #expect(screen.contains("  ● break: counter:value == 1 (actual: 1)\n"), "\(screen)")
        try terminal.type("q")
        try await terminal.waitFor("(stopped: the rest of 'more.rsh' was not run)")
        try await terminal.waitForLastLine("counter>")
        try terminal.enter("decrease")
        try await terminal.waitForLastLine("counter>")
        try terminal.enter("increase")
        try await terminal.waitFor("counter> increase\n  ● break: counter:value == 1 (actual: 1)\ncounter>")
        try terminal.enter(":state value")
        try await terminal.waitFor("counter> :state value\n1\n")
    }
}
