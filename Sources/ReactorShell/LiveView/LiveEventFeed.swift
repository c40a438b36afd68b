import StateDiff

/// The session's events as `--format json` objects, for the live view (SPEC §10): a reader of
/// the session's journal (``SessionJournalReader``) that decides which events the view gets and
/// writes their JSON text, with the JSON printer's nonisolated part (JSONLinesPrinter+Events.swift),
/// into a buffer of lines (``LineBuffer``) that goes to the writer into the server's pipe
/// (``LiveFeedWriter``) whole: when it is full, and at once when flushed (``flush()``: whenever the
/// session waits, the view shows all there is). The writer's thread only writes the pipe.
/// The session's own printer, and so the terminal, knows nothing of it; without `--serve` there
/// is no feed, and none of this runs.
///
/// A mutation's JSON Patch is the session's own diff of the reduction (``SessionEvent/changes``:
/// the change reporter describes and diffs each state once, for the terminal and its readers,
/// whole even when `:watch` or `:set diff off` narrow what the terminal shows). A line is written
/// as an `input` event unless it turns out to be a plain action line, whose `action` event names it.
@MainActor
final class LiveEventFeed: ExemptFields<LineBuffer>, SessionJournalReader {
    private let writer: LiveFeedWriter
    private let scene: LoadedScene
    /// The lines not handed to the writer yet: the feed's `ExemptFields` (IO/ShellMemory.swift),
    /// without dynamic exclusivity checks: written on every event, main-actor state, passed
    /// `inout` only to the writer, which cannot reach the feed.
    private var lines: LineBuffer {
        _read { yield fields }
        _modify { yield &fields }
    }
    /// The line read last, not written yet: written before the next event, unless that event is
    /// the typed action the line sent.
    private var pendingLine: (text: String, origin: LineOrigin)?
    /// The error that reports a failed expectation already written as an `expect` event.
    private var skipsNextError = false
    /// Events written so far (the last one's `seq`).
    private(set) var eventCount = 0
    /// The scene's reactors' names as the events write them, by index (made again for each
    /// scene, on its first event that names a reactor).
    private var reactorNames: [JSONReactorName] = []
    /// The JSON text of the script named last (every action event names one, nearly always the same).
    private var source = JSONStringLiteral("")

    /// A feed handing to `writer` the events of a session over `scene`, after `eventsBefore`
    /// events written there already (a live view's catching up).
    init(writer: LiveFeedWriter, scene: LoadedScene, eventsBefore: Int = 0) {
        self.writer = writer
        self.scene = scene
        eventCount = eventsBefore
        super.init(writer.emptyBuffer())
    }

    deinit {
        // What was not flushed goes into the pipe too (unless the writer finished).
        writer.write(fields)
    }

    func read(_ event: SessionEvent) {
        // Nearly always no line is pending (a plain action line is told by its action alone): the
        // pending line is settled before the event is looked at, so that no branch below calls out
        // between reading the event's payload and writing it.
        if pendingLine != nil { settlePendingLine(before: event) }
        switch event.kind {
        case .line(let text, let origin):
            pendingLine = (text, origin)
        case .action(_, _, let step):
            // A typed action stands for its line (a plain action line); one an effect dispatched
            // is not an event of its own.
            guard let step, case .sent(let sent)? = event.detail, event.reactorIndex >= 0 else { return }
            writeAction(
                reactorName: reactorName(at: event.reactorIndex), name: sent.command, arguments: sent.arguments,
                origin: sent.origin, step: step)
        case .reduction, .restored:
            writeMutation(of: event)
        case .effect:
            guard let report = event.effectReport, report.traced || report.cancelledBy != nil else { return }
            writeEffect(report)
        case .expectation:
            guard let result = event.expectationResult else { return }
            writeExpectation(result)
            skipsNextError = !result.ok
        case .error(let diagnostic):
            if skipsNextError {
                skipsNextError = false
                return
            }
            writeError(diagnostic)
        case .sceneLoaded:
            sceneLoaded()
        case .summary(let passed, let failed, let errors):
            writeSummary(passed: passed, failed: failed, errors: errors)
        }
    }

    /// Writes the scene: a `scene` event with the entry's name, the focus and each reactor's whole
    /// state (`{"event":"scene","entry":"board","focus":"board","reactors":{…}}`), to which the
    /// mutations that follow apply.
    func sceneLoaded() {
        writePendingLine()
        reactorNames = []
        var reactors: [StateField] = []
        for reactor in scene.reactors {
            reactors.append(StateField(reactor.name, (try? reactor.state.value()) ?? .null))
        }
        writeScene(entry: scene.entryName, focus: scene.focusedName, reactors: reactors)
    }

    /// Hands over what is left (a line still pending too): the writer puts it into the pipe at once.
    func flush() {
        writePendingLine()
        guard lines.count > 0 else { return }
        var full = writer.emptyBuffer()
        swap(&full, &lines)
        writer.write(full)
    }

    // MARK: The events, one function a kind (each writes one line)

    /// An `action` event: a typed action of the reactor `reactorName`, with its log step.
    func writeAction(reactorName: JSONReactorName, name: String, arguments: CommandArguments, origin: LineOrigin, step: Int) {
        if origin.source != source.text { source = JSONStringLiteral(origin.source) }
        let source = source.json
        emit {
            JSONLinesPrinter.writeAction(
                reactorName: reactorName, name: name, arguments: arguments, source: source, line: origin.line, step: step,
                to: &$0)
        }
    }

    /// A `mutation` event (a reduction or a restored state).
    func writeMutation(reactorName: JSONReactorName, label: String, cause: MutationCause?, changes: [StateChange]) {
        emit { JSONLinesPrinter.writeMutation(reactorName: reactorName, label: label, cause: cause, changes: changes, to: &$0) }
    }

    /// An `effect` event: a step of an effect, traced or cancelled by another action.
    func writeEffect(_ report: EffectReport) { emit(JSONLinesPrinter.effectEvent(report)) }
    /// An `expect` event.
    func writeExpectation(_ result: ExpectationResult) { emit(JSONLinesPrinter.expectationEvent(result)) }
    /// An `error` event.
    func writeError(_ diagnostic: Diagnostic) { emit(JSONLinesPrinter.errorEvent(diagnostic)) }
    /// An `input` event: a line read that is not a plain action line.
    func writeInput(line: String, origin: LineOrigin) { emit(JSONLinesPrinter.inputEvent(line: line, origin: origin)) }

    /// A `scene` event: a scene loaded, with its reactors' states.
    func writeScene(entry: String?, focus: String?, reactors: [StateField]) {
        emit(JSONLinesPrinter.sceneEvent(entry: entry, focus: focus, reactors: reactors))
    }

    /// A `summary` event: the run's counts.
    func writeSummary(passed: Int, failed: Int, errors: Int) {
        emit(JSONLinesPrinter.summaryEvent(passed: passed, failed: failed, errors: errors))
    }

    private func emit(_ text: String) {
        emit(text.utf8.span)
    }

    /// Writes `line`, the next event's JSON text, into the buffer (handed over when full).
    private func emit(_ line: Span<UInt8>) {
        writer.append(line, to: &lines)
        eventCount += 1
    }

    /// Writes the next event, whose fields `write` writes, straight into the buffer (handed over
    /// when full).
    private func emit(object write: (inout JSONObjectWriter) -> Void) {
        writer.append(to: &lines, object: write)
        eventCount += 1
    }

    /// Before `event`: the pending line is dropped when `event` is the typed action of that line
    /// (a plain action line, told by its action), else written (a meta command that wrote no
    /// event, `:set trace on`, is not taken for the action line after it).
    private func settlePendingLine(before event: SessionEvent) {
        if case .action(_, _, _?) = event.kind, event.reactorIndex >= 0, case .sent(let sent)? = event.detail,
           pendingLine?.origin == sent.origin
        {
            pendingLine = nil
        } else {
            writePendingLine()
        }
    }

    private func writePendingLine() {
        guard let (text, origin) = pendingLine else { return }
        pendingLine = nil
        // A blank line shows nothing; a comment is narration.
        if text.utf8.allSatisfy({ $0 == 32 || $0 == 9 }) { return }
        writeInput(line: text, origin: origin)
    }

    /// Writes the mutation (or restored state) of `event`, whose reactor is known by its index.
    private func writeMutation(of event: SessionEvent) {
        guard event.reactorIndex >= 0 else { return }
        let reactorName = reactorName(at: event.reactorIndex)
        switch event.kind {
        case .reduction(let label, let cause):
            writeMutation(reactorName: reactorName, label: label, cause: cause, changes: event.changes)
        case .restored(let label):
            writeMutation(reactorName: reactorName, label: label, cause: nil, changes: event.changes)
        default:
            return
        }
    }

    /// The name of the scene's reactor `index` as the events write it: read once per scene and kept,
    /// so that an event does not copy (retain and release) its reactor to name it. Only a scene
    /// loaded changes the reactors, and the feed reads that (``sceneLoaded()`` forgets the names):
    /// an event's look-up does not compare with the scene's reactors.
    /// (Small enough to be inlined into ``read(_:)``: the names are made in a function of their own.)
    private func reactorName(at index: Int) -> JSONReactorName {
        if index >= reactorNames.count { nameReactors() }
        return reactorNames[index]
    }

    /// Makes the names of the scene's reactors as the events write them.
    private func nameReactors() {
        reactorNames = scene.reactors.map { JSONReactorName($0.name) }
    }
}
