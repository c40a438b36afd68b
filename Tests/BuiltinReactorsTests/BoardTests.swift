import BuiltinReactors
import ReactorCore
import Testing

@MainActor
@Suite("board and write")
struct BoardTests {
    let scheduler = Scheduler.virtual()
    let service = BoardService()

    private func makeBoard() -> BoardReactor { onScheduler(BoardReactor(service: service), scheduler) }
    private func makeWrite() -> WriteReactor { onScheduler(WriteReactor(service: service), scheduler) }

    private func submit(_ write: WriteReactor, title: String, content: String = "") async throws {
        write.send(.updateTitle(title))
        write.send(.updateContent(content))
        write.send(.submit)
        try await scheduler.waitUntilQuiescent()
    }

    @Test func theServiceStartsEmptyAndNumbersPostsInCreationOrder() throws {
        #expect(service.posts.isEmpty)
        let first = try service.create(title: "a", content: "")
        let second = try service.create(title: "b", content: "x")
        #expect(first.id == 1)
        #expect(second == Post(id: 2, title: "b", content: "x"))
        #expect(service.posts.map(\.id) == [2, 1])
    }

    @Test func submitCreatesThePostDismissesTheEditorAndTheBoardHearsIt() async throws {
        let board = makeBoard()
        let boardLog = MutationLog(board)
        _ = board.currentState  // sets the pipeline up, subscribing to the service's events
        let write = makeWrite()
        let writeLog = MutationLog(write)

        try await submit(write, title: "Hello", content: "World")

        let post = Post(id: 1, title: "Hello", content: "World")
        #expect(board.currentState.posts == [post])
        #expect(boardLog.mutations == [.insertPost(post, at: 0)])
        #expect(boardLog.causedByAction == [false])
        #expect(writeLog.mutations == [.setTitle("Hello"), .setContent("World"), .dismiss])
        #expect(write.currentState == WriteReactor.State(title: "Hello", content: "World", canSubmit: true, isDismissed: true))
    }

    @Test func newPostsGoToTheTopWithIncreasingIds() async throws {
        let board = makeBoard()
        _ = board.currentState
        for title in ["one", "two", "three"] {
            try await submit(makeWrite(), title: title)
        }
        #expect(board.currentState.posts.map(\.id) == [3, 2, 1])
        #expect(board.currentState.posts.map(\.title) == ["three", "two", "one"])
    }

    @Test func deleteOnlyAsksTheServiceAndTheRemovalArrivesAsAnEvent() async throws {
        let board = makeBoard()
        _ = board.currentState
        try service.create(title: "one", content: "")
        try service.create(title: "two", content: "")
        let log = MutationLog(board)

        board.send(.delete(id: 1))
        try await scheduler.waitUntilQuiescent()

        #expect(board.currentState.posts.map(\.id) == [2])
        #expect(service.posts.map(\.id) == [2])
        #expect(log.mutations == [.removePost(id: 1)])
        #expect(log.causedByAction == [false])
    }

    @Test func deletingAnUnknownPostFailsThatEffectOnlyAndChangesNothing() async throws {
        let board = makeBoard()
        try service.create(title: "one", content: "")
        board.send(.refresh)
        let log = MutationLog(board)

        board.send(.delete(id: 42))
        try await scheduler.waitUntilQuiescent()

        #expect(log.mutations.isEmpty)
        #expect(log.effectPhases == ["started", "failed: no post with id 42"])
        #expect(board.currentState.posts.map(\.id) == [1])
        board.send(.delete(id: 1))
        try await scheduler.waitUntilQuiescent()
        #expect(board.currentState.posts.isEmpty)
    }

    @Test func renameAsksTheServiceWhichBroadcastsTheUpdateAndTheBoardReplacesThePostInPlace() async throws {
        let board = makeBoard()
        _ = board.currentState
        for title in ["one", "two", "three"] { try service.create(title: title, content: "c\(title)") }
        let log = MutationLog(board)

        board.send(.rename(id: 2, title: "deux"))
        try await scheduler.waitUntilQuiescent()

        let renamed = Post(id: 2, title: "deux", content: "ctwo")
        #expect(log.mutations == [.replacePost(renamed)])
        #expect(log.causedByAction == [false])
        #expect(board.currentState.posts.map(\.id) == [3, 2, 1])
        #expect(board.currentState.posts[1] == renamed)
        #expect(service.posts[1] == renamed)
    }

    @Test func renamingAnUnknownPostOrToABlankTitleFailsThatEffectOnlyAndChangesNothing() async throws {
        let board = makeBoard()
        try service.create(title: "one", content: "")
        board.send(.refresh)
        let log = MutationLog(board)

        board.send(.rename(id: 42, title: "x"))
        try await scheduler.waitUntilQuiescent()
        board.send(.rename(id: 1, title: "  "))
        try await scheduler.waitUntilQuiescent()

        #expect(log.mutations.isEmpty)
        #expect(log.effectPhases == [
            "started", "failed: no post with id 42", "started", "failed: cannot rename post 1: the title is blank",
        ])
        #expect(board.currentState.posts == [Post(id: 1, title: "one", content: "")])
        #expect(service.posts == [Post(id: 1, title: "one", content: "")])
        board.send(.rename(id: 1, title: "uno"))
        try await scheduler.waitUntilQuiescent()
        #expect(board.currentState.posts.map(\.title) == ["uno"])
    }

    @Test func refreshLoadsWhatTheServiceHoldsNewestFirst() throws {
        try service.create(title: "old", content: "")
        try service.create(title: "new", content: "")
        let board = makeBoard()

        board.send(.refresh)

        #expect(board.currentState.posts.map(\.title) == ["new", "old"])
    }

    @Test func twoBoardsOnOneServiceBothHearEveryEvent() async throws {
        let first = makeBoard()
        let second = makeBoard()
        _ = (first.currentState, second.currentState)

        try await submit(makeWrite(), title: "shared")

        #expect(first.currentState.posts.map(\.title) == ["shared"])
        #expect(second.currentState.posts.map(\.title) == ["shared"])
    }

    @Test(arguments: ["", "   ", " \n\t "])
    func submitIsIgnoredWhileTheTitleIsBlank(title: String) async throws {
        let write = makeWrite()
        write.send(.updateTitle(title))
        write.send(.updateContent("body"))
        #expect(write.currentState.canSubmit == false)

        write.send(.submit)
        try await scheduler.waitUntilQuiescent()

        #expect(service.posts.isEmpty)
        #expect(write.currentState.isDismissed == false)
    }

    @Test func canSubmitFollowsTheTitle() {
        let write = makeWrite()
        #expect(write.currentState.canSubmit == false)
        write.send(.updateTitle(" x "))
        #expect(write.currentState.canSubmit)
        write.send(.updateTitle(" "))
        #expect(write.currentState.canSubmit == false)
        write.send(.updateContent("content alone is not enough"))
        #expect(write.currentState.canSubmit == false)
    }
}
