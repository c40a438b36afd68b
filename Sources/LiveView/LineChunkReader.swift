#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a descriptor to its end with blocking reads, handing over the complete lines of each
/// read together, as one buffer (a busy shell writes thousands of events per read; they are
/// split and appended in one step, without an array a line).
final class LineChunkReader: Sendable {
    private let descriptor: Int32
    private let deliver: @Sendable ([UInt8]) -> Void

    /// A reader of `descriptor` that hands each run of complete lines, line breaks included,
    /// to `deliver` (and, at the end, a last line without one).
    init(descriptor: Int32, deliver: @escaping @Sendable ([UInt8]) -> Void) {
        self.descriptor = descriptor
        self.deliver = deliver
    }

    func run() {
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        var pending: [UInt8] = []
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            guard let lastBreak = buffer[..<count].lastIndex(of: 10) else {
                pending += buffer[..<count]
                continue
            }
            pending += buffer[...lastBreak]
            deliver(pending)
            pending = Array(buffer[(lastBreak + 1)..<count])
        }
        if !pending.isEmpty { deliver(pending) }
    }
}
