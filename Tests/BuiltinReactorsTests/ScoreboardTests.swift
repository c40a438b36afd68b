@testable import ReactorShell
import BuiltinReactors
import ReactorCore
import Testing

@MainActor
@Suite("scoreboard")
struct ScoreboardTests {
    @Test func eachScoreReducerReactsToItsOwnActionsOnly() {
        #expect(Scoreboard.homeReducer(2, .homeScore) == 3)
        #expect(Scoreboard.homeReducer(2, .awayScore) == 2)
        #expect(Scoreboard.homeReducer(2, .resetScore) == 0)
        #expect(Scoreboard.homeReducer(2, .setScore(home: 7, away: 1)) == 7)
        #expect(Scoreboard.awayReducer(2, .awayScore) == 3)
        #expect(Scoreboard.awayReducer(2, .homeScore) == 2)
        #expect(Scoreboard.awayReducer(2, .resetScore) == 0)
        #expect(Scoreboard.awayReducer(2, .setScore(home: 7, away: 1)) == 1)
    }

    @Test func theCombinedReducerLiftsEachReducerOntoItsKey() {
        let reducer = Scoreboard.reducer
        let state = Scoreboard.State(home: 1, away: 4)
        #expect(reducer(state, .homeScore) == Scoreboard.State(home: 2, away: 4))
        #expect(reducer(state, .awayScore) == Scoreboard.State(home: 1, away: 5))
        #expect(reducer(state, .setScore(home: 3, away: 2)) == Scoreboard.State(home: 3, away: 2))
        #expect(reducer(state, .resetScore) == Scoreboard.State())
    }

    @Test func theStoreReducesDispatchedActionsAndReportsThemAsItsMutations() {
        let store = Scoreboard.makeStore(scheduler: .virtual())
        let log = MutationLog(store)

        store.dispatch(.homeScore)
        store.dispatch(.homeScore)
        store.dispatch(.awayScore)
        #expect(store.currentState == Scoreboard.State(home: 2, away: 1))

        store.dispatch(.setScore(home: 5, away: 3))
        #expect(store.currentState == Scoreboard.State(home: 5, away: 3))
        store.dispatch(.resetScore)
        #expect(store.currentState == Scoreboard.State(home: 0, away: 0))
        #expect(log.mutations == [.homeScore, .homeScore, .awayScore, .setScore(home: 5, away: 3), .resetScore])
    }
}

/// The scoreboard's own labels are what reflection gives.
@Suite("scoreboard labels")
struct ScoreboardLabelTests {
    @Test func eachActionLabelsItselfAsReflectionWould() {
        let actions: [Scoreboard.Action] = [
            .homeScore, .awayScore, .resetScore, .setScore(home: 3, away: 1),
            .setScore(home: -7, away: Int.max), .setScore(home: Int.min, away: 0),
        ]
        for action in actions {
            var writer = LabelWriter(limit: 200)
            writer.write(action, depth: 1)  // below depth 0: the custom label is not asked
            #expect(action.mutationLabel == writer.finish())
            #expect(MutationLabel.describe(action) == action.mutationLabel)
        }
    }
}
