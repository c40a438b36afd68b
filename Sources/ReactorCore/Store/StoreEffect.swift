/// A ReCombine effect of a ``Store``: it sees each action after the state has been reduced.
///
/// A dispatching effect returns an ``Effect`` of actions, which the store dispatches — queued
/// behind the action being handled, breadth-first, never depth-first. A non-dispatching effect
/// only performs side work.
public struct StoreEffect<State, Action> {
    @usableFromInline
    enum Body {
        case dispatching(@MainActor (Action, State) -> Effect<Action>)
        case nonDispatching(@MainActor (Action, State) -> Void)
    }

    @usableFromInline
    let body: Body

    /// An effect whose outputs are dispatched to the store as actions.
    public static func dispatching(_ body: @escaping @MainActor (Action, State) -> Effect<Action>) -> StoreEffect {
        StoreEffect(body: .dispatching(body))
    }

    /// An effect that dispatches nothing (logging, persistence, analytics).
    public static func nonDispatching(_ body: @escaping @MainActor (Action, State) -> Void) -> StoreEffect {
        StoreEffect(body: .nonDispatching(body))
    }
}
