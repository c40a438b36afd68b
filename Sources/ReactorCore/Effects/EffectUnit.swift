/// One asynchronous effect task of a reactor: what runs, under which cancellation id, for which
/// action, and whether it was cancelled.
@MainActor
final class EffectUnit {
    let id: Int
    let actionID: Int?
    let cancellationID: AnyHashable?
    let scheduler: Scheduler
    var task: Task<Void, Never>?
    private(set) var isCancelled = false
    var hasEnded = false

    init(id: Int, actionID: Int?, cancellationID: AnyHashable?, scheduler: Scheduler) {
        self.id = id
        self.actionID = actionID
        self.cancellationID = cancellationID
        self.scheduler = scheduler
    }

    /// True while outputs of this unit may still be delivered.
    var acceptsOutput: Bool { !isCancelled && !hasEnded }

    /// Cancels the task; its later outputs are dropped.
    func cancel() {
        isCancelled = true
        task?.cancel()
    }
}

/// How an effect hands its outputs over: `inline` while the pipeline is busy with the action that
/// started it, `later` from an effect task.
struct EffectSink<Output> {
    let inline: @MainActor (Output) -> Void
    let later: @MainActor (Output) -> Void
}

/// A weak reference to a runtime, so sleeping effect tasks do not keep their reactor alive.
@MainActor
final class WeakRuntime<R: Reactor> {
    weak var runtime: ReactorRuntime<R>?
    init(_ runtime: ReactorRuntime<R>) { self.runtime = runtime }
}
