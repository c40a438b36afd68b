/// Bytes in memory of their own, allocated and freed by the object: for byte buffers whose bytes
/// are read through a pointer that must stay valid between calls (``LineReader``), or appended to
/// without `Array`'s generic `append(contentsOf:)` (``SessionInput``). The owner keeps the count.
final class ByteStorage {
    // Exempt from dynamic exclusivity checks (read on every line): never passed `inout`.
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity = 0

    init() {
        base = UnsafeMutablePointer.allocate(capacity: 0)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `needed` bytes, the first `count` kept.
    @inline(__always)
    func reserve(_ needed: Int, keeping count: Int) {
        if needed > capacity { grow(to: needed, keeping: count) }
    }

    private func grow(to needed: Int, keeping count: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Copies `bytes` to offset `count`, growing the storage as needed.
    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>, at count: Int) {
        reserve(count + bytes.count, keeping: count)
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
    }
}
