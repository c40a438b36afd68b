// LiveView's one door to pointer code: finding line breaks with the C library's `memchr`.
//
// Why: the server finds every line break of the shell's messages (a batch run sends about 35 MB
// a 100,000-line script); `firstIndex(of:)` compares a byte at a time (the server's largest user
// cost: about 5 instructions a byte, 185 million for that run), `memchr` many bytes an
// instruction. Nothing else in the module reads memory through a pointer.
//
// Pinned by EventLogTests (events and messages split at every line break, blank lines, a last
// line without one, empty slices) and LineChunkReaderTests (lines cut by reads of every size).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ArraySlice where Element == UInt8 {
    /// Appends the index of each `byte` in the slice to `indices`, in order.
    func appendIndices(of byte: UInt8, to indices: inout [Int]) {
        withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, Int32(byte), buffer.count - offset) {
                let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                indices.append(startIndex + index)
                offset = index + 1
            }
        }
    }
}
