import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `:save FILE` writes a script that replays the session; `:load FILE` runs one, nested, with
/// paths relative to the loading script, and refuses cycles.
@Suite("Save and load")
struct SaveLoadTests {
    @Test func runningTheSavedScriptReproducesTheSameFinalState() async throws {
        try await withWorkspace { workspace in
            let session = [
                ":use github-search",
                "updateQuery sw &",
                "updateQuery \"swift lang\"",
                "loadNextPage",
                ":use board",
                ":focus write",
                "updateTitle \"a \\\"quoted\\\" title\"",
                "updateContent \"tab\\there\"",
                "submit",
                ":focus board",
                "write.updateTitle second",
                "write.submit",
                "delete 1",
                ":undo",
                ":save saved.rsh",
                ":state board:",
                ":state write:",
            ]
            let original = try await workspace.run(
                session.joined(separator: "\n") + "\n", named: "session.rsh", options: ["--format", "json"])
            #expect(original.status == 0, "\(original.transcript)")
            #expect(original.stdout.contains(#"{"event":"output","text":"saved "#), "\(original.transcript)")
            let saved = try workspace.read("saved.rsh")
            #expect(saved.contains(":use board"), "\(saved)")
            // A line that did not wait replays as a line that does not wait: same order of mutations.
            #expect(saved.contains("updateQuery \"sw\" &\n"), "\(saved)")
            #expect(saved.contains("updateQuery \"swift lang\"\n"), "\(saved)")
            let replay = try await workspace.shell(
                ["run", "--format", "json", "-"], input: .text(saved + ":state board:\n:state write:\n"))
            #expect(replay.status == 0, "\(replay.transcript)")
            let states = Self.stateEvents(original)
            #expect(states.count == 2)
            #expect(states == Self.stateEvents(replay), "\(saved)")
            #expect(states.last?.contains(#""title":"second""#) == true, "\(original.transcript)")
            #expect(states.first?.contains(#""title":"a \"quoted\" title","content":"tab\there""#) == true, "\(original.transcript)")
        }
    }

    @Test func aSavedCounterSessionWithBackgroundActionsAndResetReplaysToTheSameState() async throws {
        try await withWorkspace { workspace in
            let original = try await workspace.run(
                "increase\nincrease &\ndecrease\n:advance 1s\n:reset\nincrease\nincrease\n:undo\n:save again.rsh\n:state\n",
                options: ["--format", "json"])
            #expect(original.status == 0, "\(original.transcript)")
            let saved = try workspace.read("again.rsh")
            let replay = try await workspace.shell(["run", "--format", "json", "-"], input: .text(saved + ":state\n"))
            #expect(replay.status == 0, "\(replay.transcript)")
            #expect(Self.stateEvents(original) == [#"{"event":"state","reactor":"counter","state":{"value":1,"isLoading":false,"alertMessage":"increased!"}}"#])
            #expect(Self.stateEvents(original) == Self.stateEvents(replay), "\(saved)")
        }
    }

    /// The `state` event lines of a JSON run.
    static func stateEvents(_ result: ShellProcessResult) -> [String] {
        result.stdoutLines.filter { $0.hasPrefix(#"{"event":"state""#) }
    }

    @Test func saveToAnUnwritablePlaceIsAOneLineErrorAndTheSessionGoesOn() async throws {
        try await withWorkspace { workspace in
            try workspace.write("existing/keep.txt", "")
            let result = try await workspace.run(
                "increase\n:save no/such/dir/out.rsh\n:save existing\n:expect value == 1\n")
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stderrLines.count == 2, "\(result.transcript)")
            #expect(result.stderrLines.first?.hasPrefix("script.rsh:2:7: cannot write 'no/such/dir/out.rsh': ") == true, "\(result.transcript)")
            #expect(result.stderrLines.last?.hasPrefix("script.rsh:3:7: cannot write 'existing': ") == true, "\(result.transcript)")
            #expect(result.lastStdoutLine == "1 passed, 0 failed, 2 errors")
        }
    }

    @Test func nestedLoadsResolvePathsAgainstTheLoadingScript() async throws {
        try await withWorkspace { workspace in
            try workspace.write("main.rsh", "increase\n:load lib/inner.rsh\n:expect value == 3\n")
            try workspace.write("lib/inner.rsh", "increase\n:load deeper/last.rsh\n:expect value == 3\n")
            try workspace.write("lib/deeper/last.rsh", "increase\n")
            // Run from elsewhere: relative :load paths must not depend on the working directory.
            let result = try await ShellProcess.run(["run", workspace.path + "/main.rsh"], workingDirectory: "/")
            #expect(result.status == 0, "\(result.transcript)")
            #expect(result.lastStdoutLine == "2 passed, 0 failed, 0 errors", "\(result.transcript)")
        }
    }

    @Test func anErrorInALoadedFileNamesThatFileAndCountsAsAFailure() async throws {
        try await withWorkspace { workspace in
            try workspace.write("inner.rsh", "increase\nbogus\n:expect value == 9\n")
            let result = try await workspace.run(":load inner.rsh\n:expect value == 1\n")
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.lastStdoutLine == "1 passed, 1 failed, 1 errors", "\(result.transcript)")
            #expect(result.stderrLines.count == 2, "\(result.transcript)")
            #expect(result.stderrLines.allSatisfy { $0.contains("inner.rsh:") }, "\(result.transcript)")
            #expect(result.stderrLines.first?.hasSuffix("inner.rsh:2:1: unknown action 'bogus'; the actions of counter are increase, decrease") == true, "\(result.transcript)")
        }
    }

    @Test func aLoadCycleIsAnErrorAndTheRestRuns() async throws {
        try await withWorkspace { workspace in
            try workspace.write("main.rsh", ":load a.rsh\n:expect value == 1\n")
            try workspace.write("a.rsh", ":load b.rsh\n")
            try workspace.write("b.rsh", "increase\n:load a.rsh\n")
            let result = try await workspace.shell(["run", "main.rsh"])
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stderrLines.count == 1, "\(result.transcript)")
            let error = try #require(result.stderrLines.first)
            #expect(error.hasSuffix("b.rsh:2:7: :load cycle: 'a.rsh' is already being loaded (\(workspace.path)/main.rsh → \(workspace.path)/a.rsh → \(workspace.path)/b.rsh)"), "\(result.transcript)")
            #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors", "\(result.transcript)")
        }
    }

    @Test func aTopLevelScriptThatLoadsItselfIsACycleAtOnce() async throws {
        try await withWorkspace { workspace in
            let result = try await workspace.run("increase\n:load script.rsh\n:expect value == 1\n")
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stderrLines.count == 1, "\(result.transcript)")
            #expect(result.stderrLines.first?.hasPrefix("script.rsh:2:7: :load cycle") == true, "\(result.transcript)")
            #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors", "\(result.transcript)")
        }
    }

    @Test func aCycleBackToTheTopLevelScriptIsCaughtBeforeItRunsAgain() async throws {
        try await withWorkspace { workspace in
            try workspace.write("b.rsh", ":load main.rsh\n")
            let result = try await workspace.run("increase\n:load b.rsh\n:expect value == 1\n", named: "main.rsh")
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stderrLines.count == 1, "\(result.transcript)")
            #expect(result.stderrLines.first?.contains("b.rsh:1:7: :load cycle: 'main.rsh'") == true, "\(result.transcript)")
            #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors", "\(result.transcript)")
        }
    }

    @Test func loadingAMissingFileIsAnErrorAndTheScriptGoesOn() async throws {
        let result = try await runScript([":load nowhere.rsh", "increase", ":expect value == 1"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines.count == 1, "\(result.transcript)")
        #expect(result.stderrLines.first?.hasPrefix("script.rsh:1:7: cannot read '") == true, "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors")
    }
}
