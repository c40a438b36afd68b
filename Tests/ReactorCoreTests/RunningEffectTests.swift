import Dispatch
import Synchronization
import Testing
import ReactorCore

/// Which effect caused a reduction: effect numbers shared by a scheduler's reactors, and
/// ``RunningEffect/current`` read while reductions happen.
@MainActor
struct RunningEffectTests {
    @Test func effectNumbersAreUniqueAcrossTheReactorsOfAScheduler() async throws {
        let scheduler = Scheduler.virtual()
        let first = ScriptedReactor(scheduler: scheduler) { _ in .run { send in send(.add(1)) } }
        let second = ScriptedReactor(scheduler: scheduler) { _ in .just(.add(2)).delayed(by: .milliseconds(5)) }
        var numbers: [String] = []
        let tokens = [("first", first), ("second", second)].map { name, reactor in
            reactor.observeRuntimeEvents { event in
                if case .effect(let life) = event, case .started = life.phase { numbers.append("\(name) #\(life.effectID)") }
            }
        }
        defer { tokens.forEach { $0.cancel() } }
        first.send(.go(0))
        second.send(.go(0))
        first.send(.go(0))
        try await scheduler.waitUntilQuiescent()
        #expect(numbers == ["first #1", "second #2", "first #3"])
    }

    @Test func aReductionKnowsTheEffectWhoseBodySentIt() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            number == 0 ? .just(.add(1)) : .run { send in send(.add(number)) }
        }
        var seen: [String] = []
        let token = reactor.observeRuntimeEvents { event in
            if case .reduction(let actionID, let mutation, _) = event {
                let running = RunningEffect.current
                seen.append("\(mutation) action \(actionID ?? -1) effect \(running.map { "\($0.effectID) of \($0.actionID ?? -1)" } ?? "none")")
            }
        }
        defer { token.cancel() }
        reactor.send(.go(0))
        reactor.send(.go(5))
        try await scheduler.waitUntilQuiescent()
        #expect(seen == ["add(1) action 1 effect none", "add(5) action 2 effect 1 of 2"])
        #expect(RunningEffect.current == nil)
    }

    @Test func aDelayedOutputOnTheVirtualClockKnowsItsTimer() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { _ in .just(.add(3)).delayed(by: .milliseconds(500)) }
        var effects: [RunningEffect?] = []
        let token = reactor.observeRuntimeEvents { event in
            if case .reduction = event { effects.append(RunningEffect.current) }
        }
        defer { token.cancel() }
        reactor.send(.go(0))
        try await scheduler.waitUntilQuiescent()
        #expect(effects == [RunningEffect(effectID: 1, actionID: 1)])
    }

    @Test func aTimersDeliveryIsTheRunningEffectOnlyInTheTaskThatFiresIt() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { _ in .just(.add(3)).delayed(by: .milliseconds(500)) }
        var here: [RunningEffect?] = []
        let elsewhere = SeenElsewhere()
        let token = reactor.observeRuntimeEvents { event in
            guard case .reduction = event else { return }
            here.append(RunningEffect.current)
            // Read on another thread while the delivery is under way on this one (it waits).
            let done = DispatchSemaphore(value: 0)
            Task.detached { [elsewhere] in
                let seen = RunningEffect.current
                elsewhere.effects.withLock { $0.append(seen) }
                done.signal()
            }
            done.wait()
        }
        defer { token.cancel() }
        reactor.send(.go(0))
        try await scheduler.waitUntilQuiescent()
        #expect(here == [RunningEffect(effectID: 1, actionID: 1)])
        #expect(elsewhere.effects.withLock { $0 } == [nil])
        #expect(RunningEffect.current == nil)
    }

    @Test func aServiceEventFromAnEffectReachesAnotherReactorWithThatEffectRunning() async throws {
        let scheduler = Scheduler.virtual()
        let service = EventSource<String>()
        let list = ListReactor(service: service, scheduler: scheduler)
        let writer = ScriptedReactor(scheduler: scheduler) { _ in
            .run { send in
                service.publish("post")
                send(.add(1))
            }
        }
        var seen: [String] = []
        let tokens = [
            list.observeRuntimeEvents { event in
                if case .reduction(let actionID, let mutation, _) = event {
                    seen.append("list \(mutation) action \(actionID.map(String.init) ?? "nil") running \(RunningEffect.current.map { "\($0.effectID)/\($0.actionID ?? -1)" } ?? "none")")
                }
            },
            writer.observeRuntimeEvents { event in
                if case .reduction(let actionID, let mutation, _) = event {
                    seen.append("writer \(mutation) action \(actionID.map(String.init) ?? "nil") running \(RunningEffect.current.map { "\($0.effectID)/\($0.actionID ?? -1)" } ?? "none")")
                }
            },
        ]
        defer { tokens.forEach { $0.cancel() } }
        writer.send(.go(0))
        try await scheduler.waitUntilQuiescent()
        #expect(seen == [
            "list insert(\"post\") action nil running 1/1",
            "writer add(1) action 1 running 1/1",
        ])
    }
}

/// What another thread read, shared with it.
private final class SeenElsewhere: Sendable {
    let effects = Mutex<[RunningEffect?]>([])
}
