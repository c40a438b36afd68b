import ReactorCore
import StateDiff

/// Turns what happens in the scene into the session's record: each action sent becomes a log
/// step (with the scene's states before it on the timeline, and its line in the replay script);
/// each runtime event of the scene's reactors is logged under the step that caused it, with its
/// cause (``MutationCause``), and handed on to the change reporter (mutations) or the printer
/// (effect failures and traces).
///
/// The log, the replay script and effect numbers span the session; the timeline and the recent
/// actions belong to the scene and start afresh with each ``attach()``.
@MainActor
final class SessionRecorder {
    private let scene: LoadedScene
    private let reporter: ChangeReporter
    private let output: SessionOutput
    /// Whether effect life events are printed and mutations show their time since the action.
    @exclusivity(unchecked) var trace = false

    // The fields a batch line changes are exempt from dynamic exclusivity checks (a cost on every
    // line; see docs/performance.md): main-actor state, never passed `inout` to code that could reach them.
    /// The numbered steps for `:history` and `:jump`.
    @exclusivity(unchecked) private(set) var log = SessionLog(limit: 1_000)
    /// The commands that replay the session (`:save`).
    @exclusivity(unchecked) var replay = ReplayScript()
    /// The lines given at the top level (`:save --transcript`, `:diagram`).
    @exclusivity(unchecked) var input = SessionInput()
    /// The states of the scene's reactors right after its `:use` (`:save --expect`).
    private(set) var sceneInitialStates: [StateValue?] = []
    /// The scene's states before each action (`:undo`, `:redo`, `:jump`).
    @exclusivity(unchecked) var timeline = Timeline(limit: 1_000)
    /// When recent actions were sent and what they were, for the trace and effect errors.
    @exclusivity(unchecked) private var recentActions = RecentActions()
    /// The log step of the action being sent, until its runtime id is known.
    @exclusivity(unchecked) private var pendingStep: Int?
    /// The action being sent, from its first runtime event until its send returns: a service
    /// event broadcast by its synchronous `mutate` goes back to it.
    @exclusivity(unchecked) private var sendingActionID: Int?
    /// The latest typed action: its own mutations (and its effects') show no cause.
    @exclusivity(unchecked) private(set) var latestTypedAction: (id: Int, step: Int, reactor: Int, label: String)?
    /// The id of ``latestTypedAction`` (read per reduction without copying the tuple).
    @exclusivity(unchecked) private var latestTypedActionID = -1
    /// How many mutations the latest typed action caused so far (any reactor).
    @exclusivity(unchecked) private var latestTypedMutations = 0
    /// What the scene's runtime numbers its effects from, so that effect numbers go on across
    /// scenes: the session's number of an effect is this plus the runtime's.
    @exclusivity(unchecked) private var effectNumberBase = 0
    /// The highest effect number given so far in the session.
    @exclusivity(unchecked) private var lastEffectNumber = 0

    /// The memory budget of each reactor's timeline, in bytes.
    private let timelineByteLimit: Int

    init(scene: LoadedScene, reporter: ChangeReporter, output: SessionOutput, timelineByteLimit: Int) {
        self.timelineByteLimit = timelineByteLimit
        self.scene = scene
        self.reporter = reporter
        self.output = output
    }

    /// Removes the event handlers, which hold the recorder (see ``attach(entryName:)``): the
    /// session calls this when it ends, so that the recorder, its scene and reactors are freed.
    func detach() {
        for reactor in scene.reactors { reactor.setEventHandler { _ in } }
    }

    /// Starts recording the scene just loaded from entry `name`.
    func attach(entryName name: String) {
        timeline = Timeline(
            limit: 1_000, byteLimit: timelineByteLimit * max(1, scene.reactors.count),
            histories: scene.reactors.map { $0.makeStateHistory() })
        recentActions.removeAll()
        pendingStep = nil
        sendingActionID = nil
        latestTypedAction = nil
        latestTypedActionID = -1
        effectNumberBase = lastEffectNumber
        log.beginScene(name)
        sceneInitialStates = scene.reactors.map { try? $0.stateValue() }
        let scheduler = scene.scheduler
        for (index, reactor) in scene.reactors.enumerated() {
            // The recorder, the reactor and the scene's scheduler are held strongly: the handler's
            // own references are used in place, where a `weak` or `unowned` recorder, or one read
            // from the scene, is retained and released on every event (a weak one also gives the
            // recorder a side table, and every retain of it the runtime's slow path). The cycles
            // (recorder, scene, reactor, handler) are broken when the handler is replaced: by the
            // next `LoadedScene.load`, and by ``detach()`` when the session ends.
            reactor.setEventHandler { [self, reactor, scheduler] event in
                self.record(event, from: reactor, at: index, scheduler: scheduler)
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
        let reactorName = index == scene.focusIndex ? nil : reactor.name
        if output.printsActions {
            output.printer.action(of: reactor, name: command, arguments: arguments, origin: output.origin)
        }
        let step = log.append(RecordedLine(reactor: reactorName, command: command, arguments: arguments))
        timeline.willSend(step: step)
        replay.append(RecordedLine(reactor: reactorName, command: command, arguments: arguments, isBackground: isBackground))
        pendingStep = step
        pendingReactor = index
    }

    /// The reactor of the action being sent.
    @exclusivity(unchecked) private var pendingReactor = 0

    /// The send of the action recorded by ``willSend(_:at:command:arguments:isBackground:)`` returned.
    func didSend() {
        pendingStep = nil
        sendingActionID = nil
    }

    /// The line of the latest typed action is done (its wait included, if it waited): when it
    /// caused no mutation and nothing is left running that could, says so (`· (no mutation)`).
    @inline(__always)
    func actionLineEnded() {
        // Most lines caused a mutation: decided here, inlined, without a call.
        if latestTypedMutations == 0 { sayNoMutation() }
    }

    private func sayNoMutation() {
        guard let typed = latestTypedAction, latestTypedMutations == 0, reporter.showsDiffs,
              scene.scheduler.isQuiescent, typed.reactor < scene.reactors.count else { return }
        latestTypedMutations = -1  // said once
        output.printer.noMutation(
            of: scene.reactors[typed.reactor], sceneHasSeveral: scene.hasSeveral, action: typed.label, step: typed.step)
    }

    /// Logs a step that is not an action (`:reset`), with its replay line.
    func logCommand(_ line: String) {
        log.append(command: line)
        replay.append(line)
    }

    // MARK: Runtime events

    /// Records `event` of `reactor` (reactor `index` of the scene, whose scheduler is `scheduler`).
    private func record(_ event: ShellReactorEvent, from reactor: any ShellReactor, at index: Int, scheduler: Scheduler) {
        switch event {
        case .action(let actionID, let label):
            var step: Int?
            if let pending = pendingStep {
                log.bind(step: pending, actionID: actionID)
                step = pending
                pendingStep = nil
                sendingActionID = actionID
                latestTypedAction = (actionID, pending, pendingReactor, label)
                latestTypedActionID = actionID
                latestTypedMutations = 0
            }
            recentActions.record(actionID, time: scheduler.clock.now, label: label, reactor: index, step: step)
        case .reduction(let actionID, let mutation):
            // While the scene's scheduler is quiescent no effect of the scene is alive, so none is
            // running: the task-local look-up (about 100 instructions) is left out for the many
            // reductions of scenes without effects in flight.
            let running = scheduler.isQuiescent ? nil : RunningEffect.current
            let cause = cause(of: actionID, running: running)
            var elapsed: Duration?
            if let causeAction = cause.actionID {
                log.record(
                    mutation: mutation, reactor: scene.hasSeveral ? reactor.name : nil, actionID: causeAction,
                    effectID: cause.effectID, viaEvent: cause.origin == .event)
                if causeAction == latestTypedActionID { latestTypedMutations += 1 }
                if trace, let actionID, let start = recentActions[actionID] { elapsed = scheduler.clock.now - start.time }
            }
            reporter.reportChange(of: reactor, at: index, label: mutation, elapsed: elapsed, cause: cause)
        case .effect(let effect):
            let number = effectNumberBase + effect.effectID
            if number > lastEffectNumber { lastEffectNumber = number }
            // The action is looked up (and its entry copied) only for what prints it: a start or a
            // normal end, two events of every effect, needs nothing more.
            var isFailure = false
            if case .failed = effect.phase { isFailure = true }
            guard isFailure || trace else { return }
            let action = effect.actionID.flatMap { recentActions[$0] }
            if case .failed(let error) = effect.phase {
                _ = output.fail("effect of \(reactor.name)\(action.map { ".\($0.label)" } ?? "") failed: \(error)")
            }
            if trace {
                output.printer.effect(EffectReport(
                    reactor: reactor.name, sceneHasSeveral: scene.hasSeveral, action: action?.label,
                    event: effect, effectNumber: number, elapsed: action.map { scheduler.clock.now - $0.time }))
            }
        }
    }

    /// Where a mutation reduced for action `actionID` (nil: from a merged source) came from,
    /// `running` being the effect whose code runs now.
    private func cause(of actionID: Int?, running: RunningEffect?) -> MutationCause {
        let origin: MutationCause.Origin
        let causeAction: Int?
        var effect: Int?
        if let actionID {
            causeAction = actionID
            if let running, running.actionID == actionID {
                origin = .effect
                effect = running.effectID
            } else {
                origin = .action
            }
        } else {
            origin = .event
            effect = running?.effectID
            causeAction = running?.actionID ?? sendingActionID
        }
        let isShown = origin == .event || causeAction == nil || causeAction != latestTypedActionID
        var step: Int?, label: String?, reactorName: String?
        // What names the action is looked up only when it will be printed: text shows the cause
        // of few mutations, JSON of all.
        if isShown || output.format == .json, let causeAction, let recent = recentActions[causeAction] {
            step = recent.step
            label = recent.label
            if scene.hasSeveral && recent.reactor < scene.reactors.count { reactorName = scene.reactors[recent.reactor].name }
        }
        // Not `effect.map { … }`: a closure reading the recorder's state is main-actor isolated,
        // and passed to the nonisolated `map` it checks the executor on every call.
        var effectNumber: Int?
        if let effect { effectNumber = effectNumberBase + effect }
        return MutationCause(
            origin: origin, step: step, actionID: causeAction, effectID: effectNumber,
            actionLabel: label, actionReactor: reactorName, isShown: isShown)
    }
}

/// When the latest actions were sent and their labels, for the trace and effect errors: a ring of
/// the last 1,024 action ids (ids increase, so a slot holds the newest id that maps to it).
struct RecentActions {
    private static let capacity = 1_024
    private var ids = [Int](repeating: -1, count: capacity)
    private var entries = [Entry](repeating: Entry(time: .zero, label: "", reactor: 0, step: nil), count: capacity)

    /// What is remembered of an action.
    struct Entry {
        /// When it was sent.
        let time: Duration
        /// Its label (`updateQuery("sw")`).
        let label: String
        /// The index of its reactor in the scene.
        let reactor: Int
        /// Its log step, when it was typed.
        let step: Int?
    }

    /// Remembers action `id` of reactor `reactor`, sent at `time`, labelled `label`, logged as
    /// step `step` when it was typed.
    mutating func record(_ id: Int, time: Duration, label: String, reactor: Int, step: Int?) {
        let slot = id & (Self.capacity - 1)
        ids[slot] = id
        entries[slot] = Entry(time: time, label: label, reactor: reactor, step: step)
    }

    /// What is remembered of action `id`, if it is among the latest.
    subscript(id: Int) -> Entry? {
        let slot = id & (Self.capacity - 1)
        return ids[slot] == id ? entries[slot] : nil
    }

    /// Forgets every action.
    mutating func removeAll() {
        self = RecentActions()
    }
}
