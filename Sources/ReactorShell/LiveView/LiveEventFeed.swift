import StateDiff

/// The session's events as `--format json` objects, for the live view (SPEC §10): a reader of
/// the session's journal (``SessionJournalReader``) that decides which events the view gets and
/// hands them, as plain values, to the writer into the server's pipe (``LiveFeedWriter``), which
/// makes their JSON text off the main thread. They are handed over a few hundred at a time, and
/// at once when flushed (``flush()``: whenever the session waits, the view shows all there is).
/// The session's own printer, and so the terminal, knows nothing of it; without `--serve` there
/// is no feed, and none of this runs.
///
/// A mutation's JSON Patch is the session's own diff of the reduction (``SessionEvent/changes``:
/// the change reporter describes and diffs each state once, for the terminal and its readers,
/// whole even when `:watch` or `:set diff off` narrow what the terminal shows). A line is written
/// as an `input` event unless it turns out to be a plain action line, whose `action` event names it.
@MainActor
final class LiveEventFeed: ExemptFields<[LiveFeedMessage]>, SessionJournalReader {
    private let writer: LiveFeedWriter
    private let scene: LoadedScene
    /// The messages not handed to the writer yet: the feed's `ExemptFields` (IO/ShellMemory.swift),
    /// without dynamic exclusivity checks (about 90 instructions an event): grown on every event,
    /// main-actor state, never passed `inout` to code that could reach the feed.
    private var messages: [LiveFeedMessage] {
        _read { yield fields }
        _modify { yield &fields }
    }
    /// Whether messages were handed over since the last flush (the writer may hold them).
    private var handedOverUnflushed = false
    /// The line read last, not written yet: written before the next event, unless that event is
    /// the typed action the line sent.
    private var pendingLine: (text: String, origin: LineOrigin)?
    /// The error that reports a failed expectation already written as an `expect` event.
    private var skipsNextError = false
    /// Events written so far (the last one's `seq`).
    private(set) var eventCount = 0
    /// The JSON text of the scene's reactors' names, by index (made again for each scene).
    private var reactorNames: [[UInt8]] = []

    /// How many messages are handed over at a time: the writer's thread wakes once for them.
    private static let batchSize = 256

    /// A feed handing to `writer` the events of a session over `scene`, after `eventsBefore`
    /// events written there already (a live view's catching up).
    init(writer: LiveFeedWriter, scene: LoadedScene, eventsBefore: Int = 0) {
        self.writer = writer
        self.scene = scene
        eventCount = eventsBefore
        var messages: [LiveFeedMessage] = []
        messages.reserveCapacity(Self.batchSize)
        super.init(messages)
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
            send(.action(
                reactorName: reactorName(at: event.reactorIndex), name: sent.command, arguments: sent.arguments,
                origin: sent.origin, step: step))
        case .reduction, .restored:
            writeMutation(of: event)
        case .effect:
            guard let report = event.effectReport, report.traced || report.cancelledBy != nil else { return }
            send(.effect(report))
        case .expectation:
            guard let result = event.expectationResult else { return }
            send(.expectation(result))
            skipsNextError = !result.ok
        case .error(let diagnostic):
            if skipsNextError {
                skipsNextError = false
                return
            }
            send(.error(diagnostic))
        case .sceneLoaded:
            sceneLoaded()
        case .summary(let passed, let failed, let errors):
            send(.summary(passed: passed, failed: failed, errors: errors))
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
        send(.scene(entry: scene.entryName, focus: scene.focusedName, reactors: reactors))
    }

    /// Hands over what is left (a line still pending too) and has the writer put everything into
    /// the pipe.
    func flush() {
        writePendingLine()
        guard !messages.isEmpty || handedOverUnflushed else { return }
        handOver(flush: true)
    }

    /// Queues `message` (the next event) for the writer.
    private func send(_ message: consuming LiveFeedMessage) {
        messages.append(message)
        eventCount += 1
        if messages.count >= Self.batchSize { handOver(flush: false) }
    }

    private func handOver(flush: Bool) {
        // The batch leaves the feed whole (see ``LiveFeedWriter/write(_:flush:)``).
        var batch: [LiveFeedMessage] = []
        batch.reserveCapacity(Self.batchSize)
        swap(&batch, &messages)
        writer.write(consume batch, flush: flush)
        handedOverUnflushed = !flush
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
        send(.input(line: text, origin: origin))
    }

    /// Writes the mutation (or restored state) of `event`, whose reactor is known by its index.
    private func writeMutation(of event: SessionEvent) {
        guard event.reactorIndex >= 0 else { return }
        let reactorName = reactorName(at: event.reactorIndex)
        switch event.kind {
        case .reduction(let label, let cause):
            send(.mutation(reactorName: reactorName, label: label, cause: cause, changes: event.changes))
        case .restored(let label):
            send(.mutation(reactorName: reactorName, label: label, cause: nil, changes: event.changes))
        default:
            return
        }
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
