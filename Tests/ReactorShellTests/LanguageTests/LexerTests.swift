import Testing
@testable import ReactorShell

private func kinds(_ line: String) throws -> [TokenKind] {
    try Lexer.tokenize(line).tokens.map(\.kind)
}

private func lexError(_ line: String) -> Diagnostic? {
    do {
        _ = try Lexer.tokenize(line, origin: LineOrigin(source: "t.rsh", line: 3))
        return nil
    } catch {
        return error
    }
}

@Suite struct LexerTests {
    @Test func bareWordsStopAtBlanksQuotesAndPunctuation() throws {
        #expect(try kinds("increase  c++ a/b") == [.word("increase"), .word("c++"), .word("a/b")])
        #expect(try kinds("home:3") == [.word("home"), .colon, .int(3)])
        #expect(try kinds("home=3") == [.word("home"), .equals, .int(3)])
        #expect(try kinds("[a,b]") == [.leftBracket, .word("a"), .comma, .word("b"), .rightBracket])
    }

    @Test func numbersBecomeIntOrDouble() throws {
        #expect(try kinds("42 -7 3.5 -0.25 1e3 2.5E-3") == [.int(42), .int(-7), .double(3.5), .double(-0.25), .double(1000), .double(0.0025)])
    }

    @Test func wordsThatOnlyLookNumericStayWords() throws {
        #expect(try kinds("1.2.3 12ab - .5 1e") == [.word("1.2.3"), .word("12ab"), .word("-"), .word(".5"), .word("1e")])
    }

    @Test func keywords() throws {
        #expect(try kinds("true false nil True") == [.bool(true), .bool(false), .nil, .word("True")])
    }

    @Test func columnsAndAttachmentAreRecorded() throws {
        let tokens = try Lexer.tokenize("  setScore home: 3").tokens
        #expect(tokens.map(\.column) == [3, 12, 16, 18])
        #expect(tokens.map(\.endColumn) == [11, 16, 17, 19])
        #expect(tokens.map(\.isAttached) == [false, false, true, false])
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let tokens = try Lexer.tokenize("\"héllo 😀\" x").tokens
        #expect(tokens.map(\.column) == [1, 11])
        #expect(lexError("\"é\" \"\\q\"")?.column == 6)
    }

    @Test func stringEscapesAreDecoded() throws {
        #expect(try kinds(#""a \"b\" \\ \n \t \u{1F600} \u{41}""#) == [.string("a \"b\" \\ \n \t 😀 A")])
        #expect(try kinds(#""""#) == [.string("")])
        #expect(try kinds(##""# not a comment""##) == [.string("# not a comment")])
    }

    @Test func stringTokenKeepsItsSourceText() throws {
        #expect(try Lexer.tokenize(#"x "a\nb""#).tokens[1].text == #""a\nb""#)
    }

    @Test func commentsEndTheLineOutsideQuotes() throws {
        #expect(try kinds("increase # adds one") == [.word("increase")])
        #expect(try kinds("abc#def") == [.word("abc")])
        #expect(try kinds("   # only a comment").isEmpty)
    }

    @Test func trailingAmpersandMarksBackground() throws {
        let line = try Lexer.tokenize("updateQuery sw &  # keep going")
        #expect(line.isBackground)
        #expect(line.backgroundColumn == 16)
        #expect(line.tokens.map(\.kind) == [.word("updateQuery"), .word("sw")])
        #expect(try Lexer.tokenize("increase&").isBackground == false)
        #expect(try Lexer.tokenize("increase \"&\"").isBackground == false)
    }

    @Test func carriageReturnsAndTabsAreBlanks() throws {
        #expect(try kinds("increase\t1\r") == [.word("increase"), .int(1)])
    }

    @Test func unterminatedStringPointsAtTheOpeningQuote() {
        let error = lexError(#"updateTitle "hello"#)
        #expect(error?.description == #"t.rsh:3:13: unterminated string; expected a closing '"'"#)
    }

    @Test func invalidEscapePointsAtTheBackslash() {
        #expect(lexError(#"x "ab\qc""#)?.description == #"t.rsh:3:6: invalid escape '\q' in string; expected \", \\, \n, \t or \u{…}"#)
        #expect(lexError(#"x "\u41""#)?.message == #"invalid escape '\u' in string; expected \u{…} with 1 to 8 hex digits"#)
        #expect(lexError(#"x "\u{}""#)?.message == #"invalid escape '\u{}' in string; expected 1 to 8 hex digits"#)
        #expect(lexError(#"x "\u{12"#)?.message == #"invalid escape in string: '\u{' without a closing '}'"#)
    }

    @Test func invalidCodePointIsAnError() {
        let surrogate = lexError(#"x "ok\u{D800}""#)
        #expect(surrogate?.column == 6)
        #expect(surrogate?.message == #"invalid code point '\u{D800}' in string (not a Unicode scalar value)"#)
        #expect(lexError(#"x "\u{110000}""#)?.message == #"invalid code point '\u{110000}' in string (not a Unicode scalar value)"#)
    }

    @Test func integerOverflowIsAnErrorNotACrash() {
        let error = lexError("setScore 99999999999999999999 1")
        #expect(error?.column == 10)
        #expect(error?.message == "integer literal '99999999999999999999' does not fit in Int (-9223372036854775808...9223372036854775807)")
        #expect(lexError("x 1e999")?.message == "number literal '1e999' is out of range for Double")
    }

    @Test func controlCharactersAreRejected() {
        #expect(lexError("increase \u{1}")?.description == "t.rsh:3:10: unexpected control character U+0001")
        #expect(lexError("x \"a\u{0}\"")?.message == "unexpected control character U+0000 in string")
    }

    @Test func aVeryLongLineIsLexedWithoutRecursion() throws {
        let words = String(repeating: "word ", count: 200_000)
        #expect(try Lexer.tokenize(words).tokens.count == 200_000)
        let longString = "\"" + String(repeating: "x", count: 1_000_000) + "\""
        #expect(try kinds(longString) == [.string(String(repeating: "x", count: 1_000_000))])
    }
}
