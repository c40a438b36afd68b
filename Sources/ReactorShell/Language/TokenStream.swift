/// A cursor over the tokens of one line, with the value and field readers the parsers share.
struct TokenStream {
    let tokens: [Token]
    let origin: LineOrigin
    let endColumn: Int
    var index = 0

    init(_ line: TokenizedLine, origin: LineOrigin) {
        self.tokens = line.tokens
        self.origin = origin
        self.endColumn = line.endColumn
    }

    var isAtEnd: Bool { index >= tokens.count }
    var current: Token? { index < tokens.count ? tokens[index] : nil }
    var next: Token? { index + 1 < tokens.count ? tokens[index + 1] : nil }

    func error(_ column: Int, _ message: String) -> Diagnostic { Diagnostic(origin, column: column, message) }

    /// How a message names what was found at the cursor.
    var foundDescription: String {
        guard let token = current else { return "end of line" }
        return "'\(token.text)'"
    }

    /// The column of the current token, or the end of the line.
    var currentColumn: Int { current?.column ?? endColumn }

    /// Reads a "field": the current token and every token attached to it, as raw text.
    mutating func readField() -> (text: String, column: Int, tokens: ArraySlice<Token>)? {
        guard index < tokens.count else { return nil }
        let start = index
        var text = tokens[index].text
        index += 1
        while index < tokens.count && tokens[index].isAttached {
            text += tokens[index].text
            index += 1
        }
        return (text, tokens[start].column, tokens[start..<index])
    }

    /// Reads a value: a literal, an array, or a bare word made of attached tokens (`a,b`, `x=1`).
    mutating func readValue() throws(Diagnostic) -> ValueLiteral {
        let value = try readValue(depth: 0)
        if let token = current, token.isAttached {
            throw error(token.column, "expected a blank after \(value.text), found '\(token.text)'")
        }
        return value
    }

    private mutating func readValue(depth: Int) throws(Diagnostic) -> ValueLiteral {
        guard let token = current else { throw error(endColumn, "expected a value, found end of line") }
        switch token.kind {
        case .string(let text):
            index += 1
            return ValueLiteral(.string(text), column: token.column, text: token.text)
        case .leftBracket:
            return try readArray(depth: depth + 1)
        case .colon, .equals, .rightBracket, .comma:
            throw error(token.column, "expected a value, found '\(token.text)'")
        case .word, .int, .double, .bool, .nil:
            index += 1
            // Outside arrays, attached punctuation belongs to the word (`a,b`, `x=1`, `c++`).
            if depth == 0, let following = current, following.isAttached, !following.isString {
                var text = token.text
                while let piece = current, piece.isAttached, !piece.isString {
                    text += piece.text
                    index += 1
                }
                return ValueLiteral(.word(text), column: token.column, text: text)
            }
            return ValueLiteral(Self.literalKind(of: token), column: token.column, text: token.text)
        }
    }

    private mutating func readArray(depth: Int) throws(Diagnostic) -> ValueLiteral {
        let open = tokens[index]
        guard depth <= ValueLiteral.maximumNesting else {
            throw error(open.column, "arrays nested too deeply (at most \(ValueLiteral.maximumNesting) levels)")
        }
        index += 1
        var elements: [ValueLiteral] = []
        var text = "["
        if current?.kind == .rightBracket {
            index += 1
            return ValueLiteral(.array([]), column: open.column, text: "[]")
        }
        while true {
            let element = try readValue(depth: depth)
            elements.append(element)
            text += (elements.count > 1 ? ", " : "") + element.text
            guard let separator = current else {
                throw error(open.column, "unterminated array; expected ']' to close the '[' here")
            }
            index += 1
            if separator.kind == .rightBracket { break }
            guard separator.kind == .comma else {
                throw error(separator.column, "expected ',' or ']' in array, found '\(separator.text)'")
            }
        }
        return ValueLiteral(.array(elements), column: open.column, text: text + "]")
    }

    static func literalKind(of token: Token) -> ValueLiteral.Kind {
        switch token.kind {
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .bool(let value): .bool(value)
        case .nil: .nil
        case .string(let value): .string(value)
        default: .word(token.text)
        }
    }
}

extension Token {
    var isString: Bool {
        if case .string = kind { return true }
        return false
    }

    var word: String? {
        if case .word(let text) = kind { return text }
        return nil
    }
}
