#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a signal handler may need when the process is about to die: the results an ``OutputSink``
/// has buffered but not written, and the script line being run. Kept in plain memory allocated
/// once, so a handler reads it with loads and writes it out with write(2) alone — no locks,
/// no allocation, no Swift runtime calls (SPEC §6: what was printed reaches stdout, and a crash
/// names the script line).
///
/// One sink (the program's) registers its buffer; the session updates the line as it runs.
enum SignalSafeOutput {
    /// The memory every field lives in.
    private struct Record {
        /// The registered sink's pending bytes, and where its counters live (see ``PendingBytes``).
        var pendingBase: UnsafeMutablePointer<UInt8>?
        var pendingCounters: UnsafeMutablePointer<Int>?
        var resultDescriptor: Int32 = 1
        var errorDescriptor: Int32 = 2
        /// The script being run (truncated to ``sourceCapacity`` bytes) and the line in it.
        var sourceLength = 0
        var line = 0
    }

    static let sourceCapacity = 256
    private nonisolated(unsafe) static let record: UnsafeMutablePointer<Record> = {
        let pointer = UnsafeMutablePointer<Record>.allocate(capacity: 1)
        pointer.initialize(to: Record())
        return pointer
    }()
    private nonisolated(unsafe) static let sourceBytes: UnsafeMutablePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: sourceCapacity)
        pointer.initialize(repeating: 0, count: sourceCapacity)
        return pointer
    }()

    /// The record, read and written in place (the only door to `record`).
    private static var state: Record {
        unsafeAddress { UnsafePointer(record) }
        unsafeMutableAddress { record }
    }

    /// Makes sure the storage exists before a handler can look at it.
    static func prepare() {
        _ = record
        _ = sourceBytes
    }

    /// Registers the buffer of the sink whose results a handler writes out.
    static func register(
        pendingBase: UnsafeMutablePointer<UInt8>, counters: UnsafeMutablePointer<Int>,
        resultDescriptor: Int32, errorDescriptor: Int32
    ) {
        state.pendingCounters = nil
        state.pendingBase = pendingBase
        state.resultDescriptor = resultDescriptor
        state.errorDescriptor = errorDescriptor
        state.pendingCounters = counters
    }

    /// Forgets the registered buffer (its sink is going away).
    static func unregister(counters: UnsafeMutablePointer<Int>) {
        if state.pendingCounters == counters { state.pendingCounters = nil }
    }

    /// The script now being run (nil: none, as between lines typed interactively).
    static var source: String? {
        get {
            let length = state.sourceLength
            return length == 0 ? nil : String(decoding: UnsafeBufferPointer(start: sourceBytes, count: length), as: UTF8.self)
        }
        set {
            state.sourceLength = 0
            guard var text = newValue else { return }
            text.withUTF8 { bytes in
                let count = min(bytes.count, sourceCapacity)
                if let base = bytes.baseAddress { sourceBytes.update(from: base, count: count) }
                state.sourceLength = count
            }
        }
    }

    /// The 1-based line of ``source`` being run.
    static var line: Int {
        get { state.line }
        set { state.line = newValue }
    }

    // MARK: From a signal handler

    /// Writes the registered sink's pending results out (async-signal-safe).
    static func writePendingResults() {
        guard let counters = state.pendingCounters, let base = state.pendingBase else { return }
        let count = counters[0], written = counters[1]
        guard count > written, written >= 0 else { return }
        writeAll(base + written, count - written, to: state.resultDescriptor)
        counters[1] = count
    }

    /// Writes `reactor-shell: <what>` and, when a script line is being run, ` at FILE:LINE`, and a
    /// newline to stderr (async-signal-safe).
    static func writeReport(_ what: StaticString) {
        let descriptor = state.errorDescriptor
        writeStatic("reactor-shell: ", to: descriptor)
        writeStatic(what, to: descriptor)
        let length = state.sourceLength
        if length > 0 {
            writeStatic(" while running ", to: descriptor)
            writeAll(sourceBytes, length, to: descriptor)
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes on the stack: ':' and up to 20 digits
            withUnsafeMutableBytes(of: &digits) { buffer in
                var value = UInt(bitPattern: state.line)
                var index = buffer.count
                repeat {
                    index -= 1
                    buffer[index] = UInt8(truncatingIfNeeded: 48 + value % 10)
                    value /= 10
                } while value > 0 && index > 1
                index -= 1
                buffer[index] = UInt8(ascii: ":")
                let start = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + index
                writeAll(start, buffer.count - index, to: descriptor)
            }
        }
        writeStatic("\n", to: descriptor)
    }

    private static func writeStatic(_ text: StaticString, to descriptor: Int32) {
        writeAll(text.utf8Start, text.utf8CodeUnitCount, to: descriptor)
    }

    /// Writes `count` bytes from `start` with the shell's one write loop (async-signal-safe).
    private static func writeAll(_ start: UnsafePointer<UInt8>, _ count: Int, to descriptor: Int32) {
        POSIXIO.writeAll(UnsafeRawBufferPointer(start: start, count: count), to: descriptor)
    }
}
