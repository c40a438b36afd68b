import StateDiff

extension MutationLabel {
    /// Builds a label from ASCII pieces and integers written straight into the new string's storage,
    /// for a ``CustomMutationLabel`` that must be cheap when every label differs (for example
    /// `setScore(home: 3, away: 1)` with random scores): no interpolation and no intermediate strings.
    ///
    /// `capacity` must be at least the number of bytes `body` writes; a piece that would not fit is
    /// cut off, so an underestimate shortens the label instead of overflowing.
    @inlinable
    public static func build(capacity: Int, _ body: (inout MutationLabelBytes) -> Void) -> String {
        String(unsafeUninitializedCapacity: max(capacity, 0)) { buffer in
            var bytes = MutationLabelBytes(buffer: buffer)
            body(&bytes)
            return bytes.written
        }
    }
}

/// The bytes of a label being built by ``MutationLabel/build(capacity:_:)``.
@frozen
public struct MutationLabelBytes {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written so far.
    @usableFromInline var written = 0
    /// Bytes written so far.
    public var count: Int { written }

    @inlinable
    init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// Appends literal text (the caller's literals are ASCII, such as `"setScore(home: "`).
    /// Always inlined: a label is a few short pieces, for which the call costs as much as the copy.
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        let length = min(text.utf8CodeUnitCount, buffer.count - written)
        guard length > 0, let target = buffer.baseAddress else { return }
        // Literals of up to 16 bytes (most of them) without a call to `memcpy`.
        copyShortBytes(from: text.utf8Start, to: target + written, count: length)
        written += length
    }

    /// Appends `number` in decimal, with a leading `-` when negative.
    @inlinable @inline(__always)
    public mutating func append(_ number: Int) {
        written = Self.appendDecimal(number, to: buffer, at: written)
    }

    /// Writes `number` in decimal into `buffer` from `offset` (cut off where the buffer ends);
    /// returns the new end. Two digits at a time (``DecimalDigits``), straight into place when
    /// there is room for the longest number.
    @usableFromInline
    static func appendDecimal(_ number: Int, to buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        guard let base = buffer.baseAddress, offset < buffer.count else { return offset }
        let magnitude = number.magnitude
        let length = (number < 0 ? 1 : 0) + DecimalDigits.count(magnitude)
        if buffer.count - offset >= length {
            if number < 0 { base[offset] = UInt8(ascii: "-") }
            DecimalDigits.write(magnitude, endingAt: base + offset + length)
            return offset + length
        }
        // Too little room (a capacity the caller underestimated): the number's first bytes.
        let kept = buffer.count - offset
        for (index, byte) in String(number).utf8.prefix(kept).enumerated() { buffer[offset + index] = byte }
        return offset + kept
    }
}
