/// The storage of a ``ReactorRuntime`` that every send touches, behind one pointer.
///
/// Why a pointer: a stored `var` of a class gets a dynamic exclusivity check on each access,
/// which the optimizer cannot remove in the client modules the pipeline is inlined into, and
/// which would cost more than the pipeline itself. The pointee is touched only on the main actor
/// (the runtime is `@MainActor`), each access is instantaneous (never `inout` across a call into
/// reactor or observer code), so no two accesses can overlap.
extension ReactorRuntime {
    @usableFromInline
    struct HotFields {
        /// ``Flag`` bits; the first three must be clear for a send to run at once.
        @usableFromInline var flags: UInt8 = Flag.unbound
        /// The state reduce works on (before `transform(state:)`), kept only when the reactor has a
        /// `transform(state:)` of its own (``Flag/stateTransform``); otherwise it is ``state``.
        @usableFromInline var reducedState: R.State?
        /// The current state (after `transform(state:)`). Nil while `reduce` runs: the runtime hands
        /// its state to `reduce`, so that the reducer holds the only reference to its storage.
        @usableFromInline var state: R.State?
        /// The state observers, unretained (see `ReactorRuntime+Observers.swift`).
        @usableFromInline var observers: [UnretainedObserver] = []
        /// The runtime-event observers, unretained.
        @usableFromInline var eventObservers: [Unmanaged<EventObserver>] = []
        /// Nesting depth of observer notification; removals wait until it is back to zero.
        @usableFromInline var notifyDepth = 0
        @usableFromInline var hasDeferredRemovals = false
        /// Work that arrived while busy, and the index of the next to do.
        @usableFromInline var pending: [PendingWork] = []
        @usableFromInline var pendingHead = 0
        /// The scheduler's action counter (shared by the reactors of a scene).
        @usableFromInline var actionIDs: UnsafeMutablePointer<Int>

        init(actionIDs: UnsafeMutablePointer<Int>) {
            self.actionIDs = actionIDs
        }
    }

    /// The bits of ``HotFields/flags``: one byte answers every question a send asks.
    @usableFromInline
    enum Flag {
        @inlinable static var unbound: UInt8 { 1 }
        @inlinable static var busy: UInt8 { 2 }
        @inlinable static var stubbed: UInt8 { 4 }
        /// Any of these keeps a send from running at once.
        @inlinable static var notReadyToSend: UInt8 { unbound | busy | stubbed }
        @inlinable static var eventObservers: UInt8 { 8 }
        @inlinable static var actionFlow: UInt8 { 16 }
        @inlinable static var mutationFlow: UInt8 { 32 }
        /// The reactor has a `transform(state:)` of its own: the state reduced and the state shown
        /// are kept apart.
        @inlinable static var stateTransform: UInt8 { 64 }
    }

    /// The flags now (a send reads them once and passes them down the pipeline).
    @inlinable var flags: UInt8 { hot.pointee.flags }

    @inlinable func hasFlag(_ bit: UInt8) -> Bool { hot.pointee.flags & bit != 0 }

    @inlinable func setFlag(_ bit: UInt8, _ isOn: Bool) {
        if isOn {
            hot.pointee.flags |= bit
        } else {
            hot.pointee.flags &= ~bit
        }
    }

    @inlinable var isReadyToSend: Bool { !hasFlag(Flag.notReadyToSend) }
    @inlinable var isBound: Bool {
        get { !hasFlag(Flag.unbound) }
        set { setFlag(Flag.unbound, !newValue) }
    }
    @inlinable var isBusy: Bool {
        get { hasFlag(Flag.busy) }
        set { setFlag(Flag.busy, newValue) }
    }
    @inlinable var isStubbed: Bool {
        get { hasFlag(Flag.stubbed) }
        set { setFlag(Flag.stubbed, newValue) }
    }
    @inlinable var hasEventObservers: Bool {
        get { hasFlag(Flag.eventObservers) }
        set { setFlag(Flag.eventObservers, newValue) }
    }
    @inlinable var isActionFlowIdentity: Bool {
        get { !hasFlag(Flag.actionFlow) }
        set { setFlag(Flag.actionFlow, !newValue) }
    }
    @inlinable var isMutationFlowIdentity: Bool {
        get { !hasFlag(Flag.mutationFlow) }
        set { setFlag(Flag.mutationFlow, !newValue) }
    }
    @inlinable var hasStateTransform: Bool {
        get { hasFlag(Flag.stateTransform) }
        set { setFlag(Flag.stateTransform, newValue) }
    }

    /// Called by the default, identity `transform(state:)`: the pipeline need not call it.
    @usableFromInline
    func noteIdentityStateTransform() {
        hasStateTransform = false
    }

    @inlinable var reducedState: R.State? {
        get { hot.pointee.reducedState }
        set { hot.pointee.reducedState = newValue }
    }
    @inlinable var state: R.State? {
        get { hot.pointee.state }
        set { hot.pointee.state = newValue }
    }

    /// A new action number from the scheduler's counter.
    @inlinable
    func nextActionID() -> Int {
        let actionIDs = hot.pointee.actionIDs
        let actionID = actionIDs.pointee &+ 1
        actionIDs.pointee = actionID
        return actionID
    }
}
