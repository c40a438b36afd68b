#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Makes every job of the process run on the main queue's thread: the jobs the Swift runtime would
/// give its global thread pool (a task without isolation, the hop of a resumed continuation) go to
/// the main executor instead.
///
/// Why, for the runner target: the session and the reactors live on the main actor, but an effect
/// that suspends comes back through the global pool, so one input would wake a pool thread and the
/// main thread in turn for every such step. On a machine whose cores are busy, each wake-up waits
/// for a time slice, and that waiting, not the work, is then most of an input's time. On one
/// thread an input runs without a context switch, and every run of it interleaves its jobs in the
/// same order, so a crash found replays the same way. The cost: the fuzzer cannot find a race
/// between a pool thread and the main thread (the shell's code runs on the main actor, so there is
/// little such code to race).
///
/// The runtime offers this through two variables that, when set, take every enqueue of their kind:
/// `swift_task_enqueueGlobal_hook` sends the global ones to the main executor, and
/// `swift_task_enqueueMainExecutor_hook` counts the jobs queued there (``enqueuedJobs``), so that
/// the harness can tell when the main queue has run dry.
///
/// Swift 6.3.1's runtime calls neither hook (both counts stay 0 through a run): there the jobs go
/// where they would without them, and nothing may rely on ``enqueuedJobs`` (``RunnerCheck`` does
/// not). Installed still for toolchains that call them.
public enum MainThreadConcurrency {
    /// The hooks' type: the job, and the runtime's own enqueue.
    private typealias Original = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// How many jobs have been queued on the main executor since ``install()``.
    public static var enqueuedJobs: Int { counter.load(ordering: .relaxed) }
    private static let counter = Atomic<Int>(0)

    /// Installs the hooks; call once, before the first task.
    @MainActor
    public static func install() {
        let global: Hook = { job, _ in enqueueOnMainExecutor(job) }
        let main: Hook = { job, original in
            MainThreadConcurrency.counter.add(1, ordering: .relaxed)
            original(job)
        }
        hookVariable("swift_task_enqueueMainExecutor_hook").pointee = main
        hookVariable("swift_task_enqueueGlobal_hook").pointee = global
    }

    private static func hookVariable(_ name: String) -> UnsafeMutablePointer<Hook?> {
        guard let process = dlopen(nil, RTLD_NOW), let variable = dlsym(process, name) else {
            fatalError("the Swift runtime has no \(name)")
        }
        return variable.assumingMemoryBound(to: Hook?.self)
    }
}

/// The runtime's enqueue on the main executor (the main dispatch queue).
@_silgen_name("swift_task_enqueueMainExecutor")
private func enqueueOnMainExecutor(_ job: UnownedJob)
