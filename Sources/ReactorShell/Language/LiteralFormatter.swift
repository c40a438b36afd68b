import StateDiff

/// Writes values as literals of the command language, so that they parse back to the same value.
///
/// Strings are always quoted and escaped; doubles always show a fraction or exponent
/// (`3.0`, `1e+20`); objects (which the language cannot write) use a Swift-like `[key: value]` form.
public enum LiteralFormatter {
    /// The literal text of `value`, e.g. `"swift"`, `-7`, `3.5`, `nil`, `["a", "b"]`.
    public static func format(_ value: StateValue) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    /// Appends the literal text of `value` to `output`.
    public static func write(_ value: StateValue, to output: inout String) {
        switch value {
        case .null: output += "nil"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .double(let number): output += formatDouble(number)
        case .string(let text): writeQuoted(text, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += ", " }
                write(element, to: &output)
            }
            output += "]"
        case .object(let fields):
            output += fields.isEmpty ? "[:]" : "["
            for (index, field) in fields.enumerated() {
                if index > 0 { output += ", " }
                output += field.key
                output += ": "
                write(field.value, to: &output)
            }
            if !fields.isEmpty { output += "]" }
        }
    }

    /// A double as the language writes it: `3.0`, `-0.25`, `1e+20`; non-finite values as `inf`, `-inf`, `nan`.
    public static func formatDouble(_ number: Double) -> String {
        guard number.isFinite else { return number.isNaN ? "nan" : (number < 0 ? "-inf" : "inf") }
        return number.description
    }

    /// `text` in double quotes with `\"`, `\\`, `\n`, `\t` and `\u{…}` for other control characters.
    public static func quoted(_ text: String) -> String {
        var output = ""
        writeQuoted(text, to: &output)
        return output
    }

    /// Appends `text` in double quotes, escaped, to `output`.
    public static func writeQuoted(_ text: String, to output: inout String) {
        output += "\""
        var needsEscaping = false
        for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F {
            needsEscaping = true
            break
        }
        if !needsEscaping {
            output += text
        } else {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\t": output += "\\t"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F {
                        output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                    } else {
                        output.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        output += "\""
    }
}
