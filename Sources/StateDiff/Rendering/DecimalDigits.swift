/// Decimal digits of unsigned integers, written two at a time from a table of the 100 pairs
/// `00`…`99` (half the divisions of writing them one by one), right to left into place.
package enum DecimalDigits {
    /// `00`, `01`, … `99`, two bytes each.
    private static let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// How many decimal digits `magnitude` has (1…20).
    @inline(__always)
    package static func count(_ magnitude: UInt) -> Int {
        var digits = 1
        var threshold: UInt = 10
        while digits < 20 && magnitude >= threshold {
            digits += 1
            threshold &*= 10
        }
        return digits
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
