import Dispatch

/// Lets a main-actor task wait until the jobs queued on the main actor so far have run, without
/// leaving the main queue's thread.
///
/// `await Task.yield()` from the main actor first hops to the global executor (it is not
/// isolated), yields there and hops back: on Linux that wakes a thread of the global pool and
/// then the main queue's thread again. Resuming a continuation costs the same (the resumed task
/// is enqueued on the global executor first). Awaiting ``pass()`` instead hops to an executor
/// whose jobs run on the main queue, behind what is queued there, and back: two main-queue
/// entries, no other thread.
actor MainQueueYield {
    static let shared = MainQueueYield()

    private let executor = MainQueueExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// How many passes there have been. Touching the actor's state is what makes ``pass()`` run
    /// on its executor: the optimizer removes the hop to an actor whose method needs none of it.
    private var passes = 0

    /// Returns once the main actor's jobs queued before the call have run.
    func pass() {
        passes &+= 1
    }
}

/// A serial executor that runs its jobs on the main dispatch queue (so one at a time, in order,
/// interleaved with the main actor's jobs in the order they were queued).
private final class MainQueueExecutor: SerialExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        DispatchQueue.main.async { job.runSynchronously(on: executor) }
    }
}
