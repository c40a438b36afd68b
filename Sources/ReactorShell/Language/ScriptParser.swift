/// Parses one line of the command language into an action invocation or a meta command: the one
/// parser of lines, over the one lexer (`LineLexer`, through `TokenStream`).
///
/// ``parse(_:origin:)`` reads a line given as text; the shell's per-line path calls
/// `parse(_:origin:arguments:)` on the line's bytes, which leaves an action's names where they are in
/// the bytes (`ActionLineSyntax`) so that no string is made for them (see `SceneCommands`).
public enum ScriptParser {
    /// Parses `line`; errors name `origin` and the column of what went wrong.
    public static func parse(_ line: String, origin: LineOrigin = LineOrigin()) throws(Diagnostic) -> ParsedLine {
        try withBytes(of: line) { (bytes) throws(Diagnostic) -> ParsedLine in
            var arguments: [ParsedArgument] = []
            switch try parse(bytes, origin: origin, arguments: &arguments) {
            case .empty: return .empty
            case .meta(let meta): return .meta(meta)
            case .action(let action): return .action(action.invocation(bytes, origin: origin, arguments: arguments))
            }
        }
    }

    /// Whether `line` is meant as an expectation (`:expect …` after optional blanks), whether or
    /// not it parses: a malformed one still counts as a failed expectation (SPEC §6).
    public static func isExpectation(_ line: String) -> Bool {
        isExpectation(line.utf8)
    }

    /// ``isExpectation(_:)`` of a line's bytes.
    static func isExpectation(_ bytes: some Collection<UInt8>) -> Bool {
        let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x09 }
        guard trimmed.starts(with: ":expect".utf8) else { return false }
        let after = trimmed.dropFirst(7).first
        return after == nil || after == 0x20 || after == 0x09
    }

    /// What the line `bytes` (valid UTF-8, from `origin`) is. An action's arguments are appended
    /// to `arguments`.
    static func parse(
        _ bytes: LineBytes, origin: LineOrigin, arguments: inout [ParsedArgument]
    ) throws(Diagnostic) -> LineSyntax {
        var stream = TokenStream(bytes)
        do throws(Diagnostic) {
            try stream.start()
            guard let first = stream.current else {
                if let column = stream.backgroundColumn {
                    throw stream.error(column, "expected an action before '&'")
                }
                return .empty
            }
            if first.kind == .colon {
                var rest = stream
                try rest.lexRest()
                if let column = rest.backgroundColumn {
                    throw stream.error(column, "' &' applies to actions only, not to meta commands")
                }
                return .meta(try MetaCommandParser.parse(&stream, origin: origin))
            }
            return .action(try parseAction(&stream, arguments: &arguments))
        } catch {
            do {
                try stream.lexRest()
            } catch {
                throw TokenStream.placed(error, at: origin)
            }
            throw TokenStream.placed(error, at: origin)
        }
    }

    /// `; did you mean 'write.submit'?` for `write:submit`: a `:` written where `.` belongs
    /// between a reactor and its action (`:` prefixes paths: `write:title`).
    private static func reactorActionHint(_ word: String, stream: TokenStream) -> String {
        guard stream.current?.kind == .colon, Identifier.isReactorName(word), let next = try? stream.peek(), next.isAttached,
              let action = stream.word(next) else { return "" }
        return "; did you mean '\(word).\(action)'?"
    }

    private static func parseAction(_ stream: inout TokenStream, arguments: inout [ParsedArgument]) throws(Diagnostic) -> ActionLineSyntax {
        let first = stream.current!
        guard first.kind == .word else {
            throw stream.error(
                stream.column(first), "expected an action (ACTION or REACTOR.ACTION) or a ':' command, found '\(stream.text(first))'")
        }
        try stream.advance()
        if let following = stream.current, following.isAttached {
            throw stream.error(
                stream.column(following),
                "expected a blank after the action name '\(stream.text(first))', found '\(stream.text(following))'"
                    + reactorActionHint(stream.text(first), stream: stream))
        }
        // `REACTOR.ACTION`: the prefix ends at the first `.` (an identifier has none).
        var dot = first.isIdentifier ? first.end : first.start
        while dot < first.end && stream.bytes[dot] != Byte.dot { dot += 1 }
        let hasPrefix = dot < first.end
        let nameStart = hasPrefix ? dot + 1 : first.start
        if hasPrefix && !Identifier.isReactorName(stream.bytes, from: first.start, to: dot) {
            throw stream.error(
                stream.column(first), "expected a reactor name before '.', found '\(stream.text(from: first.start, to: dot))'")
        }
        guard first.isIdentifier || Identifier.isSwiftIdentifier(stream.bytes, from: nameStart, to: first.end) else {
            throw stream.error(
                stream.column(at: nameStart),
                "expected an action name (letters, digits, '_'), found '\(stream.text(from: nameStart, to: first.end))'")
        }
        while let token = stream.current {
            // A label: a name with an attached `:` or `=` (the byte that ended the word).
            if token.kind == .word, token.end < stream.bytes.count, stream.bytes[token.end] == Byte.colon || stream.bytes[token.end] == Byte.equals,
               token.isIdentifier || Identifier.isSwiftIdentifier(stream.bytes, from: token.start, to: token.end) {
                try stream.advance()
                try stream.advance()
                guard !stream.isAtEnd else {
                    throw stream.error(
                        stream.endColumn, "expected a value after '\(stream.text(from: token.start, to: token.end + 1))', found end of line")
                }
                let value = try stream.readValue()
                arguments.append(ParsedArgument(label: LocatedText(stream.text(token), column: stream.column(token)), value: value))
            } else {
                arguments.append(ParsedArgument(label: nil, value: try stream.readValue()))
            }
        }
        return ActionLineSyntax(
            reactor: hasPrefix ? first.start..<dot : nil, reactorColumn: stream.column(first), name: nameStart..<first.end, nameColumn: stream.column(at: nameStart),
            isBackground: stream.isBackground, endColumn: stream.endColumn)
    }
}

/// A parsed line, with an action's names still where they are in the line's bytes (see
/// ``ScriptParser/parse(_:origin:arguments:)``).
enum LineSyntax {
    /// A blank line or a comment.
    case empty
    /// An action line; its arguments are in the array the parser was given.
    case action(ActionLineSyntax)
    /// A meta command (boxed: the few meta lines pay for it, and the common action line is
    /// returned without copying a meta command's room).
    indirect case meta(MetaInvocation)
}

/// An action line as parsed, before its names are made strings.
struct ActionLineSyntax {
    /// Where the `REACTOR.` prefix's name is in the line's bytes, when there is one.
    var reactor: Range<Int>?
    /// The column of the prefix (the line's first token).
    var reactorColumn: Int
    /// Where the action's name is in the line's bytes.
    var name: Range<Int>
    /// The column of the action's name.
    var nameColumn: Int
    /// True when the line ended in ` &`.
    var isBackground: Bool
    /// The column just after the last argument (where a missing argument is reported).
    var endColumn: Int

    /// The invocation of this line, whose bytes are `bytes`, with its `arguments`.
    func invocation(_ bytes: LineBytes, origin: LineOrigin, arguments: [ParsedArgument]) -> ActionInvocation {
        let prefix = reactor.map { range in
            LocatedText(bytes.string(range), column: reactorColumn)
        }
        let name = bytes.string(name)
        return ActionInvocation(
            origin: origin, reactor: prefix, name: LocatedText(name, column: nameColumn), arguments: arguments,
            isBackground: isBackground, endColumn: endColumn)
    }
}
