/// A ReCombine-style store: a reactor whose mutations are its actions, reduced by a plain
/// reducer function, with effects that react to actions and may dispatch more.
///
/// A store plugs into everything a ``Reactor`` offers (observation, runtime events, the shell).
///
/// ```swift
/// let store = Store(
///     reducer: combineReducers(forKey(\Score.home, homeReducer), forKey(\Score.away, awayReducer)),
///     initialState: Score()
/// )
/// store.dispatch(.homeScore)
/// ```
@MainActor
public final class Store<State, Action>: Reactor {
    /// A store's mutations are its actions.
    public typealias Mutation = Action

    /// The state before any action.
    public let initialState: State

    /// The pipeline storage.
    public let runtime: ReactorRuntime<Store<State, Action>>

    @usableFromInline
    let reducer: ReducerFn<State, Action>

    private var effects: [StoreEffect<State, Action>]
    private var effectsToken: ObservationToken?

    /// Creates a store that reduces with `reducer` from `initialState`, running `effects` after
    /// each reduced action, on `scheduler` (a fresh real-clock scheduler by default).
    public init(
        reducer: @escaping ReducerFn<State, Action>,
        initialState: State,
        effects: [StoreEffect<State, Action>] = [],
        scheduler: Scheduler = Scheduler()
    ) {
        self.reducer = reducer
        self.initialState = initialState
        self.effects = effects
        self.runtime = ReactorRuntime(scheduler: scheduler)
        if !effects.isEmpty { installEffects() }
    }

    /// Applies the reducer.
    @inlinable
    public func reduce(state: State, mutation: Action) -> State {
        reducer(state, mutation)
    }

    /// Dispatches `action` (the same as ``Reactor/send(_:)``).
    @inlinable @inline(__always)
    public func dispatch(_ action: Action) {
        send(action)
    }

    /// Adds an effect; it sees actions dispatched from now on.
    public func register(_ effect: StoreEffect<State, Action>) {
        effects.append(effect)
        if effectsToken == nil { installEffects() }
    }

    private func installEffects() {
        effectsToken = observeRuntimeEvents(
            actions: { _, _ in },
            reductions: { [weak self] actionID, action, state in
                self?.runEffects(after: action, state: state, actionID: actionID)
            },
            effects: { _ in })
    }

    private func runEffects(after action: Action, state: State, actionID: Int?) {
        for effect in effects {
            switch effect.body {
            case .nonDispatching(let body):
                body(action, state)
            case .dispatching(let body):
                let output = body(action, state)
                let sink = EffectSink<Action>(
                    inline: { [weak self] next in self?.send(next) },
                    later: { [weak self] next, _ in self?.send(next) }
                )
                runtime.start(output, actionID: actionID, sink: sink)
            }
        }
    }

    /// Calls `observer` with the selected value now, then whenever it changes.
    public func select<Value: Equatable>(
        _ selector: Selector<State, Value>, _ observer: @escaping @MainActor (Value) -> Void
    ) -> ObservationToken {
        select({ selector($0) }, observer)
    }

    /// Calls `observer` with the value at `keyPath` now, then whenever it changes.
    public func select<Value: Equatable>(
        _ keyPath: KeyPath<State, Value>, _ observer: @escaping @MainActor (Value) -> Void
    ) -> ObservationToken {
        observe(keyPath, observer)
    }

    /// Calls `observer` with `projection(state)` now, then whenever it changes.
    public func select<Value: Equatable>(
        _ projection: @escaping @MainActor (State) -> Value, _ observer: @escaping @MainActor (Value) -> Void
    ) -> ObservationToken {
        var last: Value?
        return observe { state in
            let value = projection(state)
            if last != value {
                last = value
                observer(value)
            }
        }
    }
}
