/// The tokens of one line, with the trailing ` &` already recognised.
public struct TokenizedLine: Sendable, Hashable {
    /// The tokens in order; comments and the trailing ` &` are not included.
    public var tokens: [Token]
    /// True when the line ended in ` &` (run in the background: do not wait for its effects).
    public var isBackground: Bool
    /// The column of the trailing `&`, when there is one.
    public var backgroundColumn: Int?
    /// The column just after the last token (where a missing argument was expected).
    public var endColumn: Int

    /// Creates a tokenized line.
    public init(tokens: [Token], isBackground: Bool, backgroundColumn: Int?, endColumn: Int) {
        self.tokens = tokens
        self.isBackground = isBackground
        self.backgroundColumn = backgroundColumn
        self.endColumn = endColumn
    }
}

/// Splits one line of the command language into tokens with their columns: the one lexer,
/// `LineLexer`, with its tokens made ``Token``s (texts and columns) for the callers that want
/// them all at once (the language server, the formatter).
public enum Lexer {
    /// Tokenizes `line`; errors carry `origin` and the column of the offending character.
    public static func tokenize(_ line: String, origin: LineOrigin = LineOrigin()) throws(Diagnostic) -> TokenizedLine {
        try withBytes(of: line) { (bytes) throws(Diagnostic) -> TokenizedLine in
            var stream = TokenStream(bytes)
            var tokens: [Token] = []
            do throws(Diagnostic) {
                try stream.start()
                while let token = stream.current {
                    tokens.append(stream.publicToken(token))
                    try stream.advance()
                }
            } catch {
                throw TokenStream.placed(error, at: origin)
            }
            return TokenizedLine(
                tokens: tokens, isBackground: stream.isBackground, backgroundColumn: stream.backgroundColumn,
                endColumn: stream.endColumn)
        }
    }
}

/// One token as the lexer finds it: what it is and where it is in the line's bytes, nothing
/// more (32 bytes, copied as the cursor moves), and an integer's value, read as it is scanned. Its texts and values are made from the bytes only
/// when a parser asks for them (``TokenStream``).
struct LexedToken: Equatable {
    /// What a token is.
    enum Kind: UInt8, Equatable {
        case word
        /// A double-quoted string without a `\` escape (its contents are the bytes between the quotes).
        case string
        /// A double-quoted string with a `\` escape (its contents are decoded).
        case escapedString
        /// An integer that fits in `Int` (checked by the lexer).
        case int
        /// A finite decimal number (checked by the lexer).
        case double
        case `true`, `false`, `nil`
        case colon, equals, leftBracket, rightBracket, comma
    }

    var kind: Kind
    /// True when no blank separates it from the previous token.
    var isAttached: Bool
    /// True for a word of ASCII letters, digits and `_` that does not start with a digit (what
    /// most names are; the parser then checks nothing more).
    var isIdentifier: Bool
    /// The offset of its first byte in the line.
    var start: Int
    /// The offset just after its last byte.
    var end: Int
    /// The value of an `.int` token, read while it was scanned (0 for any other kind).
    var integer = 0

    var isString: Bool { kind == .string || kind == .escapedString }
}

/// The bytes the lexer tells apart.
enum Byte {
    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, carriageReturn: UInt8 = 0x0D
    static let quote: UInt8 = 0x22, hash: UInt8 = 0x23, colon: UInt8 = 0x3A, equals: UInt8 = 0x3D
    static let leftBracket: UInt8 = 0x5B, rightBracket: UInt8 = 0x5D, comma: UInt8 = 0x2C
    static let backslash: UInt8 = 0x5C, ampersand: UInt8 = 0x26, delete: UInt8 = 0x7F, dot: UInt8 = 0x2E, dash: UInt8 = 0x2D

    static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab || byte == carriageReturn }
    static func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && !isBlank(byte)) || byte == delete }
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
    /// An ASCII letter, a digit or `_`.
    static func isIdentifierByte(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 || isDigit(byte) || byte == 0x5F }

    /// The bytes from `"` (0x22) to `]` (0x5D) that end a bare word, as bits of their distance
    /// from `"`: `"`, `#`, `,`, `:`, `=`, `[` and `]`.
    private static let punctuationEndingWords: UInt64 = 1 << 0 | 1 << 1 | 1 << 10 | 1 << 24 | 1 << 27 | 1 << 57 | 1 << 59

    /// True for a byte that ends a bare word: a blank, a control character, `"`, `#`, `,`, `:`,
    /// `=`, `[` or `]`.
    static func endsWord(_ byte: UInt8) -> Bool {
        let distance = byte &- quote
        return byte <= space || byte == delete || (distance < 64 && punctuationEndingWords >> UInt64(distance) & 1 != 0)
    }
}

/// The one lexer of the language: a cursor over one line's UTF-8 bytes that reads one token at a
/// time (``next()``), recording where each is and making no string. Runs in linear time without
/// recursion, so a line of any length is safe.
struct LineLexer {
    let bytes: LineBytes
    /// Where the next token is looked for.
    private(set) var offset = 0
    /// True when no blank was read since the last token.
    private var attached = false
    /// Where the last token read ends (the trailing ` &` is not a token).
    private(set) var lastEnd = 0
    /// Where the trailing ` &` is, once the lexer reached it.
    private(set) var background: Int?
    /// True once a byte beyond ASCII was read (columns then count characters, not bytes).
    private(set) var sawNonASCII = false

    init(_ bytes: LineBytes) {
        self.bytes = bytes
    }

    /// The next token; nil at the end of the line, a comment, or the trailing ` &` (a detached
    /// `&` with nothing after it but blanks and a comment). After an error, nil. An error's
    /// origin is left for the parser to fill in (``TokenStream/placed(_:at:)``).
    mutating func next() throws(Diagnostic) -> LexedToken? {
        do {
            return try read()
        } catch {
            offset = bytes.count
            throw error
        }
    }

    private mutating func read() throws(Diagnostic) -> LexedToken? {
        let count = bytes.count
        while offset < count {
            let byte = bytes[offset]
            if Byte.isBlank(byte) {
                offset += 1
                attached = false
                continue
            }
            if byte == Byte.hash { break }
            let start = offset
            let kind: LexedToken.Kind
            var isIdentifier = false
            var integer = 0
            switch byte {
            case Byte.quote:
                var notDecoded: [UInt8]?
                kind = try scanString(decodingInto: &notDecoded) ? .escapedString : .string
            case Byte.colon: offset += 1; kind = .colon
            case Byte.equals: offset += 1; kind = .equals
            case Byte.leftBracket: offset += 1; kind = .leftBracket
            case Byte.rightBracket: offset += 1; kind = .rightBracket
            case Byte.comma: offset += 1; kind = .comma
            case Byte.ampersand where !attached && restIsEmpty(from: start + 1):
                background = start
                offset = count
                return nil
            default:
                if Byte.isControl(byte) { throw controlCharacterError(at: offset, inString: false) }
                if byte == Byte.dash || Byte.isDigit(byte), let short = Self.shortInteger(bytes, from: start) {
                    (kind, integer, offset) = (.int, short.value, short.end)
                    break
                }
                // Most words are names: their identifier bytes first, in a loop of their own (over
                // a local index, which stays in a register).
                var end = start + 1
                while end < count && Byte.isIdentifierByte(bytes[end]) { end += 1 }
                isIdentifier = Byte.isIdentifierByte(byte) && !Byte.isDigit(byte) && (end == count || Byte.endsWord(bytes[end]))
                while end < count && !Byte.endsWord(bytes[end]) {
                    if bytes[end] >= 0x80 { sawNonASCII = true }
                    end += 1
                }
                offset = end
                if byte >= 0x80 { sawNonASCII = true }
                // A name is a plain word unless it may be `true`, `false` or `nil`.
                let mayBeKeyword = byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n")
                if isIdentifier && !mayBeKeyword {
                    kind = .word
                } else {
                    (kind, integer) = try classifyWord(from: start)
                }
            }
            let token = LexedToken(
                kind: kind, isAttached: attached, isIdentifier: isIdentifier, start: start, end: offset, integer: integer)
            lastEnd = offset
            attached = true
            return token
        }
        offset = count
        return nil
    }

    /// True when only blanks, perhaps followed by a comment, are left from `index`.
    private func restIsEmpty(from index: Int) -> Bool {
        var index = index
        while index < bytes.count && Byte.isBlank(bytes[index]) { index += 1 }
        return index == bytes.count || bytes[index] == Byte.hash
    }

    func text(from start: Int, to end: Int) -> String {
        bytes.string(start..<end)
    }

    func error(at offset: Int, _ message: String) -> Diagnostic {
        Diagnostic(LineOrigin(), column: ColumnMap(bytes).column(at: offset), message)
    }

    func controlCharacterError(at offset: Int, inString: Bool) -> Diagnostic {
        let hex = String(bytes[offset], radix: 16, uppercase: true)
        let code = String(repeating: "0", count: 4 - hex.count) + hex
        return error(at: offset, "unexpected control character U+\(code)\(inString ? " in string" : "")")
    }

    /// Classifies the bare word from `start` to the current offset as a number (with the value of
    /// an integer), `true`/`false`/`nil`, or a plain word.
    private func classifyWord(from start: Int) throws(Diagnostic) -> (LexedToken.Kind, integer: Int) {
        let length = offset - start
        switch bytes[start] {
        case UInt8(ascii: "t") where length == 4 && isWord("true", at: start): return (.true, 0)
        case UInt8(ascii: "f") where length == 5 && isWord("false", at: start): return (.false, 0)
        case UInt8(ascii: "n") where length == 3 && isWord("nil", at: start): return (.nil, 0)
        case Byte.dash, UInt8(ascii: "0")...UInt8(ascii: "9"): return try number(from: start)
        default: return (.word, 0)
        }
    }

    /// True when the bytes at `start` are those of `word` (ASCII).
    private func isWord(_ word: StaticString, at start: Int) -> Bool {
        for index in 0..<word.utf8CodeUnitCount where bytes[start + index] != word.utf8Start[index] { return false }
        return true
    }

    /// Most numbers are integers of at most 18 digits (which cannot overflow), perhaps after a
    /// `-`: when such a word starts at `start`, where it ends and its value, read in one pass;
    /// nil otherwise (the word is then read as any other).
    static func shortInteger(_ bytes: LineBytes, from start: Int) -> (end: Int, value: Int)? {
        let negative = bytes[start] == Byte.dash
        let digitsStart = negative ? start + 1 : start
        let limit = min(bytes.count, digitsStart + 18)
        var index = digitsStart
        var value = 0
        while index < limit {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        guard index > digitsStart, index == bytes.count || Byte.endsWord(bytes[index]) else { return nil }
        return (index, negative ? -value : value)
    }

    /// The bare word from `start` (a `-` or a digit) to the current offset as a number (with an
    /// integer's value), or a plain word (an integer of at most 18 digits was read by
    /// ``shortInteger(_:from:)``).
    private func number(from start: Int) throws(Diagnostic) -> (LexedToken.Kind, integer: Int) {
        let end = offset
        switch NumberSyntax.classify(bytes, from: start, to: end) {
        case .notANumber:
            return (.word, 0)
        case .integer:
            let word = text(from: start, to: end)
            guard let value = Int(word) else {
                throw error(at: start, "integer literal '\(word)' does not fit in Int (\(Int.min)...\(Int.max))")
            }
            return (.int, value)
        case .decimal:
            let word = text(from: start, to: end)
            guard let value = Double(word), value.isFinite else {
                throw error(at: start, "number literal '\(word)' is out of range for Double")
            }
            return (.double, 0)
        }
    }

    /// Scans a double-quoted string starting at the opening quote; returns whether it has an
    /// escape. Its decoded contents are appended to `decoded` unless that is nil (the lexer
    /// only checks them; ``decodedString(at:)`` decodes).
    mutating func scanString(decodingInto decoded: inout [UInt8]?) throws(Diagnostic) -> Bool {
        let open = offset
        offset += 1
        var escaped = false
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case Byte.quote:
                offset += 1
                return escaped
            case Byte.backslash:
                escaped = true
                try decodeEscape(into: &decoded)
            default:
                if Byte.isControl(byte) && byte != Byte.carriageReturn { throw controlCharacterError(at: offset, inString: true) }
                if byte >= 0x80 { sawNonASCII = true }
                decoded?.append(byte)
                offset += 1
            }
        }
        throw error(at: open, "unterminated string; expected a closing '\"'")
    }

    /// The decoded contents of the string token that starts at `open` (already checked by the lexer).
    func decodedString(at open: Int) -> String {
        var lexer = LineLexer(bytes)
        lexer.offset = open
        var decoded: [UInt8]? = []
        _ = try? lexer.scanString(decodingInto: &decoded)
        return String(decoding: decoded ?? [], as: UTF8.self)
    }

    /// Decodes one escape sequence starting at the backslash.
    private mutating func decodeEscape(into decoded: inout [UInt8]?) throws(Diagnostic) {
        let backslash = offset
        guard backslash + 1 < bytes.count else {
            throw error(at: backslash, "invalid escape '\\' at end of line; expected \\\", \\\\, \\n, \\t or \\u{…}")
        }
        let escaped = bytes[backslash + 1]
        switch escaped {
        case Byte.quote, Byte.backslash: decoded?.append(escaped); offset += 2
        case UInt8(ascii: "n"): decoded?.append(0x0A); offset += 2
        case UInt8(ascii: "t"): decoded?.append(0x09); offset += 2
        case UInt8(ascii: "u"): try decodeUnicodeEscape(into: &decoded)
        default:
            var end = backslash + 2
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            let shown = text(from: backslash, to: end)
            throw error(at: backslash, "invalid escape '\(shown)' in string; expected \\\", \\\\, \\n, \\t or \\u{…}")
        }
    }

    /// Decodes `\u{HEX}` (1 to 8 hex digits naming a Unicode scalar).
    private mutating func decodeUnicodeEscape(into decoded: inout [UInt8]?) throws(Diagnostic) {
        let backslash = offset
        var cursor = backslash + 2
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "{") else {
            throw error(at: backslash, "invalid escape '\\u' in string; expected \\u{…} with 1 to 8 hex digits")
        }
        cursor += 1
        let digitsStart = cursor
        while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "}"), bytes[cursor] != Byte.quote { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") else {
            throw error(at: backslash, "invalid escape in string: '\\u{' without a closing '}'")
        }
        let digits = text(from: digitsStart, to: cursor)
        guard (1...8).contains(digits.utf8.count), let value = UInt32(digits, radix: 16) else {
            throw error(at: backslash, "invalid escape '\\u{\(digits)}' in string; expected 1 to 8 hex digits")
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error(at: backslash, "invalid code point '\\u{\(digits)}' in string (not a Unicode scalar value)")
        }
        decoded?.append(contentsOf: String(Character(scalar)).utf8)
        offset = cursor + 1
    }
}
