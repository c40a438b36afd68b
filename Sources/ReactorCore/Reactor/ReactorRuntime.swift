/// The pipeline storage of one reactor: its state, the queue of re-entrant work, its observers,
/// its in-flight effects and the scheduler they run on.
///
/// A reactor declares it as a stored property (`let runtime = ReactorRuntime<Self>()`); the
/// pipeline is set up lazily on first use (first send, observation or state read). The runtime
/// holds its reactor weakly, so releasing the reactor releases the runtime, which cancels the
/// reactor's effects and subscriptions.
@MainActor
public final class ReactorRuntime<R: Reactor> {
    /// The scheduler whose clock effects use and which counts their work in progress.
    /// Share one among the reactors of a scene; set it before the reactor's first use.
    @exclusivity(unchecked) public var scheduler: Scheduler {
        didSet { hot.pointee.actionIDs = scheduler.actionIDs }
    }

    /// The fields the synchronous pipeline touches, behind one pointer.
    ///
    /// Why a pointer: stored `var`s of a class get a dynamic exclusivity check on every access
    /// (the pipeline is inlined into client modules, where the optimizer cannot remove them),
    /// which tripled the cost of a dispatch. The pointee is only ever touched on the main actor
    /// (this class is `@MainActor`) and never across a suspension point, so accesses cannot
    /// overlap. It is allocated in `init` and freed in `deinit`.
    @usableFromInline let hot: UnsafeMutablePointer<HotFields>

    /// See ``hot``.
    @usableFromInline
    struct HotFields {
        /// Everything that keeps a send off the plain path, one bit each (``Blocker``): zero
        /// means bound, idle, not stubbed, no event observers and both flows the identity, so a
        /// send tests one byte instead of six flags.
        @usableFromInline var blockers: UInt8 = Blocker.unbound
        /// The state reduce works on (before `transform(state:)`).
        @usableFromInline var reducedState: R.State?
        /// The current state (after `transform(state:)`).
        @usableFromInline var state: R.State?
        /// Unretained references to the observers (kept alive by `observerBoxes`), so that
        /// notifying costs no reference counting.
        @usableFromInline var observers: [UnretainedObserver] = []
        /// Nesting depth of observer notification; removals wait until it is back to zero.
        @usableFromInline var notifyDepth = 0
        @usableFromInline var hasDeferredRemovals = false
        @usableFromInline var pending: [PendingWork] = []
        @usableFromInline var pendingHead = 0
        @usableFromInline var actionIDs: UnsafeMutablePointer<Int>

        init(actionIDs: UnsafeMutablePointer<Int>) {
            self.actionIDs = actionIDs
        }
    }


    /// The bits of ``HotFields/blockers``.
    @usableFromInline
    enum Blocker {
        @inlinable static var unbound: UInt8 { 1 }
        @inlinable static var busy: UInt8 { 2 }
        @inlinable static var stubbed: UInt8 { 4 }
        @inlinable static var eventObservers: UInt8 { 8 }
        @inlinable static var actionFlow: UInt8 { 16 }
        @inlinable static var mutationFlow: UInt8 { 32 }
    }

    @inlinable func hasBlocker(_ bit: UInt8) -> Bool { hot.pointee.blockers & bit != 0 }

    @inlinable func setBlocker(_ bit: UInt8, _ isOn: Bool) {
        if isOn {
            hot.pointee.blockers |= bit
        } else {
            hot.pointee.blockers &= ~bit
        }
    }

    // Forwarders to the hot fields (computed, so no exclusivity check).
    @inlinable var isBound: Bool {
        get { !hasBlocker(Blocker.unbound) }
        set { setBlocker(Blocker.unbound, !newValue) }
    }
    @inlinable var isBusy: Bool {
        get { hasBlocker(Blocker.busy) }
        set { setBlocker(Blocker.busy, newValue) }
    }
    @inlinable var isStubbed: Bool {
        get { hasBlocker(Blocker.stubbed) }
        set { setBlocker(Blocker.stubbed, newValue) }
    }
    @inlinable var hasEventObservers: Bool {
        get { hasBlocker(Blocker.eventObservers) }
        set { setBlocker(Blocker.eventObservers, newValue) }
    }
    @inlinable var isActionFlowIdentity: Bool {
        get { !hasBlocker(Blocker.actionFlow) }
        set { setBlocker(Blocker.actionFlow, !newValue) }
    }
    @inlinable var isMutationFlowIdentity: Bool {
        get { !hasBlocker(Blocker.mutationFlow) }
        set { setBlocker(Blocker.mutationFlow, !newValue) }
    }
    @inlinable var reducedState: R.State? {
        get { hot.pointee.reducedState }
        set { hot.pointee.reducedState = newValue }
    }
    @inlinable var state: R.State? {
        get { hot.pointee.state }
        set { hot.pointee.state = newValue }
    }
    @inlinable var pendingHead: Int {
        get { hot.pointee.pendingHead }
        set { hot.pointee.pendingHead = newValue }
    }
    @inlinable var pendingCount: Int { hot.pointee.pending.count }

    // Read on every send, reduction and effect report; unchecked for the reason given below.
    @exclusivity(unchecked) @usableFromInline var eventObservers: [EventObserver] = []
    @exclusivity(unchecked) @usableFromInline var actionFlow: Flow<R.Action> = .own
    @exclusivity(unchecked) @usableFromInline var mutationFlow: Flow<R.Mutation> = .own

    // The fields below that an effect touches on its way (start, each output, end) are exempt
    // from dynamic exclusivity checks: each check cost more than the access it guards, about a
    // fifth of an asynchronous effect's cost in all. No access to them can overlap another: they
    // are main-actor state, every access is instantaneous (a load, a store, or a dictionary
    // insertion or removal that runs no code of ours), and none is ever passed `inout`.
    @exclusivity(unchecked) @usableFromInline weak var owner: R?
    var subscriptions: [ObservationToken] = []
    /// The effect units that have not ended, oldest first: a list linked through the units
    /// (``EffectUnit/nextLive``), so adding and removing one costs no hashing and cancelling
    /// walks them in start order.
    @exclusivity(unchecked) @usableFromInline var firstLiveEffect: EffectUnit?
    /// The newest live unit. Unowned (unsafe) because the list owns every unit it links
    /// (`firstLiveEffect` and each `nextLive`), and this one is unlinked before it is released.
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var lastLiveEffect: EffectUnit?
    /// The weak reference effect tasks hold (one per runtime).
    @usableFromInline let weakHandle = WeakRuntime<R>()
    @exclusivity(unchecked) @usableFromInline var lastEffectID = 0
    var nextObserverID = 0
    var stubStorage: Stub<R>?

    /// A state observer and its registration number.
    @usableFromInline
    final class StateObserver {
        @usableFromInline let id: Int
        /// The observer's closure, typed without its `@MainActor` isolation so that ``deliver(_:_:)``
        /// can call it from the nonisolated closure of `Unmanaged._withUnsafeGuaranteedRef` (an
        /// isolated closure there gets a dynamic isolation check on every call). The conversion
        /// is the one Swift 6 allows for a non-Sendable main-actor function made on the main actor:
        /// it cannot leave the main actor's region, as this class is not `Sendable` and only the
        /// main-actor runtime holds it; `notify` calls it on the main actor only.
        @usableFromInline let receive: (R.State) -> Void
        var isCancelled = false

        @MainActor
        init(id: Int, receive: @escaping @MainActor (R.State) -> Void) {
            self.id = id
            self.receive = receive
        }
    }

    /// An observer reference that costs no reference counting, neither for the observer nor for
    /// its closure's context (see ``deliver(_:_:)``). Safe because `observerBoxes` owns every
    /// observer listed, and cancelled ones are dropped only outside a notification.
    @usableFromInline
    struct UnretainedObserver {
        @usableFromInline let observer: Unmanaged<StateObserver>

        init(_ observer: StateObserver) {
            self.observer = .passUnretained(observer)
        }

        var id: Int { observer._withUnsafeGuaranteedRef { $0.id } }
    }

    /// Calls `observer` with `state`, borrowing both the observer and its closure: an unowned
    /// reference made strong for the call (or the closure loaded from it) cost a retain and a
    /// release per observer and dispatch, two atomics and a third of a dispatch's instructions.
    /// Safe because the observer is alive for the call: see ``UnretainedObserver``. Nonisolated,
    /// so that the closure given to `_withUnsafeGuaranteedRef` is too (an isolated one checks
    /// the executor on every call); it is only ever called from `notify`, on the main actor.
    @inlinable @inline(__always)
    nonisolated static func deliver(_ observer: Unmanaged<StateObserver>, _ state: R.State) {
        observer._withUnsafeGuaranteedRef { $0.receive(state) }
    }

    /// Stands in for an observer cancelled during a notification.
    let silentObserver = StateObserver(id: -1) { _ in }

    /// The strong references behind `hot.pointee.observers`, in the same order.
    var observerBoxes: [StateObserver] = []

    /// A runtime-event observer, one closure per kind of event, and its registration number.
    @usableFromInline
    struct EventObserver {
        @usableFromInline let id: Int
        @usableFromInline let action: @MainActor (Int, R.Action) -> Void
        @usableFromInline let reduction: @MainActor (Int?, R.Mutation, R.State) -> Void
        @usableFromInline let effect: @MainActor (EffectEvent) -> Void
    }

    /// Work that arrived while the reactor was busy; done in arrival order.
    @usableFromInline
    enum PendingWork {
        /// An action sent by the user, from `reduce`, an observer or a dispatching store effect.
        case action(R.Action)
        /// An action from a source merged in `transform(action:)` (already transformed).
        case sourceAction(R.Action)
        /// A mutation an effect sent (goes through `transform(mutation:)`).
        case mutation(R.Mutation, actionID: Int?)
        /// A mutation from a source merged in `transform(mutation:)` (already transformed).
        case sourceMutation(R.Mutation)
    }

    /// Creates a runtime on `scheduler` (by default a fresh scheduler on a ``RealClock``).
    public init(scheduler: Scheduler = Scheduler()) {
        self.scheduler = scheduler
        hot = .allocate(capacity: 1)
        hot.initialize(to: HotFields(actionIDs: scheduler.actionIDs))
        weakHandle.runtime = self
    }

    isolated deinit {
        hot.deinitialize(count: 1)
        hot.deallocate()
        for unit in liveEffectsInStartOrder { unit.cancel() }
        // Unlinked one by one: releasing the head of a long list would free it recursively.
        while let unit = firstLiveEffect { unlinkLive(unit) }
        for subscription in subscriptions { subscription.cancel() }
    }

    // MARK: Set-up

    /// Sets the pipeline up for `reactor`: initial state through `transform(state:)`, the
    /// transformed action and mutation flows, and the subscriptions to their merged sources.
    @usableFromInline
    func bind(_ reactor: R) {
        isBound = true
        owner = reactor
        let initial = reactor.initialState
        reducedState = initial
        state = reactor.transform(state: initial)
        actionFlow = reactor.transform(action: .own)
        mutationFlow = reactor.transform(mutation: .own)
        isActionFlowIdentity = actionFlow.isIdentity
        isMutationFlowIdentity = mutationFlow.isIdentity
        subscriptions += actionFlow.connectSources { [weak self] action in
            self?.receive(.sourceAction(action))
        }
        subscriptions += mutationFlow.connectSources { [weak self] mutation in
            self?.receive(.sourceMutation(mutation))
        }
    }

    // MARK: The synchronous pipeline

    /// Sends `action` from `reactor` through the pipeline (or queues it when busy).
    @inlinable @inline(__always)
    func send(_ action: R.Action, from reactor: R) {
        if _fastPath(hot.pointee.blockers == 0) {
            // Bound, idle, not stubbed, no event observers, both flows the identity: no flag
            // to test on the way (the flows are fixed at set-up; reduce still tests for event
            // observers, which `mutate` or an observer may add).
            hot.pointee.blockers = Blocker.busy
            processPlain(action, reactor)
            if _slowPath(pendingHead < pendingCount) { drainPending(reactor) }
            isBusy = false
            return
        }
        if _slowPath(!isBound) { bind(reactor) }
        if _slowPath(isStubbed) {
            recordStubbed(action)
            return
        }
        if _slowPath(isBusy) {
            hot.pointee.pending.append(.action(action))
            return
        }
        isBusy = true
        process(action, viaFlow: true, reactor)
        if _slowPath(pendingHead < pendingCount) { drainPending(reactor) }
        isBusy = false
    }

    @usableFromInline
    func recordStubbed(_ action: R.Action) {
        stubStorage?.record(action)
    }

    /// Handles work arriving from outside a send (an effect task, a merged source).
    @inlinable
    func receive(_ work: PendingWork) {
        guard let reactor = owner else { return }
        if isBusy {
            hot.pointee.pending.append(work)
            return
        }
        isBusy = true
        perform(work, reactor)
        if pendingHead < pendingCount { drainPending(reactor) }
        isBusy = false
    }

    /// ``receive(_:)`` of one of the reactor's own mutations sent by an effect unit: applied
    /// directly when the reactor is idle, without a `PendingWork` value (whose copies go through
    /// value witnesses).
    @inlinable
    func receiveMutation(_ mutation: R.Mutation, actionID: Int?) {
        guard let reactor = owner else { return }
        if isBusy {
            hot.pointee.pending.append(.mutation(mutation, actionID: actionID))
            return
        }
        isBusy = true
        apply(mutation, actionID: actionID, reactor)
        if pendingHead < pendingCount { drainPending(reactor) }
        isBusy = false
    }

    @inlinable
    func drainPending(_ reactor: R) {
        while pendingHead < pendingCount {
            let work = hot.pointee.pending[pendingHead]
            pendingHead += 1
            perform(work, reactor)
        }
        hot.pointee.pending.removeAll(keepingCapacity: true)
        pendingHead = 0
    }

    @inlinable
    func perform(_ work: PendingWork, _ reactor: R) {
        switch work {
        case .action(let action):
            if isStubbed {
                recordStubbed(action)
            } else {
                process(action, viaFlow: true, reactor)
            }
        case .sourceAction(let action):
            process(action, viaFlow: false, reactor)
        case .mutation(let mutation, let actionID):
            apply(mutation, actionID: actionID, reactor)
        case .sourceMutation(let mutation):
            reduce(mutation, actionID: nil, reactor)
        }
    }

    /// One action: numbered, reported, transformed, mutated, its effect started.
    @inlinable @inline(__always)
    func process(_ action: R.Action, viaFlow: Bool, _ reactor: R) {
        hot.pointee.actionIDs.pointee &+= 1
        let actionID = hot.pointee.actionIDs.pointee
        if _slowPath(hasEventObservers) { emitAction(actionID, action) }
        if _fastPath(isActionFlowIdentity) || !viaFlow {
            mutate(action, actionID: actionID, reactor)
        } else {
            actionFlow.forEachOwnResult(of: action) { mutate($0, actionID: actionID, reactor) }
        }
    }

    /// ``process(_:viaFlow:_:)`` when nothing blocks the plain path: no action event (there is
    /// no event observer), no action flow, no mutation flow for its mutations.
    @inlinable @inline(__always)
    func processPlain(_ action: R.Action, _ reactor: R) {
        let actionIDs = hot.pointee.actionIDs
        let actionID = actionIDs.pointee &+ 1
        actionIDs.pointee = actionID
        // The flows were fixed at set-up, so `apply` takes its plain branch for every mutation,
        // also after an observer of an earlier one registered an event observer.
        mutate(action, actionID: actionID, reactor)
    }

    @inlinable @inline(__always)
    func mutate(_ action: R.Action, actionID: Int, _ reactor: R) {
        let effect = reactor.mutate(action: action)
        switch effect.kind {
        case .none:
            break
        case .just(let mutation):
            apply(mutation, actionID: actionID, reactor)
        case .sequence(let mutations):
            for mutation in mutations { apply(mutation, actionID: actionID, reactor) }
        default:
            startOwnEffect(effect, actionID: actionID, reactor)
        }
    }

    /// One of the reactor's own mutations: through `transform(mutation:)`, then reduced.
    @inlinable @inline(__always)
    func apply(_ mutation: R.Mutation, actionID: Int?, _ reactor: R) {
        if _fastPath(isMutationFlowIdentity) {
            reduce(mutation, actionID: actionID, reactor)
        } else {
            mutationFlow.forEachOwnResult(of: mutation) { reduce($0, actionID: actionID, reactor) }
        }
    }

    /// Reduces, transforms the state, updates it, then reports and notifies.
    @inlinable @inline(__always)
    func reduce(_ mutation: R.Mutation, actionID: Int?, _ reactor: R) {
        // Unchecked: every path to a reduction binds first, and binding sets the state.
        let next = reactor.reduce(state: reducedState.unsafelyUnwrapped, mutation: mutation)
        reducedState = next
        let shown = reactor.transform(state: next)
        state = shown
        if _slowPath(hasEventObservers) {
            emitReduction(actionID, mutation, shown)
        }
        notify(shown)
    }

    /// Calls the observers registered when notification starts, in registration order.
    @inlinable @inline(__always)
    func notify(_ shown: R.State) {
        let count = hot.pointee.observers.count
        if count == 0 { return }
        hot.pointee.notifyDepth &+= 1
        var index = 0
        while index < count {
            Self.deliver(hot.pointee.observers[index].observer, shown)
            index &+= 1
        }
        hot.pointee.notifyDepth &-= 1
        if _slowPath(hot.pointee.hasDeferredRemovals) { removeCancelledObservers() }
    }

    /// Stops observer `id` at once; during a notification its slot calls a no-op until the end.
    func cancelObserver(_ id: Int) {
        guard let index = observerBoxes.firstIndex(where: { $0.id == id }) else { return }
        observerBoxes[index].isCancelled = true
        if let slot = hot.pointee.observers.firstIndex(where: { $0.id == id }) {
            hot.pointee.observers[slot] = UnretainedObserver(silentObserver)
        }
        hot.pointee.hasDeferredRemovals = true
        removeCancelledObservers()
    }

    /// Drops cancelled observers once no notification is running.
    @usableFromInline
    func removeCancelledObservers() {
        guard hot.pointee.notifyDepth == 0 else { return }
        hot.pointee.hasDeferredRemovals = false
        hot.pointee.observers = observerBoxes.compactMap { $0.isCancelled ? nil : UnretainedObserver($0) }
        observerBoxes.removeAll { $0.isCancelled }
    }

    // The events go to each observer's closure for their kind, as arguments: no `RuntimeEvent`
    // is built, copied or destroyed on the way (its copies went through value witnesses).

    @inlinable
    func emitAction(_ actionID: Int, _ action: R.Action) {
        for observer in eventObservers { observer.action(actionID, action) }
    }

    @inlinable
    func emitReduction(_ actionID: Int?, _ mutation: R.Mutation, _ state: R.State) {
        for observer in eventObservers { observer.reduction(actionID, mutation, state) }
    }

    @inlinable
    func emitEffect(_ event: EffectEvent) {
        for observer in eventObservers { observer.effect(event) }
    }

    // MARK: State access

    /// The current state, setting the pipeline up first if needed.
    @inlinable
    func currentState(of reactor: R) -> R.State {
        if _slowPath(!isBound) { bind(reactor) }
        return state!
    }

    /// Sets the state directly (time travel, stubs) and notifies state observers.
    func restore(_ newState: R.State, reactor: R) {
        if !isBound { bind(reactor) }
        reducedState = newState
        state = newState
        notify(newState)
    }

    /// Back to the initial state (through `transform(state:)`), observers notified.
    func reset(reactor: R) {
        if !isBound { bind(reactor) }
        let initial = reactor.initialState
        reducedState = initial
        let shown = reactor.transform(state: initial)
        state = shown
        notify(shown)
    }

    func addObserver(_ receive: @escaping @MainActor (R.State) -> Void, reactor: R) -> ObservationToken {
        if !isBound { bind(reactor) }
        nextObserverID += 1
        let id = nextObserverID
        let observer = StateObserver(id: id, receive: receive)
        observerBoxes.append(observer)
        hot.pointee.observers.append(UnretainedObserver(observer))
        receive(state!)
        return ObservationToken { [weak self] in
            self?.cancelObserver(id)
        }
    }

    func addEventObserver(
        _ receive: @escaping @MainActor (RuntimeEvent<R.Action, R.Mutation, R.State>) -> Void,
        reactor: R
    ) -> ObservationToken {
        addEventObserver(
            action: { receive(.action(actionID: $0, action: $1)) },
            reduction: { receive(.reduction(actionID: $0, mutation: $1, state: $2)) },
            effect: { receive(.effect($0)) },
            reactor: reactor)
    }

    func addEventObserver(
        action: @escaping @MainActor (Int, R.Action) -> Void,
        reduction: @escaping @MainActor (Int?, R.Mutation, R.State) -> Void,
        effect: @escaping @MainActor (EffectEvent) -> Void,
        reactor: R
    ) -> ObservationToken {
        if !isBound { bind(reactor) }
        nextObserverID += 1
        let id = nextObserverID
        eventObservers.append(EventObserver(id: id, action: action, reduction: reduction, effect: effect))
        hasEventObservers = true
        return ObservationToken { [weak self] in
            guard let self else { return }
            self.eventObservers.removeAll { $0.id == id }
            self.hasEventObservers = !self.eventObservers.isEmpty
        }
    }
}
