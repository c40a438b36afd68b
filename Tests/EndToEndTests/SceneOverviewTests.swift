import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 26 point 3: a scene of several reactors is visible whole (`:actions`, `:help`,
/// `:state *`), a `.` written for `:` (or the other way round) gets the right form as a hint,
/// `:set` alone lists the settings, `--trace` is `:set trace on` from the start.
@Suite("The whole scene, hints and settings")
struct SceneOverviewTests {
    @Test func eachDotColonMixUpNamesTheRightForm() async throws {
        let result = try await pipeScript([
            ":use board",
            ":state write.title",
            "write:submit",
            ":expect write.isDismissed == false",
            ":state write",
            ":state posts.count",
        ])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines == [
            "<stdin>:2:8: no field 'write' in state; fields: posts; did you mean 'write:title'?",
            "<stdin>:3:6: expected a blank after the action name 'write', found ':'; did you mean 'write.submit'?",
            "<stdin>:4:1: expectation failed: write.isDismissed == false; no field 'write' in state; fields: posts; did you mean 'write:isDismissed'?",
            "<stdin>:5:8: no field 'write' in state; fields: posts; did you mean 'write:'?",
        ], "\(result.transcript)")
        #expect(result.stdoutLines.first == "  ✗ write.isDismissed == false (no field 'write' in state; fields: posts; did you mean 'write:isDismissed'?)")
        #expect(result.lastStdoutLine == "0 passed, 1 failed, 3 errors", "\(result.transcript)")
    }

    @Test func aPathThatIsNoReactorsNameGetsNoReactorHint() async throws {
        let result = try await pipeScript([":use board", ":state nothing.title"])
        #expect(result.stderrLines == ["<stdin>:2:8: no field 'nothing' in state; fields: posts"], "\(result.transcript)")
    }

    @Test func actionsAndHelpListEveryReactorGroupedTheFocusedOneFirst() async throws {
        let result = try await pipeScript([":use board", ":focus write", ":actions", ":help"])
        #expect(result.status == 0, "\(result.transcript)")
        let actions = """
            Actions of write (focused: type ACTION):
              updateTitle(title: String)      Sets the title (submitting needs a title that is not blank).
              updateContent(content: String)  Sets the content.
              submit                          Creates the post and dismisses the editor; ignored while the title is blank.

            Actions of board (type board.ACTION):
              refresh                         Reloads the posts from the service.
            """
        #expect(result.stdout.hasPrefix(actions), "\(result.transcript)")
        #expect(result.stdout.contains("\n  write (focused)  updateTitle(title: String), updateContent(content: String), submit\n  board            refresh, delete(id: Int), rename(id: Int, title: String)\n"), "\(result.transcript)")
        let single = try await pipeScript([":actions"])
        #expect(single.stdoutLines.first == "Actions of counter:", "\(single.transcript)")
    }

    @Test func stateStarPrintsTheWholeSceneAsAnIndentedTree() async throws {
        let result = try await pipeScript([":use board", "write.updateTitle Hi", "write.submit", ":state *"], arguments: ["--no-diff"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdout.hasSuffix("""
            board:
              posts: [{id: 1, title: "Hi", content: ""}]
            write:
              title: "Hi"
              content: ""
              canSubmit: true
              isDismissed: true
            0 passed, 0 failed, 0 errors

            """), "\(result.transcript)")
        let json = try await pipeScript([":use board", ":state *"], arguments: ["--format", "json"])
        #expect(json.stdoutLines.prefix(2) == [
            #"{"event":"state","reactor":"board","state":{"posts":[]}}"#,
            #"{"event":"state","reactor":"write","state":{"title":"","content":"","canSubmit":false,"isDismissed":false}}"#,
        ], "\(json.transcript)")
    }

    @Test func setAloneListsEverySettingWithItsValue() async throws {
        let result = try await pipeScript([":set", ":set trace on", ":set diff off", ":set"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdoutLines == [
            "  diff   on     (on|off)",
            "  format text   (text|json)",
            "  trace  off    (on|off)",
            "  color  auto   (auto|always|never)",
            "  diff   off    (on|off)",
            "  format text   (text|json)",
            "  trace  on     (on|off)",
            "  color  auto   (auto|always|never)",
            "0 passed, 0 failed, 0 errors",
        ], "\(result.transcript)")
    }

    @Test func theTraceFlagIsTraceOnFromTheStart() async throws {
        let result = try await pipeScript([":use github-search", "updateQuery sw &", "updateQuery swift", ":set"], arguments: ["--trace"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdout.contains("  ⋯ effect #1 of updateQuery(\"sw\") cancelled at t=0ms (+0ms)"), "\(result.transcript)")
        #expect(result.stdout.contains("  trace  on     (on|off)"), "\(result.transcript)")
        let run = try await runScript(["increase"], options: ["--trace"])
        #expect(run.stdout.contains("  ⋯ effect #1 of increase finished at t=500ms (+500ms)"), "\(run.transcript)")
    }

    @Test func initIsForTheInteractiveShellOnly() async throws {
        let result = try await pipeScript(["increase"], arguments: ["--init", "prelude.rsh"])
        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stdout.isEmpty, "\(result.transcript)")
        #expect(result.stderrLines == [
            "reactor-shell: --init runs a prelude before the interactive prompt; for a batch run, name it first: `reactor-shell run prelude.rsh FILE`",
        ], "\(result.transcript)")
    }
}

/// `--init FILE` in a terminal: the prelude runs, then the prompt is the students'.
@Suite("The --init prelude", .serialized, .enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct InitPreludeTests {
    @Test func thePreludeSetsUpTheSceneAndThenGivesThePrompt() async throws {
        let home = try InteractiveHome()
        let prelude = try home.write("prelude.rsh", "# set the scene\n:use board\nwrite.updateTitle \"Hi\"\nbogus\n")
        let terminal = try await home.startShell(["--real-clock", "--init", prelude], prompt: "board>")
        let screen = try terminal.screen()
        #expect(screen.contains("title: \"\" → \"Hi\""), "\(screen)")
        #expect(screen.contains("prelude.rsh:4:1: unknown action 'bogus'"), "a failing line is reported: \(screen)")
        #expect(screen.contains("loaded. Type :help"), "\(screen)")
        try terminal.enter(":state write:title")
        try await terminal.waitFor(":state write:title\n\"Hi\"")
        try terminal.enter(":quit")
        #expect(try await terminal.waitForExitStatus() == 0, "interactively :quit exits 0")
    }

    @Test func anUnreadablePreludeIsAUsageError() async throws {
        let home = try InteractiveHome()
        let terminal = try TerminalSession(
            command: [InteractiveHome.binary, "--init", home.path + "/missing.rsh"], environment: ["HOME": home.path],
            removingEnvironment: [], workingDirectory: home.path, columns: 100, rows: 30)
        #expect(try await terminal.waitForExitStatus() == 2)
        let screen = try terminal.screen()
        #expect(screen.contains("reactor-shell: --init: cannot read"), "\(screen)")
    }
}
