/// A ReCombine/Reselect selector: reads a value from a state. Selectors built with
/// `createSelector` are memoized: the projector runs again only when an input changed.
@MainActor
public final class Selector<State, Value> {
    private let body: SelectorBody<State, Value>

    /// How many times a memoized selector ran its projector (0 for plain selectors).
    public var recomputations: Int { body.recomputations }

    /// A selector that computes `body(state)` on every call.
    public init(_ body: @escaping @MainActor (State) -> Value) {
        self.body = ComputingSelectorBody(body)
    }

    /// A selector reading `keyPath`.
    public convenience init(_ keyPath: KeyPath<State, Value>) {
        self.init { $0[keyPath: keyPath] }
    }

    fileprivate init(body: SelectorBody<State, Value>) {
        self.body = body
    }

    /// The selected value of `state`.
    public func callAsFunction(_ state: State) -> Value {
        body.select(state)
    }
}

/// A memoized selector projecting the values of any number of selectors (ReCombine stops at 9):
/// `projector` runs only when an input differs from the last call's.
///
/// ```swift
/// let total = createSelector(home, away) { $0 + $1 }
/// ```
@MainActor
public func createSelector<State, each Input: Equatable, Value>(
    _ inputs: repeat Selector<State, each Input>,
    projector: @escaping @MainActor (repeat each Input) -> Value
) -> Selector<State, Value> {
    Selector(body: MemoizedSelectorBody(repeat each inputs, projector: projector))
}

/// What a selector computes; subclassed rather than captured in a closure, because a closure that
/// captures a parameter pack crashes Swift 6.3's compiler.
@MainActor
private class SelectorBody<State, Value> {
    var recomputations = 0

    func select(_ state: State) -> Value {
        preconditionFailure("SelectorBody is abstract")
    }
}

@MainActor
private final class ComputingSelectorBody<State, Value>: SelectorBody<State, Value> {
    private let compute: @MainActor (State) -> Value

    init(_ compute: @escaping @MainActor (State) -> Value) {
        self.compute = compute
    }

    override func select(_ state: State) -> Value {
        compute(state)
    }
}

@MainActor
private final class MemoizedSelectorBody<State, each Input: Equatable, Value>: SelectorBody<State, Value> {
    private let inputs: (repeat Selector<State, each Input>)
    private let projector: @MainActor (repeat each Input) -> Value
    private var lastInputs: (repeat each Input)?
    private var lastOutput: Value?

    init(_ inputs: repeat Selector<State, each Input>, projector: @escaping @MainActor (repeat each Input) -> Value) {
        self.inputs = (repeat each inputs)
        self.projector = projector
    }

    override func select(_ state: State) -> Value {
        let current = (repeat Self.value(of: each inputs, in: state))
        if let lastInputs, let lastOutput, Self.areEqual(repeat each lastInputs, to: repeat each current) {
            return lastOutput
        }
        let output = projector(repeat each current)
        recomputations += 1
        lastInputs = current
        lastOutput = output
        return output
    }

    private static func value<Selected>(of selector: Selector<State, Selected>, in state: State) -> Selected {
        selector(state)
    }

    private static func areEqual(_ old: repeat each Input, to new: repeat each Input) -> Bool {
        for (oldValue, newValue) in repeat (each old, each new) {
            if oldValue != newValue { return false }
        }
        return true
    }
}
