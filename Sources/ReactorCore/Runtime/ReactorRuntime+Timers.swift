/// Delayed plain outputs on a virtual clock, run as clock timers instead of tasks.
///
/// `.delay(d, .just(m))` (or `.sequence`, or `.none`) on a ``VirtualClock`` is an effect unit
/// like any other — counted by the scheduler from start to end, reported as started and
/// finished or cancelled, cancellable by id — but it parks a timer on the clock instead of a
/// task. When the clock reaches the deadline it delivers the outputs synchronously, exactly as
/// the task would after its sleep, without creating, suspending or resuming a task (each of
/// which costs thread switches on Linux's main queue).
extension ReactorRuntime {
    /// A delay whose inner effect is a plain list of outputs, on a virtual clock.
    @usableFromInline
    struct TimerForm<Output> {
        @usableFromInline let duration: Duration
        @usableFromInline let outputs: [Output]

        @inlinable
        init(duration: Duration, outputs: [Output]) {
            self.duration = duration
            self.outputs = outputs
        }
    }

    /// `effect` as a timer, when it is `.delay(d, plain outputs)` and the clock is virtual.
    @inlinable
    func timerForm<Output>(of effect: Effect<Output>) -> TimerForm<Output>? {
        guard scheduler.virtualClock != nil else { return nil }
        switch effect.kind {
        case .delayedOutputs(let duration, let outputs):
            return TimerForm(duration: duration, outputs: outputs)
        case .composite(let composite):
            guard case .delay(let duration, let inner) = composite.node, let outputs = plainOutputs(of: inner) else {
                return nil
            }
            return TimerForm(duration: duration, outputs: outputs)
        default:
            return nil
        }
    }

    /// The outputs of `.none`, `.just` or `.sequence`; nil for anything else.
    @inlinable
    func plainOutputs<Output>(of effect: Effect<Output>) -> [Output]? {
        switch effect.kind {
        case .none: return []
        case .just(let output): return [output]
        case .sequence(let outputs): return outputs
        case .run, .concatenate, .delayedOutputs, .composite: return nil
        }
    }

    /// Starts a counted effect unit that delivers `outputs` after `duration` on the virtual clock.
    @inlinable
    func startTimer<Output>(
        _ duration: Duration, _ outputs: [Output], actionID: Int?, cancellation: CancellationIDBox?,
        deliver: @escaping EffectDelivery<Output>, deliverBatch: EffectBatchDelivery<Output>? = nil
    ) {
        guard let clock = scheduler.virtualClock else { return }
        let unit = EffectUnit(id: scheduler.makeEffectID(), actionID: actionID, cancellation: cancellation, scheduler: scheduler)
        linkLive(unit)
        scheduler.effectStarted()
        if hasEventObservers { reportEffect(unit, .started) }
        // The one closure serves both ends: fired by the clock, or run after a cancellation
        // (``EffectUnit/cancelParkedTimer()``), when the cancelled unit delivers nothing.
        unit.timer = clock.scheduleTimer(after: duration) {
            if unit.acceptsOutput && !outputs.isEmpty {
                TimerDelivery.deliver(for: unit) {
                    if let deliverBatch {
                        deliverBatch(outputs, unit)
                    } else {
                        for output in outputs where unit.acceptsOutput { deliver(output, unit) }
                    }
                }
            }
            Self.end(unit, unit.isCancelled ? .cancelled : .finished)
        }
    }

    /// Ends `unit` in `phase`: reported, removed from the live effects, uncounted. The runtime is
    /// reached through the unit, which is listed as live until its runtime ends it or goes away.
    @inlinable
    static func end(_ unit: EffectUnit, _ phase: EffectPhase) {
        unit.markEnded()
        unit.timer = nil
        if let runtime = liveRuntime(of: unit) {
            // Held strongly while observers run: one may let the reactor go.
            runtime.object.effectEnded(unit, phase)
        } else {
            unit.scheduler.effectEnded()
        }
    }
}
