import Testing
@testable import ReactorCore

/// A reactor with a pulse and an unrelated field.
@MainActor
private final class AlertReactor: Reactor {
    enum Action { case alert(String), bump }
    typealias Mutation = Action
    struct State {
        @Pulse var message: String? = nil
        var other = 0
    }

    let initialState = State()
    let runtime = ReactorRuntime<AlertReactor>()

    func reduce(state: State, mutation: Action) -> State {
        var state = state
        switch mutation {
        case .alert(let text): state.message = text
        case .bump: state.other += 1
        }
        return state
    }
}

@MainActor
struct PulseTests {
    @Test func everyAssignmentRaisesTheUpdateCountEqualValuesToo() {
        var pulse = Pulse(wrappedValue: "a")
        #expect(pulse.valueUpdatedCount == 0)
        pulse.value = "a"
        pulse.wrappedValue = "a"
        pulse.value = "b"
        #expect(pulse.valueUpdatedCount == 3)
        #expect(pulse.value == "b")
    }

    @Test func theUpdateCountWrapsFromMaximumToZero() {
        var pulse = Pulse(wrappedValue: 1)
        pulse.valueUpdatedCount = .max
        pulse.value = 2
        #expect(pulse.valueUpdatedCount == 0)
        pulse.value = 2
        #expect(pulse.valueUpdatedCount == 1)
    }

    @Test func observingAPulseEmitsOnEachAssignmentAndNotOnUnrelatedChanges() {
        let reactor = AlertReactor()
        var messages: [String?] = []
        let token = reactor.observe(pulse: \.$message) { messages.append($0) }
        defer { token.cancel() }
        reactor.send(.alert("hi"))
        reactor.send(.bump)
        reactor.send(.alert("hi"))
        reactor.send(.bump)
        reactor.send(.alert("bye"))
        #expect(messages == [nil, "hi", "hi", "bye"])
    }
}

@MainActor
struct StubTests {
    @Test func withStubbingOnActionsAreRecordedNotProcessedAndTheTestSetsTheState() {
        let counter = PlainCounter()
        let recorded = recordStates(of: counter)
        defer { recorded.token.cancel() }
        counter.stub.isEnabled = true
        counter.send(.increase)
        counter.send(.decrease)
        #expect(counter.stub.actions == [.increase, .decrease])
        #expect(counter.stub.lastAction == .decrease)
        #expect(counter.currentState.value == 0)
        counter.stub.state = PlainCounter.State(value: 42)
        #expect(counter.currentState.value == 42)
        #expect(recorded.states().map(\.value) == [0, 42])
        counter.stub.isEnabled = false
        counter.send(.increase)
        #expect(counter.currentState.value == 43)
    }
}

@MainActor
struct TimeTravelTests {
    @Test func restoreSetsTheStateAndNotifiesObservers() {
        let counter = PlainCounter()
        let recorded = recordStates(of: counter)
        defer { recorded.token.cancel() }
        counter.send(.increase)
        counter.restore(state: .init(value: 7))
        counter.send(.increase)
        #expect(recorded.states().map(\.value) == [0, 1, 7, 8])
    }

    @Test func resetCancelsEffectsAndReturnsToTheInitialState() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { _ in
            .concatenate(.just(.add(1)), .delay(.seconds(1), .just(.add(100))))
        }
        reactor.send(.go(0))
        reactor.send(.go(0))
        #expect(reactor.currentState.value == 2)
        await scheduler.advance(by: .milliseconds(1))
        reactor.reset()
        #expect(reactor.currentState.value == 0)
        try await scheduler.waitUntilQuiescent()
        #expect(reactor.currentState.value == 0)
    }

    @Test func cancelAllEffectsLeavesTheStateAlone() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { _ in
            .concatenate(.just(.add(1)), .delay(.seconds(1), .just(.add(100))))
        }
        reactor.send(.go(0))
        reactor.cancelAllEffects()
        try await scheduler.waitUntilQuiescent()
        #expect(reactor.currentState.value == 1)
    }
}
