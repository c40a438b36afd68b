import BuiltinReactors
import Foundation
import Testing
import TestSupport

/// The network fetcher against a real HTTP server on 127.0.0.1.
@Suite("NetworkRepositoryFetcher")
struct NetworkFetcherTests {
    private static let userAgent = "reactor-shell/test"

    private func fetcher(_ baseURL: String, token: String? = nil, timeout: Duration = .seconds(10)) -> NetworkRepositoryFetcher {
        NetworkRepositoryFetcher(baseURL: baseURL, token: token, timeout: timeout, userAgent: Self.userAgent)
    }

    /// The fetch error `query`/`page` fails with, recorded as a test issue when it succeeds instead.
    private func failure(
        of fetcher: NetworkRepositoryFetcher, query: String = "swift", page: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> RepositoryFetchError? {
        await #expect(throws: RepositoryFetchError.self, sourceLocation: sourceLocation) {
            try await fetcher.searchRepositories(query: query, page: page)
        }
    }

    // MARK: - Success

    @Test func readsTheFullNamesOfEachPageAndAnEmptyPageAfterTheLast() async throws {
        let server = try LoopbackHTTPServer.gitHubSearch(pages: [["apple/swift", "apple/swift-nio"], ["vapor/vapor"]])
        defer { server.stop() }
        let fetcher = fetcher(server.baseURL)

        #expect(try await fetcher.searchRepositories(query: "swift", page: 1) == ["apple/swift", "apple/swift-nio"])
        #expect(try await fetcher.searchRepositories(query: "swift", page: 2) == ["vapor/vapor"])
        #expect(try await fetcher.searchRepositories(query: "swift", page: 3) == [])
        #expect(server.requests.map { $0.query("page") } == ["1", "2", "3"])
    }

    @Test func sendsTheQueryIntactAsOneParameterWithThePageAndTheGitHubHeaders() async throws {
        let server = try LoopbackHTTPServer.gitHubSearch { query, page in ["\(query)#\(page)"] }
        defer { server.stop() }

        let names = try await fetcher(server.baseURL).searchRepositories(query: "c++ lang/x&y=1", page: 2)

        #expect(names == ["c++ lang/x&y=1#2"])
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/search/repositories")
        #expect(request.target == "/search/repositories?q=c%2B%2B%20lang%2Fx%26y%3D1&page=2")
        #expect(request.queryItems == [LoopbackHTTPField("q", "c++ lang/x&y=1"), LoopbackHTTPField("page", "2")])
        #expect(request.header("Accept") == "application/vnd.github+json")
        #expect(request.header("User-Agent") == Self.userAgent)
        #expect(request.header("X-GitHub-Api-Version") == "2022-11-28")
    }

    @Test func sendsNonASCIIQueriesAsPercentEncodedUTF8() async throws {
        let server = try LoopbackHTTPServer.gitHubSearch { _, _ in [] }
        defer { server.stop() }

        _ = try await fetcher(server.baseURL).searchRepositories(query: "café 日本 ~-._", page: 1)

        #expect(server.requests.first?.query("q") == "café 日本 ~-._")
        #expect(server.requests.first?.target.hasPrefix("/search/repositories?q=caf%C3%A9%20%E6%97%A5%E6%9C%AC%20~-._&") == true)
    }

    @Test func ignoresTrailingSlashesAndKeepsAPathPrefixOfTheBaseURL() async throws {
        let server = try LoopbackHTTPServer.gitHubSearch(pages: [["a/b"]])
        defer { server.stop() }

        #expect(try await fetcher(server.baseURL + "//").searchRepositories(query: "x", page: 1) == ["a/b"])
        _ = await failure(of: fetcher(server.baseURL + "/api/v3/"))

        #expect(server.requests.map(\.path) == ["/search/repositories", "/api/v3/search/repositories"])
    }

    @Test func sendsTheTokenAsABearerTokenOnlyWhenOneIsGiven() async throws {
        let server = try LoopbackHTTPServer.gitHubSearch(pages: [["a/b"]])
        defer { server.stop() }

        _ = try await fetcher(server.baseURL, token: "ghp_secret123").searchRepositories(query: "x", page: 1)
        _ = try await fetcher(server.baseURL).searchRepositories(query: "x", page: 1)
        _ = try await fetcher(server.baseURL, token: "").searchRepositories(query: "x", page: 1)

        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer ghp_secret123", nil, nil])
    }

    // MARK: - HTTP failures

    @Test func neverShowsTheTokenInAnErrorMessageEvenWhenTheServerEchoesIt() async throws {
        let token = "ghp_TOPSECRET_42"
        let server = try LoopbackHTTPServer { request in
            .gitHubError(status: 401, message: "Bad credentials: \(request.header("Authorization") ?? "")")
        }
        defer { server.stop() }

        let error = try #require(await failure(of: fetcher(server.baseURL, token: token)))

        #expect(error.kind == .httpStatus(401))
        #expect(error.message == "HTTP 401 Unauthorized from \(server.authority): Bad credentials: Bearer ***")
        #expect(!error.description.contains(token))
        #expect(!error.localizedDescription.contains(token))
        #expect(!String(describing: error).contains(token))
        #expect(!String(reflecting: error).contains(token))
    }

    @Test func reportsA403RateLimitWithTheResetTimeInUTC() async throws {
        let server = try LoopbackHTTPServer { _ in .gitHubRateLimited(status: 403, resetEpochSeconds: 1_795_363_445) }
        defer { server.stop() }

        let error = try #require(await failure(of: fetcher(server.baseURL)))

        #expect(error.kind == .rateLimited)
        #expect(error.message == "GitHub rate limit exceeded (HTTP 403); resets at 2026-11-22 16:04:05 UTC")
    }

    @Test func reportsA429RateLimitWithTheResetTimeAndRetryAfter() async throws {
        let server = try LoopbackHTTPServer { _ in
            .gitHubRateLimited(status: 429, resetEpochSeconds: 1_767_225_600, retryAfterSeconds: 60)
        }
        defer { server.stop() }

        let error = try #require(await failure(of: fetcher(server.baseURL)))

        #expect(error.message == "GitHub rate limit exceeded (HTTP 429); resets at 2026-01-01 00:00:00 UTC; retry after 60 s")
    }

    @Test func reportsA429WithoutHeadersAsARateLimit() async throws {
        let message = try await LoopbackHTTPServer.serving({ _ in LoopbackHTTPResponse(status: 429) }) { server in
            await failure(of: fetcher(server.baseURL))?.message
        }

        #expect(message == "GitHub rate limit exceeded (HTTP 429)")
    }

    @Test func reportsA403ThatIsNotARateLimitAsAnHTTPError() async throws {
        let server = try LoopbackHTTPServer { _ in
            .gitHubError(status: 403, message: "Resource not accessible", headers: [LoopbackHTTPField("x-ratelimit-remaining", "59")])
        }
        defer { server.stop() }

        let error = try #require(await failure(of: fetcher(server.baseURL)))

        #expect(error.kind == .httpStatus(403))
        #expect(error.message == "HTTP 403 Forbidden from \(server.authority): Resource not accessible")
    }

    @Test func reportsAServerErrorWithGitHubsMessage() async throws {
        let server = try LoopbackHTTPServer { _ in .gitHubError(status: 500, message: "Something\nbroke") }
        defer { server.stop() }

        let error = try #require(await failure(of: fetcher(server.baseURL)))

        #expect(error.kind == .httpStatus(500))
        #expect(error.message == "HTTP 500 Internal Server Error from \(server.authority): Something broke")
    }

    @Test func reportsAStatusWhoseBodyIsNotJSONWithoutADetail() async throws {
        let server = try LoopbackHTTPServer { _ in LoopbackHTTPResponse(status: 502, body: "<html>bad gateway</html>") }
        defer { server.stop() }

        #expect(await failure(of: fetcher(server.baseURL))?.message == "HTTP 502 Bad Gateway from \(server.authority)")
    }

    // MARK: - Transport failures

    @Test func reportsConnectionRefusedWithTheHostAndPort() async throws {
        let closedPort = try ReservedLoopbackPort()

        let error = try #require(await failure(of: fetcher(closedPort.baseURL, token: "ghp_secret")))

        #expect(error.kind == .cannotConnect)
        #expect(error.message == "cannot connect to \(closedPort.authority): connection refused")
    }

    @Test func reportsATimeoutWhenTheServerAnswersTooLate() async throws {
        let server = try LoopbackHTTPServer { _ in .gitHubSearchPage(["late/answer"], delay: .seconds(30)) }
        defer { server.stop() }

        let error = try #require(await failure(of: fetcher(server.baseURL, timeout: .milliseconds(300))))

        #expect(error.kind == .timedOut)
        #expect(error.message == "request timed out after 300 ms")
    }

    @Test func anAnswerWithinASubSecondTimeoutSucceeds() async throws {
        // A client that truncates to whole seconds (FoundationNetworking did) would fail at once.
        let server = try LoopbackHTTPServer { _ in .gitHubSearchPage(["in/time"], delay: .milliseconds(100)) }
        defer { server.stop() }

        #expect(try await fetcher(server.baseURL, timeout: .milliseconds(900)).searchRepositories(query: "x", page: 1) == ["in/time"])
    }

    @Test func rejectsABaseURLThatIsNotHTTPWithoutSendingAnything() async throws {
        for baseURL in ["ftp://example.com", "127.0.0.1:8080", "not a url", "http://"] {
            let error = try #require(await failure(of: fetcher(baseURL)))
            #expect(error.kind == .invalidBaseURL)
            #expect(error.message.hasPrefix("invalid GitHub API URL '\(baseURL)': "))
            #expect(throws: RepositoryFetchError.self) { try NetworkRepositoryFetcher.validate(baseURL: baseURL) }
        }
        try NetworkRepositoryFetcher.validate(baseURL: "https://api.github.com")
        try NetworkRepositoryFetcher.validate(baseURL: "http://127.0.0.1:8080/api/v3/")
    }

    // MARK: - Bodies that are not search results

    @Test func reportsMalformedJSON() async throws {
        let server = try LoopbackHTTPServer { _ in .json("<html>oops</html>") }
        defer { server.stop() }

        let error = try #require(await failure(of: fetcher(server.baseURL)))

        #expect(error.kind == .malformedJSON)
        #expect(error.message.hasPrefix("malformed JSON in the response: "))
        #expect(error.message.contains("<html>oops</html>"))
    }

    @Test func reportsAnEmptyBodyAsMalformedJSON() async throws {
        let server = try LoopbackHTTPServer { _ in LoopbackHTTPResponse(status: 200) }
        defer { server.stop() }

        #expect(await failure(of: fetcher(server.baseURL))?.message == "malformed JSON in the response: the body is empty")
    }

    @Test func reportsJSONWithoutItems() async throws {
        let server = try LoopbackHTTPServer { _ in .json(#"{"total_count":3}"#) }
        defer { server.stop() }

        let error = try #require(await failure(of: fetcher(server.baseURL)))

        #expect(error.kind == .unexpectedJSON)
        #expect(error.message == "the response has no 'items' array")
    }

    @Test func reportsAnItemWithoutFullName() async throws {
        let server = try LoopbackHTTPServer { _ in .json(#"{"items":[{"full_name":"a/b"},{"name":"c"}]}"#) }
        defer { server.stop() }

        #expect(await failure(of: fetcher(server.baseURL))?.message == "the response's items[1] has no 'full_name' string")
    }

    // MARK: - Cancellation

    @Test func cancellingTheTaskCancelsTheRequestWithCancellationError() async throws {
        let server = try LoopbackHTTPServer { _ in .gitHubSearchPage(["never/seen"], delay: .seconds(60)) }
        defer { server.stop() }
        // A timeout far beyond the test: without working cancellation this fails with a timeout error.
        let fetcher = fetcher(server.baseURL, timeout: .seconds(120))

        let search = Task { try await fetcher.searchRepositories(query: "swift", page: 1) }
        try await waitUntil { !server.requests.isEmpty }
        search.cancel()

        await #expect(throws: CancellationError.self) { try await search.value }
        try await waitUntil { server.abandonedRequestCount == 1 }
    }

    @Test func aTaskCancelledBeforeTheSearchSendsNoRequest() async throws {
        let server = try LoopbackHTTPServer.gitHubSearch(pages: [["a/b"]])
        defer { server.stop() }
        let fetcher = fetcher(server.baseURL)

        let search = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await fetcher.searchRepositories(query: "swift", page: 1)
        }

        await #expect(throws: CancellationError.self) { try await search.value }
        #expect(server.requests.isEmpty)
    }

    @Test func aStoppedServerRefusesConnectionsAndStopIsIdempotent() async throws {
        let server = try LoopbackHTTPServer.gitHubSearch(pages: [["a/b"]])
        #expect(try await fetcher(server.baseURL).searchRepositories(query: "x", page: 1) == ["a/b"])

        server.stop()
        server.stop()

        #expect(await failure(of: fetcher(server.baseURL))?.kind == .cannotConnect)
    }
}
