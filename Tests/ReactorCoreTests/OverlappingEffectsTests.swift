@testable import ReactorCore
import Testing

/// Issue 25 item 6: what N overlapping effects cost each to start, cancel and finish does not grow
/// with N. The bookkeeping is pinned here (the figures are in docs/performance.md): the virtual
/// clock's due order is a heap, a cancellation by id finds its units in the id's own list, and
/// neither holds on to what has ended or been cancelled.
@MainActor
struct OverlappingEffectsTests {
    @Test func theDueOrderComesOutByDeadlineThenArrival() {
        var queue = DeadlineQueue()
        var generator = SystemRandomNumberGenerator()
        var entries: [DeadlineQueue.Entry] = []
        for id in 0..<500 {
            entries.append(DeadlineQueue.Entry(deadline: .milliseconds(Int.random(in: 0..<20, using: &generator)), id: id))
            queue.insert(entries[id])
        }
        var drained: [DeadlineQueue.Entry] = []
        while let entry = queue.removeFirst() { drained.append(entry) }
        #expect(drained == entries.sorted { $0.precedes($1) })
        #expect(queue.count == 0)
    }

    /// Each search cancels the one before (`cancelInFlight`): the id's list never holds more than
    /// the one in flight, and the clock's cancelled sleepers leave it as their cancellations run.
    @Test func eachCancelInFlightCancelsOnlyTheOneBeforeAndNothingAccumulates() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            .merge(
                .just(.set(number)),
                Effect.run { send in
                    try await scheduler.clock.sleep(for: .milliseconds(300))
                    send(.add(1_000))
                }.cancellable(id: "search", cancelInFlight: true))
        }
        for number in 1...2_000 {
            reactor.send(.go(number))
            #expect((reactor.runtime.liveUnitsByCancellationID["search"]?.count ?? 0) <= 1)
            #expect(reactor.runtime.openReservations.count <= 16)
            if number.isMultiple(of: 100) { await Task.yield() }
        }
        try await scheduler.waitUntilQuiescent()
        #expect(reactor.currentState.value == 3_000)
        #expect(scheduler.virtualClock?.parkedCount == 0)
    }

    /// Timers that all fall due together (`increase &` N times) leave the clock one by one in the
    /// order they were parked.
    @Test func timersDueTogetherFireInArrivalOrder() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            .delay(.milliseconds(500), .just(.set(number)))
        }
        for number in 1...5_000 { reactor.send(.go(number)) }
        #expect(scheduler.virtualClock?.parkedCount == 5_000)
        try await scheduler.waitUntilQuiescent()
        #expect(reactor.currentState.value == 5_000)
        #expect(scheduler.virtualClock?.parkedCount == 0)
    }

    /// A timer's key names its slot and its id: once the timer has fired and a later one took the
    /// slot over, the old key cancels nothing, and the later timer's own key still cancels it.
    @Test func aStaleTimerKeyCancelsNothingOnceItsSlotIsReused() {
        let clock = VirtualClock()
        var fired: [String] = []
        let first = clock.scheduleTimer(after: .milliseconds(10)) { fired.append("first") }
        #expect(clock.fireNextTimer(atOrBefore: .milliseconds(10)))
        let second = clock.scheduleTimer(after: .milliseconds(10)) { fired.append("second") }
        #expect(second.slot == first.slot)
        #expect(clock.cancelTimer(first) == nil)
        #expect(clock.parkedCount == 1)
        let third = clock.scheduleTimer(after: .milliseconds(5)) { fired.append("third") }
        #expect(clock.cancelTimer(second) != nil)
        #expect(clock.parkedCount == 1)
        #expect(clock.nextDeadline == .milliseconds(15))
        #expect(clock.fireNextTimer(atOrBefore: .milliseconds(30)))
        #expect(!clock.fireNextTimer(atOrBefore: .milliseconds(30)))
        #expect(fired == ["first", "third"])
        _ = third
    }
}
