/// An open `.rsh` document: its text as the client last sent it (full sync), split into lines.
struct TextDocument {
    /// The document's URI as the client names it.
    let uri: String
    /// The file path of a `file:` URI (nil for other schemes): the base of relative `:load` paths.
    let path: String?
    /// The client's version number of this text.
    var version: Int
    /// The lines, without their line breaks (`\n`, `\r\n` or `\r`).
    private(set) var lines: [String]

    /// A document of `text`.
    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.path = DocumentURI.path(of: uri)
        self.version = version
        self.lines = Self.split(text)
    }

    /// Replaces the whole text.
    mutating func replaceText(_ text: String, version: Int) {
        self.version = version
        self.lines = Self.split(text)
    }

    /// Line `index` (0-based) as the shell reads it (a byte-order mark at the start of the file
    /// dropped), or nil past the end.
    func line(_ index: Int) -> ScriptLine? {
        guard lines.indices.contains(index) else { return nil }
        let text = lines[index]
        if index == 0, text.unicodeScalars.first == "\u{FEFF}" {
            return ScriptLine(text: String(text.unicodeScalars.dropFirst()), utf16Start: 1)
        }
        return ScriptLine(text: text, utf16Start: 0)
    }

    /// The text as the shell would read it: the lines joined with `\n`.
    var text: String { lines.joined(separator: "\n") }

    private static func split(_ text: String) -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        var previousWasCarriageReturn = false
        for byte in text.utf8 {
            if byte == 0x0A && previousWasCarriageReturn {
                previousWasCarriageReturn = false
                continue
            }
            previousWasCarriageReturn = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                lines.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(byte)
            }
        }
        lines.append(String(decoding: current, as: UTF8.self))
        return lines
    }
}

/// One line of a document and where its text starts in the editor's line (1 after a
/// byte-order mark), for turning the shell's columns into LSP positions and back.
struct ScriptLine {
    /// The line's text as the shell reads it.
    let text: String
    /// The UTF-16 offset in the editor's line at which ``text`` starts.
    let utf16Start: Int

    /// The UTF-16 offset in the editor's line of the shell's 1-based character `column`
    /// (a column past the end gives the end of the line).
    func utf16Offset(ofColumn column: Int) -> Int {
        let characters = max(0, column - 1)
        if text.utf8.count == text.count {  // ASCII: one character, one code unit
            return utf16Start + min(characters, text.utf8.count)
        }
        let index = text.index(text.startIndex, offsetBy: characters, limitedBy: text.endIndex) ?? text.endIndex
        return utf16Start + text.utf16.distance(from: text.startIndex, to: index)
    }

    /// The shell's 1-based character column at the editor's UTF-16 `offset` (inside a character:
    /// that character's column).
    func column(ofUTF16 offset: Int) -> Int {
        let index = stringIndex(ofUTF16: offset)
        return text.distance(from: text.startIndex, to: index) + 1
    }

    /// The UTF-8 offset in ``text`` at the editor's UTF-16 `offset` (rounded down to a character).
    func utf8Offset(ofUTF16 offset: Int) -> Int {
        text.utf8.distance(from: text.startIndex, to: stringIndex(ofUTF16: offset))
    }

    /// The UTF-16 offset in the editor's line of UTF-8 offset `utf8` of ``text``.
    func utf16Offset(ofUTF8 utf8: Int) -> Int {
        let index = text.utf8.index(text.startIndex, offsetBy: min(max(0, utf8), text.utf8.count))
        return utf16Start + text.utf16.distance(from: text.startIndex, to: index)
    }

    private func stringIndex(ofUTF16 offset: Int) -> String.Index {
        let units = min(max(0, offset - utf16Start), text.utf16.count)
        let index = text.utf16.index(text.startIndex, offsetBy: units)
        return text.characterStart(at: index)
    }
}

extension String {
    /// The start of the character that contains `index`.
    fileprivate func characterStart(at index: String.Index) -> String.Index {
        if index == endIndex { return index }
        var start = startIndex
        var position = startIndex
        while position < endIndex, position <= index {
            start = position
            position = self.index(after: position)
        }
        return start
    }
}
