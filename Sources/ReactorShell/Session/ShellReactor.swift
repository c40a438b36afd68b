import ReactorCore
import StateDiff

/// What the shell sees of a reactor of a scene, whatever its types: its name and commands, its
/// state as a value tree, and its runtime events. Make one with ``ReactorHandle``.
@MainActor
public protocol ShellReactor: AnyObject {
    /// The name used in `REACTOR.ACTION`, `:focus` and `REACTOR:PATH`; fixed for the reactor's life
    /// (printers keep it with the reactor).
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
    /// Builds the action of command `commandIndex` from `arguments`, already bound to it (the
    /// parser's fast path binds them), then sends it like ``send(_:commandIndex:reporting:)``. An
    /// error of the command's `build` is reported at `origin`, `column` (the action's name).
    func send(
        commandIndex: Int, arguments: CommandArguments, origin: LineOrigin, column: Int, reporting report: (CommandArguments) -> Void
    ) throws(Diagnostic) -> Int?
    /// The current state as a value tree.
    func stateValue() throws -> StateValue
    /// Installs the (single) receiver of this reactor's runtime events.
    func setEventHandler(_ handler: @escaping @MainActor (ShellReactorEvent) -> Void)
    /// A new history of this reactor's states for a scene's time travel: it saves the current
    /// state in numbered slots and puts one back (effects in flight cancelled first).
    func makeStateHistory() -> StateHistory
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
    /// True when ``stateValue()`` builds its value over the storage of values handed back, so that a
    /// value no longer needed is worth handing back (``recycleStateValue(_:)``): through the encoder
    /// (`StateValue(encoding:)`) or a `StateObjectWritable` state's writer; false when the state
    /// describes itself otherwise (`StateValueConvertible`) and builds its value without the encoder.
    var encodesThroughEncoder: Bool { get }
    /// Takes back a value of ``stateValue()`` that is no longer needed, whose storage the next one
    /// is built over (only when ``encodesThroughEncoder``).
    func recycleStateValue(_ value: consuming StateValue)
}

extension ShellReactor {
    /// By default a state is encoded and diffed whole.
    public var listsOwnChanges: Bool { false }

    /// By default there is nothing to list (see ``listsOwnChanges``).
    public func appendChangesSinceLastReport(into changes: inout [StateChange]) throws -> Bool { false }

    /// By default there is no baseline to keep.
    public func resetChangeBaseline(toCurrent: Bool) {}

    /// By default the state is taken to go through the encoder.
    public var encodesThroughEncoder: Bool { true }

    /// By default the value's storage goes back to the encoder (`StateValue.recycle`).
    public func recycleStateValue(_ value: consuming StateValue) {
        StateValue.recycle(value)
    }

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
