import BuiltinReactors
import ReactorCore
import Testing
@testable import ReactorShell

/// The board's time-travel history is charged what each action changed, not the list.
@MainActor
@Suite("board history memory")
struct BoardHistoryMemoryTests {
    /// A board of 20,000 posts renamed 2,000 times: each point is charged about one chunk of the
    /// list, not the list, so the whole history stays far below the default budget; and it is
    /// charged what it holds (the same list rebuilt unshared would cost the whole list).
    @Test func aBigBoardsHistoryIsChargedWhatEachRenameChanged() throws {
        let context = SceneContext(scheduler: .virtual(), configuration: ShellConfiguration())
        let service = BoardService()
        for index in 0..<20_000 { try service.create(title: "post \(index)", content: "") }
        let board = BoardReactor(service: service)
        let handle = ReactorHandle(name: "board", reactor: board, commands: BoardReactor.commands, context: context)
        board.send(.refresh)
        #expect(board.currentState.posts.count == 20_000)
        var timeline = Timeline(limit: 10_000, histories: [handle.state.makeHistory()])
        for step in 1...2_000 {
            timeline.willSend(step: step)
            var state = board.currentState
            state.posts[(step * 7_919) % 20_000].title = "renamed \(step)"
            board.restore(state: state)
        }
        let chunk = 32 + 256 * MemoryLayout<Post>.stride
        #expect(timeline.count == 2_000)
        #expect(timeline.storedBytes < 2_000 * (chunk + 2_048 + Timeline.pointOverhead))
        #expect(timeline.storedBytes > 1_999 * chunk / 2)
        let whole = BoardReactor.State(posts: Array(board.currentState.posts))
        let footprint = makeSnapshotFootprint(for: BoardReactor.State.self)
        #expect(footprint.bytes(of: whole, notSharedWith: board.currentState) > 20_000 * MemoryLayout<Post>.stride)
    }
}
