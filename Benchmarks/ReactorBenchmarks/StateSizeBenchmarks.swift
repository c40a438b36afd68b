// ReactorCore cases whose cost should follow the change, not the state: a board of N posts, one
// post's score edited per action (issue 14), and a counter observed the way the shell observes
// it (a state observer and a runtime-event observer).
import ReactorCore

/// A board whose state is a big array; each action edits one element.
@MainActor
private final class BenchBoard: Reactor {
    struct Post { var id: Int; var title: String; var score: Int }
    struct State { var posts: [Post] }
    enum Action { case setScore(index: Int, score: Int) }
    typealias Mutation = Action

    let initialState: State
    let runtime = ReactorRuntime<BenchBoard>()

    init(count: Int) {
        initialState = State(posts: (0..<count).map { Post(id: $0, title: "post \($0)", score: 0) })
    }

    /// The value-type reducer that changes its consuming argument in place: the runtime holds no
    /// other reference while it runs, so only the edited element is written.
    func reduce(state: consuming State, mutation: Action) -> State {
        switch mutation {
        case .setScore(let index, let score): state.posts[index].score = score
        }
        return state
    }
}

/// The same board with the classic reducer, `reduce(state: State, …)` and `var state = state`,
/// and no observer: whether the optimizer removes the reducer's copy, as it can when it sees the
/// reducer and the runtime holds no other reference.
@MainActor
private final class BenchClassicBoard: Reactor {
    typealias State = BenchBoard.State
    typealias Action = BenchBoard.Action
    typealias Mutation = Action

    let initialState: State
    let runtime = ReactorRuntime<BenchClassicBoard>()

    init(count: Int) {
        initialState = State(posts: (0..<count).map { BenchBoard.Post(id: $0, title: "post \($0)", score: 0) })
    }

    func reduce(state: State, mutation: Action) -> State {
        var state = state
        switch mutation {
        case .setScore(let index, let score): state.posts[index].score = score
        }
        return state
    }
}

/// Per action: one post of N edited. The ratio is to the N = 1,000 case of the same run: O(change)
/// keeps it near 1, a copy of the state per action makes it grow with N.
@MainActor func runStateSizeBenchmarks() {
    var smallest: Double?
    for count in [1_000, 20_000, 100_000] where shouldRun("core: board edit") {
        let board = BenchBoard(count: count)
        let observed = ObservedTotal()
        let token = board.observe { [pointer = observed.pointer] in pointer.pointee &+= $0.posts.count }
        let operations = 2_000
        let nanos = medianNanoseconds(operations: operations) {
            for index in 0..<operations { board.send(.setScore(index: (index &* 7919) % count, score: index)) }
        }
        token.cancel()
        precondition(board.currentState.posts[(1_999 &* 7919) % count].score == 1_999, "board edit lost actions")
        blackHole(observed.value)
        smallest = smallest ?? nanos
        report("core: board edit, N=\(count), 1 observer", nanoseconds: nanos,
               baselineName: "N=1000", baselineNanoseconds: smallest ?? nanos)
    }
    for count in [1_000, 20_000] where shouldRun("core: board edit, classic reducer") {
        let board = BenchClassicBoard(count: count)
        let operations = 2_000
        let nanos = medianNanoseconds(operations: operations) {
            for index in 0..<operations { board.send(.setScore(index: (index &* 7919) % count, score: index)) }
        }
        precondition(board.currentState.posts[(1_999 &* 7919) % count].score == 1_999, "board edit lost actions")
        report("core: board edit, classic reducer, N=\(count)", nanoseconds: nanos,
               baselineName: "reduce in place", baselineNanoseconds: smallest ?? nanos)
    }
}
