import Dispatch
import StateDiff
import Synchronization

/// Writes the live view's lines into the server's pipe (``LiveViewProcess``) off the main thread.
/// The main actor writes them (the events' JSON text, the answers to the server) into a
/// ``LineBuffer`` of the pipe's (an action's and a mutation's event straight into it,
/// ``append(to:object:)``) and, before a line that does not fit, hands it over whole
/// (``append(_:to:)``), or at once when the view is to show what is in it (``write(_:)``): it
/// never writes into the pipe itself. A serial queue of this writer's own flushes each buffer
/// into the pipe, in the order handed over, and keeps it for the lines made next. Handing over
/// copies, retains and frees nothing per line. Everything the shell sends the server goes
/// through one writer, so events and answers reach it in the order handed over.
final class LiveFeedWriter: Sendable {
    /// Where the writing runs: a serial dispatch queue, whose thread may block in `write` while
    /// the pipe is full (the Swift cooperative pool's must not).
    private let queue = DispatchQueue(label: "reactor-shell.live-feed")
    private let descriptor: Int32
    /// The buffers handed over and not written yet, and those written, kept for the next lines.
    private let inbox = Mutex(Inbox())
    /// How many buffers may be handed over and not written yet (4 MB): past that, ``write(_:)``
    /// waits until the writer has caught up, so that a server slower than the session holds it
    /// back instead of letting its events pile up in memory.
    private static let maximumUnwritten = 64

    private struct Inbox {
        var buffers: [LineBuffer] = []
        /// Written buffers of the usual size, empty, for the next lines: as many as may be
        /// unwritten, so that a session that ran ahead of the writer once allocates none after.
        var spare: [LineBuffer] = []
        /// The buffers handed over and not written yet (in the inbox or being written).
        var unwritten = 0
        /// Set when the writer finished or a write failed (the server is gone): nothing more is
        /// written, and the buffers handed over are freed.
        var isClosed = false

        /// Keeps `buffer` (empty) for reuse, or frees it.
        mutating func keep(_ buffer: LineBuffer) {
            if buffer.count == 0, buffer.capacity == LineBuffer.defaultCapacity, spare.count < maximumUnwritten {
                spare.append(buffer)
            } else {
                buffer.deallocate()
            }
        }
    }

    /// A writer into `descriptor` (which the caller closes, after ``finish()``).
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        inbox.withLock { inbox in
            for buffer in inbox.buffers + inbox.spare { buffer.deallocate() }
        }
    }

    /// An empty buffer for the next lines: one written already, or a new one.
    func emptyBuffer() -> LineBuffer {
        inbox.withLock { $0.spare.popLast() } ?? LineBuffer(descriptor: descriptor, capacity: LineBuffer.defaultCapacity)
    }

    /// Appends `line` to `lines`; when it does not fit, hands `lines` over first and goes on in
    /// an empty buffer. A line longer than a buffer is handed over in a buffer of its own.
    func append(_ line: Span<UInt8>, to lines: inout LineBuffer) {
        if !lines.hasRoom(for: line) {
            if lines.count > 0 {
                var full = emptyBuffer()
                swap(&full, &lines)
                write(full)
            }
            if !lines.hasRoom(for: line) {
                let own = LineBuffer(descriptor: descriptor, capacity: line.count + 1)
                _ = own.appendLine(line)
                write(own)
                return
            }
        }
        // Never written out here: there is room (the write happens on the queue).
        _ = lines.appendLine(line)
    }

    /// Appends the JSON object whose fields `write` writes (an event) to `lines` as a line,
    /// straight into what is left of the buffer. One that does not fit there is written again
    /// aside and appended as ``append(_:to:)`` appends a line (`lines` handed over first).
    func append(to lines: inout LineBuffer, object write: (inout JSONObjectWriter) -> Void) {
        if lines.appendLine(writing: { JSONObjectWriter.write(into: &$0, write) }) { return }
        JSONObjectWriter.withObject(write) { append($0, to: &lines) }
    }

    /// Writes the lines of `lines` after everything handed over before, without waiting (unless
    /// the writer is ``maximumUnwritten`` buffers behind); an empty one is only kept for reuse.
    /// The queue is woken only when it has nothing left to take (it takes all there is).
    func write(_ lines: LineBuffer) {
        let (wasEmpty, isFarBehind) = inbox.withLock { inbox in
            if lines.count == 0 {
                inbox.keep(lines)
                return (false, false)
            }
            let wasEmpty = inbox.buffers.isEmpty
            inbox.buffers.append(lines)
            inbox.unwritten += 1
            return (wasEmpty, inbox.unwritten > Self.maximumUnwritten)
        }
        if wasEmpty { queue.async { [self] in writeHandedOver() } }
        if isFarBehind { queue.sync {} }
    }

    /// Writes `lines`, each with a newline, after everything handed over before (the history a
    /// view catches up with, an answer to the server: `!state …`, `!done …`).
    func write(lines: [String]) {
        var buffer = emptyBuffer()
        for line in lines { append(line.utf8.span, to: &buffer) }
        write(buffer)
    }

    /// Waits until everything handed over so far is in the pipe; what is handed over later is
    /// dropped (the pipe is about to be closed).
    func finish() {
        queue.sync {
            writeHandedOver()
            inbox.withLock { $0.isClosed = true }
        }
    }

    /// Takes the buffers handed over and writes them (on `queue`): each is kept for reuse, or
    /// freed once the pipe is closed.
    private func writeHandedOver() {
        var buffers: [LineBuffer] = []
        var isClosed = inbox.withLock { inbox in
            swap(&buffers, &inbox.buffers)
            return inbox.isClosed
        }
        for buffer in buffers where !isClosed {
            if buffer.flush() != nil { isClosed = true }
        }
        inbox.withLock { inbox in
            inbox.unwritten -= buffers.count
            inbox.isClosed = inbox.isClosed || isClosed
            for buffer in buffers { inbox.keep(buffer) }
        }
    }
}
