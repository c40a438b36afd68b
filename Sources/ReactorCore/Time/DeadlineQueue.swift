/// The order in which a ``VirtualClock``'s sleepers fall due: a binary min-heap of (deadline, id),
/// ids growing with arrival, so that equal deadlines come out first come, first served. Adding
/// and taking the first cost O(log N) however many sleepers are parked; a sleeper withdrawn
/// early is not searched for here (its entry is skipped when it reaches the top).
struct DeadlineQueue {
    /// One parked sleeper's place.
    struct Entry: Equatable {
        let deadline: Duration
        let id: Int
        /// Where the clock keeps the sleeper (``SleeperSlots``).
        let slot: Int

        init(deadline: Duration, id: Int, slot: Int = 0) {
            self.deadline = deadline
            self.id = id
            self.slot = slot
        }

        /// Whether this entry falls due before `other`.
        func precedes(_ other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && id < other.id)
        }
    }

    private var heap: [Entry] = []

    /// The entries held, withdrawn ones included until they reach the top.
    var count: Int { heap.count }

    /// The entry due first, if any.
    var first: Entry? { heap.first }

    /// Adds `entry`.
    mutating func insert(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the entry due first.
    @discardableResult
    mutating func removeFirst() -> Entry? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count && heap[left].precedes(heap[smallest]) { smallest = left }
            if right < heap.count && heap[right].precedes(heap[smallest]) { smallest = right }
            guard smallest != parent else { return first }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
