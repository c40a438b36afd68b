extension StateValue {
    /// The value as compact JSON text, object keys in their order.
    ///
    /// Doubles keep a fractional part (`1.0`); non-finite doubles, which JSON cannot
    /// express, become the strings `"NaN"`, `"Infinity"` and `"-Infinity"`.
    public var jsonText: String {
        renderedText { appendJSON(to: &$0) }
    }

    func appendJSON(to output: inout TextBuffer) {
        switch self {
        case .null: output.append("null")
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .int(let number): output.append(number)
        case .double(let number):
            if number.isNaN {
                output.append("\"NaN\"")
            } else if number.isInfinite {
                output.append(number < 0 ? "\"-Infinity\"" : "\"Infinity\"")
            } else {
                output.append(number.description)
            }
        case .string(let text): appendJSONString(text, to: &output)
        case .array(let elements):
            output.append("[")
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(",") }
                element.appendJSON(to: &output)
            }
            output.append("]")
        case .object(let fields):
            output.append("{")
            for (position, field) in fields.enumerated() {
                if position > 0 { output.append(",") }
                appendJSONString(field.key, to: &output)
                output.append(":")
                field.value.appendJSON(to: &output)
            }
            output.append("}")
        }
    }
}

/// Appends `text` as a JSON string literal (quotes, backslashes and control characters escaped).
func appendJSONString(_ text: String, to output: inout TextBuffer) {
    // The usual string needs no escape: copied whole between its quotes.
    let quote = UInt8(ascii: "\"")
    if output.appendIfNoEscape(text, JSONStringEscapes.self, quoted: true) { return }
    output.append(quote)
    appendEscapedJSONStringContents(text, to: &output)
    output.append(quote)
}

/// Appends the UTF-8 of `text` escaped for the inside of a JSON string (no quotes around it).
func appendJSONStringContents(_ text: String, to output: inout TextBuffer) {
    if output.appendIfNoEscape(text, JSONStringEscapes.self, quoted: false) { return }
    appendEscapedJSONStringContents(text, to: &output)
}

/// Appends `text`, some of whose bytes need an escape, escaped for the inside of a JSON string.
private func appendEscapedJSONStringContents(_ text: String, to output: inout TextBuffer) {
    // The bytes between two escapes are copied as one run (a label like `setAlert("saved")`
    // has two escapes in thirty bytes).
    let bytes = text.utf8.span
    var runStart = 0
    for index in bytes.indices where JSONStringEscapes.escapes(bytes[index]) {
        output.append(bytes.extracting(runStart..<index))
        appendJSONStringByte(bytes[index], to: &output)
        runStart = index + 1
    }
    output.append(bytes.extracting(runStart...))
}

/// The bytes escaped inside a JSON string: quotes, backslashes, control characters.
enum JSONStringEscapes: ByteEscapes {
    /// Whether any byte of `word` is a control character, a quote or a backslash. A byte below 0x20
    /// has its top three bits clear; a byte equal to 0x22 or 0x5C becomes 0 when xored with it. A
    /// zero byte z is detected as `(z - 1) & ~z & 0x80` per byte (no false negatives; a false
    /// positive only makes the caller take the byte-by-byte path, which gives the same text). The
    /// three marks are joined before the one test (one branch a word instead of three).
    static func mayEscape(word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let control = word & (ones &* 0xE0)  // zero byte where the byte is below 0x20
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        func zeroByteMarks(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        return (zeroByteMarks(control) | zeroByteMarks(quote) | zeroByteMarks(backslash)) & highs != 0
    }

    /// Whether `byte` (of UTF-8) must be escaped inside a JSON string.
    static func escapes(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}

/// Appends one byte of a JSON string's UTF-8, escaped when it must be (`\"`, `\\`, `\n`, `\u001f`).
func appendJSONStringByte(_ byte: UInt8, to output: inout TextBuffer) {
    guard JSONStringEscapes.escapes(byte) else { return output.append(byte) }
    switch byte {
    case UInt8(ascii: "\""): output.append("\\\"")
    case UInt8(ascii: "\\"): output.append("\\\\")
    case UInt8(ascii: "\n"): output.append("\\n")
    case UInt8(ascii: "\r"): output.append("\\r")
    case UInt8(ascii: "\t"): output.append("\\t")
    case 0x08: output.append("\\b")
    case 0x0C: output.append("\\f")
    default:
        let hexDigits: StaticString = "0123456789abcdef"
        output.append("\\u00")
        output.append(hexDigits.utf8Start[Int(byte >> 4)])
        output.append(hexDigits.utf8Start[Int(byte & 0x0F)])
    }
}
