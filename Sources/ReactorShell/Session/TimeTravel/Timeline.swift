import StateDiff

/// The scene's timeline for `:undo`, `:redo` and `:jump`: the states of all its reactors before
/// each action sent to any of them, plus the live states saved when travelling away from them.
/// The timeline keeps the steps and what each point is charged; each reactor's
/// ``StateHistory`` keeps its states, typed, in the slots the timeline numbers.
///
/// Bounded by memory and by steps. Each point is charged what its states hold that the next
/// one's (or, for the newest, the live state's) do not share, plus the point itself; when the
/// points exceed `byteLimit`, the oldest are dropped down to three quarters of it. A state that
/// shares storage between versions (the board's `ChunkedList`) is charged only what an action
/// changed, so a long history of a big state fits; any other state is charged its encoded size
/// (see ``SnapshotFootprint``), measured every ``sampleInterval`` points and reused in between.
/// Independently, at most `2 × limit` points are kept (then `limit`), so that a small state's
/// history stays small in long batch runs too.
@MainActor
@usableFromInline
struct Timeline {
    /// Where travelling leads: the states of a point or the live states, to put back with
    /// ``restore(_:)``.
    struct Target: Equatable {
        fileprivate let slot: Int
    }

    /// The default of `byteLimit`: 64 MiB (`--time-travel-memory`).
    nonisolated static let defaultByteLimit = 64 << 20
    /// What a point is charged besides its states' storage: an estimate of the point's own
    /// bookkeeping and each state's inline copy.
    static let pointOverhead = 96
    /// How many points share one measure of states charged their encoded size (which does not
    /// depend on the other states): a small state's point then costs a copy, not an encoding.
    /// ``IntermediateStates`` measures the states it keeps as often (usable from its inlinable code).
    @usableFromInline static let sampleInterval = 256

    /// A point: the states before one action, kept by the histories in the point's slot.
    private struct Point {
        /// The `:history` step of the action.
        var step: Int
        /// The bytes the point is charged.
        var bytes: Int
        /// Whether no effect was in flight when it was saved: time travel lands only on such
        /// points, since it cancels the effects in flight and a state they were still changing
        /// (`isLoading: true`) would stay half done.
        var settled: Bool
    }

    /// The reactors' states, in scene order.
    private let histories: [StateHistory]
    /// Their ``StateHistory/saveCurrent``, called before every action: kept apart so that a
    /// history is not loaded (and retained) for it, each in a struct so that the array keeps the
    /// closure as it is (an array of closures calls each through a reabstraction thunk).
    private let saves: [Save]
    private struct Save {
        let call: @MainActor (_ slot: Int, _ measuring: Bool) -> Int
    }
    /// The points, oldest first, in a ring whose slots are also the histories' slots: the oldest
    /// at `head`, then `count` in order, wrapping around the end of the storage. Dropping the
    /// oldest points frees their states in place instead of moving the others.
    private var ring: [Point] = []
    private var head = 0
    /// How many points are kept.
    private(set) var count = 0
    /// Where the reactor is: nil at the live end, else the index of the point whose state it shows.
    private(set) var position: Int?
    /// Whether the histories hold the live states saved when the first `:undo` left them.
    private var hasLiveState = false
    /// Whether no effect was in flight when the live states were saved.
    private var liveStateSettled = false
    /// Whether any history's charge depends on the other states (see ``StateHistory``).
    private let chargeDependsOnOthers: Bool
    /// How many points are kept (between `limit` and twice as many).
    let limit: Int
    /// Most bytes the points are charged (see the type's description).
    let byteLimit: Int
    /// The bytes the points are charged now.
    private(set) var storedBytes = 0
    /// When the states are charged their own sizes (not ``chargeDependsOnOthers``): what the
    /// latest measured point was charged, and how many more points are charged the same.
    private var sampledPointBytes = 0
    private var pointsUntilSample = 0

    /// A timeline of the states of `histories` (one per reactor of the scene).
    init(limit: Int, byteLimit: Int = Timeline.defaultByteLimit, histories: [StateHistory] = []) {
        self.limit = max(1, limit)
        self.byteLimit = max(0, byteLimit)
        self.histories = histories
        saves = histories.map { Save(call: $0.saveCurrent) }
        chargeDependsOnOthers = histories.contains { $0.chargeDependsOnOthers }
    }

    /// The slot in the ring of point `index` (0 is the oldest).
    private func slot(_ index: Int) -> Int {
        let slot = head + index
        return slot < ring.count ? slot : slot - ring.count
    }

    /// The step of the oldest point, if any.
    var firstStep: Int? { count == 0 ? nil : ring[head].step }

    /// The steps that can be jumped to.
    var steps: [Int] { (0..<count).map { ring[slot($0)].step } }

    /// The steps undone while travelling, which a new action drops (none at the live end).
    var redoSteps: [Int] { position.map { position in (position..<count).map { ring[slot($0)].step } } ?? [] }

    /// Records the states now, before action `step`; `settled`: no effect is in flight now.
    /// Drops the redo branch (``redoSteps``) if the scene was travelling.
    mutating func willSend(step: Int, settled: Bool = true) {
        if let position {
            removeNewest(count - position)
            self.position = nil
            dropLiveState()
        }
        let newSlot = nextSlot()
        var bytes = Self.pointOverhead
        if !chargeDependsOnOthers {
            // Each state charged an estimate of its own size: saved and measured in one call,
            // every `sampleInterval` points.
            let measures = pointsUntilSample == 0
            for save in saves { bytes += save.call(newSlot, measures) }
            if measures {
                sampledPointBytes = bytes
                pointsUntilSample = Self.sampleInterval
            }
            pointsUntilSample -= 1
            bytes = sampledPointBytes
        } else {
            for save in saves { _ = save.call(newSlot, false) }
            // The newest point was charged as if it shared everything with the live state; now
            // what it does not share with the new one is known.
            if count > 0 {
                let newest = slot(count - 1)
                var newestBytes = Self.pointOverhead
                for history in histories { newestBytes += history.charge(newest, newSlot) }
                storedBytes += newestBytes - ring[newest].bytes
                ring[newest].bytes = newestBytes
            }
            for history in histories { bytes += history.charge(newSlot, newSlot) }
        }
        let point = Point(step: step, bytes: bytes, settled: settled)
        if newSlot < ring.count { ring[newSlot] = point } else { ring.append(point) }
        count += 1
        storedBytes += bytes
        if count >= limit * 2 || storedBytes > byteLimit { dropOldest() }
    }

    /// The reactors' states before step `step` as value trees, in scene order (nil: the timeline
    /// keeps no point of that step); the live view's history diffs them.
    func values(beforeStep step: Int) -> [StateValue?]? {
        // The points' steps increase from the oldest to the newest.
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if ring[slot(middle)].step < step { low = middle + 1 } else { high = middle }
        }
        guard low < count, ring[slot(low)].step == step else { return nil }
        return histories.map { $0.value(slot(low)) }
    }

    /// The step whose "before" states the scene shows while travelling (nil at the live end).
    var positionStep: Int? { position.map { ring[slot($0)].step } }
    /// The slot of the point after the newest (the ring put back in order first when it is full
    /// and wrapped, so that a new slot is the next of the storage).
    private mutating func nextSlot() -> Int {
        if count < ring.count { return slot(count) }
        return reorderedSlot()
    }

    /// ``nextSlot()`` when the ring is full.
    private mutating func reorderedSlot() -> Int {
        if head != 0 {
            ring = Array(ring[head...] + ring[..<head])
            for history in histories { history.rotate(head) }
            head = 0
        }
        return count
    }

    /// Drops the `dropped` newest points (the redo branch).
    private mutating func removeNewest(_ dropped: Int) {
        for _ in 0..<dropped {
            count -= 1
            let slot = slot(count)
            storedBytes -= ring[slot].bytes
            for history in histories { history.free(slot, 1) }
        }
    }

    /// Drops the oldest points: down to `limit` when there are twice as many, and down to three
    /// quarters of `byteLimit` when over it (all at once, so that the next actions do not each
    /// pay for it). The newest point is always kept.
    private mutating func dropOldest() {
        var dropped = count >= limit * 2 ? count - limit : 0
        var remaining = storedBytes
        for index in 0..<dropped { remaining -= ring[slot(index)].bytes }
        if storedBytes > byteLimit {
            while dropped < count - 1 && remaining > byteLimit / 4 * 3 {
                remaining -= ring[slot(dropped)].bytes
                dropped += 1
            }
        }
        if dropped > 0 {
            for history in histories { history.free(head, dropped) }
            head += dropped
            if head >= ring.count { head -= ring.count }
        }
        count -= dropped
        if count == 0 { head = 0 }
        storedBytes = remaining
    }

    /// Saves the live states, when leaving them; `settled`: no effect is in flight now.
    private mutating func saveLiveState(settled: Bool) {
        guard position == nil else { return }
        for history in histories { _ = history.saveCurrent(StateHistory.live, false) }
        hasLiveState = true
        liveStateSettled = settled
    }

    /// Forgets the live states saved.
    private mutating func dropLiveState() {
        guard hasLiveState else { return }
        for history in histories { history.free(StateHistory.live, 1) }
        hasLiveState = false
    }

    /// The newest point before point `index` saved with no effect in flight.
    private func settledPoint(before index: Int) -> Int? {
        var candidate = index - 1
        while candidate >= 0 && !ring[slot(candidate)].settled { candidate -= 1 }
        return candidate >= 0 ? candidate : nil
    }

    /// The oldest point after point `index` saved with no effect in flight.
    private func settledPoint(after index: Int) -> Int? {
        var candidate = index + 1
        while candidate < count && !ring[slot(candidate)].settled { candidate += 1 }
        return candidate < count ? candidate : nil
    }

    /// Whether ``undo(settled:)`` would find a point to go back to.
    var canUndo: Bool { settledPoint(before: position ?? count) != nil }

    /// Whether ``redo()`` would find a point (or the live states) to go forward to.
    var canRedo: Bool {
        guard let position else { return false }
        return settledPoint(after: position) != nil || (hasLiveState && liveStateSettled)
    }

    /// The states one action back, or nil when there is none; a point saved while effects were
    /// in flight is passed over (see ``Point/settled``). `settled`: no effect is in flight now (the
    /// live states are saved, to come back to, only then).
    mutating func undo(settled: Bool = true) -> Target? {
        guard let target = settledPoint(before: position ?? count) else { return nil }
        saveLiveState(settled: settled)
        position = target
        return Target(slot: slot(target))
    }

    /// The states one action forward (passing over points saved while effects were in flight),
    /// or nil at the live end.
    mutating func redo() -> Target? {
        guard let position else { return nil }
        return move(to: settledPoint(after: position) ?? count)
    }

    /// The states right after step `step` of the log (the step before the first point: before the
    /// first action kept), or nil when the timeline does not reach back that far. A point saved
    /// while effects were in flight leads to the newest settled one before it. `settled`: as for
    /// ``undo(settled:)``.
    mutating func jump(toAfter step: Int, settled: Bool = true) -> Target? {
        guard let first = firstStep, step >= first - 1 else { return nil }
        saveLiveState(settled: settled)
        var index = (0..<count).first { ring[slot($0)].step > step } ?? count
        if index < count && !ring[slot(index)].settled || index == count && !liveStateSettled && hasLiveState {
            index = settledPoint(before: index) ?? index
        }
        return move(to: index)
    }

    private mutating func move(to index: Int) -> Target? {
        if index >= count {
            guard hasLiveState, liveStateSettled else { return nil }
            position = nil
            // Restoring the live states forgets them.
            hasLiveState = false
            return Target(slot: StateHistory.live)
        }
        position = index
        return Target(slot: slot(index))
    }

    /// The states the reactors have now (what `:jump 0` leads to before any action).
    static let currentStates = Target(slot: StateHistory.current)

    /// Puts each reactor back to its state at `target` (its effects cancelled).
    func restore(_ target: Target) {
        for history in histories { history.restoreSlot(target.slot) }
    }

    /// Forgets everything (after `:use` or `:reset`).
    mutating func clear() {
        ring.removeAll()
        for history in histories { history.clear() }
        head = 0
        count = 0
        storedBytes = 0
        position = nil
        hasLiveState = false
    }
}
