/// A reactor: ReactorKit's unidirectional model of a view's behaviour.
///
/// An `Action` goes through `transform(action:)`, `mutate(action:)` turns it into an
/// ``Effect`` of mutations, every `Mutation` goes through `transform(mutation:)` and is reduced
/// into the `State` by `reduce(state:mutation:)`, and each new state passes `transform(state:)`
/// before it becomes ``currentState`` and observers see it.
///
/// Conform a class and give it a stored runtime (see ``RuntimeOwner`` for a base class that
/// subclasses specialize):
///
/// ```swift
/// final class CounterReactor: Reactor {
///     enum Action { case increase }
///     enum Mutation { case increaseValue }
///     struct State { var value = 0 }
///     let initialState = State()
///     let runtime = ReactorRuntime<CounterReactor>()
///     func mutate(action: Action) -> Effect<Mutation> { .just(.increaseValue) }
///     func reduce(state: consuming State, mutation: Mutation) -> State {
///         state.value += 1
///         return state
///     }
/// }
/// ```
///
/// `reduce` receives the state by value, owned: the runtime lets go of its own copy first, so a
/// reducer that changes its `consuming` parameter in place changes storage no one else holds,
/// and copies nothing. A reducer written `reduce(state: State, …)` with `var state = state`
/// still conforms; it copies what it changes when its storage is shared (see <doc:Runtime#Reducing-in-place>).
@MainActor
public protocol Reactor: AnyObject {
    /// What the outside world asks for (user input, commands).
    associatedtype Action
    /// A change to the state; defaults to `Action`.
    associatedtype Mutation = Action
    /// The state the reactor holds.
    associatedtype State
    /// The class the runtime is declared for: `Self` for a final class. A non-final base class
    /// declares `let runtime = ReactorRuntime<BaseReactor>()` and its subclasses inherit it
    /// (ReactorKit's generic base reactors); the runtime then calls the subclass's overrides.
    associatedtype RuntimeOwner: Reactor = Self
    where RuntimeOwner.Action == Action, RuntimeOwner.Mutation == Mutation, RuntimeOwner.State == State

    /// The state before any mutation.
    var initialState: State { get }

    /// The pipeline storage; declare it as `let runtime = ReactorRuntime<NameOfTheClass>()`.
    var runtime: ReactorRuntime<RuntimeOwner> { get }

    /// Turns an action into the effect that produces its mutations (by default none, or the
    /// action itself when actions are their own mutations).
    func mutate(action: Action) -> Effect<Mutation>

    /// Returns the state after applying `mutation` to `state` (by default `state` unchanged).
    func reduce(state: consuming State, mutation: Mutation) -> State

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
    /// ReactorKit's default: an action produces no mutation.
    @inlinable
    public func mutate(action: Action) -> Effect<Mutation> { .none }

    /// ReactorKit's default: a mutation leaves the state as it is.
    @inlinable
    public func reduce(state: consuming State, mutation: Mutation) -> State { state }
}

extension Reactor {
    /// The identity: actions pass unchanged.
    @inlinable
    public func transform(action: Flow<Action>) -> Flow<Action> { action }

    /// The identity: mutations pass unchanged.
    @inlinable
    public func transform(mutation: Flow<Mutation>) -> Flow<Mutation> { mutation }

    /// The identity: states pass unchanged. It also tells the runtime, which calls it once when it
    /// sets the pipeline up, that it may skip the hook from then on and keep one copy of the state.
    @inlinable
    public func transform(state: State) -> State {
        runtime.noteIdentityStateTransform()
        return state
    }
}

extension Reactor where Action == Mutation {
    /// When actions are their own mutations, each action is reduced as it is.
    @inlinable
    public func mutate(action: Action) -> Effect<Mutation> { .just(action) }
}
