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
}
