import BuiltinReactors
import ReactorCore
import Testing

@MainActor
@Suite("github-search with the stub fetcher")
struct GitHubSearchReactorTests {
    let scheduler = Scheduler.virtual()

    private func makeSearch() -> GitHubSearchReactor {
        onScheduler(GitHubSearchReactor(fetcher: StubRepositoryFetcher(clock: scheduler.clock)), scheduler)
    }

    @Test func theStubServesThreePagesOfThreeThenNothing() {
        #expect(StubRepositoryFetcher.page(1, of: "swift") == ["swift1", "swift2", "swift3"])
        #expect(StubRepositoryFetcher.page(2, of: "swift") == ["swift4", "swift5", "swift6"])
        #expect(StubRepositoryFetcher.page(3, of: "swift") == ["swift7", "swift8", "swift9"])
        #expect(StubRepositoryFetcher.page(4, of: "swift") == [])
        #expect(StubRepositoryFetcher.page(0, of: "swift") == [])
    }

    @Test func updateQuerySetsTheQueryAtOnceAndPageOneAfter300Milliseconds() async throws {
        let search = makeSearch()
        let log = MutationLog(search)

        search.send(.updateQuery("swift"))
        #expect(log.mutations == [.setQuery("swift")])
        await scheduler.advance(by: .milliseconds(299))
        #expect(search.currentState.repos == [])

        await scheduler.advance(by: .milliseconds(1))
        #expect(log.mutations == [.setQuery("swift"), .setRepos(["swift1", "swift2", "swift3"], nextPage: 2)])
        #expect(log.times == [.zero, .milliseconds(300)])
        #expect(search.currentState == GitHubSearchReactor.State(query: "swift", repos: ["swift1", "swift2", "swift3"], nextPage: 2))
    }

    @Test func aNewerQueryCancelsTheSearchInFlightWhoseResultIsNeverApplied() async throws {
        let search = makeSearch()
        let log = MutationLog(search)

        search.send(.updateQuery("sw"))
        await scheduler.advance(by: .milliseconds(100))
        search.send(.updateQuery("swift"))
        try await scheduler.waitUntilQuiescent()

        #expect(log.mutations == [.setQuery("sw"), .setQuery("swift"), .setRepos(["swift1", "swift2", "swift3"], nextPage: 2)])
        #expect(log.times.last == .milliseconds(400))
        #expect(log.effectPhases.filter { $0 == "cancelled" }.count == 1)
    }

    @Test func aNewerQuerySentInTheSameTurnAlsoWins() async throws {
        let search = makeSearch()
        let log = MutationLog(search)

        search.send(.updateQuery("sw"))
        search.send(.updateQuery("swift"))
        try await scheduler.waitUntilQuiescent()

        #expect(log.mutations == [.setQuery("sw"), .setQuery("swift"), .setRepos(["swift1", "swift2", "swift3"], nextPage: 2)])
    }

    @Test(arguments: [nil, ""] as [String?])
    func anEmptyOrNilQueryClearsTheResultsWithoutARequest(query: String?) async throws {
        let search = makeSearch()
        search.send(.updateQuery("swift"))
        try await scheduler.waitUntilQuiescent()
        let log = MutationLog(search)

        search.send(.updateQuery(query))

        #expect(log.mutations == [.setQuery(query), .setRepos([], nextPage: nil)])
        #expect(scheduler.isQuiescent)
        #expect(log.effectPhases.isEmpty)
        #expect(search.currentState == GitHubSearchReactor.State(query: query, repos: [], nextPage: nil))
    }

    @Test func anEmptyQueryCancelsTheSearchInFlight() async throws {
        let search = makeSearch()
        search.send(.updateQuery("swift"))
        await scheduler.advance(by: .milliseconds(100))
        search.send(.updateQuery(""))
        try await scheduler.waitUntilQuiescent()

        #expect(search.currentState.repos == [])
        #expect(search.currentState.query == "")
    }

    @Test func loadNextPageAppendsPagesUntilAnEmptyPageEndsThem() async throws {
        let search = makeSearch()
        let log = MutationLog(search)
        search.send(.updateQuery("swift"))
        try await scheduler.waitUntilQuiescent()

        search.send(.loadNextPage)
        #expect(search.currentState.isLoadingNextPage)
        try await scheduler.waitUntilQuiescent()
        #expect(search.currentState.repos == (1...6).map { "swift\($0)" })
        #expect(search.currentState.nextPage == 3)
        #expect(search.currentState.isLoadingNextPage == false)

        search.send(.loadNextPage)
        try await scheduler.waitUntilQuiescent()
        #expect(search.currentState.repos.count == 9)
        #expect(search.currentState.nextPage == 4)

        search.send(.loadNextPage)
        try await scheduler.waitUntilQuiescent()
        #expect(search.currentState.repos.count == 9)
        #expect(search.currentState.nextPage == nil)

        #expect(Array(log.mutations.suffix(3)) == [
            .setLoadingNextPage(true), .appendRepos([], nextPage: nil), .setLoadingNextPage(false),
        ])
    }

    @Test func loadNextPageIsIgnoredWhenThereIsNoNextPage() async throws {
        let search = makeSearch()
        let log = MutationLog(search)

        search.send(.loadNextPage)
        #expect(log.mutations.isEmpty)

        search.send(.updateQuery(nil))
        search.send(.loadNextPage)
        #expect(log.mutations == [.setQuery(nil), .setRepos([], nextPage: nil)])
        #expect(scheduler.isQuiescent)
    }

    @Test func loadNextPageIsIgnoredWhileAPageIsLoading() async throws {
        let search = makeSearch()
        search.send(.updateQuery("swift"))
        try await scheduler.waitUntilQuiescent()
        let log = MutationLog(search)

        search.send(.loadNextPage)
        await scheduler.advance(by: .milliseconds(100))
        search.send(.loadNextPage)
        try await scheduler.waitUntilQuiescent()

        #expect(log.mutations == [
            .setLoadingNextPage(true),
            .appendRepos(["swift4", "swift5", "swift6"], nextPage: 3),
            .setLoadingNextPage(false),
        ])
    }

    @Test func aNewerQueryCancelsANextPageLoadAndTheFlagIsStillCleared() async throws {
        let search = makeSearch()
        search.send(.updateQuery("swift"))
        try await scheduler.waitUntilQuiescent()
        let log = MutationLog(search)

        search.send(.loadNextPage)
        await scheduler.advance(by: .milliseconds(100))
        search.send(.updateQuery("rx"))
        try await scheduler.waitUntilQuiescent()

        #expect(log.mutations == [
            .setLoadingNextPage(true),
            .setQuery("rx"),
            .setLoadingNextPage(false),
            .setRepos(["rx1", "rx2", "rx3"], nextPage: 2),
        ])
        #expect(search.currentState.isLoadingNextPage == false)
        #expect(search.currentState.repos == ["rx1", "rx2", "rx3"])
    }

    /// The load's search waits behind `setLoadingNextPage(true)` in a concatenation whose task has
    /// not started when the newer query cancels it: the runtime registered the search's id when
    /// the effect was created, so the cancel reaches it (no page of the old query is appended)
    /// and the flag is still lowered.
    @Test func aNewerQueryInTheSameTurnCancelsALoadWhoseTaskHasNotStarted() async throws {
        let search = makeSearch()
        search.send(.updateQuery("swift"))
        try await scheduler.waitUntilQuiescent()
        let log = MutationLog(search)

        search.send(.loadNextPage)
        search.send(.updateQuery("rx"))
        try await scheduler.waitUntilQuiescent()

        #expect(log.mutations == [
            .setLoadingNextPage(true),
            .setQuery("rx"),
            .setLoadingNextPage(false),
            .setRepos(["rx1", "rx2", "rx3"], nextPage: 2),
        ])
    }

    @Test func aNewerQuerySentInTheSameTurnAsALoadCancelsItToo() async throws {
        let search = makeSearch()
        search.send(.updateQuery("swift"))
        try await scheduler.waitUntilQuiescent()

        search.send(.loadNextPage)
        search.send(.updateQuery("rx"))
        try await scheduler.waitUntilQuiescent()

        #expect(search.currentState.repos == ["rx1", "rx2", "rx3"])
        #expect(search.currentState.isLoadingNextPage == false)
        #expect(search.currentState.nextPage == 2)
    }
}
