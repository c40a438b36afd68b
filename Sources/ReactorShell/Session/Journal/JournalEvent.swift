import ReactorCore

/// One thing that happened in a scene's reactors, as their runtime observers wrote it down: a plain
/// value of numbers only, read by the session's readers once the journal is drained (see
/// ``SceneJournal``). Its text (an action's or mutation's label, a failed effect's error) is kept
/// once in the journal beside it and handed to the readers with it, so that an event is copied and
/// dropped without any reference counting.
public struct JournalEvent {
    /// What happened.
    public enum Kind {
        /// Action `id` entered the reactor's pipeline: a typed one, or one dispatched by an effect.
        /// Its text is its label (`updateQuery("sw")`).
        case action(id: Int)
        /// A mutation was reduced; its text is the mutation's label. `actionID` is the action whose
        /// effect sent it; nil for a service's event that the reactor merged
        /// (`transform(mutation:)`). The reactor keeps the new state until the journal is drained
        /// (``SessionEvent/newState()`` describes it).
        case reduction(actionID: Int?)
        /// A step in the life of an effect task; the text of a failed one is its error.
        case effect(EffectStep)
    }

    /// What happened.
    public let kind: Kind
    /// The index of the reactor in its scene.
    public let reactor: Int
    /// The scene clock's time when it happened.
    public let time: Duration
    /// For an action or a reduction, the effect whose code was running when it happened (nil: an
    /// action's synchronous part); nil for an effect's step, which names its effect itself.
    public let runningEffect: RunningEffect?
    /// Whether it happened while the shell was sending a typed action (its synchronous part): a
    /// service event without an effect then goes back to that action.
    public let duringSend: Bool
    /// For a reduction, the new state's place among those its reactor keeps until the drain.
    let stateSlot: Int
}

/// A step in the life of an effect task, as the journal keeps it (an `EffectEvent` without its
/// cancellation id; a failed task's error is the event's text): plain values,
/// so that the journal's events copy without the runtime's help.
public struct EffectStep: Sendable, Equatable {
    /// What happened to the task.
    public enum Phase: String, Sendable {
        /// The task was created.
        case started
        /// The task ended normally.
        case finished
        /// The task was cancelled (``EffectStep/cancellingActionID`` says by which action, if one).
        case cancelled
        /// A part of an effect was cancelled before it started (by the action
        /// ``EffectStep/cancellingActionID``): it never ran, and has no `started` step.
        case cancelledBeforeStart = "cancelled before it started"
        /// The task's body threw.
        case failed
    }

    /// The effect task's number, unique across the reactors of its scene.
    public let effectID: Int
    /// The action whose effect this is, nil for effects not caused by an action.
    public let actionID: Int?
    /// What happened.
    public let phase: Phase
    /// For a cancelled task: the action whose effect cancelled it (by id, or `cancelInFlight`).
    public let cancellingActionID: Int?

    /// Whether it was cancelled, started or not.
    public var isCancellation: Bool { phase == .cancelled || phase == .cancelledBeforeStart }

    /// The step of `event`.
    init(_ event: EffectEvent) {
        effectID = event.effectID
        actionID = event.actionID
        switch event.phase {
        case .started: phase = .started
        case .finished: phase = .finished
        case .cancelled: phase = .cancelled
        case .cancelledBeforeStart: phase = .cancelledBeforeStart
        case .failed: phase = .failed
        }
        cancellingActionID = event.cancellingActionID
    }
}
