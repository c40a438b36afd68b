import Dispatch
import StateDiff
import Synchronization

/// One message of the live feed as its reader on the main actor (``LiveEventFeed``) hands it to
/// the writer (``LiveFeedWriter``): the plain values an event's JSON object is made of, or a line
/// made already.
enum LiveFeedMessage: Sendable {
    /// A typed action, with its log step (`action` event).
    case action(reactorName: [UInt8], name: String, arguments: CommandArguments, origin: LineOrigin, step: Int)
    /// A mutation or a restored state (`mutation` event).
    case mutation(reactorName: [UInt8], label: String, cause: MutationCause?, changes: [StateChange])
    /// A step of an effect, traced or cancelled by another action (`effect` event).
    indirect case effect(EffectReport)
    /// An expectation's outcome (`expect` event).
    indirect case expectation(ExpectationResult)
    /// An error (`error` event).
    case error(Diagnostic)
    /// A line read that is not a plain action line (`input` event).
    case input(line: String, origin: LineOrigin)
    /// A scene loaded, with its reactors' states (`scene` event).
    indirect case scene(entry: String?, focus: String?, reactors: [StateField])
    /// The run's counts (`summary` event).
    case summary(passed: Int, failed: Int, errors: Int)
    /// A line written as it is: an event of the history a view started mid-session catches up
    /// with, or an answer to the server (`!state …`, `!done …`).
    case line(String)
}

/// Writes the live view's messages into the server's pipe (``LiveViewProcess``) off the main
/// thread: the main actor hands them over in batches (``write(_:flush:)``), and a serial queue of
/// this writer's own makes each event's JSON text with the JSON printer's nonisolated part
/// (JSONLinesPrinter+Events.swift) and writes it, in the order handed over, through a 64 KiB
/// buffer. Everything the shell sends the server goes through one writer, so events and answers
/// reach it in the order they were made.
final class LiveFeedWriter: Sendable {
    /// Where the writing runs: a serial dispatch queue, whose thread may block in `write` while
    /// the pipe is full (the Swift cooperative pool's must not).
    private let queue = DispatchQueue(label: "reactor-shell.live-feed")
    /// The batches handed over and not taken by the queue yet. A batch goes in whole and comes out
    /// whole, so the main actor lets go of it before the queue takes it: the queue's thread, not
    /// the main one, frees the messages once written.
    private let inbox = Mutex(Inbox())
    /// The bytes made and not written yet. Used only by blocks on `queue`, one at a time, so the
    /// lock is never contended; it is what lets the compiler see the buffer is not shared.
    private let output: Mutex<PipeOutput>
    /// How many batches may be handed over and not written yet (about 16,000 events, a few MB):
    /// past that, ``write(_:flush:)`` waits until the writer has caught up, so that a server
    /// slower than the session holds it back instead of letting its events pile up in memory.
    private static let maximumUnwritten = 64

    private struct Inbox {
        var batches: [[LiveFeedMessage]] = []
        /// Whether the batches taken next ask to be flushed.
        var flushes = false
        /// The batches handed over and not written yet (in the inbox or being written).
        var unwritten = 0
    }

    /// A writer into `descriptor` (which the caller closes, after ``finish()``).
    init(descriptor: Int32) {
        output = Mutex(PipeOutput(descriptor: descriptor))
    }

    /// Writes `messages` after everything handed over before, without waiting (unless the writer
    /// is ``maximumUnwritten`` batches behind): into the buffer, which goes into the pipe when it
    /// is full, or at once with `flush` (the view shows what is flushed). The queue is woken only
    /// when it has nothing left to take (it takes all there is).
    func write(_ messages: consuming [LiveFeedMessage], flush: Bool) {
        var batch = messages
        let (wasEmpty, isFarBehind) = inbox.withLock { inbox in
            let wasEmpty = inbox.batches.isEmpty
            var handed: [LiveFeedMessage] = []
            swap(&handed, &batch)
            inbox.batches.append(handed)
            inbox.flushes = inbox.flushes || flush
            inbox.unwritten += 1
            return (wasEmpty, inbox.unwritten > Self.maximumUnwritten)
        }
        if wasEmpty { queue.async { [self] in writeHandedOver() } }
        if isFarBehind { queue.sync {} }
    }

    /// Waits until everything handed over so far is in the pipe; what is handed over later is
    /// dropped (the pipe is about to be closed).
    func finish() {
        queue.sync {
            writeHandedOver()
            output.withLock { output in
                output.flush()
                output.isClosed = true
            }
        }
    }

    /// Takes the batches handed over and writes them (on `queue`).
    private func writeHandedOver() {
        var batches: [[LiveFeedMessage]] = []
        let flushes = inbox.withLock { inbox in
            swap(&batches, &inbox.batches)
            defer { inbox.flushes = false }
            return inbox.flushes
        }
        output.withLock { output in
            guard !output.isClosed else { return }
            for batch in batches {
                for message in batch { output.append(message) }
            }
            if flushes { output.flush() }
        }
        let written = batches.count
        batches = []
        inbox.withLock { $0.unwritten -= written }
    }
}

/// The writer's lines into the pipe (``LineBuffer``), with the JSON text of the script named last
/// (every action event names one, nearly always the same).
private struct PipeOutput: ~Copyable {
    private let lines: LineBuffer
    private var source = JSONStringLiteral("")
    /// Set when the writer finished or a write failed (the server is gone): nothing more is written.
    var isClosed = false

    init(descriptor: Int32) {
        lines = LineBuffer(descriptor: descriptor)
    }

    deinit {
        lines.deallocate()
    }

    /// Appends `message`'s line.
    mutating func append(_ message: LiveFeedMessage) {
        switch message {
        case .action(let reactorName, let name, let arguments, let origin, let step):
            if origin.source != source.text { source = JSONStringLiteral(origin.source) }
            JSONLinesPrinter.writeAction(
                reactorName: reactorName, name: name, arguments: arguments, source: source.json, line: origin.line,
                step: step
            ) { appendLine($0) }
        case .mutation(let reactorName, let label, let cause, let changes):
            JSONLinesPrinter.writeMutation(reactorName: reactorName, label: label, cause: cause, changes: changes) {
                appendLine($0)
            }
        case .effect(let report): appendLine(JSONLinesPrinter.effectEvent(report))
        case .expectation(let result): appendLine(JSONLinesPrinter.expectationEvent(result))
        case .error(let diagnostic): appendLine(JSONLinesPrinter.errorEvent(diagnostic))
        case .input(let line, let origin): appendLine(JSONLinesPrinter.inputEvent(line: line, origin: origin))
        case .scene(let entry, let focus, let reactors):
            appendLine(JSONLinesPrinter.sceneEvent(entry: entry, focus: focus, reactors: reactors))
        case .summary(let passed, let failed, let errors):
            appendLine(JSONLinesPrinter.summaryEvent(passed: passed, failed: failed, errors: errors))
        case .line(let text): appendLine(text)
        }
    }

    private mutating func appendLine(_ text: String) {
        appendLine(text.utf8.span)
    }

    /// Appends `line` and a newline (writing the buffer into the pipe when they do not fit; after
    /// a failed write, the batches still being written fail again, and no more are taken).
    private mutating func appendLine(_ line: Span<UInt8>) {
        if lines.appendLine(line) != nil { isClosed = true }
    }

    /// Writes the buffer into the pipe (waiting while the pipe is full).
    mutating func flush() {
        if !isClosed, lines.flush() != nil { isClosed = true }
    }
}
