/// Parses one line of the command language into an action invocation or a meta command.
public enum ScriptParser {
    /// Parses `line`; errors name `origin` and the column of what went wrong.
    ///
    /// The common shapes (blank lines, comments, an action with simple arguments) take a fast path over
    /// the line's bytes; everything else, and every error, goes through the lexer and the full parser.
    public static func parse(_ line: String, origin: LineOrigin = LineOrigin()) throws(Diagnostic) -> ParsedLine {
        if let parsed = ActionLineFastPath.parse(line, origin: origin) { return parsed }
        return try parseFully(line, origin: origin)
    }

    /// Whether `line` is meant as an expectation (`:expect …` after optional blanks), whether or
    /// not it parses: a malformed one still counts as a failed expectation (SPEC §6).
    public static func isExpectation(_ line: String) -> Bool {
        let trimmed = line.utf8.drop { $0 == 0x20 || $0 == 0x09 }
        guard trimmed.starts(with: ":expect".utf8) else { return false }
        let after = trimmed.dropFirst(7).first
        return after == nil || after == 0x20 || after == 0x09
    }

    /// Parses `line` with the lexer and the full parser, without the fast path (the reference the fast
    /// path is tested against).
    static func parseFully(_ line: String, origin: LineOrigin) throws(Diagnostic) -> ParsedLine {
        let tokenized = try Lexer.tokenize(line, origin: origin)
        var stream = TokenStream(tokenized, origin: origin)
        guard let first = stream.current else {
            if let column = tokenized.backgroundColumn {
                throw Diagnostic(origin, column: column, "expected an action before '&'")
            }
            return .empty
        }
        if first.kind == .colon {
            if let column = tokenized.backgroundColumn {
                throw Diagnostic(origin, column: column, "' &' applies to actions only, not to meta commands")
            }
            return .meta(try MetaCommandParser.parse(&stream))
        }
        return .action(try parseAction(&stream, isBackground: tokenized.isBackground))
    }

    /// `; did you mean 'write.submit'?` for `write:submit`: a `:` written where `.` belongs
    /// between a reactor and its action (`:` prefixes paths: `write:title`).
    private static func reactorActionHint(_ word: String, stream: TokenStream) -> String {
        let next = stream.index + 1
        guard stream.current?.kind == .colon, Identifier.isReactorName(word), next < stream.tokens.count,
              stream.tokens[next].isAttached, let action = stream.tokens[next].word else { return "" }
        return "; did you mean '\(word).\(action)'?"
    }

    static func parseAction(_ stream: inout TokenStream, isBackground: Bool) throws(Diagnostic) -> ActionInvocation {
        let first = stream.tokens[0]
        guard let word = first.word else {
            throw stream.error(first.column, "expected an action (ACTION or REACTOR.ACTION) or a ':' command, found '\(first.text)'")
        }
        stream.index = 1
        if let following = stream.current, following.isAttached {
            throw stream.error(following.column, "expected a blank after the action name '\(word)', found '\(following.text)'"
                + reactorActionHint(word, stream: stream))
        }
        var reactor: LocatedText?
        var name = LocatedText(word, column: first.column)
        if let dot = word.utf8.firstIndex(of: UInt8(ascii: ".")) {
            let prefix = String(word[..<dot])
            let action = String(word[word.utf8.index(after: dot)...])
            guard Identifier.isReactorName(prefix) else {
                throw stream.error(first.column, "expected a reactor name before '.', found '\(prefix)'")
            }
            reactor = LocatedText(prefix, column: first.column)
            name = LocatedText(action, column: first.column + prefix.count + 1)
        }
        guard Identifier.isSwiftIdentifier(name.text) else {
            throw stream.error(name.column, "expected an action name (letters, digits, '_'), found '\(name.text)'")
        }
        var arguments: [ParsedArgument] = []
        while let token = stream.current {
            if let label = token.word, Identifier.isSwiftIdentifier(label),
               let marker = stream.next, marker.isAttached, marker.kind == .colon || marker.kind == .equals {
                stream.index += 2
                guard !stream.isAtEnd else {
                    throw stream.error(stream.endColumn, "expected a value after '\(label)\(marker.text)', found end of line")
                }
                let value = try stream.readValue()
                arguments.append(ParsedArgument(label: LocatedText(label, column: token.column), value: value))
            } else {
                arguments.append(ParsedArgument(label: nil, value: try stream.readValue()))
            }
        }
        return ActionInvocation(
            origin: stream.origin, reactor: reactor, name: name, arguments: arguments,
            isBackground: isBackground, endColumn: stream.endColumn)
    }
}

/// Character rules for the names of the language.
public enum Identifier {
    /// Letters, digits and `_`, not starting with a digit (action names and argument labels).
    public static func isSwiftIdentifier(_ text: String) -> Bool {
        if let ascii = asciiCheck(text, allowDash: false) { return ascii }
        guard let first = text.unicodeScalars.first, !isDigit(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) || $0 == "_" }
    }

    /// Like an identifier, but `-` is also allowed (`github-search`).
    public static func isReactorName(_ text: String) -> Bool {
        if let ascii = asciiCheck(text, allowDash: true) { return ascii }
        guard let first = text.unicodeScalars.first, !isDigit(first), first != "-" else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) || $0 == "_" || $0 == "-" }
    }

    /// The answer for an all-ASCII name (a fast path), or nil when the text has other characters.
    private static func asciiCheck(_ text: String, allowDash: Bool) -> Bool? {
        if let answer = text.utf8.withContiguousStorageIfAvailable({ asciiCheck($0, allowDash: allowDash) }) { return answer }
        return Array(text.utf8).withUnsafeBufferPointer { asciiCheck($0, allowDash: allowDash) }
    }

    private static func asciiCheck(_ bytes: UnsafeBufferPointer<UInt8>, allowDash: Bool) -> Bool? {
        guard let first = bytes.first else { return false }
        if first >= 0x80 { return nil }
        if first &- UInt8(ascii: "0") < 10 || first == UInt8(ascii: "-") { return false }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): break
            case UInt8(ascii: "-") where allowDash: break
            case 0x80...: return nil
            default: return false
            }
        }
        return true
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || (scalar.value >= 0x80 && scalar.properties.isAlphabetic)
    }
}
