import StateDiff
import Testing
import TestSupport
@testable import ReactorShell

/// The fast paths must give exactly what the general code gives: the parser's on every line it answers
/// for (and it must answer for the common shapes), the formatter's on every line it writes.
@Suite struct FastPathDifferentialTests {
    static let origin = LineOrigin(source: "fast.rsh", line: 12)

    /// The full parser's answer: the parsed line or its diagnostic.
    static func full(_ line: String) -> Result<ParsedLine, Diagnostic> {
        do { return .success(try ScriptParser.parseFully(line, origin: origin)) } catch { return .failure(error) }
    }

    /// The public parser's answer (fast path first).
    static func parsed(_ line: String) -> Result<ParsedLine, Diagnostic> {
        do { return .success(try ScriptParser.parse(line, origin: origin)) } catch { return .failure(error) }
    }

    /// Checks one line; returns true when the fast path answered.
    @discardableResult
    static func check(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let reference = full(line)
        #expect(parsed(line) == reference, "line: \(line.debugDescription)", sourceLocation: sourceLocation)
        guard let fast = ActionLineFastPath.parse(line, origin: origin) else { return false }
        #expect(Result.success(fast) == reference, "fast path differs on \(line.debugDescription)", sourceLocation: sourceLocation)
        return true
    }

    /// Every line of ParserCorpusTests' corpus: the fast path answers as the full parser does,
    /// and where it binds a line in the corpus's scene (at every focus), it binds it as resolving
    /// and binding the fully parsed line do.
    @Test func theFastPathAgreesWithTheFullParserOnTheCorpus() throws {
        let tables = ParserCorpusTests.tables
        let scene = SceneCommands(tables)
        var boundLines = 0
        for line in try ParserCorpusTests.corpus() {
            Self.check(line)
            for focus in tables.indices {
                var bound = BoundActionLine()
                guard case .bound? = ActionLineFastPath.parse(line, origin: Self.origin, scene: scene, focus: focus, bound: &bound) else {
                    continue
                }
                boundLines += 1
                guard case .action(let invocation)? = try? ScriptParser.parseFully(line, origin: Self.origin),
                      let (reactor, command) = try? ActionResolver.resolveIndices(invocation, focus: focus, in: scene),
                      let arguments = try? tables[reactor].signatures[command].bind(invocation) else {
                    Issue.record("bound \(line.debugDescription), which does not bind")
                    continue
                }
                #expect(bound.reactor == reactor && bound.command == command && bound.arguments == arguments
                        && bound.nameColumn == invocation.name.column && bound.isBackground == invocation.isBackground,
                        "line: \(line.debugDescription)")
            }
        }
        #expect(boundLines > 200)
    }

    @Test(arguments: [
        "", "   ", "\t\r", "# comment", "   # comment with \u{1} and é", "homeScore", "awayScore", "resetScore", "  increase  ",
        "setScore 3 4", "setScore home: 1 away: 2", "setScore home=1 away=2", "setScore home:1 away:-2", "setScore away: 2 3",
        "increase &", "increase  &  # later", "updateQuery sw &", "write.updateTitle Hello", "github-search.updateQuery x",
        #"updateQuery "swift lang""#, #"updateTitle title:"a b""#, "updateQuery nil", "tune 3.5 loud: true", "tune -0.25 false",
        "f 42 -0.25 true nil bare", "f c++ & && -", "f 1e3 2.5E-3 007 -0", "f 1 2 3 4 5 6 7 8", "f x#comment", "f 12abc -5e2 1.5 - -x -0 00 5#c", "_ _: 1", "x9 y_2: 3", "setScore 3 4\r",
        "f 123456789012345678 -123456789012345678", #"f "a#b" "" "x""#, "f a\\b", "f &", "f & 3", "f home:&", "f a.b ./x",
    ])
    func commonShapesTakeTheFastPath(line: String) {
        #expect(Self.check(line), "the fast path gave up on \(line.debugDescription)")
    }

    @Test(arguments: [
        // Meta commands, arrays, escapes, unicode, glued punctuation: the full parser's business.
        ":expect home == 5", ":state", "f [1, 2]", #"f "a\"b""#, #"f "\u{1F600}""#, #"f "\n""#, "naïve", "f é", #"f "é""#,
        "f a,b", "f lang/x&y=1", "f x=1=2", "f a:b", "f home::3", "f home:=3", "f \"x\"y", "f 1234567890123456789",
        "f 99999999999999999999", "f 1e400", "f true:", "f nil=1", "f 9a: 1", "f a-b: 1", "increase&", "f \u{1}", "f \u{7F}",
        "f \"a\u{9}b\"", "f 1 2 3 4 5 6 7 8 9", "f a: 1 b: 2 c: 3 d: 4 e: 5 f: 6 g: 7 h: 8 i: 9 &",
        // Errors: every one goes to the full parser.
        "&", "  &", "42", "-5", "= 3", "inc-rease", "board.", ".go", "a.b.c", "true", "nil x", "false.x", "9x", "increase:3",
        "setScore home:", "setScore home: ]", "setScore home: &", "setScore home: # c", #"updateTitle "a"b"#, #"f "open"#,
        "f [1, 2", "f ]", "f ,", "f :", "f =", "f =3", ":sate", ":expect x == 1 &",
    ])
    func otherShapesAgreeWithTheFullParser(line: String) {
        Self.check(line)
    }

    /// The fast path keeps no text for an integer written as `String(value)` writes it; its text must
    /// still read as written, and the literal must equal (and hash like) one made with its text.
    @Test func integersReadAsWrittenWithOrWithoutAKeptText() throws {
        let line = "f 0 -5 42 007 -0 -007 123456789012345678"
        guard case .action(let invocation)? = ActionLineFastPath.parse(line, origin: Self.origin) else {
            Issue.record("the fast path gave up on \(line)")
            return
        }
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

    /// Lines assembled at random from pieces, many of them tricky; the fast path must agree whenever it answers.
    @Test func generatedLinesAgreeWithTheFullParser() {
        let names = [
            "increase", "setScore", "a", "_x", "x9", "Z", "board.submit", "github-search.updateQuery", "a-b.c", "a.b.c", "9x",
            "true", "nil", "false", "truex", "inc-rease", ".go", "board.", "é", "naïve", "a.é", "-x", "-5", "x-", "&", "a&",
            "\"q\"", ":", ":use", "[", "a:", "a=", "3", "1.5",
        ]
        let arguments = [
            "3", "-7", "0", "007", "-0", "99999999999999999999", "123456789012345678", "-123456789012345678", "1234567890123456789",
            "3.5", "-0.25", "1e3", "2.5E-3", "1e400", "1.", ".5", "-", "--3", "-e", "1e", "1e+", "1E-2", "true", "false", "nil",
            "truex", "nilly", "tru", "\"q\"", "\"a b\"", "\"\"", "\"a\\\"b\"", "\"\\n\"", "\"\\u{1F600}\"", "\"\\u{D800}\"",
            "\"\\q\"", "\"unterminated", "\"x\"y", "\"é\"", "\"a#b\"", "\"\u{1}\"", "bare", "c++", "a,b", "lang/x&y=1", "x=1",
            "home:", "home: 3", "home:3", "home=3", "home= 3", "away: -2", "home: \"x\"", "home: nil", "home:&", "home: &",
            "home:#", "home: ]", "&", "&&", "[1, 2]", "[]", "[", "]", ",", ":", "=", "=3", "a:b", "é", "#", "# comment", "#x",
            "\u{1}", "\u{7F}", "a\\b", "3#c", "true:", "nil=1", "_: 1", "9a: 1", "a-b: 1", "home::3", "home:=3", "x.y", "a'b",
            "$x", "(1)", "{}", "~", "!", "@", "a;b", "<", ">", "?", "^", "`", "|",
        ]
        let blanks = [" ", "  ", "\t", " \t ", "\r "]
        var random = SplitMix64(seed: 0x5EED_1234)
        var answered = 0
        let count = 20_000
        for _ in 0..<count {
            var line = random.pick(["", "", "", " ", "\t", "  "])
            line += random.pick(names)
            // Mostly a few arguments, sometimes more than the fast path takes.
            let argumentCount = random.next(below: 16) == 0 ? 7 + random.next(below: 4) : random.next(below: 5)
            for _ in 0..<argumentCount {
                line += random.next(below: 12) == 0 ? "" : random.pick(blanks)
                line += random.pick(arguments)
            }
            switch random.next(below: 8) {
            case 0: line += " &"
            case 1: line += "&"
            case 2: line += " & # done"
            case 3: line += " # note é"
            case 4: line += random.pick(blanks)
            default: break
            }
            if Self.check(line) { answered += 1 }
        }
        // Most generated lines are odd on purpose, but a good share are plain ones the fast path must take.
        #expect(answered > count / 10, "the fast path answered only \(answered) of \(count) lines")
    }

    @Test func nonASCIIColumnsComeFromTheFullParser() throws {
        // Columns count characters: after an é everything moves by one character, not two bytes.
        let invocation = try #require(try action("f é 3"))
        #expect(invocation.arguments.map(\.value.column) == [3, 5])
        #expect(ActionLineFastPath.parse("f é 3", origin: Self.origin) == nil)
    }

    @Test func theNameIsTheLineItselfForABareAction() throws {
        let invocation = try #require(try action("homeScore"))
        #expect(invocation.name == LocatedText("homeScore", column: 1))
        #expect(invocation.endColumn == 10)
    }
}
