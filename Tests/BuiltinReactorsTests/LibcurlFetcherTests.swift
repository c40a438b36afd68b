@testable import BuiltinReactors
import Foundation
import Testing
import TestSupport

/// What the libcurl-based fetcher adds to the behaviour ``NetworkFetcherTests`` pins down: the
/// library loaded on demand, prompt cancellation, redirects, header hygiene, and the hand-written
/// URL and JSON handling that replaced Foundation's.
@Suite("Network fetcher over libcurl")
struct LibcurlFetcherTests {
    private func fetcher(
        _ baseURL: String, timeout: Duration = .seconds(10), userAgent: String = "reactor-shell/test",
        curlLibraryNames: [String] = NetworkRepositoryFetcher.defaultCurlLibraryNames
    ) -> NetworkRepositoryFetcher {
        NetworkRepositoryFetcher(baseURL: baseURL, timeout: timeout, userAgent: userAgent, curlLibraryNames: curlLibraryNames)
    }

    private func failure(of fetcher: NetworkRepositoryFetcher, sourceLocation: SourceLocation = #_sourceLocation) async -> RepositoryFetchError? {
        await #expect(throws: RepositoryFetchError.self, sourceLocation: sourceLocation) {
            try await fetcher.searchRepositories(query: "swift", page: 1)
        }
    }

    // MARK: - Loading libcurl

    @Test func aMissingLibcurlIsATransportErrorNamingTheLibraryAndNothingIsSent() async throws {
        let server = try LoopbackHTTPServer.gitHubSearch(pages: [["a/b"]])
        defer { server.stop() }
        let missing = "libcurl-not-installed-for-this-test.so.4"

        let error = try #require(await failure(of: fetcher(server.baseURL, curlLibraryNames: [missing])))

        #expect(error.kind == .transport)
        #expect(error.message.hasPrefix("network search needs libcurl, which could not be loaded: "))
        #expect(error.message.contains(missing))
        #expect(server.requests.isEmpty)
    }

    @Test func aLibraryThatIsNotLibcurlIsReportedWithTheMissingFunction() async throws {
        #if os(Linux)
        let error = try #require(await failure(of: fetcher("http://127.0.0.1:9", curlLibraryNames: ["libc.so.6"])))

        #expect(error.kind == .transport)
        #expect(error.message.contains("curl_global_init"))
        #endif
    }

    @Test func theNextNameIsTriedWhenTheFirstDoesNotLoad() async throws {
        let server = try LoopbackHTTPServer.gitHubSearch(pages: [["a/b"]])
        defer { server.stop() }
        let names = ["libcurl-not-installed-for-this-test.so.4"] + NetworkRepositoryFetcher.defaultCurlLibraryNames

        #expect(try await fetcher(server.baseURL, curlLibraryNames: names).searchRepositories(query: "x", page: 1) == ["a/b"])
    }

    // MARK: - Cancellation and timeouts

    @Test func cancellingAbortsATransferThatWaitsForTheServerAtOnce() async throws {
        let server = try LoopbackHTTPServer { _ in .gitHubSearchPage(["never/seen"], delay: .seconds(60)) }
        defer { server.stop() }
        let fetcher = fetcher(server.baseURL, timeout: .seconds(120))

        // Without a wake-up the transfer would notice only at libcurl's next periodic check, up to
        // a second later; the best of three attempts keeps a busy machine from failing the test.
        var fastest = Duration.seconds(60)
        for attempt in 1...3 {
            let search = Task { try await fetcher.searchRepositories(query: "swift", page: 1) }
            let deadline = ContinuousClock.now + .seconds(10)
            while server.requests.count < attempt && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            try await Task.sleep(for: .milliseconds(50)) // the transfer now waits for the answer

            let cancelled = ContinuousClock.now
            search.cancel()
            await #expect(throws: CancellationError.self) { try await search.value }
            fastest = min(fastest, ContinuousClock.now - cancelled)
        }

        #expect(fastest < .milliseconds(900))
    }

    @Test func theTimeoutHasMillisecondPrecision() async throws {
        let server = try LoopbackHTTPServer { _ in .gitHubSearchPage(["late/answer"], delay: .seconds(30)) }
        defer { server.stop() }

        let start = ContinuousClock.now
        let error = try #require(await failure(of: fetcher(server.baseURL, timeout: .milliseconds(250))))
        let elapsed = ContinuousClock.now - start

        #expect(error.message == "request timed out after 250 ms")
        // Not truncated to whole seconds (0 s would fail at once), and not waiting for the answer.
        #expect(elapsed >= .milliseconds(240))
        #expect(elapsed < .seconds(25))
    }

    @Test func timeoutsBecomeWholeMillisecondsRoundedUpAndNeverZero() {
        #expect(LibcurlHTTPClient.milliseconds(.seconds(10)) == 10_000)
        #expect(LibcurlHTTPClient.milliseconds(.milliseconds(300)) == 300)
        #expect(LibcurlHTTPClient.milliseconds(.microseconds(1500)) == 2)
        #expect(LibcurlHTTPClient.milliseconds(.nanoseconds(1)) == 1)
        #expect(LibcurlHTTPClient.milliseconds(.zero) == 1)
        #expect(LibcurlHTTPClient.milliseconds(.seconds(-5)) == 1)
        #expect(LibcurlHTTPClient.milliseconds(.seconds(Int64.max)) == Int.max)
    }

    // MARK: - HTTP details

    @Test func followsARedirectAndReadsTheFinalAnswer() async throws {
        let server = try LoopbackHTTPServer { request in
            if request.path.hasPrefix("/old") {
                let location = String(request.target.dropFirst("/old".count))
                return LoopbackHTTPResponse(status: 301, headers: [LoopbackHTTPField("Location", location)])
            }
            return .gitHubSearchPage(["moved/here"])
        }
        defer { server.stop() }

        #expect(try await fetcher(server.baseURL + "/old").searchRepositories(query: "x", page: 1) == ["moved/here"])
        #expect(server.requests.map(\.path) == ["/old/search/repositories", "/search/repositories"])
    }

    @Test func aLineBreakInAHeaderValueCannotAddAHeader() async throws {
        let server = try LoopbackHTTPServer.gitHubSearch(pages: [["a/b"]])
        defer { server.stop() }

        _ = try await fetcher(server.baseURL, userAgent: "agent\r\nX-Injected: yes").searchRepositories(query: "x", page: 1)

        let request = try #require(server.requests.first)
        #expect(request.header("User-Agent") == "agentX-Injected: yes")
        #expect(request.header("X-Injected") == nil)
    }

    @Test func readsHeaderFieldsCaseInsensitivelyWithoutBlanks() {
        let fields = HTTPAnswer.headerFields(of: Array("Retry-After:  60 \r\nx-ratelimit-reset:1\r\nno colon here\r\nEmpty:\r\n\r\n".utf8))
        let answer = HTTPAnswer(status: 429, headers: fields, body: [])

        #expect(fields.map(\.name) == ["Retry-After", "x-ratelimit-reset", "Empty"])
        #expect(answer.header("retry-after") == "60")
        #expect(answer.header("X-RateLimit-Reset") == "1")
        #expect(answer.header("empty") == nil)
        #expect(answer.header("missing") == nil)
    }

    // MARK: - The search URL

    @Test func percentEncodesEverythingButUnreservedCharacters() {
        #expect(GitHubSearchEndpoint.percentEncoded("swift") == "swift")
        #expect(GitHubSearchEndpoint.percentEncoded("A-Z a_z.0~9") == "A-Z%20a_z.0~9")
        #expect(GitHubSearchEndpoint.percentEncoded("c++ lang/x&y=1?#%") == "c%2B%2B%20lang%2Fx%26y%3D1%3F%23%25")
        #expect(GitHubSearchEndpoint.percentEncoded("café 😀") == "caf%C3%A9%20%F0%9F%98%80")
        #expect(GitHubSearchEndpoint.percentEncoded("") == "")
    }

    @Test func buildsTheSearchURLUnderTheBaseWithoutTrailingSlashes() throws {
        let endpoint = try GitHubSearchEndpoint(baseURL: " https://ghe.example.com/api/v3/ ")

        #expect(endpoint.base == "https://ghe.example.com/api/v3")
        #expect(endpoint.authority == "ghe.example.com")
        #expect(endpoint.searchURL(query: "a b", page: 3) == "https://ghe.example.com/api/v3/search/repositories?q=a%20b&page=3")
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080", "127.0.0.1:8080"),
        ("HTTPS://API.GitHub.com", "API.GitHub.com"),
        ("http://[::1]:8080/api", "[::1]:8080"),
        ("http://[::1]", "[::1]"),
        ("https://user:secret@example.com/x", "example.com"),
        ("http://example.com:/", "example.com"),
        ("http://example.com:0080", "example.com:80"),
        ("http://ex%41mple.com", "ex%41mple.com"),
    ])
    func acceptsHTTPBaseURLsAndNamesTheirAuthority(baseURL: String, authority: String) throws {
        #expect(try GitHubSearchEndpoint(baseURL: baseURL).authority == authority)
    }

    @Test(arguments: [
        "", "   ", "example.com", "127.0.0.1:8080", "ftp://example.com", "file:///etc/passwd", "http:example.com",
        "http://", "http:///path", "http://:8080", "http://host:port", "http://host:99999", "http://host:1:2",
        "http://[::1", "http://[]", "http://[zz]/", "http://ex ample.com", "http://example.com/a b",
        "http://example.com/?q=1", "http://example.com/#top", "http://example.com?", "http://exämple.com",
        "http://example.com/%zz", "http://exa\nmple.com",
    ])
    func rejectsWhatIsNotAnHTTPBaseURL(baseURL: String) {
        #expect(throws: RepositoryFetchError.self) { try GitHubSearchEndpoint(baseURL: baseURL) }
    }

    @Test func anInvalidBaseURLsMessageNeverShowsCredentials() throws {
        let error = #expect(throws: RepositoryFetchError.self) {
            try NetworkRepositoryFetcher.validate(baseURL: "ftp://me:hunter2@example.com/")
        }
        #expect(error?.kind == .invalidBaseURL)
        #expect(error?.message.hasPrefix("invalid GitHub API URL 'ftp://example.com/': ") == true)
    }

    // MARK: - The answer

    @Test func readsFullNamesThroughEscapesAndIgnoresOtherFields() throws {
        let body = #"{"total_count":2,"items":[{"id":1,"full_name":"a\/b","owner":{"login":"a"}},{"full_name":"caf\u00e9/\ud83d\ude00","score":1.5e2}]}"#
        #expect(try GitHubSearchResponse.fullNames(inSearchResult: Array(body.utf8)) == ["a/b", "café/😀"])
    }

    @Test func aMalformedBodyNamesWhereItWentWrong() {
        let error = #expect(throws: RepositoryFetchError.self) {
            try GitHubSearchResponse.fullNames(inSearchResult: Array("{\"items\": [}".utf8))
        }
        #expect(error?.kind == .malformedJSON)
        #expect(error?.message == #"malformed JSON in the response: line 1, column 12: expected a value, found '}' (the body begins with "{"items": [}")"#)
    }

    @Test func aBodyThatIsNotAnObjectHasNoItems() {
        for body in [#""text""#, "[]", "42", #"{"items":{}}"#] {
            let error = #expect(throws: RepositoryFetchError.self) { try GitHubSearchResponse.fullNames(inSearchResult: Array(body.utf8)) }
            #expect(error?.kind == .unexpectedJSON)
        }
    }

    @Test func formatsResetTimesInUTC() {
        #expect(GitHubSearchResponse.utcTimestamp(secondsSince1970: 0) == "1970-01-01 00:00:00 UTC")
        #expect(GitHubSearchResponse.utcTimestamp(secondsSince1970: -1) == "1969-12-31 23:59:59 UTC")
        #expect(GitHubSearchResponse.utcTimestamp(secondsSince1970: 951_782_400.9) == "2000-02-29 00:00:00 UTC")
        #expect(GitHubSearchResponse.utcTimestamp(secondsSince1970: 1e13) == nil)
        #expect(GitHubSearchResponse.utcTimestamp(secondsSince1970: .nan) == nil)
    }

    @Test func anUnusableResetTimeIsLeftOut() async throws {
        let server = try LoopbackHTTPServer { _ in
            .gitHubError(status: 403, message: "API rate limit exceeded", headers: [
                LoopbackHTTPField("x-ratelimit-remaining", "0"), LoopbackHTTPField("x-ratelimit-reset", "soon"),
            ])
        }
        defer { server.stop() }

        #expect(await failure(of: fetcher(server.baseURL))?.message == "GitHub rate limit exceeded (HTTP 403)")
    }
}
