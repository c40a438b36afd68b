/// Decimal digits of unsigned integers, written two at a time from a table of the 100 pairs
/// `00`…`99` (half the divisions of writing them one by one), right to left into place.
package enum DecimalDigits {
    /// `00`, `01`, … `99`, two bytes each.
    private static let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// How many decimal digits `magnitude` has (1…20).
    @inline(__always)
    package static func count(_ magnitude: UInt) -> Int {
        // A search over the powers of ten: four or five comparisons, where counting up digit by
        // digit takes one a digit (nine for the nine-digit numbers of random scores).
        let m = magnitude
        if m < 100_000_000 {
            if m < 10_000 { return m < 100 ? (m < 10 ? 1 : 2) : (m < 1_000 ? 3 : 4) }
            return m < 1_000_000 ? (m < 100_000 ? 5 : 6) : (m < 10_000_000 ? 7 : 8)
        }
        if m < 10_000_000_000_000_000 {
            if m < 1_000_000_000_000 {
                return m < 10_000_000_000 ? (m < 1_000_000_000 ? 9 : 10) : (m < 100_000_000_000 ? 11 : 12)
            }
            return m < 100_000_000_000_000
                ? (m < 10_000_000_000_000 ? 13 : 14) : (m < 1_000_000_000_000_000 ? 15 : 16)
        }
        return m < 1_000_000_000_000_000_000
            ? (m < 100_000_000_000_000_000 ? 17 : 18) : (m < 10_000_000_000_000_000_000 ? 19 : 20)
    }

    /// Writes the ``count(_:)`` digits of `magnitude` so that the last one is just before `end`.
    @inline(__always)
    package static func write(_ magnitude: UInt, endingAt end: UnsafeMutablePointer<UInt8>) {
        let table = UnsafeRawPointer(pairs.utf8Start)
        var remaining = magnitude
        var position = end
        while remaining >= 100 {
            let pair = Int(remaining % 100)
            remaining /= 100
            position -= 2
            UnsafeMutableRawPointer(position).storeBytes(
                of: table.loadUnaligned(fromByteOffset: pair * 2, as: UInt16.self), as: UInt16.self)
        }
        if remaining >= 10 {
            position -= 2
            UnsafeMutableRawPointer(position).storeBytes(
                of: table.loadUnaligned(fromByteOffset: Int(remaining) * 2, as: UInt16.self), as: UInt16.self)
        } else {
            position -= 1
            position.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
        }
    }
}
