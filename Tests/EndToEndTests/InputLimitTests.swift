import Foundation
import Testing
import TestSupport

/// SPEC §6's limits on input: long tokens in errors, malformed expectations.
@Suite("Input limits")
struct InputLimitTests {
    @Test func anErrorQuotesAtMost80CharactersOfAHugeToken() async throws {
        let token = String(repeating: "q", count: 500_000)
        let result = try await runScript([token, "increase", ":expect value == 1"])
        #expect(result.status == 1)
        #expect(result.stderrLines == ["script.rsh:1:1: unknown action '\(String(repeating: "q", count: 80))…'; the actions of counter are increase, decrease"],
                "\(result.stderr.prefix(300))")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors")
    }

    @Test func aMalformedExpectationCountsAsAFailedOne() async throws {
        let result = try await runScript([
            "increase",
            ":expect value ==",
            "  :expect value ~~ 1",
            ":expect value == 1",
            ":expectation",
        ])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines.count == 3, "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 2 failed, 1 errors", "\(result.transcript)")

        let json = try await runScript([":expect value =="], options: ["--format", "json"])
        #expect(json.lastStdoutLine == #"{"event":"summary","passed":0,"failed":1,"errors":0}"#, "\(json.transcript)")
    }

    @Test func aLineOverTheLimitIsAnErrorNamingItsLineAndTheRestRuns() async throws {
        let long = String(repeating: "a", count: 2 * 1024 * 1024)
        let result = try await runScript(["increase", long, ":expect value == 1"])
        #expect(result.status == 1)
        #expect(result.stderrLines == ["script.rsh:2:1: line longer than 1048576 bytes (the limit; see --max-line-length); the line was skipped"],
                "\(result.stderr.prefix(300))")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors")

        let limited = try await runScript(["increase", String(repeating: "b", count: 101), ":expect value == 1"],
                                          options: ["--max-line-length", "100"])
        #expect(limited.stderrLines == ["script.rsh:2:1: line longer than 100 bytes (the limit; see --max-line-length); the line was skipped"],
                "\(limited.transcript)")
        #expect(limited.lastStdoutLine == "1 passed, 0 failed, 1 errors")
    }

    @Test func devZeroIsBinaryDataNotAnEndlessLine() async throws {
        let result = try await ShellProcess.run(["run", "/dev/zero"], timeLimit: .seconds(30))
        #expect(!result.timedOut)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines == ["/dev/zero:1:1: binary data (a NUL byte): '/dev/zero' is not a script; stopped reading it"],
                "\(result.transcript)")

        let loaded = try await runScript([":load /dev/zero", "increase", ":expect value == 1"])
        #expect(!loaded.timedOut)
        #expect(loaded.stderrLines.count == 1, "\(loaded.transcript)")
        #expect(loaded.lastStdoutLine == "1 passed, 0 failed, 1 errors", "\(loaded.transcript)")
    }

    @Test func aByteOrderMarkAtTheStartOfAFileIsSkipped() async throws {
        try await withWorkspace { workspace in
            try workspace.write("bom.rsh", bytes: [0xEF, 0xBB, 0xBF] + Array("increase\n:expect value == 1\n".utf8))
            let result = try await workspace.shell(["run", "bom.rsh"])
            #expect(result.status == 0, "\(result.transcript)")
            #expect(result.lastStdoutLine == "1 passed, 0 failed, 0 errors")
        }
    }
}
