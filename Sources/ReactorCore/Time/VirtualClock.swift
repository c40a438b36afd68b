import Synchronization

/// A ``ReactorClock`` whose time moves only when told to.
///
/// `sleep(for:)` parks the calling task until the clock reaches its deadline. ``advance(by:)``
/// moves time forward and wakes the parked tasks in deadline order (first come, first served
/// for equal deadlines), letting each woken task run until it parks again or finishes before
/// the next one is woken. The same sequence of calls therefore always produces the same order
/// of events, and a 500 ms delay costs no wall time.
@MainActor
public final class VirtualClock: ReactorClock {
    /// One parked sleeper: a task or a timer waiting for `deadline`. What reaching the deadline
    /// does is in one of two optional fields rather than an enum, and a task's continuation is in
    /// a class: a continuation held inline (a type of the resilient concurrency library) would
    /// make every copy, read and destruction of a sleeper go through value witnesses.
    private struct Sleeper {
        let id: Int
        let deadline: Duration
        /// Runs a timer's action synchronously (no task, no suspension); nil for a task.
        let timer: (@MainActor () -> Void)?
        /// The task parked in ``sleep(for:)``; nil for a timer.
        let task: ParkedTask?

        /// False once the sleeper's task is being cancelled (timers are cancelled in place).
        var isLive: Bool { task?.isCancelled != true }
    }

    /// Where a parked timer is: its slot among the sleepers and its id (a slot is reused, an id
    /// never). Handed out by ``scheduleTimer(after:_:)`` for ``cancelTimer(_:)``.
    @usableFromInline
    struct TimerKey {
        let slot: Int
        let id: Int
    }

    /// What a timer reads or changes several times a line of a batch run, in an
    /// ``UncheckedCell`` (no dynamic exclusivity checks; see there).
    private struct Fields {
        /// The parked sleepers, in slots: one is found in O(1) when it is cancelled.
        var sleepers = SleeperSlots<Sleeper>()
        /// The order they fall due in: by deadline, then first come, first served (O(log N)
        /// each). An entry whose sleeper was cancelled stays until it reaches the front.
        var dueOrder = DeadlineQueue()
        var nextSleeperID = 0
        var now: Duration = .zero
        /// The scheduler that counts effect work against this clock; it decides when woken
        /// tasks have settled. Set by ``Scheduler/init(clock:)`` and cleared by the scheduler's
        /// deinit, so it never dangles (unretained: read at every timer, where a weak load would
        /// cost more than the rest of the bookkeeping).
        var scheduler: Unretained<Scheduler>?
    }

    private let fields = UncheckedCell(Fields())

    private var sleepers: SleeperSlots<Sleeper> {
        get { fields.value.sleepers }
        _modify { yield &fields.value.sleepers }
    }
    private var dueOrder: DeadlineQueue {
        get { fields.value.dueOrder }
        _modify { yield &fields.value.dueOrder }
    }
    private var nextSleeperID: Int {
        get { fields.value.nextSleeperID }
        set { fields.value.nextSleeperID = newValue }
    }
    /// The current virtual time.
    public private(set) var now: Duration {
        get { fields.value.now }
        set { fields.value.now = newValue }
    }
    var scheduler: Scheduler? {
        get { fields.value.scheduler?.object }
        set { fields.value.scheduler = Unretained(newValue) }
    }

    /// Creates a clock at time zero.
    public init() {}

    /// The number of sleepers parked: tasks in `sleep(for:)` and timers. A task whose sleep has
    /// been cancelled still counts until its cancellation runs on the main actor (a later job);
    /// ``nextDeadline`` skips it.
    var parkedCount: Int { sleepers.count }

    /// The earliest deadline among the sleepers that are not being cancelled, if any.
    var nextDeadline: Duration? {
        earliestLive()?.deadline
    }

    /// The live sleeper with the earliest deadline (the first of equal ones), if any. Entries of
    /// sleepers gone or being cancelled are dropped from the front of ``dueOrder`` on the way
    /// (a sleeper being cancelled stays in ``sleepers`` until its cancellation runs); each entry
    /// is dropped once, so this is O(log N) a sleeper however many are cancelled.
    private func earliestLive() -> Sleeper? {
        while let entry = dueOrder.first {
            if let sleeper = sleepers.sleeper(in: entry.slot), sleeper.id == entry.id, sleeper.isLive { return sleeper }
            dueOrder.removeFirst()
        }
        return nil
    }

    /// Adds `sleeper` in its place: after every sleeper due at or before its deadline. Returns
    /// where it is.
    @discardableResult
    private func park(_ sleeper: Sleeper) -> TimerKey {
        let slot = sleepers.insert(sleeper)
        dueOrder.insert(DeadlineQueue.Entry(deadline: sleeper.deadline, id: sleeper.id, slot: slot))
        return TimerKey(slot: slot, id: sleeper.id)
    }

    /// Takes the earliest live sleeper off the clock (``earliestLive()`` found it at the front).
    private func removeEarliest() {
        if let entry = dueOrder.removeFirst() { _ = sleepers.remove(from: entry.slot) }
    }

    /// Takes the sleeper at `key` off the clock, if it is still there.
    private func remove(_ key: TimerKey) -> Sleeper? {
        guard sleepers.sleeper(in: key.slot)?.id == key.id else { return nil }
        return sleepers.remove(from: key.slot)
    }

    /// Parks the calling task until the clock reaches `now + duration`.
    ///
    /// A zero or negative duration still parks until the next ``advance(by:)``, like a task
    /// that yields; it throws `CancellationError` if the task is (or gets) cancelled.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        nextSleeperID += 1
        let id = nextSleeperID
        let deadline = now + max(duration, .zero)
        let parked = ParkedTask()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                parked.continuation = continuation
                parked.key = park(Sleeper(id: id, deadline: deadline, timer: nil, task: parked))
                scheduler?.signalChange()
            }
        } onCancel: {
            parked.markCancelled()
            Task { @MainActor [weak self] in self?.cancelSleeper(parked) }
        }
    }

    private func cancelSleeper(_ parked: ParkedTask) {
        guard let key = parked.key, let sleeper = remove(key) else { return }
        sleeper.task?.resume(throwing: CancellationError())
        scheduler?.signalChange()
    }

    /// Parks `action` until the clock reaches `now + duration`, like a task sleeping in
    /// ``sleep(for:)`` and then running `action`, but without a task: ``advance(to:)`` calls it
    /// in the sleeper's turn. Returns the timer's id for ``cancelTimer(_:)``.
    @usableFromInline
    func scheduleTimer(after duration: Duration, _ action: @escaping @MainActor () -> Void) -> TimerKey {
        nextSleeperID += 1
        let key = park(Sleeper(id: nextSleeperID, deadline: now + max(duration, .zero), timer: action, task: nil))
        scheduler?.signalChange()
        return key
    }

    /// Removes the timer at `key` if it has not fired; returns its action if it was still parked.
    @usableFromInline
    func cancelTimer(_ key: TimerKey) -> (@MainActor () -> Void)? {
        guard let action = remove(key)?.timer else { return nil }
        scheduler?.signalChange()
        return action
    }

    /// Moves time forward by `duration`, running every sleeper that falls due on the way.
    ///
    /// Before looking at deadlines it lets running effects settle (start and park), so
    /// `send(action); await clock.advance(by: d)` sees the effects that action started.
    public func advance(by duration: Duration) async {
        await advance(to: now + max(duration, .zero))
    }

    /// Moves time forward to `target` (never backwards), waking due sleepers one at a time in
    /// deadline order and letting each settle before the next.
    public func advance(to target: Duration) async {
        await settle()
        while let sleeper = nextDue(atOrBefore: target) {
            if Task.isCancelled { break }
            removeEarliest()
            if sleeper.deadline > now { now = sleeper.deadline }
            if let timer = sleeper.timer {
                timer()
            } else {
                sleeper.task?.resume()
            }
            scheduler?.signalChange()
            await settle()
        }
        if target > now && !Task.isCancelled { now = target }
    }

    /// Fires the earliest sleeper when it is a timer due at or before `target`, synchronously,
    /// exactly as ``advance(to:)`` would in its turn; returns false, doing nothing, when that
    /// sleeper is a parked task (which needs ``advance(to:)``), is due later, or there is none.
    func fireNextTimer(atOrBefore target: Duration) -> Bool {
        guard let sleeper = earliestLive(), sleeper.deadline <= target, sleeper.timer != nil else {
            return false
        }
        removeEarliest()
        if sleeper.deadline > now { now = sleeper.deadline }
        sleeper.timer?()
        scheduler?.signalChange()
        return true
    }

    /// Wakes every sleeper whose deadline is at or before the latest deadline, repeatedly,
    /// until nothing is parked on the clock any more (or the calling task is cancelled).
    public func runUntilIdle() async {
        await settle()
        while let deadline = nextDeadline, !Task.isCancelled {
            await advance(to: deadline)
        }
    }

    private func nextDue(atOrBefore target: Duration) -> Sleeper? {
        guard let sleeper = earliestLive(), sleeper.deadline <= target else { return nil }
        return sleeper
    }

    private func settle() async {
        if let scheduler {
            await scheduler.settle()
        } else {
            for _ in 0..<8 { await Task.yield() }
        }
    }
}

/// A task parked in ``VirtualClock/sleep(for:)``: its continuation, resumed on the main actor, and
/// a flag set from any thread when the task is cancelled, read on the main actor.
final class ParkedTask: @unchecked Sendable {
    // Unchecked: the continuation and the key are set and read on the main actor only (by the
    // clock); the flag is atomic.
    private let cancelled = Atomic<Bool>(false)
    /// Set once the task is suspended, before the sleeper is parked.
    var continuation: CheckedContinuation<Void, any Error>?
    /// Where the sleeper is parked, set with it.
    var key: VirtualClock.TimerKey?

    init() {}

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
    func markCancelled() { cancelled.store(true, ordering: .releasing) }

    /// Resumes the task (once).
    func resume(throwing error: (any Error)? = nil) {
        guard let continuation else { return }
        self.continuation = nil
        if let error {
            continuation.resume(throwing: error)
        } else {
            continuation.resume()
        }
    }
}
