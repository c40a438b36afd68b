/// An array kept as a list of chunks of up to 256 elements, so that versions of it share
/// storage: a copy costs two references, and changing, inserting or removing one element of a
/// copy copies the list of chunks and that one chunk, never the other elements.
///
/// Reading or writing by index finds the chunk by a binary search over the chunks' first
/// indices. Iteration walks the chunks directly. It encodes as a plain array, so the shell
/// shows it as one.
///
/// As ``StateDiffable`` (for `Encodable & Equatable` elements) it finds what changed between two
/// versions by chunk identity first, then by `==` inside the chunks that differ, and encodes only
/// the elements that changed; as ``StorageFootprint`` it counts only the chunks two versions do
/// not share. A state that keeps a big list in one makes a change in one place cost about the
/// same whatever the list's length — in the reducer, in the shell's diff, and in the history.
public struct ChunkedList<Element>: RandomAccessCollection, MutableCollection {
    /// Most elements in one chunk; a chunk that grows past it is split in two.
    @inlinable static var maximumChunkSize: Int { 256 }

    /// The chunks, in order; none is empty.
    @usableFromInline var chunks: [[Element]]
    /// The index of the first element of each chunk.
    @usableFromInline var starts: [Int]
    /// The number of elements.
    @usableFromInline var storedCount: Int
    /// The number of elements.
    @inlinable public var count: Int { storedCount }
    // The operations are inlinable so that they are compiled for the element type in the
    // module that uses the list: generic code would copy and compare elements through
    // value witnesses.

    /// An empty list.
    @inlinable
    public init() {
        chunks = []
        starts = []
        storedCount = 0
    }

    /// A list of `elements`, in chunks half full (room to insert before a chunk splits).
    @inlinable
    public init<Elements: Sequence>(_ elements: Elements) where Elements.Element == Element {
        let all = Array(elements)
        let fill = Self.maximumChunkSize / 2
        chunks = stride(from: 0, to: all.count, by: fill).map { Array(all[$0..<Swift.min($0 + fill, all.count)]) }
        starts = Array(stride(from: 0, to: all.count, by: fill))
        storedCount = all.count
    }

    @inlinable
    public var startIndex: Int { 0 }
    @inlinable
    public var endIndex: Int { count }

    /// The chunk holding element `position` and the position inside it.
    @inlinable
    func locate(_ position: Int) -> (chunk: Int, offset: Int) {
        precondition(position >= 0 && position < count, "ChunkedList index \(position) out of range 0..<\(count)")
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return (low, position - starts[low])
    }

    @inlinable
    public subscript(position: Int) -> Element {
        get {
            let (chunk, offset) = locate(position)
            return chunks[chunk][offset]
        }
        set {
            let (chunk, offset) = locate(position)
            chunks[chunk][offset] = newValue
        }
    }

    /// Inserts `element` so that it ends up at `position` (`0...count`).
    @inlinable
    public mutating func insert(_ element: Element, at position: Int) {
        precondition(position >= 0 && position <= count, "ChunkedList insertion index \(position) out of range 0...\(count)")
        guard !chunks.isEmpty else {
            chunks = [[element]]
            starts = [0]
            storedCount = 1
            return
        }
        let (chunk, offset) = position == count ? (chunks.count - 1, chunks[chunks.count - 1].count) : locate(position)
        chunks[chunk].insert(element, at: offset)
        for later in (chunk + 1)..<starts.count { starts[later] += 1 }
        storedCount += 1
        if chunks[chunk].count > Self.maximumChunkSize {
            let half = chunks[chunk].count / 2
            let tail = Array(chunks[chunk][half...])
            chunks[chunk].removeSubrange(half...)
            chunks.insert(tail, at: chunk + 1)
            starts.insert(starts[chunk] + half, at: chunk + 1)
        }
    }

    /// Appends `element` at the end.
    @inlinable
    public mutating func append(_ element: Element) {
        insert(element, at: count)
    }

    /// Removes and returns the element at `position`.
    @discardableResult
    @inlinable
    public mutating func remove(at position: Int) -> Element {
        let (chunk, offset) = locate(position)
        let element = chunks[chunk].remove(at: offset)
        for later in (chunk + 1)..<starts.count { starts[later] -= 1 }
        storedCount -= 1
        if chunks[chunk].isEmpty {
            chunks.remove(at: chunk)
            starts.remove(at: chunk)
        }
        return element
    }

    /// The index of the first element that satisfies `predicate` (a walk over the chunks).
    @inlinable
    public func firstIndex(where predicate: (Element) throws -> Bool) rethrows -> Int? {
        for (chunk, elements) in chunks.enumerated() {
            if let offset = try elements.firstIndex(where: predicate) { return starts[chunk] + offset }
        }
        return nil
    }

    /// Walks the chunks in order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let chunks: [[Element]]
        @usableFromInline var chunk = 0
        @usableFromInline var offset = 0

        @inlinable
        init(_ chunks: [[Element]]) {
            self.chunks = chunks
        }

        @inlinable
        public mutating func next() -> Element? {
            guard chunk < chunks.count else { return nil }
            let element = chunks[chunk][offset]
            offset += 1
            if offset == chunks[chunk].count {
                chunk += 1
                offset = 0
            }
            return element
        }
    }

    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(chunks)
    }

    /// True when both lists are the same storage: equal without looking inside.
    @inlinable
    func sharesStorage(with other: ChunkedList) -> Bool {
        StateDiff.sharesStorage(chunks, other.chunks)
    }
}

extension ChunkedList: ExpressibleByArrayLiteral {
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension ChunkedList: Equatable where Element: Equatable {
    @inlinable
    public static func == (lhs: ChunkedList, rhs: ChunkedList) -> Bool {
        if lhs.sharesStorage(with: rhs) { return true }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

extension ChunkedList: Sendable where Element: Sendable {}

extension ChunkedList: CustomStringConvertible {
    public var description: String { Array(self).description }
}

extension ChunkedList: Encodable where Element: Encodable {
    /// Encodes as a plain array of the elements.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for chunk in chunks {
            for element in chunk { try container.encode(element) }
        }
    }
}

extension ChunkedList {
    /// The elements of the chunks `range`, in one array.
    @inlinable
    func elements(ofChunks range: Range<Int>) -> [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(range.reduce(0) { $0 + chunks[$1].count })
        for chunk in range { elements.append(contentsOf: chunks[chunk]) }
        return elements
    }

    /// The chunks two versions do not share, found from both ends by storage identity: the
    /// chunk ranges `old[oldChunks]` and `self[newChunks]`, and the element index where they start
    /// (the same in both, the chunks before it being the same storage).
    @inlinable
    func differingChunks(from old: ChunkedList) -> (oldChunks: Range<Int>, newChunks: Range<Int>, start: Int) {
        let common = Swift.min(old.chunks.count, chunks.count)
        var front = 0
        while front < common && StateDiff.sharesStorage(old.chunks[front], chunks[front]) { front += 1 }
        var back = 0
        while back < common - front
            && StateDiff.sharesStorage(old.chunks[old.chunks.count - 1 - back], chunks[chunks.count - 1 - back]) {
            back += 1
        }
        let start = front < chunks.count ? starts[front] : count
        return (front..<(old.chunks.count - back), front..<(chunks.count - back), start)
    }
}

extension ChunkedList: StateDiffable where Element: Encodable & Equatable {
    /// The changes `diff` would report between the two lists' encodings, found without encoding
    /// the chunks both share nor the equal elements at either end of the ones that differ.
    @inlinable
    public func appendChanges(from old: ChunkedList, at path: StatePath, into changes: inout [StateChange]) throws {
        if sharesStorage(with: old) { return }
        let (oldChunks, newChunks, start) = differingChunks(from: old)
        if oldChunks.count == 1 && newChunks.count == 1 {
            // One chunk changed (an edit in place): compared where it is, without copying it.
            try Self.appendChanges(
                from: old.chunks[oldChunks.lowerBound], to: chunks[newChunks.lowerBound], at: path, start: start,
                into: &changes)
        } else {
            try Self.appendChanges(
                from: old.elements(ofChunks: oldChunks), to: elements(ofChunks: newChunks), at: path, start: start,
                into: &changes)
        }
    }

    /// Appends the changes from `oldElements` to `newElements` (the differing part of two versions,
    /// starting at element `start`): the equal elements at either end are skipped by `==`, and only
    /// what is left between them is encoded and diffed.
    @inlinable
    static func appendChanges(
        from oldElements: [Element], to newElements: [Element], at path: StatePath, start: Int,
        into changes: inout [StateChange]
    ) throws {
        var front = 0
        let common = Swift.min(oldElements.count, newElements.count)
        while front < common && oldElements[front] == newElements[front] { front += 1 }
        var back = 0
        while back < common - front
            && oldElements[oldElements.count - 1 - back] == newElements[newElements.count - 1 - back] {
            back += 1
        }
        let oldMiddle = oldElements[front..<(oldElements.count - back)], newMiddle = newElements[front..<(newElements.count - back)]
        if oldMiddle.isEmpty && newMiddle.isEmpty { return }
        appendEncodedChanges(
            from: try StateValue(encoding: Array(oldMiddle)), to: try StateValue(encoding: Array(newMiddle)),
            at: path, indexOffset: start + front, into: &changes)
    }
}

extension ChunkedList: StorageFootprint {
    /// The bytes of the chunks and chunk lists this version holds that `other` does not share
    /// (elements counted at their inline size: storage they hold themselves is not seen).
    @inlinable
    public func bytesNotShared(with other: ChunkedList) -> Int {
        if sharesStorage(with: other) { return 0 }
        let (ownChunks, _, _) = other.differingChunks(from: self)
        var bytes = 2 * (32 + chunks.capacity * MemoryLayout<Int>.stride)  // the chunk list and the starts
        for chunk in ownChunks { bytes += 32 + chunks[chunk].capacity * MemoryLayout<Element>.stride }
        return bytes
    }
}
