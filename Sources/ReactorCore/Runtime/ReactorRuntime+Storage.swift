/// The storage of a ``ReactorRuntime`` that every send and every effect touches, in one
/// ``UncheckedCell``: a stored `var` of the runtime would get a dynamic exclusivity check on each
/// access, which the optimizer cannot remove in the client modules the pipeline is inlined into,
/// and which would cost more than the pipeline itself (see ``UncheckedCell`` why it is safe).
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
        @usableFromInline var eventObservers: [Unretained<EventObserver>] = []
        /// Nesting depth of observer notification; removals wait until it is back to zero.
        @usableFromInline var notifyDepth = 0
        @usableFromInline var hasDeferredRemovals = false
        /// Work that arrived while busy, and the index of the next to do.
        @usableFromInline var pending: [PendingWork] = []
        @usableFromInline var pendingHead = 0
        /// The scheduler whose clock effects use and which numbers actions and effects.
        @usableFromInline var scheduler: Scheduler
        /// The reactor, once bound.
        @usableFromInline weak var owner: R?
        /// The effect units that have not ended, oldest first (see
        /// `ReactorRuntime+LiveEffects.swift`).
        @usableFromInline var firstLiveEffect: EffectUnit?
        /// The newest live unit; unretained because the list owns every unit it links.
        @usableFromInline var lastLiveEffect: Unretained<EffectUnit>?
        /// The flows `transform(action:)` and `transform(mutation:)` returned, set when the
        /// pipeline is bound and read only when their flag says they are not the identity. In the
        /// cell all the same: as stored vars of the runtime, their exclusivity check was hoisted
        /// out of the flag's test, and every delivery of a timer's outputs paid it.
        @usableFromInline var actionFlow: Flow<R.Action>
        @usableFromInline var mutationFlow: Flow<R.Mutation>
        /// Called after each reduction once state observers have seen it (a ``Store``'s effects,
        /// which ReCombine runs after its state subscribers).
        @usableFromInline var reductionFollower: (@MainActor (Int?, R.Mutation, R.State) -> Void)?

        init(scheduler: Scheduler, actionFlow: Flow<R.Action>, mutationFlow: Flow<R.Mutation>) {
            self.scheduler = scheduler
            self.actionFlow = actionFlow
            self.mutationFlow = mutationFlow
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
    @inlinable var flags: UInt8 { hot.value.flags }

    @inlinable func hasFlag(_ bit: UInt8) -> Bool { hot.value.flags & bit != 0 }

    @inlinable func setFlag(_ bit: UInt8, _ isOn: Bool) {
        if isOn {
            hot.value.flags |= bit
        } else {
            hot.value.flags &= ~bit
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
        get { hot.value.reducedState }
        set { hot.value.reducedState = newValue }
    }
    @inlinable var state: R.State? {
        get { hot.value.state }
        set { hot.value.state = newValue }
    }

    /// A new action number from the scheduler's counter.
    @inlinable
    func nextActionID() -> Int {
        hot.value.scheduler.makeActionID()
    }

    @inlinable var actionFlow: Flow<R.Action> {
        get { hot.value.actionFlow }
        set { hot.value.actionFlow = newValue }
    }
    @inlinable var mutationFlow: Flow<R.Mutation> {
        get { hot.value.mutationFlow }
        set { hot.value.mutationFlow = newValue }
    }
    @inlinable var owner: R? {
        get { hot.value.owner }
        set { hot.value.owner = newValue }
    }
    @inlinable var firstLiveEffect: EffectUnit? {
        get { hot.value.firstLiveEffect }
        set { hot.value.firstLiveEffect = newValue }
    }
    @inlinable var lastLiveEffect: EffectUnit? {
        get { hot.value.lastLiveEffect?.object }
        set { hot.value.lastLiveEffect = Unretained(newValue) }
    }
    /// Setting it sets the event-observer flag, which sends reductions down the path that calls it.
    @inlinable var reductionFollower: (@MainActor (Int?, R.Mutation, R.State) -> Void)? {
        get { hot.value.reductionFollower }
        set {
            hot.value.reductionFollower = newValue
            hasEventObservers = hasEventObservers || newValue != nil
        }
    }
}
