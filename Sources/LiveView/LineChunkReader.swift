#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a descriptor to its end with blocking reads, handing over the complete lines of each
/// read together, as one slice of the read's buffer (a busy shell writes thousands of events per
/// read; they are handed over without being copied, and split by the receiver).
final class LineChunkReader: Sendable {
    private let descriptor: Int32
    private let deliver: @Sendable (ArraySlice<UInt8>) -> Void

    /// A reader of `descriptor` that hands each run of complete lines, line breaks included,
    /// to `deliver` (and, at the end, a last line without one). The slice is lent for the call.
    init(descriptor: Int32, deliver: @escaping @Sendable (ArraySlice<UInt8>) -> Void) {
        self.descriptor = descriptor
        self.deliver = deliver
    }

    /// How many bytes a read asks for: as many as the shell's pipe holds (`LiveViewProcess` gives
    /// it a mebibyte on Linux), so that one read takes whatever a busy shell wrote meanwhile.
    static let readSize = 1 << 20

    func run() {
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
        // The start of a line that the last read cut off.
        var carried: [UInt8] = []
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var start = 0
            if !carried.isEmpty {
                guard let firstBreak = buffer[..<count].firstIndex(of: 10) else {
                    carried += buffer[..<count]
                    continue
                }
                carried += buffer[...firstBreak]
                deliver(carried[...])
                carried = []
                start = firstBreak + 1
            }
            guard let lastBreak = buffer[start..<count].lastIndex(of: 10) else {
                carried += buffer[start..<count]
                continue
            }
            deliver(buffer[start...lastBreak])
            carried += buffer[(lastBreak + 1)..<count]
        }
        if !carried.isEmpty { deliver(carried[...]) }
    }
}
