import ReactorCore
import Testing

/// Puts `reactor` on `scheduler` (before its first use) and returns it.
@MainActor
func onScheduler<R: Reactor>(_ reactor: R, _ scheduler: Scheduler) -> R {
    reactor.runtime.scheduler = scheduler
    return reactor
}

/// Records each mutation a reactor reduces, with the scheduler's clock time when it was reduced.
@MainActor
final class MutationLog<R: Reactor> {
    private(set) var entries: [(time: Duration, mutation: R.Mutation, actionID: Int?)] = []
    private(set) var effectPhases: [String] = []
    private var token: ObservationToken?

    init(_ reactor: R) {
        let clock = reactor.scheduler.clock
        token = reactor.observeRuntimeEvents { [weak self] event in
            switch event {
            case .reduction(let actionID, let mutation, _):
                self?.entries.append((clock.now, mutation, actionID))
            case .effect(let effect):
                switch effect.phase {
                case .started: self?.effectPhases.append("started")
                case .finished: self?.effectPhases.append("finished")
                case .cancelled: self?.effectPhases.append("cancelled")
                case .cancelledBeforeStart: self?.effectPhases.append("cancelled before it started")
                case .failed(let error): self?.effectPhases.append("failed: \(error)")
                }
            case .action:
                break
            }
        }
    }

    /// The mutations, in order.
    var mutations: [R.Mutation] { entries.map(\.mutation) }

    /// For each mutation, whether an action's effect sent it (false: a merged external source).
    var causedByAction: [Bool] { entries.map { $0.actionID != nil } }

    /// The clock times of the mutations, in order.
    var times: [Duration] { entries.map(\.time) }
}

/// Polls `condition` on the wall clock every 5 ms, on the caller's actor; fails the test after
/// 10 s rather than hanging.
func waitUntil(
    isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("the condition did not hold within 10 s", sourceLocation: sourceLocation)
            return
        }
        try await Task.sleep(for: .milliseconds(5))
    }
}
