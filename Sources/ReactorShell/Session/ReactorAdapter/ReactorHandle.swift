import ReactorCore
import StateDiff

/// The shell's handle on a reactor `R` whose state is `Encodable`.
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
    private var eventToken: ObservationToken?
    /// The new states of the reductions written to the journal and not drained yet.
    @usableFromInline let reducedStates = ReducedStates<R.State>()
    /// Builds the action of a command from its bound arguments and sends it (specialized for `R`).
    @usableFromInline let buildAndSend: @MainActor (Int, CommandArguments, LineOrigin, Int, () -> Void) throws(Diagnostic) -> Void
    /// Lets go of the states kept for the reductions drained (specialized for `R`).
    @usableFromInline let forgetStates: @MainActor () -> Void
    /// Describes the state: the current one (slot -1) or a reduced one (specialized for `R`).
    @usableFromInline let describeState: @MainActor (_ slot: Int) throws -> StateValue
    /// Whether `describeState` builds its values over the storage of values handed back: through
    /// the encoder, or the writer of a `StateObjectWritable` state (not another `StateValueConvertible`).
    public let encodesThroughEncoder: Bool
    /// Where a `StateObjectWritable` state's old values are kept for the next description (else nil).
    @usableFromInline let spareFields: SpareFields?
    /// Makes a history of the states of ``reactor`` for time travel (specialized for `R`).
    @usableFromInline let makeHistory: @MainActor () -> StateHistory
    /// The last reported state, when `R.State` lists its own changes (a ``ChangeBaseline``).
    @usableFromInline let changeBaseline: AnyObject?
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
        let reduced = reducedStates
        self.forgetStates = { reduced.forgetAll() }
        if let writable = R.State.self as? any StateObjectWritable.Type {
            // A state that writes its fields: over the fields of the value last handed back, which
            // the handle keeps itself (no shared spare to take out of the encoder's pool and put back).
            let spare = SpareFields()
            let describe = describeWritable(writable, over: spare)
            self.describeState = { slot in reduced.describe(slot, of: reactor, with: describe) }
            self.spareFields = spare
            self.encodesThroughEncoder = true
        } else if let convertible = R.State.self as? any StateValueConvertible.Type {
            // A state that describes itself: asked directly, without the encoder's set-up per call.
            let describe = describeConvertible(convertible)
            self.describeState = { slot in reduced.describe(slot, of: reactor, with: describe) }
            self.spareFields = nil
            self.encodesThroughEncoder = false
        } else {
            self.describeState = { slot in
                try StateValue(encoding: slot < 0 ? reactor.currentState : reduced.states[slot])
            }
            self.spareFields = nil
            self.encodesThroughEncoder = true
        }
        let footprint = makeSnapshotFootprint(for: R.State.self)
        self.makeHistory = {
            StateHistory(
                current: { reactor.currentState },
                restore: { state in
                    reactor.cancelAllEffects()
                    reactor.restore(state: state)
                },
                footprint: footprint)
        }
        self.changeBaseline = makeChangeBaseline(for: R.State.self)
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
                    let slot = reduced.keep(state)
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

    public func stateValue() throws -> StateValue {
        try describeState(-1)
    }

    public func stateValue(afterReduction reduction: Int) throws -> StateValue {
        try describeState(reduction)
    }

    public func recycleStateValue(_ value: consuming StateValue) {
        if let spareFields {
            StateValue.recycle(value, into: &spareFields.fields)
        } else {
            StateValue.recycle(value)
        }
    }

    public func recordEvents(into journal: SceneJournal, as index: Int) {
        eventToken?.cancel()
        eventToken = recordEventsInto(journal, index)
    }

    public func forgetReducedStates() {
        forgetStates()
    }

    public func makeStateHistory() -> StateHistory {
        makeHistory()
    }

    public func cancelAllEffects() {
        reactor.cancelAllEffects()
    }

    public var listsOwnChanges: Bool { changeBaseline != nil }

    public func appendChanges(afterReduction reduction: Int?, into changes: inout [StateChange]) throws -> Bool {
        guard let baseline = changeBaseline as? ChangeBaseline else { return false }
        let state = reduction.map { reducedStates.states[$0] } ?? reactor.currentState
        return try baseline.appendChanges(to: state, into: &changes)
    }

    public func resetChangeBaseline(toCurrent: Bool) {
        (changeBaseline as? ChangeBaseline)?.reset(to: toCurrent ? reactor.currentState : nil)
    }

    public func reset() {
        reactor.reset()
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

/// Calls `stateValue` on the value of type `type` at a pointer: how a ``ReactorHandle`` whose state
/// type conforms to `StateValueConvertible` (found out once, with the conformance opened here)
/// describes the state without the encoder's set-up per call. That is what `StateValue(encoding:)`
/// would call too.
@inlinable
func describeConvertible<S: StateValueConvertible>(_ type: S.Type) -> (UnsafeRawPointer) -> StateValue {
    { $0.assumingMemoryBound(to: S.self).pointee.stateValue }
}

/// The fields array of the last value a handle's `StateObjectWritable` state no longer needs: the
/// next description writes over it. Main-actor state used by the handle's describing closure and
/// its ``ReactorHandle/recycleStateValue(_:)`` only, one after the other (never overlapping, so
/// exempt from the dynamic exclusivity checks a class's stored property gets).
@usableFromInline
final class SpareFields {
    @exclusivity(unchecked) @usableFromInline var fields: [StateField] = []

    @usableFromInline
    init() {}
}

/// Writes the `S` at a pointer over `spare`'s fields (inlinable, so that the handle's closure is
/// specialized for the state type as with ``describeConvertible(_:)``).
@inlinable
func describeWritable<S: StateObjectWritable>(_ type: S.Type, over spare: SpareFields) -> (UnsafeRawPointer) -> StateValue {
    { StateValue(writing: $0.assumingMemoryBound(to: S.self).pointee, over: &spare.fields) }
}

/// `describe` applied to `state` where it lies. Nonisolated, and so is its closure: the same
/// closure formed in the handle's main-actor initializer and passed to `withUnsafePointer` would be
/// main-actor isolated and check the executor on every call (about 100 instructions a report).
@inlinable
func describeInPlace<State>(_ state: State, with describe: (UnsafeRawPointer) -> StateValue) -> StateValue {
    withUnsafePointer(to: state) { describe(UnsafeRawPointer($0)) }
}

/// The label function of `type` when it conforms to ``CustomMutationLabel`` (the conformance opened
/// once here, so that labelling a value needs no dynamic cast), else nil.
@usableFromInline
func customLabel<Value>(for type: Value.Type) -> ((UnsafeRawPointer) -> String)? {
    guard let labelled = type as? any CustomMutationLabel.Type else { return nil }
    return ownLabel(labelled)
}

/// Reads `mutationLabel` of the `L` at a pointer (see ``customLabel(for:)``).
@usableFromInline
func ownLabel<L: CustomMutationLabel>(_ type: L.Type) -> (UnsafeRawPointer) -> String {
    { $0.assumingMemoryBound(to: L.self).pointee.mutationLabel }
}
