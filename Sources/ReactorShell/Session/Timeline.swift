/// The scene's timeline for `:undo`, `:redo` and `:jump`: the states of all its reactors before
/// each action sent to any of them, plus the live states saved when travelling away from them.
///
/// Bounded by memory and by steps. Each point is charged what its snapshot holds that the next
/// one (or, for the newest, the live state) does not share, plus the point itself; when the
/// points exceed `byteLimit`, the oldest are dropped down to three quarters of it. A state that
/// shares storage between versions (the board's `ChunkedList`) is charged only what an action
/// changed, so a long history of a big state fits; any other state is charged its encoded size
/// (see ``SnapshotFootprint``). Independently, at most `2 × limit` points are kept (then
/// `limit`), so that a small state's history stays small in long batch runs too.
@MainActor
struct Timeline {
    /// The states just before action `step` (the session log's number), one per reactor of the scene.
    struct Point {
        let step: Int
        let before: SceneSnapshot
        /// The bytes charged for this point.
        var bytes: Int
    }

    /// The default of `byteLimit`: 64 MiB (`--time-travel-memory`).
    nonisolated static let defaultByteLimit = 64 << 20
    /// What a point costs besides its snapshot's storage (the point, the state's box).
    static let pointOverhead = MemoryLayout<Point>.stride + 32

    /// The points, oldest first, in a ring kept as three parallel arrays (the steps, the bytes
    /// charged, the snapshots): the oldest at `head`, then `count` in order, wrapping around the
    /// end of the storage; a dropped point's snapshot slot is nil. Dropping the oldest points
    /// frees them in place instead of moving the others.
    private var ringSteps: [Int] = []
    private var ringBytes: [Int] = []
    private var ringStates: [SceneSnapshot?] = []
    private var head = 0
    /// How many points are kept.
    private(set) var count = 0
    /// Where the reactor is: nil at the live end, else the index of the point whose state it shows.
    private(set) var position: Int?
    /// The live states saved when the first `:undo` left them.
    private var liveState: SceneSnapshot?
    /// How many points are kept (between `limit` and twice as many).
    let limit: Int
    /// Most bytes the points are charged (see the type's description).
    let byteLimit: Int
    /// The bytes the points are charged now.
    private(set) var storedBytes = 0

    init(limit: Int, byteLimit: Int = Timeline.defaultByteLimit) {
        self.limit = max(1, limit)
        self.byteLimit = max(0, byteLimit)
    }

    /// The slot in the ring of point `index` (0 is the oldest).
    @inline(__always)
    private func slot(_ index: Int) -> Int {
        let slot = head + index
        return slot < ringSteps.count ? slot : slot - ringSteps.count
    }

    /// The points, oldest first.
    var points: [Point] {
        (0..<count).map { Point(step: ringSteps[slot($0)], before: ringStates[slot($0)]!, bytes: ringBytes[slot($0)]) }
    }

    /// The step of the oldest point, if any.
    var firstStep: Int? { count == 0 ? nil : ringSteps[head] }

    /// The steps that can be jumped to.
    var steps: [Int] { (0..<count).map { ringSteps[slot($0)] } }

    /// Records the states before action `step`; drops the redo branch if the scene was travelling.
    mutating func willSend(step: Int, current: consuming SceneSnapshot) {
        if let position {
            removeNewest(count - position)
            self.position = nil
            liveState = nil
        }
        // The newest point was charged as if it shared everything with the live state; now what
        // it does not share with `current` is known (unless its charge does not depend on it).
        if count > 0, current.chargeDependsOnOthers {
            let newest = slot(count - 1)
            let bytes = Self.pointOverhead + ringStates[newest]!.bytesNotShared(with: current)
            storedBytes += bytes - ringBytes[newest]
            ringBytes[newest] = bytes
        }
        let bytes = Self.pointOverhead + current.bytesNotShared(with: current)
        append(step: step, before: consume current, bytes: bytes)
        storedBytes += bytes
        if count >= limit * 2 || storedBytes > byteLimit { dropOldest() }
    }

    /// Appends a point after the newest.
    private mutating func append(step: Int, before: consuming SceneSnapshot, bytes: Int) {
        if count < ringSteps.count {
            let slot = slot(count)
            ringSteps[slot] = step
            ringBytes[slot] = bytes
            ringStates[slot] = consume before
        } else {
            if head != 0 {
                // Full but wrapped: put the points back in order before growing.
                ringSteps = steps
                ringBytes = (0..<count).map { ringBytes[slot($0)] }
                ringStates = (0..<count).map { ringStates[slot($0)].take() }
                head = 0
            }
            ringSteps.append(step)
            ringBytes.append(bytes)
            ringStates.append(consume before)
        }
        count += 1
    }

    /// Drops the `dropped` newest points (the redo branch).
    private mutating func removeNewest(_ dropped: Int) {
        for _ in 0..<dropped {
            count -= 1
            let slot = slot(count)
            storedBytes -= ringBytes[slot]
            ringStates[slot] = nil
        }
    }

    /// Drops the oldest points: down to `limit` when there are twice as many, and down to three
    /// quarters of `byteLimit` when over it (all at once, so that the next actions do not each
    /// pay for it). The newest point is always kept.
    private mutating func dropOldest() {
        var dropped = count >= limit * 2 ? count - limit : 0
        var remaining = storedBytes
        for index in 0..<dropped { remaining -= ringBytes[slot(index)] }
        if storedBytes > byteLimit {
            while dropped < count - 1 && remaining > byteLimit / 4 * 3 {
                remaining -= ringBytes[slot(dropped)]
                dropped += 1
            }
        }
        for _ in 0..<dropped {
            ringStates[head] = nil
            head = head + 1 == ringSteps.count ? 0 : head + 1
        }
        count -= dropped
        if count == 0 { head = 0 }
        storedBytes = remaining
    }

    /// The states one action back, or nil when there is none.
    mutating func undo(current: SceneSnapshot) -> SceneSnapshot? {
        let target = (position ?? count) - 1
        guard target >= 0 else { return nil }
        if position == nil { liveState = current }
        position = target
        return ringStates[slot(target)]!
    }

    /// The states one action forward, or nil at the live end.
    mutating func redo() -> SceneSnapshot? {
        guard let position else { return nil }
        return move(to: position + 1)
    }

    /// The states right after step `step` of the log (the step before the first point: before the
    /// first action kept), or nil when the timeline does not reach back that far.
    mutating func jump(toAfter step: Int, current: SceneSnapshot) -> SceneSnapshot? {
        guard let first = firstStep, step >= first - 1 else { return nil }
        if position == nil { liveState = current }
        let index = (0..<count).first { ringSteps[slot($0)] > step } ?? count
        return move(to: index)
    }

    private mutating func move(to index: Int) -> SceneSnapshot? {
        if index >= count {
            guard let live = liveState else { return nil }
            position = nil
            liveState = nil
            return live
        }
        position = index
        return ringStates[slot(index)]!
    }

    /// Forgets everything (after `:use` or `:reset`).
    mutating func clear() {
        ringSteps.removeAll()
        ringBytes.removeAll()
        ringStates.removeAll()
        head = 0
        count = 0
        storedBytes = 0
        position = nil
        liveState = nil
    }
}

/// The states of a scene's reactors at one moment, in scene order. The first is kept apart, so
/// that the snapshot of a scene of one reactor — the usual case, taken before every action —
/// needs no array.
@MainActor
struct SceneSnapshot {
    var first: StateSnapshot
    var rest: [StateSnapshot] = []

    /// How many reactors it holds.
    var count: Int { 1 + rest.count }

    /// The state of reactor `index` of the scene.
    subscript(index: Int) -> StateSnapshot { index == 0 ? first : rest[index - 1] }

    /// The snapshots of `reactors` (at least one) now.
    init(of reactors: [any ShellReactor]) {
        first = reactors[0].snapshot()
        if reactors.count > 1 {
            rest.reserveCapacity(reactors.count - 1)
            for index in 1..<reactors.count { rest.append(reactors[index].snapshot()) }
        }
    }

    /// A snapshot of `first`, followed by `rest`.
    init(first: StateSnapshot, rest: [StateSnapshot] = []) {
        self.first = first
        self.rest = rest
    }

    /// Whether what ``bytesNotShared(with:)`` says depends on the other snapshots (false when every
    /// reactor's state is charged an estimate of its own size).
    var chargeDependsOnOthers: Bool {
        if first.chargeDependsOnOthers { return true }
        for snapshot in rest where snapshot.chargeDependsOnOthers { return true }
        return false
    }

    /// About how many bytes these snapshots hold that `other`'s (of the same reactors) do not share.
    func bytesNotShared(with other: SceneSnapshot) -> Int {
        var total = first.bytesNotShared(with: other.first)
        if !rest.isEmpty {
            for index in rest.indices where index < other.rest.count {
                total += rest[index].bytesNotShared(with: other.rest[index])
            }
        }
        return total
    }
}
