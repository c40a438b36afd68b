/// An object key as ``JSONObjectWriter`` writes it: `,"name":`, the comma that separates it from
/// the field before and the colon included, so that writing a key is one copy (the writer leaves
/// the comma out before an object's first field). Made once where the caller declares its keys:
///
/// ```swift
/// extension JSONKey {
///     static var event: JSONKey { JSONKey(#","event":"#) }
/// }
/// ```
package struct JSONKey: Sendable {
    /// `,"name":`.
    @usableFromInline let text: StaticString

    /// The key written as `text`, which must be `,"name":` with a name that needs no escapes.
    /// Inlinable, so that a key is a constant where it is used.
    @inlinable
    package init(_ text: StaticString) {
        assert(Self.isWritten(text), "a JSON key is written ,\"name\": (got \(text))")
        self.text = text
    }

    /// Whether `text` is `,"name":` with a name of printable ASCII characters but `"` and `\`.
    @usableFromInline
    static func isWritten(_ text: StaticString) -> Bool {
        guard text.hasPointerRepresentation else { return false }
        return text.withUTF8Buffer { bytes in
            let count = bytes.count
            guard count >= 4, bytes[0] == UInt8(ascii: ","), bytes[1] == UInt8(ascii: "\""),
                bytes[count - 2] == UInt8(ascii: "\""), bytes[count - 1] == UInt8(ascii: ":")
            else { return false }
            return bytes[2..<(count - 2)].allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
        }
    }
}
