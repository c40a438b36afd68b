import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--fetcher network --github-api-url http://127.0.0.1:PORT`: the github-search scene against
/// a loopback server shaped like GitHub (never the internet).
@Suite("Network search through the CLI")
struct NetworkSearchEndToEndTests {
    static func networkArguments(_ server: LoopbackHTTPServer) -> [String] {
        ["--reactor", "github-search", "--fetcher", "network", "--github-api-url", server.baseURL]
    }

    @Test func aSearchFillsReposFromTheServerAndPagesOn() async throws {
        let server = try LoopbackHTTPServer.gitHubSearch { query, page in
            page <= 2 ? (1...2).map { "owner\(page)/\(query)-\($0)" } : []
        }
        defer { server.stop() }
        let result = try await runScript([
            "updateQuery \"swift lang\"",
            ":expect repos == [\"owner1/swift lang-1\", \"owner1/swift lang-2\"]",
            ":expect nextPage == 2",
            ":expect lastError == nil",
            "loadNextPage",
            ":expect repos.count == 4",
            ":expect repos[3] == \"owner2/swift lang-2\"",
            "loadNextPage",
            ":expect nextPage == nil",
            ":expect isLoadingNextPage == false",
        ], options: Self.networkArguments(server))
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "7 passed, 0 failed, 0 errors", "\(result.transcript)")
        let requests = server.requests
        #expect(requests.map { $0.query("q") } == ["swift lang", "swift lang", "swift lang"])
        #expect(requests.map { $0.query("page") } == ["1", "2", "3"])
        #expect(requests.allSatisfy { $0.path == "/search/repositories" })
    }

    @Test func aFailingStatusSetsLastErrorAndClearsRepos() async throws {
        let server = try LoopbackHTTPServer { request in
            request.query("q") == "boom"
                ? .gitHubError(status: 500, message: "Server Error")
                : .gitHubSearchPage(["a/one", "b/two"])
        }
        defer { server.stop() }
        let result = try await runScript([
            "updateQuery fine",
            ":expect repos.count == 2",
            "updateQuery boom",
            ":expect repos == []",
            ":expect nextPage == nil",
            ":expect lastError contains \"500\"",
            "updateQuery fine",
            ":expect lastError == nil",
        ], options: Self.networkArguments(server))
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "5 passed, 0 failed, 0 errors", "\(result.transcript)")
        #expect(result.stdout.contains("· setError("), "\(result.transcript)")
    }

    @Test func theTokenIsSentAsABearerTokenAndNeverPrinted() async throws {
        let server = try LoopbackHTTPServer.gitHubSearch(pages: [["x/y"]])
        defer { server.stop() }
        let token = "ghp_secretTOKEN123"
        let result = try await withWorkspace { workspace in
            try await workspace.run(
                "updateQuery q\n:state\n:expect repos == [\"x/y\"]\n", options: Self.networkArguments(server),
                environment: ["GITHUB_TOKEN": token])
        }
        #expect(result.status == 0, "\(result.transcript)")
        #expect(server.requests.first?.header("Authorization") == "Bearer \(token)")
        #expect(!result.stdout.contains(token) && !result.stderr.contains(token))
    }

    @Test func theAPIURLCanComeFromTheEnvironment() async throws {
        let server = try LoopbackHTTPServer.gitHubSearch(pages: [["env/works"]])
        defer { server.stop() }
        let result = try await withWorkspace { workspace in
            try await workspace.run(
                "updateQuery q\n:expect repos == [\"env/works\"]\n",
                options: ["--reactor", "github-search", "--fetcher", "network"],
                environment: ["GITHUB_API_URL": server.baseURL])
        }
        #expect(result.status == 0, "\(result.transcript)")
        #expect(server.requests.count == 1)
    }

    @Test func aRefusedConnectionIsALastErrorNotACrash() async throws {
        let port = try ReservedLoopbackPort()
        defer { withExtendedLifetime(port) {} }
        let result = try await runScript([
            "updateQuery q",
            ":expect repos == []",
            ":expect lastError != nil",
        ], options: ["--reactor", "github-search", "--fetcher", "network", "--github-api-url", port.baseURL])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "2 passed, 0 failed, 0 errors", "\(result.transcript)")
    }

    @Test func aNewerQueryCancelsASlowSearchInFlight() async throws {
        let server = try LoopbackHTTPServer { request in
            request.query("q") == "slow"
                ? .gitHubSearchPage(["slow/never"], delay: .seconds(60))
                : .gitHubSearchPage(["fast/one"])
        }
        defer { server.stop() }
        let result = try await runScript([
            "updateQuery slow &",
            ":sleep 500ms",
            "updateQuery fast",
            ":expect repos == [\"fast/one\"]",
            ":expect lastError == nil",
        ], options: Self.networkArguments(server))
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "2 passed, 0 failed, 0 errors", "\(result.transcript)")
        #expect(!result.stdout.contains("slow/never"), "\(result.transcript)")
        // "slow" is normally in flight by then; on a loaded machine it may be cancelled before
        // it is sent, which shows the same to the user.
        // (How promptly the transfer stops is measured in LibcurlFetcherTests, without a process.)
        #expect(server.requests.last?.query("q") == "fast")
    }
}

/// SPEC §6: against a server that never answers, the fetcher's own timeout ends the request
/// (and sets `lastError`) before the runner's wait after the action runs out.
@Suite("Network timeout before the wait limit")
struct NetworkTimeoutTests {
    @Test func aServerThatNeverAnswersEndsInLastError() async throws {
        let server = try SilentLoopbackListener()
        let result = try await runScript([
            "updateQuery q",
            ":expect lastError == \"request timed out after 300 ms\"",
            ":expect repos == []",
        ], options: ["--reactor", "github-search", "--fetcher", "network", "--github-api-url", server.baseURL,
                     "--network-timeout", "300ms"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "2 passed, 0 failed, 0 errors", "\(result.transcript)")
        #expect(!result.stderr.contains("wait"), "\(result.transcript)")
        withExtendedLifetime(server) {}
    }

    @Test(arguments: ["30s", "0s", "soon"])
    func aNetworkTimeoutAboveTheWaitOrNotADurationIsAUsageError(timeout: String) async throws {
        let result = try await ShellProcess.run(["run", "--network-timeout", timeout, "-"], input: .text("increase\n"))
        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stderr.contains("at most 10s"), "\(result.transcript)")
    }

    @Test(arguments: ["ftp://example.com", "not a url", "http://"])
    func aBadGitHubAPIURLIsAUsageError(url: String) async throws {
        let result = try await ShellProcess.run(["run", "--github-api-url", url, "-"], input: .text("increase\n"))
        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stderrLines.first?.hasPrefix("Error: The value '\(url)' is invalid for '--github-api-url <url>': invalid GitHub API URL") == true,
                "\(result.transcript)")
        #expect(result.stdout.isEmpty, "\(result.transcript)")
    }
}
