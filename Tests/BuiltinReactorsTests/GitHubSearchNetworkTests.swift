import BuiltinReactors
import Foundation
import ReactorCore
import ReactorShell
import Testing
import TestSupport

/// The github-search reactor with the network fetcher, against a real HTTP server on 127.0.0.1.
@MainActor
@Suite("github-search over HTTP on 127.0.0.1")
struct GitHubSearchNetworkTests {
    let scheduler = Scheduler.virtual()

    /// A search reactor whose fetcher comes from a shell configuration pointing at `baseURL`.
    private func makeSearch(baseURL: String, token: String? = nil) -> GitHubSearchReactor {
        var configuration = ShellConfiguration()
        configuration.options = ["fetcher": "network", "github-api-url": baseURL]
        configuration.options["GITHUB_TOKEN"] = token
        let fetcher = GitHubSearchReactor.makeFetcher(for: SceneContext(scheduler: scheduler, configuration: configuration))
        return onScheduler(GitHubSearchReactor(fetcher: fetcher), scheduler)
    }

    @Test func pagesArriveFromTheServerWithTheTokenUntilAnEmptyPage() async throws {
        let server = try LoopbackHTTPServer.gitHubSearch(pages: [["apple/swift", "apple/swift-nio"], ["vapor/vapor"]])
        defer { server.stop() }
        let search = makeSearch(baseURL: server.baseURL, token: "t0ken")

        search.send(.updateQuery("swift lang"))
        try await scheduler.waitUntilQuiescent()
        #expect(search.currentState.repos == ["apple/swift", "apple/swift-nio"])
        #expect(search.currentState.nextPage == 2)

        search.send(.loadNextPage)
        try await scheduler.waitUntilQuiescent()
        search.send(.loadNextPage)
        try await scheduler.waitUntilQuiescent()

        #expect(search.currentState == GitHubSearchReactor.State(
            query: "swift lang", repos: ["apple/swift", "apple/swift-nio", "vapor/vapor"], nextPage: nil
        ))
        #expect(server.requests.map { $0.query("q") } == ["swift lang", "swift lang", "swift lang"])
        #expect(server.requests.map { $0.query("page") } == ["1", "2", "3"])
        #expect(server.requests.first?.header("Authorization") == "Bearer t0ken")
    }

    @Test func aServerErrorBecomesLastErrorAndEmptiesTheResults() async throws {
        let server = try LoopbackHTTPServer { _ in .gitHubError(status: 500, message: "Something broke") }
        defer { server.stop() }
        let search = makeSearch(baseURL: server.baseURL)

        search.send(.updateQuery("swift"))
        try await scheduler.waitUntilQuiescent()

        #expect(search.currentState.lastError == "HTTP 500 Internal Server Error from \(server.authority): Something broke")
        #expect(search.currentState.repos == [])
        #expect(search.currentState.nextPage == nil)
    }

    @Test func aRateLimitBecomesLastErrorWithTheResetTime() async throws {
        let server = try LoopbackHTTPServer { _ in .gitHubRateLimited(status: 403, resetEpochSeconds: 1_700_000_000) }
        defer { server.stop() }
        let search = makeSearch(baseURL: server.baseURL)

        search.send(.updateQuery("swift"))
        try await scheduler.waitUntilQuiescent()

        let message = try #require(search.currentState.lastError)
        #expect(message.contains("rate limit"))
        #expect(message.contains("2023-11-14 22:13:20 UTC"))
        #expect(search.currentState.repos == [])
    }

    @Test func aRefusedConnectionBecomesLastErrorAndTheReactorKeepsWorking() async throws {
        let reserved = try ReservedLoopbackPort()
        let search = makeSearch(baseURL: reserved.baseURL)

        search.send(.updateQuery("swift"))
        try await scheduler.waitUntilQuiescent()

        #expect(search.currentState.lastError?.contains("connection refused") == true)
        search.send(.updateQuery(nil))
        #expect(search.currentState.repos == [])
        withExtendedLifetime(reserved) {}
    }

    @Test func aNewerQueryAbortsTheRequestInFlightOnTheServer() async throws {
        let server = try LoopbackHTTPServer { request in
            request.query("q") == "slow"
                ? .gitHubSearchPage(["slow/never"], delay: .seconds(60))
                : .gitHubSearchPage(["fast/one"])
        }
        defer { server.stop() }
        let search = makeSearch(baseURL: server.baseURL)

        search.send(.updateQuery("slow"))
        try await waitUntil { !server.requests.isEmpty }
        search.send(.updateQuery("fast"))
        try await scheduler.waitUntilQuiescent()

        #expect(search.currentState == GitHubSearchReactor.State(query: "fast", repos: ["fast/one"], nextPage: 2))
        // The slow request's connection is closed, not left waiting for its answer.
        try await waitUntil { server.abandonedRequestCount == 1 }
    }
}
