/// Owns the clock of a scene and counts the effect work in progress of all its reactors.
///
/// Every effect task is counted from its creation to its end. A scene's reactors share one
/// scheduler (set ``ReactorRuntime/scheduler`` before a reactor's first use), so
/// ``waitUntilQuiescent(limit:)`` waits for all of them. Subscriptions to event sources are
/// not effects and never count.
@MainActor
public final class Scheduler {
    /// The clock effects sleep on.
    public let clock: any ReactorClock

    /// The clock as a ``VirtualClock``, when it is one.
    public let virtualClock: VirtualClock?

    /// The counters, the waiter list and the open batch: touched at every effect's start and
    /// end, so kept in an ``UncheckedCell`` (no dynamic exclusivity checks; see there).
    struct Counters {
        /// Effect tasks created and not yet ended.
        var workInProgress = 0
        /// Effect tasks that are waiting for child effect tasks (those are counted themselves).
        var waitingOnChildren = 0
        var changeWaiters: [CheckedContinuation<Void, Never>] = []
        /// The batch that effect units created now join (see ``enqueueStart(_:)``); nil once its
        /// start job has begun.
        var openBatch: EffectStartBatch?
        /// Batches of effect units not all started yet.
        var unstartedBatches = 0
    }

    private let counters = UncheckedCell(Counters())

    /// Effect tasks created and not yet ended.
    public var workInProgress: Int { counters.value.workInProgress }

    /// The last action number handed out, in a cell so that reactors can number actions
    /// without a dynamic exclusivity check.
    @usableFromInline let actionIDs = UncheckedCell(0)

    /// The last effect number handed out (see ``makeEffectID()``).
    @usableFromInline let lastEffectID = UncheckedCell(0)

    /// Creates a scheduler over `clock` (a fresh ``RealClock`` by default).
    public init(clock: any ReactorClock = RealClock()) {
        self.clock = clock
        self.virtualClock = clock as? VirtualClock
        virtualClock?.scheduler = self
    }

    /// Creates a scheduler over a fresh ``VirtualClock``.
    public static func virtual() -> Scheduler {
        Scheduler(clock: VirtualClock())
    }

    /// True when no effect has work in progress or scheduled.
    public var isQuiescent: Bool { workInProgress == 0 }

    isolated deinit {
        // The clock refers to its scheduler unowned: it must not see this one once it is gone.
        if let virtualClock, virtualClock.scheduler === self { virtualClock.scheduler = nil }
    }

    /// Returns a new action number, unique and increasing across the reactors of this scheduler.
    @inlinable
    public func makeActionID() -> Int {
        actionIDs.value &+= 1
        return actionIDs.value
    }

    /// Returns a new effect number, unique and increasing across the reactors of this scheduler
    /// (so a scene's effects are told apart whichever reactor runs them).
    @inlinable
    public func makeEffectID() -> Int {
        lastEffectID.value &+= 1
        return lastEffectID.value
    }

    /// Moves the virtual clock forward by `duration`, running what falls due
    /// (does nothing on a real clock).
    public func advance(by duration: Duration) async {
        await virtualClock?.advance(by: duration)
    }

    /// Waits until no effect has work in progress or scheduled.
    ///
    /// On a virtual clock, whenever every live effect is parked in a clock sleep, time jumps to
    /// the next deadline, so delays cost no wall time. Throws ``QuiescenceTimeout`` when more
    /// than `limit` passes — virtual time advanced or wall time elapsed, whichever comes first —
    /// and `CancellationError` promptly when the calling task is cancelled.
    public func waitUntilQuiescent(limit: Duration = .seconds(10)) async throws {
        if workInProgress == 0 { return }
        try await waitUntilQuiescent(limit: limit, countingFrom: clock.now)
    }

    /// ``waitUntilQuiescent(limit:)`` with the limit on virtual time counted from `virtualStart`,
    /// an earlier reading of ``clock`` (the one taken before `fireParkedTimers(limit:)`, so that
    /// the two together allow `limit` in all).
    public func waitUntilQuiescent(limit: Duration, countingFrom virtualStart: Duration) async throws {
        if fireParkedTimers(limit: limit, countingFrom: virtualStart) { return }
        let wallClock = ContinuousClock()
        let wallDeadline = wallClock.now + limit
        var wallTimer: Task<Void, Never>?
        defer { wallTimer?.cancel() }
        try await waitForEffects {
            if workInProgress == 0 { return .done }
            try Task.checkCancellation()
            if wallClock.now >= wallDeadline || clock.now - virtualStart > limit {
                throw QuiescenceTimeout(limit: limit, workInProgress: workInProgress)
            }
            if let virtualClock, allLiveEffectsParked, let next = virtualClock.nextDeadline {
                if next - virtualStart > limit {
                    throw QuiescenceTimeout(limit: limit, workInProgress: workInProgress)
                }
                await virtualClock.advance(to: next)
                return .progressed
            }
            return .stillRunning
        } beforeParking: {
            // The wall-clock limit must wake a waiter that nothing else wakes.
            if wallTimer == nil {
                wallTimer = Task { @MainActor [weak self] in
                    try? await wallClock.sleep(until: wallDeadline)
                    self?.signalChange()
                }
            }
        }
        try Task.checkCancellation()
    }

    /// Fires the timers parked on the virtual clock (delays of plain outputs) right here, without
    /// suspending, in deadline order, as long as nothing else runs and the next deadline is at
    /// most `limit` past `virtualStart` (``clock``'s time now, by default): the synchronous start of
    /// ``waitUntilQuiescent(limit:)``, which a caller that must not suspend can run first. Returns
    /// true when no effect has work in progress any more; on a real clock it fires nothing.
    public func fireParkedTimers(limit: Duration, countingFrom virtualStart: Duration? = nil) -> Bool {
        if workInProgress == 0 { return true }
        guard let virtualClock else { return false }
        let virtualStart = virtualStart ?? virtualClock.now
        let latest = virtualStart + limit
        while workInProgress > 0, allLiveEffectsParked, !Task.isCancelled, virtualClock.fireNextTimer(atOrBefore: latest) {}
        return workInProgress == 0
    }

    /// True when every live effect task that is not waiting for a child is parked on the
    /// virtual clock.
    private var allLiveEffectsParked: Bool {
        guard let virtualClock else { return false }
        return workInProgress - counters.value.waitingOnChildren <= virtualClock.parkedCount
    }

    /// Waits until every running effect task has parked on the clock or ended (or the calling
    /// task is cancelled). Used by ``VirtualClock/advance(by:)`` between wake-ups.
    func settle() async {
        try? await waitForEffects {
            workInProgress > 0 && !allLiveEffectsParked && !Task.isCancelled ? .stillRunning : .done
        }
    }

    /// What a wait for effects sees at each step.
    private enum WaitStep {
        /// Nothing left to wait for.
        case done
        /// The step itself moved things on (the virtual clock advanced): look again at once.
        case progressed
        /// Effects are still running: let them run.
        case stillRunning
    }

    /// The wait loop of ``waitUntilQuiescent(limit:countingFrom:)`` and ``settle()``: asks `step`
    /// what to do and, while effects are still running, lets them run. Queued effect starts and
    /// a freshly created task need only a pass through the main queue; otherwise the loop parks
    /// until an effect count or the clock's sleepers change (`beforeParking` runs first).
    /// Cancelling the calling task wakes the loop, for `step` to notice.
    private func waitForEffects(
        _ step: () async throws -> WaitStep, beforeParking: () -> Void = {}
    ) async throws {
        var yieldedOnce = false
        try await withTaskCancellationHandler {
            while true {
                switch try await step() {
                case .done: return
                case .progressed: continue
                case .stillRunning: break
                }
                if counters.value.unstartedBatches > 0 {
                    // Their start job is ahead in the main queue.
                    await MainQueueYield.shared.pass()
                } else if !yieldedOnce {
                    // Usually a freshly created task only needs to start and park.
                    yieldedOnce = true
                    await MainQueueYield.shared.pass()
                } else {
                    beforeParking()
                    await waitForChange()
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.signalChange() }
        }
    }

    private func waitForChange() async {
        await withCheckedContinuation { continuation in
            counters.value.changeWaiters.append(continuation)
        }
    }

    /// Wakes whoever waits for the effect counts or the clock's sleepers to change.
    func signalChange() {
        if !counters.value.changeWaiters.isEmpty { resumeChangeWaiters() }
    }

    /// Resumes the tasks waiting for a change. Apart from ``signalChange()``, which runs at every
    /// change and most often finds no one waiting: the waiters' type metadata, looked up once
    /// where they are copied, cost about 170,000 instructions on a batch run's first effect.
    private func resumeChangeWaiters() {
        let waiters = counters.value.changeWaiters
        counters.value.changeWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Queues the start of `unit`'s task (its ``EffectUnit/operation``) in the current batch.
    ///
    /// The first unit of a batch enqueues one main-actor task that later starts every unit of the
    /// batch, in order, each running until it first suspends or ends before the next one starts.
    /// So effects begin in creation order, in the turn of the main actor where separate tasks
    /// would have begun, but a burst of actions costs one queue entry and one wake-up instead of
    /// one per effect. Units queued while a batch runs (by the effects of that batch) form the
    /// next batch, behind whatever reached the main actor's queue meanwhile, as separate tasks
    /// would be.
    ///
    /// The units' bodies run in that task itself, not in a task each (``startUnits(of:)``): a
    /// body that never suspends costs no task at all. A body that suspends keeps the task to
    /// itself, and the rest of the batch goes on in a successor task.
    @usableFromInline
    func enqueueStart(_ unit: EffectUnit) {
        if let openBatch = counters.value.openBatch {
            openBatch.units.append(unit)
            return
        }
        let batch = EffectStartBatch(unit)
        counters.value.openBatch = batch
        counters.value.unstartedBatches += 1
        batch.successor = Task { @MainActor in
            if self.counters.value.openBatch === batch { self.counters.value.openBatch = nil }
            await self.startUnits(of: batch)
        }
    }

    /// Run by the task in `batch.successor`: starts the units of `batch` from the next unstarted
    /// one, each in this task, until one's body suspends (this task then belongs to that unit,
    /// and the successor this made first goes on with the batch) or the batch is done.
    private func startUnits(of batch: EffectStartBatch) async {
        // No successor: the batch is done (this task is a successor that was not needed).
        guard let task = batch.successor else { return }
        batch.owner &+= 1
        let owner = batch.owner
        if batch.next == batch.units.count {
            // The last unit's body suspended: every unit has started.
            finishStarting(batch)
            return
        }
        if batch.next > 0 {
            // A body of this batch suspended (or its unit was cancelled while it ran). The
            // bodies of a burst are usually alike, so the rest likely suspend too: each starts
            // in a task of its own (`Task.immediate`), instead of in a successor task each.
            while batch.next < batch.units.count {
                let unit = batch.units[batch.next]
                batch.next += 1
                unit.startInOwnTask()
            }
            finishStarting(batch)
            return
        }
        // Runs after this task's turn ends: if a body suspended, it starts the units left.
        batch.successor = Task { @MainActor in await self.startUnits(of: batch) }
        while true {
            let unit = batch.units[batch.next]
            batch.next += 1
            await unit.run(in: task)
            if batch.owner != owner {
                // The body suspended, and the successor took the batch over meanwhile.
                return
            }
            if batch.next == batch.units.count {
                finishStarting(batch)
                return
            }
            if unit.isCancelled {
                // Cancelled while its body ran, this task with it (see `EffectUnit.run(in:)`):
                // the successor starts the units left.
                batch.owner &+= 1
                return
            }
        }
    }

    /// Every unit of `batch` has started.
    private func finishStarting(_ batch: EffectStartBatch) {
        batch.successor = nil
        counters.value.unstartedBatches -= 1
        signalChange()
    }

    /// Counts a new effect task.
    @usableFromInline
    func effectStarted() {
        counters.value.workInProgress += 1
    }

    /// Uncounts an effect task that ended.
    @usableFromInline
    func effectEnded() {
        counters.value.workInProgress -= 1
        signalChange()
    }

    /// Marks an effect task as parked on a child effect task; the child releases it when it
    /// ends (`releaseWaitingParents`).
    @usableFromInline
    func parentStartedWaitingOnChild() {
        counters.value.waitingOnChildren += 1
        signalChange()
    }

    /// `count` parents parked on a child that just ended are runnable again.
    @usableFromInline
    func releaseWaitingParents(_ count: Int) {
        counters.value.waitingOnChildren -= count
        signalChange()
    }
}

/// Thrown by ``Scheduler/waitUntilQuiescent(limit:)`` when effects are still running after the limit.
public struct QuiescenceTimeout: Error, CustomStringConvertible, Sendable {
    /// The limit that was exceeded.
    public let limit: Duration
    /// How many effect tasks were still running.
    public let workInProgress: Int

    /// A one-line message, e.g. `effects still running after 10 seconds (1 in progress)`.
    public var description: String {
        "effects still running after \(limit) (\(workInProgress) in progress)"
    }
}

/// The effect units queued for starting in one turn of the main actor (see
/// ``Scheduler/enqueueStart(_:)``), in creation order, and which task starts them.
@MainActor
final class EffectStartBatch {
    struct Fields {
        var units: [EffectUnit]
        /// The index of the next unit to start.
        var next = 0
        /// Changed whenever another task takes over starting the units: a task whose unit's body
        /// returns to find it changed (the body suspended meanwhile) stops starting units.
        var owner = 0
        /// The task that starts the units left once the current one's turn ends.
        var successor: Task<Void, Never>?
    }

    /// In an ``UncheckedCell``, for the reason given on `Scheduler`'s counters.
    private let fields: UncheckedCell<Fields>

    var units: [EffectUnit] {
        get { fields.value.units }
        _modify { yield &fields.value.units }
    }
    var next: Int {
        get { fields.value.next }
        set { fields.value.next = newValue }
    }
    var owner: Int {
        get { fields.value.owner }
        set { fields.value.owner = newValue }
    }
    var successor: Task<Void, Never>? {
        get { fields.value.successor }
        set { fields.value.successor = newValue }
    }

    init(_ unit: EffectUnit) {
        fields = UncheckedCell(Fields(units: [unit]))
    }
}
