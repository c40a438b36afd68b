import Synchronization

/// The pool of encoding sessions: `StateValue(encoding:)` takes one out for the length of a call.
///
/// Two slots taken with an atomic exchange serve the usual one or two encodings at a time; more
/// wait in a locked list. Sessions are kept for good (with what they learned about types), so there
/// are at most as many as there were encodings under way at once.
extension EncodingSession {
    // The pool owns one retain of each session it holds; `acquire()` hands that retain to
    // the caller and `relinquish(_:)` gives it back.
    private static let firstSlot = Atomic<Unmanaged<EncodingSession>?>(nil)
    private static let secondSlot = Atomic<Unmanaged<EncodingSession>?>(nil)
    private static let spares = Mutex<[Unmanaged<EncodingSession>]>([])

    /// A session for the calling thread's exclusive use until `relinquish(_:)`.
    private static func acquire() -> Unmanaged<EncodingSession> {
        if let session = firstSlot.exchange(nil, ordering: .acquiring) { return session }
        if let session = secondSlot.exchange(nil, ordering: .acquiring) { return session }
        if let session = spares.withLock({ $0.popLast() }) { return session }
        return Unmanaged.passRetained(EncodingSession())
    }

    /// Runs `body` with a session of the pool, for the calling thread's exclusive use.
    static func withSession<Result>(_ body: (EncodingSession) throws -> Result) rethrows -> Result {
        let session = acquire()
        defer { relinquish(session) }
        return try session._withUnsafeGuaranteedRef(body)
    }

    /// Returns a session to the pool.
    private static func relinquish(_ session: Unmanaged<EncodingSession>) {
        if firstSlot.compareExchange(expected: nil, desired: session, ordering: .releasing).exchanged { return }
        if secondSlot.compareExchange(expected: nil, desired: session, ordering: .releasing).exchanged { return }
        spares.withLock { $0.append(session) }
    }
}
