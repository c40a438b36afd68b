@testable import BuiltinReactors
import ReactorCore
import Testing

/// The built-in reactors' arithmetic at the ends of `Int` (SPEC §6: never a trap).
@MainActor
@Suite("built-in arithmetic at Int.max and Int.min")
struct ArithmeticLimitTests {
    @Test func scoresSaturateAtIntMax() {
        #expect(Scoreboard.homeReducer(.max, .homeScore) == .max)
        #expect(Scoreboard.awayReducer(.max, .awayScore) == .max)
        #expect(Scoreboard.homeReducer(.max - 1, .homeScore) == .max)
        #expect(Scoreboard.homeReducer(.min, .homeScore) == .min + 1)
        let store = Scoreboard.makeStore(scheduler: .virtual())
        store.dispatch(.setScore(home: .max, away: .max))
        store.dispatch(.homeScore)
        store.dispatch(.awayScore)
        #expect(store.currentState == Scoreboard.State(home: .max, away: .max))
    }

    @Test func theCounterSaturatesAtBothEnds() {
        let counter = CounterReactor()
        #expect(counter.reduce(state: .init(value: .max), mutation: .increaseValue).value == .max)
        #expect(counter.reduce(state: .init(value: .min), mutation: .decreaseValue).value == .min)
        #expect(counter.reduce(state: .init(value: .max), mutation: .decreaseValue).value == .max - 1)
        #expect(counter.reduce(state: .init(value: .min), mutation: .increaseValue).value == .min + 1)
    }

    @Test func theBoardRefusesAPostAfterTheLastIDInsteadOfTrapping() throws {
        let service = BoardService(lastID: .max - 1)
        #expect(try service.create(title: "last", content: "").id == .max)
        #expect(throws: BoardServiceError.idsExhausted) { try service.create(title: "one more", content: "") }
        #expect(service.posts.map(\.id) == [.max])
        #expect(BoardServiceError.idsExhausted.description.contains("no post id left"))
    }
}
