/// One asynchronous effect task of a reactor: what runs, under which cancellation id, for which
/// action, and whether it was cancelled.
///
/// Its per-line fields are kept in an ``UncheckedCell``, free of dynamic exclusivity checks
/// (see there why that is safe and what it saves); `unit.isCancelled` and the like read and write
/// them there (``subscript(dynamicMember:)``).
@MainActor
@usableFromInline
@dynamicMemberLookup
final class EffectUnit {
    @usableFromInline
    let id: Int
    @usableFromInline
    let actionID: Int?
    /// The cancellation id the unit runs under, boxed: a unit is made, listed, reported and freed
    /// without copying an `AnyHashable` (address-only: each copy, test for nil and release goes
    /// through its type's value witnesses).
    @usableFromInline
    let cancellation: CancellationIDBox?
    @usableFromInline
    let scheduler: Scheduler

    /// What an effect touches on its way (start, outputs, end).
    @usableFromInline
    struct Fields {
        @usableFromInline var task: Task<Void, Never>?
        /// Where the unit's virtual-clock timer is parked, for a unit that runs as a timer instead
        /// of a task (nil: none, or no longer parked).
        @usableFromInline var timer: VirtualClock.TimerKey?
        @usableFromInline var isCancelled = false
        /// The action whose effect cancelled this unit (by id, or `cancelInFlight`); nil when it
        /// was not cancelled, or was cancelled by `cancelAllEffects()`, `reset()` or its reactor's
        /// release.
        @usableFromInline var cancellingActionID: Int?
        @usableFromInline var hasEnded = false
        /// How many parent units are parked awaiting this one. They are released in the same turn
        /// in which this unit ends, so the scheduler never sees a resumable parent as parked (the
        /// virtual clock would otherwise jump before the parent continues).
        @usableFromInline var waitingParents = 0
        /// The next unit in its runtime's list of live effects (``ReactorRuntime/firstLiveEffect``).
        @usableFromInline var nextLive: EffectUnit?
        /// The previous unit in that list, unretained: the list owns every unit it links, and a
        /// unit is unlinked (this field cleared) before its predecessor can be released.
        @usableFromInline var previousLive: Unretained<EffectUnit>?
        /// True while the unit is in its runtime's list of live effects.
        @usableFromInline var isLive = false
        /// The runtime whose list of live effects the unit is in (unretained), read only while
        /// ``isLive``: so that an effect's outputs and end reach its runtime without a weak load
        /// or a retain (a runtime is weakly referenced, so retaining it takes the slow path). A
        /// runtime unlinks every unit (clearing ``isLive``) in its deinit, before it is freed.
        @usableFromInline var liveOwner: Unretained<AnyObject>?
        /// True for a unit started in its scheduler's batch (a top-level effect): its task is
        /// cancelled only through ``cancel()``, so ``isCancelled`` answers for `Task.isCancelled`.
        /// (A child unit's task is also cancelled with its parent's task, directly.)
        @usableFromInline var startsInBatch = false
        /// The `cancellable` parts of the unit's effect, registered when it was created (shared
        /// with the child units it spawns for its parts); nil when it has none.
        @usableFromInline var reservations: CancellableReservations?
        /// The body of the unit's task while the unit waits in its scheduler's batch of starts.
        @usableFromInline var operation: (@MainActor @Sendable () async -> Void)?

        @usableFromInline init() {}
    }

    @usableFromInline let fields = UncheckedCell(Fields())

    /// A field of ``Fields``, read and written in the cell.
    @inlinable subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { fields.value[keyPath: field] }
        set { fields.value[keyPath: field] = newValue }
    }

    /// Marks the unit ended and hands its waiting parents back to the scheduler as runnable.
    @usableFromInline
    func markEnded() {
        self.hasEnded = true
        if self.waitingParents > 0 {
            scheduler.releaseWaitingParents(self.waitingParents)
            self.waitingParents = 0
        }
    }

    @usableFromInline
    init(id: Int, actionID: Int?, cancellation: CancellationIDBox?, scheduler: Scheduler) {
        self.id = id
        self.actionID = actionID
        self.cancellation = cancellation
        self.scheduler = scheduler
    }

    /// True while outputs of this unit may still be delivered.
    @usableFromInline
    var acceptsOutput: Bool { !self.isCancelled && !self.hasEnded }

    /// True when the unit or its task has been cancelled (called from the unit's task).
    @usableFromInline
    var isCancelledWithTask: Bool { self.isCancelled || (!self.startsInBatch && Task.isCancelled) }

    /// Takes the body of a unit whose turn in its batch has come. Nil when there is none, or when
    /// the unit was cancelled before its turn: it is then started as a cancelled task of its own,
    /// as it always was.
    private func takeOperationToStart() -> (@MainActor @Sendable () async -> Void)? {
        guard let operation = self.operation else { return nil }
        self.operation = nil
        if self.isCancelled {
            let own = Task(operation: operation)
            self.task = own
            own.cancel()
            return nil
        }
        return operation
    }

    /// Runs the body of a unit that waited in its scheduler's batch (``Scheduler/enqueueStart(_:)``)
    /// in the calling task, `task`, which starts the batch's units one after another: until the
    /// body first suspends or ends, the unit's task is `task`, and if the body suspends, `task`
    /// stays the unit's own while another task starts the rest of the batch.
    func run(in task: Task<Void, Never>) async {
        guard let operation = takeOperationToStart() else { return }
        // Set first: cancelling the unit while its body runs cancels `task` (which then starts
        // no further unit of the batch).
        self.task = task
        await operation()
        // Ended: cancelling it later must not reach `task`.
        self.task = nil
    }

    /// Starts the body of a unit that waited in its scheduler's batch in a task of its own,
    /// with `Task.immediate`: it runs at once until it first suspends or ends.
    func startInOwnTask() {
        guard let operation = takeOperationToStart() else { return }
        let own = Task.immediate(operation: operation)
        // The task may be over already. If it is not, it may have been cancelled before it first
        // suspended, when there was no task to cancel yet.
        if !self.hasEnded {
            self.task = own
            if self.isCancelled { own.cancel() }
        }
    }

    /// Cancels the task; its later outputs are dropped. `actionID`: the action whose effect cancels
    /// it, when one does (the first cancellation is the one reported).
    @usableFromInline
    func cancel(by actionID: Int? = nil) {
        if !self.isCancelled { self.cancellingActionID = actionID }
        self.isCancelled = true
        self.task?.cancel()
        if self.timer != nil { cancelParkedTimer() }
    }

    /// Takes the unit's timer off the clock if it is still parked there, and runs its action in a
    /// later turn of the main actor (a cancelled task ends in a later turn too): the unit is
    /// cancelled, so the action delivers nothing and ends it as cancelled.
    @usableFromInline
    func cancelParkedTimer() {
        guard let clock = scheduler.virtualClock, let timer = self.timer, let action = clock.cancelTimer(timer) else { return }
        self.timer = nil
        Task { @MainActor in action() }
    }
}

/// How an effect unit hands over an output: with the unit, so that what the output needs from
/// the unit (its action id) need not be captured per effect.
@usableFromInline
typealias EffectDelivery<Output> = @MainActor (Output, EffectUnit) -> Void

/// How an effect unit hands over several outputs at once (a timer's): each in order, as long as
/// the unit accepts output, as ``EffectDelivery`` would one by one.
@usableFromInline
typealias EffectBatchDelivery<Output> = @MainActor ([Output], EffectUnit) -> Void

/// Where an effect's outputs go: `inline` while the pipeline is busy with the action that started
/// it, `later` from an effect unit. Generic code over it is specialized for each kind of sink, so
/// the inline delivery is a direct call.
@MainActor
@usableFromInline
protocol EffectOutputSink {
    associatedtype Output
    /// Delivers an output of the effect's synchronous part.
    func inline(_ output: Output)
    /// How effect units deliver outputs later.
    var later: EffectDelivery<Output> { get }
    /// How an effect unit delivers several outputs at once, when the sink has a cheaper way than
    /// ``later`` for each; nil otherwise.
    var laterBatch: EffectBatchDelivery<Output>? { get }
}

extension EffectOutputSink {
    @inlinable
    var laterBatch: EffectBatchDelivery<Output>? { nil }
}

/// The sink of a reactor's own effects: inline outputs are applied directly, with no closure.
///
/// It refers to the runtime and the reactor without retaining them (the reactor has a side
/// table, so a retain would take the slow path): a sink lives only while its effect starts, inside
/// a send, whose caller keeps the reactor, and so its runtime, alive.
@MainActor
@usableFromInline
struct OwnMutationSink<R: Reactor>: EffectOutputSink {
    @usableFromInline let runtime: Unretained<ReactorRuntime<R>>
    @usableFromInline let actionID: Int
    @usableFromInline let reactor: Unretained<R>
    @usableFromInline let later: EffectDelivery<R.Mutation>
    @usableFromInline let laterBatch: EffectBatchDelivery<R.Mutation>?

    @inlinable
    init(
        runtime: ReactorRuntime<R>, actionID: Int, reactor: R, later: @escaping EffectDelivery<R.Mutation>,
        laterBatch: @escaping EffectBatchDelivery<R.Mutation>
    ) {
        self.runtime = Unretained(runtime)
        self.actionID = actionID
        self.reactor = Unretained(reactor)
        self.later = later
        self.laterBatch = laterBatch
    }

    @inlinable
    func inline(_ output: R.Mutation) {
        let runtime = runtime.object
        runtime.apply(output, actionID: actionID, flags: runtime.flags, reactor.object)
    }
}

/// A sink made of two closures.
@MainActor
@usableFromInline
struct EffectSink<Output>: EffectOutputSink {
    @usableFromInline let deliverInline: @MainActor (Output) -> Void
    @usableFromInline let later: EffectDelivery<Output>

    @usableFromInline
    init(inline: @escaping @MainActor (Output) -> Void, later: @escaping EffectDelivery<Output>) {
        self.deliverInline = inline
        self.later = later
    }

    @inlinable
    func inline(_ output: Output) {
        deliverInline(output)
    }
}

/// The reference to a runtime that outlives it safely: effect tasks, observation tokens and
/// source subscriptions hold this handle, never the runtime, so sleeping effect tasks do not keep
/// their reactor alive and a token cancelled after its reactor is gone does nothing.
///
/// Not a `weak` reference: a weakly referenced object gets a side table, and then every retain
/// and release of the runtime (several a delivered mutation) takes the slow path. The runtime
/// clears ``runtime`` first thing in its (main-actor) deinit, and the handle is read on the main
/// actor only, so a runtime read from it is never freed.
@MainActor
@usableFromInline
final class RuntimeHandle<R: Reactor> {
    @usableFromInline let cell = UncheckedCell<Unretained<ReactorRuntime<R>>?>(nil)

    /// The runtime, until its deinit begins.
    @inlinable var runtime: ReactorRuntime<R>? {
        get { cell.value?.object }
        set { cell.value = Unretained(newValue) }
    }

    @usableFromInline init() {}
}
