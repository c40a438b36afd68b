/// Re-entrancy: work that arrives while the reactor is busy (an action sent from `reduce`, an
/// observer or a store effect; an effect's output; a merged source's element) waits in a queue
/// and is done in arrival order once the current work is over, never recursively.
extension ReactorRuntime {
    /// Work that arrived while the reactor was busy.
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

    @usableFromInline
    func recordStubbed(_ action: R.Action) {
        stubStorage?.record(action)
        stubbedActionFollower?(action)
    }

    @inlinable var hasPendingWork: Bool { hot.value.pendingHead < hot.value.pending.count }

    /// Handles work arriving from outside a send (a merged source).
    @inlinable
    func receive(_ work: PendingWork) {
        guard let reactor = owner else { return }
        if isBusy {
            hot.value.pending.append(work)
            return
        }
        isBusy = true
        perform(work, reactor)
        if hasPendingWork { drainPending(reactor) }
        isBusy = false
    }

    /// ``receive(_:)`` of a mutation an effect unit sent: applied directly when the reactor is
    /// idle, without building a `PendingWork` value.
    @inlinable
    func receiveMutation(_ mutation: R.Mutation, actionID: Int?) {
        guard let reactor = owner else { return }
        if isBusy {
            hot.value.pending.append(.mutation(mutation, actionID: actionID))
            return
        }
        isBusy = true
        apply(mutation, actionID: actionID, flags: flags, reactor)
        if hasPendingWork { drainPending(reactor) }
        isBusy = false
    }

    /// ``receiveMutation(_:actionID:)`` for outputs of `unit` delivered together (a timer's), in
    /// order, as long as the unit accepts output, with the reactor loaded from its weak reference
    /// once instead of once each (a load and a release through the reactor's side table).
    @inlinable
    func receiveMutations(_ mutations: [R.Mutation], from unit: EffectUnit) {
        guard var reactor = owner else { return }
        for mutation in mutations where unit.acceptsOutput {
            if isBusy {
                hot.value.pending.append(.mutation(mutation, actionID: unit.actionID))
                continue
            }
            isBusy = true
            apply(mutation, actionID: unit.actionID, flags: flags, reactor)
            if hasPendingWork { drainPending(reactor) }
            isBusy = false
            // Let go meanwhile (this is the last reference): the weak reference would be nil for
            // the next mutation, which is dropped, as are the rest.
            if isKnownUniquelyReferenced(&reactor) { return }
        }
    }

    /// Does the queued work, including what it queues in turn, then empties the queue.
    @inlinable
    func drainPending(_ reactor: R) {
        while hasPendingWork {
            let work = hot.value.pending[hot.value.pendingHead]
            hot.value.pendingHead += 1
            perform(work, reactor)
        }
        hot.value.pending.removeAll(keepingCapacity: true)
        hot.value.pendingHead = 0
    }

    @inlinable
    func perform(_ work: PendingWork, _ reactor: R) {
        switch work {
        case .action(let action):
            if isStubbed {
                recordStubbed(action)
            } else {
                process(action, flags: flags, viaFlow: true, reactor)
            }
        case .sourceAction(let action):
            process(action, flags: flags, viaFlow: false, reactor)
        case .mutation(let mutation, let actionID):
            apply(mutation, actionID: actionID, flags: flags, reactor)
        case .sourceMutation(let mutation):
            reduce(mutation, actionID: nil, flags: flags, reactor)
        }
    }
}
