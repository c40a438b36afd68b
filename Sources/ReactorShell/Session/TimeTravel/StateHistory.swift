import StateDiff

/// One reactor's states on the scene's `Timeline`, kept typed: the timeline numbers slots and
/// keeps the steps and charges; this keeps the state of each slot in an array of the reactor's
/// own `State`, so that saving one before each action is a copy into the array (no box of the
/// state, no existential assignment, nothing allocated once the array has grown).
///
/// The operations are closures made by the generic initializer, which `ReactorHandle`'s inlinable
/// initializer calls: compiled for the concrete state type in the module that creates the handle
/// (a method of a generic class would run unspecialized, through the type's metadata).
@MainActor
public final class StateHistory {
    /// The slot of the live states saved when travelling away from them (see ``restore(_:)``).
    @usableFromInline static let live = -1
    /// Not a slot: restoring it puts the current state back (as travelling to it would).
    @usableFromInline static let current = -2

    /// Saves the current state in a slot (at most one past the highest used); when asked
    /// (`charged`), returns its charge against itself, else 0.
    @usableFromInline let saveCurrent: @MainActor (_ slot: Int, _ charged: Bool) -> Int
    /// The bytes of the first slot's state not shared with the second's.
    @usableFromInline let charge: @MainActor (Int, Int) -> Int
    /// Forgets the states of `count` slots from `first` on, wrapping around the end of the slots
    /// (``live``: the live state).
    @usableFromInline let free: @MainActor (_ first: Int, _ count: Int) -> Void
    /// Cancels the reactor's effects and restores the state of a slot (``live``: then forgets it;
    /// ``current``: the state it has).
    @usableFromInline let restoreSlot: @MainActor (Int) -> Void
    /// Moves the slots so that slot `head` becomes slot 0, the order kept (the timeline's ring
    /// put back in order before it grows).
    @usableFromInline let rotate: @MainActor (_ head: Int) -> Void
    /// Forgets every state.
    @usableFromInline let clear: @MainActor () -> Void
    /// The state of a slot as a value tree (nil: an empty slot, or a history that cannot describe
    /// its states): the live view's history diffs the states before the steps.
    @usableFromInline let value: @MainActor (_ slot: Int) -> StateValue?
    /// Whether ``charge`` depends on the other slot (false: every state is charged an estimate
    /// of its own size, asked once per slot).
    @usableFromInline let chargeDependsOnOthers: Bool

    /// The states of a value read by `current` and put back by `restore` (which also cancels the
    /// reactor's effects), charged by `footprint` (nil: nothing), described by `describe` (nil:
    /// not described).
    @inlinable
    init<State>(
        current: @escaping @MainActor () -> State, restore: @escaping @MainActor (State) -> Void,
        footprint: SnapshotFootprint<State>?, describe: (@MainActor (State) throws -> StateValue)? = nil
    ) {
        let ring = ExemptFields(StateRing<State>())
        saveCurrent = { slot, charged in
            let state = current()
            if slot < 0 {
                ring.fields.live = state
                return 0
            }
            ring.fields.put(state, at: slot)
            guard charged, let footprint else { return 0 }
            return footprint.bytes(of: state, notSharedWith: state)
        }
        charge = { slot, other in
            guard let footprint, let state = ring.fields.states[slot], let otherState = ring.fields.states[other] else { return 0 }
            return footprint.bytes(of: state, notSharedWith: otherState)
        }
        free = { first, count in ring.fields.free(first, count: count) }
        restoreSlot = { slot in
            if slot == StateHistory.current {
                restore(current())
            } else if slot == StateHistory.live {
                if let state = ring.fields.live { restore(state) }
                ring.fields.live = nil
            } else if let state = ring.fields.states[slot] {
                restore(state)
            }
        }
        rotate = { head in ring.fields.rotate(head: head) }
        clear = {
            ring.fields.states.removeAll()
            ring.fields.live = nil
        }
        chargeDependsOnOthers = footprint?.dependsOnOthers ?? false
        value = { slot in
            guard let describe, slot >= 0, slot < ring.fields.states.count, let state = ring.fields.states[slot] else { return nil }
            return try? describe(state)
        }
    }
}

/// The storage of a ``StateHistory``: a slot per timeline point, and the live state.
///
/// The history's closures share it in an ``ExemptFields`` (two dynamic exclusivity checks a line
/// otherwise): main-actor state, touched only by those closures, never passed `inout` to code that
/// could reach it.
@usableFromInline
struct StateRing<State> {
    @usableFromInline var states: [State?] = []
    @usableFromInline var live: State?

    @inlinable
    init() {}

    /// Stores `state` in `slot` (an existing slot, or the next one).
    @inlinable
    mutating func put(_ state: State, at slot: Int) {
        if slot < states.count {
            states[slot] = state
        } else {
            states.append(state)
        }
    }

    /// Forgets the states of `count` slots from `first` on, wrapping around the end (a negative
    /// `first`: the live state).
    @inlinable
    mutating func free(_ first: Int, count: Int) {
        guard first >= 0 else {
            live = nil
            return
        }
        var slot = first
        for _ in 0..<count {
            if slot >= states.count { slot -= states.count }
            states[slot] = nil
            slot += 1
        }
    }

    /// Moves the slots so that `head` becomes the first.
    @usableFromInline
    mutating func rotate(head: Int) {
        guard head > 0 && head < states.count else { return }
        states = Array(states[head...] + states[..<head])
    }
}
