import Foundation
import Testing
import TestSupport

/// The interactive front end, driven as a person would: the built `reactor-shell` runs in a
/// real pseudo-terminal (tmux), keys are typed and the screen is read.
@Suite("Interactive shell in a terminal", .serialized, .enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct InteractiveTests {
    // MARK: Prompt, banner, output

    @Test func startShowsTheBannerWithAHelpHintAndTheFocusedReactorsPrompt() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell()
        let screen = try terminal.screen()
        let first = try #require(lines(of: screen).first)
        #expect(first.hasPrefix("reactor-shell "), "\(screen)")
        #expect(first.contains(":help"), "\(screen)")
        #expect(lastLine(of: screen) == "counter>")
        try terminal.enter(":use github-search")
        try await terminal.waitForLastLine("github-search>")
    }

    @Test func increaseShowsTheImmediateAndTheDelayedMutationsInOrderThenThePrompt() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell(["--real-clock"])
        try terminal.enter("increase")
        try await terminal.waitFor("isLoading: false → true")
        let screen = try await terminal.waitUntil("the whole increase") {
            $0.contains("alertMessage: nil → \"increased!\"") && lastLine(of: $0) == "counter>"
        }
        let shown = Array(lines(of: screen).drop { $0 != "counter> increase" })
        #expect(shown == [
            "counter> increase",
            "  · setLoading(true)",
            "      isLoading: false → true",
            "  · increaseValue",
            "      value: 0 → 1",
            "  · setLoading(false)",
            "      isLoading: true → false",
            "  · setAlertMessage(\"increased!\")",
            "      alertMessage: nil → \"increased!\"",
            "counter>",
        ], "\(screen)")
    }

    @Test func aDelayedMutationPrintedWhileALineIsHalfTypedLeavesThatLineIntact() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell(["--real-clock"])
        try terminal.enter("increase")
        try terminal.type(":sta")
        let screen = try await terminal.waitUntil("the delayed mutations") {
            $0.contains("alertMessage: nil → \"increased!\"")
        }
        let settled = try await terminal.waitForLastLine("counter> :sta")
        #expect(try terminal.cursorPosition().column == "counter> :sta".count, "\(settled)")
        // No stale copy of the prompt is left between the printed blocks.
        let printed = lines(of: settled).drop { $0 != "counter> increase" }.dropFirst().dropLast()
        #expect(!printed.contains { $0.hasPrefix("counter>") }, "\(screen)\n---\n\(settled)")
        try terminal.enter("te")
        let state = try await terminal.waitFor("value: 1\n")
        #expect(state.contains("counter> :state\nvalue: 1\nisLoading: false\nalertMessage: \"increased!\""), "\(state)")
    }

    /// Keys that arrive with the line before them (one write: the line, Enter, more keys) are read
    /// when the prompt comes back; whichever of the editor's two wake-ups reads them, the other
    /// must not wait in a blocking read with nothing to read, or the main actor stalls and the
    /// delayed mutations stop printing. Before the fix a round stalled one time in two to ten
    /// (release and debug builds), hence the many rounds.
    @Test func keysTypedAheadWithTheLineDoNotStallTheDelayedMutations() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell(["--real-clock"])
        for value in 1...24 {
            // One tmux command: the three arrive together (words that name no key are typed as they are).
            try terminal.press(TerminalKey(tmuxName: "increase"), .enter, TerminalKey(tmuxName: ":sta"))
            let screen = try await terminal.waitUntil("the delayed mutations of increase #\(value)", timeout: .seconds(10)) {
                $0.contains("value: \(value - 1) → \(value)") && lastLine(of: $0) == "counter> :sta"
            }
            #expect(screen.contains("isLoading: true → false"), "\(screen)")
            try terminal.press(.controlU)
            try await terminal.waitForLastLine("counter>")
        }
    }

    // MARK: Completion

    @Test func tabCompletesActionNamesMetaCommandsAndRegistryNames() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell()
        try terminal.type("incr")
        try terminal.press(.tab)
        try await terminal.waitForLastLine("counter> increase")
        try terminal.press(.controlU)
        try terminal.type(":us")
        try terminal.press(.tab)
        try await terminal.waitForLastLine("counter> :use")  // the screen is right-trimmed…
        try terminal.type("gith")  // …but a space followed the unique completion
        try terminal.press(.tab)
        try await terminal.waitForLastLine("counter> :use github-search")
        try terminal.press(.enter)
        try await terminal.waitForLastLine("github-search>")
    }

    @Test func aSecondTabListsTheCandidates() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell()
        try terminal.type(":use ")
        try terminal.press(.tab, .tab)
        let screen = try await terminal.waitFor("github-search")
        let listing = try #require(lines(of: screen).first { $0.contains("github-search") })
        for name in ["board", "counter", "github-search", "scoreboard"] {
            #expect(listing.contains(name), "\(screen)")
        }
        try await terminal.waitForLastLine("counter> :use")
        try terminal.type("sc")
        try terminal.press(.tab)
        try await terminal.waitForLastLine("counter> :use scoreboard")
    }

    @Test func aReactorPrefixOfAPathCompletesWithoutABlankSoTheNextTabCompletesThePath() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell(["--reactor", "board"], prompt: "board>")
        try terminal.type(":expect wri")
        try terminal.press(.tab)
        try await terminal.waitForLastLine("board> :expect write:")
        try terminal.type("isD")
        try terminal.press(.tab)
        // No blank between `write:` and the path: the path was completed as one word.
        try await terminal.waitForLastLine("board> :expect write:isDismissed")
        try terminal.type("== false")
        try terminal.press(.enter)
        try await terminal.waitFor("✓ write:isDismissed == false")
    }

    // MARK: History

    @Test func historyIsAppendedAsEnteredAndRecalledWithUpInANewSession() async throws {
        let home = try InteractiveHome()
        let first = try await home.startShell()
        try first.enter("increase")
        // Appended at once, before the session ends (a crash loses nothing).
        #expect(try await home.waitForFile(home.defaultHistoryPath, toBe: "increase\n") == "increase\n")
        try first.enter("increase")  // a consecutive duplicate is not recorded
        try first.enter(":state   ")  // trailing blanks are not recorded
        try first.enter("   ")  // a blank line is not recorded
        try first.enter("decrease")
        try await first.waitFor("counter> decrease")
        let expected = "increase\n:state\ndecrease\n"
        #expect(try await home.waitForFile(home.defaultHistoryPath, toBe: expected) == expected)
        try first.press(.controlD)
        #expect(try await first.waitForExitStatus() == 0)
        #expect(home.text(of: home.defaultHistoryPath) == expected)

        let second = try await home.startShell()
        try second.press(.up)
        try await second.waitForLastLine("counter> decrease")
        try second.press(.up)
        try await second.waitForLastLine("counter> :state")
        try second.press(.up)
        try await second.waitForLastLine("counter> increase")
        try second.press(.enter)
        try await second.waitFor("isLoading: false → true")
    }

    @Test(.enabled(if: isGNUReadlineBuild, "libedit shows its own search prompt"))
    func controlRSearchesTheHistoryBackwards() async throws {
        let home = try InteractiveHome()
        try home.write("state/reactor-shell/history", ":state\nincrease\n:help\n")
        let terminal = try await home.startShell()
        try terminal.press(.controlR)
        try terminal.type("sta")
        try await terminal.waitFor("(reverse-i-search)`sta': :state")
        try terminal.press(.enter)
        let screen = try await terminal.waitFor("value: 0\n")
        #expect(screen.contains("isLoading: false"), "\(screen)")
    }

    @Test func twoShellsOnOneHistoryFileKeepEachOthersLines() async throws {
        let home = try InteractiveHome()
        let left = try await home.startShell()
        let right = try await home.startShell()
        // Each line is in the file before the other shell's next one is typed (a line shows on the
        // screen before the shell has taken it).
        try left.enter("increase")
        _ = try await home.waitForFile(home.defaultHistoryPath, toBe: "increase\n")
        try right.enter("decrease")
        _ = try await home.waitForFile(home.defaultHistoryPath, toBe: "increase\ndecrease\n")
        try left.enter(":state")
        try await left.waitFor("counter> :state")
        let expected = "increase\ndecrease\n:state\n"
        #expect(try await home.waitForFile(home.defaultHistoryPath, toBe: expected) == expected)
        try left.press(.controlD)
        try right.press(.controlD)
        #expect(try await left.waitForExitStatus() == 0)
        #expect(try await right.waitForExitStatus() == 0)
        #expect(home.text(of: home.defaultHistoryPath) == expected)
    }

    @Test func theHistoryFileComesFromTheEnvironmentOrTheFlag() async throws {
        let home = try InteractiveHome()
        let fromEnvironment = home.path + "/env-history"
        let first = try await home.startShell(environment: ["REACTOR_SHELL_HISTORY": fromEnvironment])
        try first.enter("increase")
        try first.enter(":quit")
        #expect(try await first.waitForExitStatus() == 0)
        #expect(home.text(of: fromEnvironment) == "increase\n:quit\n")

        let fromFlag = home.path + "/flag-history"
        let second = try await home.startShell(
            ["--history-file", fromFlag], environment: ["REACTOR_SHELL_HISTORY": fromEnvironment])
        try second.enter("decrease")
        try second.enter(":quit")
        #expect(try await second.waitForExitStatus() == 0)
        #expect(home.text(of: fromFlag) == "decrease\n:quit\n")
        #expect(home.text(of: fromEnvironment) == "increase\n:quit\n")
        #expect(home.bytes(of: home.defaultHistoryPath) == nil)
    }

    // MARK: Ctrl-C, Ctrl-D, leaving

    @Test func controlCClearsAHalfTypedLineAndTheShellKeepsRunning() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell()
        try terminal.type("bogus half")
        // Under load the keys can be echoed late: the initial prompt alone must not pass for the
        // prompt that Ctrl-C brings back.
        try await terminal.waitForLastLine("counter> bogus half")
        try terminal.press(.controlC)
        try await terminal.waitUntil("a fresh prompt below the cleared line") { screen in
            let rows = lines(of: screen)
            return rows.count >= 2 && rows[rows.count - 1] == "counter>" && rows[rows.count - 2].contains("bogus half")
        }
        try terminal.enter(":state")
        let screen = try await terminal.waitFor("value: 0\n")
        #expect(!screen.contains("unknown action"), "\(screen)")
        #expect(!terminal.hasExited())
        #expect(home.text(of: home.defaultHistoryPath) == ":state\n")
    }

    @Test func controlCInterruptsASleepAndThePromptReturns() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell()
        try terminal.enter(":sleep 30s")
        // Taken, not only shown: a Ctrl-C before the Enter is read clears the line being typed.
        try await terminal.waitUntilTaken("counter> :sleep 30s")
        try terminal.press(.controlC)
        let screen = try await terminal.waitForLastLine("counter>", timeout: .seconds(10))
        #expect(screen.contains("interrupted"), "\(screen)")
        try terminal.enter("increase")
        try await terminal.waitFor("isLoading: false → true")
    }

    @Test func controlCInterruptsAWaitAndThePromptReturns() async throws {
        let home = try InteractiveHome()
        // A search against a server that never answers keeps an effect in flight. Several rounds,
        // each starting a new transfer: a transfer blocking a dispatch worker thread once kept
        // the main queue from being drained, and then neither keys nor ^C were read until the
        // request timed out (about 1 round in 4).
        let server = try SilentLoopbackListener()
        let terminal = try await home.startShell(
            ["--real-clock", "--reactor", "github-search", "--fetcher", "network", "--github-api-url", server.baseURL],
            prompt: "github-search>")
        for round in 1...4 {
            try terminal.enter("updateQuery q\(round)")
            // A different line each round, so that the wait below cannot see an earlier round's.
            try terminal.enter(":wait \(60 + round)s")
            // ^C as soon as the shell has taken the line; a ^C before that belongs to the line
            // editor (it clears the line being typed, and the terminal drops keys typed ahead).
            try await terminal.waitUntilTaken("github-search> :wait \(60 + round)s")
            try terminal.press(.controlC)
            try await terminal.waitFor("<stdin>:\(2 * round):1: interrupted while waiting for effects")
            try await terminal.waitForLastLine("github-search>")
        }
        try terminal.enter(":state query")
        let screen = try await terminal.waitFor("github-search> :state query\n\"q4\"")
        #expect(!terminal.hasExited(), "\(screen)")
        withExtendedLifetime(server) {}
    }

    @Test func controlDOnAnEmptyLineExitsZeroAndRestoresTheTerminal() async throws {
        let home = try InteractiveHome()
        let modes = "stty -a | tr ' ;' '\\n\\n' | grep -x -e -icanon -e icanon -e -echo -e echo"
        let terminal = try await home.startShell(wrappedIn: "\"$0\" \"$@\"; echo \"status $?\"; \(modes)")
        try terminal.type("inc")
        try terminal.press(.controlD)  // not empty: deletes nothing at the end, does not exit
        try terminal.press(.controlU, .controlD)
        let screen = try await terminal.waitFor("status ")
        let after = try await terminal.waitUntil("the terminal modes") { $0.contains("echo") }
        #expect(after.contains("status 0"), "\(screen)")
        #expect(after.contains("\nicanon") && after.contains("\necho"), "\(after)")
    }

    @Test func keysTypedWhileACommandRunsAreNotEchoedAndEditedWhenThePromptReturns() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell()
        try terminal.enter(":sleep 2s")
        try await terminal.waitForLastLine("counter> :sleep 2s")
        try terminal.type("increasx")
        try terminal.press(.backspace)
        try terminal.type("e")
        let screen = try await terminal.waitForLastLine("counter> increase")
        #expect(lines(of: screen).suffix(2) == ["counter> :sleep 2s", "counter> increase"], "\(screen)")
    }

    @Test func controlDTypedWhileACommandRunsExitsWhenThePromptReturns() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell()
        try terminal.enter(":sleep 2s")
        try await terminal.waitForLastLine("counter> :sleep 2s")
        try terminal.press(.controlD)
        #expect(try await terminal.waitForExitStatus() == 0)
        #expect(home.text(of: home.defaultHistoryPath) == ":sleep 2s\n")
    }

    @Test func quitExitsZeroAndExitLeavesWithItsCode() async throws {
        let home = try InteractiveHome()
        let quitting = try await home.startShell()
        try quitting.enter(":quit")
        #expect(try await quitting.waitForExitStatus() == 0)

        let exiting = try await home.startShell()
        try exiting.enter(":exit 3")
        #expect(try await exiting.waitForExitStatus() == 3)
        #expect(home.text(of: home.defaultHistoryPath) == ":quit\n:exit 3\n")
    }

    // MARK: Output streams and colour

    @Test func withStdoutRedirectedThePromptStaysOnTheTerminalAndTheFileHoldsOnlyResults() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell(wrappedIn: "exec \"$0\" \"$@\" > out.txt", ["--real-clock", "--color", "auto"])
        try terminal.enter("increase")
        try terminal.enter("bogus")
        let screen = try await terminal.waitFor("unknown action 'bogus'")
        try terminal.enter(":wait")
        try terminal.enter(":state value")
        try terminal.press(.controlD)
        #expect(try await terminal.waitForExitStatus() == 0)
        let output = try #require(home.text(of: "out.txt"))
        #expect(output == """
              · setLoading(true)
                  isLoading: false → true
              · increaseValue
                  value: 0 → 1
              · setLoading(false)
                  isLoading: true → false
              · setAlertMessage("increased!")
                  alertMessage: nil → "increased!"
            1

            """, "\(output.debugDescription)")
        #expect(!(home.bytes(of: "out.txt") ?? []).contains(0x1B))
        #expect(screen.contains("counter> increase") && !screen.contains("isLoading"), "\(screen)")
    }

    @Test func colorAlwaysPutsEscapesIntoTheDiffOnScreen() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell(["--real-clock", "--color", "always"])
        try terminal.enter("increase")
        try await terminal.waitFor("isLoading: false → true")
        let colored = try terminal.screenWithEscapes()
        #expect(colored.contains("\u{1B}["), "\(colored.debugDescription)")
        #expect(!colored.contains("isLoading: false → true"), "the values are coloured")
    }

    @Test func autoColorsOnATerminalUnlessNoColorIsSet() async throws {
        let home = try InteractiveHome()
        let plain = try await home.startShell(["--real-clock"], environment: ["NO_COLOR": "1"])
        try plain.enter("increase")
        try await plain.waitFor("isLoading: false → true")
        try plain.enter("bogus")
        try await plain.waitFor("unknown action 'bogus'")
        let uncolored = try plain.screenWithEscapes()
        #expect(!uncolored.contains("\u{1B}"), "\(uncolored.debugDescription)")

        let colored = try await home.startShell(["--real-clock"])
        try colored.enter("increase")
        try await colored.waitFor("isLoading: false → true")
        #expect(try colored.screenWithEscapes().contains("\u{1B}["))

        // Empty counts as unset (no-color.org), for the diff as for everything else.
        let emptyNoColor = try await home.startShell(["--real-clock"], environment: ["NO_COLOR": ""])
        try emptyNoColor.enter("increase")
        try await emptyNoColor.waitFor("isLoading: false → true")
        #expect(try emptyNoColor.screenWithEscapes().contains("\u{1B}["))
    }

    // MARK: ~/.inputrc

    @Test(.enabled(if: isGNUReadlineBuild, "libedit reads ~/.editrc instead"))
    func anInputrcBlockForReactorShellTakesEffect() async throws {
        let home = try InteractiveHome()
        try home.write(".inputrc", """
            $if reactor-shell
            "\\C-t": ":state value"
            $endif
            $if some-other-program
            "\\C-t": ":quit"
            $endif

            """)
        let terminal = try await home.startShell()
        try terminal.press(.controlT)
        try await terminal.waitForLastLine("counter> :state value")
        try terminal.press(.enter)
        try await terminal.waitFor("counter> :state value\n0")
    }
}

#if LibEdit
/// Whether the binary under test edits lines with GNU readline (the default trait).
let isGNUReadlineBuild = false
#else
/// Whether the binary under test edits lines with GNU readline (the default trait).
let isGNUReadlineBuild = true
#endif
