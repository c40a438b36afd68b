/// Parses the arguments of the meta commands of SPEC §3.2.
enum MetaCommandParser {
    static func parse(_ stream: inout TokenStream) throws(Diagnostic) -> MetaInvocation {
        let colon = stream.tokens[0]
        stream.index = 1
        guard let nameToken = stream.current, nameToken.isAttached, let word = nameToken.word else {
            throw stream.error(stream.currentColumn, "expected a command name after ':', found \(stream.foundDescription)")
        }
        stream.index += 1
        let name = ":" + word
        guard let help = MetaCommandHelp.entry(named: name), word == help.name.dropFirst() else {
            throw stream.error(colon.column, "unknown command '\(name)'" + unknownCommandHint(name))
        }
        if let following = stream.current, following.isAttached {
            throw stream.error(following.column, "expected a blank after '\(name)', found '\(following.text)'")
        }
        var arguments = MetaArguments(stream: stream, help: help)
        let command = try arguments.parseCommand()
        try arguments.expectEnd()
        return MetaInvocation(origin: stream.origin, column: colon.column, command: command)
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
        case ":help": return .help(topic: optionalField())
        case ":reactors": return .reactors
        case ":use": return .use(entry: try requiredName("NAME"))
        case ":focus": return .focus(reactor: try requiredName("REACTOR"))
        case ":actions": return .actions(reactor: try optionalName("REACTOR"))
        case ":state":
            if stream.current?.text == "*", stream.tokens.count == stream.index + 1 {
                stream.index += 1
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
        case ":diagram": return .diagram(file: optionalField())
        case ":serve": return try serveArgument()
        case ":load":
            let options = try loadOptions()
            return .load(file: try requiredFile(), options: options)
        case ":set": return .set(stream.isAtEnd ? nil : try setting())
        case ":pause": return .pause(text: restOfLine())
        case ":watch": return .watch(path: try optionalPath())
        case ":unwatch": return .unwatch(path: try optionalPath())
        case ":break": return .breakWhen(stream.isAtEnd ? nil : try expectation())
        case ":unbreak": return .unbreak(path: try optionalPath())
        case ":clear": return .clear
        case ":quit": return .quit
        case ":explore": return .explore(arguments: words())
        default: return .exit(code: try optionalExitCode())
        }
    }

    func expectEnd() throws(Diagnostic) {
        guard let extra = stream.current else { return }
        throw stream.error(extra.column, "\(help.name) expects no more arguments, found '\(extra.text)' \(usage)")
    }

    func missing(_ what: String) -> Diagnostic {
        stream.error(stream.currentColumn, "\(help.name) expects \(what), found \(stream.foundDescription) \(usage)")
    }

    /// Everything left on the line as one text (`:pause Look at value`), or a single quoted string
    /// as its contents; nil when nothing is left.
    /// The rest of the line as command-line words: blanks separate them, a quoted string is
    /// (part of) one word without its quotes.
    mutating func words() -> [String] {
        var words: [String] = []
        while let token = stream.current {
            let text: String
            if case .string(let value) = token.kind { text = value } else { text = token.text }
            if token.isAttached, !words.isEmpty { words[words.count - 1] += text } else { words.append(text) }
            stream.index += 1
        }
        return words
    }

    mutating func restOfLine() -> String? {
        guard let first = stream.current else { return nil }
        defer { stream.index = stream.tokens.count }
        if stream.tokens.count == stream.index + 1, case .string(let text) = first.kind { return text }
        var text = ""
        while let token = stream.current {
            if !text.isEmpty && !token.isAttached { text += " " }
            text += token.text
            stream.index += 1
        }
        return text
    }

    mutating func optionalField() -> LocatedText? {
        guard let field = stream.readField() else { return nil }
        if field.tokens.count == 1, case .string(let text) = field.tokens.first!.kind { return LocatedText(text, column: field.column) }
        return LocatedText(field.text, column: field.column)
    }

    mutating func optionalName(_ what: String) throws(Diagnostic) -> LocatedText? {
        guard !stream.isAtEnd else { return nil }
        return try requiredName(what)
    }

    mutating func requiredName(_ what: String) throws(Diagnostic) -> LocatedText {
        guard let token = stream.current else { throw missing(what) }
        let name: String
        switch token.kind {
        case .word(let text) where Identifier.isReactorName(text): name = text
        case .string(let text) where !text.isEmpty: name = text
        default: throw missing(what)
        }
        if let following = stream.next, following.isAttached { throw missing(what) }
        stream.index += 1
        return LocatedText(name, column: token.column)
    }

    mutating func requiredFile() throws(Diagnostic) -> LocatedText {
        guard let file = optionalField(), !file.text.isEmpty else { throw missing("FILE") }
        return file
    }

    /// The `--expect` or `--transcript` option of `:save`, before its FILE (a file named like an
    /// option is quoted).
    mutating func saveKind() throws(Diagnostic) -> MetaCommand.SaveKind {
        var kind = MetaCommand.SaveKind.script
        while let token = stream.current, case .word(let word) = token.kind, word.hasPrefix("-") {
            var lookahead = stream
            guard let field = lookahead.readField() else { break }
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
        while let token = stream.current, case .word(let word) = token.kind, word.hasPrefix("-") {
            var lookahead = stream
            guard let field = lookahead.readField() else { break }
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

    mutating func optionalPath() throws(Diagnostic) -> StatePathReference? {
        guard !stream.isAtEnd else { return nil }
        return try requiredPath()
    }

    mutating func requiredPath() throws(Diagnostic) -> StatePathReference {
        guard let first = stream.current, !first.isString, first.kind != .colon else { throw missing("PATH") }
        guard let field = stream.readField() else { throw missing("PATH") }
        guard let colonIndex = field.tokens.firstIndex(where: { $0.kind == .colon }) else {
            return StatePathReference(reactor: nil, path: LocatedText(field.text, column: field.column))
        }
        let prefixTokens = field.tokens[field.tokens.startIndex..<colonIndex]
        let prefix = prefixTokens.map(\.text).joined()
        guard Identifier.isReactorName(prefix) else {
            throw stream.error(field.column, "\(help.name) expects REACTOR:PATH with a reactor name before ':', found '\(prefix)'")
        }
        let colon = field.tokens[colonIndex]
        let path = field.tokens[(colonIndex + 1)...].map(\.text).joined()
        return StatePathReference(
            reactor: LocatedText(prefix, column: field.column),
            path: LocatedText(path, column: colon.endColumn))
    }

    mutating func expectation() throws(Diagnostic) -> Expectation {
        let path = try requiredPath()
        guard let op = stream.readField() else { throw missing("an operator (== != < <= > >= contains)") }
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
        guard let field = stream.readField() else { throw missing("a DURATION such as 250ms, 2s, 1.5s or 1m") }
        guard let duration = DurationSyntax.parse(field.text) else {
            throw stream.error(field.column, DurationSyntax.errorMessage(field.text, command: help.name))
        }
        return duration
    }

    mutating func requiredStep() throws(Diagnostic) -> Int {
        guard let token = stream.current, case .int(let step) = token.kind, step >= 0 else {
            throw missing("a step number N (0 or more)")
        }
        stream.index += 1
        return step
    }

    /// `:serve`'s argument: nothing, a PORT (0…65535), or `stop`.
    mutating func serveArgument() throws(Diagnostic) -> MetaCommand {
        guard let token = stream.current else { return .serve(port: nil) }
        if token.word == "stop" {
            stream.index += 1
            return .serveStop
        }
        guard case .int(let port) = token.kind, (0...65535).contains(port) else {
            throw stream.error(token.column, "\(help.name) expects a PORT between 0 and 65535 or `stop`, found '\(token.text)' \(usage)")
        }
        stream.index += 1
        return .serve(port: port)
    }

    mutating func optionalExitCode() throws(Diagnostic) -> Int32? {
        guard let token = stream.current else { return nil }
        guard case .int(let code) = token.kind, (0...255).contains(code) else {
            throw stream.error(token.column, "\(help.name) expects an exit CODE between 0 and 255, found '\(token.text)'")
        }
        stream.index += 1
        return Int32(code)
    }

    mutating func setting() throws(Diagnostic) -> MetaCommand.Setting {
        let names = MetaCommandHelp.settings.map(\.name)
        guard let nameToken = stream.current, let name = nameToken.word else {
            throw missing("a setting (\(names.joined(separator: ", ")))")
        }
        guard let allowed = MetaCommandHelp.settings.first(where: { $0.name == name })?.values else {
            let hint = Suggestions.didYouMean(name, among: names)
            throw stream.error(nameToken.column, "unknown setting '\(name)'" + (hint.isEmpty ? "; expected one of \(names.joined(separator: ", "))" : hint))
        }
        stream.index += 1
        let choices = allowed.joined(separator: "|")
        guard let valueToken = stream.current else { throw missing("\(name) \(choices)") }
        let value: String
        switch valueToken.kind {
        case .word(let text): value = text
        case .bool(let flag): value = flag ? "true" : "false"
        default: value = valueToken.text
        }
        guard allowed.contains(value) else {
            throw stream.error(valueToken.column, ":set \(name) expects \(choices), found '\(valueToken.text)'")
        }
        stream.index += 1
        switch name {
        case "diff": return .diff(value == "on")
        case "trace": return .trace(value == "on")
        case "format": return .format(MetaCommand.Setting.Format(rawValue: value)!)
        default: return .color(MetaCommand.Setting.Color(rawValue: value)!)
        }
    }
}
