import StateDiff

/// The session's events as `--format json` objects, for the live view (SPEC §10): a reader of
/// the session's journal (``SessionJournalReader``) that writes each event it reads into `sink`,
/// the server's pipe (``LiveViewProcess``) or an HTML export's capture, through the one JSON
/// printer. The session's own printer, and so the terminal, knows nothing of it; without
/// `--serve` there is no feed, and none of this runs.
///
/// A mutation's JSON Patch is the session's own diff of the reduction (``SessionEvent/changes``:
/// the change reporter describes and diffs each state once, for the terminal and its readers,
/// whole even when `:watch` or `:set diff off` narrow what the terminal shows). A line is written
/// as an `input` event unless it turns out to be a plain action line, whose `action` event names it.
@MainActor
final class LiveEventFeed: SessionJournalReader {
    private let printer: JSONLinesPrinter
    private let scene: LoadedScene
    /// The line read last, not written yet: written before the next event, unless that event is
    /// the typed action the line sent.
    private var pendingLine: (text: String, origin: LineOrigin)?
    /// The error that reports a failed expectation already written as an `expect` event.
    private var skipsNextError = false
    /// Events written so far (the last one's `seq`).
    private(set) var eventCount = 0
    /// The JSON text of the scene's reactors' names, by index (made again for each scene).
    private var reactorNames: [[UInt8]] = []

    /// A feed writing into `sink` the events of a session over `scene`, after `eventsBefore`
    /// events written there already (a live view's catching up).
    init(sink: OutputSink, scene: LoadedScene, eventsBefore: Int = 0) {
        printer = JSONLinesPrinter(sink: sink)
        self.scene = scene
        eventCount = eventsBefore
    }

    /// Where the events go.
    var sink: OutputSink { printer.sink }

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
            printer.action(
                reactorName: reactorName(at: event.reactorIndex), name: sent.command, arguments: sent.arguments,
                origin: sent.origin, step: step)
            eventCount += 1
        case .reduction, .restored:
            writeMutation(of: event)
        case .effect:
            guard let report = event.effectReport, report.traced || report.cancelledBy != nil else { return }
            printer.effect(report)
            eventCount += 1
        case .expectation:
            guard let result = event.expectationResult else { return }
            printer.expectation(result)
            eventCount += 1
            skipsNextError = !result.ok
        case .error(let diagnostic):
            if skipsNextError {
                skipsNextError = false
                return
            }
            printer.error(diagnostic)
            eventCount += 1
        case .sceneLoaded:
            sceneLoaded()
        case .summary(let passed, let failed, let errors):
            printer.summary(passed: passed, failed: failed, errors: errors)
            eventCount += 1
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
        printer.scene(entry: scene.entryName, focus: scene.focusedName, reactors: reactors)
        eventCount += 1
    }

    /// Writes what is left to write (a line still pending) and hands it to the sink's descriptor.
    func flush() {
        writePendingLine()
        sink.flush()
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
        printer.echo(prompt: "", line: text, origin: origin)
        eventCount += 1
    }

    /// Writes the mutation (or restored state) of `event`, whose reactor is known by its index.
    private func writeMutation(of event: SessionEvent) {
        guard event.reactorIndex >= 0 else { return }
        let reactorName = reactorName(at: event.reactorIndex)
        switch event.kind {
        case .reduction(let label, let cause):
            printer.mutation(reactorName: reactorName, label: label, cause: cause, changes: event.changes)
        case .restored(let label):
            printer.mutation(reactorName: reactorName, label: label, cause: nil, changes: event.changes)
        default:
            return
        }
        eventCount += 1
    }

    /// The JSON text of the name of the scene's reactor `index`: read once per scene and kept,
    /// so that an event does not copy (retain and release) its reactor to name it.
    private func reactorName(at index: Int) -> [UInt8] {
        if index >= reactorNames.count || reactorNames.count != scene.reactors.count {
            reactorNames = scene.reactors.map { JSONStringLiteral($0.name).json }
        }
        return reactorNames[index]
    }
}
