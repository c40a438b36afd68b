// StateDiff's door to the bytes of text (the other door, ValueMemory.swift, holds the memory of
// values): every rendered line is written into a `TextBuffer`, and a string's UTF-8 is read where
// it lies, checked a word at a time and copied whole. Nothing outside this file makes, reads or
// writes a pointer to text; the renderers and writers call the safe methods below. Finished bytes
// leave only through `withBytes`, lent to a closure as a `Span<UInt8>` (the shell's printers
// write them out).
//
// Why: a capacity check and a short copy per piece instead of `String.append` (several times the
// cost for the many short pieces of a line); eight bytes a load instead of one for the checks every
// rendered key and string gets (escapes, identifiers); digits two at a time from a table; and a
// native string read in place instead of copied for the mutating `withUTF8`.
//
// Pinned by ByteScanTests (each word-at-a-time check against a byte-by-byte reading, on every
// length up to 40 and every byte value; what each checked append writes; digit counts at every
// power of ten), TextFormatTests, JSONTests, JSONObjectWriterTests and PathTests (rendered text
// against expected text, escapes included), and for the speed by the callgrind figures of
// docs/performance.md.

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
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// Bytes written so far.
    @usableFromInline package var count = 0
    /// Whether `base` was allocated by the buffer (and is freed with it).
    @usableFromInline var ownsMemory: Bool

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

    /// Runs `body` with a buffer that starts on the memory of `space` (the caller's, lent as a
    /// span), and returns how many bytes it wrote there; nil when they outgrew it (the buffer
    /// then moved to memory of its own, like any buffer, and what it wrote there is dropped).
    static func write(into space: inout MutableSpan<UInt8>, _ body: (inout TextBuffer) -> Void) -> Int? {
        space.withUnsafeMutableBufferPointer { memory in
            guard memory.baseAddress != nil else { return nil }
            var buffer = TextBuffer(scratch: memory)
            body(&buffer)
            return buffer.ownsMemory ? nil : buffer.count
        }
    }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    /// Moves the bytes to memory of at least `needed` bytes. Out of line: rarely taken, and
    /// inlined it would fill every append's code with the allocation, for the hot path to save
    /// and restore registers around (about 25 instructions a JSON key, docs/performance.md).
    @usableFromInline @inline(never)
    mutating func grow(to needed: Int) {
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
    mutating func append(bytes: UnsafePointer<UInt8>, count length: Int) {
        reserve(length)
        copyShortBytes(from: bytes, to: base + count, count: length)
        count += length
    }

    /// Appends `bytes`.
    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(bytes: $0.baseAddress ?? UnsafePointer(base), count: $0.count) }
    }

    /// Appends `text` (a literal: a JSON key) and then `bytes` (JSON text made before), with one
    /// check for room for both.
    mutating func append(_ text: StaticString, then bytes: [UInt8]) {
        guard text.hasPointerRepresentation else {
            append(text)
            return append(bytes)
        }
        let textCount = text.utf8CodeUnitCount
        bytes.withUnsafeBufferPointer { bytes in
            reserve(textCount + bytes.count)
            copyShortBytes(from: text.utf8Start, to: base + count, count: textCount)
            if let source = bytes.baseAddress { copyShortBytes(from: source, to: base + count + textCount, count: bytes.count) }
            count += textCount + bytes.count
        }
    }

    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends `bytes` (a run of a string's UTF-8 that needs no escape).
    mutating func append(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { append(bytes: $0.baseAddress ?? UnsafePointer(base), count: $0.count) }
    }

    /// Appends a copy of the bytes written at `range` (within ``count``).
    mutating func append(copyOf range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        reserve(range.count)
        copyShortBytes(from: base + range.lowerBound, to: base + count, count: range.count)
        count += range.count
    }

    /// Replaces the byte written at `index` (below ``count``) with `byte`.
    mutating func replaceByte(at index: Int, with byte: UInt8) {
        precondition(index >= 0 && index < count)
        base[index] = byte
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
        appendReserved(number)
    }

    /// Appends `text` (a literal: a JSON key) and then the decimal digits of `number`, with one
    /// check for room for both.
    mutating func append(_ text: StaticString, then number: Int) {
        guard text.hasPointerRepresentation else {
            append(text)
            return append(number)
        }
        let textCount = text.utf8CodeUnitCount
        reserve(textCount + 20)
        copyShortBytes(from: text.utf8Start, to: base + count, count: textCount)
        count += textCount
        appendReserved(number)
    }

    /// Appends the decimal digits of `number`, for which room (20 bytes) was reserved.
    private mutating func appendReserved(_ number: Int) {
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

    /// Appends `separator` (when there is one) and the UTF-8 of `text`, and returns true, when
    /// `text` is an ASCII letter or `_`, then ASCII letters, digits or `_`; otherwise appends
    /// nothing and returns false. Checked a word at a time and copied whole.
    @inline(__always)
    mutating func appendIfIdentifier(_ text: String, after separator: UInt8? = nil) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard isASCIIIdentifier(bytes), let source = bytes.baseAddress else { return false }
            // One check for room for the separator and the bytes.
            reserve(bytes.count + 1)
            if let separator { appendReserved(separator) }
            copyShortBytes(from: source, to: base + count, count: bytes.count)
            count += bytes.count
            return true
        } ?? false
    }

    /// Appends the UTF-8 of `text` (between double quotes when `quoted`), and returns true, when
    /// no byte of it may be escaped by `escapes` (JSON's, a literal's); otherwise appends nothing
    /// and returns false. Checked a word at a time and copied whole.
    @inline(__always)
    mutating func appendIfNoEscape<Escapes: ByteEscapes>(_ text: String, _ escapes: Escapes.Type, quoted: Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            if containsEscape(bytes, escapes) { return false }
            reserve(bytes.count + 2)
            if quoted { appendReserved(UInt8(ascii: "\"")) }
            if let source = bytes.baseAddress { copyShortBytes(from: source, to: base + count, count: bytes.count) }
            count += bytes.count
            if quoted { appendReserved(UInt8(ascii: "\"")) }
            return true
        } ?? false
    }

    /// Appends `byte`, for which room was reserved.
    @inline(__always)
    private mutating func appendReserved(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// Lends the bytes written so far to `body`, as a span: the one way finished bytes leave.
    @inline(__always)
    func withBytes(_ body: (Span<UInt8>) -> Void) {
        let bytes = UnsafeBufferPointer(start: base, count: count)
        body(bytes.span)
    }

    /// Appends the bytes written so far to `bytes`.
    func appendBytes(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    /// The text written so far.
    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }
}

extension String {
    /// The text of `bytes`, UTF-8 (invalid sequences repaired as `String(decoding:as:)` does):
    /// for the bytes a ``TextBuffer`` lends, and the shell's, which are lent as spans too.
    package init(decodingUTF8 bytes: Span<UInt8>) {
        self = bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }
}

/// Copies `length` bytes; up to 16 with at most two overlapping loads and stores of a word (or
/// half a word), the first and the last of the range, up to 32 with four, up to 64 with four of
/// 16 bytes. The pieces of a rendered line or of a label
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
    } else if UInt(bitPattern: length &- 17) <= 15 {
        // 17 to 32 bytes (a JSON key with the constant fields before it): the first and last 16,
        // overlapping, as two words each.
        let head0 = from.loadUnaligned(as: UInt64.self)
        let head1 = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let tail0 = from.loadUnaligned(fromByteOffset: length - 16, as: UInt64.self)
        let tail1 = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
        to.storeBytes(of: head0, as: UInt64.self)
        to.storeBytes(of: head1, toByteOffset: 8, as: UInt64.self)
        to.storeBytes(of: tail0, toByteOffset: length - 16, as: UInt64.self)
        to.storeBytes(of: tail1, toByteOffset: length - 8, as: UInt64.self)
    } else if UInt(bitPattern: length &- 33) <= 31 {
        // 33 to 64 bytes (a long label, a key that opens an object): the first and last 32,
        // overlapping, as two 16-byte vectors each.
        let head0 = from.loadUnaligned(as: SIMD16<UInt8>.self)
        let head1 = from.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
        let tail0 = from.loadUnaligned(fromByteOffset: length - 32, as: SIMD16<UInt8>.self)
        let tail1 = from.loadUnaligned(fromByteOffset: length - 16, as: SIMD16<UInt8>.self)
        to.storeBytes(of: head0, as: SIMD16<UInt8>.self)
        to.storeBytes(of: head1, toByteOffset: 16, as: SIMD16<UInt8>.self)
        to.storeBytes(of: tail0, toByteOffset: length - 32, as: SIMD16<UInt8>.self)
        to.storeBytes(of: tail1, toByteOffset: length - 16, as: SIMD16<UInt8>.self)
    } else {
        destination.update(from: source, count: length)
    }
}

// MARK: Reading a string's bytes
//
// The checked appends above read a string's UTF-8 where it lies (`withContiguousStorageIfAvailable`:
// a native or small string, which is every string on Linux): `String.withUTF8` is mutating and
// would need a copy of the string first. A string whose bytes are not contiguous gets `false`
// (the caller's escaping path, which gives the same text).

/// Whether any of `bytes` is escaped by `escapes` (``ByteEscapes``: JSON's, a literal's), read
/// eight at a time; the last word overlaps the one before it rather than going byte by byte
/// (from four bytes on: four to seven are read as two overlapping halves of a word).
/// Always inlined, and with it the word test of the rule, into the checked append.
@inline(__always)
func containsEscape<Escapes: ByteEscapes>(_ bytes: UnsafeBufferPointer<UInt8>, _ escapes: Escapes.Type) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let count = bytes.count, raw = UnsafeRawPointer(base)
    if count < 8 {
        guard count >= 4 else {
            for byte in bytes where Escapes.escapes(byte) { return true }
            return false
        }
        // Four to seven bytes (a field's name): the first four and the last four as one word.
        let head = UInt64(raw.loadUnaligned(as: UInt32.self))
        let tail = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        return Escapes.mayEscape(word: head | tail &<< 32)
    }
    if count <= 16 {
        // Eight to sixteen bytes (a label): the first eight and the last eight, without the loop.
        return Escapes.mayEscape(word: raw.loadUnaligned(as: UInt64.self))
            || Escapes.mayEscape(word: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }
    var offset = 0
    while offset + 8 <= count {
        if Escapes.mayEscape(word: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
        offset += 8
    }
    return offset < count && Escapes.mayEscape(word: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
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

// MARK: Decimal digits

extension DecimalDigits {
    /// `00`, `01`, … `99`, two bytes each.
    private static let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Writes the ``count(_:)`` digits of `magnitude` so that the last one is just before `end`:
    /// four at a time (one division by 10,000, the two pairs of the four told apart by a
    /// multiplication), then the one to four left.
    @inline(__always)
    package static func write(_ magnitude: UInt, endingAt end: UnsafeMutablePointer<UInt8>) {
        var remaining = magnitude
        var position = end
        while remaining >= 10_000 {
            let four = Int(truncatingIfNeeded: remaining % 10_000)
            remaining /= 10_000
            let high = hundreds(four)
            position -= 4
            writePair(four &- high &* 100, at: position + 2)
            writePair(high, at: position)
        }
        var last = Int(truncatingIfNeeded: remaining)
        if last >= 100 {
            let high = hundreds(last)
            position -= 2
            writePair(last &- high &* 100, at: position)
            last = high
        }
        if last >= 10 {
            writePair(last, at: position - 2)
        } else {
            position[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: last)
        }
    }

    /// `value / 100` for `value` below 10,000, by a multiplication and a shift (exact up to 43,698).
    private static func hundreds(_ value: Int) -> Int {
        (value &* 5243) &>> 19
    }

    /// Writes the two digits of `pair` (0…99) at `position`.
    private static func writePair(_ pair: Int, at position: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(position).storeBytes(
            of: UnsafeRawPointer(pairs.utf8Start).loadUnaligned(fromByteOffset: pair &* 2, as: UInt16.self), as: UInt16.self)
    }
}
