import StateDiff
import Testing
@testable import ReactorShell

@Suite struct ArgumentBindingTests {
    @Test func positionalArguments() throws {
        #expect(try build("setScore 3 2") == .setScore(home: 3, away: 2))
    }

    @Test func labelledArgumentsInAnyOrder() throws {
        #expect(try build("setScore home: 3 away: 2") == .setScore(home: 3, away: 2))
        #expect(try build("setScore away: 2 home: 3") == .setScore(home: 3, away: 2))
        #expect(try build("setScore away=2 home=3") == .setScore(home: 3, away: 2))
    }

    @Test func positionalArgumentsFillTheParametersLabelsLeftOpen() throws {
        #expect(try build("setScore away: 2 3") == .setScore(home: 3, away: 2))
        #expect(try build("setScore 3 away: 2") == .setScore(home: 3, away: 2))
    }

    @Test func defaultsMayBeLeftOut() throws {
        #expect(try build("add") == .add(count: 1))
        #expect(try build("add 5") == .add(count: 5))
        #expect(try build("tune 0.5") == .tune(ratio: 0.5, loud: nil))
        #expect(try build("tune 2 loud: true") == .tune(ratio: 2, loud: true))
    }

    @Test func optionalsAcceptNil() throws {
        #expect(try build("updateQuery nil") == .updateQuery(nil))
        #expect(try build("updateQuery swift") == .updateQuery("swift"))
        #expect(try build(#"updateQuery "nil""#) == .updateQuery("nil"))
    }

    @Test func stringParametersTakeBareWordsNumbersAndBoolsAsWritten() throws {
        #expect(try build("rename 007") == .rename("007"))
        #expect(try build("rename 1e3") == .rename("1e3"))
        #expect(try build("rename true") == .rename("true"))
        #expect(try build("rename c++") == .rename("c++"))
        #expect(try build(#"rename "two words""#) == .rename("two words"))
    }

    @Test func intsAreAcceptedForDoubles() throws {
        #expect(try build("tune 2") == .tune(ratio: 2.0, loud: nil))
    }

    @Test func wrongTypeNamesTheArgumentAndTheColumn() {
        #expect(buildError(#"setScore home: "x" away: 2"#)?.description == #"script.rsh:4:16: setScore: argument 'home' expects Int, got "x""#)
        #expect(buildError("setScore x 2")?.description == #"script.rsh:4:10: setScore: argument 'home' expects Int, got "x""#)
        #expect(buildError("setScore 3.5 2")?.message == "setScore: argument 'home' expects Int, got 3.5")
        #expect(buildError("tune yes")?.message == #"tune: argument 'ratio' expects Double, got "yes""#)
        #expect(buildError("tune 1 loud: 1")?.message == "tune: argument 'loud' expects Bool?, got 1")
        #expect(buildError("rename [1, 2]")?.message == "rename: argument 'name' expects String, got [1, 2]")
    }

    @Test func nilForANonOptionalIsAnError() {
        #expect(buildError("setScore nil 2")?.description == "script.rsh:4:10: setScore: argument 'home' expects Int, got nil (the parameter is not optional)")
        #expect(buildError("rename nil")?.message == "rename: argument 'name' expects String, got nil (the parameter is not optional)")
    }

    @Test func missingArgumentIsReportedAtTheEndOfTheLine() {
        #expect(buildError("setScore 3")?.description == "script.rsh:4:11: setScore: missing argument 'away' (Int); expected setScore(home: Int, away: Int)")
        #expect(buildError("setScore away: 2")?.message == "setScore: missing argument 'home' (Int); expected setScore(home: Int, away: Int)")
        #expect(buildError("updateQuery")?.message == "updateQuery: missing argument 'query' (String?); expected updateQuery(query: String?)")
    }

    @Test func tooManyArguments() {
        #expect(buildError("setScore 3 2 1")?.description == "script.rsh:4:14: setScore: unexpected extra argument 1; expected setScore(home: Int, away: Int)")
        #expect(buildError("homeScore now")?.description == #"script.rsh:4:11: homeScore: unexpected extra argument "now"; homeScore takes no arguments"#)
    }

    @Test func unknownLabelSuggestsTheNearest() {
        #expect(buildError("setScore hom: 3 away: 2")?.description == "script.rsh:4:10: setScore: unknown argument label 'hom'; did you mean 'home'?")
        #expect(buildError("setScore zzz: 3")?.message == "setScore: unknown argument label 'zzz'; expected setScore(home: Int, away: Int)")
        #expect(buildError("homeScore by: 2")?.message == "homeScore: unknown argument label 'by'; homeScore takes no arguments")
    }

    @Test func labelsAreCaseSensitive() {
        #expect(buildError("setScore Home: 3 away: 2")?.message == "setScore: unknown argument label 'Home'; did you mean 'home'?")
    }

    @Test func duplicateLabel() {
        #expect(buildError("setScore home: 3 home: 4")?.description == "script.rsh:4:18: setScore: argument 'home' is given twice")
    }

    @Test func boundArgumentsAreRecordableInDeclarationOrder() throws {
        guard case .action(let invocation) = try ScriptParser.parse("setScore away: 2 home: 3") else { Issue.record("not parsed"); return }
        let arguments = try scoreCommands[1].signature.bind(invocation)
        #expect(arguments.fields == [StateField("home", .int(3)), StateField("away", .int(2))])
        #expect(arguments.stateValue == .object([StateField("home", .int(3)), StateField("away", .int(2))]))
        #expect(arguments["away"] == .int(2))
        #expect(arguments["nope"] == nil)
    }

    @Test func defaultsAreRecordedToo() throws {
        guard case .action(let invocation) = try ScriptParser.parse("tune 1") else { Issue.record("not parsed"); return }
        let arguments = try scoreCommands[3].signature.bind(invocation)
        #expect(arguments.fields == [StateField("ratio", .double(1)), StateField("loud", .null)])
    }

    @Test func aDeclarationMistakeInBuildBecomesADiagnostic() {
        let broken = ActionCommand<ScoreAction>("broken", parameters: [.int("n")]) { args in .add(count: try args.int("m")) }
        guard case .action(let invocation)? = try? ScriptParser.parse("broken 1") else { Issue.record("not parsed"); return }
        #expect(throws: Diagnostic(source: "<stdin>", line: 1, column: 1, message: "broken: declaration error: no parameter 'm' is declared")) {
            try broken.makeAction(invocation)
        }
    }

    @Test func accessorsCheckTheStoredType() {
        let arguments = CommandArguments([StateField("n", .string("x")), StateField("q", .null)])
        #expect(throws: CommandArgumentAccessError(label: "n", requestedType: "Int", found: .string("x"))) { try arguments.int("n") }
        #expect((try? arguments.optionalInt("q")) == .some(nil))
        #expect((try? arguments.string("n")) == "x")
    }
}
