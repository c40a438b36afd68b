import ReactorCore
import Testing

/// A concatenation whose cancellable middle is cancelled resumes with its next element before the
/// virtual clock may jump: the order of mutations is the same on every run.
@MainActor
struct VirtualClockDeterminismTests {
    final class Searcher: Reactor {
        enum Action { case loadMore, newQuery }
        enum Mutation: Equatable { case loading(Bool), page, results }
        struct State { var log: [Mutation] = [] }
        let initialState = State()
        let runtime: ReactorRuntime<Searcher>

        init(scheduler: Scheduler) {
            runtime = ReactorRuntime(scheduler: scheduler)
        }

        func mutate(action: Action) -> Effect<Mutation> {
            switch action {
            case .loadMore:
                let page = Effect<Mutation>.run { send in
                    try await send.clock.sleep(for: .milliseconds(300))
                    send(.page)
                }
                return .concatenate(.just(.loading(true)), page.cancellable(id: "search"), .just(.loading(false)))
            case .newQuery:
                let search = Effect<Mutation>.run { send in
                    try await send.clock.sleep(for: .milliseconds(300))
                    send(.results)
                }
                return search.cancellable(id: "search", cancelInFlight: true)
            }
        }

        func reduce(state: State, mutation: Mutation) -> State {
            var state = state
            state.log.append(mutation)
            return state
        }
    }

    @Test func theFlagClearedAfterACancelledLoadComesBeforeTheNewerResults() async throws {
        for _ in 0..<200 {
            let scheduler = Scheduler.virtual()
            let reactor = Searcher(scheduler: scheduler)
            reactor.send(.loadMore)
            await scheduler.advance(by: .milliseconds(100))
            reactor.send(.newQuery)
            try await scheduler.waitUntilQuiescent()
            #expect(reactor.currentState.log == [.loading(true), .loading(false), .results])
        }
    }
}
