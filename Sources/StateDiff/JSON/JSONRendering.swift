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
    output.append("\"")
    let needsEscaping = text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    if !needsEscaping {
        output.append(text)
    } else {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case "\u{08}": output.append("\\b")
            case "\u{0C}": output.append("\\f")
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output.append("\\u")
                    output.append(String(repeating: "0", count: 4 - hex.count))
                    output.append(hex)
                } else {
                    output.append(scalar)
                }
            }
        }
    }
    output.append("\"")
}
