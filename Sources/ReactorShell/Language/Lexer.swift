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

/// Splits one line of the command language into tokens with their columns.
///
/// Runs in linear time without recursion, so a line of any length is safe.
public enum Lexer {
    /// Tokenizes `line`; errors carry `origin` and the column of the offending character.
    public static func tokenize(_ line: String, origin: LineOrigin = LineOrigin()) throws(Diagnostic) -> TokenizedLine {
        var scanner = Scanner(line: line, origin: origin)
        return try scanner.run()
    }
}

private enum Byte {
    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, carriageReturn: UInt8 = 0x0D
    static let quote: UInt8 = 0x22, hash: UInt8 = 0x23, colon: UInt8 = 0x3A, equals: UInt8 = 0x3D
    static let leftBracket: UInt8 = 0x5B, rightBracket: UInt8 = 0x5D, comma: UInt8 = 0x2C
    static let backslash: UInt8 = 0x5C, ampersand: UInt8 = 0x26, delete: UInt8 = 0x7F

    static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab || byte == carriageReturn }
    static func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && !isBlank(byte)) || byte == delete }
    static func endsWord(_ byte: UInt8) -> Bool {
        switch byte {
        case space, tab, carriageReturn, quote, hash, colon, equals, leftBracket, rightBracket, comma: true
        default: isControl(byte)
        }
    }
}

private struct Scanner {
    let line: String
    let bytes: [UInt8]
    let origin: LineOrigin
    let columns: ColumnMap
    var offset = 0
    var tokens: [Token] = []

    init(line: String, origin: LineOrigin) {
        self.line = line
        self.bytes = Array(line.utf8)
        self.origin = origin
        self.columns = ColumnMap(line: line, bytes: bytes)
    }

    mutating func run() throws(Diagnostic) -> TokenizedLine {
        tokens.reserveCapacity(8)
        var attached = false
        while offset < bytes.count {
            let byte = bytes[offset]
            if Byte.isBlank(byte) {
                offset += 1
                attached = false
                continue
            }
            if byte == Byte.hash { break }
            if Byte.isControl(byte) { throw controlCharacterError(at: offset, inString: false) }
            let start = offset
            let kind: TokenKind
            var text: String
            switch byte {
            case Byte.quote:
                kind = .string(try scanString())
                text = self.text(from: start, to: offset)
            case Byte.colon: offset += 1; kind = .colon; text = ":"
            case Byte.equals: offset += 1; kind = .equals; text = "="
            case Byte.leftBracket: offset += 1; kind = .leftBracket; text = "["
            case Byte.rightBracket: offset += 1; kind = .rightBracket; text = "]"
            case Byte.comma: offset += 1; kind = .comma; text = ","
            default:
                while offset < bytes.count && !Byte.endsWord(bytes[offset]) { offset += 1 }
                text = self.text(from: start, to: offset)
                kind = try classifyWord(text, from: start)
            }
            tokens.append(Token(
                kind: kind, column: columns.column(at: start), endColumn: columns.column(at: offset),
                isAttached: attached, text: text))
            attached = true
        }
        var isBackground = false
        var backgroundColumn: Int?
        if let last = tokens.last, last.kind == .word("&"), !last.isAttached {
            tokens.removeLast()
            isBackground = true
            backgroundColumn = last.column
        }
        let endColumn = tokens.last?.endColumn ?? 1
        return TokenizedLine(tokens: tokens, isBackground: isBackground, backgroundColumn: backgroundColumn, endColumn: endColumn)
    }

    func text(from start: Int, to end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    func error(at offset: Int, _ message: String) -> Diagnostic {
        Diagnostic(origin, column: columns.column(at: offset), message)
    }

    func controlCharacterError(at offset: Int, inString: Bool) -> Diagnostic {
        let hex = String(bytes[offset], radix: 16, uppercase: true)
        let code = String(repeating: "0", count: 4 - hex.count) + hex
        return error(at: offset, "unexpected control character U+\(code)\(inString ? " in string" : "")")
    }

    /// Classifies a bare word as a number, `true`/`false`/`nil`, or a plain word.
    func classifyWord(_ word: String, from start: Int) throws(Diagnostic) -> TokenKind {
        let first = bytes[start]
        if first == UInt8(ascii: "t") || first == UInt8(ascii: "f") || first == UInt8(ascii: "n") {
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "nil": return .nil
            default: return .word(word)
            }
        }
        guard first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return .word(word) }
        switch NumberSyntax.classify(bytes[start..<offset]) {
        case .notANumber:
            return .word(word)
        case .integer:
            guard let value = Int(word) else {
                throw error(at: start, "integer literal '\(word)' does not fit in Int (\(Int.min)...\(Int.max))")
            }
            return .int(value)
        case .decimal:
            guard let value = Double(word), value.isFinite else {
                throw error(at: start, "number literal '\(word)' is out of range for Double")
            }
            return .double(value)
        }
    }

    /// Scans a double-quoted string starting at the opening quote; returns its decoded contents.
    mutating func scanString() throws(Diagnostic) -> String {
        let open = offset
        offset += 1
        var decoded = [UInt8]()
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case Byte.quote:
                offset += 1
                return String(decoding: decoded, as: UTF8.self)
            case Byte.backslash:
                try decodeEscape(into: &decoded)
            default:
                if Byte.isControl(byte) && byte != Byte.carriageReturn { throw controlCharacterError(at: offset, inString: true) }
                decoded.append(byte)
                offset += 1
            }
        }
        throw error(at: open, "unterminated string; expected a closing '\"'")
    }

    /// Decodes one escape sequence starting at the backslash.
    mutating func decodeEscape(into decoded: inout [UInt8]) throws(Diagnostic) {
        let backslash = offset
        guard backslash + 1 < bytes.count else {
            throw error(at: backslash, "invalid escape '\\' at end of line; expected \\\", \\\\, \\n, \\t or \\u{…}")
        }
        let escaped = bytes[backslash + 1]
        switch escaped {
        case Byte.quote, Byte.backslash: decoded.append(escaped); offset += 2
        case UInt8(ascii: "n"): decoded.append(0x0A); offset += 2
        case UInt8(ascii: "t"): decoded.append(0x09); offset += 2
        case UInt8(ascii: "u"): try decodeUnicodeEscape(into: &decoded)
        default:
            var end = backslash + 2
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            let shown = text(from: backslash, to: end)
            throw error(at: backslash, "invalid escape '\(shown)' in string; expected \\\", \\\\, \\n, \\t or \\u{…}")
        }
    }

    /// Decodes `\u{HEX}` (1 to 8 hex digits naming a Unicode scalar).
    mutating func decodeUnicodeEscape(into decoded: inout [UInt8]) throws(Diagnostic) {
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
        decoded.append(contentsOf: String(Character(scalar)).utf8)
        offset = cursor + 1
    }
}
