/// A reactor: ReactorKit's unidirectional model of a view's behaviour.
///
/// An `Action` goes through `transform(action:)`, `mutate(action:)` turns it into an
/// ``Effect`` of mutations, every `Mutation` goes through `transform(mutation:)` and is reduced
/// into the `State` by `reduce(state:mutation:)`, and each new state passes `transform(state:)`
/// before it becomes ``currentState`` and observers see it.
///
/// Conform a final class and give it a stored runtime:
///
/// ```swift
/// final class CounterReactor: Reactor {
///     enum Action { case increase }
///     enum Mutation { case increaseValue }
///     struct State { var value = 0 }
///     let initialState = State()
///     let runtime = ReactorRuntime<CounterReactor>()
///     func mutate(action: Action) -> Effect<Mutation> { .just(.increaseValue) }
///     func reduce(state: State, mutation: Mutation) -> State {
///         var state = state
///         state.value += 1
///         return state
///     }
/// }
/// ```
@MainActor
public protocol Reactor: AnyObject {
    /// What the outside world asks for (user input, commands).
    associatedtype Action
    /// A change to the state; defaults to `Action`.
    associatedtype Mutation = Action
    /// The state the reactor holds.
    associatedtype State

    /// The state before any mutation.
    var initialState: State { get }

    /// The pipeline storage; declare it as `let runtime = ReactorRuntime<Self>()`.
    var runtime: ReactorRuntime<Self> { get }

    /// Turns an action into the effect that produces its mutations.
    func mutate(action: Action) -> Effect<Mutation>

    /// Returns the state after applying `mutation` to `state`.
    func reduce(state: State, mutation: Mutation) -> State

    /// Transforms the action stream once, at set-up (identity by default): filter, map, or merge
    /// external sources of actions.
    func transform(action: Flow<Action>) -> Flow<Action>

    /// Transforms the mutation stream once, at set-up (identity by default): typically merges a
    /// service's events, which are then reduced like any other mutation.
    func transform(mutation: Flow<Mutation>) -> Flow<Mutation>

    /// Transforms each state after reduction, before it becomes ``currentState``
    /// (identity by default). The initial state passes through it too.
    func transform(state: State) -> State
}

extension Reactor {
    /// The identity: actions pass unchanged.
    @inlinable
    public func transform(action: Flow<Action>) -> Flow<Action> { action }

    /// The identity: mutations pass unchanged.
    @inlinable
    public func transform(mutation: Flow<Mutation>) -> Flow<Mutation> { mutation }

    /// The identity: states pass unchanged.
    @inlinable
    public func transform(state: State) -> State { state }
}

extension Reactor where Action == Mutation {
    /// When actions are their own mutations, each action is reduced as it is.
    @inlinable
    public func mutate(action: Action) -> Effect<Mutation> { .just(action) }
}
