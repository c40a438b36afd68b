import ReactorCore
import Testing

// A cancellable part of an effect is cancellable by id from the moment the effect is created,
// not only once its task reaches it (issue 15, item 8).

@MainActor
struct EagerCancellationTests {
    /// The search of `concatenate(flag on, search.cancellable(id), flag off)` waits for the
    /// concatenation's task; a cancel sent in the same turn still reaches it, and the part after
    /// it still runs.
    @Test func aCancellablePartOfAConcatenationIsCancelledByIdBeforeItsTaskStarts() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            switch number {
            case 1:
                .concatenate(
                    .just(.add(1)),
                    Effect.run { send in send(.add(10)) }.cancellable(id: "search"),
                    .just(.add(100)))
            default:
                .cancel(id: "search")
            }
        }
        reactor.send(.go(1))
        reactor.send(.go(2))
        try await scheduler.waitUntilQuiescent()
        #expect(reactor.currentState.value == 101)
    }

    /// Nested parts are registered early too: a `cancellable` inside a `merge` inside a
    /// concatenation.
    @Test func aNestedCancellablePartIsRegisteredWhenTheEffectIsCreated() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            switch number {
            case 1:
                .concatenate(
                    .delay(.milliseconds(10), .just(.add(1))),
                    .merge(.just(.add(10)), Effect.run { send in send(.add(100)) }.cancellable(id: "inner")))
            default:
                .cancel(id: "inner")
            }
        }
        reactor.send(.go(1))
        reactor.send(.go(2))
        try await scheduler.waitUntilQuiescent()
        #expect(reactor.currentState.value == 11)
    }

    /// `cancelInFlight` acts when the effect is created: it cancels what runs under the id then,
    /// never an effect created after it whose task happens to start first.
    @Test func cancelInFlightCancelsWhatWasCreatedBeforeNotAfter() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            switch number {
            case 1:
                .delay(.milliseconds(100), .just(.add(1))).cancellable(id: "x")
            case 2:
                .concatenate(
                    .just(.add(10)),
                    Effect.run { send in send(.add(1000)) }.cancellable(id: "x", cancelInFlight: true))
            default:
                .delay(.milliseconds(10), .just(.add(5))).cancellable(id: "x")
            }
        }
        reactor.send(.go(1))
        reactor.send(.go(2))
        reactor.send(.go(3))
        try await scheduler.waitUntilQuiescent()
        #expect(reactor.currentState.value == 1015)
    }

    /// A part whose reservation was cancelled is skipped; the effect's other parts under the same
    /// id that already ran are unaffected, and a part that started is cancelled as before.
    @Test func aPartThatStartedIsCancelledAsBefore() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            switch number {
            case 1:
                .concatenate(
                    .just(.add(1)),
                    Effect.delay(.milliseconds(50), .just(.add(10))).cancellable(id: "x"),
                    .just(.add(100)))
            default:
                .cancel(id: "x")
            }
        }
        reactor.send(.go(1))
        await scheduler.advance(by: .milliseconds(20))
        reactor.send(.go(2))
        try await scheduler.waitUntilQuiescent()
        #expect(reactor.currentState.value == 101)
    }

    /// Logs each effect event of `reactor`: its number, phase, action, cancelling action and
    /// cancellation id.
    private func recordEffects(of reactor: ScriptedReactor) -> (lines: () -> [String], token: ObservationToken) {
        let box = StateBox<String>()
        let token = reactor.observeRuntimeEvents { event in
            guard case .effect(let life) = event else { return }
            var line = "#\(life.effectID) \(life.phase) of \(life.actionID.map(String.init) ?? "-")"
            if let by = life.cancellingActionID { line += " by \(by)" }
            if let id = life.cancellationID { line += " under \(id)" }
            box.states.append(line)
        }
        return ({ box.states }, token)
    }

    /// A part cancelled by id before its effect reached it never runs, yet it is reported: it gets
    /// an effect number of its own when it is cancelled and a `cancelledBeforeStart` event, its
    /// only one, naming its action and the action that cancelled it (SPEC §9.1: the shell shows it).
    @Test func aPartCancelledBeforeItStartsIsReportedAsCancelledWithANumberOfItsOwn() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            switch number {
            case 1:
                .concatenate(
                    .just(.add(1)),
                    Effect.run { send in send(.add(10)) }.cancellable(id: "search"),
                    .just(.add(100)))
            default:
                .merge(.cancel(id: "search"), Effect.run { send in send(.add(1000)) })
            }
        }
        let (lines, token) = recordEffects(of: reactor)
        defer { token.cancel() }
        reactor.send(.go(1))
        reactor.send(.go(2))
        try await scheduler.waitUntilQuiescent()
        #expect(reactor.currentState.value == 1101)
        #expect(lines() == [
            "#1 started of 1",
            "#2 cancelledBeforeStart of 1 by 2 under search",
            "#3 started of 2",
            "#1 finished of 1",
            "#3 finished of 2",
        ])
    }

    /// The parts inside a part that was cancelled before it started never run either: they are
    /// not reported when their own id is cancelled later, and a second cancellation of the same id
    /// reports nothing again.
    @Test func partsInsideAPartCancelledBeforeItStartedAreNotReportedAgain() async throws {
        let scheduler = Scheduler.virtual()
        let reactor = ScriptedReactor(scheduler: scheduler) { number in
            switch number {
            case 1:
                .concatenate(
                    .delay(.milliseconds(10), .just(.add(1))),
                    Effect.concatenate(
                        .just(.add(10)), Effect.run { send in send(.add(100)) }.cancellable(id: "inner")
                    ).cancellable(id: "outer"),
                    .just(.add(1000)))
            case 2:
                .cancel(id: "outer")
            default:
                .merge(.cancel(id: "inner"), .cancel(id: "outer"))
            }
        }
        let (lines, token) = recordEffects(of: reactor)
        defer { token.cancel() }
        reactor.send(.go(1))
        reactor.send(.go(2))
        reactor.send(.go(3))
        try await scheduler.waitUntilQuiescent()
        #expect(reactor.currentState.value == 1001)
        #expect(lines() == [
            "#1 started of 1",
            "#2 cancelledBeforeStart of 1 by 2 under outer",
            "#1 finished of 1",
        ])
    }
}
