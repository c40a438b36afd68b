import Testing
import ReactorCore

/// How `run` effects become tasks: when they start, in which order, and how they end.
@MainActor
struct EffectTaskTests {
    /// Logs the life of every effect and every reduction of `reactor`, one line each.
    private func recordLife(of reactor: ScriptedReactor) -> (lines: () -> [String], token: ObservationToken) {
        let box = StateBox<String>()
        let token = reactor.observeRuntimeEvents { event in
            switch event {
            case .action: break
            case .reduction(_, let mutation, let state): box.states.append("reduce \(mutation) -> \(state.value)")
            case .effect(let life): box.states.append("effect \(life.effectID) \(life.phase)")
            }
        }
        return ({ box.states }, token)
    }

    @Test func aRunEffectThatNeverSuspendsIsReducedAfterTheActionsSynchronousMutationsInOrder() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { _ in
            .merge(
                .run { send in
                    send(.add(10))
                    send(.add(100))
                },
                .just(.add(1))
            )
        }
        let recorded = recordStates(of: reactor)
        let life = recordLife(of: reactor)
        defer { recorded.token.cancel(); life.token.cancel() }
        reactor.send(.go(0))
        // The effect has not run when `send` returns; the synchronous mutation has been reduced.
        #expect(reactor.currentState.value == 1)
        #expect(scheduler.workInProgress == 1)
        try await scheduler.waitUntilQuiescent()
        #expect(recorded.states().map(\.value) == [0, 1, 11, 111])
        #expect(life.lines() == [
            "effect 1 started",
            "reduce add(1) -> 1",
            "reduce add(10) -> 11",
            "reduce add(100) -> 111",
            "effect 1 finished",
        ])
        #expect(scheduler.isQuiescent)
    }

    @Test func effectsStartedTogetherBeginInCreationOrderEachRunningUntilItFirstSuspends() async throws {
        let scheduler = Scheduler.virtual()
        let trace = Trace()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            .run { send in
                trace.add("start \(number)")
                send(.add(number))
                trace.add("sent \(number)")
                try await send.clock.sleep(for: .milliseconds(10))
                trace.add("resume \(number)")
            }
        }
        for number in 1...3 { reactor.send(.go(number)) }
        #expect(trace.entries.isEmpty)
        try await scheduler.waitUntilQuiescent()
        #expect(trace.entries == [
            "start 1", "sent 1", "start 2", "sent 2", "start 3", "sent 3",
            "resume 1", "resume 2", "resume 3",
        ])
        #expect(reactor.currentState.value == 6)
    }

    @Test func effectsCreatedInOneTurnStartTogetherAheadOfWorkQueuedBetweenThem() async throws {
        let scheduler = Scheduler.virtual()
        let trace = Trace()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            .run { send in
                trace.add("start \(number)")
                send(.add(number))
            }
        }
        reactor.send(.go(1))
        let other = Task { @MainActor in trace.add("other job") }
        reactor.send(.go(2))
        await other.value
        try await scheduler.waitUntilQuiescent()
        // One main-actor job starts the effects of the turn, where the first one would have started.
        #expect(trace.entries == ["start 1", "start 2", "other job"])
        #expect(reactor.currentState.value == 3)
    }

    @Test func anEffectThatHasEndedIsNoLongerInFlight() async throws {
        final class Payload {}
        let scheduler = Scheduler.virtual()
        weak var weakPayload: Payload?
        let reactor = ScriptedReactor(scheduler: scheduler) { _ in
            let payload = Payload()
            weakPayload = payload
            return .run { send in
                withExtendedLifetime(payload) { send(.add(1)) }
            }
        }
        reactor.send(.go(0))
        #expect(weakPayload != nil)
        try await scheduler.waitUntilQuiescent()
        let life = recordLife(of: reactor)
        defer { life.token.cancel() }
        // Nothing left to cancel: the finished effect is not among the reactor's live effects,
        // and nothing holds what its body captured.
        reactor.cancelAllEffects()
        reactor.reset()
        try await scheduler.waitUntilQuiescent()
        #expect(life.lines().isEmpty)
        #expect(weakPayload == nil)
        #expect(scheduler.isQuiescent)
    }

    @Test func cancellingAnEffectThatHasAlreadySuspendedEndsIt() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            if number == 2 { return .cancel(id: "slow") }
            return Effect.run { send in
                send(.add(1))
                try await send.clock.sleep(for: .seconds(1))
                send(.add(100))
            }.cancellable(id: "slow")
        }
        let life = recordLife(of: reactor)
        defer { life.token.cancel() }
        reactor.send(.go(1))
        await scheduler.advance(by: .milliseconds(10))
        #expect(reactor.currentState.value == 1)
        reactor.send(.go(2))
        try await scheduler.waitUntilQuiescent()
        #expect(reactor.currentState.value == 1)
        #expect(life.lines() == ["effect 1 started", "reduce add(1) -> 1", "effect 1 cancelled"])
        #expect(scheduler.clock.now == .milliseconds(10))
    }

    @Test func anEffectCancelledBeforeItStartedSendsNothingAndEndsCancelled() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            if number == 2 { return .cancel(id: "quick") }
            return Effect.run { send in send(.add(1)) }.cancellable(id: "quick")
        }
        let life = recordLife(of: reactor)
        defer { life.token.cancel() }
        // Both in the same turn of the main actor: the effect is cancelled before its task starts.
        reactor.send(.go(1))
        reactor.send(.go(2))
        try await scheduler.waitUntilQuiescent()
        // Its task starts cancelled, as a task cancelled before its first turn always did: what
        // the body sends is dropped and the effect ends cancelled.
        #expect(reactor.currentState.value == 0)
        #expect(life.lines() == ["effect 1 started", "effect 1 cancelled"])
    }

    @Test func cancellingAnEffectWhileItRunsLeavesTheEffectsStartedAfterItUncancelled() async throws {
        let scheduler = Scheduler.virtual()
        let trace = Trace()
        weak var weakReactor: ScriptedReactor?
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            if number == 0 { return .cancel(id: "first") }
            if number == 1 {
                return Effect.run { send in
                    weakReactor?.send(.go(0))  // cancels this effect while its body runs
                    trace.add("1 cancelled: \(Task.isCancelled)")
                    send(.add(1))
                }.cancellable(id: "first")
            }
            return .run { send in
                trace.add("\(number) cancelled: \(Task.isCancelled)")
                send(.add(number))
                try await send.clock.sleep(for: .seconds(1))
                trace.add("\(number) resumed")
                send(.add(number * 10))
            }
        }
        weakReactor = reactor
        let life = recordLife(of: reactor)
        defer { life.token.cancel() }
        // Started in one turn: the bodies of effects 2 and 3 begin after effect 1 was cancelled.
        for number in 1...3 { reactor.send(.go(number)) }
        try await scheduler.waitUntilQuiescent()
        #expect(trace.entries == [
            "1 cancelled: true", "2 cancelled: false", "3 cancelled: false", "2 resumed", "3 resumed",
        ])
        #expect(reactor.currentState.value == 55)
        #expect(life.lines() == [
            "effect 1 started", "effect 2 started", "effect 3 started", "effect 1 cancelled",
            "reduce add(2) -> 2", "reduce add(3) -> 5",
            "reduce add(20) -> 25", "effect 2 finished", "reduce add(30) -> 55", "effect 3 finished",
        ])
    }
}
