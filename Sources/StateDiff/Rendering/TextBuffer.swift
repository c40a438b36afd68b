// StateDiff's first door to pointer code (the second is ByteScan.swift): the bytes every rendered
// line is written into. Why: a capacity check and a short copy per piece instead of
// `String.append` (several times the cost for the many short pieces of a line). Pinned by
// TextFormatTests, JSONTests and JSONObjectWriterTests (rendered text against expected text),
// and for the speed by the callgrind figures of docs/performance.md.

/// UTF-8 text under construction, as bytes in memory of its own: appending a piece is a
/// capacity check and a copy, several times cheaper than `String.append` or
/// `Array.append(contentsOf:)` for the many short pieces a rendered line is made of.
/// Turned into a `String` (or appended to a byte array) once, at the end.
///
/// A buffer starts either on scratch memory lent by `withScratch` (on the stack, nothing
/// to allocate) or on memory of its own; it moves to the heap when it outgrows it.
package struct TextBuffer: ~Copyable {
    // Visible to inlined code: the appends below are inlined into the printers of the shell
    // module, which write every mutation block's header through them.
    @usableFromInline package var base: UnsafeMutablePointer<UInt8>
    @usableFromInline package var capacity: Int
    /// Bytes written so far.
    @usableFromInline package var count = 0
    /// Whether `base` was allocated by the buffer (and is freed with it).
    @usableFromInline package var ownsMemory: Bool

    /// A buffer with room for `capacity` bytes on the heap.
    init(capacity: Int = 64) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        ownsMemory = true
    }

    private init(scratch: UnsafeMutableBufferPointer<UInt8>) {
        base = scratch.baseAddress!
        capacity = scratch.count
        ownsMemory = false
    }

    deinit {
        if ownsMemory { base.deallocate() }
    }

    /// Runs `body` with a buffer that starts on a stack scratch area.
    @inline(__always)
    static func withScratch<Result>(_ body: (inout TextBuffer) throws -> Result) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { scratch in
            var buffer = TextBuffer(scratch: scratch)
            return try body(&buffer)
        }
    }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    package mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    /// Moves the bytes to memory of at least `needed` bytes. Out of line: rarely taken, and
    /// inlined it would fill every append's code with the allocation, for the hot path to save
    /// and restore registers around (about 25 instructions a JSON key, docs/performance.md).
    @usableFromInline @inline(never)
    package mutating func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        larger.initialize(from: base, count: count)
        if ownsMemory { base.deallocate() }
        base = larger
        capacity = newCapacity
        ownsMemory = true
    }

    /// Appends `length` bytes from `bytes`.
    @inlinable @inline(__always)
    package mutating func append(bytes: UnsafePointer<UInt8>, count length: Int) {
        reserve(length)
        copyShortBytes(from: bytes, to: base + count, count: length)
        count += length
    }

    /// Appends `bytes`.
    @inlinable
    package mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        append(bytes: source, count: bytes.count)
    }

    /// Appends `bytes`.
    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Appends `bytes`, for which room was reserved.
    @inlinable @inline(__always)
    package mutating func appendReserved(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        copyShortBytes(from: source, to: base + count, count: bytes.count)
        count += bytes.count
    }

    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends `byte` `times` times.
    @inline(__always)
    mutating func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        if times <= 8 {
            // One unaligned 8-byte store (of which `times` bytes count).
            reserve(8)
            UnsafeMutableRawPointer(base + count).storeBytes(
                of: UInt64(byte) &* 0x0101_0101_0101_0101, toByteOffset: 0, as: UInt64.self)
            count += times
            return
        }
        reserve(times)
        if times <= 16 {
            for offset in 0..<times { base[count + offset] = byte }
        } else {
            (base + count).update(repeating: byte, count: times)
        }
        count += times
    }

    @inlinable @inline(__always)
    package mutating func append(_ text: StaticString) {
        if text.hasPointerRepresentation {
            append(bytes: text.utf8Start, count: text.utf8CodeUnitCount)
        } else {
            append(text.unicodeScalar)
        }
    }

    /// Disfavoured so that a literal argument is a `StaticString`, whose bytes are copied
    /// directly (a `String` is read through `withUTF8`, which copies a small string first).
    @_disfavoredOverload
    @inlinable @inline(__always)
    package mutating func append(_ text: String) {
        // Read in place when it can be (a native or small string): `withUTF8` is mutating, so it
        // would need a copy of the string (a retain and a release).
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable {
            append(bytes: $0.baseAddress ?? UnsafePointer(base), count: $0.count)
        }
        if appended != nil { return }
        var text = text
        text.withUTF8 { append(bytes: $0.baseAddress ?? UnsafePointer(base), count: $0.count) }
    }

    @_disfavoredOverload
    mutating func append(_ text: Substring) {
        var text = text
        text.withUTF8 { append(bytes: $0.baseAddress ?? UnsafePointer(base), count: $0.count) }
    }

    @_disfavoredOverload @usableFromInline
    package mutating func append(_ scalar: Unicode.Scalar) {
        for byte in UTF8.encode(scalar)! { append(byte) }
    }

    /// Appends the decimal digits of `number`.
    mutating func append(_ number: Int) {
        reserve(20)
        if number < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        let magnitude = number.magnitude
        if magnitude < 10 {
            base[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
            count += 1
            return
        }
        count += DecimalDigits.count(magnitude)
        DecimalDigits.write(magnitude, endingAt: base + count)
    }

    /// Calls `body` with the bytes written so far.
    @inline(__always)
    func withBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Appends the bytes written so far to `bytes`.
    func appendBytes(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    /// The text written so far.
    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }
}

/// Copies `length` bytes; up to 16 with at most two overlapping loads and stores of a word (or
/// half a word), the first and the last of the range. The pieces of a rendered line or of a label
/// are mostly that short, and for them a call to `memcpy` costs more than the copy; the usual 8 to
/// 16 bytes are told apart with one comparison.
@inlinable @inline(__always)
package func copyShortBytes(from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, count length: Int) {
    let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(destination)
    if UInt(bitPattern: length &- 8) <= 8 {
        let head = from.loadUnaligned(as: UInt64.self)
        let tail = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
        to.storeBytes(of: head, as: UInt64.self)
        to.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
    } else if length < 4 {
        for offset in 0..<length { destination[offset] = source[offset] }
    } else if length < 8 {
        let head = from.loadUnaligned(as: UInt32.self)
        let tail = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
        to.storeBytes(of: head, as: UInt32.self)
        to.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
    } else {
        destination.update(from: source, count: length)
    }
}

/// The text `write` appends to an empty buffer: how every public text rendering (`jsonText`,
/// `literal(maxLength:)`) turns its buffer writer into a `String`.
@inline(__always)
func renderedText(_ write: (inout TextBuffer) -> Void) -> String {
    TextBuffer.withScratch { buffer in
        write(&buffer)
        return buffer.string
    }
}
