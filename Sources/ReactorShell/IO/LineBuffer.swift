/// Lines written to a descriptor through a fixed buffer, each followed by a newline: the one rule
/// by which the shell writes lines in blocks, used by ``OutputSink`` (its results, on the main
/// actor, with its capture and interceptors around it) and by ``LiveFeedWriter`` (the live
/// view's pipe: filled on the main actor, which hands a buffer over before a line that does not
/// fit, and written out on the writer's own queue).
///
/// The rule: a line and its newline go into the buffer when they fit in what is left of it;
/// otherwise the buffer is written out first. A line longer than the whole buffer is then written
/// directly, after what was buffered, and only its newline is buffered. A buffer that the last
/// line filled exactly waits for the next line or ``flush(willWrite:)``.
///
/// Appending is a bounds check and a copy (an `[UInt8]` would add a uniqueness check and its
/// generic `append(contentsOf:)` path). Everything the buffer holds lives in memory that never
/// moves (``FixedBytes``, ``FixedCell``), so the methods are nonmutating (an owner keeps the
/// buffer in a `let`, with no exclusivity check on each line) and a fatal signal's handler can
/// write out what is buffered (``SignalSafeOutput``, from ``counters``). Not thread-safe: one
/// owner uses it at a time. Freed only by ``deallocate()``, by that owner.
struct LineBuffer: Sendable {
    /// Where the buffer stands, in plain memory a signal handler reads.
    struct Counters {
        /// The bytes buffered.
        var count = 0
        /// How many of them a flush in progress has written already.
        var written = 0
    }

    /// The buffered bytes: the first ``count`` of them.
    let bytes: FixedBytes
    /// The buffered count and a flush's progress.
    let counters = FixedCell(Counters())
    /// Where the lines go.
    let descriptor: Int32

    /// How big a buffer is unless told: 64 KiB, what one write into a pipe or file takes.
    static let defaultCapacity = 64 * 1024

    /// A buffer of `capacity` bytes (``defaultCapacity`` unless told) for lines written to
    /// `descriptor`.
    init(descriptor: Int32, capacity: Int = defaultCapacity) {
        self.descriptor = descriptor
        bytes = FixedBytes(count: capacity)
    }

    /// Frees the memory (the buffer is not used afterwards; what it holds is not written).
    func deallocate() {
        bytes.deallocate()
        counters.deallocate()
    }

    /// How many bytes the buffer holds at most.
    var capacity: Int { bytes.count }

    /// How many bytes are buffered and not written yet.
    var count: Int { counters.value.count }

    /// Whether `line` and its newline fit in what is left of the buffer (appending them writes
    /// nothing out).
    func hasRoom(for line: Span<UInt8>) -> Bool {
        line.count < capacity - count
    }

    /// Appends `line` and a newline, by the rule above. `willWrite` is shown each run of bytes
    /// just before it goes to the descriptor (the buffer's bytes, or a line written directly).
    ///
    /// Returns the error of a failed write: what the buffer held is then dropped, and so is the
    /// line (the descriptor failed; the owner decides whether to go on).
    func appendLine(_ line: Span<UInt8>, willWrite: (Span<UInt8>) -> Void = { _ in }) -> POSIXError? {
        let count = self.count
        guard hasRoom(for: line) else { return writeOut(thenAppend: line, willWrite: willWrite) }
        bytes.copy(line, to: count)
        bytes[count + line.count] = UInt8(ascii: "\n")
        // Counted once the bytes are in place: a signal handler writes only whole lines' bytes.
        counters.value.count = count + line.count + 1
        return nil
    }

    /// Appends the line that `write` writes straight into what is left of the buffer (lent as a
    /// span, a byte kept for the newline) and a newline, and returns true; `write` returns how
    /// many bytes it wrote, or nil when the line did not fit: then the buffer is left as it was
    /// and false returned (the caller appends the line by ``appendLine(_:willWrite:)``).
    func appendLine(writing write: (inout MutableSpan<UInt8>) -> Int?) -> Bool {
        let count = self.count
        let room = Swift.max(capacity - count - 1, 0)
        guard let length = bytes.withMutableBytes(count..<(count + room), write) else { return false }
        bytes[count + length] = UInt8(ascii: "\n")
        // Counted once the bytes are in place, as in `appendLine(_:willWrite:)`.
        counters.value.count = count + length + 1
        return true
    }

    /// ``appendLine(_:willWrite:)`` when `line` and its newline do not fit: the buffer is written
    /// out, then `line` is buffered, or written directly when it is longer than the buffer.
    /// A function of its own so that the per-line path stays small: a first version with the
    /// write loop inlined into that path cost the live feed's writer thread about 35 instructions
    /// a line more (callgrind).
    private func writeOut(thenAppend line: Span<UInt8>, willWrite: (Span<UInt8>) -> Void) -> POSIXError? {
        if let failure = flush(willWrite: willWrite) { return failure }
        var buffered = 0
        if line.count < capacity {
            bytes.copy(line, to: 0)
            buffered = line.count
        } else {
            willWrite(line)
            if let failure = POSIXIO.writeAll(line, to: descriptor) { return failure }
        }
        bytes[buffered] = UInt8(ascii: "\n")
        counters.value.count = buffered + 1
        return nil
    }

    /// Writes the buffered bytes to the descriptor (waiting while it is full, a pipe's reader
    /// behind) and empties the buffer; `willWrite` is shown them first. Returns the error of a
    /// failed write (what was buffered is dropped all the same).
    @discardableResult
    func flush(willWrite: (Span<UInt8>) -> Void = { _ in }) -> POSIXError? {
        let count = self.count
        guard count > 0 else { return nil }
        bytes.withBytes(0..<count) { willWrite($0) }
        // Progress is kept in `written` as it is made, so that a signal handler arriving in the
        // middle writes only the rest (see `SignalSafeOutput.writePendingResults`).
        counters.value.written = 0
        let failure = bytes.write(0..<count, to: descriptor) { counters.value.written += $0 }
        counters.value.count = 0
        counters.value.written = 0
        return failure
    }
}
