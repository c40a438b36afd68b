/// The pipeline of one reactor, ReactorKit's `Reactor.swift` without RxSwift:
///
///     send(action) ─▶ transform(action:) ─▶ mutate(action:) ─▶ Effect
///         ─▶ transform(mutation:) ─▶ reduce(state:mutation:) ─▶ transform(state:)
///         ─▶ currentState ─▶ event observers, state observers
///
/// A reactor declares it as a stored property (`let runtime = ReactorRuntime<Self>()`); the
/// pipeline is set up lazily on first use (first send, observation or state read). The runtime
/// holds its reactor weakly, so releasing the reactor releases the runtime, which cancels the
/// reactor's effects and subscriptions.
///
/// This file is the pipeline in data-flow order. Its storage is in `ReactorRuntime+Storage.swift`, the
/// observer list in `ReactorRuntime+Observers.swift`, the queue of work that arrives while the
/// reactor is busy in `ReactorRuntime+Pending.swift`, and the effect engine under `Effects/`.
@MainActor
public final class ReactorRuntime<R: Reactor> {
    /// The scheduler whose clock effects use and which counts their work in progress.
    /// Share one among the reactors of a scene; set it before the reactor's first use.
    public var scheduler: Scheduler {
        get { hot.value.scheduler }
        set { hot.value.scheduler = newValue }
    }

    /// What every send touches: state, flags, observers, pending queue, live effects (see
    /// ``HotFields``).
    @usableFromInline let hot: UncheckedCell<HotFields>

    // Set up once, read on the slow paths only.
    var subscriptions: [ObservationToken] = []
    var nextObserverID = 0
    var stubStorage: Stub<R>?
    /// The strong references behind `hot.value.observers`, in the same order.
    var observerBoxes: [StateObserver] = []
    /// The strong references behind `hot.value.eventObservers`, in the same order.
    var eventObserverBoxes: [EventObserver] = []
    /// Stand in for observers cancelled during a notification.
    let silentObserver = StateObserver(id: -1) { _ in }
    let silentEventObserver = EventObserver(id: -1, action: { _, _ in }, reduction: { _, _, _ in }, effect: { _ in })

    /// The live units started under each cancellation id, oldest first: what a cancellation by id
    /// cancels, found without walking every live effect (see `ReactorRuntime+LiveEffects.swift`).
    @usableFromInline var liveUnitsByCancellationID: [AnyHashable: [EffectUnit]] = [:]
    /// The reservations of live effects that may still hold parts not started, which a
    /// cancellation by id must mark (``CancellableReservations``).
    @usableFromInline var openReservations: [CancellableReservations] = []
    /// Called with each action recorded while the reactor is stubbed (a ``Store``'s effects, which
    /// see the actions dispatched to a stubbed store, as to ReCombine's `MockStore`).
    var stubbedActionFollower: (@MainActor (R.Action) -> Void)?
    /// What effect tasks, tokens and subscriptions refer to the runtime through (one per runtime).
    @usableFromInline let handle = RuntimeHandle<R>()

    /// Creates a runtime on `scheduler` (by default a fresh scheduler on a ``RealClock``).
    public init(scheduler: Scheduler = Scheduler()) {
        hot = UncheckedCell(HotFields(scheduler: scheduler, actionFlow: .own, mutationFlow: .own))
        handle.runtime = self
    }

    isolated deinit {
        // First: nothing may reach the runtime through its handle from here on.
        handle.runtime = nil
        cancelAll()
        // One by one: releasing the head of a long list would free it recursively.
        while let unit = firstLiveEffect { unlinkLive(unit) }
        for subscription in subscriptions { subscription.cancel() }
    }

    // MARK: Set-up

    /// Sets the pipeline up for `reactor`: initial state through `transform(state:)`, the
    /// transformed action and mutation flows, and the subscriptions to their merged sources.
    @usableFromInline
    func bind(_ reactor: R) {
        precondition(
            Self.isInstance(reactor),
            "\(type(of: reactor as AnyObject)) declares a runtime for \(R.self), which it is not a subclass of")
        isBound = true
        owner = reactor
        setInitialState(of: reactor)
        actionFlow = reactor.transform(action: .own)
        mutationFlow = reactor.transform(mutation: .own)
        isActionFlowIdentity = actionFlow.isIdentity
        isMutationFlowIdentity = mutationFlow.isIdentity
        subscriptions += actionFlow.connectSources { [handle] action in
            handle.runtime?.receive(.sourceAction(action))
        }
        subscriptions += mutationFlow.connectSources { [handle] mutation in
            handle.runtime?.receive(.sourceMutation(mutation))
        }
    }

    /// True when `object` is an instance of `R` (or a subclass). Out of line, so that the check
    /// reads the object's class rather than its static type: the pipeline reinterprets a reactor
    /// as the class its runtime names (``Reactor/runtimeOwner``) without checking.
    @inline(never)
    static func isInstance(_ object: AnyObject) -> Bool {
        object is R
    }

    /// The initial state through `transform(state:)`, learning whether the hook is the default
    /// identity (which says so: then only one copy of the state is kept, and the hook is skipped).
    func setInitialState(of reactor: R) {
        let initial = reactor.initialState
        hasStateTransform = true
        let shown = reactor.transform(state: initial)
        reducedState = hasStateTransform ? initial : nil
        state = shown
    }

    /// Makes the state available without a reduction: binds the pipeline, unless the reactor is
    /// stubbed, whose state starts as the raw `initialState` with none of the reactor's hooks run
    /// (ReactorKit's `Stub`).
    @usableFromInline
    func prepareState(_ reactor: R) {
        if isStubbed {
            if state == nil { state = reactor.initialState }
        } else {
            bind(reactor)
        }
    }

    // MARK: The pipeline
    //
    // `Reactor.send`, `send`, `run`, `process`, `mutate`, `apply`, `reduce`, `publish` and
    // `notify` (ReactorRuntime+Observers.swift) are always inlined, into one specialized body at
    // the caller's send. Tuning, not unsafe code: left to the optimizer, a random scoreboard line
    // costs about 13 instructions more and a counter line about 129 (all nine dropped; two of them
    // alone, mix +30 and counter +112: measured with Benchmarks/instructions-per-line.py).

    /// Sends `action` from `reactor` through the pipeline, or queues it when busy.
    ///
    /// Every send runs the same pipeline, given the flags read here (the flows are fixed at
    /// set-up, so they hold for the whole send). When no flag is set, the common case, the
    /// pipeline is inlined with the flags known to be zero, so it tests none of them; otherwise
    /// (event observers, flows, not yet bound, busy, stubbed) it runs out of line.
    @inlinable @inline(__always)
    func send(_ action: R.Action, from reactor: R) {
        if _fastPath(hot.value.flags == 0) {
            run(action, flags: 0, reactor)
        } else {
            sendWithFlags(action, reactor)
        }
    }

    /// ``send(_:from:)`` when a flag is set.
    @inlinable @inline(never)
    func sendWithFlags(_ action: R.Action, _ reactor: R) {
        if !isReadyToSend {
            guard prepareToSend(action, reactor) else { return }
        }
        run(action, flags: hot.value.flags, reactor)
    }

    /// Processes `action` with the reactor marked busy, then the work that arrived meanwhile.
    @inlinable @inline(__always)
    func run(_ action: R.Action, flags: UInt8, _ reactor: R) {
        hot.value.flags = flags | Flag.busy
        process(action, flags: flags, viaFlow: true, reactor)
        if _slowPath(hasPendingWork) { drainPending(reactor) }
        isBusy = false
    }

    /// Binds an unbound reactor; records the action of a stubbed one and queues that of a busy
    /// one (returning false: the caller must not process it).
    @usableFromInline
    func prepareToSend(_ action: R.Action, _ reactor: R) -> Bool {
        if isStubbed {
            recordStubbed(action)
            return false
        }
        if !isBound { bind(reactor) }
        if isBusy {
            hot.value.pending.append(.action(action))
            return false
        }
        return true
    }

    /// One action: numbered, reported, through `transform(action:)` (unless it came from a
    /// source merged there, which is transformed already), then mutated.
    @inlinable @inline(__always)
    func process(_ action: R.Action, flags: UInt8, viaFlow: Bool, _ reactor: R) {
        let actionID = nextActionID()
        if _slowPath(flags & Flag.eventObservers != 0) { emitAction(actionID, action) }
        if _fastPath(flags & Flag.actionFlow == 0) || !viaFlow {
            mutate(action, actionID: actionID, flags: flags, reactor)
        } else {
            actionFlow.forEachOwnResult(of: action) { mutate($0, actionID: actionID, flags: flags, reactor) }
        }
    }

    /// `mutate(action:)`, its synchronous mutations applied at once, anything else started as
    /// an effect (out of line: see `ReactorRuntime+EffectStart.swift`).
    @inlinable @inline(__always)
    func mutate(_ action: R.Action, actionID: Int, flags: UInt8, _ reactor: R) {
        let effect = reactor.mutate(action: action)
        switch effect.kind {
        case .none:
            break
        case .just(let mutation):
            apply(mutation, actionID: actionID, flags: flags, reactor)
        case .sequence(let mutations):
            for mutation in mutations { apply(mutation, actionID: actionID, flags: flags, reactor) }
        default:
            startOwnEffect(effect, actionID: actionID, reactor)
        }
    }

    /// One of the reactor's own mutations: through `transform(mutation:)`, then reduced.
    @inlinable @inline(__always)
    func apply(_ mutation: R.Mutation, actionID: Int?, flags: UInt8, _ reactor: R) {
        if _fastPath(flags & Flag.mutationFlow == 0) {
            reduce(mutation, actionID: actionID, flags: flags, reactor)
        } else {
            mutationFlow.forEachOwnResult(of: mutation) { reduce($0, actionID: actionID, flags: flags, reactor) }
        }
    }

    /// Reduces, transforms the state, makes it current, then reports and notifies.
    ///
    /// The state is taken out of storage and handed to `reduce`, so that while it runs nothing else
    /// holds it: a reducer that changes its (consuming) argument in place changes storage it owns
    /// alone, and copies nothing (a value-type state whose storage were still held here would be
    /// copied whole on its first change, every reduction).
    @inlinable @inline(__always)
    func reduce(_ mutation: R.Mutation, actionID: Int?, flags: UInt8, _ reactor: R) {
        guard _fastPath(flags & Flag.stateTransform == 0) else {
            return reduceAndTransform(mutation, actionID: actionID, reactor)
        }
        // Bound before any reduction, so the state is there, unless this runs inside a `reduce`.
        guard let taken = hot.value.state.take() else { stateUnavailableWhileReducing() }
        // `consume`: without it the binding would live to the end of the scope, a second reference.
        let next = reactor.reduce(state: consume taken, mutation: mutation)
        hot.value.state = next
        publish(next, reducedFrom: mutation, actionID: actionID)
    }

    /// ``reduce(_:actionID:flags:_:)`` for a reactor with a `transform(state:)` of its own: the
    /// state shown is let go too while `reduce` runs (it may share storage with the one reduced).
    @inlinable @inline(never)
    func reduceAndTransform(_ mutation: R.Mutation, actionID: Int?, _ reactor: R) {
        hot.value.state = nil
        guard let taken = hot.value.reducedState.take() else { stateUnavailableWhileReducing() }
        let next = reactor.reduce(state: consume taken, mutation: mutation)
        let shown = reactor.transform(state: next)
        hot.value.reducedState = next
        hot.value.state = shown
        publish(shown, reducedFrom: mutation, actionID: actionID)
    }

    /// The state a reduction made current, told to the event observers if there are any (read
    /// afresh: `mutate` or an observer of an earlier reduction may have added one), then to the
    /// state observers, then to the follower. Inlined into the pipeline: every reduction takes it.
    @inlinable @inline(__always)
    func publish(_ state: R.State, reducedFrom mutation: R.Mutation, actionID: Int?) {
        guard _slowPath(hasEventObservers) else { return notify(state) }
        emitReduction(actionID, mutation, state)
        notify(state)
        if _slowPath(reductionFollower != nil) { followReduction(actionID, mutation, state) }
    }

    @inlinable @inline(never)
    func followReduction(_ actionID: Int?, _ mutation: R.Mutation, _ state: R.State) {
        reductionFollower?(actionID, mutation, state)
    }

    // MARK: State access

    /// The current state, setting the pipeline up first if needed.
    @inlinable
    func currentState(of reactor: R) -> R.State {
        if _slowPath(!isBound) { prepareState(reactor) }
        return shownState
    }

    /// The current state of a reactor whose state is set up. Traps, with a message, inside
    /// `reduce` or `transform(state:)`, which have the state being reduced as their argument.
    @inlinable
    var shownState: R.State {
        guard let state = hot.value.state else { stateUnavailableWhileReducing() }
        return state
    }

    @usableFromInline
    func stateUnavailableWhileReducing() -> Never {
        preconditionFailure(
            "the state of \(R.self) was read while its reduce(state:mutation:) or transform(state:) runs: "
                + "the state being reduced is their argument")
    }

    /// Sets the state directly (time travel, stubs) and notifies state observers.
    func restore(_ newState: R.State, reactor: R) {
        if !isBound { prepareState(reactor) }
        if hasStateTransform { reducedState = newState }
        state = newState
        notify(newState)
    }

    /// Back to the initial state (through `transform(state:)`), observers notified.
    func reset(reactor: R) {
        if !isBound { prepareState(reactor) }
        if isBound {
            setInitialState(of: reactor)
        } else {
            state = reactor.initialState
        }
        notify(shownState)
    }
}
