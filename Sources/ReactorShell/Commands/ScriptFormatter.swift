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

    /// The line for an action whose arguments are given as label/value pairs in declaration order.
    public static func actionLine(reactor: String? = nil, command: String, fields: [StateField]) -> String {
        if reactor == nil && fields.isEmpty { return command }
        if let line = simpleActionLine(reactor: reactor, command: command, fields: fields) { return line }
        return generalActionLine(reactor: reactor, command: command, fields: fields)
    }

    /// ``actionLine(reactor:command:fields:)`` for any values, written as StateDiff's literals (`StateValue.literal()`), which the language reads back.
    static func generalActionLine(reactor: String?, command: String, fields: [StateField]) -> String {
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

    /// ``actionLine(reactor:command:fields:)`` written straight into the line's bytes, when every value
    /// is `nil`, a Bool, an Int or a String that needs no escapes; nil otherwise.
    static func simpleActionLine(reactor: String?, command: String, fields: [StateField]) -> String? {
        let labelled = fields.count != 1
        var capacity = command.utf8.count + (reactor.map { $0.utf8.count + 1 } ?? 0)
        for field in fields {
            capacity += labelled ? field.key.utf8.count + 3 : 1
            switch field.value {
            case .null: capacity += 3
            case .bool: capacity += 5
            case .int: capacity += 20
            case .string(let text):
                for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte >= 0x7F { return nil }
                capacity += text.utf8.count + 2
            case .double, .array, .object: return nil
            }
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var writer = LineWriter(buffer: buffer)
            if let reactor {
                writer.write(reactor)
                writer.write(UInt8(ascii: "."))
            }
            writer.write(command)
            for field in fields {
                writer.write(UInt8(ascii: " "))
                if labelled {
                    writer.write(field.key)
                    writer.write(UInt8(ascii: ":"))
                    writer.write(UInt8(ascii: " "))
                }
                switch field.value {
                case .null: writer.write("nil")
                case .bool(let flag): writer.write(flag ? "true" : "false")
                case .int(let number): writer.write(number)
                case .string(let text):
                    writer.write(UInt8(ascii: "\""))
                    writer.write(text)
                    writer.write(UInt8(ascii: "\""))
                case .double, .array, .object: break
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<writer.count]), as: UTF8.self)
        }
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

/// Appends bytes to a buffer whose capacity was computed beforehand.
private struct LineWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    mutating func write(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    mutating func write(_ text: String) {
        let copied = text.utf8.withContiguousStorageIfAvailable { source in
            _ = UnsafeMutableBufferPointer(rebasing: buffer[count..<count + source.count]).initialize(fromContentsOf: source)
            return source.count
        }
        if let copied {
            count += copied
        } else {
            for byte in text.utf8 { write(byte) }
        }
    }

    mutating func write(_ number: Int) {
        if number < 0 { write(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for the 20 digits of UInt64.max
        let length = withUnsafeMutableBytes(of: &digits) { scratch in
            var end = scratch.count
            repeat {
                end -= 1
                scratch[end] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            let length = scratch.count - end
            for offset in 0..<length { buffer[count + offset] = scratch[end + offset] }
            return length
        }
        count += length
    }
}
