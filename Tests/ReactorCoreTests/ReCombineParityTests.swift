import ReactorCore
import Testing

// ReCombine's behaviours that the Store keeps (issue 15): each test states what ReCombine does,
// then checks that the Store does the same.

private enum Tally: Equatable {
    case add(Int), reset, log(String), ping, pong
}

@MainActor
private func tallyStore(effects: [StoreEffect<Int, Tally>] = [], scheduler: Scheduler = Scheduler()) -> Store<Int, Tally> {
    Store(
        reducer: { total, action in
            switch action {
            case .add(let amount): total + amount
            case .reset: 0
            case .log, .ping, .pong: total
            }
        },
        initialState: 0, effects: effects, scheduler: scheduler)
}

@MainActor
struct ReCombineRegisterParityTests {
    /// ReCombine: `register(_:)` returns an `AnyCancellable`; the effect processes actions until it
    /// is cancelled (or released).
    @Test func aRegisteredEffectSeesActionsUntilItsTokenIsCancelled() {
        let store = tallyStore()
        var seen: [Tally] = []
        let token = store.register(.nonDispatching { action, _ in seen.append(action) })
        store.dispatch(.add(1))
        token.cancel()
        store.dispatch(.add(2))
        #expect(seen == [.add(1)])
        #expect(store.currentState == 3)
    }

    @Test func releasingTheTokenEndsTheEffect() {
        let store = tallyStore()
        var seen: [Tally] = []
        var token: ObservationToken? = store.register(.nonDispatching { action, _ in seen.append(action) })
        store.dispatch(.add(1))
        #expect(token?.isActive == true)
        token = nil
        store.dispatch(.add(2))
        #expect(seen == [.add(1)])
    }

    /// Cancelling the registration cancels what the effect still has in flight (ReCombine's
    /// cancellation runs down the effect's publisher chain); its synchronous part ran at once.
    @Test func endingARegistrationCancelsItsEffectsInFlight() async throws {
        let scheduler = Scheduler.virtual()
        let store = tallyStore(scheduler: scheduler)
        let token = store.register(.dispatching { action, _ in
            guard case .add(let amount) = action else { return .none }
            return .concatenate(.just(.log("now \(amount)")), .delay(.milliseconds(100), .just(.add(100))))
        })
        var actions: [Tally] = []
        let events = store.observeRuntimeEvents { event in
            if case .action(_, let action) = event { actions.append(action) }
        }
        store.dispatch(.add(1))
        #expect(actions == [.add(1), .log("now 1")])
        token.cancel()
        try await scheduler.waitUntilQuiescent()
        #expect(actions == [.add(1), .log("now 1")])
        #expect(store.currentState == 1)
        events.cancel()
    }
}

@MainActor
struct ReCombineOrderParityTests {
    /// ReCombine's `dispatch`: reduce, tell the state subscribers, then send the action to the
    /// effects. So a state observer sees the new state before any effect sees the action.
    @Test func stateObserversSeeTheNewStateBeforeEffectsSeeTheAction() {
        var order: [String] = []
        let store = tallyStore(effects: [
            .nonDispatching { action, state in order.append("effect \(action) \(state)") },
        ])
        let token = store.observe { order.append("observer \($0)") }
        let late = store.observe { order.append("late observer \($0)") }
        store.dispatch(.add(2))
        #expect(order == [
            "observer 0", "late observer 0",
            "observer 2", "late observer 2", "effect add(2) 2",
        ])
        token.cancel()
        late.cancel()
    }
}

@MainActor
struct ReCombineMockStoreParityTests {
    /// ReCombine's `MockStore`: dispatched actions are recorded, not reduced; registered effects
    /// see them, and what the effects dispatch is recorded (and seen) in turn; the state is the
    /// one the test sets.
    @Test func aStubbedStoreFeedsRecordedActionsToItsEffects() {
        let store = tallyStore()
        var seen: [String] = []
        let logger = store.register(.nonDispatching { action, state in seen.append("\(action) @\(state)") })
        let responder = store.register(.dispatching(ofType: ActionCase(Tally.ping)) { _, _ in .just(.pong) })
        store.stub.isEnabled = true
        store.stub.state = 40
        store.dispatch(.ping)
        store.dispatch(.add(1))
        #expect(store.stub.actions == [.ping, .pong, .add(1)])
        #expect(seen == ["ping @40", "pong @40", "add(1) @40"])
        #expect(store.currentState == 40)
        logger.cancel()
        responder.cancel()
    }
}

@MainActor
struct ReCombineOfTypeParityTests {
    private let setAmount = ActionCase<Tally, Int> {
        if case .add(let amount) = $0 { amount } else { nil }
    }

    /// ReCombine's `ofType(T.self)`: the effect sees only actions of that type (here, that case),
    /// with its payload.
    @Test func ofTypeSeesOnlyItsCaseWithThePayload() {
        var amounts: [Int] = []
        let store = tallyStore(effects: [
            .nonDispatching(ofType: setAmount) { amount, _ in amounts.append(amount) },
            .dispatching(ofType: setAmount) { amount, _ in amount > 5 ? .just(.log("big \(amount)")) : .none },
        ])
        var logged: [Tally] = []
        let token = store.observeRuntimeEvents { event in
            if case .action(_, let action) = event, case .log = action { logged.append(action) }
        }
        store.dispatch(.add(3))
        store.dispatch(.reset)
        store.dispatch(.add(9))
        #expect(amounts == [3, 9])
        #expect(logged == [.log("big 9")])
        token.cancel()
    }

    /// ReCombine's `ofTypes(A.self, B.self)`: the effect sees actions of any of the types.
    @Test func ofTypesSeesAnyOfItsCases() {
        var seen: [Tally] = []
        let store = tallyStore(effects: [
            .nonDispatching(ofTypes: setAmount, ActionCase(Tally.reset)) { action, _ in seen.append(action) },
        ])
        for action: Tally in [.add(1), .ping, .reset, .log("x"), .add(2)] { store.dispatch(action) }
        #expect(seen == [.add(1), .reset, .add(2)])
    }
}

private struct Wide: Equatable {
    var a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9, j = 10
}

@MainActor
struct ReCombineSelectorParityTests {
    /// ReCombine's `createSelector` takes up to 9 selectors; ours any number, memoized the same way.
    @Test func aSelectorOfTenInputsProjectsAndMemoizes() {
        let a = Selector<Wide, Int>(\.a), b = Selector<Wide, Int>(\.b), c = Selector<Wide, Int>(\.c)
        let d = Selector<Wide, Int>(\.d), e = Selector<Wide, Int>(\.e), f = Selector<Wide, Int>(\.f)
        let g = Selector<Wide, Int>(\.g), h = Selector<Wide, Int>(\.h), i = Selector<Wide, Int>(\.i)
        let j = Selector<Wide, Int>(\.j)
        let sum = createSelector(a, b, c, d, e, f, g, h, i, j) {
            (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int, i: Int, j: Int) -> Int in
            a + b + c + d + e + f + g + h + i + j
        }
        var state = Wide()
        #expect(sum(state) == 55)
        #expect(sum(state) == 55)
        #expect(sum.recomputations == 1)
        state.j = 20
        #expect(sum(state) == 65)
        #expect(sum.recomputations == 2)
    }

    @Test func inputsOfDifferentTypesAndOneInputWork() {
        let count = Selector<[String], Int> { $0.count }
        let first = Selector<[String], String?> { $0.first }
        let label = createSelector(count, first) { count, first in "\(count) from \(first ?? "none")" }
        let doubled = createSelector(count) { $0 * 2 }
        #expect(label(["x", "y"]) == "2 from x")
        #expect(doubled(["x", "y", "z"]) == 6)
        #expect(label(["x", "y"]) == "2 from x")
        #expect(label.recomputations == 1)
    }
}
