/// Every event the shell has sent, in order, numbered from 1 (an event's `seq`), and the
/// streams waiting for the next ones.
///
/// Events are kept as the shell wrote them, in one ``EventBatch``; `seq` is put in when they are
/// served, so a reconnecting client can ask for everything after the last one it saw.
public actor EventLog {
    private var events = EventBatch()
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0

    /// An empty log.
    public init() {}

    /// The number of the last event (0 when there is none).
    public var lastSequenceNumber: Int { events.count }

    /// Appends `batch` (in order) and wakes the streams waiting for events.
    public func append(contentsOf batch: EventBatch) {
        guard !batch.isEmpty else { return }
        events.append(contentsOf: batch)
        let woken = waiters
        waiters = [:]
        for waiter in woken.values { waiter.resume() }
    }

    /// The events numbered `range` (clamped to those that exist), each with its `seq` put in,
    /// as the elements of a JSON array (`{…},{…}`).
    public func jsonArrayElements(in range: ClosedRange<Int>) -> [UInt8] {
        let lower = max(range.lowerBound, 1), upper = min(range.upperBound, events.count)
        var text: [UInt8] = []
        guard lower <= upper else { return text }
        for seq in lower...upper {
            if seq > lower { text.append(UInt8(ascii: ",")) }
            appendEvent(seq, to: &text)
        }
        return text
    }

    /// Server-Sent Events text for the events after `seq`, at most about `limit` bytes (at least
    /// one event), and the number of the last one included. Waits for a new event when there is
    /// none yet, or until `timeout` passes (then returns a comment line, to keep the connection
    /// alive and find out whether the client left).
    public func serverSentEvents(after seq: Int, limit: Int, timeout: Duration) async -> (text: [UInt8], last: Int) {
        if seq >= events.count {
            let id = nextWaiter
            nextWaiter += 1
            let expiry = Task { [weak self] in
                try? await Task.sleep(for: timeout)
                await self?.expire(id)
            }
            await withCheckedContinuation { waiters[id] = $0 }
            expiry.cancel()
            if seq >= events.count { return (Array(": keep-alive\n\n".utf8), seq) }
        }
        var text: [UInt8] = []
        text.reserveCapacity(limit + 1024)
        var last = seq
        while last < events.count && (text.isEmpty || text.count < limit) {
            last += 1
            text.append(contentsOf: "id: ".utf8)
            text.append(contentsOf: String(last).utf8)
            text.append(contentsOf: "\ndata: ".utf8)
            appendEvent(last, to: &text)
            text.append(contentsOf: "\n\n".utf8)
        }
        return (text, last)
    }

    private func expire(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume()
    }

    /// Appends event `seq` with its number put in: `{"seq":N,` and the rest of its object
    /// (`{"seq":N}` for an empty object).
    private func appendEvent(_ seq: Int, to text: inout [UInt8]) {
        Self.appendWithSequenceNumber(seq, events[seq - 1], to: &text)
    }

    /// Appends `json` (an object's text) to `text` with `"seq":N` as its first field.
    static func appendWithSequenceNumber(_ seq: Int, _ json: ArraySlice<UInt8>, to text: inout [UInt8]) {
        text.append(contentsOf: "{\"seq\":".utf8)
        text.append(contentsOf: String(seq).utf8)
        let rest = json.dropFirst()
        if let first = rest.first(where: { $0 != 32 }), first != UInt8(ascii: "}") { text.append(UInt8(ascii: ",")) }
        text.append(contentsOf: rest)
    }
}
