/// UTF-8 text under construction, as bytes: appending a piece is a copy of its bytes,
/// which is several times cheaper than `String.append` for the many short pieces a
/// rendered line is made of. Turned into a `String` once, at the end.
struct TextBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    /// Bytes written so far.
    var count: Int { bytes.count }

    /// Swaps the bytes written so far with `other` (no copy): lets a renderer append to a
    /// caller's byte array in place.
    mutating func exchangeBytes(with other: inout [UInt8]) {
        swap(&bytes, &other)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: text.utf8) }
    }

    mutating func append(_ text: Substring) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: text.utf8) }
    }

    mutating func append(_ scalar: Unicode.Scalar) {
        bytes.append(contentsOf: UTF8.encode(scalar)!)
    }

    /// Appends the decimal digits of `number`.
    mutating func append(_ number: Int) {
        if number < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        var magnitude = number.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        let start = bytes.count
        while magnitude > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        }
        bytes[start...].reverse()
    }

    /// The text written so far.
    var string: String { String(decoding: bytes, as: UTF8.self) }
}
