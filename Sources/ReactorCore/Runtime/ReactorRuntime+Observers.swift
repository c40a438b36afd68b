/// The two kinds of observers: state observers (``Reactor/observe(_:)``), called with each new
/// current state, and runtime-event observers (``Reactor/observeRuntimeEvents(_:)``), told of
/// each action, reduction and effect life event.
extension ReactorRuntime {
    /// A state observer and its registration number.
    @usableFromInline
    final class StateObserver {
        @usableFromInline let id: Int
        /// The closure, stored without its `@MainActor` so that ``deliver(_:_:)`` can call it from
        /// the nonisolated closure of `Unretained.borrow` without an executor check. Safe:
        /// a non-Sendable main-actor closure made on the main actor, held only by this
        /// non-Sendable class, which only the main-actor runtime holds and calls.
        @usableFromInline let receive: (R.State) -> Void
        var isCancelled = false

        @MainActor
        init(id: Int, receive: @escaping @MainActor (R.State) -> Void) {
            self.id = id
            self.receive = receive
        }
    }

    /// An observer reference that costs no reference counting for the observer or its closure's
    /// context. Safe because `observerBoxes` owns every observer listed, and cancelled ones are
    /// dropped only outside a notification.
    @usableFromInline
    struct UnretainedObserver {
        @usableFromInline let observer: Unretained<StateObserver>

        init(_ observer: StateObserver) {
            self.observer = Unretained(observer)
        }

        var id: Int { observer.borrow { $0.id } }
    }

    /// A runtime-event observer, one closure per kind of event, and its registration number.
    /// Its closures are stored and called like a ``StateObserver``'s, for the same reasons.
    @usableFromInline
    final class EventObserver {
        let id: Int
        @usableFromInline let action: (Int, R.Action) -> Void
        @usableFromInline let reduction: (Int?, R.Mutation, R.State) -> Void
        @usableFromInline let effect: (EffectEvent) -> Void
        var isCancelled = false

        @MainActor
        init(
            id: Int, action: @escaping @MainActor (Int, R.Action) -> Void,
            reduction: @escaping @MainActor (Int?, R.Mutation, R.State) -> Void,
            effect: @escaping @MainActor (EffectEvent) -> Void
        ) {
            self.id = id
            self.action = action
            self.reduction = reduction
            self.effect = effect
        }
    }

    // MARK: Notifying

    /// Calls the state observers registered when notification starts, in registration order.
    /// Each slot is read afresh, so an observer cancelled by an earlier one is skipped.
    @inlinable
    @inline(__always)
    func notify(_ shown: R.State) {
        let count = hot.value.observers.count
        if count == 0 { return }
        hot.value.notifyDepth &+= 1
        var index = 0
        while index < count {
            Self.deliver(hot.value.observers[index].observer, shown)
            index &+= 1
        }
        endNotification()
    }

    /// Calls `observer` with `state`, borrowing the observer and its closure (alive for the call:
    /// see ``UnretainedObserver``). Nonisolated so that the closure given to
    /// `Unretained.borrow` is too; only ever called from `notify`, on the main actor.
    @inlinable
    nonisolated static func deliver(_ observer: Unretained<StateObserver>, _ state: R.State) {
        observer.borrow { $0.receive(state) }
    }

    // Each event goes to the closure for its kind, as arguments, so that no `RuntimeEvent` value
    // is built per event for an observer that does not want one. Like state observers, the
    // observers registered when an event starts are told, and one cancelled meanwhile is skipped.

    @inlinable
    func emitAction(_ actionID: Int, _ action: R.Action) {
        let count = hot.value.eventObservers.count
        hot.value.notifyDepth &+= 1
        var index = 0
        while index < count {
            Self.deliverAction(hot.value.eventObservers[index], actionID, action)
            index &+= 1
        }
        endNotification()
    }

    @inlinable
    func emitReduction(_ actionID: Int?, _ mutation: R.Mutation, _ state: R.State) {
        let count = hot.value.eventObservers.count
        hot.value.notifyDepth &+= 1
        var index = 0
        while index < count {
            Self.deliverReduction(hot.value.eventObservers[index], actionID, mutation, state)
            index &+= 1
        }
        endNotification()
    }

    @inlinable
    func emitEffect(_ event: EffectEvent) {
        let count = hot.value.eventObservers.count
        hot.value.notifyDepth &+= 1
        var index = 0
        while index < count {
            Self.deliverEffect(hot.value.eventObservers[index], event)
            index &+= 1
        }
        endNotification()
    }

    @inlinable
    func endNotification() {
        hot.value.notifyDepth &-= 1
        if _slowPath(hot.value.hasDeferredRemovals) { removeCancelledObservers() }
    }

    @inlinable
    nonisolated static func deliverAction(_ observer: Unretained<EventObserver>, _ actionID: Int, _ action: R.Action) {
        observer.borrow { $0.action(actionID, action) }
    }

    @inlinable
    nonisolated static func deliverReduction(
        _ observer: Unretained<EventObserver>, _ actionID: Int?, _ mutation: R.Mutation, _ state: R.State
    ) {
        observer.borrow { $0.reduction(actionID, mutation, state) }
    }

    @inlinable
    nonisolated static func deliverEffect(_ observer: Unretained<EventObserver>, _ event: EffectEvent) {
        observer.borrow { $0.effect(event) }
    }

    // MARK: Registering

    func addObserver(_ receive: @escaping @MainActor (R.State) -> Void, reactor: R) -> ObservationToken {
        if !isBound { prepareState(reactor) }
        nextObserverID += 1
        let id = nextObserverID
        let observer = StateObserver(id: id, receive: receive)
        observerBoxes.append(observer)
        hot.value.observers.append(UnretainedObserver(observer))
        receive(shownState)
        return ObservationToken { [handle] in
            handle.runtime?.cancelObserver(id)
        }
    }

    /// Stops observer `id` at once; during a notification its slot calls a no-op until the end.
    func cancelObserver(_ id: Int) {
        guard let index = observerBoxes.firstIndex(where: { $0.id == id }) else { return }
        observerBoxes[index].isCancelled = true
        if let slot = hot.value.observers.firstIndex(where: { $0.id == id }) {
            hot.value.observers[slot] = UnretainedObserver(silentObserver)
        }
        hot.value.hasDeferredRemovals = true
        removeCancelledObservers()
    }

    /// Stops event observer `id` at once, the same way.
    func cancelEventObserver(_ id: Int) {
        guard let index = eventObserverBoxes.firstIndex(where: { $0.id == id }) else { return }
        eventObserverBoxes[index].isCancelled = true
        if let slot = hot.value.eventObservers.firstIndex(where: { $0.object.id == id }) {
            hot.value.eventObservers[slot] = Unretained(silentEventObserver)
        }
        hasEventObservers = eventObserverBoxes.contains { !$0.isCancelled } || reductionFollower != nil
        hot.value.hasDeferredRemovals = true
        removeCancelledObservers()
    }

    /// Drops cancelled observers of both kinds once no notification is running.
    @usableFromInline
    func removeCancelledObservers() {
        guard hot.value.notifyDepth == 0 else { return }
        hot.value.hasDeferredRemovals = false
        hot.value.observers = observerBoxes.compactMap { $0.isCancelled ? nil : UnretainedObserver($0) }
        observerBoxes.removeAll { $0.isCancelled }
        eventObserverBoxes.removeAll { $0.isCancelled }
        hot.value.eventObservers = eventObserverBoxes.map { Unretained($0) }
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
        if !isBound { prepareState(reactor) }
        nextObserverID += 1
        let id = nextObserverID
        let observer = EventObserver(id: id, action: action, reduction: reduction, effect: effect)
        eventObserverBoxes.append(observer)
        hot.value.eventObservers.append(Unretained(observer))
        hasEventObservers = true
        return ObservationToken { [handle] in
            handle.runtime?.cancelEventObserver(id)
        }
    }
}
