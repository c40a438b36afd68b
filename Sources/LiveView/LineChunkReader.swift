#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a descriptor to its end with blocking reads, handing over the complete lines of each
/// read together (a busy shell writes many events per read; they are appended in one step).
final class LineChunkReader: Sendable {
    private let descriptor: Int32
    private let deliver: @Sendable ([[UInt8]]) -> Void

    init(descriptor: Int32, deliver: @escaping @Sendable ([[UInt8]]) -> Void) {
        self.descriptor = descriptor
        self.deliver = deliver
    }

    func run() {
        var partial: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var lines: [[UInt8]] = []
            var start = 0
            for index in 0..<count where buffer[index] == 10 {
                partial += buffer[start..<index]
                lines.append(partial)
                partial = []
                start = index + 1
            }
            partial += buffer[start..<count]
            if !lines.isEmpty { deliver(lines) }
        }
        if !partial.isEmpty { deliver([partial]) }
    }
}
