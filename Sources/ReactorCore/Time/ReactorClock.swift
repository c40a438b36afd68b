/// The time source of the runtime: effects' delays and `run` bodies sleep on it.
///
/// All reactors of a scene share one clock through their ``Scheduler``. Two implementations
/// ship with the runtime: ``RealClock`` (wall time) and ``VirtualClock`` (time moves only when
/// told to, so delays cost no wall time and runs are deterministic).
@MainActor
public protocol ReactorClock: AnyObject {
    /// The time elapsed since the clock started.
    var now: Duration { get }

    /// Suspends the calling task for `duration` of this clock's time.
    ///
    /// Throws `CancellationError` when the calling task is cancelled while it sleeps.
    func sleep(for duration: Duration) async throws
}

/// A ``ReactorClock`` that follows wall time (a monotonic `ContinuousClock`).
@MainActor
public final class RealClock: ReactorClock {
    private let base = ContinuousClock()
    private let start: ContinuousClock.Instant

    /// Creates a clock whose ``now`` is zero at creation.
    public init() {
        start = base.now
    }

    /// The wall time elapsed since the clock was created.
    public var now: Duration { base.now - start }

    /// Sleeps for `duration` of wall time.
    public func sleep(for duration: Duration) async throws {
        try await base.sleep(for: duration)
    }
}
