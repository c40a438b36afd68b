import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The asynchronous effect whose code is running now, if any: read it during a reduction to learn
/// which effect caused it, including a mutation that reached another reactor through a merged
/// event source (a service's broadcast made inside the effect's body). Tools that explain where a
/// change came from (the shell's causes) read it; the runtime itself never does.
///
/// Set for the whole body of an effect task (a task-local value, so it follows the task across
/// suspensions) and while a virtual-clock timer delivers its outputs (on the thread that fires the
/// timer, for that synchronous stretch only). Nil while an action's synchronous effects run
/// inline: their mutations come straight from the action.
public struct RunningEffect: Sendable, Equatable {
    /// The effect's number, the same as in its ``EffectEvent``s.
    public let effectID: Int
    /// The action whose effect it is, nil for effects not caused by an action.
    public let actionID: Int?

    /// Describes an effect (the runtime does; tools may for tests).
    public init(effectID: Int, actionID: Int?) {
        self.effectID = effectID
        self.actionID = actionID
    }

    @MainActor @usableFromInline
    init(_ unit: EffectUnit) {
        self.init(effectID: unit.id, actionID: unit.actionID)
    }

    /// The effect running now (see the type's description).
    public static var current: RunningEffect? {
        if let delivering = TimerDelivery.current { return delivering }
        return ofTask.get()
    }

    /// The effect whose task body runs in the current task (a task-local value).
    @usableFromInline static let ofTask = TaskLocal<RunningEffect?>(wrappedValue: nil)
}

/// The effect a virtual-clock timer delivers outputs for, while it does: what
/// ``RunningEffect/current`` answers on the thread that fires the timer, for that stretch only.
///
/// A timer's delivery is synchronous, so instead of binding a task-local value for it (which
/// allocates a binding per delivery), the delivering thread is noted here; readers on other threads
/// see that it is not theirs, and tasks that run on this thread later find it cleared. Deliveries
/// nest (a timer fired from inside another's delivery): each restores what it found.
@usableFromInline
enum TimerDelivery {
    /// The thread that is delivering (its identity), or 0.
    private static let thread = Atomic<UInt>(0)
    /// The effect delivering, as its two numbers (``noAction`` for an effect without an action).
    /// Read and written only on the thread in ``thread``: relaxed atomics, plain loads and stores.
    private static let effectID = Atomic<Int>(0)
    private static let actionID = Atomic<Int>(noAction)
    private static let noAction = Int.min

    /// The effect delivering on the calling thread, if any.
    @usableFromInline
    static var current: RunningEffect? {
        let delivering = thread.load(ordering: .relaxed)
        guard delivering != 0, delivering == currentThread() else { return nil }
        let action = actionID.load(ordering: .relaxed)
        return RunningEffect(effectID: effectID.load(ordering: .relaxed), actionID: action == noAction ? nil : action)
    }

    /// Runs `body` with `unit`'s effect as the one running (``RunningEffect/current``).
    @MainActor @usableFromInline
    static func deliver(for unit: EffectUnit, _ body: () -> Void) {
        let outer = (
            thread: thread.load(ordering: .relaxed), effectID: effectID.load(ordering: .relaxed),
            actionID: actionID.load(ordering: .relaxed))
        effectID.store(unit.id, ordering: .relaxed)
        actionID.store(unit.actionID ?? noAction, ordering: .relaxed)
        thread.store(currentThread(), ordering: .relaxed)
        body()
        thread.store(outer.thread, ordering: .relaxed)
        effectID.store(outer.effectID, ordering: .relaxed)
        actionID.store(outer.actionID, ordering: .relaxed)
    }

    /// The identity of the calling thread (never 0).
    private static func currentThread() -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}
