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
    // One or two reducers (the usual `combineReducers(forKey(…), forKey(…))`) are captured directly:
    // calling them costs no walk over the array and no retain of each reducer per call.
    switch reducers.count {
    case 1: return reducers[0]
    case 2:
        let first = reducers[0], second = reducers[1]
        return { state, action in second(first(state, action), action) }
    default: break
    }
    return { state, action in
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
