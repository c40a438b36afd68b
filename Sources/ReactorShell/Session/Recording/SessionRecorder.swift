import ReactorCore
import StateDiff

/// Turns what happens in the scene into the session's record (``SessionRecord``, the one store of
/// what happened): each action sent becomes a step (with the scene's states before it on the
/// timeline, and its line in the replay script); each event drained from the scene's journal is
/// recorded with its cause (``MutationCause``), which the reporter and the printers then show.
///
/// The record and effect numbers span the session; the timeline belongs to the scene and starts
/// afresh with each ``attach(entryName:)``.
@MainActor
final class SessionRecorder: ExemptFields<SessionRecorder.Kept> {
    private let scene: LoadedScene
    private let reporter: ChangeReporter
    private let output: SessionOutput
    // The record, the timeline and the per-line state are read or changed on every line: they are
    // the recorder's `ExemptFields` (IO/ShellMemory.swift), without dynamic exclusivity checks
    // (about 60 instructions an access; with the checks, the random mix cost 7,672 instructions a
    // line instead of 7,007, the counter 25,851 instead of 24,278): main-actor state, never passed
    // `inout` to code that could reach it, and, the journal being drained only between sends,
    // never reached again while an access to it is under way. The paths that reach them are
    // pinned by SessionRecordHistoryTests, SavedOverlapTests and the end-to-end tests of
    // :history, :save and time travel.
    /// What the recorder keeps from one line to the next.
    @MainActor
    struct Kept {
        var record: SessionRecord
        var timeline = Timeline(limit: 1_000)
        fileprivate var state = State()
    }
    /// What happened, as it happened: the lines, the steps, the events read from the journal, the
    /// output shown, and the commands that replay the session (`:save`). Appended to on every line.
    var record: SessionRecord {
        _read { yield fields.record }
        _modify { yield &fields.record }
    }
    /// The scene's states before each action (`:undo`, `:redo`, `:jump`).
    var timeline: Timeline {
        _read { yield fields.timeline }
        _modify { yield &fields.timeline }
    }
    /// What the recorder follows from one line to the next.
    private var state: State {
        _read { yield fields.state }
        _modify { yield &fields.state }
    }

    /// What the recorder follows from one line to the next: its settings, the action being sent,
    /// the latest typed action, effect numbers.
    fileprivate struct State {
        /// See ``SessionRecorder/trace``.
        var trace = false
        /// See ``SessionRecorder/servesReaders``.
        var servesReaders = false
        /// See ``SessionRecorder/sent(_:)``.
        var lastSentAction: SentAction?
        /// The step of the action being sent, until its action event is read.
        var pendingStep: Int?
        /// The reactor of the action being sent.
        var pendingReactor = 0
        /// The replay script's line of the action being sent.
        var pendingReplayLine: Int?
        /// Typed actions whose effects may still be running (see ``markOverlappedLines()``).
        var actionsWithLiveEffects: [Int] = []
        /// The id of the latest typed action (-1: none in this scene; its label, reactor and step
        /// are in the record): its own mutations (and its effects') show no cause; a service
        /// event broadcast by its synchronous `mutate` goes back to it.
        var latestTypedActionID = -1
        /// How many mutations the latest typed action caused so far (any reactor).
        var latestTypedMutations = 0
        /// What the scene's runtime numbers its effects from, so that effect numbers go on across
        /// scenes: the session's number of an effect is this plus the runtime's.
        var effectNumberBase = 0
        /// The highest effect number given so far in the session.
        var lastEffectNumber = 0
    }

    /// Whether effect life events are printed and mutations show their time since the action.
    var trace: Bool {
        get { state.trace }
        set { state.trace = newValue }
    }
    /// Whether the session has journal readers (``SessionRunner/addReader(_:)``): then every
    /// mutation's cause names its action, and the typed action last sent is kept for them.
    var servesReaders: Bool {
        get { state.servesReaders }
        set { state.servesReaders = newValue }
    }
    /// Keeps `action`, the typed action just sent, for the readers' event of its action
    /// (``takeLastSentAction()``).
    func sent(_ action: consuming SentAction) {
        state.lastSentAction = action
    }
    /// The typed action last sent (``sent(_:)``), handed over (nil until the next one is sent):
    /// moved into the readers' event, it is neither copied there (three retains) nor released
    /// when the next one replaces it.
    func takeLastSentAction() -> SentAction? {
        var sent: SentAction?
        swap(&sent, &state.lastSentAction)
        return sent
    }
    /// The states of the scene's reactors right after its `:use` (`:save --expect`).
    private(set) var sceneInitialStates: [StateValue?] = []

    /// The memory budget of each reactor's timeline, in bytes.
    private let timelineByteLimit: Int

    init(
        scene: LoadedScene, reporter: ChangeReporter, output: SessionOutput, timelineByteLimit: Int
    ) {
        self.timelineByteLimit = timelineByteLimit
        self.scene = scene
        self.reporter = reporter
        self.output = output
        super.init(Kept(record: SessionRecord(sink: output.sink)))
    }

    /// The timelines a `:reset` or a new scene replaced, oldest first, at most
    /// ``retiredTimelineLimit`` and together at most twice the newest one's memory budget: the live
    /// view's history still reads the states before their steps.
    private(set) var retiredTimelines: [Timeline] = []
    /// How many replaced timelines are kept at most.
    static let retiredTimelineLimit = 1_024

    /// Starts recording the scene just loaded from entry `name`.
    func attach(entryName name: String) {
        restartTimeline()
        state.pendingStep = nil
        state.latestTypedActionID = -1
        state.effectNumberBase = state.lastEffectNumber
        sceneInitialStates = scene.reactors.map { try? $0.state.value() }
        record.script.appendUse(name)
    }

    /// Replaces the timeline with an empty one for the scene's reactors (a new scene, a `:reset`),
    /// keeping the old one's states for the live view's history.
    func restartTimeline() {
        if timeline.count > 0 {
            retiredTimelines.append(timeline)
            var bytes = retiredTimelines.reduce(0) { $0 + $1.storedBytes }
            var dropped = 0
            while retiredTimelines.count - dropped > 1
                && (retiredTimelines.count - dropped > Self.retiredTimelineLimit || bytes > 2 * timeline.byteLimit)
            {
                bytes -= retiredTimelines[dropped].storedBytes
                dropped += 1
            }
            retiredTimelines.removeFirst(dropped)
        }
        timeline = Timeline(
            limit: 1_000, byteLimit: timelineByteLimit * max(1, scene.reactors.count),
            histories: scene.reactors.map { $0.state.makeHistory() })
    }

    /// The scene's reactors' states before step `step` as value trees, when a timeline (the
    /// current one or one it replaced) still keeps them.
    func states(beforeStep step: Int) -> [StateValue?]? {
        if let states = timeline.values(beforeStep: step) { return states }
        for retired in retiredTimelines.reversed() {
            if let states = retired.values(beforeStep: step) { return states }
        }
        return nil
    }

    // MARK: Steps

    /// Records action `commandIndex` of reactor `index` of the scene, bound to `arguments`, about
    /// to be sent: prints it (JSON), numbers its step, saves the state before it, and adds its
    /// replay line (marking the earlier lines whose effects still run with ` &`).
    func willSend(reactor index: Int, command commandIndex: Int, arguments: CommandArguments, isBackground: Bool) {
        let command = scene.commandTables[index].signatures[commandIndex].name
        let reactorName = index == scene.focusIndex ? nil : scene.reactors[index].name
        if output.printsActions {
            output.printer.action(of: scene.reactors[index], name: command, arguments: arguments, origin: output.origin)
        }
        let step = record.takeStep()
        let settled = scene.scheduler.isQuiescent
        // A new action while travelling replaces the steps undone: they are abandoned, and the
        // timeline drops their states, which the live view's history still reads.
        if timeline.position != nil {
            for undone in timeline.redoSteps { record.markAbandoned(step: undone, statesBefore: timeline.values(beforeStep: undone)) }
        }
        timeline.willSend(step: step, settled: settled)
        if !settled {
            markOverlappedLines()
        } else if !state.actionsWithLiveEffects.isEmpty {
            emptyKeepingCapacity(&state.actionsWithLiveEffects)
        }
        record.script.append(RecordedLine(reactor: reactorName, command: command, arguments: arguments, isBackground: isBackground))
        state.pendingReplayLine = record.script.overflowed ? nil : record.script.count - 1
        state.pendingStep = step
        state.pendingReactor = index
    }

    /// The typed actions whose effects were still running when a later action was sent get ` &`
    /// in the replay script (`:save`): replayed, they overlap as they did. Each is marked once and
    /// then forgotten (it comes back only if it starts an effect again after all of its own had
    /// ended), so N overlapping lines cost O(N) in all, not O(N) each (issue 25 item 6).
    private func markOverlappedLines() {
        for actionID in state.actionsWithLiveEffects {
            if let line = record.scriptLineWithLiveEffects(of: actionID) { record.script.markBackground(line: line) }
        }
        emptyKeepingCapacity(&state.actionsWithLiveEffects)
    }

    /// The events of the action recorded by ``willSend(reactor:command:arguments:isBackground:)`` were
    /// drained (a stubbed reactor processes none: its step stays without an action).
    func didSend() {
        guard let step = state.pendingStep else { return }
        state.pendingStep = nil
        record.action(nil, reactor: state.pendingReactor, label: nil, time: .zero, step: step, scriptLine: state.pendingReplayLine)
    }

    /// The line of the latest typed action is done (its wait included, if it waited): when it
    /// caused no mutation and nothing is left running that could, says so (`· (no mutation)`).
    func actionLineEnded() {
        if state.latestTypedMutations == 0 { sayNoMutation() }
    }

    private func sayNoMutation() {
        guard state.latestTypedActionID >= 0, state.latestTypedMutations == 0, reporter.showsDiffs,
              scene.scheduler.isQuiescent, let typed = record.recentAction(state.latestTypedActionID), let step = typed.step,
              typed.reactor < scene.reactors.count else { return }
        state.latestTypedMutations = -1  // said once
        record.noMutation(reactor: typed.reactor)
        output.printer.noMutation(
            of: scene.reactors[typed.reactor], sceneHasSeveral: scene.hasSeveral, action: typed.label, step: step)
    }

    /// Records a step that is not an action (`:reset`), with its replay line.
    func logCommand(_ line: String) {
        record.script.append(line)
        record.command(line, step: record.takeStep(), scriptLine: record.script.overflowed ? nil : record.script.count - 1)
    }

    // MARK: Journal events

    /// Records action `actionID`, labelled `label`, of the journal's `event`: the first one after
    /// ``willSend(reactor:command:arguments:isBackground:)`` is the typed action, which its step is
    /// bound to. Returns its step, when it was typed.
    func recordAction(_ actionID: Int, label: String, of event: JournalEvent) -> Int? {
        var step: Int?
        if let pending = state.pendingStep {
            step = pending
            state.pendingStep = nil
            state.latestTypedActionID = actionID
            state.latestTypedMutations = 0
        }
        record.action(
            actionID, reactor: event.reactor, label: label, time: event.time, step: step,
            scriptLine: step == nil ? nil : state.pendingReplayLine)
        return step
    }

    /// Counts reduction `mutation` for action `actionID` of the journal's `event` (the record
    /// then keeps it with its cause); returns where it came from.
    func recordReduction(_ mutation: String, actionID: Int?, of event: JournalEvent) -> MutationCause {
        let cause = cause(of: actionID, running: event.runningEffect, duringSend: event.duringSend)
        if let causeAction = cause.actionID, causeAction == state.latestTypedActionID { state.latestTypedMutations += 1 }
        return cause
    }

    /// When tracing, the time from action `actionID` (if it is among the latest) to `time`.
    func elapsed(since actionID: Int?, at time: Duration) -> Duration? {
        guard state.trace, let actionID, let start = record.sendTime(of: actionID) else { return nil }
        return time - start
    }

    /// Records effect step `effect` of the journal's `event`; returns its number in the session.
    func recordEffect(_ effect: EffectStep, of event: JournalEvent) -> Int {
        let number = state.effectNumberBase + effect.effectID
        if number > state.lastEffectNumber { state.lastEffectNumber = number }
        if let actionID = effect.actionID {
            // Counted for the typed actions only: their lines are the ones `:save` writes.
            if effect.phase == .started {
                if record.addLiveEffect(to: actionID, by: 1) == 1 { state.actionsWithLiveEffects.append(actionID) }
            } else if effect.phase != .cancelledBeforeStart {  // a part that never started was never counted
                _ = record.addLiveEffect(to: actionID, by: -1)
            }
        }
        return number
    }

    /// What the printers show of effect step `effect`, effect `number` of the session, of the
    /// journal's `event` (`failure`: a failed one's error): a failure, a cancellation by another
    /// action (also logged under the step of the action whose effect it was), or any step while
    /// tracing; nil for the others.
    func effectReport(_ effect: EffectStep, number: Int, of event: JournalEvent, failure: String) -> EffectReport? {
        // The action is looked up (and its entry copied) only for what prints it: a start or a
        // normal end, two steps of every effect, needs nothing more.
        let cancellingAction = effect.isCancellation ? effect.cancellingActionID : nil
        guard effect.phase == .failed || state.trace || cancellingAction != nil else { return nil }
        let action = effect.actionID.flatMap { record.recentAction($0) }
        var report = EffectReport(
            reactor: scene.reactors[event.reactor].name, sceneHasSeveral: scene.hasSeveral, action: action?.label,
            step: effect, time: event.time, failure: effect.phase == .failed ? failure : nil, effectNumber: number,
            elapsed: action.map { event.time - $0.time })
        report.traced = state.trace
        if let cancellingAction {
            let by = record.recentAction(cancellingAction)
            let name = by.map { by in
                scene.hasSeveral && by.reactor < scene.reactors.count ? "\(scene.reactors[by.reactor].name).\(by.label)" : by.label
            } ?? "action #\(cancellingAction)"
            report.cancelledBy = name
        }
        return report
    }

    /// Where a mutation reduced for action `actionID` (nil: from a merged source) came from,
    /// `running` being the effect whose code ran then, `duringSend` whether a typed action was
    /// being sent.
    private func cause(of actionID: Int?, running: RunningEffect?, duringSend: Bool) -> MutationCause {
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
            causeAction = running?.actionID ?? (duringSend && state.latestTypedActionID >= 0 ? state.latestTypedActionID : nil)
        }
        let isShown = origin == .event || causeAction == nil || causeAction != state.latestTypedActionID
        var step: Int?, label: String?, reactorName: String?
        // What names the action is looked up only when it will be printed: text shows the cause
        // of few mutations, JSON (and the live view's events) of all.
        // Read from the action's entry in place (``SessionRecord/recentAction(_:)``, not inlined,
        // would copy the record first: about 60 instructions a mutation of a served run).
        if isShown || output.format == .json || state.servesReaders, let causeAction,
           let index = record.recentEntry(of: causeAction)
        {
            let entry = record[entry: index]
            step = entry.second >= 0 ? entry.second : nil
            label = entry.text ?? ""
            let reactor = Int(entry.reactor)
            if scene.hasSeveral && reactor < scene.reactors.count { reactorName = scene.reactors[reactor].name }
        }
        var effectNumber: Int?
        if let effect { effectNumber = state.effectNumberBase + effect }
        return MutationCause(
            origin: origin, step: step, actionID: causeAction, effectID: effectNumber,
            actionLabel: label, actionReactor: reactorName, isShown: isShown)
    }
}
