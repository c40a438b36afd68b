import StateDiff

/// Writes commands back as lines of script that parse to the same thing (for `:save`).
///
/// Canonical form: a command with one parameter passes it positionally (`updateQuery "swift"`), one with
/// several labels each argument (`setScore home: 3 away: 2`); strings are always quoted; doubles always
/// show a fraction or exponent; `nil` stays `nil`.
public enum ScriptFormatter {
    /// The line for an action with bound arguments, optionally prefixed with `REACTOR.`.
    public static func actionLine(reactor: String? = nil, command: String, arguments: CommandArguments) -> String {
        actionLine(reactor: reactor, command: command, fields: arguments.fields)
    }

    /// The line for an action whose arguments are given as label/value pairs in declaration order,
    /// each value written as StateDiff's literal (`StateValue.literal()`), which the language reads back.
    public static func actionLine(reactor: String? = nil, command: String, fields: [StateField]) -> String {
        var line = reactor.map { $0 + "." } ?? ""
        line += command
        if fields.count == 1 {
            line += " "
            line += fields[0].value.literal()
        } else {
            for field in fields {
                line += " " + field.key + ": "
                line += field.value.literal()
            }
        }
        return line
    }

    /// The line for a meta command, e.g. `:expect write:isDismissed == true`, `:wait 1.5s`.
    public static func metaLine(_ command: MetaCommand) -> String {
        let name = command.name
        switch command {
        case .help(let topic):
            guard let topic else { return name }
            if topic.text.hasPrefix(":"), MetaCommandHelp.entry(named: topic.text) != nil { return join(name, topic.text) }
            return join(name, word(topic.text))
        case .reactors, .history, .undo, .redo, .clear, .quit: return name
        case .use(let entry): return join(name, word(entry.text))
        case .focus(let reactor): return join(name, word(reactor.text))
        case .actions(let reactor), .reset(let reactor): return join(name, reactor.map { word($0.text) })
        case .state(let path): return join(name, path?.description)
        case .sceneState: return ":state *"
        case .expect(let expectation):
            return join(name, expectation.path.description + " " + expectation.comparison.symbol + " "
                + expectation.expected.stateValue.literal())
        case .wait(let limit): return join(name, limit.map(DurationSyntax.format))
        case .advance(let duration), .sleep(let duration): return join(name, DurationSyntax.format(duration))
        case .jump(let step): return join(name, String(step))
        case .save(let file, let kind): return join(name, kind.written + word(file.text))
        case .diagram(let file): return join(name, file.map { word($0.text) })
        case .serve(let port): return join(name, port.map(String.init))
        case .serveStop: return join(name, "stop")
        case .load(let file, let options): return join(name, options.written + word(file.text))
        case .set(let setting):
            switch setting {
            case nil: return ":set"
            case .diff(let on): return ":set diff " + (on ? "on" : "off")
            case .trace(let on): return ":set trace " + (on ? "on" : "off")
            case .format(let format): return ":set format " + format.rawValue
            case .color(let color): return ":set color " + color.rawValue
            }
        case .exit(let code): return join(name, code.map { String($0) })
        case .pause(let text): return join(name, text.map { StateValue.string($0).literal() })
        case .explore(let arguments):
            return join(name, arguments.isEmpty ? nil : arguments.map(shellWord).joined(separator: " "))
        case .watch(let path), .unwatch(let path), .unbreak(let path): return join(name, path?.description)
        case .breakWhen(let expectation):
            return join(name, expectation.map {
                $0.path.description + " " + $0.comparison.symbol + " " + $0.expected.stateValue.literal()
            })
        }
    }

    /// `word` as one word of `:explore`'s options: quoted when it holds a blank, a quote or `#`.
    private static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && !word.contains { $0 == " " || $0 == "\"" || $0 == "#" || $0 == "\\" || $0 == "\t" }
        return plain ? word : StateValue.string(word).literal()
    }

    private static func join(_ name: String, _ argument: String?) -> String {
        guard let argument else { return name }
        return name + " " + argument
    }

    /// A bare word when it re-lexes as the same single word, else a quoted string.
    static func word(_ text: String) -> String {
        if let line = try? Lexer.tokenize(text), line.tokens.count == 1, !line.isBackground,
           case .word(let lexed) = line.tokens[0].kind, lexed == text {
            return text
        }
        return StateValue.string(text).literal()
    }
}
