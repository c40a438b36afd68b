/// Sending, reading and observing: what a view (or the shell) uses.
extension Reactor {
    /// This reactor as the class its runtime is declared for: itself for a final class, its base
    /// class for a subclass of a non-final reactor. A reinterpretation, no check: the runtime
    /// checks once, when it sets the pipeline up, that the reactor is an instance of that class.
    @inlinable
    var runtimeOwner: RuntimeOwner { assumingType(self, RuntimeOwner.self) }

    /// The latest state (after `transform(state:)`); right even when nobody observes, and updated
    /// before observers are called.
    @inlinable
    public var currentState: State {
        runtime.currentState(of: runtimeOwner)
    }

    /// Sends `action` through the pipeline. Synchronous effects are reduced before this returns.
    /// Sent from inside `reduce` or an observer, the action is queued and processed after the
    /// current one, in the order sent.
    @inlinable @inline(__always)
    public func send(_ action: Action) {
        runtime.send(action, from: runtimeOwner)
    }

    /// Calls `observer` with the current state now, then with every later state, until the token
    /// is cancelled or released.
    public func observe(_ observer: @escaping @MainActor (State) -> Void) -> ObservationToken {
        runtime.addObserver(observer, reactor: runtimeOwner)
    }

    /// Calls `observer` with the value at `keyPath` now, then whenever a new state holds a
    /// different value.
    public func observe<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>, _ observer: @escaping @MainActor (Value) -> Void
    ) -> ObservationToken {
        var last: Value?
        return observe { state in
            let value = state[keyPath: keyPath]
            if last != value {
                last = value
                observer(value)
            }
        }
    }

    /// Calls `observer` with the pulse's value now, then on every assignment to the pulse (equal
    /// values included) and never on unrelated state changes (ReactorKit's `pulse(_:)`).
    public func observe<Value>(
        pulse keyPath: KeyPath<State, Pulse<Value>>, _ observer: @escaping @MainActor (Value) -> Void
    ) -> ObservationToken {
        var lastCount: UInt?
        return observe { state in
            let pulse = state[keyPath: keyPath]
            if lastCount != pulse.valueUpdatedCount {
                lastCount = pulse.valueUpdatedCount
                observer(pulse.value)
            }
        }
    }

    /// Calls `observer` with each runtime event of this reactor: actions processed, reductions,
    /// effect life. Meant for tools (a shell's log, a tracer); nothing is replayed on registration.
    public func observeRuntimeEvents(
        _ observer: @escaping @MainActor (RuntimeEvent<Action, Mutation, State>) -> Void
    ) -> ObservationToken {
        runtime.addEventObserver(observer, reactor: runtimeOwner)
    }

    /// ``observeRuntimeEvents(_:)`` with one closure per kind of event, called with the event's
    /// parts: `actions` with the action id and the action, `reductions` with the id of the action
    /// whose effect sent the mutation (nil for merged sources), the mutation and the new state,
    /// `effects` with the life events of effect tasks. The same events in the same order, without
    /// a ``RuntimeEvent`` value per event, which a tool that sees every event (a shell's log) pays for.
    public func observeRuntimeEvents(
        actions: @escaping @MainActor (_ actionID: Int, _ action: Action) -> Void,
        reductions: @escaping @MainActor (_ actionID: Int?, _ mutation: Mutation, _ state: State) -> Void,
        effects: @escaping @MainActor (EffectEvent) -> Void
    ) -> ObservationToken {
        runtime.addEventObserver(action: actions, reduction: reductions, effect: effects, reactor: runtimeOwner)
    }

    /// Sets the state directly — for time travel — and notifies state observers. Records no
    /// reduction and leaves running effects alone.
    public func restore(state: State) {
        runtime.restore(state, reactor: runtimeOwner)
    }

    /// Cancels every effect of this reactor that is in flight.
    public func cancelAllEffects() {
        runtime.cancelAll()
    }

    /// Cancels this reactor's effects and puts it back to its initial state (through
    /// `transform(state:)`), notifying state observers.
    public func reset() {
        runtime.cancelAll()
        runtime.reset(reactor: runtimeOwner)
    }

    /// The reactor's stub (ReactorKit's `Stub`): with ``Stub/isEnabled`` on, sent actions are
    /// recorded instead of processed, and a test sets ``Stub/state`` directly.
    public var stub: Stub<RuntimeOwner> {
        runtime.stub(for: runtimeOwner)
    }

    /// The scheduler this reactor's effects run on.
    public var scheduler: Scheduler {
        runtime.scheduler
    }
}
