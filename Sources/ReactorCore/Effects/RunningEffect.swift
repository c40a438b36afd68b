/// The asynchronous effect whose code is running now, if any: read it during a reduction to learn
/// which effect caused it, including a mutation that reached another reactor through a merged
/// event source (a service's broadcast made inside the effect's body). Tools that explain where a
/// change came from (the shell's causes) read it; the runtime itself never does.
///
/// Set for the whole body of an effect task (a task-local value, so it follows the task across
/// suspensions and is inherited by nothing that outlives it) and while a virtual-clock timer
/// delivers its outputs. Nil while an action's synchronous effects run inline: their mutations
/// come straight from the action.
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
    @TaskLocal public static var current: RunningEffect?
}
