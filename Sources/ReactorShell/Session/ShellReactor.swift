import ReactorCore
import StateDiff

/// What the shell sees of a reactor of a scene, whatever its types: its name and commands, its
/// state as a value tree, and its runtime events. Make one with ``ReactorHandle``.
@MainActor
public protocol ShellReactor: AnyObject {
    /// The name used in `REACTOR.ACTION`, `:focus` and `REACTOR:PATH`.
    var name: String { get }
    /// The declared commands.
    var commandTable: ReactorCommandTable { get }
    /// Binds `invocation` to command `commandIndex` of ``commandTable`` and builds the action,
    /// ready to send: the shell reports it, then calls ``PreparedAction/send()``.
    func prepare(_ invocation: ActionInvocation, commandIndex: Int) throws(Diagnostic) -> PreparedAction
    /// Binds `invocation` to command `commandIndex` of ``commandTable`` and builds the action, like
    /// ``prepare(_:commandIndex:)``; then calls `report` with the bound arguments and sends the action.
    /// Returns the runtime's id for it (nil when the reactor is stubbed). When binding or building
    /// fails, it throws without calling `report`.
    func send(
        _ invocation: ActionInvocation, commandIndex: Int, reporting report: (CommandArguments) -> Void
    ) throws(Diagnostic) -> Int?
    /// The current state as a value tree.
    func stateValue() throws -> StateValue
    /// Installs the (single) receiver of this reactor's runtime events.
    func setEventHandler(_ handler: @escaping @MainActor (ShellReactorEvent) -> Void)
    /// An opaque copy of the current state, for time travel.
    func snapshot() -> StateSnapshot
    /// Puts the state back to `snapshot` (effects in flight are cancelled first).
    func restore(_ snapshot: StateSnapshot)
    /// Cancels the effects in flight.
    func cancelAllEffects()
    /// Back to the initial state, effects cancelled.
    func reset()
    /// True when the state lists its own changes (`StateDiffable`): the shell then reports through
    /// ``appendChangesSinceLastReport(into:)`` instead of encoding and diffing the whole state.
    var listsOwnChanges: Bool { get }
    /// Appends the changes since the previous report (or ``resetChangeBaseline(toCurrent:)``) to
    /// `changes` and makes the current state the baseline; false when there was no baseline.
    /// Only for a reactor that ``listsOwnChanges``.
    func appendChangesSinceLastReport(into changes: inout [StateChange]) throws -> Bool
    /// Makes the current state the baseline of the next report (`true`), or forgets it.
    func resetChangeBaseline(toCurrent: Bool)
}

extension ShellReactor {
    /// By default a state is encoded and diffed whole.
    public var listsOwnChanges: Bool { false }

    /// By default there is nothing to list (see ``listsOwnChanges``).
    public func appendChangesSinceLastReport(into changes: inout [StateChange]) throws -> Bool { false }

    /// By default there is no baseline to keep.
    public func resetChangeBaseline(toCurrent: Bool) {}

    /// ``send(_:commandIndex:reporting:)`` through ``prepare(_:commandIndex:)``.
    public func send(
        _ invocation: ActionInvocation, commandIndex: Int, reporting report: (CommandArguments) -> Void
    ) throws(Diagnostic) -> Int? {
        let prepared = try prepare(invocation, commandIndex: commandIndex)
        report(prepared.arguments)
        return prepared.send()
    }
}

/// An action built from a command line, not yet sent.
@MainActor
public struct PreparedAction {
    /// Every declared parameter with its value (for logs, JSON and `:save`).
    public let arguments: CommandArguments
    private let perform: @MainActor () -> Int?

    /// An action whose sending is `perform` (which returns the runtime's action id).
    public init(arguments: CommandArguments, perform: @escaping @MainActor () -> Int?) {
        self.arguments = arguments
        self.perform = perform
    }

    /// Sends the action; returns the runtime's id for it (mutations it causes carry it), nil when
    /// the reactor is stubbed.
    public func send() -> Int? { perform() }
}

/// A reactor's state captured for time travel; opaque to the shell.
@MainActor
public struct StateSnapshot {
    let state: Any
    /// Estimates the memory the state holds (see ``bytesNotShared(with:)``); nil: not estimated.
    let footprint: SnapshotFootprint?

    @usableFromInline
    init(state: Any, footprint: SnapshotFootprint? = nil) {
        self.state = state
        self.footprint = footprint
    }

    /// About how many bytes of storage this snapshot holds that `other`, a snapshot of the same
    /// reactor, does not share (0 when not estimated).
    func bytesNotShared(with other: StateSnapshot) -> Int {
        footprint?.bytes(of: state, notSharedWith: other.state) ?? 0
    }
}

/// One runtime event of a reactor, with the mutation already described as text.
@MainActor
public enum ShellReactorEvent {
    /// A mutation was reduced: its label (`setLoading(true)`) and the id of the action that caused it.
    case reduction(actionID: Int?, mutation: String)
    /// An action entered the pipeline (including ones dispatched by effects).
    case action(actionID: Int, label: String)
    /// An effect task's life event.
    case effect(EffectEvent)
}

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
    /// Captures the current state of ``reactor`` for time travel (specialized for `R`).
    @usableFromInline let captureState: @MainActor () -> StateSnapshot
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
        if let convertible = R.State.self as? any StateValueConvertible.Type {
            // A state that describes itself: asked directly, without the encoder's set-up per call.
            let describe = describeConvertible(convertible)
            self.encodeState = { withUnsafePointer(to: reactor.currentState) { describe(UnsafeRawPointer($0)) } }
        } else {
            self.encodeState = { try StateValue(encoding: reactor.currentState) }
        }
        let footprint = makeSnapshotFootprint(for: R.State.self)
        self.captureState = { StateSnapshot(state: reactor.currentState, footprint: footprint) }
        self.changeBaseline = makeChangeBaseline(for: R.State.self)
        self.prepareAction = { handle, invocation, commandIndex throws(Diagnostic) in
            let command = commands[commandIndex]
            let arguments = try command.signature.bind(invocation)
            let action = try command.action(from: arguments, for: invocation)
            return PreparedAction(arguments: arguments) { handle.send(action) }
        }
        self.bindAndSend = { handle, invocation, commandIndex, report throws(Diagnostic) in
            let command = commands[commandIndex]
            let arguments = try command.signature.bind(invocation)
            let action = try command.action(from: arguments, for: invocation)
            report(arguments)
            return handle.send(action)
        }
        self.recordEvents = { [weak reactor] relay in
            guard let reactor else { return ObservationToken(onCancel: {}) }
            // Holds the relay strongly (no weak load per event): the relay refers to neither the
            // reactor nor this handle, so no cycle forms.
            return reactor.observeRuntimeEvents(
                actions: { actionID, action in
                    relay.actionProcessed(actionID, label: relay.labeler.label(for: action))
                },
                reductions: { actionID, mutation, _ in
                    relay.forward(.reduction(actionID: actionID, mutation: relay.labeler.label(for: mutation)))
                },
                effects: { effect in
                    relay.forward(.effect(effect))
                })
        }
    }

    public func prepare(_ invocation: ActionInvocation, commandIndex: Int) throws(Diagnostic) -> PreparedAction {
        try prepareAction(self, invocation, commandIndex)
    }

    public func send(
        _ invocation: ActionInvocation, commandIndex: Int, reporting report: (CommandArguments) -> Void
    ) throws(Diagnostic) -> Int? {
        try bindAndSend(self, invocation, commandIndex, report)
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

    public func setEventHandler(_ handler: @escaping @MainActor (ShellReactorEvent) -> Void) {
        relay.handler = handler
        installRecorder()
    }

    private func installRecorder() {
        eventToken?.cancel()
        eventToken = recordEvents(relay)
    }

    public func snapshot() -> StateSnapshot {
        captureState()
    }

    public func restore(_ snapshot: StateSnapshot) {
        reactor.cancelAllEffects()
        if let state = snapshot.state as? R.State {
            reactor.restore(state: state)
        }
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
@usableFromInline
func describeConvertible<S: StateValueConvertible>(_ type: S.Type) -> (UnsafeRawPointer) -> StateValue {
    { $0.assumingMemoryBound(to: S.self).pointee.stateValue }
}
