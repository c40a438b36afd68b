import Testing
@testable import ReactorShell

@Suite struct ActionLineParserTests {
    @Test func blankAndCommentLinesAreEmpty() throws {
        #expect(try parse("") == .empty)
        #expect(try parse("   \t ") == .empty)
        #expect(try parse("# a comment") == .empty)
    }

    @Test func actionWithoutArguments() throws {
        let invocation = try #require(try action("  increase  "))
        #expect(invocation.name == LocatedText("increase", column: 3))
        #expect(invocation.reactor == nil)
        #expect(invocation.arguments.isEmpty)
        #expect(invocation.isBackground == false)
        #expect(invocation.origin == LineOrigin(source: "script.rsh", line: 4))
    }

    @Test func reactorPrefixIsSplitOff() throws {
        let invocation = try #require(try action("write.updateTitle Hello"))
        #expect(invocation.reactor == LocatedText("write", column: 1))
        #expect(invocation.name == LocatedText("updateTitle", column: 7))
        #expect(invocation.qualifiedName == "write.updateTitle")
        #expect(try action("github-search.updateQuery x")?.reactor?.text == "github-search")
    }

    @Test func positionalArguments() throws {
        let invocation = try #require(try action("setScore 3 2"))
        #expect(invocation.arguments == [
            ParsedArgument(label: nil, value: ValueLiteral(.int(3), column: 10, text: "3")),
            ParsedArgument(label: nil, value: ValueLiteral(.int(2), column: 12, text: "2")),
        ])
    }

    @Test func labelledArgumentsWithColonOrEquals() throws {
        let invocation = try #require(try action("setScore away: 2 home=3"))
        #expect(invocation.arguments == [
            ParsedArgument(label: LocatedText("away", column: 10), value: ValueLiteral(.int(2), column: 16, text: "2")),
            ParsedArgument(label: LocatedText("home", column: 18), value: ValueLiteral(.int(3), column: 23, text: "3")),
        ])
        #expect(try action("setScore home:3")?.arguments.first?.label?.text == "home")
        #expect(try action(#"updateTitle title:"a b""#)?.arguments.first?.value.kind == .string("a b"))
    }

    @Test func valuesOfEveryForm() throws {
        let invocation = try #require(try action(#"f 42 -0.25 true nil "q" bare c++ a,b lang/x&y=1"#))
        #expect(invocation.arguments.map(\.value.kind) == [
            .int(42), .double(-0.25), .bool(true), .nil, .string("q"), .word("bare"), .word("c++"), .word("a,b"), .word("lang/x&y=1"),
        ])
        #expect(try action("f [1, 2]")?.arguments.first?.value.kind == .array([
            ValueLiteral(.int(1), column: 4, text: "1"), ValueLiteral(.int(2), column: 7, text: "2"),
        ]))
    }

    @Test func backgroundFlag() throws {
        let invocation = try #require(try action("updateQuery sw &"))
        #expect(invocation.isBackground)
        #expect(invocation.arguments.count == 1)
        #expect(invocation.endColumn == 15)
    }

    @Test func ampersandAloneIsAnError() {
        #expect(parseError("  &")?.description == "script.rsh:4:3: expected an action before '&'")
    }

    @Test func lineMustStartWithAnActionName() {
        #expect(parseError(#""increase""#)?.description == #"script.rsh:4:1: expected an action (ACTION or REACTOR.ACTION) or a ':' command, found '"increase"'"#)
        #expect(parseError("42")?.message == "expected an action (ACTION or REACTOR.ACTION) or a ':' command, found '42'")
        #expect(parseError("= 3")?.message == "expected an action (ACTION or REACTOR.ACTION) or a ':' command, found '='")
        #expect(parseError("inc-rease")?.message == "expected an action name (letters, digits, '_'), found 'inc-rease'")
        #expect(parseError("board.")?.message == "expected an action name (letters, digits, '_'), found ''")
        #expect(parseError(".go")?.message == "expected a reactor name before '.', found ''")
    }

    @Test func actionNameNeedsABlankAfterIt() {
        #expect(parseError("increase:3")?.description == "script.rsh:4:9: expected a blank after the action name 'increase', found ':'")
    }

    @Test func labelWithoutValue() {
        #expect(parseError("setScore home:")?.description == "script.rsh:4:15: expected a value after 'home:', found end of line")
        #expect(parseError("setScore home: ]")?.message == "expected a value, found ']'")
    }

    @Test func stringMustBeFollowedByABlank() {
        #expect(parseError(#"updateTitle "a"b"#)?.description == #"script.rsh:4:16: expected a blank after "a", found 'b'"#)
    }

    @Test func arraysMustBeClosed() {
        #expect(parseError("f [1, 2")?.description == "script.rsh:4:3: unterminated array; expected ']' to close the '[' here")
        #expect(parseError("f [1 2]")?.message == "expected ',' or ']' in array, found '2'")
        #expect(parseError("f [1,]")?.message == "expected a value, found ']'")
    }

    @Test func deeplyNestedArraysAreRejectedNotRecursedInto() {
        let deep = "f " + String(repeating: "[", count: 100_000)
        #expect(parseError(deep)?.message == "arrays nested too deeply (at most 32 levels)")
    }

    @Test func manyArgumentsOnOneLine() throws {
        let line = "f" + String(repeating: " 1", count: 50_000)
        #expect(try action(line)?.arguments.count == 50_000)
    }

    /// The parser keeps no text for an integer written as `String(value)` writes it; its text must
    /// still read as written, and the literal must equal (and hash like) one made with its text.
    @Test func integersReadAsWrittenWithOrWithoutAKeptText() throws {
        let invocation = try #require(try action("f 0 -5 42 007 -0 -007 123456789012345678"))
        let written = ["0", "-5", "42", "007", "-0", "-007", "123456789012345678"]
        #expect(invocation.arguments.map(\.value.text) == written)
        for (argument, text) in zip(invocation.arguments, written) {
            let made = ValueLiteral(.int(Int(text)!), column: argument.value.column, text: text)
            #expect(argument.value == made)
            #expect(argument.value.hashValue == made.hashValue)
        }
        // Setting the text keeps it.
        var literal = invocation.arguments[1].value
        #expect(literal.stateValue == .int(-5))
        literal.text = "-05"
        #expect(literal.text == "-05")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        // After an é everything moves by one character, not two bytes.
        let invocation = try #require(try action("f é 3"))
        #expect(invocation.arguments.map(\.value.column) == [3, 5])
        #expect(invocation.endColumn == 6)
    }
}
