/// A cursor over the tokens of one line, read from the lexer as the parser goes, with the value
/// and field readers the parsers share.
///
/// It holds the line's bytes (valid while the parse runs) and the token at the cursor; texts,
/// values and columns are made from the bytes when a parser asks. A copy is a lookahead
/// (``peek()``): it reads on without moving the original. Its errors have no origin: the
/// parser that made it places them (``placed(_:at:)``).
struct TokenStream {
    private var lexer: LineLexer
    /// The columns of a line with characters beyond ASCII, made once the lexer meets one; nil
    /// while the column is the offset plus one.
    private var columns: ColumnMap?
    /// The token at the cursor; nil at the end of the line.
    private(set) var current: LexedToken?

    /// A stream over the line `bytes` (valid UTF-8), before its first token (see ``start()``).
    init(_ bytes: LineBytes) {
        lexer = LineLexer(bytes)
    }

    /// The line's bytes (valid while the parse runs).
    var bytes: LineBytes { lexer.bytes }

    /// Reads the first token: the cursor is then at the line's first token.
    mutating func start() throws(Diagnostic) {
        current = try lex()
    }

    /// Moves to the next token.
    mutating func advance() throws(Diagnostic) {
        current = try lex()
    }

    /// The token after the current one, read by a copy of the stream (the cursor stays).
    func peek() throws(Diagnostic) -> LexedToken? {
        guard current != nil else { return nil }
        var ahead = self
        try ahead.advance()
        return ahead.current
    }

    /// Reads the rest of the line, for a lexing error: as the whole line is read before it is
    /// parsed, such an error comes before any error of the parser.
    mutating func lexRest() throws(Diagnostic) {
        while try lex() != nil {}
    }

    /// `error` placed at the line `origin`: the stream's errors (and the lexer's) are made without
    /// one, so that the stream need not hold (and retain) the origin's name.
    static func placed(_ error: Diagnostic, at origin: LineOrigin) -> Diagnostic {
        var placed = error
        (placed.source, placed.line) = (origin.source, origin.line)
        return placed
    }

    /// The lexer's next token. The column map is made when the lexer first meets a character
    /// beyond ASCII (columns before it are the same).
    private mutating func lex() throws(Diagnostic) -> LexedToken? {
        let token = try lexer.next()
        if lexer.sawNonASCII && columns == nil { columns = ColumnMap(bytes) }
        return token
    }

    var isAtEnd: Bool { current == nil }

    /// True when the line ends in ` &` (known once the cursor is at the end; see ``lexRest()``).
    var isBackground: Bool { lexer.background != nil }

    /// The column of the trailing `&`, when there is one (known as ``isBackground`` is).
    var backgroundColumn: Int? { lexer.background.map(column(at:)) }

    /// The column just after the last token (where a missing argument was expected), once the
    /// cursor is at the end.
    var endColumn: Int { column(at: lexer.lastEnd) }

    /// An error at `column`, without an origin (see ``placed(_:at:)``).
    func error(_ column: Int, _ message: String) -> Diagnostic { Diagnostic(LineOrigin(), column: column, message) }

    // MARK: What a token says

    /// The 1-based column of the byte at `offset`.
    func column(at offset: Int) -> Int { columns?.column(at: offset) ?? offset + 1 }

    /// The 1-based column of `token`'s first character.
    func column(_ token: LexedToken) -> Int { column(at: token.start) }

    /// The column just after `token`.
    func endColumn(_ token: LexedToken) -> Int { column(at: token.end) }

    /// `token` exactly as written (quotes and escapes included for a string).
    func text(_ token: LexedToken) -> String { text(from: token.start, to: token.end) }

    /// The text of `bytes[start..<end]`.
    func text(from start: Int, to end: Int) -> String {
        bytes.string(start..<end)
    }

    /// The text of a bare word, or nil for any other token.
    func word(_ token: LexedToken) -> String? {
        token.kind == .word ? text(token) : nil
    }

    /// The decoded contents of a string token, or nil for any other token.
    func string(_ token: LexedToken) -> String? {
        switch token.kind {
        case .string: return text(from: token.start + 1, to: token.end - 1)
        case .escapedString: return lexer.decodedString(at: token.start)
        default: return nil
        }
    }

    /// The value of an integer token (read by the lexer), or nil for any other token.
    func integer(_ token: LexedToken) -> Int? {
        token.kind == .int ? token.integer : nil
    }

    /// The token as the public ``Token`` (``Lexer/tokenize(_:origin:)``).
    func publicToken(_ token: LexedToken) -> Token {
        let text = text(token)
        let kind: TokenKind
        switch token.kind {
        case .word: kind = .word(text)
        case .string, .escapedString: kind = .string(string(token)!)
        case .int: kind = .int(integer(token)!)
        case .double: kind = .double(Double(text)!)
        case .true: kind = .bool(true)
        case .false: kind = .bool(false)
        case .nil: kind = .nil
        case .colon: kind = .colon
        case .equals: kind = .equals
        case .leftBracket: kind = .leftBracket
        case .rightBracket: kind = .rightBracket
        case .comma: kind = .comma
        }
        return Token(kind: kind, column: column(token), endColumn: endColumn(token), isAttached: token.isAttached, text: text)
    }

    /// How a message names what was found at the cursor.
    var foundDescription: String {
        guard let token = current else { return "end of line" }
        return "'\(text(token))'"
    }

    /// The column of the current token, or the end of the line.
    var currentColumn: Int { current.map(column) ?? endColumn }

    // MARK: Reading

    /// A run of attached tokens read as one piece of text.
    struct Field {
        /// The tokens' texts, as written one after the other.
        var text: String
        /// The column of the first.
        var column: Int
        /// The first token.
        var first: LexedToken
        /// How many tokens it has.
        var count: Int
        /// Its first `:` token, if any.
        var colon: LexedToken?
        /// Where its last token ends in the line.
        var end: Int
    }

    /// Reads a field: the current token and every token attached to it.
    mutating func readField() throws(Diagnostic) -> Field? {
        guard let first = current else { return nil }
        var last = first
        var count = 1
        var colon: LexedToken? = first.kind == .colon ? first : nil
        try advance()
        while let token = current, token.isAttached {
            if colon == nil && token.kind == .colon { colon = token }
            last = token
            count += 1
            try advance()
        }
        return Field(
            text: text(from: first.start, to: last.end), column: column(first), first: first, count: count, colon: colon, end: last.end)
    }

    /// Reads a value: a literal, an array, or a bare word made of attached tokens (`a,b`, `x=1`).
    mutating func readValue() throws(Diagnostic) -> ValueLiteral {
        let value = try readValue(depth: 0)
        if let token = current, token.isAttached {
            throw error(column(token), "expected a blank after \(value.text), found '\(text(token))'")
        }
        return value
    }

    private mutating func readValue(depth: Int) throws(Diagnostic) -> ValueLiteral {
        guard let token = current else { throw error(endColumn, "expected a value, found end of line") }
        let column = column(token)
        switch token.kind {
        case .string, .escapedString:
            try advance()
            return ValueLiteral(.string(string(token)!), column: column, text: text(token))
        case .leftBracket:
            return try readArray(depth: depth + 1)
        case .colon, .equals, .rightBracket, .comma:
            throw error(column, "expected a value, found '\(text(token))'")
        case .word, .int, .double, .true, .false, .nil:
            try advance()
            // Outside arrays, attached punctuation belongs to the word (`a,b`, `x=1`, `c++`).
            if depth == 0, let following = current, following.isAttached, !following.isString {
                var end = following.end
                try advance()
                while let piece = current, piece.isAttached, !piece.isString {
                    end = piece.end
                    try advance()
                }
                let text = text(from: token.start, to: end)
                return ValueLiteral(.word(text), column: column, text: text)
            }
            switch token.kind {
            case .int where Self.isCanonicalInteger(token, in: bytes): return ValueLiteral(canonicalInteger: token.integer, column: column)
            case .int: return ValueLiteral(.int(token.integer), column: column, text: text(token))
            case .double:
                let text = text(token)
                return ValueLiteral(.double(Double(text)!), column: column, text: text)
            case .true: return ValueLiteral(.bool(true), column: column, text: "true")
            case .false: return ValueLiteral(.bool(false), column: column, text: "false")
            case .nil: return ValueLiteral(.nil, column: column, text: "nil")
            default:
                let text = text(token)
                return ValueLiteral(.word(text), column: column, text: text)
            }
        }
    }

    /// True when the integer `token` is written as `String(value)` writes it: no leading zero and
    /// no `-0` (its text need not be kept, see ``ValueLiteral``).
    private static func isCanonicalInteger(_ token: LexedToken, in bytes: LineBytes) -> Bool {
        let digits = bytes[token.start] == Byte.dash ? token.start + 1 : token.start
        return bytes[digits] != UInt8(ascii: "0") || (token.end - digits == 1 && digits == token.start)
    }

    private mutating func readArray(depth: Int) throws(Diagnostic) -> ValueLiteral {
        let openColumn = currentColumn
        guard depth <= ValueLiteral.maximumNesting else {
            throw error(openColumn, "arrays nested too deeply (at most \(ValueLiteral.maximumNesting) levels)")
        }
        try advance()
        var elements: [ValueLiteral] = []
        var text = "["
        if current?.kind == .rightBracket {
            try advance()
            return ValueLiteral(.array([]), column: openColumn, text: "[]")
        }
        while true {
            let element = try readValue(depth: depth)
            elements.append(element)
            text += (elements.count > 1 ? ", " : "") + element.text
            guard let separator = current else {
                throw error(openColumn, "unterminated array; expected ']' to close the '[' here")
            }
            try advance()
            if separator.kind == .rightBracket { break }
            guard separator.kind == .comma else {
                throw error(column(separator), "expected ',' or ']' in array, found '\(self.text(separator))'")
            }
        }
        return ValueLiteral(.array(elements), column: openColumn, text: text + "]")
    }
}
