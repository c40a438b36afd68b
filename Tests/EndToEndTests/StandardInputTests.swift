import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Scripts on standard input: `run -` and a plain pipe read the same way, with no prompt,
/// no banner and no colour; `--echo` shows each line.
@Suite("Standard input")
struct StandardInputTests {
    static let lines = ["increase", ":expect value == 1", "bogus"]
    static let expectedStdout = """
          · setLoading(true)
              isLoading: false → true
          · increaseValue
              value: 0 → 1
          · setLoading(false)
              isLoading: true → false
          · setAlertMessage("increased!")
              alertMessage: nil → "increased!"
          ✓ value == 1
        1 passed, 0 failed, 1 errors

        """

    @Test func aPipedScriptPrintsOnlyResultsWithoutPromptBannerOrEscapes() async throws {
        let result = try await pipeScript(Self.lines)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stdout == Self.expectedStdout, "\(result.transcript)")
        #expect(result.stderrLines == ["<stdin>:3:1: unknown action 'bogus'; the actions of counter are increase, decrease"], "\(result.transcript)")
        #expect(!result.containsEscapeBytes)
        #expect(!result.stderr.contains("counter>"))
    }

    @Test func runDashReadsTheScriptFromStandardInputLikeAPipe() async throws {
        let piped = try await pipeScript(Self.lines)
        let dashed = try await pipeScript(Self.lines, arguments: ["run", "-"])
        #expect(dashed.status == piped.status)
        #expect(dashed.stdout == piped.stdout, "\(dashed.transcript)")
        #expect(dashed.stderr == piped.stderr, "\(dashed.transcript)")
        #expect(!dashed.containsEscapeBytes)
    }

    @Test func colorAlwaysIsTheOnlyWayToGetEscapesIntoAPipe() async throws {
        let result = try await pipeScript(Self.lines, arguments: ["--color", "always"])
        #expect(result.containsEscapeBytes, "\(result.transcript)")
        let noColor = try await ShellProcess.run(
            [], input: .text(Self.lines.joined(separator: "\n")), environment: ["NO_COLOR": "1"])
        #expect(!noColor.containsEscapeBytes)
    }

    @Test func echoShowsEachLineWithThePromptBeforeItsOutput() async throws {
        let result = try await pipeScript(["increase", ":set diff off", "decrease", ":expect value == 0"], arguments: ["run", "--echo", "-"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdoutLines.first == "counter> increase", "\(result.transcript)")
        let echoed = result.stdoutLines.filter { $0.hasPrefix("counter> ") }
        #expect(echoed == ["counter> increase", "counter> :set diff off", "counter> decrease", "counter> :expect value == 0"])
        let expectIndex = try #require(result.stdoutLines.firstIndex(of: "counter> :expect value == 0"))
        #expect(result.stdoutLines[expectIndex + 1] == "  ✓ value == 0", "\(result.transcript)")
    }

    @Test func windowsLineEndsAndAMissingFinalNewlineAreAccepted() async throws {
        let result = try await ShellProcess.run([], input: .text("increase\r\n:expect value == 1\r\n:expect value == 1"))
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "2 passed, 0 failed, 0 errors", "\(result.transcript)")
    }

    @Test func emptyInputPrintsOnlyTheSummary() async throws {
        let result = try await ShellProcess.run([], input: .text(""))
        #expect(result.status == 0)
        #expect(result.stdout == "0 passed, 0 failed, 0 errors\n", "\(result.transcript)")
        #expect(result.stderr.isEmpty)
    }
}
