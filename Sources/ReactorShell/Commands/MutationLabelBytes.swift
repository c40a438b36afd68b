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
    @inlinable
    public mutating func append(_ text: StaticString) {
        let length = min(text.utf8CodeUnitCount, buffer.count - written)
        guard length > 0, let target = buffer.baseAddress else { return }
        (target + written).initialize(from: text.utf8Start, count: length)
        written += length
    }

    /// Appends `number` in decimal, with a leading `-` when negative.
    @inlinable
    public mutating func append(_ number: Int) {
        // 20 digits hold UInt64.max; the sign is written first.
        if number < 0 { append("-") }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let appended = withUnsafeMutableBytes(of: &digits) { scratch -> Int in
            var end = scratch.count
            repeat {
                end -= 1
                scratch[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            let length = min(scratch.count - end, buffer.count - self.written)
            if length > 0, let target = buffer.baseAddress {
                UnsafeMutableRawPointer(target + written).copyMemory(
                    from: scratch.baseAddress! + end, byteCount: length)
            }
            return max(length, 0)
        }
        written += appended
    }
}
