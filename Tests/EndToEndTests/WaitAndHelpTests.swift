import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `:wait` limits on the real clock, `--bail` in JSON mode, and help output.
@Suite("Waiting, bail in JSON, help")
struct WaitAndHelpTests {
    @Test func aWaitThatRunsOutIsAnErrorAndCancelsTheEffectsInFlight() async throws {
        let result = try await runScript([
            "increase &",
            ":wait 50ms",
            ":expect value == 0",
            "increase",
            ":expect value == 1",
        ], options: ["--real-clock"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines.count == 1, "\(result.transcript)")
        let error = try #require(result.stderrLines.first)
        #expect(error.hasPrefix("script.rsh:2:1: "), "\(result.transcript)")
        #expect(error.hasSuffix("the effects in flight were cancelled"), "\(result.transcript)")
        #expect(result.lastStdoutLine == "2 passed, 0 failed, 1 errors", "\(result.transcript)")
    }

    @Test func bailInJSONModeStillEndsWithTheSummaryEvent() async throws {
        let result = try await pipeScript(["bogus", "increase"], arguments: ["run", "--bail", "--format", "json", "-"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdoutLines == [
            #"{"event":"error","source":"<stdin>","line":1,"column":1,"message":"unknown action 'bogus'; the actions of counter are increase, decrease"}"#,
            #"{"event":"summary","passed":0,"failed":0,"errors":1}"#,
        ], "\(result.transcript)")
    }

    @Test func helpForAnActionShowsItsSignatureAndDoc() async throws {
        let result = try await runScript([":use scoreboard", ":help setScore", ":help :expect", ":help nothingLikeThis"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stdoutLines.contains { $0.hasPrefix("setScore") && $0.contains("home") && $0.contains("Int") }, "\(result.transcript)")
        #expect(result.stdoutLines.contains(":expect PATH OP VALUE"), "\(result.transcript)")
        #expect(result.stderrLines.count == 1, "\(result.transcript)")
        #expect(result.stderrLines.first?.hasPrefix("script.rsh:4:7: no help for 'nothingLikeThis'") == true, "\(result.transcript)")
    }
}
