/// The last few lines of a script read, by a hash of their bytes.
///
/// A script repeats most of its lines (`increase`, `homeScore`, the same `setScore` values); a line
/// found here is shared instead of being made again: no validation, no allocation for long lines,
/// and the session's log and replay hold one copy of it.
final class RecentLines {
    /// Lines longer than this are always made afresh.
    private static let maximumLength = 63
    private static let slotCount = 64
    /// The line of each slot.
    /// Unchecked exclusivity: read or replaced once a line, never passed `inout`.
    @exclusivity(unchecked) private var lines = [String](repeating: "", count: slotCount)
    /// The bytes of each slot's line, `maximumLength + 1` bytes a slot: the length, then the bytes.
    private let bytes: UnsafeMutablePointer<UInt8>

    init() {
        bytes = .allocate(capacity: Self.slotCount * (Self.maximumLength + 1))
        bytes.initialize(repeating: 0, count: Self.slotCount * (Self.maximumLength + 1))
    }

    deinit {
        bytes.deallocate()
    }

    /// The string of the ASCII `line`: the recent line with those bytes, or a new one (then remembered).
    func text(of line: UnsafeBufferPointer<UInt8>) -> String {
        guard line.count <= Self.maximumLength, let base = line.baseAddress else {
            return String(decoding: line, as: UTF8.self)
        }
        let slot = Self.slot(of: UnsafeRawPointer(base), count: line.count)
        let stored = bytes + slot * (Self.maximumLength + 1)
        if Int(stored.pointee) == line.count && memcmp(stored + 1, base, line.count) == 0 {
            return lines[slot]
        }
        let text = String(decoding: line, as: UTF8.self)
        lines[slot] = text
        stored.pointee = UInt8(line.count)
        (stored + 1).update(from: base, count: line.count)
        return text
    }

    /// A slot for `count` bytes at `base` (not empty): a hash of their length and of 8-byte words.
    private static func slot(of base: UnsafeRawPointer, count: Int) -> Int {
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= count {
            hash = (hash ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            offset += 8
        }
        if offset < count {
            // The last 8 bytes (overlapping the previous word), or the whole short line byte by byte.
            var tail: UInt64 = 0
            if count >= 8 {
                tail = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else {
                for index in 0..<count { tail = tail << 8 | UInt64(base.load(fromByteOffset: index, as: UInt8.self)) }
            }
            hash = (hash ^ tail) &* 0x9E37_79B9_7F4A_7C15
        }
        return Int(truncatingIfNeeded: hash >> 58) & (slotCount - 1)
    }
}

