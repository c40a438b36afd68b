import StateDiff

/// The live view's events of a session so far, read from its ``SessionRecord`` (nothing runs
/// again): what `:serve` started mid-session begins with, and what `:save --html` and
/// `run --html` put in the page. They are the events the live feed (``LiveEventFeed``) writes
/// when the view runs from the start, in the same order, so that they get the same `seq`: the
/// lines (but a plain action line, which its action's event stands for), the typed actions with
/// their steps, the mutations with their causes, the steps of time travel and resets, the effects
/// cancelled by another action, the expectations (passed or failed) and the errors, each scene
/// loaded with its reactors' states, and the steps of effects traced (`:set trace on`).
///
/// A mutation's JSON Patch is the change of its reactor's state between the two states the
/// session still knows around it: those the timelines keep before each typed step (the current
/// one's, those `:reset` and `:use` replaced, as far as their memory budget goes, and an abandoned
/// step's, kept when time travel dropped it), each scene's states when it was loaded and when the
/// next replaced it, the states around each step of time travel, a reactor's states between two
/// of its mutations in one step (``IntermediateStates``, kept by the reactor, or by the record once
/// its scene ended), and the states now. So each mutation gets the patch the live feed wrote;
/// where a state is not known (past those bounds), a reactor's last mutation before the next
/// known state carries the whole change and the earlier ones an empty patch.
@MainActor
struct LiveHistory {
    /// The record read.
    private let record: SessionRecord
    /// The reactors' states before typed step N of the current scene, when the timeline keeps them.
    private let statesBeforeStep: (Int) -> [StateValue?]?
    /// The state of the current scene's reactor (by index) right before mutation entry N, when
    /// the reactor kept it (it followed another of its mutations in its step).
    private let stateBeforeMutation: (Int, Int) -> StateValue?
    /// The reactors' states now.
    private let currentStates: [StateValue?]

    /// A history of `record`, whose current scene's states before a step are `statesBeforeStep`'s,
    /// before a mutation `stateBeforeMutation`'s, and now `currentStates`.
    init(
        record: SessionRecord, statesBeforeStep: @escaping (Int) -> [StateValue?]?,
        stateBeforeMutation: @escaping (Int, Int) -> StateValue?, currentStates: [StateValue?]
    ) {
        self.record = record
        self.statesBeforeStep = statesBeforeStep
        self.stateBeforeMutation = stateBeforeMutation
        self.currentStates = currentStates
    }

    /// The events as `--format json` objects, ending with a `summary` event when `summary` is
    /// given (an export; not a live view that goes on).
    func events(summary: (passed: Int, failed: Int, errors: Int)? = nil) -> [String] {
        var events: [String] = []
        let capture = OutputSink()
        capture.interceptor = { events.append($0) }
        var writer = Writer(record: record, patches: patches(), printer: JSONLinesPrinter(sink: capture))
        writer.write()
        if let summary {
            writer.writePendingLine()
            writer.printer.summary(passed: summary.passed, failed: summary.failed, errors: summary.errors)
        }
        writer.writePendingLine()
        return events
    }

    /// The JSON Patch of each mutation and step of time travel kept, by entry index (see the type's
    /// description).
    private func patches() -> [Int: [StateChange]] {
        var patches: [Int: [StateChange]] = [:]
        let sceneBefore = record.sceneBeforeKeptEntries
        var known: [StateValue?] = sceneBefore >= 0 ? record.scenes[sceneBefore].states : []
        var sceneIndex = sceneBefore
        // The last mutation of each reactor since its state was last known, by reactor index.
        var lastChange: [Int: Int] = [:]
        func change(from old: StateValue?, to new: StateValue?) -> [StateChange]? {
            guard let new else { return nil }
            guard let old else { return [StateChange(path: StatePath(), kind: .replace, oldValue: nil, newValue: new)] }
            return diff(old, new)
        }
        // Reactor `reactor`'s state is known to be `state` now.
        func settle(_ reactor: Int, at state: StateValue?) {
            if let entry = lastChange.removeValue(forKey: reactor) {
                patches[entry] = change(from: reactor < known.count ? known[reactor] : nil, to: state)
            }
            while known.count <= reactor { known.append(nil) }
            known[reactor] = state
        }
        func settle(at states: [StateValue?]) {
            for reactor in Set(lastChange.keys).union(states.indices) where reactor < states.count {
                settle(reactor, at: states[reactor])
            }
            lastChange = [:]
        }
        for index in record.firstKeptEntry..<record.entryCount {
            let entry = record[entry: index]
            switch entry.kind {
            case .scene:
                let scene = record.scenes[entry.first]
                guard scene.isLoad else { continue }
                if sceneIndex >= 0 { settle(at: record.scenes[sceneIndex].endStates) }
                lastChange = [:]
                known = scene.states
                sceneIndex = entry.first
            case .action where entry.second >= 0:
                if let states = statesBeforeStep(entry.second) ?? statesBeforeAbandonedStep(at: index) { settle(at: states) }
            case .travel:
                // A step of time travel knows the states around it.
                guard case .travel(let before, let after)? = record.details[index] else { fallthrough }
                settle(Int(entry.reactor), at: before)
                patches[index] = change(from: before, to: after)
                known[Int(entry.reactor)] = after
            case .mutation:
                // The state before it, when it followed another mutation of its reactor in its step.
                let reactor = Int(entry.reactor)
                if case .stateBefore(let before)? = record.details[index] {
                    settle(reactor, at: before)
                } else if let before = stateBeforeMutation(index, reactor) {
                    settle(reactor, at: before)
                }
                lastChange[reactor] = index
            default:
                continue
            }
        }
        settle(at: currentStates)
        return patches
    }

    /// The states before the abandoned step whose entry is `index`, kept when time travel dropped them.
    private func statesBeforeAbandonedStep(at index: Int) -> [StateValue?]? {
        guard record[entry: index].isAbandoned, case .statesBefore(let states)? = record.details[index] else { return nil }
        return states
    }

    /// Writes the events of the record's entries in order, as the live feed does.
    @MainActor
    private struct Writer {
        let record: SessionRecord
        let patches: [Int: [StateChange]]
        let printer: JSONLinesPrinter
        /// The line read last, not written yet: written before the next event, unless that event
        /// is the typed action the line sent.
        private var pendingLine: SessionInput.Line?
        /// Where the last line came from (a typed action's event names it).
        private var lineOrigin = LineOrigin(source: "<stdin>", line: 0)
        /// The failure that reports a failed expectation already written as an `expect` event.
        private var skipsNextFailure = false
        /// A failed effect's step traced, written after the error that reports it (as the live
        /// feed gets them).
        private var failedEffect: EffectReport?
        /// The scene the entries are in.
        private var scene: SessionRecord.Scene?
        /// Its reactors' names as JSON text.
        private var reactorNames: [JSONReactorName] = []
        /// Its actions by id: their reactors, labels and steps (typed ones), for the causes.
        private var actions: [Int: (reactor: Int, label: String, step: Int?)] = [:]

        init(record: SessionRecord, patches: [Int: [StateChange]], printer: JSONLinesPrinter) {
            self.record = record
            self.patches = patches
            self.printer = printer
            let before = record.sceneBeforeKeptEntries
            if before >= 0 { enter(record.scenes[before]) }
        }

        mutating func write() {
            let lines = record.lines.lines
            for index in record.firstKeptEntry..<record.entryCount {
                let entry = record[entry: index]
                if entry.kind != .failure { writeFailedEffect() }
                switch entry.kind {
                case .line:
                    guard entry.first < lines.count else { continue }
                    writePendingLine()
                    let line = lines[entry.first]
                    lineOrigin = line.origin
                    // The line that starts the view is not part of what it shows.
                    if !Self.isServeLine(line.text) { pendingLine = line }
                case .scene:
                    let scene = record.scenes[entry.first]
                    guard scene.isLoad else { continue }
                    writePendingLine()
                    enter(scene)
                    var reactors: [StateField] = []
                    for (index, name) in scene.reactors.enumerated() {
                        reactors.append(StateField(name, (index < scene.states.count ? scene.states[index] : nil) ?? .null))
                    }
                    printer.scene(entry: scene.entry, focus: scene.focus, reactors: reactors)
                case .action:
                    writeAction(entry)
                case .mutation:
                    writePendingLine()
                    writeMutation(entry, at: index, cause: cause(of: entry))
                case .travel:
                    writePendingLine()
                    writeMutation(entry, at: index, cause: nil)
                case .effectCancelled, .effectTraced:
                    writePendingLine()
                    if let report = shownEffect(at: index) { printer.effect(report) }
                case .effectFailed:
                    writePendingLine()
                    failedEffect = shownEffect(at: index)
                case .expectation:
                    writePendingLine()
                    guard case .expectation(let result)? = record.details[index] else { continue }
                    printer.expectation(result)
                    skipsNextFailure = !result.ok
                case .failure:
                    writePendingLine()
                    if skipsNextFailure {
                        skipsNextFailure = false
                    } else if case .diagnostic(let diagnostic)? = record.details[index] {
                        printer.error(diagnostic)
                    }
                    writeFailedEffect()
                case .command, .noMutation, .echo:
                    continue
                }
            }
            writeFailedEffect()
        }

        /// The report of the effect step of entry `index`, when the live feed writes it: a
        /// cancellation by another action, or any step while tracing.
        private func shownEffect(at index: Int) -> EffectReport? {
            guard case .effect(let report)? = record.details[index], report.traced || report.cancelledBy != nil else { return nil }
            return report
        }

        /// Writes the failed effect's step waiting for its error, if any.
        private mutating func writeFailedEffect() {
            guard let report = failedEffect else { return }
            failedEffect = nil
            printer.effect(report)
        }

        /// Writes the line still pending, unless blank.
        mutating func writePendingLine() {
            guard let line = pendingLine else { return }
            pendingLine = nil
            if line.text.utf8.allSatisfy({ $0 == 32 || $0 == 9 }) { return }
            printer.echo(prompt: "", line: line.text, origin: line.origin)
        }

        private mutating func enter(_ scene: SessionRecord.Scene) {
            self.scene = scene
            reactorNames = scene.reactors.map { JSONReactorName($0) }
            actions = [:]
        }

        private func reactorName(_ index: Int32) -> JSONReactorName {
            Int(index) < reactorNames.count ? reactorNames[Int(index)] : JSONReactorName("reactor #\(index)")
        }

        /// An action: a typed one (with its step) is written, standing for its line; one an
        /// effect dispatched is only noted for the causes.
        private mutating func writeAction(_ entry: SessionRecord.Entry) {
            guard entry.first >= 0 else { return }  // a typed action its stubbed reactor never processed
            let label = entry.text ?? ""
            actions[entry.first] = (Int(entry.reactor), label, entry.second >= 0 ? entry.second : nil)
            guard entry.second >= 0, let sent = record.script[entry.third]?.action else { return writePendingLine() }
            pendingLine = nil
            // An action without arguments or reactor prefix is kept as its command alone.
            printer.action(
                reactorName: reactorName(entry.reactor), name: sent.command, arguments: sent.arguments ?? CommandArguments([]),
                origin: lineOrigin, step: entry.second)
        }

        private func writeMutation(_ entry: SessionRecord.Entry, at index: Int, cause: MutationCause?) {
            printer.mutation(
                reactorName: reactorName(entry.reactor), label: entry.text ?? "", cause: cause, changes: patches[index] ?? [])
        }

        /// The cause of a mutation entry, with its action named as the live feed names it.
        private func cause(of entry: SessionRecord.Entry) -> MutationCause {
            let actionID = entry.first >= 0 ? entry.first : nil
            let action = actionID.flatMap { actions[$0] }
            let reactors = scene?.reactors ?? []
            return MutationCause(
                origin: SessionRecord.causeOrigins[entry.third], step: action?.step, actionID: actionID,
                effectID: entry.second >= 0 ? entry.second : nil, actionLabel: action?.label,
                actionReactor: reactors.count > 1 && (action?.reactor ?? .max) < reactors.count ? reactors[action!.reactor] : nil,
                isShown: true)
        }

        private static func isServeLine(_ line: String) -> Bool {
            let trimmed = line.trimmingBlanks
            return trimmed == ":serve" || trimmed.hasPrefix(":serve ") || trimmed.hasPrefix(":serve\t")
        }
    }
}
