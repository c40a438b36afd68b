/// Which bytes a rendering escapes, told a byte at a time and eight bytes at a time, for the one
/// scan that reads a string's bytes before copying it whole (`containsEscape(_:_:)`, in
/// TextBuffer.swift): ``JSONStringEscapes`` inside a JSON string, ``LiteralEscapes`` in a literal.
protocol ByteEscapes {
    /// Whether `byte` is escaped.
    static func escapes(_ byte: UInt8) -> Bool
    /// Whether any byte of `word` (eight bytes, loaded as they lie) may be escaped: no false
    /// negative; a false positive only sends the string to the byte-by-byte path, which gives the
    /// same text.
    static func mayEscape(word: UInt64) -> Bool
}
