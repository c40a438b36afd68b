import StateDiff

/// A reactor's states between two of its mutations in one step, as the reactor keeps them (copies,
/// not described), for the live view's history (`LiveHistory`), which describes them only when it
/// is read: the timeline keeps the states before each step only, and the counter's `increase` is
/// one step of four mutations.
///
/// A state is kept only for a mutation that follows another of the same reactor in the same step
/// (a step of one mutation per reactor, nearly every line, keeps nothing): the state after that
/// other one, which the reactor's ``ReducedStates`` still holds. Bounded: the states of entries the
/// record no longer keeps are dropped now and then, and past ``Store/byteLimit`` (each state
/// charged its encoded size, measured every `Timeline.sampleInterval` states, as the timeline's points are)
/// the oldest. Inlinable, so that it is specialized for the state's type in the handle's closures.
@MainActor
@usableFromInline
final class IntermediateStates<State> {
    /// The states and their bookkeeping, in one value: changed through one access.
    @usableFromInline var store = Store()
    /// The state's footprint (its encoded size, or what it says it holds).
    @usableFromInline let footprint: SnapshotFootprint<State>
    /// Describes a state kept.
    @usableFromInline let describe: @MainActor (State) throws -> StateValue

    @usableFromInline
    init(footprint: SnapshotFootprint<State>, describe: @escaping @MainActor (State) throws -> StateValue) {
        self.footprint = footprint
        self.describe = describe
    }

    /// How many states are kept.
    @inlinable var count: Int { store.kept.count - store.first }

    /// Keeps `state`, the state before mutation entry `entry`, dropping those of entries before
    /// `firstKeptEntry` and, past the byte limit, the oldest.
    @inlinable
    func keep(_ state: State, before entry: Int, firstKeptEntry: Int) {
        store.keep(state, before: entry, firstKeptEntry: firstKeptEntry, footprint: footprint)
    }

    /// The state before mutation entry `entry`, described, when it was kept.
    @inlinable
    func value(before entry: Int) -> StateValue? {
        guard let index = store.index(of: entry) else { return nil }
        return try? describe(store.kept[index].state)
    }

    /// Every state kept, described, with its entry (oldest first).
    @inlinable
    func values() -> [(entry: Int, value: StateValue)] {
        store.kept[store.first...].compactMap { kept in (try? describe(kept.state)).map { (kept.entry, $0) } }
    }

    /// The states kept and what they are charged.
    @usableFromInline
    struct Store {
        /// About how many bytes the states kept may hold.
        @usableFromInline static var byteLimit: Int { 16 << 20 }

        /// A state kept: the record's entry of the mutation it was kept before, and what it is charged.
        @usableFromInline
        struct Kept {
            @usableFromInline let entry: Int
            @usableFromInline let state: State
            @usableFromInline let bytes: Int

            @usableFromInline
            init(entry: Int, state: State, bytes: Int) {
                self.entry = entry
                self.state = state
                self.bytes = bytes
            }
        }

        /// The states kept, by increasing entry, from ``first`` on (those before it are dropped,
        /// removed from the array only when they are half of it).
        @usableFromInline var kept: [Kept] = []
        @usableFromInline var first = 0
        /// What the states from ``first`` on are charged.
        @usableFromInline var storedBytes = 0
        /// What the latest measured state was charged, and how many more are charged the same.
        @usableFromInline var sampledBytes = 0
        @usableFromInline var statesUntilSample = 0

        @usableFromInline
        init() {}

        @inlinable @MainActor
        mutating func keep(_ state: State, before entry: Int, firstKeptEntry: Int, footprint: SnapshotFootprint<State>) {
            if footprint.dependsOnOthers {
                // What it does not share with the state kept before it.
                sampledBytes = 64 + footprint.bytes(of: state, notSharedWith: kept.last?.state ?? state)
            } else if statesUntilSample == 0 {
                sampledBytes = 64 + footprint.bytes(of: state, notSharedWith: state)
                statesUntilSample = Timeline.sampleInterval
            }
            statesUntilSample -= 1
            let bytes = sampledBytes
            guard bytes <= Self.byteLimit else { return }
            while first < kept.count && (kept[first].entry < firstKeptEntry || storedBytes + bytes > Self.byteLimit) {
                storedBytes -= kept[first].bytes
                first += 1
            }
            if first >= 1_024 && first * 2 >= kept.count {
                kept.removeFirst(first)
                first = 0
            }
            kept.append(Kept(entry: entry, state: state, bytes: bytes))
            storedBytes += bytes
        }

        /// Where the state kept before mutation entry `entry` is, if it is.
        @inlinable
        func index(of entry: Int) -> Int? {
            var low = first, high = kept.count
            while low < high {
                let middle = (low + high) / 2
                if kept[middle].entry < entry { low = middle + 1 } else { high = middle }
            }
            return low < kept.count && kept[low].entry == entry ? low : nil
        }
    }
}
