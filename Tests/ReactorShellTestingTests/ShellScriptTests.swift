import BuiltinReactors
import Foundation
import ReactorShell
import ReactorShellTesting
import Testing

/// ShellScript runs a script against a registry and makes each failure a test issue at the
/// script's line: known issues here, matched by their location and text.
@MainActor
@Suite("ReactorShellTesting")
struct ShellScriptTests {
    @Test func aPassingScriptRecordsNoIssueAndReportsItsOutput() async {
        let result = await ShellScript.run("""
            :use scoreboard
            setScore 2 1
            :expect home == 2
            """, registry: .builtins)
        #expect(result.succeeded)
        #expect(result.passed == 1 && result.failed == 0 && result.errors == 0)
        #expect(result.output == "  · setScore(home: 2, away: 1)\n      home: 0 → 2\n      away: 0 → 1\n  ✓ home == 2\n1 passed, 0 failed, 0 errors\n")
    }

    @Test func eachFailureOfAStringScriptIsAnIssueAtItsLineBelowTheCall() async {
        let call = #_sourceLocation
        var result: ShellScriptResult?
        await withKnownIssue {
            result = await ShellScript.run("""
                :use counter
                increase
                :expect value == 5
                decrese
                """, registry: .builtins, sourceLocation: call)
        } matching: { issue in
            let line = issue.sourceLocation?.line
            let text = issue.comments.map(\.rawValue).joined()
            return (line == call.line + 3 && text.contains("expectation failed: value == 5; actual: 1"))
                || (line == call.line + 4 && text.contains("unknown action 'decrese'; did you mean 'decrease'?"))
        }
        #expect(result?.failures.map(\.line) == [3, 4])
        #expect(result?.failed == 1)
        #expect(result?.errors == 1)
        #expect(result?.output.contains("  ✗ value == 5 (actual: 1)\n") == true, "\(result?.output ?? "")")
        #expect(result?.output.hasSuffix("0 passed, 1 failed, 1 errors\n") == true, "\(result?.output ?? "")")
    }

    @Test func eachFailureOfAScriptFileIsAnIssueAtThatFilesLine() async throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("scripts/failing.rsh").path
        var result: ShellScriptResult?
        await withKnownIssue {
            result = await ShellScript.run(file: path, registry: .builtins)
        } matching: { issue in
            guard let location = issue.sourceLocation, location.filePath == path, location.fileName == "failing.rsh" else { return false }
            let text = issue.comments.map(\.rawValue).joined()
            return (location.line == 4 && location.column == 1 && text.contains("expectation failed: value == 2"))
                || (location.line == 5 && text.contains("unknown action 'bogus'"))
        }
        #expect(result?.failures.map(\.line) == [4, 5])
    }

    @Test func aMissingFileIsOneIssue() async {
        await withKnownIssue {
            _ = await ShellScript.run(file: "/nonexistent/script.rsh", registry: .builtins)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("cannot read script '/nonexistent/script.rsh'")
        }
    }
}
