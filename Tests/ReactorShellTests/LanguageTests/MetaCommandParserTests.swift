import Testing
@testable import ReactorShell

@Suite struct MetaCommandParserTests {
    @Test func commandsWithoutArguments() throws {
        #expect(try meta(":reactors") == .reactors)
        #expect(try meta(":history") == .history)
        #expect(try meta(":undo") == .undo)
        #expect(try meta(":redo") == .redo)
        #expect(try meta("  :quit  # bye") == .quit)
    }

    @Test func extraArgumentsAreRejectedWithTheUsage() {
        #expect(parseError(":undo 2")?.description == "script.rsh:4:7: :undo expects no more arguments, found '2' (usage: :undo)")
        #expect(parseError(":use counter board")?.message == ":use expects no more arguments, found 'board' (usage: :use NAME)")
    }

    @Test func help() throws {
        #expect(try meta(":help") == .help(topic: nil))
        #expect(try meta(":help :expect") == .help(topic: LocatedText(":expect", column: 7)))
        #expect(try meta(":help write.submit") == .help(topic: LocatedText("write.submit", column: 7)))
    }

    @Test func useFocusActionsReset() throws {
        #expect(try meta(":use github-search") == .use(entry: LocatedText("github-search", column: 6)))
        #expect(try meta(":use \"counter\"") == .use(entry: LocatedText("counter", column: 6)))
        #expect(try meta(":focus write") == .focus(reactor: LocatedText("write", column: 8)))
        #expect(try meta(":actions") == .actions(reactor: nil))
        #expect(try meta(":actions board") == .actions(reactor: LocatedText("board", column: 10)))
        #expect(try meta(":reset") == .reset(reactor: nil))
        #expect(try meta(":reset write") == .reset(reactor: LocatedText("write", column: 8)))
    }

    @Test func missingNamesSayWhatWasExpected() {
        #expect(parseError(":use")?.description == "script.rsh:4:5: :use expects NAME, found end of line (usage: :use NAME)")
        #expect(parseError(":focus 12")?.message == ":focus expects REACTOR, found '12' (usage: :focus REACTOR)")
    }

    @Test func statePaths() throws {
        #expect(try meta(":state") == .state(path: nil))
        #expect(try meta(":state posts[2].title") == .state(path: StatePathReference(reactor: nil, path: LocatedText("posts[2].title", column: 8))))
        #expect(try meta(":state repos.count") == .state(path: StatePathReference(reactor: nil, path: LocatedText("repos.count", column: 8))))
        #expect(try meta(":state board:") == .state(path: StatePathReference(
            reactor: LocatedText("board", column: 8), path: LocatedText("", column: 14))))
        #expect(try meta(":state write:isDismissed") == .state(path: StatePathReference(
            reactor: LocatedText("write", column: 8), path: LocatedText("isDismissed", column: 14))))
    }

    @Test func badStatePaths() {
        #expect(parseError(":state :x")?.message == ":state expects PATH, found ':' (usage: :state [PATH])")
        #expect(parseError(":state \"x\"")?.message == ":state expects PATH, found '\"x\"' (usage: :state [PATH])")
        #expect(parseError(":state a.b:c")?.message == ":state expects REACTOR:PATH with a reactor name before ':', found 'a.b'")
    }

    @Test func expectWithEveryOperator() throws {
        for op in ExpectationOperator.allCases {
            guard case .expect(let expectation)? = try meta(":expect value \(op.symbol) 1") else {
                Issue.record("no expectation for \(op)")
                continue
            }
            #expect(expectation.comparison == op)
            #expect(expectation.comparisonColumn == 15)
            #expect(expectation.expected == ValueLiteral(.int(1), column: 16 + op.symbol.count, text: "1"))
        }
    }

    @Test func expectValues() throws {
        guard case .expect(let array)? = try meta(#":expect repos == ["a", "b"]"#) else { Issue.record("not parsed"); return }
        #expect(array.expected.stateValue == .array([.string("a"), .string("b")]))
        #expect(array.path == StatePathReference(reactor: nil, path: LocatedText("repos", column: 9)))
        guard case .expect(let prefixed)? = try meta(":expect write:isDismissed == true") else { Issue.record("not parsed"); return }
        #expect(prefixed.path.reactor?.text == "write")
        #expect(prefixed.path.path.text == "isDismissed")
        #expect(prefixed.expected.kind == .bool(true))
        guard case .expect(let optional)? = try meta(":expect query == nil") else { Issue.record("not parsed"); return }
        #expect(optional.expected.kind == .nil)
        guard case .expect(let word)? = try meta(":expect repos contains swift2") else { Issue.record("not parsed"); return }
        #expect(word.expected.stateValue == .string("swift2"))
    }

    @Test func expectErrors() {
        #expect(parseError(":expect")?.message == ":expect expects PATH, found end of line (usage: :expect PATH OP VALUE)")
        #expect(parseError(":expect value")?.message == ":expect expects an operator (== != < <= > >= contains), found end of line (usage: :expect PATH OP VALUE)")
        #expect(parseError(":expect value =< 1")?.description == "script.rsh:4:15: :expect expects an operator (== != < <= > >= contains), found '=<'")
        #expect(parseError(":expect value ==")?.description == "script.rsh:4:17: :expect expects a VALUE, found end of line (usage: :expect PATH OP VALUE)")
        #expect(parseError(":expect value == 1 2")?.message == ":expect expects no more arguments, found '2' (usage: :expect PATH OP VALUE)")
    }

    @Test func durations() throws {
        #expect(try meta(":wait") == .wait(limit: nil))
        #expect(try meta(":wait 2s") == .wait(limit: .seconds(2)))
        #expect(try meta(":advance 250ms") == .advance(.milliseconds(250)))
        #expect(try meta(":sleep 1.5s") == .sleep(.milliseconds(1500)))
        #expect(try meta(":advance 1m") == .advance(.seconds(60)))
        #expect(try meta(":advance 0.001s") == .advance(.milliseconds(1)))
    }

    @Test func badDurations() {
        #expect(parseError(":advance")?.message == ":advance expects a DURATION such as 250ms, 2s, 1.5s or 1m, found end of line (usage: :advance DURATION)")
        #expect(parseError(":advance 10")?.description == "script.rsh:4:10: :advance expects a DURATION such as 250ms, 2s, 1.5s or 1m, found '10'")
        #expect(parseError(":sleep 2x")?.message == ":sleep expects a DURATION such as 250ms, 2s, 1.5s or 1m, found '2x': 'x' is not a unit (ms, s, m or h)")
        #expect(parseError(":wait -1s")?.message == ":wait expects a DURATION such as 250ms, 2s, 1.5s or 1m, found '-1s'")
        #expect(parseError(":wait 99999999999999999999s") != nil)
    }

    /// Issue 25 item 8: a duration past the largest one says so, and a unit that is none is named
    /// (`:advance 9999999999d` said "expects a DURATION", as for text that is no duration at all).
    @Test func aDurationTooLargeOrWithAnUnknownUnitSaysWhich() throws {
        for text in ["9999999999h", "99999999999999999999s", "2562047.9h", "153722868m"] {
            let expected = ":advance: '\(text)' is too large: a DURATION is at most 2562047h (about 292 years)"
            #expect(parseError(":advance \(text)")?.message == expected)
        }
        #expect(parseError(":advance 9999999999d")?.message
            == ":advance expects a DURATION such as 250ms, 2s, 1.5s or 1m, found '9999999999d': 'd' is not a unit (ms, s, m or h)")
        #expect(try meta(":advance 2562047h") == .advance(.seconds(2_562_047 * 3_600)))
        #expect(try meta(":advance 9223372036s") == .advance(.seconds(9_223_372_036)))
    }

    @Test func jump() throws {
        #expect(try meta(":jump 3") == .jump(step: 3))
        #expect(try meta(":jump 0") == .jump(step: 0))
        #expect(parseError(":jump -1")?.message == ":jump expects a step number N (0 or more), found '-1' (usage: :jump N)")
        #expect(parseError(":jump")?.message == ":jump expects a step number N (0 or more), found end of line (usage: :jump N)")
    }

    @Test func saveAndLoadTakeBareOrQuotedFileNames() throws {
        #expect(try meta(":save out/session.rsh") == .save(file: LocatedText("out/session.rsh", column: 7)))
        #expect(try meta(#":load "my script.rsh""#) == .load(file: LocatedText("my script.rsh", column: 7)))
        #expect(try meta(":load C:/x.rsh") == .load(file: LocatedText("C:/x.rsh", column: 7)))
        #expect(parseError(":load")?.message == ":load expects FILE, found end of line (usage: :load [--step] [--echo] FILE)")
    }

    @Test func saveTakesExpectOrTranscriptAndDiagramAnOptionalFile() throws {
        #expect(try meta(":save --expect t.rsh") == .save(file: LocatedText("t.rsh", column: 16), kind: .expectations))
        #expect(try meta(":save --transcript lesson.md") == .save(file: LocatedText("lesson.md", column: 20), kind: .transcript))
        #expect(try meta(#":save "--expect""#) == .save(file: LocatedText("--expect", column: 7)))
        #expect(try meta(":diagram lesson.mmd") == .diagram(file: LocatedText("lesson.mmd", column: 10)))
        #expect(parseError(":save --json x")?.message
            == ":save has no option '--json'; expected --expect, --transcript, --html or FILE (usage: :save [--expect | --transcript | --html] FILE)")
        #expect(parseError(":save --expect --transcript x")?.message
            == ":save takes one of --expect, --transcript and --html (usage: :save [--expect | --transcript | --html] FILE)")
        #expect(parseError(":save --expect")?.message
            == ":save expects FILE, found end of line (usage: :save [--expect | --transcript | --html] FILE)")
        #expect(try meta(":save --html lesson.html") == .save(file: LocatedText("lesson.html", column: 14), kind: .html))
        #expect(ScriptFormatter.metaLine(.save(file: LocatedText("a.html", column: 1), kind: .html)) == ":save --html a.html")
        // Without FILE, :diagram prints a text view of the diagram.
        #expect(try meta(":diagram") == .diagram(file: nil))
        #expect(ScriptFormatter.metaLine(.diagram(file: nil)) == ":diagram")
        #expect(ScriptFormatter.metaLine(.diagram(file: LocatedText("a b.svg", column: 1))) == #":diagram "a b.svg""#)
        #expect(ScriptFormatter.metaLine(.save(file: LocatedText("a b.md", column: 1), kind: .transcript)) == #":save --transcript "a b.md""#)
    }

    @Test func serveTakesAPortOrStop() throws {
        #expect(try meta(":serve") == .serve(port: nil))
        #expect(try meta(":serve 0") == .serve(port: 0))
        #expect(try meta(":serve 9000") == .serve(port: 9000))
        #expect(try meta(":serve stop") == .serveStop)
        #expect(parseError(":serve 65536")?.message
            == ":serve expects a PORT between 0 and 65535 or `stop`, found '65536' (usage: :serve [PORT | stop])")
        #expect(parseError(":serve now")?.message
            == ":serve expects a PORT between 0 and 65535 or `stop`, found 'now' (usage: :serve [PORT | stop])")
        #expect(parseError(":serve stop 1")?.message.hasPrefix(":serve") == true)
        #expect(ScriptFormatter.metaLine(.serve(port: 0)) == ":serve 0")
        #expect(ScriptFormatter.metaLine(.serveStop) == ":serve stop")
    }

    @Test func settings() throws {
        #expect(try meta(":set diff off") == .set(.diff(false)))
        #expect(try meta(":set diff on") == .set(.diff(true)))
        #expect(try meta(":set format json") == .set(.format(.json)))
        #expect(try meta(":set trace on") == .set(.trace(true)))
        #expect(try meta(":set color never") == .set(.color(.never)))
        #expect(try meta(":set") == .set(nil), "alone it lists the settings")
        #expect(try meta(":state *") == .sceneState)
        #expect(parseError(":state * value") != nil)
    }

    @Test func badSettings() {
        #expect(parseError(":set dif on")?.description == "script.rsh:4:6: unknown setting 'dif'; did you mean 'diff'?")
        #expect(parseError(":set zzzzzz on")?.message == "unknown setting 'zzzzzz'; expected one of diff, format, trace, color")
        #expect(parseError(":set format xml")?.description == "script.rsh:4:13: :set format expects text|json, found 'xml'")
        #expect(parseError(":set color")?.message == ":set expects color auto|always|never, found end of line (usage: :set [NAME VALUE])")
    }

    @Test func exitCodes() throws {
        #expect(try meta(":exit") == .exit(code: nil))
        #expect(try meta(":exit 3") == .exit(code: 3))
        #expect(parseError(":exit 256")?.message == ":exit expects an exit CODE between 0 and 255, found '256'")
        #expect(parseError(":exit x")?.message == ":exit expects an exit CODE between 0 and 255, found 'x'")
    }

    @Test func unknownCommandSuggestsTheNearest() {
        #expect(parseError(":sate")?.description == "script.rsh:4:1: unknown command ':sate'; did you mean ':state'?")
        #expect(parseError(":hlep")?.message == "unknown command ':hlep'; did you mean ':help'?")
        #expect(parseError(":xyzzy")?.message == "unknown command ':xyzzy'; type :help for the list")
        #expect(parseError(":Quit")?.message == "unknown command ':Quit'; did you mean ':quit'?")
    }

    @Test func colonNeedsAName() {
        #expect(parseError(":")?.description == "script.rsh:4:2: expected a command name after ':', found end of line")
        #expect(parseError(": state")?.message == "expected a command name after ':', found 'state'")
    }

    @Test func metaCommandsCannotRunInTheBackground() {
        #expect(parseError(":wait &")?.description == "script.rsh:4:7: ' &' applies to actions only, not to meta commands")
    }

    @Test func everyMetaCommandHasHelp() {
        #expect(MetaCommandHelp.names == [
            ":help", ":reactors", ":use", ":focus", ":actions", ":state", ":expect", ":wait", ":advance", ":sleep",
            ":history", ":undo", ":redo", ":jump", ":reset", ":save", ":diagram", ":serve", ":load", ":pause",
            ":watch", ":unwatch", ":break", ":unbreak", ":explore", ":set", ":clear", ":quit", ":exit",
        ])
        // The :help page lists every command in one group; no group is named like a command.
        let grouped = MetaCommandGroup.all.flatMap(\.commands)
        #expect(grouped.sorted() == MetaCommandHelp.names.sorted())
        #expect(MetaCommandGroup.all.allSatisfy { MetaCommandHelp.entry(named: $0.name) == nil })
        #expect(MetaCommandHelp.entry(named: "expect")?.usage == ":expect PATH OP VALUE")
        #expect(MetaCommandHelp.entry(named: ":expect")?.fullText.hasPrefix(":expect PATH OP VALUE\n  Assert a value") == true)
        #expect(MetaCommandHelp.overview.split(separator: "\n").count == MetaCommandHelp.names.count + 1)
        #expect(MetaCommandHelp.overview.split(separator: "\n").contains { $0.hasPrefix("  :use NAME ") && $0.hasSuffix("Load a registry entry as the current scene and focus its first reactor.") })
    }
}

@Suite struct LoadOptionParsingTests {
    @Test func loadTakesEchoBeforeItsFile() throws {
        let line = try ScriptParser.parse(":load --echo lesson.rsh", origin: LineOrigin(source: "s.rsh", line: 1))
        guard case .meta(let invocation) = line else { Issue.record("not a meta command: \(line)"); return }
        #expect(invocation.command == .load(file: LocatedText("lesson.rsh", column: 14), options: .init(echo: true)))
        #expect(ScriptFormatter.metaLine(invocation.command) == ":load --echo lesson.rsh")
    }

    @Test func aQuotedFileNameThatLooksLikeAnOptionIsAFile() throws {
        let line = try ScriptParser.parse(#":load "--echo""#, origin: LineOrigin(source: "s.rsh", line: 1))
        guard case .meta(let invocation) = line else { Issue.record("not a meta command: \(line)"); return }
        #expect(invocation.command == .load(file: LocatedText("--echo", column: 7)))
    }
}

@Suite struct PauseParsingTests {
    @Test func pauseTakesTheRestOfTheLineAsItsText() throws {
        #expect(try pauseText(":pause") == .some(nil))
        #expect(try pauseText(":pause Look at value  # a comment") == "Look at value")
        #expect(try pauseText(#":pause "value: 1 → 2""#) == "value: 1 → 2")
        #expect(try pauseText(":pause posts[0].title = 3") == "posts[0].title = 3")
    }

    private func pauseText(_ line: String) throws -> String?? {
        guard case .meta(let invocation) = try ScriptParser.parse(line, origin: LineOrigin(source: "s.rsh", line: 1)),
              case .pause(let text) = invocation.command else { return nil }
        return .some(text)
    }
}

@Suite struct WatchAndBreakParsingTests {
    private func command(_ line: String) throws -> MetaCommand? {
        guard case .meta(let invocation) = try ScriptParser.parse(line, origin: LineOrigin(source: "s.rsh", line: 1)) else { return nil }
        return invocation.command
    }

    @Test func watchAndUnwatchTakeAnOptionalPath() throws {
        #expect(try command(":watch") == .watch(path: nil))
        #expect(try command(":watch write:title") == .watch(path: StatePathReference(
            reactor: LocatedText("write", column: 8), path: LocatedText("title", column: 14))))
        #expect(try command(":unwatch") == .unwatch(path: nil))
        #expect(try command(":unbreak posts.count") == .unbreak(path: StatePathReference(
            reactor: nil, path: LocatedText("posts.count", column: 10))))
    }

    @Test func breakTakesAnExpectationOrNothing() throws {
        #expect(try command(":break") == .breakWhen(nil))
        guard case .breakWhen(let condition?) = try command(":break value >= 3") else { Issue.record("no condition"); return }
        #expect(condition.path.description == "value" && condition.comparison.symbol == ">=" && condition.comparisonColumn == 14)
        #expect(ScriptFormatter.metaLine(.breakWhen(condition)) == ":break value >= 3")
        #expect(throws: Diagnostic.self) { try command(":break value >=") }
    }
}

@Suite("The :explore line")
struct ExploreLineTests {
    @Test func itsOptionsAreWordsAndAQuotedStringIsOneWord() throws {
        let parsed = try ScriptParser.parse(#":explore --runs 5 --invariant "home >= 0" --out=x.rsh"#, origin: LineOrigin())
        guard case .meta(let meta) = parsed, case .explore(let arguments) = meta.command else {
            Issue.record("not :explore: \(parsed)")
            return
        }
        #expect(arguments == ["--runs", "5", "--invariant", "home >= 0", "--out=x.rsh"])
        #expect(ScriptFormatter.metaLine(meta.command) == #":explore --runs 5 --invariant "home >= 0" --out=x.rsh"#)
    }
}
