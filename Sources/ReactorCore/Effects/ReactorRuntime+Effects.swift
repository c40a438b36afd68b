/// The effect engine: synchronous parts inline, waiting parts in counted main-actor tasks.
extension ReactorRuntime {
    /// Starts an effect of the reactor's own mutations (the slow path of `mutate`): specialized
    /// for the reactor, but never inlined into the synchronous pipeline.
    @inlinable @inline(never)
    func startOwnEffect(_ effect: consuming Effect<R.Mutation>, actionID: Int, _ reactor: R) {
        // Captures nothing, so creating it allocates and retains nothing.
        let later: EffectDelivery<R.Mutation> = { mutation, unit in
            // Unretained: `receiveMutation` retains the reactor, which owns the runtime, before
            // anything else (and does nothing if the reactor is gone).
            guard let runtime = Self.liveRuntime(of: unit) else { return }
            runtime._withUnsafeGuaranteedRef { $0.receiveMutation(mutation, actionID: unit.actionID) }
        }
        if case .run(let body) = effect.kind {
            // The common asynchronous effect has nothing to deliver inline.
            _ = spawnRun(body, actionID: actionID, cancellationID: nil, batched: true, deliver: later)
            return
        }
        start(effect, actionID: actionID, sink: OwnMutationSink(runtime: self, actionID: actionID, reactor: reactor, later: later))
    }

    /// Starts `effect`: its synchronous prefix now, the rest as effect tasks.
    @inlinable
    func start<Sink: EffectOutputSink>(_ effect: Effect<Sink.Output>, actionID: Int?, sink: Sink) {
        switch effect.kind {
        case .none:
            return
        case .just(let output):
            sink.inline(output)
        case .sequence(let outputs):
            for output in outputs { sink.inline(output) }
        case .run:
            _ = spawn(effect, actionID: actionID, cancellationID: nil, batched: true, deliver: sink.later)
        case .concatenate(let effects):
            for (index, element) in effects.enumerated() {
                if element.isSynchronous {
                    start(element, actionID: actionID, sink: sink)
                } else {
                    if index == effects.count - 1, let timer = timerForm(of: element) {
                        startTimer(timer.duration, timer.outputs, actionID: actionID, cancellationID: nil, deliver: sink.later)
                        return
                    }
                    let rest = Effect<Sink.Output>.concatenate(Array(effects[index...]))
                    _ = spawn(rest, actionID: actionID, cancellationID: nil, batched: true, deliver: sink.later)
                    return
                }
            }
        case .delayedOutputs(let duration, let outputs):
            if scheduler.virtualClock != nil {
                startTimer(duration, outputs, actionID: actionID, cancellationID: nil, deliver: sink.later)
            } else {
                _ = spawn(effect, actionID: actionID, cancellationID: nil, batched: true, deliver: sink.later)
            }
        case .composite(let composite):
            start(composite, actionID: actionID, sink: sink)
        }
    }

    @inlinable
    func start<Sink: EffectOutputSink>(_ composite: CompositeEffect<Sink.Output>, actionID: Int?, sink: Sink) {
        switch composite.node {
        case .merge(let effects):
            for element in effects { start(element, actionID: actionID, sink: sink) }
        case .cancellable(let id, let cancelInFlight, let inner):
            if cancelInFlight { cancelEffects(id: id) }
            if inner.isSynchronous {
                start(inner, actionID: actionID, sink: sink)
            } else if let timer = timerForm(of: inner) {
                startTimer(timer.duration, timer.outputs, actionID: actionID, cancellationID: id, deliver: sink.later)
            } else {
                _ = spawn(inner, actionID: actionID, cancellationID: id, batched: true, deliver: sink.later)
            }
        case .cancel(let id):
            cancelEffects(id: id)
        case .delay(let duration, let inner):
            if let outputs = plainOutputs(of: inner), scheduler.virtualClock != nil {
                startTimer(duration, outputs, actionID: actionID, cancellationID: nil, deliver: sink.later)
            } else {
                _ = spawn(Effect(kind: .composite(composite)), actionID: actionID, cancellationID: nil, batched: true, deliver: sink.later)
            }
        }
    }

    /// Creates a counted effect unit running `effect` in a main-actor task.
    ///
    /// With `batched` (the effects an action or a store effect starts), the task is not enqueued
    /// on its own: the unit joins the scheduler's batch of effects to start (see
    /// ``Scheduler/enqueueStart(_:)``), and in the batch's turn its task is started with
    /// `Task.immediate`, running until it first suspends before the next unit of the batch
    /// starts. That is the order separate tasks would have run in, without a queue entry, a
    /// wake-up and a task switch each. Without `batched` (a child unit its parent task awaits),
    /// the task is created and enqueued at once.
    @inlinable
    func spawn<Output>(
        _ effect: Effect<Output>, actionID: Int?, cancellationID: AnyHashable?, batched: Bool = false,
        deliver: @escaping EffectDelivery<Output>
    ) -> EffectUnit {
        if case .run(let body) = effect.kind {
            return spawnRun(body, actionID: actionID, cancellationID: cancellationID, batched: batched, deliver: deliver)
        }
        let unit = makeUnit(actionID: actionID, cancellationID: cancellationID)
        let host = weakHandle
        startTask(of: unit, batched: batched) { @MainActor in
            var phase = EffectPhase.finished
            do {
                try await Self.perform(effect, unit: unit, host: host, clock: unit.scheduler.clock, deliver: deliver)
            } catch {
                phase = Self.phase(endedBy: error)
            }
            Self.finish(unit, phase)
        }
        return unit
    }

    /// ``spawn(_:actionID:cancellationID:batched:deliver:)`` for a plain `run`, the common case:
    /// its task calls the body directly (one async call, so one executor check, less) and holds
    /// nothing but what the body needs.
    @inlinable
    func spawnRun<Output>(
        _ body: @escaping @MainActor (Send<Output>) async throws -> Void, actionID: Int?,
        cancellationID: AnyHashable?, batched: Bool, deliver: @escaping EffectDelivery<Output>
    ) -> EffectUnit {
        let unit = makeUnit(actionID: actionID, cancellationID: cancellationID)
        startTask(of: unit, batched: batched) { @MainActor in
            var phase = EffectPhase.finished
            do {
                try await body(Send(clock: unit.scheduler.clock, unit: unit, deliver: deliver))
            } catch {
                phase = Self.phase(endedBy: error)
            }
            Self.finish(unit, phase)
        }
        return unit
    }

    /// A new effect unit: numbered, listed among the live effects, counted, reported as started.
    @inlinable
    func makeUnit(actionID: Int?, cancellationID: AnyHashable?) -> EffectUnit {
        lastEffectID += 1
        let unit = EffectUnit(id: lastEffectID, actionID: actionID, cancellationID: cancellationID, scheduler: scheduler)
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
        if runtime._withUnsafeGuaranteedRef({ $0.hasEventObservers }) {
            // Held strongly while observers run: one may let the reactor go.
            runtime.takeUnretainedValue().effectEnded(unit, phase)
        } else {
            runtime._withUnsafeGuaranteedRef { $0.unlinkLive(unit) }
            unit.scheduler.effectEnded()
        }
    }

    /// Runs `effect` inside the task of `unit`. Errors end the unit; child units contain theirs.
    @inlinable
    static func perform<Output>(
        _ effect: Effect<Output>, unit: EffectUnit, host: WeakRuntime<R>, clock: any ReactorClock,
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
        _ composite: CompositeEffect<Output>, unit: EffectUnit, host: WeakRuntime<R>, clock: any ReactorClock,
        deliver: @escaping EffectDelivery<Output>
    ) async throws {
        switch composite.node {
        case .merge(let effects):
            var children: [EffectUnit] = []
            for element in effects {
                if element.isSynchronous {
                    try await perform(element, unit: unit, host: host, clock: clock, deliver: deliver)
                } else if let runtime = host.runtime {
                    children.append(runtime.spawn(element, actionID: unit.actionID, cancellationID: nil, deliver: deliver))
                }
            }
            for child in children { await wait(for: child, in: unit) }
        case .delay(let duration, let inner):
            try await clock.sleep(for: duration)
            try await perform(inner, unit: unit, host: host, clock: clock, deliver: deliver)
        case .cancellable(let id, let cancelInFlight, let inner):
            guard let runtime = host.runtime else { return }
            if cancelInFlight { runtime.cancelEffects(id: id) }
            let child = runtime.spawn(inner, actionID: unit.actionID, cancellationID: id, deliver: deliver)
            await wait(for: child, in: unit)
        case .cancel(let id):
            host.runtime?.cancelEffects(id: id)
        }
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

    /// The runtime of `unit`, unretained, while the unit is live (see ``EffectUnit/liveOwner``).
    @inlinable
    static func liveRuntime(of unit: EffectUnit) -> Unmanaged<ReactorRuntime>? {
        guard unit.isLive, let owner = unit.liveOwner else { return nil }
        return Unmanaged.fromOpaque(owner)
    }

    /// Appends `unit` to the list of live effects.
    @inlinable
    func linkLive(_ unit: EffectUnit) {
        unit.liveOwner = Unmanaged.passUnretained(self).toOpaque()
        unit.previousLive = lastLiveEffect
        if let last = lastLiveEffect {
            last.nextLive = unit
        } else {
            firstLiveEffect = unit
        }
        lastLiveEffect = unit
        unit.isLive = true
    }

    /// Removes `unit` from the list of live effects, if it is there. The caller holds `unit`.
    @inlinable
    func unlinkLive(_ unit: EffectUnit) {
        guard unit.isLive else { return }
        unit.isLive = false
        let next = unit.nextLive
        let previous = unit.previousLive
        unit.nextLive = nil
        unit.previousLive = nil
        if let next {
            next.previousLive = previous
        } else {
            lastLiveEffect = previous
        }
        if let previous {
            previous.nextLive = next
        } else {
            firstLiveEffect = next
        }
    }

    /// Reports a step in the life of `unit` to the event observers (callers check that there are
    /// any: building the event's type costs more than the rest of a report's absence).
    /// Inlinable, so that it is specialized for the reactor like the rest of the effect path (the
    /// generic form looked the event's type metadata up on every report).
    @inlinable
    func reportEffect(_ unit: EffectUnit, _ phase: EffectPhase) {
        emitEffect(EffectEvent(
            effectID: unit.id, actionID: unit.actionID, cancellationID: unit.cancellationID,
            phase: phase, time: scheduler.clock.now
        ))
    }

    /// Cancels every effect task running under `id`.
    @usableFromInline
    func cancelEffects(id: AnyHashable) {
        for unit in liveEffectsInStartOrder where unit.cancellationID == id { unit.cancel() }
    }

    /// Cancels every effect task of the reactor.
    @usableFromInline
    func cancelAll() {
        for unit in liveEffectsInStartOrder { unit.cancel() }
    }

    /// The live effect units, oldest first (so cancellations happen in a deterministic order),
    /// collected before any is cancelled.
    var liveEffectsInStartOrder: [EffectUnit] {
        var units: [EffectUnit] = []
        var unit = firstLiveEffect
        while let current = unit {
            units.append(current)
            unit = current.nextLive
        }
        return units
    }
}
