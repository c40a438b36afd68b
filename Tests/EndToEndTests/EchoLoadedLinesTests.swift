import Foundation
import Testing
import TestSupport

/// SPEC §9: `--echo` and `:load --echo` also show the lines of loaded files.
@Suite("Echo of loaded files")
struct EchoLoadedLinesTests {
    @Test func runEchoShowsTheLinesOfLoadedFilesAtEveryDepth() async throws {
        try await withWorkspace { workspace in
            try workspace.write("inner.rsh", "decrease\n")
            try workspace.write("middle.rsh", "increase\n:load inner.rsh\n")
            try workspace.write("outer.rsh", ":load middle.rsh\n:expect value == 0\n")
            let result = try await workspace.shell(["run", "--echo", "--no-diff", "outer.rsh"])
            #expect(result.status == 0, "\(result.transcript)")
            #expect(result.stdoutLines == [
                "counter> :load middle.rsh",
                "counter> increase",
                "counter> :load inner.rsh",
                "counter> decrease",
                "counter> :expect value == 0",
                "  ✓ value == 0",
                "1 passed, 0 failed, 0 errors",
            ], "\(result.transcript)")
        }
    }

    @Test func loadEchoShowsTheLoadedLinesWithoutEchoingTheIncluder() async throws {
        try await withWorkspace { workspace in
            try workspace.write("inner.rsh", "# a comment\nincrease\n")
            let result = try await workspace.run(
                ":set diff off\n:load --echo inner.rsh\n:load inner.rsh\n:expect value == 2\n", named: "outer.rsh")
            #expect(result.status == 0, "\(result.transcript)")
            #expect(result.stdoutLines == [
                "counter> # a comment",
                "counter> increase",
                "  ✓ value == 2",
                "1 passed, 0 failed, 0 errors",
            ], "\(result.transcript)")
        }
    }

    @Test func loadEchoInJSONGivesInputEventsNamingTheLoadedFile() async throws {
        try await withWorkspace { workspace in
            try workspace.write("inner.rsh", "increase\n")
            let result = try await workspace.run(":load --echo inner.rsh\n", named: "outer.rsh", options: ["--format", "json"])
            #expect(result.status == 0, "\(result.transcript)")
            let inner = workspace.path + "/inner.rsh"
            #expect(result.stdoutLines.first == #"{"event":"input","source":"\#(inner)","line":1,"text":"increase"}"#,
                    "\(result.transcript)")
        }
    }

    @Test func anUnknownLoadOptionIsAnErrorNamingWhereAndWhat() async throws {
        try await withWorkspace { workspace in
            try workspace.write("-x.rsh", "increase\n")
            let result = try await workspace.run(":load --ech inner.rsh\n:load \"-x.rsh\"\n:expect value == 1\n")
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stderrLines == [
                "script.rsh:1:7: :load has no option '--ech'; expected --step, --echo or FILE (usage: :load [--step] [--echo] FILE)",
            ], "\(result.transcript)")
            #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors", "\(result.transcript)")
        }
    }
}
