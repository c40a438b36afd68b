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
        #expect(bailed.stdoutLines == ["0 passed, 0 failed"], "\(bailed.transcript)")  // stopped before `increase`
        #expect(bailed.stderrLines.first?.hasPrefix("<stdin>:1:1: unknown action 'bogus'") == true, "\(bailed.transcript)")

        let echoed = try await ShellProcess.run(["--echo", "--no-diff"], input: .text("increase\n"))
        #expect(echoed.status == 0, "\(echoed.transcript)")
        #expect(echoed.stdoutLines == ["counter> increase", "0 passed, 0 failed"], "\(echoed.transcript)")
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
