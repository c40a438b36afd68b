import ReactorCore
import StateDiff

/// A reactor's state as the session reads it and sets it back: described as a value tree (now,
/// or right after a reduction not drained from the journal yet), its changes when it lists them
/// itself, its history for time travel, and its way back to the initial state. A
/// ``ShellReactor``'s ``ShellReactor/state``; ``ReactorHandle`` makes one for its reactor.
///
/// The operations are closures made by the inlinable initializer, so they are compiled for the
/// reactor's concrete type in the module that creates the handle (see ``ReactorHandle``).
@MainActor
public final class ShellReactorState {
    /// Describes the state: the current one (slot -1) or a reduced one (specialized for the reactor).
    @usableFromInline let describe: @MainActor (_ slot: Int) throws -> StateValue
    /// Lets go of the states kept for the reductions drained.
    @usableFromInline let forgetReduced: @MainActor () -> Void
    /// Lets go of them but the last.
    @usableFromInline let forgetReducedButLast: @MainActor () -> Void
    /// Whether ``value()`` builds its values over the storage of values handed back
    /// (``recycle(_:)``): through the encoder (`StateValue(encoding:)`) or a `StateObjectWritable`
    /// state's writer; false when the state describes itself otherwise (`StateValueConvertible`).
    public let encodesThroughEncoder: Bool
    /// Where a `StateObjectWritable` state's old values are kept for the next description (else nil).
    @usableFromInline let spareFields: SpareFields?
    /// The changes from the last reported state to the state after a reduction (the current one
    /// when nil), when the state lists its own changes (`StateDiffable`); else nil.
    @usableFromInline let changesSinceReport: (@MainActor (_ reduction: Int?, inout [StateChange]) throws -> Bool)?
    /// Makes the current state the last reported one (`true`), or forgets it.
    @usableFromInline let resetReported: @MainActor (_ toCurrent: Bool) -> Void
    /// Makes a history of the states for time travel (specialized for the reactor).
    @usableFromInline let makeStateHistory: @MainActor () -> StateHistory
    /// Cancels the reactor's effects in flight.
    @usableFromInline let cancelEffects: @MainActor () -> Void
    /// Puts the reactor back to its initial state, effects cancelled.
    @usableFromInline let resetReactor: @MainActor () -> Void
    /// The states kept between two mutations of one step (the live view's history).
    @usableFromInline let keepBefore: @MainActor (_ reduction: Int, _ entry: Int, _ firstKeptEntry: Int) -> Void
    @usableFromInline let intermediateValue: @MainActor (_ entry: Int) -> StateValue?
    @usableFromInline let intermediateValues: @MainActor () -> [(entry: Int, value: StateValue)]

    /// The state of `reactor`, whose reductions not drained yet keep their new states in `reduced`.
    @inlinable
    init<R: Reactor>(of reactor: R, reduced: ExemptFields<ReducedStates<R.State>>) where R.State: Encodable {
        self.forgetReduced = { reduced.fields.forgetAll() }
        self.forgetReducedButLast = { reduced.fields.forgetAllButLast() }
        // How a state kept for time travel is described (the live view's history), as the current one is.
        let describeState: @MainActor (R.State) throws -> StateValue
        if let writable = R.State.self as? any StateObjectWritable.Type {
            // A state that writes its fields: over the fields of the value last handed back, which
            // the handle keeps itself (no shared spare to take out of the encoder's pool and put back).
            let spare = SpareFields([])
            let describe = describeWritable(writable, as: R.State.self, over: spare)
            self.describe = { slot in
                slot < 0 ? describe(reactor.currentState) : describe(reduced.fields.states[slot])
            }
            describeState = { state in describe(state) }
            self.spareFields = spare
            self.encodesThroughEncoder = true
        } else if let convertible = R.State.self as? any StateValueConvertible.Type {
            // A state that describes itself: asked directly, without the encoder's set-up per call.
            let describe = describeConvertible(convertible, as: R.State.self)
            self.describe = { slot in
                slot < 0 ? describe(reactor.currentState) : describe(reduced.fields.states[slot])
            }
            describeState = { state in describe(state) }
            self.spareFields = nil
            self.encodesThroughEncoder = false
        } else {
            self.describe = { slot in
                try StateValue(encoding: slot < 0 ? reactor.currentState : reduced.fields.states[slot])
            }
            describeState = { state in try StateValue(encoding: state) }
            self.spareFields = nil
            self.encodesThroughEncoder = true
        }
        let footprint = makeSnapshotFootprint(for: R.State.self)
        let intermediate = IntermediateStates<R.State>(footprint: footprint, describe: describeState)
        self.keepBefore = { reduction, entry, firstKeptEntry in
            // The state before a reduction is in the slot before its own (see `ReducedStates`).
            guard reduction > 0, reduction - 1 < reduced.fields.states.count else { return }
            intermediate.keep(reduced.fields.states[reduction - 1], before: entry, firstKeptEntry: firstKeptEntry)
        }
        self.intermediateValue = { intermediate.value(before: $0) }
        self.intermediateValues = { intermediate.values() }
        self.makeStateHistory = {
            StateHistory(
                current: { reactor.currentState },
                restore: { state in
                    reactor.cancelAllEffects()
                    reactor.restore(state: state)
                },
                footprint: footprint,
                describe: describeState)
        }
        if let baseline = makeChangeBaseline(for: R.State.self) {
            self.changesSinceReport = { reduction, changes in
                let state = reduction.map { reduced.fields.states[$0] } ?? reactor.currentState
                return try baseline.appendChanges(to: state, into: &changes)
            }
            self.resetReported = { toCurrent in baseline.reset(to: toCurrent ? reactor.currentState : nil) }
        } else {
            self.changesSinceReport = nil
            self.resetReported = { _ in }
        }
        self.cancelEffects = { reactor.cancelAllEffects() }
        self.resetReactor = { reactor.reset() }
    }

    /// The current state as a value tree.
    public func value() throws -> StateValue {
        try describe(-1)
    }

    /// The state right after reduction `reduction` of those not drained from the journal yet (its
    /// ``JournalEvent``'s state slot), as a value tree.
    public func value(afterReduction reduction: Int) throws -> StateValue {
        try describe(reduction)
    }

    /// Lets go of the states kept for the reductions just drained from the journal.
    public func forgetReducedStates() {
        forgetReduced()
    }

    /// Lets go of the states kept for the reductions just drained but the last, the state before
    /// the next reduction: effects are still in flight, and the step may change the reactor again.
    func forgetReducedStatesButLast() {
        forgetReducedButLast()
    }

    /// Takes back a value of ``value()`` that is no longer needed, whose storage the next one is
    /// built over (only worth it when ``encodesThroughEncoder``).
    public func recycle(_ value: consuming StateValue) {
        if let spareFields {
            StateValue.recycle(value, into: &spareFields.fields)
        } else {
            StateValue.recycle(value)
        }
    }

    /// True when the state lists its own changes (`StateDiffable`): the shell then reports through
    /// ``appendChanges(afterReduction:into:)`` instead of encoding and diffing the whole state.
    public var listsOwnChanges: Bool { changesSinceReport != nil }

    /// Appends the changes from the previous report (or ``resetChangeBaseline(toCurrent:)``) to the
    /// state after reduction `reduction` (the current state when nil) to `changes`, and makes that
    /// state the baseline; false when there was no baseline, or the state does not
    /// ``listsOwnChanges``.
    public func appendChanges(afterReduction reduction: Int?, into changes: inout [StateChange]) throws -> Bool {
        guard let changesSinceReport else { return false }
        return try changesSinceReport(reduction, &changes)
    }

    /// Makes the current state the baseline of the next report (`true`), or forgets it (only for a
    /// state that ``listsOwnChanges``).
    public func resetChangeBaseline(toCurrent: Bool) {
        resetReported(toCurrent)
    }

    /// A new history of the states for a scene's time travel: it saves the current state in
    /// numbered slots and puts one back (effects in flight cancelled first).
    public func makeHistory() -> StateHistory {
        makeStateHistory()
    }

    /// Cancels the reactor's effects in flight, so that none changes the state any more.
    public func cancelAllEffects() {
        cancelEffects()
    }

    /// Back to the initial state, effects cancelled.
    public func reset() {
        resetReactor()
    }

    /// Keeps the state right before reduction `reduction` (its reduction before, in the same step)
    /// as the state before mutation entry `entry` of the session's record, whose oldest entry kept
    /// is `firstKeptEntry`: for the live view's history, which describes it only if it is read.
    func keepState(beforeReduction reduction: Int, asBeforeEntry entry: Int, firstKeptEntry: Int) {
        keepBefore(reduction, entry, firstKeptEntry)
    }

    /// The state kept before mutation entry `entry` (``keepState(beforeReduction:asBeforeEntry:firstKeptEntry:)``), described.
    func state(beforeEntry entry: Int) -> StateValue? {
        intermediateValue(entry)
    }

    /// Every state kept before a mutation entry, described, with its entry.
    func statesBeforeEntries() -> [(entry: Int, value: StateValue)] {
        intermediateValues()
    }
}

/// How a ``ShellReactorState`` describes a `State` whose type conforms to `StateValueConvertible`
/// (found out once, with the conformance opened here; `S` is `State`): by its `stateValue`, without
/// the encoder's set-up per call (what `StateValue(encoding:)` would call too).
///
/// Inlinable, so that it is specialized for the state's type in the module that makes the handle:
/// `S` and `State` are then the same concrete type, and the cast of each state to `S` is no
/// operation (unspecialized, it is a dynamic cast; a cast of the function instead would add two
/// reabstraction thunks to every call even specialized). Nonisolated, and so is the closure:
/// formed in the state's main-actor initializer it would be main-actor isolated and check the
/// executor on every call (about 100 instructions a report).
@inlinable
func describeConvertible<S: StateValueConvertible, State>(_ type: S.Type, as state: State.Type) -> (State) -> StateValue {
    { ($0 as! S).stateValue }
}

/// The fields array of the last value a `StateObjectWritable` state no longer needs: the next
/// description writes over it. Used by the describing closure and
/// ``ShellReactorState/recycle(_:)`` only, one after the other (never overlapping, so held in an
/// ``ExemptFields``, without the dynamic exclusivity checks a class's stored property gets).
@usableFromInline
typealias SpareFields = ExemptFields<[StateField]>

/// How a `StateObjectWritable` state (`S`, which is `State`) is described: written over `spare`'s
/// fields (made and specialized as ``describeConvertible(_:as:)``).
@inlinable
func describeWritable<S: StateObjectWritable, State>(
    _ type: S.Type, as state: State.Type, over spare: SpareFields
) -> (State) -> StateValue {
    { StateValue(writing: $0 as! S, over: &spare.fields) }
}
