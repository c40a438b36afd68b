import StateDiff

extension String {
    /// The text as the shell shows it in output and echoed lines: control characters (but line
    /// breaks and tabs), DEL and the invisible controls that reorder or hide text on a terminal
    /// (``StateDiff/isInvisibleControl(_:)``: bidirectional controls, zero-width characters, …)
    /// written as the language's `\u{…}` escapes. Text without any is returned as it is.
    var visibleEscapingControls: String { escapingControls(keepsLineBreaks: true) }

    /// ``visibleEscapingControls`` for a message that must stay one line: line breaks escaped too.
    var visibleOnOneLine: String { escapingControls(keepsLineBreaks: false) }

    private func escapingControls(keepsLineBreaks: Bool) -> String {
        func isKept(_ value: UInt32) -> Bool { value == 0x09 || (keepsLineBreaks && value == 0x0A) }
        guard utf8.contains(where: { ($0 < 0x20 && !isKept(UInt32($0))) || $0 >= 0x7F }) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && !isKept(value)) || value == 0x7F || isInvisibleControl(scalar) {
                result += "\\u{\(String(value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
