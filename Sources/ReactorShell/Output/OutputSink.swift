#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the shell's results and errors go: stdout through a buffer, stderr unbuffered.
///
/// Results are buffered (a batch run writes hundreds of thousands of lines a second); an error
/// first flushes the results, so a pipe that merges both streams keeps their order.
@MainActor
public final class OutputSink {
    private var buffer: [UInt8] = []
    private let resultDescriptor: Int32
    private let errorDescriptor: Int32
    /// Flush after every `writeResult` (interactive use) rather than when the buffer fills.
    public var flushesEachWrite: Bool
    /// Called instead of writing results directly while a line editor owns the terminal,
    /// so output appears above the prompt.
    public var interceptor: ((String) -> Void)?
    /// Called instead of writing errors directly while a line editor owns the terminal.
    public var errorInterceptor: ((String) -> Void)?

    private static let capacity = 64 * 1024

    /// A sink writing results to `resultDescriptor` (stdout) and errors to `errorDescriptor` (stderr).
    public init(resultDescriptor: Int32 = 1, errorDescriptor: Int32 = 2, flushesEachWrite: Bool = false) {
        self.resultDescriptor = resultDescriptor
        self.errorDescriptor = errorDescriptor
        self.flushesEachWrite = flushesEachWrite
        buffer.reserveCapacity(Self.capacity)
    }

    /// Appends `text` followed by a newline to the results.
    public func writeResult(_ text: String) {
        if let interceptor {
            interceptor(text)
            return
        }
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        buffer.append(10)
        if flushesEachWrite || buffer.count >= Self.capacity { flush() }
    }

    /// Appends `bytes` (UTF-8 text) followed by a newline to the results, like ``writeResult(_:)``
    /// but without making a `String` first.
    public func writeResult(utf8 bytes: [UInt8]) {
        if let interceptor {
            interceptor(String(decoding: bytes, as: UTF8.self))
            return
        }
        buffer.append(contentsOf: bytes)
        buffer.append(10)
        if flushesEachWrite || buffer.count >= Self.capacity { flush() }
    }

    /// Appends `bytes` (UTF-8 text) followed by a newline to the results, like ``writeResult(utf8:)-([UInt8])``.
    public func writeResult(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if let interceptor {
            interceptor(String(decoding: bytes, as: UTF8.self))
            return
        }
        buffer.append(contentsOf: bytes)
        buffer.append(10)
        if flushesEachWrite || buffer.count >= Self.capacity { flush() }
    }

    /// Writes `text` and a newline to the error stream, after flushing pending results.
    public func writeError(_ text: String) {
        if let errorInterceptor {
            flush()
            errorInterceptor(text)
            return
        }
        flush()
        var line = text
        line.append("\n")
        line.withUTF8 { Self.writeAll($0, to: errorDescriptor) }
    }

    /// Writes pending results out.
    public func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBufferPointer { Self.writeAll($0, to: resultDescriptor) }
        buffer.removeAll(keepingCapacity: true)
    }

    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, pointer, remaining)
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return  // EPIPE and friends: the reader is gone; nothing useful left to do.
            }
            pointer += written
            remaining -= written
        }
    }
}
