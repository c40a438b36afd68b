/// Decimal digits of unsigned integers, written two at a time from a table of the 100 pairs
/// `00`…`99` (half the divisions of writing them one by one), right to left into place: counted
/// here, written by `write(_:endingAt:)` in TextBuffer.swift, StateDiff's door to the bytes of text.
package enum DecimalDigits {
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
}
