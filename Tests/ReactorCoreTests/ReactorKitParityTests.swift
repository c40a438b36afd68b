import ReactorCore
import Testing

// ReactorKit's behaviours that ReactorCore keeps (issue 15): each test states what ReactorKit
// does, then checks that ReactorCore does the same.

/// A reactor that counts how often its hooks run, and whose `transform(state:)` changes the state
/// (so a state that went through it is told apart from the raw initial state).
@MainActor
private final class HookCountingReactor: Reactor {
    enum Action: Equatable { case add(Int) }
    typealias Mutation = Action
    struct State: Equatable { var value = 0; var transformed = false }

    let initialState = State()
    let runtime = ReactorRuntime<HookCountingReactor>()
    var hookCalls: [String] = []

    func reduce(state: consuming State, mutation: Action) -> State {
        switch mutation {
        case .add(let amount): state.value += amount
        }
        return state
    }

    func transform(action: Flow<Action>) -> Flow<Action> {
        hookCalls.append("action")
        return action
    }

    func transform(mutation: Flow<Action>) -> Flow<Action> {
        hookCalls.append("mutation")
        return mutation
    }

    func transform(state: State) -> State {
        hookCalls.append("state")
        var state = state
        state.transformed = true
        return state
    }
}

@MainActor
struct ReactorKitStubParityTests {
    /// ReactorKit: `Stub.state` starts as `reactor.initialState`, and a stubbed reactor's `state`
    /// stream is the stub's, so `transform(action:)`, `transform(mutation:)` and
    /// `transform(state:)` never run.
    @Test func aStubStartsFromTheRawInitialStateWithoutRunningTheHooks() {
        let reactor = HookCountingReactor()
        reactor.stub.isEnabled = true
        #expect(reactor.stub.state == HookCountingReactor.State(value: 0, transformed: false))
        #expect(reactor.currentState == HookCountingReactor.State(value: 0, transformed: false))
        var seen: [HookCountingReactor.State] = []
        let token = reactor.observe { seen.append($0) }
        reactor.send(.add(1))
        #expect(reactor.stub.actions == [.add(1)])
        reactor.stub.state = HookCountingReactor.State(value: 7)
        #expect(seen == [HookCountingReactor.State(), HookCountingReactor.State(value: 7)])
        #expect(reactor.hookCalls.isEmpty)
        token.cancel()
    }

    /// With the stub switched off again, the reactor sets its pipeline up from the initial state,
    /// through `transform(state:)`, as an unstubbed reactor does.
    @Test func switchingTheStubOffSetsThePipelineUpAsUsual() {
        let reactor = HookCountingReactor()
        reactor.stub.isEnabled = true
        reactor.stub.isEnabled = false
        reactor.send(.add(2))
        #expect(reactor.currentState == HookCountingReactor.State(value: 2, transformed: true))
        #expect(reactor.hookCalls.sorted() == ["action", "mutation", "state", "state"])
    }
}

/// ReactorKit's defaults: a reactor that declares only an `Action` and a `State`.
@MainActor
private final class BareReactor: Reactor {
    enum Action { case tap }
    enum Mutation { case never }
    struct State: Equatable { var taps = 0 }
    let initialState = State()
    let runtime = ReactorRuntime<BareReactor>()
}

/// Actions are mutations, and no `reduce`: ReactorKit's `reduce` default returns the state as is.
@MainActor
private final class ActionOnlyReactor: Reactor {
    enum Action { case tap }
    struct State: Equatable { var taps = 0 }
    let initialState = State()
    let runtime = ReactorRuntime<ActionOnlyReactor>()
    var mutations: [Action] = []

    func transform(mutation: Flow<Action>) -> Flow<Action> {
        mutation.map { [weak self] mutation in
            self?.mutations.append(mutation)
            return mutation
        }
    }
}

@MainActor
struct ReactorKitDefaultsParityTests {
    /// ReactorKit: `mutate(action:)` defaults to `.empty()`, `reduce` to `state`.
    @Test func withoutMutateAnActionProducesNoMutation() {
        let reactor = BareReactor()
        var events: [String] = []
        let token = reactor.observeRuntimeEvents { event in
            switch event {
            case .action: events.append("action")
            case .reduction: events.append("reduction")
            case .effect: events.append("effect")
            }
        }
        reactor.send(.tap)
        #expect(events == ["action"])
        #expect(reactor.currentState == BareReactor.State())
        token.cancel()
    }

    /// ReactorKit: when `Action == Mutation`, `mutate` defaults to `.just(action)`; with the default
    /// `reduce` the mutation is reduced and leaves the state as it was.
    @Test func whenActionsAreMutationsEachIsReducedAndTheDefaultReduceKeepsTheState() {
        let reactor = ActionOnlyReactor()
        var states: [ActionOnlyReactor.State] = []
        let token = reactor.observe { states.append($0) }
        reactor.send(.tap)
        reactor.send(.tap)
        #expect(reactor.mutations == [.tap, .tap])
        #expect(states == [ActionOnlyReactor.State(), ActionOnlyReactor.State(), ActionOnlyReactor.State()])
        token.cancel()
    }
}

/// ReactorKit's generic base reactor: a non-final class with the pipeline, specialized by
/// subclasses that override `mutate` and `reduce`.
@MainActor
private class GenericListReactor<Item: Equatable>: Reactor {
    enum Action { case load, clear }
    enum Mutation { case setItems([Item]) }
    struct State: Equatable { var items: [Item] = [] }

    let initialState = State()
    let runtime = ReactorRuntime<GenericListReactor<Item>>()

    /// What `load` fetches: the base has none.
    func fetch() -> [Item] { [] }

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .load: .just(.setItems(fetch()))
        case .clear: .just(.setItems([]))
        }
    }

    func reduce(state: consuming State, mutation: Mutation) -> State {
        switch mutation {
        case .setItems(let items): state.items = items
        }
        return state
    }
}

@MainActor
private final class NameListReactor: GenericListReactor<String> {
    override func fetch() -> [String] { ["ada", "grace"] }

    /// Keeps the names sorted, newest rule in the subclass.
    override func reduce(state: consuming State, mutation: Mutation) -> State {
        var next = super.reduce(state: state, mutation: mutation)
        next.items.sort(by: >)
        return next
    }
}

@MainActor
struct ReactorKitSubclassParityTests {
    /// ReactorKit: a subclass of a generic base reactor is a reactor; sending to it runs the
    /// subclass's overrides through the base's pipeline.
    @Test func aSubclassOfANonFinalReactorRunsItsOverrides() {
        let reactor = NameListReactor()
        var seen: [[String]] = []
        let token = reactor.observe(\.items) { seen.append($0) }
        reactor.send(.load)
        #expect(reactor.currentState.items == ["grace", "ada"])
        reactor.send(.clear)
        #expect(seen == [[], ["grace", "ada"], []])
        token.cancel()
    }

    /// The base class itself still works as a reactor, and through a base-typed reference a
    /// subclass instance behaves as the subclass.
    @Test func theBaseClassAndBaseTypedReferencesWork() {
        let base = GenericListReactor<String>()
        base.send(.load)
        #expect(base.currentState.items == [])
        let asBase: GenericListReactor<String> = NameListReactor()
        asBase.send(.load)
        #expect(asBase.currentState.items == ["grace", "ada"])
        asBase.stub.isEnabled = true
        asBase.send(.clear)
        #expect(asBase.stub.actions.count == 1)
    }
}
