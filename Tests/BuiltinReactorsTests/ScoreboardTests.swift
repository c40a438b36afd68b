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
            #expect(action.mutationLabel == reflected(action, limit: 200))
            #expect(MutationLabel.describe(action) == action.mutationLabel)
        }
    }
}

/// The label reflection gives `value`, cut to `limit`: what a reactor's own labels must match.
func reflected(_ value: Any, limit: Int) -> String {
    var writer = LabelWriter(limit: limit)
    writer.write(value, depth: 1)  // below depth 0: the custom label is not asked
    return writer.finish()
}

/// The board's own labels are what reflection gives (cut to the same limit).
@Suite("board labels")
struct BoardLabelTests {

    @Test func eachActionAndMutationLabelsItselfAsReflectionWould() {
        let odd = Post(id: 7, title: "say \"hi\"\\\n👋🏽", content: "é\t")
        let many = (1...60).map { Post(id: $0, title: "title \($0)", content: "") }
        let actions: [BoardReactor.Action] = [.refresh, .delete(id: -1), .rename(id: 3, title: "a \"b\"\n"), .rename(id: Int.max, title: "")]
        let mutations: [BoardReactor.Mutation] = [
            .setPosts([]), .setPosts([odd]), .setPosts(many), .insertPost(odd, at: 0), .removePost(id: 9),
            .replacePost(odd), .replacePost(Post(id: 1, title: String(repeating: "x", count: 500), content: "")),
        ]
        for limit in [20, 80, 200] {
            for action in actions {
                #expect(MutationLabel.shortened(action.mutationLabel, limit: limit) == reflected(action, limit: limit))
            }
            for mutation in mutations {
                #expect(MutationLabel.shortened(mutation.mutationLabel, limit: limit) == reflected(mutation, limit: limit))
            }
        }
        #expect(BoardReactor.Mutation.replacePost(odd).mutationLabel == #"replacePost(Post(id: 7, title: "say \"hi\"\\\n👋🏽", content: "é\t"))"#)
    }
}
