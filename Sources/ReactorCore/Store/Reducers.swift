/// A ReCombine reducer: the state after `action`.
public typealias ReducerFn<State, Action> = (State, Action) -> State

/// One reducer that runs `reducers` left to right, each on the state the previous one returned.
@inlinable
public func combineReducers<State, Action>(_ reducers: ReducerFn<State, Action>...) -> ReducerFn<State, Action> {
    combineReducers(reducers)
}

/// One reducer that runs `reducers` left to right, each on the state the previous one returned.
@inlinable
public func combineReducers<State, Action>(_ reducers: [ReducerFn<State, Action>]) -> ReducerFn<State, Action> {
    { state, action in
        var current = state
        for reducer in reducers { current = reducer(current, action) }
        return current
    }
}

/// Lifts `reducer`, which knows only the value at `keyPath`, onto the whole state.
@inlinable
public func forKey<State, Value, Action>(
    _ keyPath: WritableKeyPath<State, Value>, _ reducer: @escaping ReducerFn<Value, Action>
) -> ReducerFn<State, Action> {
    { state, action in
        var next = state
        next[keyPath: keyPath] = reducer(state[keyPath: keyPath], action)
        return next
    }
}
