import Foundation
import Testing
import TestSupport

/// `reactor-shell check`: scripts checked against the registry without running them.
@Suite("check: scripts without running them")
struct CheckCommandTests {
    @Test func problemsAreLocatedLinesAndTheExitStatusIsOne() async throws {
        try await withWorkspace { workspace in
            try workspace.write("tests/a.rsh", "increase\n:expect value == 1\n")
            try workspace.write("tests/deeper/b.rsh", ":use scoreboard\nsetScore hme: 1 away: 2\n:state homee\n:load ../missing.rsh\n")
            try workspace.write("tests/notes.txt", "not a script\n")
            let result = try await workspace.shell(["check", "tests"])
            #expect(result.status == 1, "\(result.transcript)")
            let lines = result.stdoutLines
            #expect(lines.count == 4, "\(result.transcript)")
            #expect(lines.prefix(2) == [
                "tests/deeper/b.rsh:2:10: setScore: unknown argument label 'hme'; did you mean 'home'?",
                "tests/deeper/b.rsh:3:8: no field 'homee' in state; fields: home, away",
            ], "\(result.transcript)")
            // As a run says it: the path resolved against the script's directory.
            #expect(lines.dropFirst(2).first?.hasPrefix("tests/deeper/b.rsh:4:7: cannot read '\(workspace.path)/tests/deeper/") == true,
                    "\(result.transcript)")
            #expect(lines.last == "2 files checked, 3 problems", "\(result.transcript)")
            #expect(result.stderr.isEmpty)
            // Nothing ran: a clean script is clean, and a run of it would have printed diffs.
            let clean = try await workspace.shell(["check", "tests/a.rsh"])
            #expect(clean.status == 0, "\(clean.transcript)")
            #expect(clean.stdoutLines == ["1 file checked, 0 problems"])
        }
    }

    @Test func jsonGivesADiagnosticEventPerProblemAndASummary() async throws {
        try await withWorkspace { workspace in
            try workspace.write("a.rsh", ":use board\nwrite.sumbit\n")
            let result = try await workspace.shell(["check", "--format", "json", "a.rsh"])
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stdoutLines == [
                #"{"event":"diagnostic","file":"a.rsh","line":2,"column":1,"message":"unknown action 'write.sumbit'; did you mean 'write.submit'?"}"#,
                #"{"event":"summary","files":1,"problems":1}"#,
            ], "\(result.transcript)")
        }
    }

    @Test func theStartingSceneIsTheReactorOption() async throws {
        try await withWorkspace { workspace in
            try workspace.write("a.rsh", "homeScore\n:expect away == 0\n")
            #expect(try await workspace.shell(["check", "--reactor", "scoreboard", "a.rsh"]).status == 0)
            let counter = try await workspace.shell(["check", "a.rsh"])
            #expect(counter.stdoutLines.first == "a.rsh:1:1: unknown action 'homeScore'; the actions of counter are increase, decrease",
                    "\(counter.transcript)")
        }
    }

    @Test func usageErrorsExitTwo() async throws {
        try await withWorkspace { workspace in
            try workspace.write("a.rsh", "increase\n")
            let missing = try await workspace.shell(["check", "a.rsh", "none.rsh"])
            #expect(missing.status == 2, "\(missing.transcript)")
            #expect(missing.stderr.contains("reactor-shell: cannot read 'none.rsh': No such file or directory"), "\(missing.transcript)")
            #expect(missing.stdout.isEmpty, "nothing is checked when a path is wrong: \(missing.transcript)")
            let unknown = try await workspace.shell(["check", "--reactor", "nope", "a.rsh"])
            #expect(unknown.status == 2, "\(unknown.transcript)")
            #expect(unknown.stderr.contains("unknown reactor 'nope'"), "\(unknown.transcript)")
            let nothing = try await workspace.shell(["check"])
            #expect(nothing.status == 2, "\(nothing.transcript)")
        }
    }
}
