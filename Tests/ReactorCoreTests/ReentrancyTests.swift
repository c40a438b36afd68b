import Testing
import ReactorCore

/// Sends a follow-up action from inside `reduce` and logs entering and leaving `reduce`.
@MainActor
private final class ReentrantReactor: Reactor {
    enum Action: Equatable { case a, b, c }
    typealias Mutation = Action
    struct State { var handled: [Action] = [] }

    let initialState = State()
    let runtime = ReactorRuntime<ReentrantReactor>()
    let trace: Trace

    init(trace: Trace) { self.trace = trace }

    func reduce(state: State, mutation: Action) -> State {
        trace.add("enter \(mutation)")
        if mutation == .a { send(.b) }
        var state = state
        state.handled.append(mutation)
        trace.add("exit \(mutation)")
        return state
    }
}

@MainActor
struct ReentrancyTests {
    @Test func anActionSentFromReduceIsQueuedNotRecursed() {
        let trace = Trace()
        let reactor = ReentrantReactor(trace: trace)
        reactor.send(.a)
        #expect(trace.entries == ["enter a", "exit a", "enter b", "exit b"])
        #expect(reactor.currentState.handled == [.a, .b])
    }

    @Test func anActionSentFromAnObserverIsQueuedAndTheLogKeepsSendOrder() {
        let counter = PlainCounter()
        var log: [String] = []
        let events = counter.observeRuntimeEvents { event in
            if case .action(let id, let action) = event { log.append("\(id):\(action)") }
        }
        var observedDuringSend: [Int] = []
        var sentFollowUps = false
        let token = counter.observe { state in
            observedDuringSend.append(state.value)
            if state.value == 1 && !sentFollowUps {
                sentFollowUps = true
                counter.send(.increase)
                counter.send(.decrease)
                // Queued, not yet processed.
                observedDuringSend.append(counter.currentState.value)
            }
        }
        defer { token.cancel(); events.cancel() }
        counter.send(.increase)
        #expect(observedDuringSend == [0, 1, 1, 2, 1])
        let ids = log.map { Int($0.split(separator: ":")[0])! }
        #expect(ids == ids.sorted())
        #expect(log.map { String($0.split(separator: ":")[1]) } == ["increase", "increase", "decrease"])
    }

    // A send on the plain path (no event observer, no stub) tests its flags once, at the start:
    // what an observer changes during that send must still apply to the work queued after it.

    @Test func anEventObserverAddedDuringAPlainSendSeesTheQueuedActionAndLaterOnes() {
        let counter = PlainCounter()
        var log: [String] = []
        var events: ObservationToken?
        let token = counter.observe { state in
            guard state.value == 1, events == nil else { return }
            events = counter.observeRuntimeEvents { event in
                switch event {
                case .action(_, let action): log.append("action \(action)")
                case .reduction(_, let mutation, let state): log.append("\(mutation) -> \(state.value)")
                case .effect: break
                }
            }
            counter.send(.increase)
        }
        defer { token.cancel(); events?.cancel() }
        counter.send(.increase)
        #expect(log == ["action increase", "increase -> 2"])
        counter.send(.decrease)
        #expect(log == ["action increase", "increase -> 2", "action decrease", "decrease -> 1"])
        events?.cancel()
        counter.send(.decrease)
        #expect(log.count == 4)
        #expect(counter.currentState.value == 0)
    }

    @Test func stubbingSwitchedOnDuringAPlainSendRecordsTheQueuedActionAndLaterOnes() {
        let counter = PlainCounter()
        let token = counter.observe { state in
            guard state.value == 1, !counter.stub.isEnabled else { return }
            counter.stub.isEnabled = true
            counter.send(.decrease)
        }
        defer { token.cancel() }
        counter.send(.increase)
        counter.send(.increase)
        #expect(counter.stub.actions == [.decrease, .increase])
        #expect(counter.currentState.value == 1)
        counter.stub.isEnabled = false
        counter.send(.increase)
        #expect(counter.currentState.value == 2)
    }
}
