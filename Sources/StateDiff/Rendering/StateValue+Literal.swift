extension StateValue {
    /// The value as a one-line Swift-like literal: `nil`, `true`, `42`, `1.0`, `nan`, `"text"`
    /// (quoted, with escapes), `["a", "b"]`, `{id: 1, title: "x"}`.
    ///
    /// With `maxLength`, the output stays near that many characters: long strings become
    /// `"aaaa…" (1,200 chars)` and big collections `["a", "b", … 9,998 more]`.
    /// Cost follows the output's length, not the value's size.
    public func literal(maxLength: Int? = nil) -> String {
        renderedText { appendLiteral(to: &$0, maxLength: maxLength) }
    }

    func appendLiteral(to buffer: inout TextBuffer, maxLength: Int?) {
        var writer = LiteralWriter(limit: maxLength.map { max($0, 8) } ?? Int.max)
        writer.write(self, to: &buffer)
    }
}

/// Writes literals within a length budget (counted in UTF-8 bytes of output).
struct LiteralWriter {
    let limit: Int
    /// Set when anything was shortened.
    var truncated = false
    private var start = 0

    init(limit: Int) {
        self.limit = limit
    }

    mutating func write(_ value: StateValue, to output: inout TextBuffer) {
        start = output.count
        writeValue(value, to: &output)
    }

    private func used(_ output: borrowing TextBuffer) -> Int { output.count - start }

    private mutating func writeValue(_ value: StateValue, to output: inout TextBuffer) {
        switch value {
        case .null: output.append("nil")
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .int(let number): output.append(number)
        case .double(let number): output.append(number.description)
        case .string(let text): writeString(text, to: &output)
        case .array(let elements):
            output.append("[")
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(", ") }
                if position > 0 && used(output) >= limit - 4 {
                    appendMore(elements.count - position, to: &output)
                    break
                }
                writeValue(element, to: &output)
            }
            output.append("]")
        case .object(let fields):
            output.append("{")
            for (position, field) in fields.enumerated() {
                if position > 0 { output.append(", ") }
                if position > 0 && used(output) >= limit - 4 {
                    appendMore(fields.count - position, to: &output)
                    break
                }
                appendKey(field.key, to: &output)
                output.append(": ")
                writeValue(field.value, to: &output)
            }
            output.append("}")
        }
    }

    private mutating func appendMore(_ count: Int, to output: inout TextBuffer) {
        truncated = true
        output.append("… ")
        output.append(groupedDigits(count))
        output.append(" more")
    }

    private mutating func writeString(_ text: String, to output: inout TextBuffer) {
        let room = max(limit - used(output) - 2, 12)
        if text.utf8.count <= room || limit == Int.max {
            appendQuotedString(text, to: &output)
            return
        }
        let total = text.count
        if total <= room {
            appendQuotedString(text, to: &output)
            return
        }
        truncated = true
        let keep = max(room - 16, 4)
        output.append("\"")
        appendEscaped(text.prefix(keep), to: &output)
        output.append("…\" (")
        output.append(groupedDigits(total))
        output.append(" chars)")
    }
}

/// Appends `key` bare when it is an identifier, else quoted.
func appendKey(_ key: String, to output: inout TextBuffer) {
    if isPlainIdentifier(key) { output.append(key) } else { appendQuotedString(key, to: &output) }
}

/// Appends `text` in double quotes with the escapes the command language reads back: `\"`, `\\`,
/// `\n`, `\t`, and `\u{1B}` for any other control character, DEL, and the invisible scalars
/// that can reorder or hide text on a terminal or in an editor (``isInvisibleControl(_:)``).
func appendQuotedString(_ text: String, to output: inout TextBuffer) {
    // Most strings need no escape: copied whole, in the same pass as the check.
    if output.appendIfNoEscape(text, LiteralEscapes.self, quoted: true) { return }
    output.append(UInt8(ascii: "\""))
    appendEscaped(text[...], to: &output)
    output.append(UInt8(ascii: "\""))
}

/// The bytes that may be escaped in a literal: what JSON escapes (control characters, `"`, `\`),
/// DEL, and the bytes of non-ASCII scalars (a few of which are, see ``isInvisibleControl(_:)``,
/// checked one by one after).
enum LiteralEscapes: ByteEscapes {
    /// Whether any byte of `word` may be escaped in a literal: what JSON escapes, DEL, which xored
    /// with 0x7F becomes a zero byte (detected exactly as in ``JSONStringEscapes/mayEscape(word:)``),
    /// or a byte of a non-ASCII scalar. Always inlined into the scan of TextBuffer.swift, with
    /// ``escapes(_:)``: left to the optimizer, the word tests became calls (measured: a counter
    /// line about 40 instructions more).
    @inline(__always)
    static func mayEscape(word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let delete = word ^ (ones &* 0x7F)
        return word & highs != 0 || JSONStringEscapes.mayEscape(word: word) || (delete &- ones) & ~delete & highs != 0
    }

    /// Whether `byte` may be escaped in a literal.
    @inline(__always)
    static func escapes(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}

/// Whether `scalar` is written as a `\u{…}` escape wherever the shell shows or saves text,
/// although it is no ASCII control: a C1 control, or an invisible character that reorders or hides
/// text on a terminal or in an editor: the bidirectional controls (U+061C, U+200E–200F,
/// U+202A–202E, U+2066–2069), zero-width and other invisible formatting characters (U+180E,
/// U+200B–200D, U+2060–2064, U+FEFF, U+FFF9–FFFB), and the line and paragraph separators
/// (U+2028, U+2029).
public func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x80...0x9F, 0x061C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069,
         0xFEFF, 0xFFF9...0xFFFB:
        return true
    default:
        return false
    }
}

/// Appends `text` with the command language's string escapes, copying unescaped runs whole.
func appendEscaped(_ text: Substring, to output: inout TextBuffer) {
    let needsEscaping = text.utf8.contains(where: LiteralEscapes.escapes)
    guard needsEscaping else {
        output.append(text)
        return
    }
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": output.append("\\\"")
        case "\\": output.append("\\\\")
        case "\n": output.append("\\n")
        case "\t": output.append("\\t")
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F || isInvisibleControl(scalar) {
                output.append("\\u{")
                output.append(String(scalar.value, radix: 16, uppercase: true))
                output.append("}")
            } else {
                output.append(scalar)
            }
        }
    }
}

/// `9998` as `9,998`.
func groupedDigits(_ number: Int) -> String {
    let digits = String(number.magnitude)
    guard digits.utf8.count > 3 else { return number < 0 ? "-" + digits : digits }
    var result = number < 0 ? "-" : ""
    let leading = digits.utf8.count % 3
    for (position, digit) in digits.enumerated() {
        if position > 0 && (position - leading) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return result
}
