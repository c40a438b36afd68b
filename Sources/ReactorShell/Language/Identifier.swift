/// Character rules for the names of the language.
public enum Identifier {
    /// Letters, digits and `_`, not starting with a digit (action names and argument labels).
    public static func isSwiftIdentifier(_ text: String) -> Bool {
        if let ascii = asciiCheck(text, allowDash: false) { return ascii }
        guard let first = text.unicodeScalars.first, !isDigit(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) || $0 == "_" }
    }

    /// Like an identifier, but `-` is also allowed (`github-search`).
    public static func isReactorName(_ text: String) -> Bool {
        if let ascii = asciiCheck(text, allowDash: true) { return ascii }
        guard let first = text.unicodeScalars.first, !isDigit(first), first != "-" else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) || $0 == "_" || $0 == "-" }
    }

    /// ``isSwiftIdentifier(_:)`` of the name `bytes[start..<end]` (valid UTF-8).
    static func isSwiftIdentifier(_ bytes: LineBytes, from start: Int, to end: Int) -> Bool {
        asciiCheck(bytes, from: start, to: end, allowDash: false)
            ?? isSwiftIdentifier(bytes.string(start..<end))
    }

    /// ``isReactorName(_:)`` of the name `bytes[start..<end]` (valid UTF-8).
    static func isReactorName(_ bytes: LineBytes, from start: Int, to end: Int) -> Bool {
        asciiCheck(bytes, from: start, to: end, allowDash: true)
            ?? isReactorName(bytes.string(start..<end))
    }

    /// The answer for an all-ASCII name, or nil when the text has other characters.
    private static func asciiCheck(_ text: String, allowDash: Bool) -> Bool? {
        withBytes(of: text) { asciiCheck($0, from: 0, to: $0.count, allowDash: allowDash) }
    }

    private static func asciiCheck(_ bytes: LineBytes, from start: Int, to end: Int, allowDash: Bool) -> Bool? {
        guard start < end else { return false }
        let first = bytes[start]
        if first >= 0x80 { return nil }
        if Byte.isDigit(first) || first == Byte.dash { return false }
        for index in start..<end {
            let byte = bytes[index]
            // A letter (either case), a digit or `_`; else `-` when allowed, or beyond ASCII.
            if Byte.isIdentifierByte(byte) { continue }
            if byte == Byte.dash && allowDash { continue }
            if byte >= 0x80 { return nil }
            return false
        }
        return true
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || (scalar.value >= 0x80 && scalar.properties.isAlphabetic)
    }
}
