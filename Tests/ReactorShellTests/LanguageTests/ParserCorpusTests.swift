import Foundation
import StateDiff
import Testing
@testable import ReactorShell

/// The parser against expected results: every line of the examples, of the test scripts, of a
/// generated script (Tests/Fixtures/Parser/generated.rsh, from Benchmarks/generate-script.py), of a
/// list of tricky lines (tricky.txt: quotes, escapes, Unicode, labels, `write:title`, `&`,
/// comments, meta commands, bad input) and of lines put together at random from tricky pieces
/// (random.txt) is parsed, and an action line resolved and bound against a
/// scene of the built-in reactors' commands; what comes out (the command, or the error's column
/// and message) must be what Tests/Fixtures/Parser/expected.txt says.
///
/// The expected results were written by the parser that had a fast path beside the full one,
/// each checked against the other, before the two became one. The lines are read from
/// expected.txt itself; `PARSER_CORPUS_WRITE=1 swift test --filter ParserCorpusTests` takes them
/// from the sources again and writes the results (then read the diff).
@Suite struct ParserCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let expectedPath = root.appendingPathComponent("Tests/Fixtures/Parser/expected.txt").path

    /// The scene the action lines are bound in: test commands of every parameter type (`f`, focused
    /// first) and the built-in reactors' commands; `:use` and `:focus` lines move the focus.
    static let tables: [ReactorCommandTable] = [
        ReactorCommandTable(name: "f", signatures: scoreCommands.map(\.signature) + [
            CommandSignature(name: "f", doc: "", parameters: [.string("a", default: ""), .optionalInt("b", default: nil)]),
        ]),
        ReactorCommandTable(name: "board", signatures: [
            CommandSignature(name: "refresh", doc: "", parameters: []),
            CommandSignature(name: "delete", doc: "", parameters: [.int("id")]),
            CommandSignature(name: "rename", doc: "", parameters: [.int("id"), .string("title")]),
        ]),
        ReactorCommandTable(name: "write", signatures: [
            CommandSignature(name: "updateTitle", doc: "", parameters: [.string("title")]),
            CommandSignature(name: "updateContent", doc: "", parameters: [.string("content")]),
            CommandSignature(name: "submit", doc: "", parameters: []),
        ]),
        ReactorCommandTable(name: "counter", signatures: [
            CommandSignature(name: "increase", doc: "", parameters: []),
            CommandSignature(name: "decrease", doc: "", parameters: []),
        ]),
        ReactorCommandTable(name: "scoreboard", signatures: [
            CommandSignature(name: "homeScore", doc: "", parameters: []),
            CommandSignature(name: "awayScore", doc: "", parameters: []),
            CommandSignature(name: "resetScore", doc: "", parameters: []),
            CommandSignature(name: "setScore", doc: "", parameters: [.int("home"), .int("away")]),
        ]),
        ReactorCommandTable(name: "github-search", signatures: [
            CommandSignature(name: "updateQuery", doc: "", parameters: [.optionalString("query")]),
            CommandSignature(name: "loadNextPage", doc: "", parameters: []),
        ]),
    ]

    /// The corpus files, in order (paths from the repository's root).
    static let sources = [
        "Tests/Fixtures/Parser/tricky.txt", "Tests/Fixtures/Parser/random.txt", "examples/board.rsh", "examples/counter.rsh",
        "examples/github-search.rsh", "examples/lesson-board.rsh", "examples/scoreboard.rsh", "examples/tour.rsh", "examples/custom-shell/tests/todo.rsh",
        "Tests/ReactorShellTestingTests/scripts/failing.rsh", "Tests/Fixtures/Parser/generated.rsh",
    ]

    /// The corpus: each distinct line once, in the order of ``sources``.
    static func corpus() throws -> [String] {
        var seen = Set<String>()
        var lines: [String] = []
        for source in sources {
            let text = try String(contentsOfFile: root.appendingPathComponent(source).path, encoding: .utf8)
            var fileLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if fileLines.last == "" { fileLines.removeLast() }
            for line in fileLines {
                let line = source.hasSuffix(".txt") ? unescaped(line) : line
                if seen.insert(line).inserted { lines.append(line) }
            }
        }
        return lines
    }

    /// What the parser (and, for an action line, resolving and binding) makes of each line, as
    /// the text of expected.txt.
    static func results(of lines: [String]) -> String {
        var focus = 0
        var text = ""
        for (index, line) in lines.enumerated() {
            let origin = LineOrigin(source: "corpus.rsh", line: index + 1)
            text += "» " + escaped(line) + "\n"
            let parsed: ParsedLine
            do {
                parsed = try ScriptParser.parse(line, origin: origin)
            } catch {
                text += "  error \(error.column): \(error.message)\n"
                continue
            }
            text += "  " + describe(parsed) + "\n"
            switch parsed {
            case .empty: break
            case .meta(let meta):
                switch meta.command {
                case .use(let name), .focus(let name):
                    if let found = tables.firstIndex(where: { $0.name == name.text }) { focus = found }
                default: break
                }
            case .action(let invocation):
                text += "  " + bound(invocation, focus: focus) + "\n"
            }
        }
        return text
    }

    /// The action of `invocation` resolved and bound, or the error.
    static func bound(_ invocation: ActionInvocation, focus: Int) -> String {
        do {
            let (reactor, command) = try ActionResolver.resolveIndices(invocation, focus: focus, in: SceneCommands(tables))
            let signature = tables[reactor].signatures[command]
            let arguments = try signature.bind(invocation)
            let fields = arguments.fields.map { "\($0.key): \($0.value.literal())" }
            return "→ \(tables[reactor].name).\(signature.name)(\(fields.joined(separator: ", ")))"
        } catch {
            return "→ error \(error.column): \(error.message)"
        }
    }

    /// A parsed line as text: every field with its column.
    static func describe(_ parsed: ParsedLine) -> String {
        switch parsed {
        case .empty:
            return "empty"
        case .meta(let meta):
            return "meta @\(meta.column) " + dump(meta.command)
        case .action(let invocation):
            let reactor = invocation.reactor.map { "\($0.text.debugDescription)@\($0.column)." } ?? ""
            let arguments = invocation.arguments.map { argument in
                (argument.label.map { "\($0.text)@\($0.column): " } ?? "") + dump(argument.value)
            }
            return "action \(reactor)\(invocation.name.text.debugDescription)@\(invocation.name.column)"
                + "(\(arguments.joined(separator: ", ")))\(invocation.isBackground ? " &" : "") end \(invocation.endColumn)"
        }
    }

    /// Any value of a parsed line as text, through its mirror (not its description, which for
    /// ``LocatedText`` leaves the column out).
    static func dump(_ value: Any) -> String {
        if let literal = value as? ValueLiteral {
            return "\(dump(literal.kind))@\(literal.column) \(literal.text.debugDescription)"
        }
        if let text = value as? String { return text.debugDescription }
        if value is Int || value is Int32 || value is Double || value is Bool { return "\(value)" }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { dump($0.value) } ?? "nil"
        case .enum:
            guard let payload = mirror.children.first else { return "\(value)" }
            return "\(payload.label ?? "?")(\(dump(payload.value)))"
        case .collection:
            return "[" + mirror.children.map { dump($0.value) }.joined(separator: ", ") + "]"
        default:
            guard !mirror.children.isEmpty else { return "\(value)" }
            return "{" + mirror.children.map { "\($0.label ?? "_"): \(dump($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// `line` with `\`, tabs, carriage returns and other control characters escaped.
    static func escaped(_ line: String) -> String {
        var text = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// The line an ``escaped(_:)`` text stands for.
    static func unescaped(_ text: String) -> String {
        var line = ""
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.popFirst() else {
                line.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "t": line += "\t"
            case "r": line += "\r"
            case "u":
                let hex = String(String.UnicodeScalarView(scalars.dropFirst().prefix { $0 != "}" }))
                scalars = scalars.dropFirst(hex.unicodeScalars.count + 2)
                line.unicodeScalars.append(Unicode.Scalar(UInt32(hex, radix: 16)!)!)
            default: line.unicodeScalars.append(next)
            }
        }
        return line
    }

    @Test func theEscapesOfTheCorpusFileRoundTrip() {
        for line in ["a\\b", "\t\r\u{1}\u{7F}é", "\\u{41}", "x\\"] {
            #expect(Self.unescaped(Self.escaped(line)) == line)
        }
    }

    /// The lines of expected.txt (each after `» `, escaped).
    static func expectedLines(in expected: String) -> [String] {
        expected.split(separator: "\n").filter { $0.hasPrefix("» ") }.map { unescaped(String($0.dropFirst(2))) }
    }

    /// The corpus is the lines expected.txt lists (a snapshot of the sources, so that a change
    /// to an example does not change it); `PARSER_CORPUS_WRITE=1` takes them from the sources again.
    @Test func everyLineOfTheCorpusGivesItsExpectedResult() throws {
        let rewrite = ProcessInfo.processInfo.environment["PARSER_CORPUS_WRITE"] == "1"
        if rewrite {
            try Self.results(of: try Self.corpus()).write(toFile: Self.expectedPath, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: Self.expectedPath, encoding: .utf8)
        let lines = Self.expectedLines(in: expected)
        #expect(lines.count > 2_000)
        let actualLines = Self.results(of: lines).split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(actualLines.count == expectedLines.count)
        var lastLine = ""
        var differences = 0
        for (got, wanted) in zip(actualLines, expectedLines) {
            if got.hasPrefix("» ") { lastLine = String(got) }
            if got != wanted && differences < 20 {
                differences += 1
                Issue.record("after \(lastLine):\n  got:      \(got)\n  expected: \(wanted)")
            }
        }
    }
}
