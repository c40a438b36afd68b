import StateDiff
import Testing
@testable import ReactorShell

@Suite struct ScriptFormatterTests {
    @Test func canonicalActionLines() {
        #expect(ScriptFormatter.actionLine(command: "increase", fields: []) == "increase")
        #expect(ScriptFormatter.actionLine(command: "updateQuery", fields: [StateField("query", .string("swift"))]) == #"updateQuery "swift""#)
        #expect(ScriptFormatter.actionLine(command: "updateQuery", fields: [StateField("query", .null)]) == "updateQuery nil")
        #expect(ScriptFormatter.actionLine(reactor: "scoreboard", command: "setScore", fields: [StateField("home", .int(3)), StateField("away", .int(-2))])
            == "scoreboard.setScore home: 3 away: -2")
        #expect(ScriptFormatter.actionLine(command: "tune", fields: [StateField("ratio", .double(2)), StateField("loud", .bool(true))])
            == "tune ratio: 2.0 loud: true")
        #expect(ScriptFormatter.actionLine(command: "setScore", fields: [StateField("home", .int(Int.min)), StateField("away", .int(Int.max))])
            == "setScore home: -9223372036854775808 away: 9223372036854775807")
        #expect(ScriptFormatter.actionLine(reactor: "board", command: "rename", fields: [StateField("id", .int(0)), StateField("title", .string("a\"b\\\n\u{7F}é"))])
            == #"board.rename id: 0 title: "a\"b\\\n\u{7F}é""#)
        #expect(ScriptFormatter.actionLine(command: "x", fields: [StateField("q", .array([.int(1)])), StateField("r", .object([StateField("k", .null)]))])
            == "x q: [1] r: {k: nil}")
    }

    @Test func stringsAreQuotedAndEscaped() {
        #expect(StateValue.string("a \"b\" \\ \n\t\u{1}\r\0é").literal() == #""a \"b\" \\ \n\t\u{1}\u{D}\u{0}é""#)
        #expect(StateValue.array([.string("a"), .int(1), .null]).literal() == #"["a", 1, nil]"#)
        #expect(StateValue.double(1e20).literal() == "1e+20")
        #expect(StateValue.double(-.infinity).literal() == "-inf")
    }

    @Test(arguments: [
        "setScore 3 2", "setScore away: 2 home: 3", "add", "add 9", "tune 0.1", "tune 1e-7 loud: false", "tune -3 nil",
        "updateQuery nil", "updateQuery sw", #"updateQuery "with \"quotes\" and \\ and\nnewline\t😀""#, ##"rename "# not a comment""##,
        "rename 007", "rename true", #"rename "nil""#, #"rename "" "#, "rename \"a&\"", #"rename "\u{1}""#, #"rename "\u{D}\u{0}\u{7F}""#,
    ])
    func actionsRoundTripThroughTheFormatter(line: String) throws {
        guard case .action(let invocation) = try ScriptParser.parse(line) else { Issue.record("not an action"); return }
        let command = try #require(scoreCommands.first { $0.name == invocation.name.text })
        let (action, arguments) = try command.makeAction(invocation)
        let saved = ScriptFormatter.actionLine(command: command.name, arguments: arguments)
        guard case .action(let reparsed) = try ScriptParser.parse(saved) else { Issue.record("saved line is not an action: \(saved)"); return }
        let (replayed, replayedArguments) = try command.makeAction(reparsed)
        #expect(replayed == action, "\(line) → \(saved)")
        #expect(replayedArguments == arguments)
        #expect(reparsed.isBackground == false)
    }

    @Test(arguments: [
        ":help", ":help :expect", ":help setScore", ":reactors", ":use github-search", ":use \"odd name\"", ":focus write",
        ":actions", ":actions board", ":state", ":state posts[2].title", ":state board:", ":expect write:isDismissed == true",
        #":expect repos == ["a", "b"]"#, ":expect value >= -1.5", ":expect query == nil", #":expect repos contains "swift2""#,
        ":wait", ":wait 2s", ":advance 250ms", ":sleep 1.5s", ":advance 1m", ":advance 0.000001s", ":history", ":undo", ":redo",
        ":jump 4", ":reset", ":reset write", ":save out.rsh", #":load "my file.rsh""#, ":set diff off", ":set format json",
        ":set trace on", ":set color always", ":quit", ":exit", ":exit 3",
    ])
    func metaCommandsRoundTripThroughTheFormatter(line: String) throws {
        guard case .meta(let invocation) = try ScriptParser.parse(line) else { Issue.record("not a meta command"); return }
        let saved = ScriptFormatter.metaLine(invocation.command)
        guard case .meta(let reparsed) = try ScriptParser.parse(saved) else { Issue.record("saved line is not meta: \(saved)"); return }
        #expect(saved == line, "these lines are already canonical")
        #expect(ScriptFormatter.metaLine(reparsed.command) == saved)
    }

    @Test func durationsAreWrittenInTheirShortestForm() {
        #expect(DurationSyntax.format(.milliseconds(250)) == "250ms")
        #expect(DurationSyntax.format(.milliseconds(1500)) == "1.5s")
        #expect(DurationSyntax.format(.seconds(120)) == "2m")
        #expect(DurationSyntax.format(.seconds(0)) == "0s")
        #expect(DurationSyntax.format(.microseconds(1)) == "0.000001s")
    }
}
