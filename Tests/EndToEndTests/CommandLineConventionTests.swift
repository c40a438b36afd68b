import Foundation
import Testing
import TestSupport

/// Issue 13 item 6: the command line forgives the usual slips and says what it means.
@Suite("Command-line conventions")
struct CommandLineConventionTests {
    @Test func bailAndEchoWorkWithoutRunWhenTheScriptIsPiped() async throws {
        let script = "bogus\nincrease\n"
        let bailed = try await ShellProcess.run(["--bail"], input: .text(script))
        #expect(bailed.status == 1, "\(bailed.transcript)")
        #expect(bailed.stdoutLines == ["0 passed, 0 failed, 1 errors"], "\(bailed.transcript)")  // stopped before `increase`
        #expect(bailed.stderrLines.first?.hasPrefix("<stdin>:1:1: unknown action 'bogus'") == true, "\(bailed.transcript)")

        let echoed = try await ShellProcess.run(["--echo", "--no-diff"], input: .text("increase\n"))
        #expect(echoed.status == 0, "\(echoed.transcript)")
        #expect(echoed.stdoutLines == ["counter> increase", "0 passed, 0 failed, 0 errors"], "\(echoed.transcript)")
    }

    /// `--init` is for the interactive shell: with a piped script it is a usage error, beside
    /// `--bail` or `--echo` too (there it was dropped without a word).
    @Test(arguments: [["--init", "prelude.rsh"], ["--echo", "--init", "prelude.rsh"], ["--init=prelude.rsh", "--bail"]])
    func initWithAPipedScriptIsAUsageError(arguments: [String]) async throws {
        let result = try await ShellProcess.run(arguments, input: .text("increase\n"))
        #expect(result.status == 2, "\(arguments): \(result.transcript)")
        #expect(result.stderr.hasPrefix("reactor-shell: --init runs a prelude before the interactive prompt"), "\(arguments): \(result.transcript)")
        #expect(result.stdout.isEmpty, "\(arguments): \(result.transcript)")
    }

    @Test(.enabled(if: TerminalSession.isAvailable, "needs tmux"))
    func bailOnATerminalIsAUsageError() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell(
            wrappedIn: "\"$0\" \"$@\"; echo \"status $?\"", ["--bail"], waitingFor: "status 2")
        #expect(try terminal.screen().contains("reactor-shell: --bail and --echo apply to scripts"))
    }

    @Test func aScriptNamedWithoutRunGetsADidYouMean() async throws {
        let result = try await ShellProcess.run(["--format", "json", "my script.rsh"])
        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stderrLines.first == "Error: Unexpected argument 'my script.rsh'; did you mean `reactor-shell run --format json 'my script.rsh'`?",
                "\(result.transcript)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aMistypedSubcommandGetsNoRunHint() async throws {
        let result = try await ShellProcess.run(["lst"])
        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stderrLines.first == "Error: Unexpected argument 'lst'", "\(result.transcript)")
    }
}

/// Issue 13 item 6: in JSON mode every error is an event, a missing file too, and the events of
/// a line name its file.
@Suite("JSON events name their file")
struct JSONFileEventTests {
    @Test func aMissingFileIsAnErrorEventAndStillExitStatus2() async throws {
        let result = try await ShellProcess.run(["run", "--format", "json", "missing.rsh"])
        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stderr.isEmpty, "\(result.transcript)")
        #expect(result.stdoutLines == [#"{"event":"error","source":"missing.rsh","message":"cannot read 'missing.rsh': No such file or directory"}"#],
                "\(result.transcript)")
    }

    @Test func actionExpectAndInputEventsNameTheFileOfALoadedScript() async throws {
        try await withWorkspace { workspace in
            try workspace.write("inner.rsh", "increase\n:expect value == 1\n")
            try workspace.write("outer.rsh", ":load inner.rsh\n")
            let result = try await workspace.shell(["run", "--format", "json", "--echo", "outer.rsh"])
            #expect(result.status == 0, "\(result.transcript)")
            let inner = workspace.path + "/inner.rsh"
            #expect(result.stdoutLines.contains(#"{"event":"input","source":"outer.rsh","line":1,"text":":load inner.rsh"}"#), "\(result.transcript)")
            #expect(result.stdoutLines.contains(#"{"event":"action","reactor":"counter","action":"increase","args":{},"source":"\#(inner)","line":1}"#), "\(result.transcript)")
            #expect(result.stdoutLines.contains(#"{"event":"expect","source":"\#(inner)","line":2,"ok":true,"path":"value","op":"==","expected":1,"actual":1}"#), "\(result.transcript)")
        }
    }
}
