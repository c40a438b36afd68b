import Foundation
import Synchronization

/// Every event the shell has sent, in order, numbered from 1 (an event's `seq`), and the
/// streams waiting for the next ones.
///
/// Events are kept as the Server-Sent Events text that serves them (``EventStreamText``), made
/// once as they arrive, so a reconnecting client can ask for everything after the last one it saw,
/// and a stream that keeps up is handed that text itself. The shell's messages are read on a
/// thread of their own, which frames each read's events (``EventFramer``) and adds them to the log
/// at once, waking the waiting streams once a read; the streams read it from the tasks' pool; a
/// lock keeps the two apart, held only to add a read's framed events or to take some.
public final class EventLog: Sendable {
    private struct State {
        var text = EventStreamText()
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
        /// Whether the keep-alive task runs (while streams wait).
        var ticking = false
    }

    private let state = Mutex(State())
    /// The writer's side: events are numbered and framed under this lock, not under ``state``'s,
    /// which the streams take; it is held until they are added, so that appends keep their order.
    private let framer = Mutex(EventFramer())
    private let keepAlive: Duration

    /// An empty log whose waiting streams are sent a keep-alive comment every `keepAlive`.
    public init(keepAlive: Duration = .seconds(15)) {
        self.keepAlive = keepAlive
    }

    /// The number of the last event (0 when there is none).
    public var lastSequenceNumber: Int { state.withLock { $0.text.count } }

    /// Appends the events in `lines` (JSON objects, one a line) and wakes the streams waiting for
    /// events. The shell's other messages, lines that start with `!`, are not events: they are
    /// returned, in order, without their `!` (empty lines are skipped).
    public func append(lines: ArraySlice<UInt8>) -> [String] {
        var lineBreaks: [Int] = []
        lines.appendIndices(of: 10, to: &lineBreaks)
        var messages: [String] = [], objects: [Range<Int>] = []
        objects.reserveCapacity(lineBreaks.count + 1)
        var start = lines.startIndex
        for index in 0...lineBreaks.count {
            let end = index < lineBreaks.count ? lineBreaks[index] : lines.endIndex
            if start == end {
                // A blank line, or nothing after the last line break.
            } else if lines[start] == UInt8(ascii: "!") {
                messages.append(String(decoding: lines[(start + 1)..<end], as: UTF8.self))
            } else {
                objects.append(start..<end)
            }
            start = end + 1
        }
        let woken = framer.withLock { framer in
            let runs = framer.frame(objects, of: lines)
            return state.withLock { state in
                for run in runs { state.text.append(run) }
                defer { state.waiters = [:] }
                return state.waiters
            }
        }
        for waiter in woken.values { waiter.resume() }
        return messages
    }

    /// The events numbered `range` (clamped to those that exist), each with its `seq` put in,
    /// as the elements of a JSON array (`{…},{…}`).
    public func jsonArrayElements(in range: ClosedRange<Int>) -> [UInt8] {
        state.withLock { state in
            let lower = max(range.lowerBound, 1), upper = min(range.upperBound, state.text.count)
            var elements: [UInt8] = []
            guard lower <= upper else { return elements }
            for seq in lower...upper {
                if seq > lower { elements.append(UInt8(ascii: ",")) }
                elements.append(contentsOf: state.text.object(seq))
            }
            return elements
        }
    }

    /// Server-Sent Events text for the events after `lastSeen` (all when it is 0 or less), at most
    /// about `limit` bytes (at least one event; fewer where the log's memory holds no more in one
    /// piece), shared with the log, not copied, and the number of the last one included. Waits for
    /// a new event when there is none yet; when none comes before the next keep-alive tick, returns
    /// a comment line instead (to keep the connection alive and find out whether the client left).
    public func serverSentEvents(after lastSeen: Int, limit: Int) async -> (text: Data, last: Int) {
        // A negative number asks for every event (none would ever come after it: the stream
        // would be woken at once, again and again, for a keep-alive comment).
        let seq = max(lastSeen, 0)
        if let ready = state.withLock({ $0.text.text(after: seq, limit: limit) }) { return ready }
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            // An event that came meanwhile wakes it at once; else the next event or tick does.
            let (arrived, startsTicking) = state.withLock { state in
                if state.text.count > seq { return (true, false) }
                state.waiters[state.nextWaiter] = waiter
                state.nextWaiter += 1
                defer { state.ticking = true }
                return (false, !state.ticking)
            }
            if arrived { waiter.resume() }
            if startsTicking { tick() }
        }
        return state.withLock({ $0.text.text(after: seq, limit: limit) }) ?? (Data(": keep-alive\n\n".utf8), seq)
    }

    /// Wakes the waiting streams every ``keepAlive`` until none waits: one task for all of them,
    /// so that waiting costs a stream no timer of its own.
    private func tick() {
        Task { [weak self, keepAlive] in
            while true {
                try? await Task.sleep(for: keepAlive)
                guard let self else { return }
                let woken = self.state.withLock { state in
                    defer { state.waiters = [:] }
                    if state.waiters.isEmpty { state.ticking = false }
                    return state.waiters
                }
                if woken.isEmpty { return }
                for waiter in woken.values { waiter.resume() }
            }
        }
    }
}
