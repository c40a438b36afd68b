import StateDiff

/// What happened in a session, in order, as it happened: the one record that every export reads
/// (`:save`, `:save --expect`, `:save --transcript`, `:diagram`, and the live view's history).
///
/// It is fed as the session runs, never by running anything again:
/// - by the runner, per line: the line's text, where it came from (file and line number, and how
///   many `:load`s deep), before it runs; the prompt whenever a scene is loaded or the focus moves;
/// - by the journal's reading (the session runner's drain): each typed action, each mutation with
///   its cause, each cancelled or failed effect, each action that changed nothing; and by the
///   runner again, each step of time travel and each reset;
/// - by the session's output: each error and failed expectation;
/// - by the output sink: a copy of what the terminal was shown (`OutputCapture`), of which
///   each entry notes where its output begins.
///
/// It is also the session's memory of its steps: `:history` (`history(limit:)`), the steps time
/// travel numbers, and the recent actions the trace and effect reports name are read from its
/// entries, not kept apart.
///
/// Recording is an append of a small value per line and per event; nothing is formatted until an
/// export reads ``events`` (see `SessionRecord+Events.swift`) or `:history` its steps. Bounded:
/// past `ReplayScript.limit` lines or `OutputCapture.limit` bytes of output nothing more is kept,
/// and past `entryLimit` entries each new one takes the place of the oldest (`:history` and the
/// trace read the latest); then ``overflowed`` is true and the exports that need the whole
/// session say that it is too long.
///
/// A value: the session's recorder holds the one being written; a copy (as
/// ``ShellSession/record`` gives) shares its storage and reads the session as it was then.
@MainActor
public struct SessionRecord {
    /// At most this many entries (lines and events) are kept: past it, the newest take the
    /// places of the oldest. A power of two (an entry's place is its index masked).
    static let entryLimit = 1 << 15

    /// The sink whose output is captured.
    let sink: OutputSink
    /// What the terminal was shown.
    let output = OutputCapture()
    /// The lines, as given.
    private(set) var lines = SessionInput()
    /// The scenes loaded and the focus moves, in order.
    private(set) var scenes: [Scene] = []
    /// The latest ``entryLimit`` entries: in order until it is reached, then a ring in which
    /// entry `index` (counted from the session's first) is at `index & (entryLimit - 1)`.
    private var entryRing: [Entry] = []
    /// How many entries were ever recorded: the index of the next one.
    private(set) var entryCount = 0
    /// The scene of the entries kept, when the entry that loaded it was dropped (an index in
    /// ``scenes``; -1: none dropped).
    private(set) var sceneBeforeKeptEntries = -1
    /// The details of the entries that have one, by entry index (see ``Detail``); those of entries
    /// no longer kept are dropped when a detail is added (``keep(_:at:)``), not on the per-line path.
    private(set) var details: [Int: Detail] = [:]
    /// How many details there were after they were last pruned of those no longer kept.
    private var detailsAfterPruning = 0
    /// Whether a reactor's states between two of its mutations in one step are kept for the live
    /// view's history (``statesToKeep``): in the interactive shell, with `run --html` or `--serve`,
    /// and from `:serve` on; not in a plain batch run, whose lines would pay for it.
    var keepsStatesWithinSteps = false
    /// The reactors (a bit each, by index; those past 63 are not followed) that changed since the
    /// current typed step began, time travel moved them or the scene was loaded: a mutation of one
    /// of them follows another in the same step, and the state between the two is worth keeping.
    private var changedInStep: UInt64 = 0
    /// The mutations read since the journal was last drained that followed another of their
    /// reactor in the same step: the runner has their reactors keep the states before them
    /// (``SessionRunner/drainJournal()``).
    private(set) var statesToKeep: [StateToKeep] = []
    /// A mutation whose reactor's state before it is to be kept: its entry, its reactor, and the
    /// slot of its reduction's state in the reactor's `ReducedStates`.
    struct StateToKeep {
        let entry: Int
        let reactor: Int
        let slot: Int
    }
    /// The commands that replay the session (`:save`), with ` &` where lines overlapped.
    var script = ReplayScript()
    /// The `:history` number the next step gets.
    private(set) var nextStep = 1
    /// The `:history` number of the current scene's first step (``nextStep`` when it has none).
    private(set) var currentSceneFirstStep = 1
    /// The latest actions of the current scene by id: where their entries are (see
    /// ``RecentAction``), in a ring of ``recentActionCapacity`` slots (action ids increase, so a
    /// slot holds the newest id that maps to it).
    private var recentActions = [RecentAction](repeating: RecentAction(), count: recentActionCapacity)
    private static let recentActionCapacity = 1_024

    /// A record of the session writing to `sink`, which from now on copies its output here.
    init(sink: OutputSink) {
        self.sink = sink
        sink.capture = output
    }

    /// Whether part of the session was not kept (too long): the transcript and the diagram need
    /// all of it.
    public var overflowed: Bool { entryCount > Self.entryLimit || lines.overflowed || output.overflowed }

    /// The index of the oldest entry kept.
    var firstKeptEntry: Int { max(0, entryCount - Self.entryLimit) }

    /// Entry `index` (counted from the session's first; one of the kept:
    /// ``firstKeptEntry`` ..< ``entryCount``).
    subscript(entry index: Int) -> Entry {
        entryRing[index & (Self.entryLimit - 1)]
    }

    /// How many lines were recorded.
    public var lineCount: Int { lines.count }


    // MARK: Recording

    /// Appends `entry`, in the place of the oldest when ``entryLimit`` are kept; returns its index.
    @discardableResult
    private mutating func append(_ entry: consuming Entry) -> Int {
        if entryRing.count < Self.entryLimit {
            // Reserved at its bound on first use (pages are touched only as they fill): growing
            // would copy every entry kept each time.
            if entryRing.capacity == 0 { entryRing.reserveCapacity(Self.entryLimit) }
            entryRing.append(entry)
        } else {
            let place = entryCount & (Self.entryLimit - 1)
            if entryRing[place].kind == .scene { sceneBeforeKeptEntries = entryRing[place].first }
            entryRing[place] = entry
        }
        entryCount += 1
        return entryCount - 1
    }

    /// Records the line of `bytes`, from `origin`, `depth` `:load`s deep, about to run.
    mutating func line(_ bytes: LineBytes, origin: borrowing LineOrigin, depth: Int) {
        let index = lines.nextIndex
        guard lines.append(bytes, origin: origin, depth: depth) else { return }
        append(Entry(
            kind: .line, reactor: Int32(truncatingIfNeeded: depth), first: index, second: 0, third: 0,
            output: sink.capturedCount, text: nil))
    }

    /// Records line `text` (narration shown at a stepping pause, which does not run).
    mutating func line(_ text: String, origin: LineOrigin, depth: Int) {
        withBytes(of: text) { line($0, origin: origin, depth: depth) }
    }

    /// Records that scene `entry` with `reactors` was loaded (`isLoad`) or its focus moved, the
    /// prompt becoming `prompt`.
    /// `focus` is the focused reactor's name; a load gives each reactor's state right after it
    /// (`states`).
    mutating func scene(
        _ entry: String, reactors: [String], prompt: String, isLoad: Bool, focus: String? = nil, states: [StateValue?] = []
    ) {
        if isLoad {
            changedInStep = 0
            // A new scheduler numbers the scene's actions from 1 again.
            currentSceneFirstStep = nextStep
            recentActions = [RecentAction](repeating: RecentAction(), count: Self.recentActionCapacity)
        }
        scenes.append(Scene(
            entry: entry, reactors: reactors, prompt: prompt, isLoad: isLoad, firstStep: currentSceneFirstStep,
            focus: focus, states: states))
        append(Entry(
            kind: .scene, reactor: 0, first: scenes.count - 1, second: 0, third: 0, output: sink.capturedCount, text: nil))
    }

    /// Records each reactor's state (`states`) as the scene loaded last ends, replaced by another.
    mutating func sceneEnds(states: [StateValue?]) {
        guard let last = scenes.lastIndex(where: \.isLoad) else { return }
        scenes[last].endStates = states
    }

    /// Numbers a new `:history` step.
    mutating func takeStep() -> Int {
        nextStep += 1
        return nextStep - 1
    }

    /// Records action `id` of reactor `reactor`, labelled `label`, sent at `time`: typed, it is
    /// `:history` step `step` and its line is `scriptLine` in ``script``. A typed action its
    /// stubbed reactor never processed has no id (nil) and no label.
    mutating func action(_ id: Int?, reactor: Int, label: String?, time: Duration, step: Int?, scriptLine: Int?) {
        let index = append(Entry(
            kind: .action, reactor: Int32(truncatingIfNeeded: reactor), first: id ?? -1, second: step ?? -1,
            third: scriptLine ?? -1, output: sink.capturedCount, text: label))
        if step != nil { changedInStep = 0 }
        if let id { recentActions[id & (Self.recentActionCapacity - 1)] = RecentAction(id: id, entry: index, time: time) }
    }

    /// Records `:history` step `step` that is not an action, `line` (`:reset`), whose line is
    /// `scriptLine` in ``script``.
    mutating func command(_ line: String, step: Int, scriptLine: Int?) {
        append(Entry(
            kind: .command, reactor: 0, first: -1, second: step, third: scriptLine ?? -1, output: sink.capturedCount,
            text: line))
    }

    /// Records mutation `label` of reactor `reactor`, from `cause`, whose reduction's state is in
    /// slot `stateSlot` until the journal is drained; call it before the mutation is reported, so
    /// that its output follows. When the reactor changed before in the same step, the state between
    /// the two is to be kept for the live view's history (``statesToKeep``, with
    /// ``keepsStatesWithinSteps``).
    mutating func mutation(_ label: String, reactor: Int, cause: MutationCause?, stateSlot: Int = -1) {
        let origin = cause?.origin == .effect ? 1 : cause?.origin == .event ? 2 : 0
        let index = append(Entry(
            kind: .mutation, reactor: Int32(truncatingIfNeeded: reactor), first: cause?.actionID ?? -1,
            second: cause?.effectID ?? -1, third: origin, output: sink.capturedCount, text: label))
        if keepsStatesWithinSteps { noteChange(of: reactor, atEntry: index, stateSlot: stateSlot) }
    }

    /// Notes that mutation entry `entry` changed reactor `reactor`: when it changed before in the
    /// same step, the state between the two is to be kept (``statesToKeep``).
    private mutating func noteChange(of reactor: Int, atEntry entry: Int, stateSlot: Int) {
        // A shift past 63 gives 0: such a reactor is not followed.
        let bit = UInt64(1) << UInt64(truncatingIfNeeded: reactor)
        if changedInStep & bit != 0 { statesToKeep.append(StateToKeep(entry: entry, reactor: reactor, slot: stateSlot)) }
        changedInStep |= bit
    }

    /// Forgets ``statesToKeep`` (kept by their reactors now).
    mutating func keptStates() {
        emptyKeepingCapacity(&statesToKeep)
    }

    /// Keeps `state`, the state of mutation entry `entry`'s reactor right before it, as its
    /// reactor kept it until its scene ended (the live view's history).
    mutating func keep(_ state: StateValue, beforeMutation entry: Int) {
        if entry >= firstKeptEntry { keep(.stateBefore(state), at: entry) }
    }

    /// Records a step of time travel or a reset of reactor `reactor`, labelled `label` (`(undo)`),
    /// before it is reported; its state went from `before` to `after`.
    mutating func travel(_ label: String, reactor: Int, from before: StateValue?, to after: StateValue?) {
        let index = append(Entry(
            kind: .travel, reactor: Int32(truncatingIfNeeded: reactor), first: 0, second: 0, third: 0,
            output: sink.capturedCount, text: label))
        changedInStep &= ~(UInt64(1) << UInt64(truncatingIfNeeded: reactor))
        keep(.travel(before: before, after: after), at: index)
    }

    /// Records that the typed action of reactor `reactor` changed nothing.
    mutating func noMutation(reactor: Int) {
        append(Entry(
            kind: .noMutation, reactor: Int32(truncatingIfNeeded: reactor), first: 0, second: 0, third: 0,
            output: sink.capturedCount, text: nil))
    }

    /// Records effect step `effect`, numbered `number` in the session, of reactor `reactor`, when
    /// it is a cancellation by another action, a failure (with `failure`, its error) or a step
    /// traced, as the output reported it (`report`).
    mutating func effect(_ effect: EffectStep, number: Int, reactor: Int, failure: String?, report: EffectReport? = nil) {
        let kind: Entry.Kind
        switch effect.phase {
        case .cancelled where effect.cancellingActionID != nil, .cancelledBeforeStart where effect.cancellingActionID != nil:
            kind = .effectCancelled
        case .failed: kind = .effectFailed
        default:
            guard report?.traced == true else { return }
            kind = .effectTraced
        }
        let index = append(Entry(
            kind: kind, reactor: Int32(truncatingIfNeeded: reactor), first: number, second: effect.actionID ?? -1,
            third: effect.cancellingActionID ?? -1, output: sink.capturedCount, text: failure))
        if let report { keep(.effect(report), at: index) }
    }

    /// Records that the next line is about to be shown as typed (`--echo`, a live view's command),
    /// before it is: the echo is not output of the line before.
    mutating func echo() {
        append(Entry(kind: .echo, reactor: 0, first: 0, second: 0, third: 0, output: sink.capturedCount, text: nil))
    }

    /// Keeps `detail` for entry `index`; now and then first drops the details of entries no longer
    /// kept (when they have doubled since), so that each costs O(1) on average.
    private mutating func keep(_ detail: Detail, at index: Int) {
        if details.count >= max(64, 2 * detailsAfterPruning) {
            let first = firstKeptEntry
            details = details.filter { $0.key >= first }
            detailsAfterPruning = details.count
        }
        details[index] = detail
    }

    /// Records an error or a failed expectation.
    mutating func failure(_ diagnostic: Diagnostic) {
        let index = append(Entry(
            kind: .failure, reactor: 0, first: 0, second: 0, third: 0, output: sink.capturedCount,
            text: diagnostic.description))
        keep(.diagnostic(diagnostic), at: index)
    }

    /// Records an expectation's result, passed or failed (before a failed one's ``failure(_:)``).
    mutating func expectation(_ result: ExpectationResult) {
        let index = append(Entry(
            kind: .expectation, reactor: 0, first: 0, second: 0, third: 0, output: sink.capturedCount, text: nil))
        keep(.expectation(result), at: index)
    }

    // MARK: Steps and recent actions

    /// Where a recent action of the current scene is recorded, when it was sent, and how many of
    /// its effects run (counted for typed actions only).
    struct RecentAction {
        var id = -1
        var entry = 0
        var time: Duration = .zero
        var liveEffects = 0
    }

    /// What the record tells of a recent action.
    struct ActionSummary {
        /// Its label (`updateQuery("sw")`).
        let label: String
        /// The index of its reactor in the scene.
        let reactor: Int
        /// Its `:history` step, when it was typed.
        let step: Int?
        /// When it was sent.
        let time: Duration
        /// Its line in ``SessionRecord/script``, when it was typed and the script has it.
        let scriptLine: Int?
    }

    /// The slot in ``recentActions`` of action `id`, when it is among the latest and still kept.
    private func recentSlot(of id: Int) -> Int? {
        let slot = id & (Self.recentActionCapacity - 1)
        guard recentActions[slot].id == id, recentActions[slot].entry >= firstKeptEntry else { return nil }
        return slot
    }

    /// The index of the entry of action `id` of the current scene, if it is among the latest 1,024.
    /// (Small enough to be inlined: a call that is not passes the whole record, about 200 bytes,
    /// copied first.)
    func recentEntry(of id: Int) -> Int? {
        guard let slot = recentSlot(of: id) else { return nil }
        return recentActions[slot].entry
    }

    /// Action `id` of the current scene, if it is among the latest 1,024.
    func recentAction(_ id: Int) -> ActionSummary? {
        guard let slot = recentSlot(of: id) else { return nil }
        let recent = recentActions[slot]
        let entry = self[entry: recent.entry]
        return ActionSummary(
            label: entry.text ?? "", reactor: Int(entry.reactor), step: entry.second >= 0 ? entry.second : nil,
            time: recent.time, scriptLine: entry.third >= 0 ? entry.third : nil)
    }

    /// When action `id` of the current scene was sent, if it is among the latest 1,024.
    func sendTime(of id: Int) -> Duration? {
        recentSlot(of: id).map { recentActions[$0].time }
    }

    /// Adds `change` to the running effects of typed action `id`; returns the new count (nil when
    /// the action is not among the latest, or was not typed).
    mutating func addLiveEffect(to id: Int, by change: Int) -> Int? {
        guard let slot = recentSlot(of: id), self[entry: recentActions[slot].entry].second >= 0 else { return nil }
        recentActions[slot].liveEffects += change
        return recentActions[slot].liveEffects
    }

    /// The line in ``script`` of typed action `id` when effects of it still run.
    func scriptLineWithLiveEffects(of id: Int) -> Int? {
        guard let slot = recentSlot(of: id), recentActions[slot].liveEffects > 0 else { return nil }
        let line = self[entry: recentActions[slot].entry].third
        return line >= 0 ? line : nil
    }

    /// The index of the entry of `:history` step `step`, if it is kept. Steps are numbered in the
    /// order their entries are recorded, so the search goes back from the newest.
    func entryIndex(ofStep step: Int) -> Int? {
        var index = entryCount - 1
        while index >= firstKeptEntry {
            let entry = self[entry: index]
            if entry.kind == .action || entry.kind == .command, entry.second >= 0 {
                if entry.second == step { return index }
                if entry.second < step { return nil }
            }
            index -= 1
        }
        return nil
    }

    /// Whether step `step` was undone and then replaced (false when it is not kept).
    func isAbandoned(step: Int) -> Bool {
        entryIndex(ofStep: step).map { self[entry: $0].isAbandoned } ?? false
    }

    /// Marks step `step` abandoned (undone, then replaced), if it is kept, with the reactors'
    /// states before it (`statesBefore`, from the timeline that drops them now) for the live
    /// view's history.
    mutating func markAbandoned(step: Int, statesBefore: [StateValue?]? = nil) {
        guard let index = entryIndex(ofStep: step) else { return }
        entryRing[index & (Self.entryLimit - 1)].isAbandoned = true
        if let statesBefore { keep(.statesBefore(statesBefore), at: index) }
    }
}
