import ReactorCore
import StateDiff

/// The shell's handle on a reactor `R` whose state is `Encodable`.
///
/// The per-event work (sending, encoding the state, labelling actions and mutations) runs in
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
    /// Receives the runtime events once recording is installed.
    @usableFromInline let relay = ShellEventRelay()
    /// Sends an action to ``reactor`` (specialized for `R`).
    @usableFromInline let sendAction: @MainActor (R.Action) -> Void
    /// Encodes the current state of ``reactor`` (specialized for `R`).
    @usableFromInline let encodeState: @MainActor () throws -> StateValue
    /// Whether ``encodeState`` builds its values over the storage of values handed back: through the
    /// encoder, or the writer of a `StateObjectWritable` state (not another `StateValueConvertible`).
    public let encodesThroughEncoder: Bool
    /// Where a `StateObjectWritable` state's old values are kept for the next description (else nil).
    @usableFromInline let spareFields: SpareFields?
    /// Makes a history of the states of ``reactor`` for time travel (specialized for `R`).
    @usableFromInline let makeHistory: @MainActor () -> StateHistory
    /// The last reported state, when `R.State` lists its own changes (a ``ChangeBaseline``).
    @usableFromInline let changeBaseline: AnyObject?
    /// Starts forwarding the runtime events of ``reactor`` to a relay (specialized for `R`).
    @usableFromInline let recordEvents: @MainActor (ShellEventRelay) -> ObservationToken
    /// Binds an invocation to a command of ``commands`` and builds its action (specialized for `R`, so
    /// reading the command and holding the action need no generic metadata).
    @usableFromInline let prepareAction: @MainActor (ReactorHandle, ActionInvocation, Int) throws(Diagnostic) -> PreparedAction
    /// Binds an invocation, builds its action, reports the arguments and sends it (specialized for
    /// `R`; unlike ``prepareAction`` it keeps the action on the stack, so nothing is allocated).
    @usableFromInline let bindAndSend: @MainActor (ReactorHandle, ActionInvocation, Int, (CommandArguments) -> Void) throws(Diagnostic) -> Int?
    /// ``bindAndSend`` with the arguments already bound.
    @usableFromInline let buildAndSend: @MainActor (
        ReactorHandle, Int, CommandArguments, LineOrigin, Int, (CommandArguments) -> Void
    ) throws(Diagnostic) -> Int?

    /// A handle named `name` on `reactor`, with its `commands`, running on the scene's scheduler
    /// (`context.scheduler` is installed in the reactor's runtime; create the reactor without using it).
    @inlinable
    public init(name: String, reactor: R, commands: [ActionCommand<R.Action>], context: SceneContext) {
        reactor.runtime.scheduler = context.scheduler
        self.name = name
        self.reactor = reactor
        self.commands = commands
        self.commandTable = ReactorCommandTable(name: name, signatures: commands.map(\.signature))
        self.sendAction = { action in reactor.send(action) }
        if let writable = R.State.self as? any StateObjectWritable.Type {
            // A state that writes its fields: over the fields of the value last handed back, which
            // the handle keeps itself (no shared spare to take out of the encoder's pool and put back).
            let spare = SpareFields()
            let describe = describeWritable(writable, over: spare)
            self.encodeState = { describeInPlace(reactor.currentState, with: describe) }
            self.spareFields = spare
            self.encodesThroughEncoder = true
        } else if let convertible = R.State.self as? any StateValueConvertible.Type {
            // A state that describes itself: asked directly, without the encoder's set-up per call.
            let describe = describeConvertible(convertible)
            self.encodeState = { describeInPlace(reactor.currentState, with: describe) }
            self.spareFields = nil
            self.encodesThroughEncoder = false
        } else {
            self.encodeState = { try StateValue(encoding: reactor.currentState) }
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
        self.prepareAction = { handle, invocation, commandIndex throws(Diagnostic) in
            let (arguments, action) = try Self.build(boxes[commandIndex], from: invocation)
            return PreparedAction(arguments: arguments) { handle.send(action) }
        }
        self.bindAndSend = { handle, invocation, commandIndex, report throws(Diagnostic) in
            let (arguments, action) = try Self.build(boxes[commandIndex], from: invocation)
            report(arguments)
            return handle.send(action)
        }
        self.buildAndSend = { handle, commandIndex, arguments, origin, column, report throws(Diagnostic) in
            let action = try boxes[commandIndex].action(from: arguments, origin: origin, column: column)
            report(arguments)
            return handle.send(action)
        }
        // A type that labels itself (`CustomMutationLabel`, found out once here) is asked directly
        // instead of through a dynamic cast and reflection; the labeler caches both kinds.
        let actionLabel = customLabel(for: R.Action.self)
        let mutationLabel = customLabel(for: R.Mutation.self)
        self.recordEvents = { [weak reactor] relay in
            guard let reactor else { return ObservationToken(onCancel: {}) }
            // Holds the relay strongly (no weak load per event): the relay refers to neither the
            // reactor nor this handle, so no cycle forms.
            return reactor.observeRuntimeEvents(
                actions: { actionID, action in
                    relay.actionProcessed(actionID, label: relay.labeler.label(for: action, own: actionLabel))
                },
                reductions: { actionID, mutation, _ in
                    relay.forward(.reduction(actionID: actionID, mutation: relay.labeler.label(for: mutation, own: mutationLabel)))
                },
                effects: { effect in
                    relay.forward(.effect(effect))
                })
        }
    }

    /// Binds `invocation` to `command` and builds its action (inlined into the closures above, so
    /// specialized for `R` with them).
    @inlinable
    static func build(
        _ box: CommandBox<R.Action>, from invocation: ActionInvocation
    ) throws(Diagnostic) -> (CommandArguments, R.Action) {
        let arguments = try box.command.signature.bind(invocation)
        return (arguments, try box.command.action(from: arguments, for: invocation))
    }

    public func prepare(_ invocation: ActionInvocation, commandIndex: Int) throws(Diagnostic) -> PreparedAction {
        try prepareAction(self, invocation, commandIndex)
    }

    public func send(
        _ invocation: ActionInvocation, commandIndex: Int, reporting report: (CommandArguments) -> Void
    ) throws(Diagnostic) -> Int? {
        try bindAndSend(self, invocation, commandIndex, report)
    }

    public func send(
        commandIndex: Int, arguments: CommandArguments, origin: LineOrigin, column: Int, reporting report: (CommandArguments) -> Void
    ) throws(Diagnostic) -> Int? {
        try buildAndSend(self, commandIndex, arguments, origin, column, report)
    }

    /// Sends `action` (a prepared action's `send`); returns the runtime's id for it.
    @usableFromInline
    func send(_ action: R.Action) -> Int? {
        relay.lastActionID = nil
        if eventToken == nil { installRecorder() }
        sendAction(action)
        return relay.lastActionID
    }

    public func stateValue() throws -> StateValue {
        try encodeState()
    }

    public func recycleStateValue(_ value: consuming StateValue) {
        if let spareFields {
            StateValue.recycle(value, into: &spareFields.fields)
        } else {
            StateValue.recycle(value)
        }
    }

    public func setEventHandler(_ handler: @escaping @MainActor (ShellReactorEvent) -> Void) {
        relay.handler = handler
        installRecorder()
    }

    private func installRecorder() {
        eventToken?.cancel()
        eventToken = recordEvents(relay)
    }

    public func makeStateHistory() -> StateHistory {
        makeHistory()
    }

    public func cancelAllEffects() {
        reactor.cancelAllEffects()
    }

    public var listsOwnChanges: Bool { changeBaseline != nil }

    public func appendChangesSinceLastReport(into changes: inout [StateChange]) throws -> Bool {
        guard let baseline = changeBaseline as? ChangeBaseline else { return false }
        return try baseline.appendChanges(to: reactor.currentState, into: &changes)
    }

    public func resetChangeBaseline(toCurrent: Bool) {
        (changeBaseline as? ChangeBaseline)?.reset(to: toCurrent ? reactor.currentState : nil)
    }

    public func reset() {
        reactor.reset()
    }
}

/// One declared command, held by a ``ReactorHandle`` (see its initializer for why in an object).
@usableFromInline
final class CommandBox<Action>: Sendable {
    @usableFromInline let command: ActionCommand<Action>
    /// The command's `build` and name, apart: ``action(from:origin:column:)`` calls the closure
    /// in place, where `command.action(from:origin:column:)` copied the whole command for the call
    /// (its name, doc line, parameters and closure retained and released, about 130 a line).
    @usableFromInline let build: @Sendable (CommandArguments) throws -> Action
    @usableFromInline let name: String

    @usableFromInline
    init(_ command: ActionCommand<Action>) {
        self.command = command
        build = command.build
        name = command.name
    }

    /// `command.action(from:origin:column:)`: the action built from `arguments`; an error thrown by
    /// `build` becomes a diagnostic at `origin`, `column` (the action's name).
    @inlinable
    func action(from arguments: CommandArguments, origin: LineOrigin, column: Int) throws(Diagnostic) -> Action {
        do {
            return try build(arguments)
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Diagnostic(origin, column: column, "\(name): \(error)")
        }
    }
}

/// Where a ``ReactorHandle``'s runtime events go: the shell's handler, the labels' cache, and the
/// id of the first action processed since the last send.
@MainActor
public final class ShellEventRelay {
    /// Labels actions and mutations (with a cache).
    public let labeler = MutationLabeler()
    /// The receiver installed by ``ReactorHandle/setEventHandler(_:)``.
    var handler: (@MainActor (ShellReactorEvent) -> Void)?
    /// The id of the first action processed since it was reset to nil.
    var lastActionID: Int?

    /// A relay with no handler yet.
    @usableFromInline
    init() {}

    /// Records action `actionID` (the first one since the last send is its id) and forwards it.
    public func actionProcessed(_ actionID: Int, label: String) {
        if lastActionID == nil { lastActionID = actionID }
        handler?(.action(actionID: actionID, label: label))
    }

    /// Passes `event` to the handler.
    public func forward(_ event: ShellReactorEvent) {
        handler?(event)
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
