/// One asynchronous effect task of a reactor: what runs, under which cancellation id, for which
/// action, and whether it was cancelled.
@MainActor
@usableFromInline
final class EffectUnit {
    @usableFromInline
    let id: Int
    @usableFromInline
    let actionID: Int?
    @usableFromInline
    let cancellationID: AnyHashable?
    @usableFromInline
    let scheduler: Scheduler
    @usableFromInline
    var task: Task<Void, Never>?
    /// Cancels the unit's clock timer, for a unit that runs as a timer instead of a task.
    @usableFromInline
    var cancelTimer: (@MainActor () -> Void)?
    @usableFromInline
    var isCancelled = false
    @usableFromInline
    var hasEnded = false
    /// How many parent units are parked awaiting this one. They are released in the same turn in
    /// which this unit ends, so the scheduler never sees a resumable parent as parked (the virtual
    /// clock would otherwise jump before the parent continues).
    @usableFromInline
    var waitingParents = 0

    /// Marks the unit ended and hands its waiting parents back to the scheduler as runnable.
    @usableFromInline
    func markEnded() {
        hasEnded = true
        if waitingParents > 0 {
            scheduler.releaseWaitingParents(waitingParents)
            waitingParents = 0
        }
    }

    @usableFromInline
    init(id: Int, actionID: Int?, cancellationID: AnyHashable?, scheduler: Scheduler) {
        self.id = id
        self.actionID = actionID
        self.cancellationID = cancellationID
        self.scheduler = scheduler
    }

    /// True while outputs of this unit may still be delivered.
    @usableFromInline
    var acceptsOutput: Bool { !isCancelled && !hasEnded }

    /// Cancels the task; its later outputs are dropped.
    @usableFromInline
    func cancel() {
        isCancelled = true
        task?.cancel()
        cancelTimer?()
    }
}

/// How an effect hands its outputs over: `inline` while the pipeline is busy with the action that
/// started it, `later` from an effect task.
@usableFromInline
struct EffectSink<Output> {
    @usableFromInline let inline: @MainActor (Output) -> Void
    @usableFromInline let later: @MainActor (Output) -> Void

    @usableFromInline
    init(inline: @escaping @MainActor (Output) -> Void, later: @escaping @MainActor (Output) -> Void) {
        self.inline = inline
        self.later = later
    }
}

/// A weak reference to a runtime, so sleeping effect tasks do not keep their reactor alive.
@MainActor
@usableFromInline
final class WeakRuntime<R: Reactor> {
    @usableFromInline weak var runtime: ReactorRuntime<R>?
    @usableFromInline init(_ runtime: ReactorRuntime<R>) { self.runtime = runtime }
}
