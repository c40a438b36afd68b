/// A fast path of ``ScriptParser`` for the shapes most lines have: blank or comment lines, and action
/// lines made of an ASCII name (`increase`, `board.submit`) followed by simple arguments, positional or
/// labelled (`setScore 3 2`, `setScore home: 3 away=2`, `updateQuery "swift" &`).
///
/// It works on the line's UTF-8 bytes and builds no tokens. It only ever answers for lines that the full
/// parser accepts, with exactly the full parser's result; for anything else (a meta command, arrays,
/// escapes, non-ASCII text before a comment, words glued to punctuation, and every line with an error)
/// it answers nil and the full parser decides, so messages and columns come from one place.
enum ActionLineFastPath {
    /// The parse of `line`, or nil when the full parser must decide.
    static func parse(_ line: String, origin: LineOrigin) -> ParsedLine? {
        let parsed = line.utf8.withContiguousStorageIfAvailable { bytes in
            Cursor(bytes: bytes).parseLine(line, origin: origin)
        }
        return parsed ?? nil
    }
}

private enum ASCII {
    static let tab: UInt8 = 0x09, carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20
    static let quote: UInt8 = 0x22, hash: UInt8 = 0x23, ampersand: UInt8 = 0x26, dash: UInt8 = 0x2D, dot: UInt8 = 0x2E
    static let colon: UInt8 = 0x3A, equals: UInt8 = 0x3D, backslash: UInt8 = 0x5C

    @inline(__always) static func isBlank(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == carriageReturn
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Letters, digits and `_`.
    @inline(__always) static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x5F
    }

    /// A byte a bare word may hold on the fast path: printable ASCII except blanks, `"`, `#`, `:`, `=`,
    /// `[`, `]` and `,` (the lexer's word ends), so a word is exactly the lexer's word token.
    @inline(__always) static func isPlainWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x24...0x2B, 0x2D...0x39, 0x3B, 0x3C, 0x3E...0x5A, 0x5C, 0x5E...0x7E: true
        default: false
        }
    }
}

private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    let count: Int

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.count = bytes.count
    }

    /// True at the end of the line, a blank or a comment: where a token may end.
    @inline(__always) func endsToken(at index: Int) -> Bool {
        index == count || ASCII.isBlank(bytes[index]) || bytes[index] == ASCII.hash
    }

    /// The index of the first byte at or after `index` that is not a blank.
    @inline(__always) func skipBlanks(from index: Int) -> Int {
        var index = index
        while index < count && ASCII.isBlank(bytes[index]) { index += 1 }
        return index
    }

    /// True when only blanks and perhaps a comment follow `index`.
    func restIsEmpty(from index: Int) -> Bool {
        let next = skipBlanks(from: index)
        return next == count || bytes[next] == ASCII.hash
    }

    func string(from start: Int, to end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// True when `bytes[start..<end]` is `true`, `false` or `nil` (not words to the lexer).
    func isKeyword(from start: Int, to end: Int) -> Bool {
        switch end - start {
        case 3: return bytes[start] == 0x6E && bytes[start + 1] == 0x69 && bytes[start + 2] == 0x6C
        case 4: return bytes[start] == 0x74 && bytes[start + 1] == 0x72 && bytes[start + 2] == 0x75 && bytes[start + 3] == 0x65
        case 5:
            return bytes[start] == 0x66 && bytes[start + 1] == 0x61 && bytes[start + 2] == 0x6C && bytes[start + 3] == 0x73
                && bytes[start + 4] == 0x65
        default: return false
        }
    }

    /// True when `bytes[start..<end]` is the bare word `&`.
    @inline(__always) func isAmpersand(from start: Int, to end: Int) -> Bool {
        end == start + 1 && bytes[start] == ASCII.ampersand
    }

    func parseLine(_ line: String, origin: LineOrigin) -> ParsedLine? {
        var index = skipBlanks(from: 0)
        if index == count || bytes[index] == ASCII.hash { return .empty }

        // The name: `ACTION` or `REACTOR.ACTION`, ASCII, followed by a blank, a comment or the end.
        let nameStart = index
        var dot = -1
        var hasDash = false
        while index < count {
            let byte = bytes[index]
            if ASCII.isIdentifierByte(byte) {
                index += 1
            } else if dot < 0 && byte == ASCII.dot {
                dot = index
                index += 1
            } else if dot < 0 && byte == ASCII.dash {
                hasDash = true
                index += 1
            } else {
                break
            }
        }
        let nameEnd = index
        guard nameEnd > nameStart, endsToken(at: nameEnd), !ASCII.isDigit(bytes[nameStart]) else { return nil }
        let reactor: LocatedText?
        let name: LocatedText
        if dot < 0 {
            guard !hasDash, !isKeyword(from: nameStart, to: nameEnd) else { return nil }
            reactor = nil
            let text = nameStart == 0 && nameEnd == count ? line : string(from: nameStart, to: nameEnd)
            name = LocatedText(text, column: nameStart + 1)
        } else {
            guard dot > nameStart, bytes[nameStart] != ASCII.dash, dot + 1 < nameEnd, !ASCII.isDigit(bytes[dot + 1]) else {
                return nil
            }
            reactor = LocatedText(string(from: nameStart, to: dot), column: nameStart + 1)
            name = LocatedText(string(from: dot + 1, to: nameEnd), column: dot + 2)
        }

        // The arguments. Invariant at the top of the loop: `index` is at the end, a blank or a comment.
        var arguments: [ParsedArgument] = []
        var lastEnd = nameEnd
        var isBackground = false
        while true {
            index = skipBlanks(from: index)
            if index == count || bytes[index] == ASCII.hash { break }
            var labelEnd = index
            while labelEnd < count && ASCII.isIdentifierByte(bytes[labelEnd]) { labelEnd += 1 }
            if labelEnd > index, labelEnd < count, bytes[labelEnd] == ASCII.colon || bytes[labelEnd] == ASCII.equals,
               !ASCII.isDigit(bytes[index]), !isKeyword(from: index, to: labelEnd) {
                let label = LocatedText(string(from: index, to: labelEnd), column: index + 1)
                let valueStart = skipBlanks(from: labelEnd + 1)
                guard valueStart < count, bytes[valueStart] != ASCII.hash,
                      let (value, valueEnd) = scanValue(at: valueStart) else { return nil }
                // A detached `&` ending the line is the background marker, which leaves the label without a value.
                if valueStart > labelEnd + 1 && isAmpersand(from: valueStart, to: valueEnd) && restIsEmpty(from: valueEnd) {
                    return nil
                }
                if arguments.isEmpty { arguments.reserveCapacity(4) }
                arguments.append(ParsedArgument(label: label, value: value))
                index = valueEnd
                lastEnd = valueEnd
            } else {
                guard let (value, valueEnd) = scanValue(at: index) else { return nil }
                if isAmpersand(from: index, to: valueEnd) && restIsEmpty(from: valueEnd) {
                    isBackground = true
                    break
                }
                if arguments.isEmpty { arguments.reserveCapacity(4) }
                arguments.append(ParsedArgument(label: nil, value: value))
                index = valueEnd
                lastEnd = valueEnd
            }
        }
        return .action(ActionInvocation(
            origin: origin, reactor: reactor, name: name, arguments: arguments,
            isBackground: isBackground, endColumn: lastEnd + 1))
    }

    /// A value starting at `start` and ending before a blank, a comment or the end of the line: a quoted
    /// string without escapes, or a bare word (number, `true`, `false`, `nil` or plain word).
    func scanValue(at start: Int) -> (ValueLiteral, end: Int)? {
        let first = bytes[start]
        if first == ASCII.quote {
            var close = start + 1
            while close < count {
                let byte = bytes[close]
                if byte == ASCII.quote { break }
                guard byte >= 0x20 && byte < 0x7F && byte != ASCII.backslash else { return nil }
                close += 1
            }
            guard close < count, endsToken(at: close + 1) else { return nil }
            let value = ValueLiteral(
                .string(string(from: start + 1, to: close)), column: start + 1, text: string(from: start, to: close + 1))
            return (value, close + 1)
        }
        var end = start
        while end < count && ASCII.isPlainWordByte(bytes[end]) { end += 1 }
        guard end > start, endsToken(at: end) else { return nil }
        let text = string(from: start, to: end)
        let kind: ValueLiteral.Kind
        switch first {
        case UInt8(ascii: "t") where end - start == 4 && isKeyword(from: start, to: end): kind = .bool(true)
        case UInt8(ascii: "f") where end - start == 5 && isKeyword(from: start, to: end): kind = .bool(false)
        case UInt8(ascii: "n") where end - start == 3 && isKeyword(from: start, to: end): kind = .nil
        case ASCII.dash, 0x30...0x39:
            switch NumberSyntax.classify(bytes, from: start, to: end) {
            case .notANumber:
                kind = .word(text)
            case .integer:
                guard let value = integer(from: start, to: end) else { return nil }
                kind = .int(value)
            case .decimal:
                guard let value = Double(text), value.isFinite else { return nil }
                kind = .double(value)
            }
        default:
            kind = .word(text)
        }
        return (ValueLiteral(kind, column: start + 1, text: text), end)
    }

    /// The value of an integer literal of at most 18 digits (which cannot overflow), or nil.
    func integer(from start: Int, to end: Int) -> Int? {
        var index = start
        let negative = bytes[index] == ASCII.dash
        if negative { index += 1 }
        guard end - index <= 18 else { return nil }
        var value = 0
        while index < end {
            value = value &* 10 &+ Int(bytes[index] &- 0x30)
            index += 1
        }
        return negative ? -value : value
    }
}
