extension StateValue {
    /// A multi-line rendering of a whole state for `:state`: a top-level object lists one
    /// `key: value` line per field; nested values stay on one line when they fit in
    /// `width` columns and are laid out over several indented lines otherwise.
    /// Nothing is shortened.
    public func prettyText(width: Int = 80) -> String {
        var output = TextBuffer()
        switch self {
        case .object(let fields) where !fields.isEmpty:
            for (position, field) in fields.enumerated() {
                if position > 0 { output.append("\n") }
                appendKey(field.key, to: &output)
                output.append(": ")
                field.value.appendPretty(to: &output, indent: 0, column: field.key.count + 2, width: width)
            }
        default:
            appendPretty(to: &output, indent: 0, column: 0, width: width)
        }
        return output.string
    }

    /// Appends the value, inline if it fits from `column` to `width`, else expanded at `indent`.
    func appendPretty(to output: inout TextBuffer, indent: Int, column: Int, width: Int) {
        let room = width - column
        var inline = TextBuffer()
        var writer = LiteralWriter(limit: max(room, 8))
        writer.write(self, to: &inline)
        let inlineText = inline.string
        if !writer.truncated && inlineText.count <= room {
            output.append(inlineText)
            return
        }
        let inner = String(repeating: " ", count: indent + 2)
        switch self {
        case .array(let elements):
            output.append("[\n")
            for (position, element) in elements.enumerated() {
                output.append(inner)
                element.appendPretty(to: &output, indent: indent + 2, column: indent + 2, width: width)
                output.append(position + 1 < elements.count ? ",\n" : "\n")
            }
            output.append(String(repeating: " ", count: indent))
            output.append("]")
        case .object(let fields):
            output.append("{\n")
            for (position, field) in fields.enumerated() {
                output.append(inner)
                appendKey(field.key, to: &output)
                output.append(": ")
                field.value.appendPretty(to: &output, indent: indent + 2, column: indent + 4 + field.key.count, width: width)
                output.append(position + 1 < fields.count ? ",\n" : "\n")
            }
            output.append(String(repeating: " ", count: indent))
            output.append("}")
        default:
            appendLiteral(to: &output, maxLength: nil)
        }
    }
}
