import Testing
import ReactorCore

@MainActor
struct LifetimeTests {
    @Test func aReleasedReactorIsFreedWithItsPipelineAndItsEffectsEnd() async throws {
        let scheduler = Scheduler.virtual()
        let source = EventSource<Int>()
        weak var weakReactor: ScriptedReactor?
        weak var weakRuntime: ReactorRuntime<ScriptedReactor>?
        do {
            let reactor = ScriptedReactor(scheduler: scheduler) { _ in
                .run { send in
                    try await send.clock.sleep(for: .seconds(100))
                    send(.add(1))
                }
            }
            let token = reactor.observe { _ in }
            reactor.send(.go(0))
            await Task.yield()
            weakReactor = reactor
            weakRuntime = reactor.runtime
            token.cancel()
            _ = source
        }
        #expect(weakReactor == nil)
        #expect(weakRuntime == nil)
        try await scheduler.waitUntilQuiescent(limit: .seconds(1))
        #expect(scheduler.clock.now == .zero)
    }

    @Test func aReleasedReactorUnsubscribesFromMergedSources() {
        let service = EventSource<String>()
        weak var weakReactor: ListReactor?
        do {
            let reactor = ListReactor(service: service)
            _ = reactor.currentState
            weakReactor = reactor
            #expect(service.subscriberCount == 1)
        }
        #expect(weakReactor == nil)
        #expect(service.subscriberCount == 0)
    }
}
