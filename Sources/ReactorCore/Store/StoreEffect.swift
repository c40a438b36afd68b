/// A ReCombine effect of a ``Store``: it sees each action after the state has been reduced and
/// state observers have seen it.
///
/// A dispatching effect returns an ``Effect`` of actions, which the store dispatches — queued
/// behind the action being handled, breadth-first, never depth-first. A non-dispatching effect
/// only performs side work. `ofType`/`ofTypes` variants see only some cases of the action
/// (ReCombine's operators of the same names).
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

    /// A dispatching effect that sees only the actions of `actionCase`, with their payload.
    @MainActor
    public static func dispatching<Payload>(
        ofType actionCase: ActionCase<Action, Payload>,
        _ body: @escaping @MainActor (Payload, State) -> Effect<Action>
    ) -> StoreEffect {
        let extract = actionCase.extract
        return .dispatching { action, state in
            guard let payload = extract(action) else { return .none }
            return body(payload, state)
        }
    }

    /// A non-dispatching effect that sees only the actions of `actionCase`, with their payload.
    @MainActor
    public static func nonDispatching<Payload>(
        ofType actionCase: ActionCase<Action, Payload>,
        _ body: @escaping @MainActor (Payload, State) -> Void
    ) -> StoreEffect {
        let extract = actionCase.extract
        return .nonDispatching { action, state in
            if let payload = extract(action) { body(payload, state) }
        }
    }

    /// A dispatching effect that sees only the actions of any of `actionCases`.
    @MainActor
    public static func dispatching<each Payload>(
        ofTypes actionCases: repeat ActionCase<Action, each Payload>,
        perform body: @escaping @MainActor (Action, State) -> Effect<Action>
    ) -> StoreEffect {
        var set = ActionCaseSet<Action>()
        repeat set.add(each actionCases)
        let cases = set
        return .dispatching { action, state in cases.matches(action) ? body(action, state) : .none }
    }

    /// A non-dispatching effect that sees only the actions of any of `actionCases`.
    @MainActor
    public static func nonDispatching<each Payload>(
        ofTypes actionCases: repeat ActionCase<Action, each Payload>,
        perform body: @escaping @MainActor (Action, State) -> Void
    ) -> StoreEffect {
        var set = ActionCaseSet<Action>()
        repeat set.add(each actionCases)
        let cases = set
        return .nonDispatching { action, state in
            if cases.matches(action) { body(action, state) }
        }
    }
}
