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

    /// A concatenation parked on the `cancellable` part it started (a task awaiting a child task
    /// asleep on the virtual clock) must not keep the runtime alive once the reactor is released:
    /// the runtime's deinit cancels both tasks, the sleep ends, and the clock is freed with the
    /// scheduler. (The parent task once held the runtime strongly while it waited.)
    @Test func aReleasedReactorCancelsAConcatenationParkedOnItsCancellablePart() async throws {
        weak var weakRuntime: ReactorRuntime<ScriptedReactor>?
        weak var weakClock: VirtualClock?
        do {
            let scheduler = Scheduler.virtual()
            let reactor = ScriptedReactor(scheduler: scheduler) { _ in
                .concatenate(
                    .just(.add(1)),
                    Effect<ScriptedReactor.Mutation>.run { send in
                        try await send.clock.sleep(for: .seconds(100))
                        send(.add(10))
                    }.cancellable(id: "search"),
                    .just(.add(100))
                )
            }
            reactor.send(.go(0))
            await scheduler.advance(by: .milliseconds(1))
            #expect(reactor.currentState.value == 1)
            #expect(scheduler.workInProgress == 2, "the concatenation and its cancellable part are parked")
            weakRuntime = reactor.runtime
            weakClock = scheduler.virtualClock
            _ = reactor
        }
        #expect(weakRuntime == nil, "a parked parent task kept the runtime alive")
        // The cancelled sleep ends in later turns of the main actor.
        for _ in 0..<1_000 where weakClock != nil { await Task.yield() }
        #expect(weakClock == nil, "the clock outlived its reactor and scheduler")
    }

    /// A virtual-clock timer delivers its outputs together (the reactor loaded once for all):
    /// when an observer lets the reactor go after the first, the others are dropped, as when each
    /// output loaded the reactor's weak reference on its own.
    @Test func aReactorLetGoWhileItsTimerDeliversGetsNoFurtherOutputs() async throws {
        final class Holder { var reactor: ScriptedReactor? }
        let scheduler = Scheduler.virtual()
        let holder = Holder()
        weak var weakReactor: ScriptedReactor?
        var seen: [Int] = []
        var token: ObservationToken?
        do {
            let reactor = ScriptedReactor(scheduler: scheduler) { _ in
                .delay(.seconds(1), .sequence([.add(1), .add(10), .add(100)]))
            }
            holder.reactor = reactor
            weakReactor = reactor
            token = reactor.observe { state in
                seen.append(state.value)
                if state.value == 1 { holder.reactor = nil }
            }
            reactor.send(.go(0))
        }
        #expect(weakReactor != nil)
        await scheduler.advance(by: .seconds(1))
        #expect(seen == [0, 1])
        #expect(weakReactor == nil)
        #expect(scheduler.workInProgress == 0)
        token?.cancel()
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
