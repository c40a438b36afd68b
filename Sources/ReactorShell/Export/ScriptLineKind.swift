/// What a line of script is to the exports: a command (shown with its output), narration, a
/// break in the lesson, or a line that is not shown.
enum ScriptLineKind: Equatable {
    /// A command: shown with its output.
    case command
    /// A `#` comment line: its text, without the `#`.
    case comment(String)
    /// A blank line.
    case blank
    /// `:pause [TEXT]`: a break in the lesson, with its text.
    case pause(String)
    /// A line that writes the session out (`:save`, `:diagram`): not part of what it writes.
    case hidden

    /// What `line` is.
    init(_ line: String) {
        let line = line.trimmingBlanks
        if line.isEmpty {
            self = .blank
        } else if line.hasPrefix("#") {
            self = .comment(String(line.dropFirst(line.hasPrefix("# ") ? 2 : 1)))
        } else if let rest = Self.arguments(of: line, command: ":pause") {
            self = .pause(Self.unquoted(rest))
        } else if Self.arguments(of: line, command: ":save") != nil || Self.arguments(of: line, command: ":diagram") != nil {
            self = .hidden
        } else {
            self = .command
        }
    }

    /// The arguments of `line` when it is meta command `command`.
    static func arguments(of line: Substring, command: String) -> Substring? {
        guard line.hasPrefix(command) else { return nil }
        let rest = line.dropFirst(command.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        return rest.trimmingBlanks
    }

    /// `"text"` → `text`; anything else as it is.
    private static func unquoted(_ text: Substring) -> String {
        if text.count >= 2, text.first == "\"", text.last == "\"" { return String(text.dropFirst().dropLast()) }
        return String(text)
    }
}

extension StringProtocol {
    /// Without leading and trailing blanks (spaces and tabs).
    var trimmingBlanks: Substring {
        let text = self[...]
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text[start...].lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
        return Substring(text[start..<end])
    }
}
