import ReactorCore
import Testing

// Issue 14: the runtime hands its state to `reduce` without keeping a reference, so a reducer
// that changes its consuming argument changes storage nobody else holds (no copy per reduction).

/// Storage whose uniqueness a reducer can test.
private final class Storage {}

/// A state with class storage and an array.
private struct ProbeState {
    var storage = Storage()
    var values: [Int] = []
}

/// Appends `value` to `state`, noting whether its storage was referenced by `state` alone.
private func reduceNotingUniqueness(_ state: inout ProbeState, _ value: Int, into uniqueness: inout [Bool]) {
    uniqueness.append(isKnownUniquelyReferenced(&state.storage))
    state.values.append(value)
}

/// The default `transform(state:)`: the runtime keeps one state.
@MainActor
private final class IdentityProbe: Reactor {
    enum Action { case append(Int) }
    typealias Mutation = Action
    typealias State = ProbeState

    /// Computed: each read is fresh storage, so the runtime's copy is the only one.
    var initialState: State { State() }
    let runtime = ReactorRuntime<IdentityProbe>()
    var storageWasUnique: [Bool] = []

    func reduce(state: consuming State, mutation: Action) -> State {
        switch mutation {
        case .append(let value): reduceNotingUniqueness(&state, value, into: &storageWasUnique)
        }
        return state
    }
}

/// A `transform(state:)` of its own: the runtime keeps the reduced and the shown state.
@MainActor
private final class TransformingProbe: Reactor {
    enum Action { case append(Int) }
    typealias Mutation = Action
    typealias State = ProbeState

    var initialState: State { State() }
    let runtime = ReactorRuntime<TransformingProbe>()
    var storageWasUnique: [Bool] = []

    func reduce(state: consuming State, mutation: Action) -> State {
        switch mutation {
        case .append(let value): reduceNotingUniqueness(&state, value, into: &storageWasUnique)
        }
        return state
    }

    /// Shares the storage with the reduced state, and shows the values times ten.
    func transform(state: State) -> State {
        var shown = state
        shown.values = shown.values.map { $0 * 10 }
        return shown
    }
}

@MainActor
struct InPlaceReductionTests {
    @Test func reduceReceivesTheOnlyReferenceToTheState() {
        let reactor = IdentityProbe()
        let token = reactor.observe { _ in }
        for value in 1...3 { reactor.send(.append(value)) }
        #expect(reactor.storageWasUnique == [true, true, true])
        #expect(reactor.currentState.values == [1, 2, 3])
        token.cancel()
    }

    @Test func withATransformOfStateTheReducedStateIsStillTheOnlyReference() {
        let reactor = TransformingProbe()
        let token = reactor.observe { _ in }
        for value in 1...3 { reactor.send(.append(value)) }
        #expect(reactor.storageWasUnique == [true, true, true])
        #expect(reactor.currentState.values == [10, 20, 30])
        token.cancel()
    }

    /// Value semantics hold: a state an observer kept is a snapshot the next reduction does not
    /// change (that reduction finds its storage shared, and copies what it changes).
    @Test func aStateAnObserverKeepsIsNotChangedByLaterReductions() {
        let reactor = IdentityProbe()
        var kept: [ProbeState] = []
        let token = reactor.observe { kept.append($0) }
        reactor.send(.append(1))
        reactor.send(.append(2))
        #expect(kept.map(\.values) == [[], [1], [1, 2]])
        #expect(reactor.storageWasUnique == [false, false])
        token.cancel()
    }

    /// A reducer written the classic way (`reduce(state: State, …)`, `var state = state`) still
    /// conforms and reduces.
    @Test func aClassicReducerStillWorks() {
        let counter = PlainCounter()
        counter.send(.increase)
        counter.send(.increase)
        #expect(counter.currentState.value == 2)
    }
}

/// A reducer that reads `currentState`, which the runtime has handed to it.
@MainActor
private final class PeekingReducer: Reactor {
    enum Action { case peek }
    typealias Mutation = Action
    struct State { var peeked = 0 }
    let initialState = State()
    let runtime = ReactorRuntime<PeekingReducer>()

    func reduce(state: consuming State, mutation: Action) -> State {
        state.peeked = currentState.peeked + 1
        return state
    }
}

@MainActor
struct StateReadInsideReduceTests {
    /// ReactorKit gives the previous state; here the state is `reduce`'s argument and nobody
    /// else's, so reading it elsewhere stops the program with a message (ReactorCore.docc/Runtime.md).
    @Test func readingCurrentStateInsideReduceStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                PeekingReducer().send(.peek)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("PeekingReducer was read while its reduce(state:mutation:)"))
    }
}
