import Testing
import ReactorCore

/// ReactorKit's timer: `start` ticks every second until `stop`; `at` sends an action later.
@MainActor
private final class TickReactor: Reactor {
    indirect enum Action { case start, stop, at(Duration, Action) }
    enum Mutation { case tick }
    struct State { var ticks = 0 }

    let initialState = State()
    let runtime: ReactorRuntime<TickReactor>

    init(scheduler: Scheduler) { runtime = ReactorRuntime(scheduler: scheduler) }

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .start:
            return Effect.run { send in
                while true {
                    try await send.clock.sleep(for: .seconds(1))
                    send(.tick)
                }
            }.cancellable(id: "timer", cancelInFlight: true)
        case .stop:
            return .cancel(id: "timer")
        case .at(let time, let next):
            return .run { [weak self] send in
                try await send.clock.sleep(for: time)
                self?.send(next)
            }
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        state.ticks += 1
        return state
    }
}

@MainActor
struct EffectTests {
    @Test func anErrorEndsOnlyItsEffectAndCountingGoesOnFromZeroToFive() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            if number == 2 {
                return .run { send in
                    send(.add(1))
                    throw TestError(code: 2)
                }
            }
            return .just(.add(1))
        }
        var failures: [String] = []
        let events = reactor.observeRuntimeEvents { event in
            if case .effect(let life) = event, case .failed(let error) = life.phase {
                failures.append("\(error)")
            }
        }
        let recorded = recordStates(of: reactor)
        defer { recorded.token.cancel(); events.cancel() }
        for number in 0..<5 {
            reactor.send(.go(number))
            try await scheduler.waitUntilQuiescent()
        }
        #expect(recorded.states().map(\.value) == [0, 1, 2, 3, 4, 5])
        #expect(failures == ["\(TestError(code: 2))"])
    }

    @Test func anEffectThatCompletesChangesNothingElse() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { _ in .run { send in send(.add(1)) } }
        let recorded = recordStates(of: reactor)
        defer { recorded.token.cancel() }
        reactor.send(.go(0))
        try await scheduler.waitUntilQuiescent()
        #expect(recorded.states().map(\.value) == [0, 1])
        #expect(scheduler.isQuiescent)
    }

    @Test func cancellingATickerOnTheVirtualClockYieldsExactlyTheTicksInBetween() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = TickReactor(scheduler: scheduler)
        let recorded = recordStates(of: reactor)
        defer { recorded.token.cancel() }
        reactor.send(.at(.seconds(1), .start))
        reactor.send(.at(.seconds(5), .stop))
        reactor.send(.at(.seconds(6), .start))
        reactor.send(.at(.seconds(9), .stop))
        try await scheduler.waitUntilQuiescent(limit: .seconds(60))
        #expect(recorded.states().map(\.ticks) == [0, 1, 2, 3, 4, 5])
        #expect(scheduler.clock.now == .seconds(9))
    }

    @Test func aConcatenationGoesOnWithItsNextElementWhenItsCancellablePartIsCancelled() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            if number == 2 { return .cancel(id: "search") }
            return .concatenate(
                .just(.add(1)),
                Effect.run { send in
                    try await send.clock.sleep(for: .milliseconds(300))
                    send(.add(100))
                }.cancellable(id: "search"),
                .just(.add(10))
            )
        }
        reactor.send(.go(1))
        await scheduler.advance(by: .milliseconds(100))
        #expect(reactor.currentState.value == 1)
        reactor.send(.go(2))
        try await scheduler.waitUntilQuiescent()
        #expect(reactor.currentState.value == 11)
    }

    @Test func aSendAfterCancellationIsDropped() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            if number == 2 { return .cancel(id: "slow") }
            return Effect.run { send in
                try? await send.clock.sleep(for: .seconds(1))  // swallows the cancellation
                send(.add(100))
            }.cancellable(id: "slow")
        }
        reactor.send(.go(1))
        await scheduler.advance(by: .milliseconds(10))
        reactor.send(.go(2))
        try await scheduler.waitUntilQuiescent()
        #expect(reactor.currentState.value == 0)
    }

    @Test func cancelInFlightReplacesTheOlderEffect() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            Effect.delay(.milliseconds(300), .just(.set(number))).cancellable(id: "query", cancelInFlight: true)
        }
        let recorded = recordStates(of: reactor)
        defer { recorded.token.cancel() }
        reactor.send(.go(1))
        await scheduler.advance(by: .milliseconds(100))
        reactor.send(.go(2))
        try await scheduler.waitUntilQuiescent()
        #expect(recorded.states().map(\.value) == [0, 2])
        #expect(scheduler.clock.now == .milliseconds(400))
    }

    @Test func mergeRunsItsEffectsAtOnceAndConcatenateOneAfterAnother() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            let slow = Effect<ScriptedReactor.Mutation>.delay(.milliseconds(200), .just(.add(number)))
            let fast = Effect<ScriptedReactor.Mutation>.delay(.milliseconds(100), .just(.add(number * 10)))
            return number == 1 ? .merge(slow, fast) : .concatenate(slow, fast)
        }
        let recorded = recordStates(of: reactor)
        defer { recorded.token.cancel() }
        reactor.send(.go(1))
        try await scheduler.waitUntilQuiescent()
        #expect(scheduler.clock.now == .milliseconds(200))
        reactor.send(.go(2))
        try await scheduler.waitUntilQuiescent()
        #expect(scheduler.clock.now == .milliseconds(500))
        #expect(recorded.states().map(\.value) == [0, 10, 11, 13, 33])
    }

    @Test func synchronousEffectsAreReducedBeforeSendReturnsWithoutAnyTask() {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { _ in
            .concatenate(.just(.add(1)), .merge(.sequence([.add(2), .add(3)]), .none), .just(.add(4)))
        }
        reactor.send(.go(0))
        #expect(reactor.currentState.value == 10)
        #expect(scheduler.workInProgress == 0)
    }

    @Test func effectLifeEventsCarryTheActionAndTheClockTime() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { _ in
            .concatenate(.just(.add(1)), .delay(.milliseconds(500), .just(.add(1))))
        }
        var lines: [String] = []
        let events = reactor.observeRuntimeEvents { event in
            switch event {
            case .action(let id, _): lines.append("action \(id)")
            case .reduction(let id, let mutation, let state):
                lines.append("reduce \(id.map(String.init) ?? "nil") \(mutation) -> \(state.value)")
            case .effect(let life): lines.append("effect \(life.actionID ?? -1) \(life.phase) at \(life.time)")
            }
        }
        defer { events.cancel() }
        reactor.send(.go(0))
        try await scheduler.waitUntilQuiescent()
        let id = lines.first.map { Int($0.split(separator: " ")[1])! } ?? -1
        #expect(lines == [
            "action \(id)",
            "reduce \(id) add(1) -> 1",
            "effect \(id) started at 0.0 seconds",
            "reduce \(id) add(1) -> 2",
            "effect \(id) finished at 0.5 seconds",
        ])
    }

    @Test func anObserverWithAClosurePerKindSeesTheSameEventsInTheSameOrder() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = TickReactor(scheduler: scheduler)
        func describe(_ life: EffectEvent) -> String {
            let id = life.cancellationID.map { "\($0)" } ?? "none"
            return "effect \(life.effectID) of \(life.actionID ?? -1) under \(id): \(life.phase) at \(life.time)"
        }
        var whole: [String] = []
        var parts: [String] = []
        let wholeEvents = reactor.observeRuntimeEvents { event in
            switch event {
            case .action(let id, let action): whole.append("action \(id) \(action)")
            case .reduction(let id, let mutation, let state):
                whole.append("reduce \(id.map(String.init) ?? "nil") \(mutation) -> \(state.ticks)")
            case .effect(let life): whole.append(describe(life))
            }
        }
        let partEvents = reactor.observeRuntimeEvents(
            actions: { id, action in parts.append("action \(id) \(action)") },
            reductions: { id, mutation, state in
                parts.append("reduce \(id.map(String.init) ?? "nil") \(mutation) -> \(state.ticks)")
            },
            effects: { life in parts.append(describe(life)) })
        defer { wholeEvents.cancel(); partEvents.cancel() }
        reactor.send(.start)
        await scheduler.advance(by: .seconds(2))
        reactor.send(.stop)
        try await scheduler.waitUntilQuiescent()
        #expect(parts == whole)
        #expect(whole.count(where: { $0.hasPrefix("reduce") }) == 2)
        #expect(whole.contains { $0.contains("under timer: started") })
        #expect(whole.contains { $0.contains("under timer: cancelled") })
    }
}
