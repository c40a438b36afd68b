import ReactorCore

/// Errors thrown by test effects.
struct TestError: Error, Equatable {
    let code: Int
}

/// A counter whose actions are its mutations.
@MainActor
final class PlainCounter: Reactor {
    enum Action { case increase, decrease }
    typealias Mutation = Action
    struct State: Equatable { var value = 0 }

    let initialState = State()
    let runtime: ReactorRuntime<PlainCounter>

    init(scheduler: Scheduler = Scheduler()) {
        runtime = ReactorRuntime(scheduler: scheduler)
    }

    func reduce(state: State, mutation: Action) -> State {
        var state = state
        switch mutation {
        case .increase: state.value += 1
        case .decrease: state.value -= 1
        }
        return state
    }
}

/// Records what happened, in order, for tests that check sequences.
@MainActor
final class Trace {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
}

/// A reactor whose effect comes from the test: `mutate` calls `makeEffect`.
@MainActor
final class ScriptedReactor: Reactor {
    enum Action { case go(Int) }
    enum Mutation: Equatable { case add(Int), set(Int) }
    struct State: Equatable { var value = 0 }

    let initialState = State()
    let runtime: ReactorRuntime<ScriptedReactor>
    let makeEffect: @MainActor (Int) -> Effect<Mutation>

    init(scheduler: Scheduler, makeEffect: @escaping @MainActor (Int) -> Effect<Mutation>) {
        runtime = ReactorRuntime(scheduler: scheduler)
        self.makeEffect = makeEffect
    }

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .go(let number): makeEffect(number)
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .add(let amount): state.value += amount
        case .set(let value): state.value = value
        }
        return state
    }
}

/// Collects every state a reactor emits.
@MainActor
func recordStates<R: Reactor>(of reactor: R) -> (states: () -> [R.State], token: ObservationToken) {
    let box = StateBox<R.State>()
    let token = reactor.observe { box.states.append($0) }
    return ({ box.states }, token)
}

/// A mutable list shared between a test and an observer closure.
@MainActor
final class StateBox<State> {
    var states: [State] = []
}
