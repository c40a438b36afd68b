#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text laid out for a terminal's width (SPEC §9.1): words kept whole, a hanging indent for the
/// lines after the first, and `code` in narration shown without its backticks.
enum TextLayout {
    /// The escape sequences that clear a terminal's screen and put the cursor at its top left.
    static let clearScreen = "\u{1B}[H\u{1B}[2J"

    /// The width to lay text out for on `descriptor`: nil (no wrapping) when it is not a
    /// terminal; else `COLUMNS` when it is within ``NumericSetting/terminalColumns``'s bounds,
    /// else (unset, empty, not a number, 0 or too large) the terminal's own width.
    static func width(of descriptor: Int32, environment: [String: String]) -> Int? {
        guard TerminalInfo.isTerminal(descriptor) else { return nil }
        return columns(in: environment) ?? TerminalInfo.columns(of: descriptor)
    }

    /// The width `COLUMNS` in `environment` gives, nil when it is unset or refused by
    /// ``NumericSetting/terminalColumns``.
    static func columns(in environment: [String: String]) -> Int? {
        environment["COLUMNS"].flatMap { try? NumericSetting.terminalColumns.parse($0).get() }
    }

    /// `text` as standard error shows it: each line wider than the terminal broken at a word with
    /// a hanging indent (``hangingLines(_:width:hang:)``) when standard error is a terminal.
    static func forStandardError(_ text: String, environment: [String: String]) -> String {
        guard let width = width(of: STDERR_FILENO, environment: environment) else { return text }
        return hangingLines(text, width: width)
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

    /// Each line of `text` that is wider than `width` broken at blanks into lines that fit, the
    /// lines it continues on starting `hang` columns further in than its own leading blanks (a
    /// hanging indent: `      title: "" → "A long…` goes on at column 9). A line that fits is
    /// left as it is, blanks and all; a word longer than a line stays whole.
    static func hangingLines(_ text: String, width: Int, hang: Int = 2) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard visibleWidth(line) > width else { return String(line) }
            let margin = String(repeating: " ", count: line.prefix { $0 == " " }.count + hang)
            var pieces: [Substring] = []
            var rest = line
            while let cut = breakIndex(in: rest, width: pieces.isEmpty ? width : width - margin.count) {
                pieces.append(rest[..<cut])
                rest = rest[rest.index(after: cut)...].drop { $0 == " " }
            }
            pieces.append(rest)
            return pieces.enumerated().map { $0.offset == 0 ? String($0.element) : margin + $0.element }
                .joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Where to break `line` so that its first part fits `width` columns: the last blank (past
    /// the leading ones) before the line grows too wide, else the first blank after; nil when it
    /// fits or has no blank to break at.
    private static func breakIndex(in line: Substring, width: Int) -> Substring.Index? {
        var column = 0
        var inEscape = false
        var pastMargin = false
        var lastBlank: Substring.Index?
        var index = line.unicodeScalars.startIndex
        while index < line.unicodeScalars.endIndex {
            let scalar = line.unicodeScalars[index]
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                if scalar == " " {
                    if pastMargin && column <= width {
                        lastBlank = index
                    } else if pastMargin && lastBlank == nil {
                        return index
                    }
                } else {
                    pastMargin = true
                }
                column += 1
                if column > width, let lastBlank { return lastBlank }
            }
            index = line.unicodeScalars.index(after: index)
        }
        return nil
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
