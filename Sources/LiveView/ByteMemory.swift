// LiveView's one door to pointer code: finding line breaks with the C library's `memchr`, and the
// memory the event log keeps its events in (`ByteChunk`).
//
// Why: the server finds every line break of the shell's messages (a batch run sends about 35 MB
// a 100,000-line script); `firstIndex(of:)` compares a byte at a time (the server's largest user
// cost: about 5 instructions a byte, 185 million for that run), `memchr` many bytes an
// instruction. And the log keeps every event's text (42 MB for that run) in chunks of 2 MiB that
// are written once, from the front, while streams read what is written: an array would be copied
// by the first write after a stream took a slice of it; these are never moved or copied. (Backed
// by huge pages, MADV_HUGEPAGE, they faulted a 42 MB log in 6 ms instead of 19 when the pages
// had just been freed, but in 120-170 ms when the machine had been idle for seconds: this VM's
// free-page reporting hands huge pages back to its host, which must fault them in again. Not
// kept.) Nothing else in the module reads or writes memory through a pointer.
//
// Pinned by EventLogTests (events and messages split at every line break, blank lines, a last
// line without one, empty slices; events across chunks, a larger event than a chunk, a
// reconnection in the middle of a chunk) and LineChunkReaderTests (lines cut by reads of every size).

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ArraySlice where Element == UInt8 {
    /// Appends the index of each `byte` in the slice to `indices`, in order.
    func appendIndices(of byte: UInt8, to indices: inout [Int]) {
        withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count, let found = memchr(start + offset, Int32(byte), bytes.count - offset) {
                offset = Int(bitPattern: found) - Int(bitPattern: start) + 1
                indices.append(startIndex + offset - 1)
            }
        }
    }
}

/// A block of memory of a fixed size, written once, from the front, by one writer, while others
/// read the part written before (which the writer tells them under a lock, after writing it).
/// Never moved, never copied: a reader is handed `Data` that shares it, and keeps it alive.
/// Sendable by that protocol, which the compiler cannot check: a byte is written before any reader
/// is told of it, and never after.
final class ByteChunk: @unchecked Sendable {
    /// The chunk's memory: `capacity` bytes.
    private let memory: UnsafeMutableRawBufferPointer

    /// A chunk of `capacity` bytes (its memory is not cleared: only what is written is read).
    init(capacity: Int) {
        memory = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { memory.deallocate() }

    /// How many bytes the chunk holds.
    var capacity: Int { memory.count }

    /// Writes the bytes of `bytes` in `range` at `offset` and returns the offset after them. Only
    /// the writer calls it, for bytes no reader has been told of.
    func write(_ bytes: ArraySlice<UInt8>, _ range: Range<Int>, at offset: Int) -> Int {
        memory[offset..<(offset + range.count)].copyBytes(from: bytes[range])
        return offset + range.count
    }

    /// Writes the first `count` bytes of `bytes` at `offset` (as ``write(_:_:at:)``).
    func write(_ bytes: [UInt8], count: Int, at offset: Int) -> Int {
        memory[offset..<(offset + count)].copyBytes(from: bytes[..<count])
        return offset + count
    }

    /// Writes `byte` at `offset` and returns the offset after it (as ``write(_:at:)``).
    func write(_ byte: UInt8, at offset: Int) -> Int {
        memory[offset] = byte
        return offset + 1
    }

    /// The bytes in `range`, which have been written, shared: not copied (the `Data` keeps the
    /// chunk alive).
    func bytes(_ range: Range<Int>) -> Data {
        Data(bytesNoCopy: memory.baseAddress! + range.lowerBound, count: range.count, deallocator: .custom { _, _ in
            withExtendedLifetime(self) {}
        })
    }
}
