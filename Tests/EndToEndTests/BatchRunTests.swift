import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `reactor-shell run FILE…`: exit status, the closing line, errors with their position, `--bail`.
@Suite("Batch runs")
struct BatchRunTests {
    @Test func aScriptWhoseExpectationsHoldExitsZeroAndEndsWithTheSummaryLine() async throws {
        let result = try await runScript([
            "# the counter, twice",
            "increase",
            "increase",
            ":expect value == 2",
            ":expect isLoading == false",
            ":expect alertMessage == \"increased!\"",
        ])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "3 passed, 0 failed, 0 errors", "\(result.transcript)")
        #expect(result.stderr.isEmpty, "\(result.transcript)")
    }

    @Test func aFailedExpectationExitsOneAndNamesFileLineAndColumnOnStderr() async throws {
        let result = try await runScript([
            "increase",
            ":expect value == 5",
            ":expect value == 1",
        ])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 1 failed, 0 errors", "\(result.transcript)")
        #expect(result.stderrLines == ["script.rsh:2:1: expectation failed: value == 5; actual: 1"], "\(result.transcript)")
    }

    @Test func aParseErrorWithoutBailStillRunsTheLaterLines() async throws {
        let result = try await runScript([
            "increase",
            "setScore home: 3 away: 2",
            "increase \"unterminated",
            "decrease",
            ":expect value == 0",
        ])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines.count == 2, "\(result.transcript)")
        #expect(result.stderrLines.first?.hasPrefix("script.rsh:2:1: ") == true, "\(result.transcript)")
        #expect(result.stderrLines.last?.hasPrefix("script.rsh:3:10: unterminated string") == true, "\(result.transcript)")
        #expect(result.stdout.contains("value: 1 → 0"), "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 2 errors", "\(result.transcript)")
    }

    @Test func aParseErrorWithBailStopsTheScriptButStillPrintsTheSummary() async throws {
        let result = try await runScript([
            "increase",
            ":expect value == 1",
            "increase \"unterminated",
            "decrease",
            ":expect value == 0",
        ], options: ["--bail"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines.count == 1, "\(result.transcript)")
        #expect(result.stderrLines.first?.hasPrefix("script.rsh:3:10: ") == true, "\(result.transcript)")
        #expect(!result.stdout.contains("decreaseValue"), "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors", "\(result.transcript)")
    }

    @Test func theSummaryCountsTheLinesThatFailedAsErrors() async throws {
        // SPEC §2: `printf 'increse\nincrease\n' | reactor-shell --bail` (the summary hid the error).
        let bailed = try await pipeScript(["increse", "increase"], arguments: ["--bail"])
        #expect(bailed.status == 1, "\(bailed.transcript)")
        #expect(bailed.stdoutLines == ["0 passed, 0 failed, 1 errors"], "\(bailed.transcript)")
        let json = try await pipeScript(["increse", ":expect value == 0", ":expect value == 9"], arguments: ["--format", "json"])
        #expect(json.status == 1, "\(json.transcript)")
        #expect(json.lastStdoutLine == #"{"event":"summary","passed":1,"failed":1,"errors":1}"#, "\(json.transcript)")
    }

    @Test func aMalformedExpectationCountsOnceAsFailedNotAsAnError() async throws {
        let result = try await runScript([":expect value ==", "bogus", ":expect value == 0"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines.count == 2, "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 1 failed, 1 errors", "\(result.transcript)")
    }

    @Test func aFailedExpectationWithBailStopsTheScript() async throws {
        let result = try await runScript([
            ":expect value == 1",
            "increase",
        ], options: ["--bail"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(!result.stdout.contains("setLoading"), "\(result.transcript)")
        #expect(result.lastStdoutLine == "0 passed, 1 failed, 0 errors", "\(result.transcript)")
    }

    @Test func boardRenameReplacesThePostInPlaceAndAnUnknownIdIsAnErrorNotACrash() async throws {
        let result = try await runScript([
            ":use board",
            "write.updateTitle \"Hello\"",
            "write.submit",
            "write.updateTitle \"Second\"",
            "write.submit",
            "rename 1 \"Hi\"",
            ":expect posts[1].title == \"Hi\"",
            "rename 9 \"Nope\"",
            ":expect posts.count == 2",
            ":undo",  // the failed rename 9: no change
            ":undo",
            ":expect posts[1].title == \"Hello\"",
            "write.submit",
        ])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stdout.contains("posts[1].title: \"Hello\" → \"Hi\""), "\(result.transcript)")
        #expect(result.stderrLines.contains { $0.contains("no post with id 9") }, "\(result.transcript)")
        // Reported from the state's own change list (the board's list is a ChunkedList): the
        // same lines a diff of the encoded states gives, for an undo and an insertion too.
        #expect(result.stdout.contains("posts[1].title: \"Hi\" → \"Hello\""), "\(result.transcript)")
        #expect(result.stdout.contains("+ posts[0]: {id: 3, title: \"Second\", content: \"\"}"), "\(result.transcript)")
        #expect(result.lastStdoutLine == "3 passed, 0 failed, 1 errors", "\(result.transcript)")
    }

    @Test func anUnknownActionSuggestsTheNearestName() async throws {
        let result = try await runScript(["increse"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines == ["script.rsh:1:1: unknown action 'increse'; did you mean 'increase'?"], "\(result.transcript)")
        #expect(result.lastStdoutLine == "0 passed, 0 failed, 1 errors", "\(result.transcript)")
    }

    @Test func aMissingFileExitsTwoAndRunsNothing() async throws {
        try await withWorkspace { workspace in
            try workspace.write("first.rsh", "increase\n")
            let result = try await workspace.shell(["run", "first.rsh", "missing.rsh"])
            #expect(result.status == 2, "\(result.transcript)")
            #expect(result.stdout.isEmpty, "\(result.transcript)")
            #expect(result.stderrLines.count == 1, "\(result.transcript)")
            #expect(result.stderr.contains("missing.rsh"), "\(result.transcript)")
        }
    }

    @Test func aDirectoryAsTheScriptExitsTwo() async throws {
        try await withWorkspace { workspace in
            try workspace.write("scripts/inner.rsh", "increase\n")
            let result = try await workspace.shell(["run", "scripts"])
            #expect(result.status == 2, "\(result.transcript)")
            #expect(result.stdout.isEmpty, "\(result.transcript)")
            #expect(result.stderrLines == ["reactor-shell: cannot read 'scripts': is a directory"], "\(result.transcript)")
        }
    }

    @Test func severalFilesRunInOrderInOneSession() async throws {
        try await withWorkspace { workspace in
            try workspace.write("one.rsh", "increase\n:expect value == 1\n")
            try workspace.write("two.rsh", "increase\n:expect value == 2\n")
            try workspace.write("three.rsh", "decrease\n:expect value == 1\nbogus\n")
            let result = try await workspace.shell(["run", "one.rsh", "two.rsh", "three.rsh"])
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.lastStdoutLine == "3 passed, 0 failed, 1 errors", "\(result.transcript)")
            #expect(result.stderrLines.count == 1, "\(result.transcript)")
            #expect(result.stderrLines.first?.hasPrefix("three.rsh:3:1: ") == true, "\(result.transcript)")
            let values = result.stdoutLines.filter { $0.contains("value: ") }
            #expect(values == ["      value: 0 → 1", "      value: 1 → 2", "      value: 2 → 1"], "\(result.transcript)")
        }
    }

    @Test func exitWithACodeEndsTheRunWithThatStatus() async throws {
        let result = try await runScript([
            "increase",
            ":exit 3",
            "decrease",
        ])
        #expect(result.status == 3, "\(result.transcript)")
        #expect(!result.stdout.contains("decreaseValue"), "\(result.transcript)")
        #expect(result.lastStdoutLine == "0 passed, 0 failed, 0 errors", "\(result.transcript)")
    }

    @Test func quitEndsTheRunWithTheEarnedStatus() async throws {
        let passing = try await runScript([":quit", "bogus"])
        #expect(passing.status == 0, "\(passing.transcript)")
        #expect(passing.stderr.isEmpty, "\(passing.transcript)")
        let failing = try await runScript(["bogus", ":quit"])
        #expect(failing.status == 1, "\(failing.transcript)")
    }

    @Test func expectOnAMissingPathIsAFailureThatSaysWhatIsThere() async throws {
        let result = try await runScript([":expect nope == 1", ":expect value.count == 1"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.lastStdoutLine == "0 passed, 2 failed, 0 errors", "\(result.transcript)")
        #expect(result.stderrLines.count == 2, "\(result.transcript)")
        let first = try #require(result.stderrLines.first)
        #expect(first.hasPrefix("script.rsh:1:1: expectation failed: nope == 1; "), "\(result.transcript)")
        #expect(first.contains("no field 'nope'"), "\(result.transcript)")
        #expect(first.contains("value, isLoading, alertMessage"), "\(result.transcript)")
    }

    @Test func theReactorFlagPicksTheSceneAndUseSwitchesIt() async throws {
        let result = try await runScript([
            "setScore 3 2",
            ":expect home == 3",
            ":use counter",
            ":expect value == 0",
        ], options: ["--reactor", "scoreboard"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "2 passed, 0 failed, 0 errors", "\(result.transcript)")
    }
}
