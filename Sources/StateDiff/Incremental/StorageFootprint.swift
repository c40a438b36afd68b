/// A value that can estimate the memory its versions keep alive, counting storage shared
/// between two versions once: what a history of snapshots is bounded by.
public protocol StorageFootprint {
    /// The bytes of heap storage this value holds that `other` does not share (an estimate).
    func bytesNotShared(with other: Self) -> Int
}

extension StateValue {
    /// About how many bytes the value's storage takes (an estimate, for bounding memory: array
    /// and object storage, and strings too long to be kept inline).
    public var approximateByteCount: Int {
        switch self {
        case .null, .bool, .int, .double: return 0
        case .string(let text): return text.utf8.count > 15 ? 32 + text.utf8.count : 0
        case .array(let elements):
            return elements.reduce(32 + elements.capacity * MemoryLayout<StateValue>.stride) { $0 + $1.approximateByteCount }
        case .object(let fields):
            return fields.reduce(32 + fields.capacity * MemoryLayout<StateField>.stride) { $0 + $1.value.approximateByteCount }
        }
    }
}
