import BuiltinReactors
import ReactorCore
import Testing

/// A fetcher whose answers the test decides.
struct ScriptedFetcher: RepositoryFetcher {
    let answer: @Sendable (_ query: String, _ page: Int) throws -> [String]

    func searchRepositories(query: String, page: Int) async throws -> [String] {
        try answer(query, page)
    }
}

/// A non-fetch error whose description spans two lines.
struct TwoLineError: Error, CustomStringConvertible {
    var description: String { "first line\nsecond line" }
}

@MainActor
@Suite("github-search failures")
struct GitHubSearchFailureTests {
    let scheduler = Scheduler.virtual()
    nonisolated static let serverError = RepositoryFetchError(.httpStatus(500), message: "HTTP 500 Internal Server Error from example")

    private func makeSearch(_ answer: @escaping @Sendable (String, Int) throws -> [String]) -> GitHubSearchReactor {
        onScheduler(GitHubSearchReactor(fetcher: ScriptedFetcher(answer: answer)), scheduler)
    }

    @Test func aFailedFirstPageSetsTheErrorAndEmptiesTheResults() async throws {
        let search = makeSearch { query, page in
            if query == "bad" { throw Self.serverError }
            return StubRepositoryFetcher.page(page, of: query)
        }
        search.send(.updateQuery("swift"))
        try await scheduler.waitUntilQuiescent()
        let log = MutationLog(search)

        search.send(.updateQuery("bad"))
        try await scheduler.waitUntilQuiescent()

        #expect(log.mutations == [.setQuery("bad"), .setError(Self.serverError.message), .setRepos([], nextPage: nil)])
        #expect(search.currentState == GitHubSearchReactor.State(query: "bad", lastError: Self.serverError.message))
        #expect(log.effectPhases == ["started", "finished"])
    }

    @Test func aSuccessAfterAFailureClearsTheError() async throws {
        let search = makeSearch { query, page in
            if query == "bad" { throw Self.serverError }
            return StubRepositoryFetcher.page(page, of: query)
        }
        search.send(.updateQuery("bad"))
        try await scheduler.waitUntilQuiescent()
        let log = MutationLog(search)

        search.send(.updateQuery("swift"))
        try await scheduler.waitUntilQuiescent()

        #expect(log.mutations == [.setQuery("swift"), .setRepos(["swift1", "swift2", "swift3"], nextPage: 2), .setError(nil)])
        #expect(search.currentState.lastError == nil)
    }

    @Test func aFailedNextPageKeepsTheResultsAndTheNextPageAndClearsTheFlag() async throws {
        let search = makeSearch { query, page in
            if page == 2 { throw RepositoryFetchError(.timedOut, message: "request timed out after 10 s") }
            return StubRepositoryFetcher.page(page, of: query)
        }
        search.send(.updateQuery("swift"))
        try await scheduler.waitUntilQuiescent()
        let log = MutationLog(search)

        search.send(.loadNextPage)
        try await scheduler.waitUntilQuiescent()

        #expect(log.mutations == [.setLoadingNextPage(true), .setError("request timed out after 10 s"), .setLoadingNextPage(false)])
        #expect(search.currentState.repos == ["swift1", "swift2", "swift3"])
        #expect(search.currentState.nextPage == 2)
    }

    @Test func otherErrorsBecomeAOneLineMessageAndTheReactorKeepsWorking() async throws {
        let search = makeSearch { query, page in
            if query == "odd" { throw TwoLineError() }
            return StubRepositoryFetcher.page(page, of: query)
        }

        search.send(.updateQuery("odd"))
        try await scheduler.waitUntilQuiescent()
        #expect(search.currentState.lastError == "first line second line")

        search.send(.updateQuery("ok"))
        try await scheduler.waitUntilQuiescent()
        #expect(search.currentState.repos == ["ok1", "ok2", "ok3"])
        #expect(search.currentState.lastError == nil)
    }
}
