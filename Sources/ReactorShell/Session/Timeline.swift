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

    private(set) var points: [Point] = []
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

    /// Records the states before action `step`; drops the redo branch if the scene was travelling.
    mutating func willSend(step: Int, current: consuming SceneSnapshot) {
        if let position {
            for point in points[position...] { storedBytes -= point.bytes }
            points.removeSubrange(position...)
            self.position = nil
            liveState = nil
        }
        // The newest point was charged as if it shared everything with the live state; now what
        // it does not share with `current` is known.
        if let newest = points.indices.last {
            let bytes = Self.pointOverhead + Self.bytes(of: points[newest].before, notSharedWith: current)
            storedBytes += bytes - points[newest].bytes
            points[newest].bytes = bytes
        }
        let bytes = Self.pointOverhead + Self.bytes(of: current, notSharedWith: current)
        points.append(Point(step: step, before: current, bytes: bytes))
        storedBytes += bytes
        if points.count >= limit * 2 || storedBytes > byteLimit { dropOldest() }
    }

    /// What the snapshots `states` hold that `others` (of the same reactors) do not share.
    private static func bytes(of states: SceneSnapshot, notSharedWith others: SceneSnapshot) -> Int {
        states.bytesNotShared(with: others)
    }

    /// Drops the oldest points: down to `limit` when there are twice as many, and down to three
    /// quarters of `byteLimit` when over it (all at once, so that the next actions do not each
    /// move the array). The newest point is always kept.
    private mutating func dropOldest() {
        var dropped = points.count >= limit * 2 ? points.count - limit : 0
        var remaining = storedBytes
        for point in points[..<dropped] { remaining -= point.bytes }
        if storedBytes > byteLimit {
            while dropped < points.count - 1 && remaining > byteLimit / 4 * 3 {
                remaining -= points[dropped].bytes
                dropped += 1
            }
        }
        points.removeFirst(dropped)
        storedBytes = remaining
    }

    /// The states one action back, or nil when there is none.
    mutating func undo(current: SceneSnapshot) -> SceneSnapshot? {
        let target = (position ?? points.count) - 1
        guard target >= 0 else { return nil }
        if position == nil { liveState = current }
        position = target
        return points[target].before
    }

    /// The states one action forward, or nil at the live end.
    mutating func redo() -> SceneSnapshot? {
        guard let position else { return nil }
        return move(to: position + 1)
    }

    /// The states right after step `step` of the log (the step before the first point: before the
    /// first action kept), or nil when the timeline does not reach back that far.
    mutating func jump(toAfter step: Int, current: SceneSnapshot) -> SceneSnapshot? {
        guard let first = points.first, step >= first.step - 1 else { return nil }
        if position == nil { liveState = current }
        let index = points.firstIndex { $0.step > step } ?? points.count
        return move(to: index)
    }

    private mutating func move(to index: Int) -> SceneSnapshot? {
        if index >= points.count {
            guard let live = liveState else { return nil }
            position = nil
            liveState = nil
            return live
        }
        position = index
        return points[index].before
    }

    /// Forgets everything (after `:use` or `:reset`).
    mutating func clear() {
        points.removeAll()
        storedBytes = 0
        position = nil
        liveState = nil
    }

    /// The steps that can be jumped to.
    var steps: [Int] { points.map(\.step) }
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
