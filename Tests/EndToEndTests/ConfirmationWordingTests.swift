import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the exports say they did, in words a room reads aloud: `1 command`, not `1 commands`.
@Suite("Confirmation wording")
struct ConfirmationWordingTests {
    @Test func oneCommandAndOneExpectationAreSingular() async throws {
        // Issue 26: `saved a transcript of 1 commands`.
        try await withWorkspace { workspace in
            let result = try await workspace.run("""
                :save one.rsh
                increase
                :save --transcript one.md
                :use scoreboard
                homeScore
                :save --expect test.rsh

                """)
            #expect(result.status == 0, "\(result.transcript)")
            #expect(result.stdoutLines.contains("saved 1 command to one.rsh"), "\(result.transcript)")
            #expect(result.stdoutLines.contains("saved a transcript of 1 command to one.md"), "\(result.transcript)")
            #expect(result.stdoutLines.contains("saved 4 commands and 1 expectation to test.rsh"), "\(result.transcript)")
        }
    }
}
