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
        #expect(result.lastStdoutLine == "1 passed, 0 failed")
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
        #expect(result.lastStdoutLine == "1 passed, 2 failed", "\(result.transcript)")

        let json = try await runScript([":expect value =="], options: ["--format", "json"])
        #expect(json.lastStdoutLine == #"{"event":"summary","passed":0,"failed":1}"#, "\(json.transcript)")
    }
}
