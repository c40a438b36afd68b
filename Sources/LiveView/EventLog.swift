/// Every event the shell has sent, in order, numbered from 1 (an event's `seq`), and the
/// streams waiting for the next ones.
///
/// Events are kept as the shell wrote them (one JSON object's UTF-8 text each); `seq` is put in
/// when they are served, so a reconnecting client can ask for everything after the last one it saw.
public actor EventLog {
    private var events: [[UInt8]] = []
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0

    /// An empty log.
    public init() {}

    /// The number of the last event (0 when there is none).
    public var lastSequenceNumber: Int { events.count }

    /// Appends `batch` (JSON objects, in order) and wakes the streams waiting for them.
    public func append(contentsOf batch: [[UInt8]]) {
        guard !batch.isEmpty else { return }
        events.append(contentsOf: batch)
        let woken = waiters
        waiters = [:]
        for waiter in woken.values { waiter.resume() }
    }

    /// The events numbered `range` (clamped to those that exist), each with its `seq` put in.
    public func events(in range: ClosedRange<Int>) -> [[UInt8]] {
        let lower = max(range.lowerBound, 1), upper = min(range.upperBound, events.count)
        guard lower <= upper else { return [] }
        return (lower...upper).map { Self.withSequenceNumber($0, events[$0 - 1]) }
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
        var last = seq
        while last < events.count && (text.isEmpty || text.count < limit) {
            last += 1
            text += Array("id: \(last)\ndata: ".utf8)
            text += Self.withSequenceNumber(last, events[last - 1])
            text += [10, 10]
        }
        return (text, last)
    }

    private func expire(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume()
    }

    /// `{"seq":N,` followed by the rest of the object `json` (`{"seq":N}` for an empty object).
    static func withSequenceNumber(_ seq: Int, _ json: [UInt8]) -> [UInt8] {
        var result = Array("{\"seq\":\(seq)".utf8)
        let rest = json.dropFirst()
        if let first = rest.first(where: { $0 != 32 }), first != UInt8(ascii: "}") { result.append(UInt8(ascii: ",")) }
        result += rest
        return result
    }
}
