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
///
/// Effects (see `Store+Effects.swift`) run after the state observers have seen the new state,
/// as in ReCombine; a stubbed store still runs them on the actions it records (ReCombine's
/// `MockStore`).
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

    /// The effects, in registration order, each with its registration number.
    var effects: [(number: Int, effect: StoreEffect<State, Action>)] = []
    var lastEffectNumber = 0
    /// Actions a stubbed store recorded while its effects ran, waiting their turn (breadth-first).
    var stubbedActionsToRun: [Action] = []
    var isRunningStubbedEffects = false

    /// Creates a store that reduces with `reducer` from `initialState`, running `effects` after
    /// each reduced action, on `scheduler` (a fresh real-clock scheduler by default). These effects
    /// live as long as the store.
    public init(
        reducer: @escaping ReducerFn<State, Action>,
        initialState: State,
        effects: [StoreEffect<State, Action>] = [],
        scheduler: Scheduler = Scheduler()
    ) {
        self.reducer = reducer
        self.initialState = initialState
        self.runtime = ReactorRuntime(scheduler: scheduler)
        for effect in effects { add(effect) }
    }

    /// Applies the reducer.
    @inlinable
    public func reduce(state: consuming State, mutation: Action) -> State {
        reducer(state, mutation)
    }

    /// Dispatches `action` (the same as ``Reactor/send(_:)``).
    @inlinable
    public func dispatch(_ action: Action) {
        send(action)
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
