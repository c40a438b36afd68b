import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 26 point 4, as a room sees it: a terminal of 80 columns and 30 rows (what a projector
/// shows with a large font), colours that carry meaning, the short `:help` page, `:clear`.
@Suite("Layout for a room", .serialized, .enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct RoomLayoutTests {
    static let lesson = """
        # The scene has two reactors: `board` lists the posts, `write` edits a new one. They never call each other.
        # Both hold the same BoardService.

        # Typing in the editor is an action of `write`.
        #
        # Its mutations change `write` only.
        :use board
        """

    @Test func narrationIsWrappedAtWordsWithItsParagraphsAndWithoutBackticks() async throws {
        let home = try InteractiveHome()
        try home.write("lesson.rsh", Self.lesson)
        let terminal = try await home.start(
            command: [InteractiveHome.binary, "run", "--step", "lesson.rsh"], columns: 80, rows: 30, waitingFor: "counter> :use board")
        let screen = try terminal.screen()
        #expect(screen.hasPrefix("""
            The scene has two reactors: board lists the posts, write edits a new one. They
            never call each other. Both hold the same BoardService.

            Typing in the editor is an action of write.

            Its mutations change write only.
            Stepping: Enter runs the line, s skips it, b steps back, c runs the rest, q
            stops; :COMMAND runs a command here.
            counter> :use board
            """), "\(screen)")
    }

    @Test func theHelpPageFitsTwentyFourRowsAndGroupsTheRest() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell(["--real-clock", "--reactor", "board"], prompt: "board>", columns: 80, rows: 30)
        try terminal.enter(":clear")
        try await terminal.waitUntil("the screen to clear") { $0 == "board>" }
        try terminal.enter(":help")
        let screen = try await terminal.waitUntil("the help page") { $0.hasSuffix("shell    :help :quit :exit\nboard>") }
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.first == "board> :help", "cleared before: \(screen)")
        #expect(rows.count - 2 <= 24, "\(screen)")
        #expect(rows.contains("  board (focused)  refresh, delete(id: Int), rename(id: Int, title: String)"), "\(screen)")
        #expect(rows.contains("                   submit"), "a hanging indent: \(screen)")
        #expect(rows.allSatisfy { $0.count <= 80 }, "\(screen)")
        try terminal.enter(":clear")
        try await terminal.waitUntil("the screen to clear") { $0 == "board>" }
        try terminal.enter(":help time")
        let group = try await terminal.waitUntil("the time group") { $0.hasSuffix("board>") && $0.contains(":reset") }
        #expect(group.contains("  :history           Show the log: numbered actions and the mutations each\n                     caused in any reactor."), "\(group)")
    }

    /// A diff line wider than the terminal goes on at a word, two columns further in than it
    /// starts (the header's at the label, a change's past its own indent); in colour too.
    @Test(arguments: ["never", "always"])
    func longDiffLinesWrapAtAWordWithAHangingIndent(color: String) async throws {
        let home = try InteractiveHome()
        try home.write("long.rsh", """
            :use board
            write.updateTitle "A fairly long title for a post that the class will read on the projector"
            write.submit
            """)
        let terminal = try await home.start(
            command: [InteractiveHome.binary, "--color", color, "run", "long.rsh"], columns: 80, rows: 30,
            waitingFor: "0 passed, 0 failed, 0 errors")
        let screen = try terminal.screen()
        #expect(screen == """
              · write: setTitle("A fairly long title for a post that the class will read on
                the projec…
                  title: "" → "A fairly long title for a post that the class will read on
                    the projector"
                  canSubmit: false → true
              · board: insertPost(Post(id: 1, title: "A fairly long title for a post that
                the class wi…  ← service event, from write.submit
                  + posts[0]: {id: 1, title: "A fairly long title for a post that the class
                    w…" (72 chars), … 1 more}
              · write: dismiss
                  isDismissed: false → true
            0 passed, 0 failed, 0 errors
            """, "\(screen)")
        if color == "always" {
            #expect(try terminal.screenWithEscapes().contains("\u{1B}[32m\"A fairly long title"), "still coloured")
        }
    }

    /// `COLUMNS` is read by the one checked parser of numeric settings (1 to 65,535 columns): a
    /// value past its bounds or not a number is ignored for the terminal's own width (80 here).
    /// It was read with a plain `Int(…)`, so `100000` turned wrapping off and `+40` wrapped at 40.
    @Test(arguments: ["100000", "65536", "+40", "40x", "0", ""])
    func aColumnsValuePastItsBoundsGivesTheTerminalsOwnWidth(columns: String) async throws {
        let home = try InteractiveHome()
        try home.write("long.rsh", """
            :use board
            write.updateTitle "A fairly long title for a post that the class will read on the projector"
            """)
        let terminal = try await home.start(
            command: [InteractiveHome.binary, "run", "long.rsh"], environment: ["COLUMNS": columns],
            columns: 80, rows: 30, waitingFor: "0 passed, 0 failed, 0 errors")
        let screen = try terminal.screen()
        #expect(screen.hasPrefix("""
              · write: setTitle("A fairly long title for a post that the class will read on
                the projec…
                  title: "" → "A fairly long title for a post that the class will read on
                    the projector"
            """), "COLUMNS=\(columns):\n\(screen)")
    }

    /// `:state` and `:state *` wrap a long value at a word too (it broke mid-word at the edge).
    @Test func stateLinesWrapAtAWord() async throws {
        let home = try InteractiveHome()
        try home.write("long.rsh", """
            :use board
            write.updateTitle "A fairly long title for a post that the class will read on the projector"
            :state *
            :state write:title
            """)
        let terminal = try await home.start(
            command: [InteractiveHome.binary, "--no-diff", "run", "long.rsh"], columns: 80, rows: 30,
            waitingFor: "0 passed, 0 failed, 0 errors")
        let screen = try terminal.screen()
        #expect(screen.hasSuffix("""
            write:
              title: "A fairly long title for a post that the class will read on the
                projector"
              content: ""
              canSubmit: true
              isDismissed: false
            "A fairly long title for a post that the class will read on the projector"
            0 passed, 0 failed, 0 errors
            """), "\(screen)")
    }

    /// `:actions`, `:reactors`, `:help ACTION`, `:history` and errors on the terminal wrap at a word
    /// too: a listing's doc goes on under its column, the rest two columns in (they broke mid-word at
    /// the edge: `the list he` / `ars it as an event.`).
    @Test func listingsTheHistoryAndErrorsWrapAtAWord() async throws {
        let home = try InteractiveHome()
        try home.write("long.rsh", """
            :use board
            write.updateTitle "A fairly long title for a post that the class will read"
            write.submit
            :actions
            :reactors
            :help rename
            :history
            :expect posts[0].title == "A fairly long title for a post that the class will not read"
            """)
        let terminal = try await home.start(
            command: [InteractiveHome.binary, "--no-diff", "run", "long.rsh"], columns: 80, rows: 60,
            waitingFor: "0 passed, 1 failed, 0 errors")
        let screen = try terminal.screen()
        for expected in [
            """
              delete(id: Int)                 Asks the service to delete a post; the list
                                              hears it as an event.
            """,
            """
              counter        ReactorKit's Counter: increase/decrease after 500 ms, with a
                             loading flag and a Pulse alert
            """,
            """
            rename(id: Int, title: String)
              Asks the service to change a post's title; the list replaces the post when it
              hears the update.
            """,
            """
                   · board: insertPost(Post(id: 1, title: "A fairly long title for a post
                     that the class wi…
            """,
            """
            long.rsh:8:1: expectation failed: posts[0].title == "A fairly long title for a
              post that the class will not read"; actual: "A fairly long title for a post
              that the class will read"
            """,
        ] {
            #expect(screen.contains(expected), "\(expected)\n--- screen ---\n\(screen)")
        }
    }

    /// A long `:pause` text wraps at a word (it broke mid-word at the edge), and comes back whole
    /// after a command typed at it.
    @Test func aLongPauseWrapsAtAWordAndComesBackWholeAfterACommand() async throws {
        let home = try InteractiveHome()
        try home.write("lesson.rsh", ":pause \"One action, two mutations: one now, one when the search answered.\"\nincrease\n")
        let terminal = try await home.start(
            command: [InteractiveHome.binary, "run", "--step", "lesson.rsh"], columns: 80, rows: 30, waitingFor: "  Enter")
        let pause = "⏸ One action, two mutations: one now, one when the search answered. — press\n  Enter"
        #expect(try terminal.screen() == pause)
        try terminal.type(":state value")
        try terminal.press(.enter)
        try await terminal.waitFor("counter> :state value\n0\n" + pause)
        try terminal.press(.enter)
        try await terminal.waitForLastLine("counter> increase")
        try terminal.type("q")
        #expect(try await terminal.waitForExitStatus() == 0)
    }

    @Test func controlLClearsTheScreenAtAPause() async throws {
        let home = try InteractiveHome()
        try home.write("lesson.rsh", "# Narration before.\nincrease\n")
        let terminal = try await home.start(
            command: [InteractiveHome.binary, "run", "--step", "lesson.rsh"], columns: 80, rows: 30, waitingFor: "counter> increase")
        #expect(try terminal.screen().hasPrefix("Narration before."))
        try terminal.press(TerminalKey(tmuxName: "C-l"))
        try await terminal.waitUntil("the screen to clear") { $0 == "counter> increase" }
        try terminal.press(.enter)
        #expect(try await terminal.waitForExitStatus() == 0)
    }
}

/// Colours that carry meaning are colours, not dim (`--color always`); without colour the
/// same words are there.
@Suite("Colours for a projector")
struct ProjectorColourTests {
    @Test func causesTraceLinesAndBreaksAreColouredNotDim() async throws {
        let script = [":use board", ":break board:posts.count == 1", "write.updateTitle Hi", "write.submit", ":set trace on", "delete 1"]
        let coloured = try await pipeScript(script, arguments: ["--color", "always"])
        #expect(!coloured.stdout.contains("\u{1B}[2m"), "nothing dim: \(coloured.transcript)")
        #expect(coloured.stdout.contains("\u{1B}[35m  ← service event, from write.submit\u{1B}[0m"), "\(coloured.transcript)")
        #expect(coloured.stdout.contains("\u{1B}[1;33m  ● break: board:posts.count == 1 (actual: 1)\u{1B}[0m"), "\(coloured.transcript)")
        #expect(coloured.stdout.contains("\u{1B}[36m  ⋯ effect #"), "\(coloured.transcript)")
        let plain = try await pipeScript(script, arguments: ["--color", "never"])
        #expect(!plain.containsEscapeBytes, "\(plain.transcript)")
        #expect(plain.stdout.contains("  ← service event, from write.submit"), "\(plain.transcript)")
        #expect(plain.stdout.contains("  ● break: board:posts.count == 1 (actual: 1)"), "\(plain.transcript)")
    }

    @Test func helpGroupsAndCommandsWithoutATerminalAreNotWrapped() async throws {
        let result = try await pipeScript([":help room", ":help :clear", ":help nonsense"])
        #expect(result.stdoutLines.prefix(4) == [
            "room: for a class or a demo (:help :COMMAND for one)",
            "  :pause [TEXT]      Show TEXT and wait for Enter when a person is at the terminal.",
            "  :clear             Clear the terminal's screen (Ctrl-L does too, at a pause as well).",
            "  :set [NAME VALUE]  Change an output setting: diff, format, trace or color; alone, list them.",
        ], "\(result.transcript)")
        #expect(result.stdout.contains(":clear\n  Clear the terminal's screen"), "\(result.transcript)")
        #expect(result.stderrLines.count == 1, "\(result.transcript)")
    }
}
