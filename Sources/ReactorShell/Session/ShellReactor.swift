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
    private var lastActionID: Int?
    private let labeler = MutationLabeler()

    /// A handle named `name` on `reactor`, with its `commands`, running on the scene's scheduler
    /// (`context.scheduler` is installed in the reactor's runtime; create the reactor without using it).
    public init(name: String, reactor: R, commands: [ActionCommand<R.Action>], context: SceneContext) {
        reactor.runtime.scheduler = context.scheduler
        self.name = name
        self.reactor = reactor
        self.commands = commands
        self.commandTable = ReactorCommandTable(name: name, signatures: commands.map(\.signature))
    }

    public func prepare(_ invocation: ActionInvocation, commandIndex: Int) throws(Diagnostic) -> PreparedAction {
        let (action, arguments) = try commands[commandIndex].makeAction(invocation)
        return PreparedAction(arguments: arguments) { [self] in
            lastActionID = nil
            if eventToken == nil { installRecorder() }
            reactor.send(action)
            return lastActionID
        }
    }

    public func stateValue() throws -> StateValue {
        try StateValue(encoding: reactor.currentState)
    }

    private var handler: (@MainActor (ShellReactorEvent) -> Void)?

    public func setEventHandler(_ handler: @escaping @MainActor (ShellReactorEvent) -> Void) {
        self.handler = handler
        installRecorder()
    }

    private func installRecorder() {
        eventToken?.cancel()
        eventToken = reactor.observeRuntimeEvents { [weak self] event in
            guard let self else { return }
            switch event {
            case .action(let actionID, let action):
                if self.lastActionID == nil { self.lastActionID = actionID }
                self.handler?(.action(actionID: actionID, label: self.labeler.label(for: action)))
            case .reduction(let actionID, let mutation, _):
                self.handler?(.reduction(actionID: actionID, mutation: self.labeler.label(for: mutation)))
            case .effect(let effect):
                self.handler?(.effect(effect))
            }
        }
    }

    public func snapshot() -> StateSnapshot {
        StateSnapshot(state: reactor.currentState)
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

    public func reset() {
        reactor.reset()
    }
}
