// ReactorShell's second door to pointer code (the first, POSIXIO.swift, is libc's): the memory
// the shell manages itself. Byte buffers (`ByteStorage`, `FixedBytes`), the mutation labeler's
// table and labels built in place, the fields exempt from exclusivity checks (`ExemptFields`).
// Nothing else in the module allocates, frees or reads memory through a pointer.
//
// Why: the reader hands out a script line's bytes and the output sink copies each printed line
// without making a `String` or an array of them (a batch run does that about a million times a
// second, docs/performance.md), and a fatal signal's handler may read only memory that never
// moves, through plain loads, with no reference counting or lock (SPEC §6: what was printed
// reaches stdout and the crash names the script line). The mutation labeler's cache, asked for
// every action and mutation, is a table read in place (`FixedArray`) and knows a value without
// references by its bits (`bitPattern(of:)`); a type's own label can be written straight into a
// new string's storage (`MutationLabel.build`, for labels that differ on every line). And the
// module's one exemption from dynamic exclusivity checks (`ExemptFields`): fields changed in place
// on every line, inherited by the recorder (record, timeline, state), the reporter (baselines,
// changes) and the live feed (its batch), held by the journal (pending events) and the handle's
// and history's closures (reduced states, time-travel slots, spare fields). The optimizer cannot
// prove these accesses safe (an array grows in place, or a closure or protocol call runs while
// one is under way and might reach the owner again), so each would call `swift_beginAccess`
// (about 60 instructions). They never overlap: main-actor state, never passed `inout` to such
// code, the journal drained only after `send` returns. Checked, the recorder's three alone cost
// the mix 665 instructions a line (7,672 against 7,007), all of them 9,683 against about 6,500;
// behind this door the ten cost mix +74, counter +302 against markers in place
// (docs/performance.md).
//
// Pinned by LineReaderTests, LineReaderSplittingTests (pipes cut in chunks of every size, byte
// order marks, NUL, invalid UTF-8, long lines), LineLengthLimitTests, WriteLoopTests,
// CrashReportTests (a trapping reactor: pending output, the `at FILE:LINE` report), the transcript
// tests of SessionRecordExportTests (output capture), PauseKeysTests (the terminal mode a signal
// restores), MutationLabelerCacheTests, OwnLabelTests (labels found again by type and bits, both
// ways of a pair, values with references kept alive; labels built in place, cut at capacity),
// ScoreboardTests (`setScore` labels); the exempt fields by JournalReaderTests, SavedOverlapTests
// (events drained while effects append, overlapping lines), ShellSessionTests (diffs, watches),
// SessionRecordHistoryTests, TimelineTests, TimelineMemoryTests, LiveHistoryTests (steps, time
// travel, states kept) and LiveFeedWriterTests (the feed's buffers).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StateDiff

/// Bytes in memory of their own, allocated and freed by the object: for byte buffers whose bytes
/// are read in place between calls (``LineReader``), or appended to without `Array`'s generic
/// `append(contentsOf:)` (``SessionInput``, ``OutputCapture``). The owner keeps the count.
final class ByteStorage {
    // Exempt from dynamic exclusivity checks (read on every line): never passed `inout`.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity = 0

    init() {
        base = UnsafeMutablePointer.allocate(capacity: 0)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `needed` bytes, the first `count` kept.
    @inline(__always)
    func reserve(_ needed: Int, keeping count: Int) {
        if needed > capacity { grow(to: needed, keeping: count) }
    }

    private func grow(to needed: Int, keeping count: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Copies `bytes` to offset `count`, growing the storage as needed.
    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>, at count: Int) {
        reserve(count + bytes.count, keeping: count)
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
    }

    /// Copies `bytes` to offset `count`, growing the storage as needed.
    func append(_ bytes: Span<UInt8>, at count: Int) {
        bytes.withUnsafeBufferPointer { append($0, at: count) }
    }

    /// Copies `bytes` to offset `count`, growing the storage as needed.
    func append(_ bytes: [UInt8], at count: Int) {
        bytes.withUnsafeBufferPointer { append($0, at: count) }
    }

    /// Copies `bytes` to offset `count`, growing the storage as needed.
    func append(_ bytes: LineBytes, at count: Int) {
        append(bytes.buffer, at: count)
    }

    /// The byte at `index` (below what the owner counts).
    subscript(index: Int) -> UInt8 {
        base[index]
    }

    /// The eight bytes from `index` as one little-endian word (`index + 8` at most what the owner counts).
    func word(at index: Int) -> UInt64 {
        UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
    }

    /// The index of the first `byte` in `range`, if any (`memchr`).
    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Moves the bytes of `range` to offset `offset` (the ranges may overlap).
    func moveBytes(_ range: Range<Int>, to offset: Int) {
        memmove(base + offset, base + range.lowerBound, range.count)
    }

    /// Reads at most `count` bytes of `descriptor` into offset `offset`, growing the storage as needed.
    func read(_ descriptor: Int32, at offset: Int, count: Int) -> POSIXIO.ReadResult {
        reserve(offset + count, keeping: offset)
        return POSIXIO.readChunk(descriptor, into: UnsafeMutableRawBufferPointer(start: base + offset, count: count))
    }

    /// The bytes of `range`, valid until the storage is next changed.
    func bytes(_ range: Range<Int>) -> LineBytes {
        LineBytes(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// The bytes of `range` as UTF-8 text.
    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes(range).buffer, as: UTF8.self)
    }
}

/// A value in memory of its own that never moves: read and written in place with plain loads and
/// stores, so a signal handler may read it (no reference counting, no lock, no allocation). For
/// what a fatal signal's handler needs: ``SignalSafeOutput``'s record, a ``LineBuffer``'s
/// counters, ``PausedTerminal``'s mode. Freed only by ``deallocate()``, by its one owner.
struct FixedCell<Value: BitwiseCopyable>: Equatable, @unchecked Sendable {
    // @unchecked Sendable: the cells kept in statics are written on the main actor and read by
    // a signal handler, which is what they are for.
    private let address: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        address = .allocate(capacity: 1)
        address.initialize(to: value)
    }

    /// The value, read and written in place.
    var value: Value {
        unsafeAddress { UnsafePointer(address) }
        nonmutating unsafeMutableAddress { address }
    }

    /// Frees the memory (the cell is not used afterwards).
    func deallocate() {
        address.deallocate()
    }
}

/// Elements in memory of their own, allocated once at a fixed count and read and written in
/// place: no copy-on-write check, and no exclusivity check such as an array in a class's `var`
/// gets on every access. For ``MutationLabeler``'s cache, looked up for every action and mutation
/// (inlined into the reactor's module with it). Indices are the owner's to keep in range (its
/// hash is masked to the count). Freed only by ``deallocate()``, by its one owner.
@usableFromInline
struct FixedArray<Element> {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let count: Int

    /// `count` copies of `element`.
    @usableFromInline
    init(repeating element: Element, count: Int) {
        base = .allocate(capacity: count)
        base.initialize(repeating: element, count: count)
        self.count = count
    }

    /// Ends the elements' lives and frees the memory (the array is not used afterwards).
    @usableFromInline
    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The element at `index`, read and written in place.
    @inlinable
    subscript(index: Int) -> Element {
        unsafeAddress { UnsafePointer(base + index) }
        nonmutating unsafeMutableAddress { base + index }
    }

    /// Exchanges the elements at `first` and `second`.
    @inlinable
    func swapAt(_ first: Int, _ second: Int) {
        swap(&base[first], &base[second])
    }
}

/// The bits of `value`, which is at most 32 bytes (the caller checks), zero-padded to four words:
/// how ``MutationLabeler`` tells a value without references by its bits alone.
@inlinable
func bitPattern<Value>(of value: Value) -> (UInt64, UInt64, UInt64, UInt64) {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    withUnsafeBytes(of: value) { source in
        withUnsafeMutableBytes(of: &words) { target in target.copyMemory(from: source) }
    }
    return words
}

/// Bytes in memory of their own that never move, like ``FixedCell``: a ``LineBuffer``'s
/// lines (an ``OutputSink``'s pending results), the script name ``SignalSafeOutput`` reports. Freed only by
/// ``deallocate()``, by its one owner.
struct FixedBytes: Equatable, @unchecked Sendable {
    // @unchecked Sendable: as ``FixedCell``.
    private let base: UnsafeMutablePointer<UInt8>
    /// How many bytes there are.
    let count: Int

    /// `count` bytes, not set (a trivial type's memory: each is written before it is read; zeroing
    /// a live feed's 64 KiB buffer cost about 65,000 instructions).
    init(count: Int) {
        base = .allocate(capacity: count)
        self.count = count
    }

    /// Frees the memory (the bytes are not used afterwards).
    func deallocate() {
        base.deallocate()
    }

    /// The byte at `index`.
    subscript(index: Int) -> UInt8 {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// Copies `bytes` to `offset` (the caller makes sure they fit).
    func copy(_ bytes: Span<UInt8>, to offset: Int) {
        bytes.withUnsafeBufferPointer { bytes in
            if let source = bytes.baseAddress { (base + offset).update(from: source, count: bytes.count) }
        }
    }

    /// Lends the bytes of `range` to `body` to write (the caller makes sure they are within the bytes).
    func withMutableBytes<Result>(_ range: Range<Int>, _ body: (inout MutableSpan<UInt8>) -> Result) -> Result {
        var bytes = UnsafeMutableBufferPointer(start: base + range.lowerBound, count: range.count).mutableSpan
        return body(&bytes)
    }

    /// Lends the bytes of `range` to `body`.
    func withBytes<Result>(_ range: Range<Int>, _ body: (Span<UInt8>) -> Result) -> Result {
        let bytes = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
        return body(bytes.span)
    }

    /// Writes the bytes of `range` to `descriptor` with the one write loop (async-signal-safe);
    /// `progress` is told the bytes each write took.
    @discardableResult
    func write(_ range: Range<Int>, to descriptor: Int32, progress: (Int) -> Void = { _ in }) -> POSIXError? {
        POSIXIO.writeAll(UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count), to: descriptor, progress: progress)
    }
}

/// Fields read and changed in place with no dynamic exclusivity check: outside ``ByteStorage``, the
/// module's one `@exclusivity(unchecked)` stored property, for the fields changed on every line
/// whose accesses never overlap but which the optimizer cannot prove so (see the door's comment
/// above). A class that owns such fields inherits them from here (read at a fixed offset, as its
/// own, no object in between); a closure's shared state is held in one (`ExemptFields(value)`).
/// The owner never passes them `inout` to code that could reach the owner again.
@usableFromInline
class ExemptFields<Fields> {
    /// The fields, in place.
    @usableFromInline @exclusivity(unchecked) final var fields: Fields

    /// An object holding `fields`.
    @inlinable
    init(_ fields: Fields) {
        self.fields = fields
    }
}

/// The UTF-8 bytes of one line of the language, read where they lie: as ``LineReader`` hands a
/// line out (valid until the reader is next called) or as a `String` lends its bytes
/// (``withBytes(of:_:)``). The session's code (the parser, the binder, the recorder) reads a line
/// through this view, never through a pointer; it is never kept: what must outlive the line is
/// copied (`String(decoding:as:)`, ``ByteStorage/append(_:at:)-(LineBytes,_)``).
struct LineBytes: RandomAccessCollection {
    /// The bytes; seen only in this file.
    fileprivate let buffer: UnsafeBufferPointer<UInt8>

    fileprivate init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    var startIndex: Int { 0 }
    var endIndex: Int { buffer.count }
    var count: Int { buffer.count }

    /// The byte at `index` (checked in debug builds, as an array's would be in all).
    subscript(index: Int) -> UInt8 {
        buffer[index]
    }

    /// Lends the bytes to the standard library's algorithms (`String(decoding:as:)`, `elementsEqual`).
    func withContiguousStorageIfAvailable<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        try body(buffer)
    }

    /// The eight bytes from `index` as one little-endian word (`index + 8` at most ``count``).
    func word(at index: Int) -> UInt64 {
        UnsafeRawPointer(buffer.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt64.self)
    }

    /// The bytes of `range` as text (they are UTF-8).
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }

    /// Whether the bytes are valid UTF-8.
    var isValidUTF8: Bool {
        String(validating: buffer, as: UTF8.self) != nil
    }
}

/// `body` applied to the UTF-8 bytes of `line`, passing on its typed error (`withUTF8` would not).
func withBytes<Value, Failure: Error>(
    of line: String, _ body: (LineBytes) throws(Failure) -> Value
) throws(Failure) -> Value {
    var line = line
    return try line.withUTF8 { bytes in Result { () throws(Failure) -> Value in try body(LineBytes(bytes)) } }.get()
}

/// `body` applied to `bytes` (UTF-8 or not).
func withBytes<Value>(of bytes: [UInt8], _ body: (LineBytes) -> Value) -> Value {
    bytes.withUnsafeBufferPointer { body(LineBytes($0)) }
}

// MARK: Labels built in place

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
