// StateDiff's second door to pointer code (the first is ``TextBuffer``): reading a string's
// UTF-8 where it lies, and the checks that read those bytes a word at a time.
//
// Why: every rendered key and string is checked for escapes (JSON, literals) or for being an
// identifier before it is copied whole; eight bytes a load instead of one make those checks a
// small part of a line, and reading a native string in place saves copying it for the
// mutating `withUTF8`. Pinned by ByteScanTests (each word-at-a-time check against a
// byte-by-byte reading, on every length up to 40 and every byte value) and by the text and JSON
// rendering tests (TextFormatTests, JSONTests, PathTests).

/// Calls `body` with the UTF-8 of `text`, read where it lies when it can be (a native or small
/// string): `String.withUTF8` is mutating, so it would need a copy of the string first.
func withUTF8InPlace(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable(body)
    if done != nil { return }
    var text = text
    text.withUTF8(body)
}

/// Whether any of `bytes` must be escaped inside a JSON string (``needsJSONEscape(_:)``), read
/// eight at a time; the last word overlaps the one before it rather than going byte by byte.
func containsJSONEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let count = bytes.count
    guard count >= 8 else {
        for byte in bytes where needsJSONEscape(byte) { return true }
        return false
    }
    let raw = UnsafeRawPointer(base)
    var offset = 0
    while offset + 8 <= count {
        if wordNeedsJSONEscape(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
        offset += 8
    }
    return offset < count && wordNeedsJSONEscape(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
}

/// Whether any of `bytes` is escaped in a literal (``needsEscape(_:)``), read eight at a time;
/// the last word overlaps the one before it rather than going byte by byte.
@inline(__always)
func containsLiteralEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let count = bytes.count
    guard count >= 8 else {
        for byte in bytes where needsEscape(byte) { return true }
        return false
    }
    let raw = UnsafeRawPointer(base)
    var offset = 0
    while offset + 8 <= count {
        if wordNeedsLiteralEscape(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
        offset += 8
    }
    return offset < count && wordNeedsLiteralEscape(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
}

/// True when `bytes` are an ASCII letter or `_`, then ASCII letters, digits or `_`. From four
/// bytes on, read a word at a time (``isIdentifierWord(_:)``), the last word overlapping the one
/// before it (checking a byte twice changes nothing).
@inline(__always)
func isASCIIIdentifier(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, isASCIILetter(first) else { return false }
    let base = UnsafeRawPointer(bytes.baseAddress!), count = bytes.count
    if count >= 8 {
        var offset = 0
        while offset + 8 <= count {
            guard isIdentifierWord(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) else { return false }
            offset += 8
        }
        return offset == count || isIdentifierWord(base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }
    if count >= 4 {
        let head = UInt64(base.loadUnaligned(as: UInt32.self))
        let tail = UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        return isIdentifierWord(head | tail << 32)
    }
    for byte in bytes.dropFirst() where !isASCIIIdentifierByte(byte) { return false }
    return true
}

/// True when two values have the same bytes, which implies they are equal (the converse
/// does not hold: equal strings may live in different storage). Compared a word at a time.
func identicalBits(_ lhs: borrowing StateValue, _ rhs: borrowing StateValue) -> Bool {
    withUnsafeBytes(of: lhs) { left in
        withUnsafeBytes(of: rhs) { right in
            var offset = 0
            while offset + 8 <= left.count {
                if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
                offset += 8
            }
            while offset < left.count {
                if left[offset] != right[offset] { return false }
                offset += 1
            }
            return true
        }
    }
}
