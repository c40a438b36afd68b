import Testing
import ReactorCore

@MainActor
struct ClockAndSchedulerTests {
    /// A reactor whose action `go(n)` sets the value to `n` after `delays[n]`.
    private func delayedSetter(_ scheduler: Scheduler, delays: [Int: Duration]) -> ScriptedReactor {
        ScriptedReactor(scheduler: scheduler) { number in
            .delay(delays[number] ?? .zero, .just(.set(number)))
        }
    }

    @Test func advanceRunsWhatFallsDueInDeadlineOrderFirstComeFirstServedForTies() async {
        let scheduler = Scheduler.virtual()
        let reactor = delayedSetter(scheduler, delays: [
            1: .milliseconds(300), 2: .milliseconds(100), 3: .milliseconds(200), 4: .milliseconds(100),
        ])
        let recorded = recordStates(of: reactor)
        defer { recorded.token.cancel() }
        for number in 1...4 { reactor.send(.go(number)) }
        await scheduler.advance(by: .milliseconds(250))
        #expect(recorded.states().map(\.value) == [0, 2, 4, 3])
        #expect(scheduler.clock.now == .milliseconds(250))
        #expect(scheduler.workInProgress == 1)
        await scheduler.advance(by: .milliseconds(50))
        #expect(recorded.states().map(\.value) == [0, 2, 4, 3, 1])
        #expect(scheduler.isQuiescent)
    }

    @Test func theSameScriptGivesTheSameOrderEveryTime() async throws {
        var runs: [[Int]] = []
        for _ in 0..<3 {
            let scheduler = Scheduler.virtual()
            let reactor = ScriptedReactor(scheduler: scheduler) { number in
                .merge(
                    .delay(.milliseconds(10 * (number % 3)), .just(.add(number))),
                    .run { send in
                        try await send.clock.sleep(for: .milliseconds(5 * (number % 4)))
                        send(.set(number))
                    }
                )
            }
            let recorded = recordStates(of: reactor)
            for number in 0..<12 { reactor.send(.go(number)) }
            try await scheduler.waitUntilQuiescent()
            runs.append(recorded.states().map(\.value))
            recorded.token.cancel()
        }
        #expect(runs[0] == runs[1])
        #expect(runs[1] == runs[2])
    }

    @Test func waitUntilQuiescentJumpsTheVirtualClockToEachDeadline() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = delayedSetter(scheduler, delays: [1: .milliseconds(500), 2: .seconds(2)])
        reactor.send(.go(1))
        reactor.send(.go(2))
        #expect(!scheduler.isQuiescent)
        try await scheduler.waitUntilQuiescent()
        #expect(scheduler.isQuiescent)
        #expect(scheduler.clock.now == .seconds(2))
        #expect(reactor.currentState.value == 2)
    }

    @Test func waitUntilQuiescentThrowsATimeoutWhenVirtualTimeExceedsTheLimit() async {
        let scheduler = Scheduler.virtual()
        let reactor = delayedSetter(scheduler, delays: [1: .seconds(20)])
        reactor.send(.go(1))
        await #expect(throws: QuiescenceTimeout.self) {
            try await scheduler.waitUntilQuiescent(limit: .seconds(10))
        }
        #expect(scheduler.clock.now <= .seconds(10))
        #expect(reactor.currentState.value == 0)
        reactor.cancelAllEffects()
        try? await scheduler.waitUntilQuiescent()
        #expect(scheduler.isQuiescent)
    }

    @Test func waitUntilQuiescentThrowsATimeoutWhenWallTimeExceedsTheLimit() async {
        let scheduler = Scheduler()  // real clock
        let reactor = delayedSetter(scheduler, delays: [1: .seconds(30)])
        reactor.send(.go(1))
        await #expect(throws: QuiescenceTimeout.self) {
            try await scheduler.waitUntilQuiescent(limit: .milliseconds(30))
        }
        reactor.cancelAllEffects()
        try? await scheduler.waitUntilQuiescent()
        #expect(scheduler.isQuiescent)
    }

    @Test func cancellingTheWaitingTaskEndsTheWaitWithCancellationError() async {
        let scheduler = Scheduler()  // real clock
        let reactor = delayedSetter(scheduler, delays: [1: .seconds(30)])
        reactor.send(.go(1))
        let waiter = Task { @MainActor in
            try await scheduler.waitUntilQuiescent(limit: .seconds(60))
        }
        await Task.yield()
        waiter.cancel()
        let result = await waiter.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(!scheduler.isQuiescent)
        reactor.cancelAllEffects()
        try? await scheduler.waitUntilQuiescent()
    }

    @Test func aRealClockDelayIsWaitedFor() async throws {
        let scheduler = Scheduler()
        let reactor = delayedSetter(scheduler, delays: [1: .milliseconds(20)])
        reactor.send(.go(1))
        try await scheduler.waitUntilQuiescent(limit: .seconds(10))
        #expect(reactor.currentState.value == 1)
    }

    @Test func aSleepOnTheVirtualClockThrowsWhenItsTaskIsCancelled() async {
        let clock = VirtualClock()
        let sleeper = Task { @MainActor in
            try await clock.sleep(for: .seconds(1))
        }
        await Task.yield()
        sleeper.cancel()
        let result = await sleeper.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.now == .zero)
    }

    @Test func actionIDsIncreaseAcrossTheReactorsOfOneScheduler() {
        let scheduler = Scheduler.virtual()
        let first = PlainCounter(scheduler: scheduler)
        let second = PlainCounter(scheduler: scheduler)
        var ids: [Int] = []
        let tokens = [first, second].map { reactor in
            reactor.observeRuntimeEvents { event in
                if case .action(let id, _) = event { ids.append(id) }
            }
        }
        defer { tokens.forEach { $0.cancel() } }
        first.send(.increase)
        second.send(.increase)
        first.send(.decrease)
        #expect(ids.count == 3)
        #expect(ids == ids.sorted() && Set(ids).count == 3)
    }
}
