/// A ReCombine/Reselect selector: reads a value from a state. Selectors built with
/// `createSelector` are memoized: the projector runs again only when an input changed.
@MainActor
public final class Selector<State, Value> {
    private let compute: @MainActor (State) -> Value
    private let memo: Memo?

    /// How many times a memoized selector ran its projector (0 for plain selectors).
    public var recomputations: Int { memo?.recomputations ?? 0 }

    /// A selector that computes `body(state)` on every call.
    public init(_ body: @escaping @MainActor (State) -> Value) {
        self.compute = body
        self.memo = nil
    }

    /// A selector reading `keyPath`.
    public convenience init(_ keyPath: KeyPath<State, Value>) {
        self.init { $0[keyPath: keyPath] }
    }

    /// A memoized selector: `project` runs only when `inputs(state)` differs from the last inputs.
    fileprivate init<Inputs>(
        inputs: @escaping @MainActor (State) -> Inputs,
        equal: @escaping @MainActor (Inputs, Inputs) -> Bool,
        project: @escaping @MainActor (Inputs) -> Value
    ) {
        let memo = Memo()
        var last: (inputs: Inputs, output: Value)?
        self.memo = memo
        self.compute = { state in
            let current = inputs(state)
            if let last, equal(last.inputs, current) { return last.output }
            let output = project(current)
            memo.recomputations += 1
            last = (current, output)
            return output
        }
    }

    /// The selected value of `state`.
    public func callAsFunction(_ state: State) -> Value {
        compute(state)
    }

    /// The recomputation count of a memoized selector.
    @MainActor
    fileprivate final class Memo {
        var recomputations = 0
    }
}

/// A memoized selector projecting the value of one selector.
@MainActor
public func createSelector<State, A: Equatable, Value>(
    _ a: Selector<State, A>, _ projector: @escaping @MainActor (A) -> Value
) -> Selector<State, Value> {
    Selector(inputs: { a($0) }, equal: { $0 == $1 }, project: projector)
}

/// A memoized selector projecting the values of two selectors.
@MainActor
public func createSelector<State, A: Equatable, B: Equatable, Value>(
    _ a: Selector<State, A>, _ b: Selector<State, B>, _ projector: @escaping @MainActor (A, B) -> Value
) -> Selector<State, Value> {
    Selector(inputs: { (a($0), b($0)) }, equal: { $0 == $1 }, project: { projector($0.0, $0.1) })
}

/// A memoized selector projecting the values of three selectors.
@MainActor
public func createSelector<State, A: Equatable, B: Equatable, C: Equatable, Value>(
    _ a: Selector<State, A>, _ b: Selector<State, B>, _ c: Selector<State, C>,
    _ projector: @escaping @MainActor (A, B, C) -> Value
) -> Selector<State, Value> {
    Selector(inputs: { (a($0), b($0), c($0)) }, equal: { $0 == $1 }, project: { projector($0.0, $0.1, $0.2) })
}

/// A memoized selector projecting the values of four selectors.
@MainActor
public func createSelector<State, A: Equatable, B: Equatable, C: Equatable, D: Equatable, Value>(
    _ a: Selector<State, A>, _ b: Selector<State, B>, _ c: Selector<State, C>, _ d: Selector<State, D>,
    _ projector: @escaping @MainActor (A, B, C, D) -> Value
) -> Selector<State, Value> {
    Selector(inputs: { (a($0), b($0), c($0), d($0)) }, equal: { $0 == $1 }, project: { projector($0.0, $0.1, $0.2, $0.3) })
}
