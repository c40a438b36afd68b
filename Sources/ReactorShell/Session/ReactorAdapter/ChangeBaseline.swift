import StateDiff

/// The last reported state of a reactor whose state lists its own changes (`StateDiffable`):
/// the shell's diff baseline kept as the state itself, so that a report asks the state for its
/// changes instead of encoding it whole and diffing two trees.
@MainActor
@usableFromInline
protocol ChangeBaseline: AnyObject {
    /// Appends the changes from the baseline to `current` and makes `current` the baseline;
    /// false (nothing appended) when there was no baseline.
    func appendChanges(to current: Any, into changes: inout [StateChange]) throws -> Bool
    /// Makes `current` the baseline, or forgets it (nil).
    func reset(to current: Any?)
}

/// A ``ChangeBaseline`` for states of type `State`.
@MainActor
final class DiffableStateBaseline<State: StateDiffable>: ChangeBaseline {
    private var state: State?

    func appendChanges(to current: Any, into changes: inout [StateChange]) throws -> Bool {
        let new = current as! State
        defer { state = new }
        guard let old = state else { return false }
        try new.appendChanges(from: old, at: .root, into: &changes)
        return true
    }

    func reset(to current: Any?) {
        state = current.map { $0 as! State }
    }
}

/// A baseline for states of `type` when it adopts `StateDiffable`, else nil.
@usableFromInline
@MainActor
func makeChangeBaseline(for type: Any.Type) -> (any ChangeBaseline)? {
    guard let diffable = type as? any StateDiffable.Type else { return nil }
    return makeBaseline(diffable)
}

@MainActor
private func makeBaseline<State: StateDiffable>(_ type: State.Type) -> any ChangeBaseline {
    DiffableStateBaseline<State>()
}
