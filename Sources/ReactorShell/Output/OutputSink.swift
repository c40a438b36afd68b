import StateDiff

/// Where the shell's results and errors go: stdout through a buffer, stderr unbuffered.
///
/// Results are buffered (a batch run writes hundreds of thousands of lines a second); an error
/// first flushes the results, so a pipe that merges both streams keeps their order.
@MainActor
public final class OutputSink {
    /// The results not yet written, and their descriptor (stdout).
    private let results: LineBuffer
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

    /// How many bytes the capture holds: ``capturedCount`` less the pending results.
    private var captured = 0

    /// How many bytes the capture will hold once the pending results are written: where output
    /// written from now on begins in it. Read on every line.
    var capturedCount: Int { captured + results.count }

    /// Copies `bytes` (and a newline) to the capture, if any.
    private func captureBytes(_ bytes: Span<UInt8>, newline: Bool = false) {
        guard let capture else { return }
        capture.append(bytes, newline: newline)
        captured = capture.count
    }

    /// Copies `text` and a newline to the capture, if any.
    private func captureLine(_ text: String) {
        guard capture != nil else { return }
        captureBytes(text.utf8.span, newline: true)
    }

    /// A sink writing results to `resultDescriptor` (stdout) and errors to `errorDescriptor` (stderr).
    public init(resultDescriptor: Int32 = 1, errorDescriptor: Int32 = 2, flushesEachWrite: Bool = false) {
        results = LineBuffer(descriptor: resultDescriptor)
        self.errorDescriptor = errorDescriptor
        self.flushesEachWrite = flushesEachWrite
    }

    deinit {
        SignalSafeOutput.unregister(counters: results.counters)
        results.deallocate()
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

    /// Appends `bytes` and a newline to the pending results (``LineBuffer``'s rule: written out
    /// when they do not fit), and writes them out at once when `flushesEachWrite`.
    private func appendLine(_ bytes: Span<UInt8>) {
        if let failure = results.appendLine(bytes, willWrite: { captureBytes($0) }) { resultWriteFailed(failure.code) }
        if flushesEachWrite { flush() }
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
        if let failure = results.flush(willWrite: { captureBytes($0) }) { resultWriteFailed(failure.code) }
    }

    /// Makes this sink's buffer the one a fatal signal writes out (`SignalSafeOutput`).
    public func registerForSignals() {
        SignalSafeOutput.prepare()
        SignalSafeOutput.register(
            pendingBytes: results.bytes, counters: results.counters,
            resultDescriptor: results.descriptor, errorDescriptor: errorDescriptor)
    }

    private func writeAll(_ bytes: Span<UInt8>, to descriptor: Int32) {
        // A failing error stream: nowhere left to say so.
        if let failure = POSIXIO.writeAll(bytes, to: descriptor), descriptor == results.descriptor {
            resultWriteFailed(failure.code)
        }
    }

    /// A write of results failed with `error`: handled by ``onResultWriteFailure``, else ignored.
    private func resultWriteFailed(_ error: Int32) {
        onResultWriteFailure?(error)
    }
}
