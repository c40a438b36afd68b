/// Parses the arguments of the meta commands of SPEC §3.2.
enum MetaCommandParser {
    static func parse(_ stream: inout TokenStream, origin: LineOrigin) throws(Diagnostic) -> MetaInvocation {
        let colon = stream.current!
        try stream.advance()
        guard let nameToken = stream.current, nameToken.isAttached, let word = stream.word(nameToken) else {
            throw stream.error(stream.currentColumn, "expected a command name after ':', found \(stream.foundDescription)")
        }
        try stream.advance()
        let name = ":" + word
        guard let help = MetaCommandHelp.entry(named: name), word == help.name.dropFirst() else {
            throw stream.error(stream.column(colon), "unknown command '\(name)'" + unknownCommandHint(name))
        }
        if let following = stream.current, following.isAttached {
            throw stream.error(stream.column(following), "expected a blank after '\(name)', found '\(stream.text(following))'")
        }
        var arguments = MetaArguments(stream: stream, help: help)
        let command = try arguments.parseCommand()
        try arguments.expectEnd()
        return MetaInvocation(origin: origin, column: stream.column(colon), command: command)
    }

    static func unknownCommandHint(_ name: String) -> String {
        let hint = Suggestions.didYouMean(name, among: MetaCommandHelp.names)
        return hint.isEmpty ? "; type :help for the list" : hint
    }
}

/// Reads the arguments of one meta command, with errors that quote its usage.
private struct MetaArguments {
    var stream: TokenStream
    let help: MetaCommandHelp

    var usage: String { "(usage: \(help.usage))" }

    mutating func parseCommand() throws(Diagnostic) -> MetaCommand {
        switch help.name {
        case ":help": return .help(topic: try optionalField())
        case ":reactors": return .reactors
        case ":use": return .use(entry: try requiredName("NAME"))
        case ":focus": return .focus(reactor: try requiredName("REACTOR"))
        case ":actions": return .actions(reactor: try optionalName("REACTOR"))
        case ":state":
            if let token = stream.current, token.kind == .word, stream.text(token) == "*", try stream.peek() == nil {
                try stream.advance()
                return .sceneState
            }
            return .state(path: try optionalPath())
        case ":expect": return .expect(try expectation())
        case ":wait": return .wait(limit: try optionalDuration())
        case ":advance": return .advance(try requiredDuration())
        case ":sleep": return .sleep(try requiredDuration())
        case ":history": return .history
        case ":undo": return .undo
        case ":redo": return .redo
        case ":jump": return .jump(step: try requiredStep())
        case ":reset": return .reset(reactor: try optionalName("REACTOR"))
        case ":save":
            let kind = try saveKind()
            return .save(file: try requiredFile(), kind: kind)
        case ":diagram": return .diagram(file: try optionalField())
        case ":serve": return try serveArgument()
        case ":load":
            let options = try loadOptions()
            return .load(file: try requiredFile(), options: options)
        case ":set": return .set(stream.isAtEnd ? nil : try setting())
        case ":clear": return .clear
        case ":pause": return .pause(text: try restOfLine())
        case ":watch": return .watch(path: try optionalPath())
        case ":unwatch": return .unwatch(path: try optionalPath())
        case ":break": return .breakWhen(stream.isAtEnd ? nil : try expectation())
        case ":unbreak": return .unbreak(path: try optionalPath())
        case ":quit": return .quit
        case ":explore": return .explore(arguments: try words())
        default: return .exit(code: try optionalExitCode())
        }
    }

    func expectEnd() throws(Diagnostic) {
        guard let extra = stream.current else { return }
        throw stream.error(stream.column(extra), "\(help.name) expects no more arguments, found '\(stream.text(extra))' \(usage)")
    }

    func missing(_ what: String) -> Diagnostic {
        stream.error(stream.currentColumn, "\(help.name) expects \(what), found \(stream.foundDescription) \(usage)")
    }

    /// The rest of the line as command-line words: blanks separate them, a quoted string is
    /// (part of) one word without its quotes.
    mutating func words() throws(Diagnostic) -> [String] {
        var words: [String] = []
        while let token = stream.current {
            let text = stream.string(token) ?? stream.text(token)
            if token.isAttached, !words.isEmpty { words[words.count - 1] += text } else { words.append(text) }
            try stream.advance()
        }
        return words
    }

    /// Everything left on the line as one text (`:pause Look at value`), or a single quoted string
    /// as its contents; nil when nothing is left.
    mutating func restOfLine() throws(Diagnostic) -> String? {
        guard let first = stream.current else { return nil }
        if try stream.peek() == nil, let text = stream.string(first) {
            try stream.advance()
            return text
        }
        var text = ""
        while let token = stream.current {
            if !text.isEmpty && !token.isAttached { text += " " }
            text += stream.text(token)
            try stream.advance()
        }
        return text
    }

    mutating func optionalField() throws(Diagnostic) -> LocatedText? {
        guard let field = try stream.readField() else { return nil }
        if field.count == 1, let text = stream.string(field.first) {
            return LocatedText(text, column: field.column)
        }
        return LocatedText(field.text, column: field.column)
    }

    mutating func optionalName(_ what: String) throws(Diagnostic) -> LocatedText? {
        guard !stream.isAtEnd else { return nil }
        return try requiredName(what)
    }

    mutating func requiredName(_ what: String) throws(Diagnostic) -> LocatedText {
        guard let token = stream.current else { throw missing(what) }
        let name: String
        if let word = stream.word(token), Identifier.isReactorName(word) {
            name = word
        } else if let text = stream.string(token), !text.isEmpty {
            name = text
        } else {
            throw missing(what)
        }
        if let following = try stream.peek(), following.isAttached { throw missing(what) }
        try stream.advance()
        return LocatedText(name, column: stream.column(token))
    }

    mutating func requiredFile() throws(Diagnostic) -> LocatedText {
        guard let file = try optionalField(), !file.text.isEmpty else { throw missing("FILE") }
        return file
    }

    /// The `--expect` or `--transcript` option of `:save`, before its FILE (a file named like an
    /// option is quoted).
    mutating func saveKind() throws(Diagnostic) -> MetaCommand.SaveKind {
        var kind = MetaCommand.SaveKind.script
        while let token = stream.current, isOption(token) {
            var lookahead = stream
            guard let field = try lookahead.readField() else { break }
            let chosen: MetaCommand.SaveKind
            switch field.text {
            case "--expect": chosen = .expectations
            case "--transcript": chosen = .transcript
            case "--html": chosen = .html
            default:
                throw stream.error(field.column, "\(help.name) has no option '\(field.text)'; expected --expect, --transcript, --html or FILE \(usage)")
            }
            if kind != .script && kind != chosen {
                throw stream.error(field.column, "\(help.name) takes one of --expect, --transcript and --html \(usage)")
            }
            kind = chosen
            stream = lookahead
        }
        return kind
    }

    /// The `--step` and `--echo` options of `:load`, before its FILE (a file named like an option is quoted).
    mutating func loadOptions() throws(Diagnostic) -> MetaCommand.LoadOptions {
        var options = MetaCommand.LoadOptions()
        while let token = stream.current, isOption(token) {
            var lookahead = stream
            guard let field = try lookahead.readField() else { break }
            switch field.text {
            case "--echo": options.echo = true
            case "--step": options.step = true
            default:
                throw stream.error(field.column, "\(help.name) has no option '\(field.text)'; expected --step, --echo or FILE \(usage)")
            }
            stream = lookahead
        }
        return options
    }

    /// True when `token` is a bare word starting with `-` (an option of `:save` or `:load`).
    func isOption(_ token: LexedToken) -> Bool {
        token.kind == .word && stream.bytes[token.start] == UInt8(ascii: "-")
    }

    mutating func optionalPath() throws(Diagnostic) -> StatePathReference? {
        guard !stream.isAtEnd else { return nil }
        return try requiredPath()
    }

    mutating func requiredPath() throws(Diagnostic) -> StatePathReference {
        guard let first = stream.current, !first.isString, first.kind != .colon else { throw missing("PATH") }
        guard let field = try stream.readField() else { throw missing("PATH") }
        guard let colon = field.colon else {
            return StatePathReference(reactor: nil, path: LocatedText(field.text, column: field.column))
        }
        // The field's tokens are attached: their texts are the bytes from the first to the last.
        let prefix = stream.text(from: field.first.start, to: colon.start)
        guard Identifier.isReactorName(prefix) else {
            throw stream.error(field.column, "\(help.name) expects REACTOR:PATH with a reactor name before ':', found '\(prefix)'")
        }
        let path = stream.text(from: colon.end, to: field.end)
        return StatePathReference(
            reactor: LocatedText(prefix, column: field.column),
            path: LocatedText(path, column: stream.endColumn(colon)))
    }

    mutating func expectation() throws(Diagnostic) -> Expectation {
        let path = try requiredPath()
        guard let op = try stream.readField() else { throw missing("an operator (== != < <= > >= contains)") }
        guard let comparison = ExpectationOperator(rawValue: op.text) else {
            throw stream.error(op.column, "\(help.name) expects an operator (== != < <= > >= contains), found '\(op.text)'")
        }
        guard !stream.isAtEnd else { throw missing("a VALUE") }
        let value = try stream.readValue()
        return Expectation(path: path, comparison: comparison, comparisonColumn: op.column, expected: value)
    }

    mutating func optionalDuration() throws(Diagnostic) -> Duration? {
        guard !stream.isAtEnd else { return nil }
        return try requiredDuration()
    }

    mutating func requiredDuration() throws(Diagnostic) -> Duration {
        guard let field = try stream.readField() else { throw missing("a DURATION such as 250ms, 2s, 1.5s or 1m") }
        guard let duration = DurationSyntax.parse(field.text) else {
            throw stream.error(field.column, DurationSyntax.errorMessage(field.text, command: help.name))
        }
        return duration
    }

    mutating func requiredStep() throws(Diagnostic) -> Int {
        guard let token = stream.current, let step = stream.integer(token), step >= 0 else {
            throw missing("a step number N (0 or more)")
        }
        try stream.advance()
        return step
    }

    /// `:serve`'s argument: nothing, a PORT (0…65535), or `stop`.
    mutating func serveArgument() throws(Diagnostic) -> MetaCommand {
        guard let token = stream.current else { return .serve(port: nil) }
        if stream.word(token) == "stop" {
            try stream.advance()
            return .serveStop
        }
        guard let port = stream.integer(token), (0...65535).contains(port) else {
            throw stream.error(
                stream.column(token), "\(help.name) expects a PORT between 0 and 65535 or `stop`, found '\(stream.text(token))' \(usage)")
        }
        try stream.advance()
        return .serve(port: port)
    }

    mutating func optionalExitCode() throws(Diagnostic) -> Int32? {
        guard let token = stream.current else { return nil }
        guard let code = stream.integer(token), (0...255).contains(code) else {
            throw stream.error(stream.column(token), "\(help.name) expects an exit CODE between 0 and 255, found '\(stream.text(token))'")
        }
        try stream.advance()
        return Int32(code)
    }

    mutating func setting() throws(Diagnostic) -> MetaCommand.Setting {
        let names = MetaCommandHelp.settings.map(\.name)
        guard let nameToken = stream.current, let name = stream.word(nameToken) else {
            throw missing("a setting (\(names.joined(separator: ", ")))")
        }
        guard let allowed = MetaCommandHelp.settings.first(where: { $0.name == name })?.values else {
            let hint = Suggestions.didYouMean(name, among: names)
            throw stream.error(stream.column(nameToken), "unknown setting '\(name)'" + (hint.isEmpty ? "; expected one of \(names.joined(separator: ", "))" : hint))
        }
        try stream.advance()
        let choices = allowed.joined(separator: "|")
        guard let valueToken = stream.current else { throw missing("\(name) \(choices)") }
        let value = stream.text(valueToken)
        guard allowed.contains(value) else {
            throw stream.error(stream.column(valueToken), ":set \(name) expects \(choices), found '\(stream.text(valueToken))'")
        }
        try stream.advance()
        switch name {
        case "diff": return .diff(value == "on")
        case "trace": return .trace(value == "on")
        case "format": return .format(MetaCommand.Setting.Format(rawValue: value)!)
        default: return .color(MetaCommand.Setting.Color(rawValue: value)!)
        }
    }
}
