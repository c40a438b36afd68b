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
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
        // Runs of bytes that need no escape are copied whole.
        var runStart = 0
        for index in bytes.indices where needsJSONEscape(bytes[index]) {
            if index > runStart { output.append(bytes: bytes.baseAddress! + runStart, count: index - runStart) }
            appendJSONStringByte(bytes[index], to: &output)
            runStart = index + 1
        }
        if bytes.count > runStart { output.append(bytes: bytes.baseAddress! + runStart, count: bytes.count - runStart) }
    }
    output.append(UInt8(ascii: "\""))
}

/// Whether `byte` (of UTF-8) must be escaped inside a JSON string: quotes, backslashes, control characters.
@inline(__always)
func needsJSONEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
}

/// Appends one byte of a JSON string's UTF-8, escaped when it must be (`\"`, `\\`, `\n`, `\u001f`).
@inline(__always)
func appendJSONStringByte(_ byte: UInt8, to output: inout TextBuffer) {
    guard needsJSONEscape(byte) else { return output.append(byte) }
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
