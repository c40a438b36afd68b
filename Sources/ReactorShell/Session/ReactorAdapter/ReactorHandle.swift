import ReactorCore
import StateDiff

/// The shell's handle on a reactor `R` whose state is `Encodable`: the ``ShellReactor`` the
/// session asks for, with its state as a ``ShellReactorState``.
///
/// The per-event work (sending, describing the state, labelling actions and mutations) runs in
/// closures made by the inlinable initializer, so they are compiled for the concrete reactor type
/// in the module that creates the handle: the reactor's pipeline then runs specialized instead of
/// through generic metadata on every event.
@MainActor
public final class ReactorHandle<R: Reactor>: ShellReactor where R.State: Encodable {
    /// The scene name of the reactor.
    public let name: String
    /// The reactor itself.
    public let reactor: R
    /// The declared commands.
    public let commands: [ActionCommand<R.Action>]
    /// The command table derived from ``commands``.
    public let commandTable: ReactorCommandTable
    /// The reactor's state as the session reads it and sets it back.
    public let state: ShellReactorState
    private var eventToken: ObservationToken?
    /// Builds the action of a command from its bound arguments and sends it (specialized for `R`).
    @usableFromInline let buildAndSend: @MainActor (Int, CommandArguments, LineOrigin, Int, () -> Void) throws(Diagnostic) -> Void
    /// Starts writing the runtime events of ``reactor`` to a journal as reactor `index` of its scene
    /// (specialized for `R`).
    @usableFromInline let recordEventsInto: @MainActor (_ journal: SceneJournal, _ index: Int) -> ObservationToken

    /// A handle named `name` on `reactor`, with its `commands`, running on the scene's scheduler
    /// (`context.scheduler` is installed in the reactor's runtime; create the reactor without using it).
    @inlinable
    public init(name: String, reactor: R, commands: [ActionCommand<R.Action>], context: SceneContext) {
        reactor.runtime.scheduler = context.scheduler
        self.name = name
        self.reactor = reactor
        self.commands = commands
        self.commandTable = ReactorCommandTable(name: name, signatures: commands.map(\.signature))
        // The new states of the reductions written to the journal and not drained yet.
        let reduced = ExemptFields(ReducedStates<R.State>())
        self.state = ShellReactorState(of: reactor, reduced: reduced)
        // Each command in an object of its own: a command read from an array (or through a
        // pointer) is copied for the call (its name, doc line, parameters and closure retained and
        // released again on every line), while one held in an object's `let` is used in place.
        let boxes = commands.map(CommandBox.init)
        self.buildAndSend = { commandIndex, arguments, origin, column, willSend throws(Diagnostic) in
            let box = boxes[commandIndex]
            let action = try ActionCommand<R.Action>.action(
                of: box.build, named: box.name, from: arguments, origin: origin, column: column)
            willSend()
            reactor.send(action)
        }
        // A type that labels itself (`CustomMutationLabel`, found out once here) is asked directly
        // instead of through a dynamic cast and reflection; the labeler caches both kinds.
        let actionLabel = customLabel(for: R.Action.self)
        let mutationLabel = customLabel(for: R.Mutation.self)
        let labeler = MutationLabeler()
        self.recordEventsInto = { [weak reactor] journal, index in
            guard let reactor else { return ObservationToken(onCancel: {}) }
            // The observers only write the events down: nothing of the shell runs here. They hold
            // the journal, which refers to no reactor, so no cycle forms.
            return reactor.observeRuntimeEvents(
                actions: { actionID, action in
                    journal.appendAction(actionID, label: labeler.label(for: action, own: actionLabel), reactor: index)
                },
                reductions: { actionID, mutation, state in
                    let slot = reduced.fields.keep(state)
                    journal.appendReduction(
                        actionID: actionID, label: labeler.label(for: mutation, own: mutationLabel), reactor: index,
                        stateSlot: slot)
                },
                effects: { effect in
                    journal.append(effect, reactor: index)
                })
        }
    }

    public func send(
        commandIndex: Int, arguments: CommandArguments, origin: LineOrigin, column: Int, willSend: () -> Void
    ) throws(Diagnostic) {
        try buildAndSend(commandIndex, arguments, origin, column, willSend)
    }

    public func recordEvents(into journal: SceneJournal, as index: Int) {
        eventToken?.cancel()
        eventToken = recordEventsInto(journal, index)
    }
}

/// One declared command, held by a ``ReactorHandle`` (see its initializer for why in an object):
/// its `build` and name, apart, so that building an action calls the closure in place, where
/// reading them from the command copied the whole command for the call.
@usableFromInline
final class CommandBox<Action>: Sendable {
    @usableFromInline let build: @Sendable (CommandArguments) throws -> Action
    @usableFromInline let name: String

    @usableFromInline
    init(_ command: ActionCommand<Action>) {
        build = command.build
        name = command.name
    }
}

/// The label function of `type` when it conforms to ``CustomMutationLabel`` (the conformance opened
/// once here), else nil. Inlinable, so that it is specialized for the type where the handle is
/// made: the cast of each value to the opened type, which is `Value`, is then no operation (as in
/// `describeConvertible(_:as:)`).
@inlinable
func customLabel<Value>(for type: Value.Type) -> ((Value) -> String)? {
    guard let labelled = type as? any CustomMutationLabel.Type else { return nil }
    return ownLabel(labelled, as: Value.self)
}

/// Reads `mutationLabel` of a `Value`, which is an `L` (see ``customLabel(for:)``).
@inlinable
func ownLabel<L: CustomMutationLabel, Value>(_ type: L.Type, as value: Value.Type) -> (Value) -> String {
    { ($0 as! L).mutationLabel }
}
