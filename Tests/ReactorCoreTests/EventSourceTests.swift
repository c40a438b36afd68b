import Testing
import ReactorCore

/// A list that merges a service's events in `transform(mutation:)` (board's pattern).
@MainActor
final class ListReactor: Reactor {
    enum Action { case remove(String), removeTwice(String) }
    enum Mutation: Equatable { case insert(String), delete(String) }
    struct State: Equatable { var items: [String] = [] }

    let initialState = State()
    let runtime: ReactorRuntime<ListReactor>
    let service: EventSource<String>

    init(service: EventSource<String>, scheduler: Scheduler = Scheduler()) {
        self.service = service
        self.runtime = ReactorRuntime(scheduler: scheduler)
    }

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .remove(let item):
            service.publish("-" + item)  // delivered while busy: queued, then reduced
            return .none
        case .removeTwice(let item):
            service.publish("-" + item)
            return .just(.insert("marker"))
        }
    }

    func transform(mutation: Flow<Mutation>) -> Flow<Mutation> {
        mutation.merge(service) { event in
            event.hasPrefix("-") ? .delete(String(event.dropFirst())) : .insert(event)
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .insert(let item): state.items.insert(item, at: 0)
        case .delete(let item): state.items.removeAll { $0 == item }
        }
        return state
    }
}

@MainActor
struct EventSourceTests {
    @Test func transformMutationMergesAServicesEventsAndReducesThem() {
        let service = EventSource<String>()
        let list = ListReactor(service: service)
        var reductions: [String] = []
        let events = list.observeRuntimeEvents { event in
            if case .reduction(let actionID, let mutation, let state) = event {
                reductions.append("\(actionID.map(String.init) ?? "nil") \(mutation) \(state.items)")
            }
        }
        defer { events.cancel() }
        service.publish("a")
        service.publish("b")
        #expect(list.currentState.items == ["b", "a"])
        #expect(reductions == ["nil insert(\"a\") [\"a\"]", "nil insert(\"b\") [\"b\", \"a\"]"])
    }

    @Test func anEventPublishedWhileTheReactorIsBusyIsQueuedNotRecursed() {
        let service = EventSource<String>()
        let list = ListReactor(service: service)
        _ = list.currentState  // the pipeline (and its subscriptions) is set up on first use
        service.publish("a")
        service.publish("b")
        list.send(.removeTwice("a"))
        // The own mutation (from the same action) comes first; the event was queued behind it.
        #expect(list.currentState.items == ["marker", "b"])
        list.send(.remove("b"))
        #expect(list.currentState.items == ["marker"])
    }

    @Test func aMergedSourceIsNotWorkInProgress() async throws {
        let scheduler = Scheduler.virtual()
        let service = EventSource<String>()
        let list = ListReactor(service: service, scheduler: scheduler)
        _ = list.currentState
        #expect(scheduler.isQuiescent)
        try await scheduler.waitUntilQuiescent(limit: .milliseconds(10))
        #expect(service.subscriberCount == 1)
    }

    @Test func subscribersReceiveEventsSynchronouslyInOrderUntilCancelled() {
        let source = EventSource<Int>()
        var received: [String] = []
        let first = source.subscribe { received.append("first \($0)") }
        let second = source.subscribe { received.append("second \($0)") }
        source.publish(1)
        first.cancel()
        source.publish(2)
        second.cancel()
        source.publish(3)
        #expect(received == ["first 1", "second 1", "second 2"])
    }

    @Test func flowStepsApplyToTheOwnStreamAndToMergedSources() {
        let source = EventSource<Int>()
        let reactor = FilteringReactor(source: source)
        reactor.send(1)
        reactor.send(-5)
        source.publish(2)
        source.publish(-7)
        // Only positives survive, each doubled; actions from the source are processed too.
        #expect(reactor.currentState == [2, 4])
    }
}

/// A store-like reactor whose action flow drops negatives, doubles, and merges a source.
@MainActor
private final class FilteringReactor: Reactor {
    typealias Action = Int
    typealias State = [Int]
    let initialState: [Int] = []
    let runtime = ReactorRuntime<FilteringReactor>()
    let source: EventSource<Int>

    init(source: EventSource<Int>) { self.source = source }

    func transform(action: Flow<Int>) -> Flow<Int> {
        action.merge(source).filter { $0 > 0 }.map { $0 * 2 }
    }

    func reduce(state: [Int], mutation: Int) -> [Int] { state + [mutation] }
}
