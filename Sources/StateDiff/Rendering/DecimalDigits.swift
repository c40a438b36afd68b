/// Decimal digits of unsigned integers, written two at a time from a table of the 100 pairs
/// `00`…`99` (half the divisions of writing them one by one), right to left into place: counted
/// here, written by `write(_:endingAt:)` in TextBuffer.swift, StateDiff's door to the bytes of text.
package enum DecimalDigits {
    /// How many decimal digits `magnitude` has (1…20).
    @inline(__always)
    package static func count(_ magnitude: UInt) -> Int {
        // From the bit length, by a multiplication (1,233 / 4,096 is just below log10 2): the
        // count, or one less than it, which one comparison with a power of ten tells apart (zero
        // counted as one, its `0`).
        let nonZero = magnitude | 1
        let power = ((UInt.bitWidth &- nonZero.leadingZeroBitCount) &* 1_233) &>> 12
        return power &+ (nonZero >= powersOfTen[power] ? 1 : 0)
    }

    /// 1, 10, 100, … 10^19.
    private static let powersOfTen: [UInt] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
        1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]
}
