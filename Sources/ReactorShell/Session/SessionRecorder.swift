import ReactorCore

/// Turns what happens in the scene into the session's record: each action sent becomes a log
/// step (with the state before it on its reactor's timeline, and its line in the replay script);
/// each runtime event of the scene's reactors is logged under the step that caused it and handed
/// on to the change reporter (mutations) or the printer (effect failures and traces).
///
/// The log and the replay script span the session; the timelines and the recent actions belong
/// to the scene and start afresh with each ``attach()``.
@MainActor
final class SessionRecorder {
    private let scene: LoadedScene
    private let reporter: ChangeReporter
    private let output: SessionOutput
    /// Whether effect life events are printed and mutations show their time since the action.
    @exclusivity(unchecked) var trace = false

    // The fields a batch line changes are exempt from dynamic exclusivity checks (about 60
    // instructions each): main-actor state, never passed `inout` to code that could reach them.
    /// The numbered steps for `:history` and `:jump`.
    @exclusivity(unchecked) private(set) var log = SessionLog(limit: 1_000)
    /// The commands that replay the session (`:save`).
    @exclusivity(unchecked) var replay = ReplayScript()
    /// The state before each action, per reactor of the scene (`:undo`, `:redo`, `:jump`).
    @exclusivity(unchecked) var timelines: [Timeline] = []
    /// When recent actions were sent and what they were, for the trace and effect errors.
    @exclusivity(unchecked) private var recentActions = RecentActions()
    /// The log step of the action being sent, until its runtime id is known.
    @exclusivity(unchecked) private var pendingStep: Int?

    /// The memory budget of each reactor's timeline, in bytes.
    private let timelineByteLimit: Int

    init(scene: LoadedScene, reporter: ChangeReporter, output: SessionOutput, timelineByteLimit: Int) {
        self.timelineByteLimit = timelineByteLimit
        self.scene = scene
        self.reporter = reporter
        self.output = output
    }

    isolated deinit {
        // The handlers refer to the recorder without retaining it (see `attach`).
        for reactor in scene.reactors { reactor.setEventHandler { _ in } }
    }

    /// Starts recording the scene just loaded from entry `name`.
    func attach(entryName name: String) {
        timelines = scene.reactors.map { _ in Timeline(limit: 1_000, byteLimit: timelineByteLimit) }
        recentActions.removeAll()
        pendingStep = nil
        for (index, reactor) in scene.reactors.enumerated() {
            // Not `weak`: a weak reference gives the recorder a side table, and then every retain
            // and release of it takes the runtime's slow path, besides a weak load per event. The
            // reference is valid whenever the handler runs: a reactor keeps this handler only while
            // it is in the scene; the next `LoadedScene.load` and this recorder's deinit replace it.
            // The reactor is held strongly: a cycle through its own handler, broken when the handler
            // is replaced (as above), which saves a look-up in the scene per event.
            reactor.setEventHandler { [unowned(unsafe) self, reactor] event in
                self.record(event, from: reactor, at: index)
            }
        }
        replay.appendUse(name)
    }

    // MARK: Steps

    /// Records action `command` of `reactor` (reactor `index` of the scene), bound to `arguments`,
    /// about to be sent: prints it (JSON), opens its log step, saves the state before it, and adds
    /// its replay line.
    func willSend(
        _ reactor: any ShellReactor, at index: Int, command: String, arguments: CommandArguments, isBackground: Bool
    ) {
        let line = ScriptFormatter.actionLine(
            reactor: index == scene.focusIndex ? nil : reactor.name, command: command, arguments: arguments)
        output.printer.action(of: reactor, name: command, arguments: arguments, origin: output.origin)
        let step = log.append(command: line)
        timelines[index].willSend(step: step, current: reactor.snapshot())
        replay.append(isBackground ? line + " &" : line)
        pendingStep = step
    }

    /// The send of the action recorded by ``willSend(_:at:command:arguments:isBackground:)`` returned.
    func didSend() {
        pendingStep = nil
    }

    /// Logs a step that is not an action (`:reset`), with its replay line.
    func logCommand(_ line: String) {
        log.append(command: line)
        replay.append(line)
    }

    // MARK: Runtime events

    private func record(_ event: ShellReactorEvent, from reactor: any ShellReactor, at index: Int) {
        switch event {
        case .action(let actionID, let label):
            if let step = pendingStep {
                log.bind(step: step, actionID: actionID)
                pendingStep = nil
            }
            recentActions.record(actionID, time: scene.scheduler.clock.now, label: label)
        case .reduction(let actionID, let mutation):
            var elapsed: Duration?
            if let actionID {
                log.record(mutation: mutation, actionID: actionID)
                if trace, let start = recentActions[actionID] { elapsed = scene.scheduler.clock.now - start.time }
            }
            reporter.reportChange(of: reactor, at: index, label: mutation, elapsed: elapsed)
        case .effect(let effect):
            let action = effect.actionID.flatMap { recentActions[$0] }
            if case .failed(let error) = effect.phase {
                _ = output.fail("effect of \(reactor.name)\(action.map { ".\($0.label)" } ?? "") failed: \(error)")
            }
            if trace {
                output.printer.effect(EffectReport(
                    reactor: reactor.name, sceneHasSeveral: scene.hasSeveral, action: action?.label,
                    event: effect, elapsed: action.map { scene.scheduler.clock.now - $0.time }))
            }
        }
    }
}

/// When the latest actions were sent and their labels, for the trace and effect errors: a ring of
/// the last 1,024 action ids (ids increase, so a slot holds the newest id that maps to it).
struct RecentActions {
    private static let capacity = 1_024
    private var ids = [Int](repeating: -1, count: capacity)
    private var entries = [(time: Duration, label: String)](repeating: (.zero, ""), count: capacity)

    /// Remembers action `id`, sent at `time`, labelled `label`.
    mutating func record(_ id: Int, time: Duration, label: String) {
        let slot = id & (Self.capacity - 1)
        ids[slot] = id
        entries[slot] = (time, label)
    }

    /// The time and label of action `id`, if it is among the latest.
    subscript(id: Int) -> (time: Duration, label: String)? {
        let slot = id & (Self.capacity - 1)
        return ids[slot] == id ? entries[slot] : nil
    }

    /// Forgets every action.
    mutating func removeAll() {
        self = RecentActions()
    }
}
