import BuiltinReactors
import Foundation
import ReactorShell
import Testing

/// `ScriptChecker`: scripts checked against the built-in registry without running them.
@MainActor
@Suite("script checker")
struct ScriptCheckerTests {
    private func check(_ script: String, registry: Registry = .builtins, configuration: ShellConfiguration = ShellConfiguration()) -> [String] {
        ScriptChecker(registry: registry, configuration: configuration).check(text: script, source: "t.rsh").map(\.description)
    }

    @Test func aCleanScriptHasNoProblems() {
        let script = """
            # a comment
            increase
            :expect value == 1
            :state alertMessage
            :use board
            write.updateTitle "Hello"
            write.submit &
            :expect write:canSubmit == true
            :expect posts[5].title == "x"
            :state board:
            :focus write
            updateContent "text"
            :expect title.count == 5
            :use github-search
            updateQuery "swift"
            :expect repos[0] == "swift1"
            :expect query.count > 2
            :set diff off
            :wait 2s
            """
        #expect(check(script) == [])
    }

    @Test func problemsOfActionsAreTheShellsMessagesWithTheirHints() {
        let script = """
            increse
            :use scoreboard
            setScore home: "x" away: 2
            setScore hme: 1 away: 2
            setScore 1
            homeScore 3
            counter.increase
            """
        #expect(check(script) == [
            "t.rsh:1:1: unknown action 'increse'; did you mean 'increase'?",
            "t.rsh:3:16: setScore: argument 'home' expects Int, got \"x\"",
            "t.rsh:4:10: setScore: unknown argument label 'hme'; did you mean 'home'?",
            "t.rsh:5:11: setScore: missing argument 'away' (Int); expected setScore(home: Int, away: Int)",
            "t.rsh:6:11: homeScore: unexpected extra argument 3; homeScore takes no arguments",
            "t.rsh:7:1: unknown reactor 'counter'; the scene has scoreboard",
        ])
    }

    @Test func problemsOfMetaCommandsAndScenes() {
        let script = """
            :bogus
            :use scorebord
            :focus nothing
            :actions wrte
            :use board
            :focus wrte
            :reset bord
            :wait forever
            """
        #expect(check(script) == [
            "t.rsh:1:1: unknown command ':bogus'; did you mean ':focus'?",
            "t.rsh:2:6: unknown reactor 'scorebord'; did you mean 'scoreboard'? (see :reactors)",
            "t.rsh:3:8: no reactor 'nothing' in this scene; reactors: counter",
            "t.rsh:4:10: no reactor 'wrte' in this scene; reactors: counter",
            "t.rsh:6:8: no reactor 'wrte' in this scene; did you mean 'write'?; reactors: board, write",
            "t.rsh:7:8: no reactor 'bord' in this scene; did you mean 'board'?; reactors: board, write",
            "t.rsh:8:7: :wait expects a DURATION such as 250ms, 2s, 1.5s or 1m, found 'forever'",
        ])
    }

    @Test func pathsAreCheckedAgainstTheShapeOfTheInitialState() {
        let script = """
            :expect valu == 1
            :state value.digits
            :expect alertMessage.count == 3
            :use board
            :state posts[0].title
            :expect write:titel == "a"
            :expect wrte:title == "a"
            :watch posts.first
            :break write:canSubmit == true
            :break write:canSubmitt == true
            :state posts[
            :state write.title
            """
        #expect(check(script) == [
            "t.rsh:1:1: expectation failed: valu == 1; no field 'valu' in state; fields: value, isLoading, alertMessage",
            "t.rsh:2:8: value is an Int, it has no field 'digits'",
            "t.rsh:6:1: expectation failed: write:titel == \"a\"; no field 'titel' in state; fields: title, content, canSubmit, isDismissed",
            "t.rsh:7:1: expectation failed: wrte:title == \"a\"; no reactor 'wrte' in this scene; did you mean 'write'?",
            "t.rsh:8:8: posts is an array: use an index like posts[0] or posts.count, not 'first'",
            "t.rsh:10:14: no field 'canSubmitt' in state; fields: title, content, canSubmit, isDismissed",
            "t.rsh:11:14: bad path 'posts[': expected an index or a quoted key, found end of path",
            "t.rsh:12:8: no field 'write' in state; fields: posts; did you mean 'write:title'?",
        ])
    }

    @Test func theScriptStartsInTheConfiguredSceneAndWithoutAnyWhenTheRegistryIsEmpty() {
        var configuration = ShellConfiguration()
        configuration.initialReactor = "scoreboard"
        #expect(check("homeScore\nincrease\n", configuration: configuration) == [
            "t.rsh:2:1: unknown action 'increase'; the actions of scoreboard are homeScore, awayScore, resetScore, setScore"
        ])
        #expect(check("increase\n:state\n", registry: Registry([])) == [
            "t.rsh:1:1: no reactor loaded; load one with :use NAME (see :reactors)",
            "t.rsh:2:1: no reactor loaded; load one with :use NAME",
        ])
    }

    @Test func linesThatAreNotTextAreReported() {
        var configuration = ShellConfiguration()
        configuration.maximumLineLength = 20
        let script = "increase\n" + String(repeating: "x", count: 30) + "\nincrese\n"
        #expect(check(script, configuration: configuration) == [
            "t.rsh:2:1: line longer than 20 bytes (the limit; see --max-line-length); the line was skipped",
            "t.rsh:3:1: unknown action 'increse'; did you mean 'increase'?",
        ])
        #expect(check("increase\n\u{0}\nincrese\n") == [
            "t.rsh:2:1: binary data (a NUL byte): 't.rsh' is not a script; stopped reading it"
        ])
    }

    @Test func loadedFilesAreCheckedWhereTheyAreLoadedAndTheirSceneHoldsAfterThem() throws {
        try withTemporaryDirectory { directory in
            try write(":use board\nbogus\n", to: directory + "/lib/setup.rsh")
            try write(":load lib/setup.rsh\n:focus write\nsubmit\n:load lib/missing.rsh\n:load self.rsh\n", to: directory + "/self.rsh")
            let checker = ScriptChecker(registry: .builtins)
            let diagnostics = try checker.check(file: directory + "/self.rsh").map(\.description)
            #expect(diagnostics == [
                "\(directory)/lib/setup.rsh:2:1: unknown action 'bogus'; the actions of board are refresh, delete, rename; other reactors: write.",
                "\(directory)/self.rsh:4:7: cannot read '\(directory)/lib/missing.rsh': No such file or directory",
                "\(directory)/self.rsh:5:7: :load cycle: 'self.rsh' is already being loaded (\(directory)/self.rsh)",
            ])
            #expect(throws: ScriptFileError.self) { try checker.check(file: directory + "/none.rsh") }
            #expect(throws: ScriptFileError.self) { try checker.check(file: directory + "/lib") }
        }
    }

    /// Every problem the checker finds in these scripts, a run of them reports with the same
    /// text at the same place: the checker and the shell share their parser, resolver and messages.
    @Test(arguments: [
        "increse\n:expect valu == 1\n:focus x\n:bogus 3\n",
        ":use scoreboard\nsetScore home: \"x\" away: 2\nsetScore hme: 1\nsetScore 1 2 3\n:state home.x\n",
        ":use board\nwrite.sumbit\n:state write:titel\n:expect posts.first == 1\n:use nope\n:reset wrte\n:state write.title\nwrite:submit\n",
        ":use github-search\nupdateQuery\n:expect repos.counts == 1\nloadNextPage &&\n:actions bord\n",
    ])
    func everyProblemFoundIsWhatARunReports(script: String) async {
        let found = check(script)
        #expect(!found.isEmpty)
        let run = await ScriptRun.run(script, name: "t.rsh", startsInScene: true)
        #expect(found == run.errors, "\(run.text)")
    }

    private func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("checker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        try body(url.resolvingSymlinksInPath().path)
    }

    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
