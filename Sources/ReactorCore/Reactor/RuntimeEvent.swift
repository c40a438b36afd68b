/// What a reactor's runtime reports to the observers registered with
/// ``Reactor/observeRuntimeEvents(_:)``: the raw material of a log, a trace or time travel.
public enum RuntimeEvent<Action, Mutation, State> {
    /// An action entered the pipeline; `actionID` increases across the reactors of a scheduler.
    case action(actionID: Int, action: Action)
    /// A mutation was reduced. `actionID` names the action whose effect sent it, nil when it came
    /// from a merged external source. `state` is the new ``Reactor/currentState``.
    case reduction(actionID: Int?, mutation: Mutation, state: State)
    /// An asynchronous part of an effect started or ended.
    case effect(EffectEvent)
}

/// The life of one asynchronous effect task (the part of an effect that waits: a `run`, a `delay`,
/// a cancellable sub-effect). Synchronous effects complete inline and report no life events.
public struct EffectEvent {
    /// The effect task's number, unique across the reactors of its ``Scheduler``.
    public let effectID: Int
    /// The action whose effect this is, nil for effects not caused by an action.
    public let actionID: Int?
    /// The cancellation id the task runs under, if any.
    public var cancellationID: AnyHashable? { cancellation?.id }
    /// The cancellation id, boxed (nil when there is none). An `AnyHashable` stored in place would
    /// make the event, and so every ``RuntimeEvent``, address-only: copied and destroyed through
    /// value witnesses instead of a few loads and reference counts.
    @usableFromInline let cancellation: CancellationIDBox?
    /// What happened.
    public let phase: EffectPhase
    /// The scheduler's clock time when it happened.
    public let time: Duration
    /// For a ``EffectPhase/cancelled`` task: the action whose effect cancelled it (a
    /// `.cancel(id:)`, or a `cancellable(id:cancelInFlight: true)` under the same id); nil when it
    /// was cancelled otherwise (`cancelAllEffects()`, `reset()`, its reactor's release).
    public let cancellingActionID: Int?

    /// Creates an event (the runtime does; tools may for tests).
    public init(
        effectID: Int, actionID: Int?, cancellationID: AnyHashable?, phase: EffectPhase, time: Duration,
        cancellingActionID: Int? = nil
    ) {
        self.init(
            effectID: effectID, actionID: actionID, cancellation: cancellationID.map(CancellationIDBox.init), phase: phase,
            time: time, cancellingActionID: cancellingActionID)
    }

    /// An event whose cancellation id is boxed already (the runtime's, from its effect unit).
    @usableFromInline
    init(
        effectID: Int, actionID: Int?, cancellation: CancellationIDBox?, phase: EffectPhase, time: Duration,
        cancellingActionID: Int?
    ) {
        self.effectID = effectID
        self.actionID = actionID
        self.cancellation = cancellation
        self.phase = phase
        self.time = time
        self.cancellingActionID = cancellingActionID
    }
}

/// A cancellation id in a box of its own (see ``EffectEvent``): made once, when an effect unit is
/// created under the id, and shared by the unit and the events that report it.
@usableFromInline
final class CancellationIDBox {
    @usableFromInline let id: AnyHashable

    @usableFromInline
    init(_ id: AnyHashable) {
        self.id = id
    }
}

/// A step in the life of an effect task.
public enum EffectPhase {
    /// The task was created.
    case started
    /// The task ended normally.
    case finished
    /// The task was cancelled (by id, by `cancelAllEffects()`, `reset()`, or the reactor's release).
    case cancelled
    /// A `cancellable` part of an effect was cancelled by id before the effect reached it: it never
    /// ran, and this is its only event (no ``started``). It was numbered when it was cancelled;
    /// ``EffectEvent/cancellingActionID`` names the action whose effect cancelled it.
    case cancelledBeforeStart
    /// The task's `run` body threw `error`; what it sent before stays applied.
    case failed(any Error)
}
