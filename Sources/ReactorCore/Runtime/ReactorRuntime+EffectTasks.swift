/// Effect units: the counted main-actor tasks that run the waiting part of effects.
extension ReactorRuntime {
    /// Creates a counted effect unit running `effect` in a main-actor task.
    ///
    /// With `batched` (the effects an action or a store effect starts), the task is not enqueued
    /// on its own: the unit joins the scheduler's batch of effects to start (see
    /// ``Scheduler/enqueueStart(_:)``), and in the batch's turn its task is started with
    /// `Task.immediate`, running until it first suspends before the next unit of the batch
    /// starts: the order separate tasks would have run in, at one queue entry per batch. Without `batched` (a child unit its parent task awaits),
    /// the task is created and enqueued at once.
    ///
    /// The `cancellable` parts of `effect` are registered now (``CancellableReservations``), and
    /// their `cancelInFlight` done now; a child unit, spawned for a part of its parent's effect,
    /// shares its parent's `reservations` instead.
    @inlinable
    func spawn<Output>(
        _ effect: Effect<Output>, actionID: Int?, cancellation: CancellationIDBox?, batched: Bool = false,
        sharing parentReservations: CancellableReservations?? = .none,
        deliver: @escaping EffectDelivery<Output>
    ) -> EffectUnit {
        if case .run(let body) = effect.kind {
            return spawnRun(body, actionID: actionID, cancellation: cancellation, batched: batched, deliver: deliver)
        }
        let reservations: CancellableReservations?
        if case .some(let shared) = parentReservations {
            reservations = shared
        } else {
            reservations = CancellableReservations.collect(in: effect)
            if let reservations {
                for reservation in reservations.reservations where reservation.cancelsInFlight {
                    cancelEffects(id: reservation.id, by: actionID)
                }
            }
        }
        let unit = makeUnit(actionID: actionID, cancellation: cancellation)
        unit.reservations = reservations
        if let reservations, case .none = parentReservations { openReservations(reservations, of: unit) }
        let host = handle
        startTask(of: unit, batched: batched) { @MainActor in
            var phase = EffectPhase.finished
            do {
                try await RunningEffect.ofTask.withValue(RunningEffect(unit)) {
                    try await Self.perform(effect, unit: unit, host: host, clock: unit.scheduler.clock, deliver: deliver)
                }
            } catch {
                phase = Self.phase(endedBy: error)
            }
            Self.finish(unit, phase)
        }
        return unit
    }

    /// ``spawn(_:actionID:cancellation:batched:deliver:)`` for a plain `run`, the common case:
    /// its task calls the body directly and holds nothing but what the body needs.
    @inlinable
    func spawnRun<Output>(
        _ body: @escaping @MainActor (Send<Output>) async throws -> Void, actionID: Int?,
        cancellation: CancellationIDBox?, batched: Bool, deliver: @escaping EffectDelivery<Output>
    ) -> EffectUnit {
        let unit = makeUnit(actionID: actionID, cancellation: cancellation)
        startTask(of: unit, batched: batched) { @MainActor in
            var phase = EffectPhase.finished
            do {
                try await RunningEffect.ofTask.withValue(RunningEffect(unit)) {
                    try await body(Send(clock: unit.scheduler.clock, unit: unit, deliver: deliver))
                }
            } catch {
                phase = Self.phase(endedBy: error)
            }
            Self.finish(unit, phase)
        }
        return unit
    }

    /// A new effect unit: numbered, listed among the live effects, counted, reported as started.
    @inlinable
    func makeUnit(actionID: Int?, cancellation: CancellationIDBox?) -> EffectUnit {
        let unit = EffectUnit(id: scheduler.makeEffectID(), actionID: actionID, cancellation: cancellation, scheduler: scheduler)
        linkLive(unit)
        scheduler.effectStarted()
        if hasEventObservers { reportEffect(unit, .started) }
        return unit
    }

    /// Starts the task of `unit` running `operation`: in the scheduler's batch, or at once.
    @inlinable
    func startTask(of unit: EffectUnit, batched: Bool, _ operation: @escaping @MainActor @Sendable () async -> Void) {
        if batched {
            unit.startsInBatch = true
            unit.operation = operation
            scheduler.enqueueStart(unit)
        } else {
            unit.task = Task(operation: operation)
        }
    }

    /// How an effect whose task threw `error` ended.
    @inlinable
    static func phase(endedBy error: any Error) -> EffectPhase {
        error is CancellationError ? .cancelled : .failed(error)
    }

    /// Ends the task of `unit` in `phase` (a cancellation counts even if the body returned).
    @inlinable
    static func finish(_ unit: EffectUnit, _ phase: EffectPhase) {
        var phase = phase
        if case .finished = phase, unit.isCancelledWithTask { phase = .cancelled }
        unit.markEnded()
        guard let runtime = liveRuntime(of: unit) else {
            unit.scheduler.effectEnded()
            return
        }
        if runtime.borrow({ $0.hasEventObservers }) {
            // Held strongly while observers run: one may let the reactor go.
            runtime.object.effectEnded(unit, phase)
        } else {
            runtime.borrow { $0.unlinkLive(unit) }
            unit.scheduler.effectEnded()
        }
    }

    /// Runs `effect` inside the task of `unit`. Errors end the unit; child units contain theirs.
    @inlinable
    static func perform<Output>(
        _ effect: Effect<Output>, unit: EffectUnit, host: RuntimeHandle<R>, clock: any ReactorClock,
        deliver: @escaping EffectDelivery<Output>
    ) async throws {
        switch effect.kind {
        case .none:
            return
        case .just(let output):
            if unit.acceptsOutput && !Task.isCancelled { deliver(output, unit) }
        case .sequence(let outputs):
            for output in outputs where unit.acceptsOutput && !Task.isCancelled { deliver(output, unit) }
        case .run(let body):
            try await body(Send(clock: clock, unit: unit, deliver: deliver))
        case .concatenate(let effects):
            for element in effects {
                // The unit's flag first: a unit cancelled during its synchronous start has no
                // task to cancel yet.
                if unit.isCancelled { throw CancellationError() }
                try Task.checkCancellation()
                try await perform(element, unit: unit, host: host, clock: clock, deliver: deliver)
            }
        case .delayedOutputs(let duration, let outputs):
            try await clock.sleep(for: duration)
            for output in outputs where unit.acceptsOutput && !Task.isCancelled { deliver(output, unit) }
        case .composite(let composite):
            try await perform(composite, unit: unit, host: host, clock: clock, deliver: deliver)
        }
    }


    @inlinable
    static func perform<Output>(
        _ composite: CompositeEffect<Output>, unit: EffectUnit, host: RuntimeHandle<R>, clock: any ReactorClock,
        deliver: @escaping EffectDelivery<Output>
    ) async throws {
        switch composite.node {
        case .merge(let effects):
            var children: [EffectUnit] = []
            for element in effects {
                if element.isSynchronous {
                    try await perform(element, unit: unit, host: host, clock: clock, deliver: deliver)
                } else if let runtime = host.runtime {
                    children.append(runtime.spawn(
                        element, actionID: unit.actionID, cancellation: nil, sharing: .some(unit.reservations),
                        deliver: deliver))
                }
            }
            for child in children { await wait(for: child, in: unit) }
        case .delay(let duration, let inner):
            try await clock.sleep(for: duration)
            try await perform(inner, unit: unit, host: host, clock: clock, deliver: deliver)
        case .cancellable(let id, let cancelInFlight, let inner):
            guard let child = spawnCancellablePart(
                composite, id: id, cancelInFlight: cancelInFlight, inner, unit: unit, host: host, deliver: deliver)
            else { return }
            await wait(for: child, in: unit)
        case .cancel(let id):
            host.runtime?.cancelEffects(id: id, by: unit.actionID)
        }
    }

    /// Starts the child unit that runs `inner`, the body of the `cancellable` part `composite` of
    /// `unit`'s effect; nil when the part is skipped (its reservation was cancelled) or the
    /// reactor is gone.
    ///
    /// The runtime is held strongly only in here, never across the parent's wait for the child: a
    /// parent task that held it while parked would keep the runtime alive after its reactor is
    /// released, so the runtime's deinit, which cancels its effects, would never run, and a child
    /// parked on the virtual clock would keep the clock (and itself) alive for good.
    @inlinable
    static func spawnCancellablePart<Output>(
        _ composite: CompositeEffect<Output>, id: AnyHashable, cancelInFlight: Bool, _ inner: Effect<Output>,
        unit: EffectUnit, host: RuntimeHandle<R>, deliver: @escaping EffectDelivery<Output>
    ) -> EffectUnit? {
        guard let runtime = host.runtime else { return nil }
        if let reservation = unit.reservations?.take(composite) {
            // Registered (and `cancelInFlight` done) when the effect was created; cancelled
            // since, it is skipped, and an enclosing concatenation goes on.
            if reservation.isCancelled { return nil }
        } else if cancelInFlight {
            runtime.cancelEffects(id: id, by: unit.actionID)
        }
        return runtime.spawn(
            inner, actionID: unit.actionID, cancellation: CancellationIDBox(id), sharing: .some(unit.reservations), deliver: deliver)
    }

    /// Waits for a child unit to end; cancelling the parent cancels the child.
    @inlinable
    static func wait(for child: EffectUnit, in parent: EffectUnit) async {
        guard let task = child.task else { return }
        if !child.hasEnded {
            // Released by the child when it ends (`markEnded`), not when this parent resumes.
            child.waitingParents += 1
            parent.scheduler.parentStartedWaitingOnChild()
        }
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Forgets the ended `unit`, reports its end and uncounts it.
    @inlinable
    func effectEnded(_ unit: EffectUnit, _ phase: EffectPhase) {
        unlinkLive(unit)
        if hasEventObservers { reportEffect(unit, phase) }
        unit.scheduler.effectEnded()
    }

}
