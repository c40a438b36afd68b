/// The focused reactor's timeline for `:undo`, `:redo` and `:jump`: the state before each action
/// sent to it, plus the live state saved when travelling away from it. Bounded.
@MainActor
struct Timeline {
    /// The state just before action `step` (the session log's number).
    struct Point {
        let step: Int
        let before: StateSnapshot
    }

    private(set) var points: [Point] = []
    /// Where the reactor is: nil at the live end, else the index of the point whose state it shows.
    private(set) var position: Int?
    /// The live state saved when the first `:undo` left it.
    private var liveState: StateSnapshot?
    /// How many points are kept.
    let limit: Int

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Records the state before action `step`; drops the redo branch if the reactor was travelling.
    mutating func willSend(step: Int, current: consuming StateSnapshot) {
        if let position {
            points.removeSubrange(position...)
            self.position = nil
            liveState = nil
        }
        points.append(Point(step: step, before: current))
        if points.count >= limit * 2 { points.removeFirst(points.count - limit) }
    }

    /// The snapshot one action back, or nil when there is none.
    mutating func undo(current: StateSnapshot) -> StateSnapshot? {
        let target = (position ?? points.count) - 1
        guard target >= 0 else { return nil }
        if position == nil { liveState = current }
        position = target
        return points[target].before
    }

    /// The snapshot one action forward, or nil at the live end.
    mutating func redo() -> StateSnapshot? {
        guard let position else { return nil }
        return move(to: position + 1)
    }

    /// The state right after step `step` of the log (0: before the first action kept), or nil
    /// when the timeline does not reach back that far.
    mutating func jump(toAfter step: Int, current: StateSnapshot) -> StateSnapshot? {
        guard let first = points.first, step >= first.step - 1 else { return nil }
        if position == nil { liveState = current }
        let index = points.firstIndex { $0.step > step } ?? points.count
        return move(to: index)
    }

    private mutating func move(to index: Int) -> StateSnapshot? {
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
        position = nil
        liveState = nil
    }

    /// The steps that can be jumped to.
    var steps: [Int] { points.map(\.step) }
}
