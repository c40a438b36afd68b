import ReactorCore
import StateDiff

/// A reader of a session's journal: told, in order, of each line the session runs (but a plain
/// action line, `NAME ARGS`, whose typed action's event stands for it; it is told of such a line
/// only when its action cannot be built, before the error), each event of its scene's reactors and
/// each error, once the session's own readers (the recorder, the reporter and printer, watch and
/// break) have read it. A new view of a session (a live view, a room's
/// display, an explorer's checks) is a new reader, added with ``ShellSession/addReader(_:)``; it
/// is called on the main actor, after the `send` or the scheduler's wake-up that caused the event
/// returned, never from inside a reactor.
@MainActor
public protocol SessionJournalReader: AnyObject {
    /// Reads `event`. The reader must not run lines or send actions from here.
    func read(_ event: SessionEvent)
}

/// One event of a session, as its readers see it: the journal's event with what the session's own
/// readers made of it (the log step, the cause, the effect's number in the session).
@MainActor
public struct SessionEvent {
    /// What happened.
    public enum Kind {
        /// A line about to run, with where it comes from (not a plain action line: see
        /// ``SessionJournalReader``).
        case line(text: String, origin: LineOrigin)
        /// Action `id`, labelled `label`, entered its reactor's pipeline; `step` is its `:history`
        /// step when it was typed (nil for one an effect dispatched).
        case action(id: Int, label: String, step: Int?)
        /// Mutation `label` was reduced, coming from `cause`; ``SessionEvent/changes`` says what it
        /// changed, ``SessionEvent/newState()`` describes the state it made.
        case reduction(label: String, cause: MutationCause)
        /// A step in the life of effect `number` (numbered per session, as the output shows it);
        /// `failure` is the error of a failed one.
        case effect(EffectStep, number: Int, failure: String?)
        /// An error was reported (a failed expectation too, after its ``expectation(path:ok:)``).
        case error(Diagnostic)
        /// The reactor's state was set without a reduction (`:undo`, `:redo`, `:jump`, `:reset`),
        /// under `label` (`(jump to after step 3)`); ``reactor`` says which, ``changes`` what changed.
        case restored(label: String)
        /// An `:expect` line compared the value at `path`; `ok` tells whether it held.
        case expectation(path: String, ok: Bool)
        /// A scene was loaded from registry entry `entry` (`:use`, or the shell's initial scene).
        case sceneLoaded(entry: String?)
        /// The closing count of a run: expectations that held and failed, and errors.
        case summary(passed: Int, failed: Int, errors: Int)
    }

    /// What happened.
    public let kind: Kind
    /// The reactor it happened in (nil for a line or an error).
    public let reactor: (any ShellReactor)?
    /// The index of ``reactor`` in its scene (-1: none): a reader that keeps something per
    /// reactor finds it without holding the reactor.
    let reactorIndex: Int
    /// The scene clock's time, for an event of a reactor.
    public let time: Duration?
    /// For a reduction, where its reactor keeps the new state until the drain ends.
    let stateSlot: Int
    /// For a reduction or a restored state, what changed in the reactor's state since the
    /// session last reported it (the changes the terminal's diff shows, whether it shows them or
    /// not, and unnarrowed by `:watch`); when there was no report before, the whole state
    /// replacing the root. Empty for other events, and when the state could not be described.
    public let changes: [StateChange]
    /// What the session's own readers knew of the event besides.
    var detail: Detail?

    /// What the session's own readers knew of an event besides its kind: the typed action in
    /// place (nearly every line has one: no box to allocate), the rarer and larger ones boxed.
    enum Detail {
        /// For a typed action, what was sent: its command, arguments and line.
        case sent(SentAction)
        /// For an effect the output reports (failed, cancelled by an action, or traced), the report.
        indirect case effect(EffectReport)
        /// For an expectation, its whole result.
        indirect case expectation(ExpectationResult)
    }

    /// For an effect the output reports, the report.
    var effectReport: EffectReport? {
        if case .effect(let report) = detail { report } else { nil }
    }

    /// For an expectation, its whole result.
    var expectationResult: ExpectationResult? {
        if case .expectation(let result) = detail { result } else { nil }
    }

    init(
        _ kind: Kind, reactor: (any ShellReactor)? = nil, at reactorIndex: Int = -1, time: Duration? = nil,
        stateSlot: Int = -1, changes: [StateChange] = []
    ) {
        self.kind = kind
        self.reactor = reactor
        self.reactorIndex = reactorIndex
        self.time = time
        self.stateSlot = stateSlot
        self.changes = changes
    }

    /// For a reduction, the state it made, as a value tree (nil for other events). Only while the
    /// event is being read: the reactor lets go of the state once the journal is drained.
    public func newState() throws -> StateValue? {
        guard stateSlot >= 0, let reactor else { return nil }
        return try reactor.state.value(afterReduction: stateSlot)
    }
}

/// A typed action as the shell sent it: the command, its bound arguments and the line it came from.
struct SentAction {
    let command: String
    let arguments: CommandArguments
    let origin: LineOrigin
}
