import ReactorCore

/// One thing that happened in a scene's reactors, as their runtime observers wrote it down: a plain
/// value, read by the session's readers once the journal is drained (see ``SceneJournal``).
public struct JournalEvent {
    /// What happened.
    public enum Kind {
        /// Action `id`, labelled `label` (`updateQuery("sw")`), entered the reactor's pipeline: a
        /// typed one, or one dispatched by an effect.
        case action(id: Int, label: String)
        /// Mutation `label` was reduced. `actionID` is the action whose effect sent it; nil for a
        /// service's event that the reactor merged (`transform(mutation:)`). The reactor keeps the
        /// new state until the journal is drained (``SessionEvent/newState()`` describes it).
        case reduction(actionID: Int?, label: String)
        /// An effect task started, finished, was cancelled (``EffectEvent/cancellingActionID``: by
        /// which action) or failed.
        case effect(EffectEvent)
    }

    /// What happened.
    public let kind: Kind
    /// The index of the reactor in its scene.
    public let reactor: Int
    /// The scene clock's time when it happened.
    public let time: Duration
    /// The effect whose code was running when it happened (nil: an action's synchronous part).
    public let runningEffect: RunningEffect?
    /// Whether it happened while the shell was sending a typed action (its synchronous part): a
    /// service event without an effect then goes back to that action.
    public let duringSend: Bool
    /// For a reduction, the new state's place among those its reactor keeps until the drain.
    let stateSlot: Int
}
