/// Events as the shell wrote them, in one buffer: their JSON objects' UTF-8 text one after the
/// other (no separators) and where each ends, so that a batch of thousands costs two arrays, not
/// an array an event.
public struct EventBatch: Sendable, Equatable {
    /// The events' text, one after the other.
    public private(set) var bytes: [UInt8] = []
    /// Where each event ends in ``bytes`` (event `i` starts where event `i - 1` ends).
    public private(set) var ends: [Int] = []

    /// An empty batch.
    public init() {}

    /// The number of events.
    public var count: Int { ends.count }

    /// Whether there is no event.
    public var isEmpty: Bool { ends.isEmpty }

    /// Appends one event, its JSON object's text.
    public mutating func append(_ event: some Collection<UInt8>) {
        bytes.append(contentsOf: event)
        ends.append(bytes.count)
    }

    /// Appends every event of `other`, in order.
    public mutating func append(contentsOf other: EventBatch) {
        let base = bytes.count
        bytes.append(contentsOf: other.bytes)
        ends.reserveCapacity(ends.count + other.ends.count)
        for end in other.ends { ends.append(base + end) }
    }

    /// Where event `index` (from 0) lies in ``bytes``.
    public func range(of index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// The text of event `index` (from 0).
    public subscript(index: Int) -> ArraySlice<UInt8> { bytes[range(of: index)] }
}
