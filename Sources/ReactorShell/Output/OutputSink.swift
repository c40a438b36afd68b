import StateDiff

/// Where the shell's results and errors go: stdout through a buffer, stderr unbuffered.
///
/// Results are buffered (a batch run writes hundreds of thousands of lines a second); an error
/// first flushes the results, so a pipe that merges both streams keeps their order.
@MainActor
public final class OutputSink {
    /// The results not yet written.
    private let pending = PendingBytes(capacity: OutputSink.capacity)
    private let resultDescriptor: Int32
    private let errorDescriptor: Int32
    /// Flush after every `writeResult` (interactive use) rather than when the buffer fills.
    public var flushesEachWrite: Bool {
        get { routing.flushesEachWrite }
        set { routing.flushesEachWrite = newValue }
    }
    /// Called instead of writing results directly while a line editor owns the terminal,
    /// so output appears above the prompt.
    public var interceptor: ((String) -> Void)? {
        get { routing.interceptor }
        set { routing.interceptor = newValue }
    }
    /// Called instead of writing errors directly while a line editor owns the terminal.
    public var errorInterceptor: ((String) -> Void)? {
        get { routing.errorInterceptor }
        set { routing.errorInterceptor = newValue }
    }
    /// The three settings above, kept private: the optimizer then sees every access to them and
    /// drops their dynamic exclusivity checks (read on every line written; a public stored property
    /// can be changed from other modules, so every access to one is checked).
    private var routing = Routing()
    private struct Routing {
        var flushesEachWrite = false
        var interceptor: ((String) -> Void)?
        var errorInterceptor: ((String) -> Void)?
    }
    /// Called with `errno` when writing results fails (the pending results are dropped). The
    /// program sets it to stop: quietly on a closed pipe, with an error otherwise (SPEC §6);
    /// nil ignores the failure.
    public var onResultWriteFailure: ((Int32) -> Void)?
    /// Where a copy of everything written goes, results and errors in order (the session's
    /// ``SessionRecord``); nil keeps none.
    var capture: OutputCapture?

    /// How many bytes the capture will hold once the pending results are written: where output
    /// written from now on begins in it. Read on every line: two counters in plain memory.
    var capturedCount: Int { pending.captured + pending.count }

    /// Copies `bytes` (and a newline) to the capture, if any.
    private func captureBytes(_ bytes: Span<UInt8>, newline: Bool = false) {
        guard let capture else { return }
        capture.append(bytes, newline: newline)
        pending.captured = capture.count
    }

    /// Copies `text` and a newline to the capture, if any.
    private func captureLine(_ text: String) {
        guard capture != nil else { return }
        captureBytes(text.utf8.span, newline: true)
    }

    private static let capacity = 64 * 1024

    /// A sink writing results to `resultDescriptor` (stdout) and errors to `errorDescriptor` (stderr).
    public init(resultDescriptor: Int32 = 1, errorDescriptor: Int32 = 2, flushesEachWrite: Bool = false) {
        self.resultDescriptor = resultDescriptor
        self.errorDescriptor = errorDescriptor
        self.flushesEachWrite = flushesEachWrite
    }

    /// Appends `text` followed by a newline to the results.
    public func writeResult(_ text: String) {
        if let interceptor {
            captureLine(text)
            interceptor(text)
            return
        }
        appendLine(text.utf8.span)
    }

    /// Appends `bytes` (UTF-8 text) followed by a newline to the results, like ``writeResult(_:)``
    /// but without making a `String` first.
    public func writeResult(utf8 bytes: [UInt8]) {
        writeResult(utf8: bytes.span)
    }

    /// Appends `bytes` (UTF-8 text) followed by a newline to the results, like ``writeResult(utf8:)-([UInt8])``.
    public func writeResult(utf8 bytes: Span<UInt8>) {
        if let interceptor {
            captureBytes(bytes, newline: true)
            interceptor(String(decodingUTF8: bytes))
            return
        }
        appendLine(bytes)
    }

    /// Appends `bytes` and a newline to the pending results; writes them out when the buffer is full
    /// (or after each line when `flushesEachWrite`).
    private func appendLine(_ bytes: Span<UInt8>) {
        let needed = bytes.count + 1
        if needed > pending.capacity - pending.count {
            flush()
            if needed > pending.capacity {
                captureBytes(bytes)
                writeAll(bytes, to: resultDescriptor)  // too big to buffer: out directly, in order
                pending.append(10)
                if flushesEachWrite { flush() }
                return
            }
        }
        pending.bytes.copy(bytes, to: pending.count)
        pending.count += bytes.count
        pending.append(10)
        if flushesEachWrite || pending.count == pending.capacity { flush() }
    }

    /// Writes `text` and a newline to the error stream, after flushing pending results.
    public func writeError(_ text: String) {
        if let errorInterceptor {
            flush()
            captureLine(text)
            errorInterceptor(text)
            return
        }
        flush()
        captureLine(text)
        var line = text
        line.append("\n")
        writeAll(line.utf8.span, to: errorDescriptor)
    }

    /// Writes pending results out.
    public func flush() {
        guard pending.count > 0 else { return }
        if capture != nil { pending.bytes.withBytes(0..<pending.count) { captureBytes($0) } }
        // Progress is kept in `written` as it is made, so that a signal handler arriving in the
        // middle writes only the rest (see `SignalSafeOutput.writePendingResults`).
        pending.written = 0
        let failure = pending.bytes.write(0..<pending.count, to: resultDescriptor) { pending.written += $0 }
        pending.count = 0
        pending.written = 0
        if let failure { resultWriteFailed(failure.code) }
    }

    /// Makes this sink's buffer the one a fatal signal writes out (`SignalSafeOutput`).
    public func registerForSignals() {
        SignalSafeOutput.prepare()
        SignalSafeOutput.register(
            pendingBytes: pending.bytes, counters: pending.counters,
            resultDescriptor: resultDescriptor, errorDescriptor: errorDescriptor)
    }

    private func writeAll(_ bytes: Span<UInt8>, to descriptor: Int32) {
        // A failing error stream: nowhere left to say so.
        if let failure = POSIXIO.writeAll(bytes, to: descriptor), descriptor == resultDescriptor {
            resultWriteFailed(failure.code)
        }
    }

    /// A write of results failed with `error`: handled by ``onResultWriteFailure``, else ignored.
    private func resultWriteFailed(_ error: Int32) {
        onResultWriteFailure?(error)
    }
}

/// Bytes waiting to be written, in memory of their own: appending is a bounds check and a copy
/// (an `[UInt8]` adds a uniqueness check and its generic `append(contentsOf:)` path).
///
/// The bytes and the counters live in memory that never moves (``FixedBytes``, ``FixedCell``),
/// so that a signal handler can write out what is pending (see ``SignalSafeOutput``).
private final class PendingBytes {
    let bytes: FixedBytes
    let counters = FixedCell(PendingCounters())
    var capacity: Int { bytes.count }

    init(capacity: Int) {
        bytes = FixedBytes(count: capacity)
    }

    deinit {
        SignalSafeOutput.unregister(counters: counters)
        bytes.deallocate()
        counters.deallocate()
    }

    /// The bytes buffered.
    var count: Int {
        get { counters.value.count }
        set { counters.value.count = newValue }
    }

    /// How many bytes the sink's capture holds (``OutputSink/capture``).
    var captured: Int {
        get { counters.value.captured }
        set { counters.value.captured = newValue }
    }

    /// The bytes of the buffer a flush in progress has written.
    var written: Int {
        get { counters.value.written }
        set { counters.value.written = newValue }
    }

    /// Appends one byte; the caller makes sure there is room.
    func append(_ byte: UInt8) {
        bytes[count] = byte
        count += 1
    }
}

/// Where an ``OutputSink``'s buffer stands, in plain memory a signal handler reads.
struct PendingCounters {
    /// The bytes buffered.
    var count = 0
    /// How many of them a flush in progress has written already.
    var written = 0
    /// How many bytes the sink's capture holds.
    var captured = 0
}
