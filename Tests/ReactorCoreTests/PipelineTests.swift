import Testing
import ReactorCore

/// A reactor whose every pipeline hook writes to a trace (ReactorKit's "each method is invoked").
@MainActor
private final class TracingReactor: Reactor {
    enum Action { case act }
    enum Mutation { case mutate }
    struct State { var reduced = 0 }

    let initialState = State()
    let runtime = ReactorRuntime<TracingReactor>()
    let trace: Trace

    init(trace: Trace) { self.trace = trace }

    func transform(action: Flow<Action>) -> Flow<Action> {
        action.map { [trace] in trace.add("transform(action:)"); return $0 }
    }

    func mutate(action: Action) -> Effect<Mutation> {
        trace.add("mutate")
        return .just(.mutate)
    }

    func transform(mutation: Flow<Mutation>) -> Flow<Mutation> {
        mutation.map { [trace] in trace.add("transform(mutation:)"); return $0 }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        trace.add("reduce")
        var state = state
        state.reduced += 1
        return state
    }

    func transform(state: State) -> State {
        trace.add("transform(state:) \(state.reduced)")
        return state
    }
}

@MainActor
struct PipelineTests {
    @Test func oneActionPassesEveryStageInOrderAndTheInitialStateIsTransformed() {
        let trace = Trace()
        let reactor = TracingReactor(trace: trace)
        #expect(reactor.currentState.reduced == 0)
        #expect(trace.entries == ["transform(state:) 0"])
        reactor.send(.act)
        #expect(trace.entries == [
            "transform(state:) 0",
            "transform(action:)", "mutate", "transform(mutation:)", "reduce", "transform(state:) 1",
        ])
        #expect(reactor.currentState.reduced == 1)
    }

    @Test func reduceRunsRightAfterEachMutationSoLaterMutationsSeeEarlierOnes() {
        let scheduler = Scheduler.virtual()
        var seen: [Int] = []
        var reactor: ScriptedReactor!
        reactor = ScriptedReactor(scheduler: scheduler) { _ in
            .concatenate(
                .just(.add(1)),
                .run { send in
                    seen.append(reactor.currentState.value)
                    send(.add(10))
                    seen.append(reactor.currentState.value)
                }
            )
        }
        // A `sequence` is reduced element by element too.
        reactor.send(.go(0))
        #expect(reactor.currentState.value == 1)
        let merged = ScriptedReactor(scheduler: scheduler) { _ in .sequence([.add(2), .add(3)]) }
        var states: [Int] = []
        let token = merged.observe { states.append($0.value) }
        defer { token.cancel() }
        merged.send(.go(0))
        #expect(states == [0, 2, 5])
        _ = reactor
    }

    @Test func aLaterMutationOfAnAsyncEffectReadsTheEarlierOnesThroughCurrentState() async throws {
        let scheduler = Scheduler.virtual()
        var seen: [Int] = []
        var reactor: ScriptedReactor?
        reactor = ScriptedReactor(scheduler: scheduler) { _ in
            .run { send in
                send(.add(1))
                seen.append(reactor?.currentState.value ?? -1)
                send(.add(10))
                seen.append(reactor?.currentState.value ?? -1)
            }
        }
        reactor?.send(.go(0))
        try await scheduler.waitUntilQuiescent()
        #expect(seen == [1, 11])
        reactor = nil
    }

    @Test func aNewObserverGetsOnlyTheLatestStateFirstThenEveryLaterOne() {
        let counter = PlainCounter()
        counter.send(.increase)
        counter.send(.increase)
        let recorded = recordStates(of: counter)
        defer { recorded.token.cancel() }
        #expect(recorded.states().map(\.value) == [2])
        counter.send(.increase)
        counter.send(.decrease)
        #expect(recorded.states().map(\.value) == [2, 3, 2])
    }

    @Test func currentStateIsRightWithoutObservers() {
        let counter = PlainCounter()
        #expect(counter.currentState.value == 0)
        for _ in 0..<5 { counter.send(.increase) }
        counter.send(.decrease)
        #expect(counter.currentState.value == 4)
    }

    @Test func currentStateIsUpdatedBeforeObserversAreCalled() {
        let counter = PlainCounter()
        var pairs: [(observed: Int, current: Int)] = []
        let token = counter.observe { state in pairs.append((state.value, counter.currentState.value)) }
        defer { token.cancel() }
        counter.send(.increase)
        counter.send(.increase)
        #expect(pairs.map(\.observed) == [0, 1, 2])
        #expect(pairs.map(\.current) == [0, 1, 2])
    }

    @Test func aCancelledObservationReceivesNothingMore() {
        let counter = PlainCounter()
        var values: [Int] = []
        let token = counter.observe { values.append($0.value) }
        counter.send(.increase)
        token.cancel()
        counter.send(.increase)
        #expect(values == [0, 1])
        #expect(counter.currentState.value == 2)
    }

    @Test func distinctKeyPathObservationSkipsEqualValues() {
        let counter = PlainCounter()
        var values: [Int] = []
        let token = counter.observe(\.value) { values.append($0) }
        defer { token.cancel() }
        counter.send(.increase)
        counter.restore(state: .init(value: 1))
        counter.send(.decrease)
        #expect(values == [0, 1, 0])
    }
}

@MainActor
struct ObserverCancellationTests {
    @Test func anObserverCancelledByAnotherDuringNotificationIsNotCalledAgain() {
        let counter = PlainCounter()
        var calls: [String] = []
        var second: ObservationToken?
        let first = counter.observe { state in
            calls.append("first \(state.value)")
            if state.value == 1 { second?.cancel() }
        }
        second = counter.observe { state in calls.append("second \(state.value)") }
        let third = counter.observe { state in calls.append("third \(state.value)") }
        defer { first.cancel(); third.cancel() }
        counter.send(.increase)
        counter.send(.increase)
        #expect(calls == [
            "first 0", "second 0", "third 0",
            "first 1", "third 1",
            "first 2", "third 2",
        ])
    }
}
