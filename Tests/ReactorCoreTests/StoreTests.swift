import Testing
import ReactorCore

/// ReCombine's scoreboard.
enum ScoreAction: Equatable {
    case homeScore, awayScore, resetScore
    case setScore(home: Int, away: Int)
}

struct Score: Equatable {
    var home = 0
    var away = 0
}

private func homeReducer(_ home: Int, _ action: ScoreAction) -> Int {
    switch action {
    case .homeScore: home + 1
    case .resetScore: 0
    case .setScore(let value, _): value
    case .awayScore: home
    }
}

private func awayReducer(_ away: Int, _ action: ScoreAction) -> Int {
    switch action {
    case .awayScore: away + 1
    case .resetScore: 0
    case .setScore(_, let value): value
    case .homeScore: away
    }
}

@MainActor
struct StoreTests {
    private func scoreboard(effects: [StoreEffect<Score, ScoreAction>] = [], scheduler: Scheduler = Scheduler()) -> Store<Score, ScoreAction> {
        Store(
            reducer: combineReducers(forKey(\Score.home, homeReducer), forKey(\Score.away, awayReducer)),
            initialState: Score(),
            effects: effects,
            scheduler: scheduler
        )
    }

    @Test func forKeyLiftsReducersOntoTheirPropertyAndTheStoreReducesActions() {
        let store = scoreboard()
        store.dispatch(.homeScore)
        store.dispatch(.homeScore)
        store.send(.awayScore)
        #expect(store.currentState == Score(home: 2, away: 1))
        store.dispatch(.setScore(home: 3, away: 7))
        #expect(store.currentState == Score(home: 3, away: 7))
        store.dispatch(.resetScore)
        #expect(store.currentState == Score())
    }

    @Test func combineReducersRunsLeftToRightOnThePreviousResult() {
        let append: (String) -> ReducerFn<String, Int> = { letter in { state, _ in state + letter } }
        let double: ReducerFn<String, Int> = { state, _ in state + state }
        let combined = combineReducers(append("a"), double, append("b"))
        #expect(combined("", 0) == "aab")
        #expect(combineReducers(double, append("a"))("x", 0) == "xxa")
    }

    @Test func effectsSeeEachActionAfterItsStateIsReduced() {
        var seen: [String] = []
        let store = scoreboard(effects: [
            .nonDispatching { action, state in seen.append("\(action) \(state.home)-\(state.away)") },
        ])
        store.dispatch(.homeScore)
        store.dispatch(.awayScore)
        #expect(seen == ["homeScore 1-0", "awayScore 1-1"])
    }

    @Test func dispatchedActionsAreQueuedBreadthFirstNeverDepthFirst() {
        var reduced: [String] = []
        let store = Store<[String], String>(
            reducer: { state, action in
                reduced.append(action)
                return state + [action]
            },
            initialState: [],
            effects: [
                .dispatching { action, _ in
                    switch action {
                    case "A": .sequence(["B", "C"])
                    case "B": .just("D")
                    default: .none
                    }
                },
            ]
        )
        store.dispatch("A")
        #expect(reduced == ["A", "B", "C", "D"])
        #expect(store.currentState == ["A", "B", "C", "D"])
    }

    @Test func anAsynchronousEffectDispatchesLater() async throws {
        let scheduler = Scheduler.virtual()
        let store = scoreboard(effects: [
            .dispatching { action, _ in
                action == .homeScore ? .delay(.seconds(1), .just(.awayScore)) : .none
            },
        ], scheduler: scheduler)
        store.dispatch(.homeScore)
        #expect(store.currentState == Score(home: 1, away: 0))
        try await scheduler.waitUntilQuiescent()
        #expect(store.currentState == Score(home: 1, away: 1))
        #expect(scheduler.clock.now == .seconds(1))
    }

    @Test func selectEmitsOnlyDistinctValues() {
        let store = scoreboard()
        var homes: [Int] = []
        let token = store.select(\.home) { homes.append($0) }
        defer { token.cancel() }
        store.dispatch(.awayScore)
        store.dispatch(.homeScore)
        store.dispatch(.awayScore)
        store.dispatch(.setScore(home: 1, away: 0))
        store.dispatch(.resetScore)
        #expect(homes == [0, 1, 0])
    }

    @Test func aMemoizedSelectorRecomputesOnlyWhenAnInputChanges() {
        let home = Selector<Score, Int>(\.home)
        let away = Selector<Score, Int>(\.away)
        let total = createSelector(home, away) { $0 + $1 }
        let label = createSelector(total) { "total \($0)" }
        #expect(label(Score(home: 1, away: 2)) == "total 3")
        #expect(label(Score(home: 1, away: 2)) == "total 3")
        #expect(label(Score(home: 2, away: 1)) == "total 3")
        #expect(total.recomputations == 2)
        #expect(label.recomputations == 1)
        #expect(label(Score(home: 2, away: 2)) == "total 4")
        #expect(total.recomputations == 3)
        #expect(label.recomputations == 2)
    }

    @Test func selectWithAMemoizedSelectorFollowsTheStore() {
        let store = scoreboard()
        let lead = createSelector(Selector<Score, Int>(\.home), Selector<Score, Int>(\.away)) { $0 - $1 }
        var leads: [Int] = []
        let token = store.select(lead) { leads.append($0) }
        defer { token.cancel() }
        store.dispatch(.homeScore)
        store.dispatch(.awayScore)
        store.dispatch(.homeScore)
        #expect(leads == [0, 1, 0, 1])
    }

    @Test func theStorePlugsIntoRuntimeEventsLikeAReactor() {
        let store = scoreboard()
        var log: [String] = []
        let token = store.observeRuntimeEvents { event in
            switch event {
            case .action(_, let action): log.append("action \(action)")
            case .reduction(_, let mutation, let state): log.append("reduce \(mutation) \(state.home)")
            case .effect: break
            }
        }
        defer { token.cancel() }
        store.dispatch(.homeScore)
        #expect(log == ["action homeScore", "reduce homeScore 1"])
    }
}
