import ReactorCore
import StateDiff

/// What the shell sees of a reactor of a scene, whatever its types: its name and commands, its
/// state as a value tree, and its runtime events written to the scene's journal. Make one with
/// ``ReactorHandle``.
@MainActor
public protocol ShellReactor: AnyObject {
    /// The name used in `REACTOR.ACTION`, `:focus` and `REACTOR:PATH`; fixed for the reactor's life
    /// (printers keep it with the reactor).
    var name: String { get }
    /// The declared commands.
    var commandTable: ReactorCommandTable { get }
    /// Builds the action of command `commandIndex` of ``commandTable`` from `arguments`, already
    /// bound to its signature, calls `willSend`, and sends the action. An error of the command's
    /// `build` is thrown as a diagnostic at `origin`, `column` (the action's name), before
    /// `willSend` is called and without sending anything.
    func send(
        commandIndex: Int, arguments: CommandArguments, origin: LineOrigin, column: Int, willSend: () -> Void
    ) throws(Diagnostic)
    /// The current state as a value tree.
    func stateValue() throws -> StateValue
    /// The state right after reduction `reduction` of those not drained yet (its
    /// ``JournalEvent``'s state slot), as a value tree.
    func stateValue(afterReduction reduction: Int) throws -> StateValue
    /// Starts writing this reactor's runtime events to `journal`, as reactor `index` of its scene
    /// (replacing the journal it wrote to before).
    func recordEvents(into journal: SceneJournal, as index: Int)
    /// Lets go of the states kept for the reductions just drained from the journal.
    func forgetReducedStates()
    /// A new history of this reactor's states for a scene's time travel: it saves the current
    /// state in numbered slots and puts one back (effects in flight cancelled first).
    func makeStateHistory() -> StateHistory
    /// Cancels the effects in flight.
    func cancelAllEffects()
    /// Back to the initial state, effects cancelled.
    func reset()
    /// True when the state lists its own changes (`StateDiffable`): the shell then reports through
    /// ``appendChanges(afterReduction:into:)`` instead of encoding and diffing the whole state.
    var listsOwnChanges: Bool { get }
    /// Appends the changes from the previous report (or ``resetChangeBaseline(toCurrent:)``) to the
    /// state after reduction `reduction` (the current state when nil) to `changes`, and makes that
    /// state the baseline; false when there was no baseline. Only for a reactor that
    /// ``listsOwnChanges``.
    func appendChanges(afterReduction reduction: Int?, into changes: inout [StateChange]) throws -> Bool
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
    public func appendChanges(afterReduction reduction: Int?, into changes: inout [StateChange]) throws -> Bool {
        false
    }

    /// By default there is no baseline to keep.
    public func resetChangeBaseline(toCurrent: Bool) {}

    /// By default the state is taken to go through the encoder.
    public var encodesThroughEncoder: Bool { true }

    /// By default the value's storage goes back to the encoder (`StateValue.recycle`).
    public func recycleStateValue(_ value: consuming StateValue) {
        StateValue.recycle(value)
    }
}
