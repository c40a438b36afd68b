/// Text laid out for a terminal's width (SPEC §9.1): words kept whole, a hanging indent for the
/// lines after the first, and `code` in narration shown without its backticks.
enum TextLayout {
    /// The escape sequences that clear a terminal's screen and put the cursor at its top left.
    static let clearScreen = "\u{1B}[H\u{1B}[2J"

    /// The width to lay text out for on `descriptor`: nil (no wrapping) when it is not a
    /// terminal; else `COLUMNS` when it is a positive number, else the terminal's own width.
    static func width(of descriptor: Int32, environment: [String: String]) -> Int? {
        guard TerminalInfo.isTerminal(descriptor) else { return nil }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return TerminalInfo.columns(of: descriptor)
    }

    /// `prefix` (kept as it is) then `text`, broken into lines of at most `width` columns at
    /// blanks; the lines after the first start with `indent` blanks (a hanging indent). A word
    /// longer than a line stays whole on a line of its own. Columns are counted in characters
    /// (escape sequences, which take none, are left out of the count).
    static func wrap(_ text: String, width: Int, prefix: String = "", indent: Int = 0) -> [String] {
        wrap(words: text.split(separator: " ", omittingEmptySubsequences: true), width: width, prefix: prefix, indent: indent)
    }

    /// `words` laid out as ``wrap(_:width:prefix:indent:)`` lays out a text's words (a word may
    /// hold blanks: `rename(id: Int, title: String),` stays whole).
    static func wrap<Word: StringProtocol>(words: [Word], width: Int, prefix: String = "", indent: Int = 0) -> [String] {
        guard !words.isEmpty else { return [prefix] }
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = prefix
        var lineWidth = visibleWidth(Substring(prefix))
        var lineHasWord = false
        for word in words {
            let wordWidth = visibleWidth(Substring(word))
            if !lineHasWord {
                line += word
                lineWidth += wordWidth
                lineHasWord = true
            } else if lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
            } else {
                lines.append(line)
                line = margin + word
                lineWidth = indent + wordWidth
            }
        }
        lines.append(line)
        return lines
    }

    /// Each line of `text` wrapped to `width` (nil: as it is), its leading blanks kept and
    /// repeated on the lines it continues on.
    static func wrapLines(_ text: String, width: Int?) -> String {
        guard let width else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            let margin = line.prefix { $0 == " " }
            return wrap(String(line.dropFirst(margin.count)), width: width, prefix: String(margin), indent: margin.count)
        }.joined(separator: "\n")
    }

    /// The columns `text` takes on a terminal: its characters, without ANSI escape sequences.
    static func visibleWidth(_ text: Substring) -> Int {
        var count = 0
        var inEscape = false
        for character in text.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(character.value) && character != "[" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                count += 1
            }
        }
        return count
    }

    /// Narration's text: `code` spans without their backticks.
    static func narrationText(_ text: String) -> String {
        String(text.filter { $0 != "`" })
    }
}
