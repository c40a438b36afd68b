import StateDiff

/// What a signal handler may need when the process is about to die: the results an ``OutputSink``
/// has buffered but not written, and the script line being run. Kept in memory that never moves
/// (``FixedCell``, ``FixedBytes``), so a handler reads it with loads and writes it out with the
/// one write loop (``POSIXIO/writeAll(_:to:progress:)``, write(2) alone) — no locks, no
/// allocation, no Swift runtime calls (SPEC §6: what was printed reaches stdout, and a crash
/// names the script line).
///
/// One sink (the program's) registers its buffer; the session updates the line as it runs.
enum SignalSafeOutput {
    /// What the handler reads, in one place.
    private struct Record {
        /// The registered sink's pending bytes and its counters (its ``LineBuffer``).
        var pendingBytes: FixedBytes?
        var pendingCounters: FixedCell<LineBuffer.Counters>?
        var resultDescriptor: Int32 = 1
        var errorDescriptor: Int32 = 2
        /// The script being run (truncated to ``sourceCapacity`` bytes) and the line in it.
        var sourceLength = 0
        var line = 0
    }

    static let sourceCapacity = 256
    private static let record = FixedCell(Record())
    private static let sourceBytes = FixedBytes(count: sourceCapacity)
    /// Where ``writeReport(_:)`` puts the line number: `:` and up to 20 digits.
    private static let digits = FixedBytes(count: 24)

    /// Makes sure the storage exists before a handler can look at it.
    static func prepare() {
        _ = record
        _ = sourceBytes
        _ = digits
    }

    /// Registers the buffer of the sink whose results a handler writes out.
    static func register(
        pendingBytes: FixedBytes, counters: FixedCell<LineBuffer.Counters>, resultDescriptor: Int32, errorDescriptor: Int32
    ) {
        record.value.pendingCounters = nil
        record.value.pendingBytes = pendingBytes
        record.value.resultDescriptor = resultDescriptor
        record.value.errorDescriptor = errorDescriptor
        record.value.pendingCounters = counters
    }

    /// Forgets the registered buffer (its sink is going away).
    static func unregister(counters: FixedCell<LineBuffer.Counters>) {
        if record.value.pendingCounters == counters { record.value.pendingCounters = nil }
    }

    /// The script now being run (nil: none, as between lines typed interactively).
    static var source: String? {
        get {
            let length = record.value.sourceLength
            return length == 0 ? nil : sourceBytes.withBytes(0..<length) { String(decodingUTF8: $0) }
        }
        set {
            record.value.sourceLength = 0
            guard let text = newValue else { return }
            let bytes = text.utf8.span
            let count = min(bytes.count, sourceCapacity)
            sourceBytes.copy(bytes.extracting(0..<count), to: 0)
            record.value.sourceLength = count
        }
    }

    /// The 1-based line of ``source`` being run.
    static var line: Int {
        get { record.value.line }
        set { record.value.line = newValue }
    }

    // MARK: From a signal handler

    /// Writes the registered sink's pending results out (async-signal-safe).
    static func writePendingResults() {
        guard let counters = record.value.pendingCounters, let bytes = record.value.pendingBytes else { return }
        let count = counters.value.count, written = counters.value.written
        guard count > written, written >= 0 else { return }
        bytes.write(written..<count, to: record.value.resultDescriptor)
        counters.value.written = count
    }

    /// Writes `reactor-shell: <what>` and, when a script line is being run, ` at FILE:LINE`, and a
    /// newline to stderr (async-signal-safe).
    static func writeReport(_ what: StaticString) {
        let descriptor = record.value.errorDescriptor
        POSIXIO.writeAll("reactor-shell: " as StaticString, to: descriptor)
        POSIXIO.writeAll(what, to: descriptor)
        let length = record.value.sourceLength
        if length > 0 {
            POSIXIO.writeAll(" while running " as StaticString, to: descriptor)
            sourceBytes.write(0..<length, to: descriptor)
            var value = UInt(bitPattern: record.value.line)
            var index = digits.count
            repeat {
                index -= 1
                digits[index] = UInt8(truncatingIfNeeded: 48 + value % 10)
                value /= 10
            } while value > 0 && index > 1
            index -= 1
            digits[index] = UInt8(ascii: ":")
            digits.write(index..<digits.count, to: descriptor)
        }
        POSIXIO.writeAll("\n" as StaticString, to: descriptor)
    }
}
