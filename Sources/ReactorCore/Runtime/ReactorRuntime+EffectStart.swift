/// Starting an effect: its synchronous prefix inline, the part that waits as counted effect units
/// (`ReactorRuntime+EffectTasks.swift`), or as timers on a virtual clock (`+Timers`).
extension ReactorRuntime {
    /// Starts an effect of the reactor's own mutations: specialized for the reactor, but never
    /// inlined into the synchronous pipeline, which stays small.
    @inlinable @inline(never)
    func startOwnEffect(_ effect: consuming Effect<R.Mutation>, actionID: Int, _ reactor: R) {
        // Captures nothing, so making it allocates nothing.
        let later: EffectDelivery<R.Mutation> = { mutation, unit in
            guard let runtime = Self.liveRuntime(of: unit) else { return }
            // Not through `Unretained.borrow`: its closure is not isolated, so a main-actor
            // closure passed to it checks the executor at every call.
            runtime.object.receiveMutation(mutation, actionID: unit.actionID)
        }
        if case .run(let body) = effect.kind {
            _ = spawnRun(body, actionID: actionID, cancellation: nil, batched: true, deliver: later)
            return
        }
        // A timer's outputs: the reactor is loaded from its weak reference once for all of them.
        let laterBatch: EffectBatchDelivery<R.Mutation> = { mutations, unit in
            guard let runtime = Self.liveRuntime(of: unit) else { return }
            runtime.object.receiveMutations(mutations, from: unit)
        }
        let sink = OwnMutationSink(runtime: self, actionID: actionID, reactor: reactor, later: later, laterBatch: laterBatch)
        start(effect, actionID: actionID, sink: sink)
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
            _ = spawn(effect, actionID: actionID, cancellation: nil, batched: true, deliver: sink.later)
        case .concatenate(let effects):
            for (index, element) in effects.enumerated() {
                if element.isSynchronous {
                    start(element, actionID: actionID, sink: sink)
                } else {
                    if index == effects.count - 1, let timer = timerForm(of: element) {
                        startTimer(timer.duration, timer.outputs, actionID: actionID, cancellation: nil,
                            deliver: sink.later, deliverBatch: sink.laterBatch)
                        return
                    }
                    let rest = Effect<Sink.Output>.concatenate(Array(effects[index...]))
                    _ = spawn(rest, actionID: actionID, cancellation: nil, batched: true, deliver: sink.later)
                    return
                }
            }
        case .delayedOutputs(let duration, let outputs):
            if scheduler.virtualClock != nil {
                startTimer(duration, outputs, actionID: actionID, cancellation: nil,
                    deliver: sink.later, deliverBatch: sink.laterBatch)
            } else {
                _ = spawn(effect, actionID: actionID, cancellation: nil, batched: true, deliver: sink.later)
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
            if cancelInFlight { cancelEffects(id: id, by: actionID) }
            if inner.isSynchronous {
                start(inner, actionID: actionID, sink: sink)
            } else if let timer = timerForm(of: inner) {
                startTimer(timer.duration, timer.outputs, actionID: actionID, cancellation: CancellationIDBox(id),
                    deliver: sink.later, deliverBatch: sink.laterBatch)
            } else {
                _ = spawn(inner, actionID: actionID, cancellation: CancellationIDBox(id), batched: true, deliver: sink.later)
            }
        case .cancel(let id):
            cancelEffects(id: id, by: actionID)
        case .delay(let duration, let inner):
            if let outputs = plainOutputs(of: inner), scheduler.virtualClock != nil {
                startTimer(duration, outputs, actionID: actionID, cancellation: nil,
                    deliver: sink.later, deliverBatch: sink.laterBatch)
            } else {
                _ = spawn(Effect(kind: .composite(composite)), actionID: actionID, cancellation: nil, batched: true, deliver: sink.later)
            }
        }
    }
}
