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
}
