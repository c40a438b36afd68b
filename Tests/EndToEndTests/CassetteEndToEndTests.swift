import Foundation
import Testing
import TestSupport

/// github-search cassettes (issue 26 point 11, SPEC §9.1): `--fetcher record --cassette FILE`
/// keeps each real answer (never the token), `--fetcher replay --cassette FILE` gives them back
/// offline. The "real" server is a loopback one shaped like GitHub (never the internet).
@Suite("github-search cassettes")
struct CassetteEndToEndTests {
    static let token = "ghp_cassetteSECRET42"

    static func recording(_ server: LoopbackHTTPServer, into cassette: String = "lesson.json") -> [String] {
        ["--reactor", "github-search", "--fetcher", "record", "--cassette", cassette, "--github-api-url", server.baseURL]
    }

    static func replaying(_ cassette: String = "lesson.json") -> [String] {
        ["--reactor", "github-search", "--fetcher", "replay", "--cassette", cassette]
    }

    /// Pages 1 and 2 of any query; page 1's first name carries the request's Authorization header
    /// (a server that echoes the token), which a cassette must not keep.
    static func echoingServer() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            let query = request.query("q") ?? ""
            switch request.query("page") {
            case "1": return .gitHubSearchPage(["echo/\(request.header("Authorization") ?? "-")", "a/\(query)-2"])
            case "2": return .gitHubSearchPage(["b/\(query)-3"])
            default: return .gitHubSearchPage([])
            }
        }
    }

    @Test func aRecordedSearchIsReplayedOfflineWithoutTheToken() async throws {
        try await withWorkspace { workspace in
            let server = try Self.echoingServer()
            let recorded = try await workspace.run(
                "updateQuery swift\nloadNextPage\n:expect repos.count == 3\n", options: Self.recording(server),
                environment: ["GITHUB_TOKEN": Self.token])
            server.stop()
            #expect(recorded.status == 0, "\(recorded.transcript)")
            #expect(server.requests.map { $0.query("page") } == ["1", "2"])
            let cassette = try workspace.read("lesson.json")
            #expect(!cassette.contains(Self.token), "\(cassette)")
            #expect(cassette.hasPrefix("{\n  \"format\": \"reactor-shell cassette 1\",\n  \"requests\": [\n    {\"query\":\"swift\",\"page\":1,"), "\(cassette)")

            // The server is gone: the answers come from the file.
            let replayed = try await workspace.run("""
                updateQuery swift
                :expect repos == ["echo/Bearer ***", "a/swift-2"]
                :expect nextPage == 2
                loadNextPage
                :expect repos[2] == "b/swift-3"
                :expect lastError == nil
                """ + "\n", named: "replay.rsh", options: Self.replaying())
            #expect(replayed.status == 0, "\(replayed.transcript)")
            #expect(replayed.lastStdoutLine == "4 passed, 0 failed, 0 errors", "\(replayed.transcript)")
            #expect(!replayed.stdout.contains(Self.token))
        }
    }

    @Test func aRequestNotInTheCassetteIsAnErrorNamingItAndTheFile() async throws {
        try await withWorkspace { workspace in
            let server = try LoopbackHTTPServer.gitHubSearch(pages: [["a/one"]])
            _ = try await workspace.run("updateQuery swift\n", options: Self.recording(server))
            server.stop()
            let result = try await workspace.run("""
                updateQuery kotlin
                :expect lastError == "not in the cassette: kotlin page 1 (lesson.json)"
                :expect repos == []
                updateQuery swift
                :expect repos == ["a/one"]
                loadNextPage
                :expect lastError == "not in the cassette: swift page 2 (lesson.json)"
                """ + "\n", named: "replay.rsh", options: Self.replaying())
            #expect(result.lastStdoutLine == "4 passed, 0 failed, 0 errors", "\(result.transcript)")
        }
    }

    @Test func recordingAgainAddsToTheCassetteAndAFailedAnswerIsReplayedAsItCame() async throws {
        try await withWorkspace { workspace in
            let server = try LoopbackHTTPServer { request in
                request.query("q") == "limited"
                    ? .gitHubRateLimited(status: 403, resetEpochSeconds: 1_800_000_000)
                    : .gitHubSearchPage(["x/\(request.query("q") ?? "")"])
            }
            _ = try await workspace.run("updateQuery swift\n", options: Self.recording(server))
            let second = try await workspace.run("updateQuery limited\n", named: "second.rsh", options: Self.recording(server))
            server.stop()
            #expect(second.status == 0, "\(second.transcript)")
            let result = try await workspace.run("""
                updateQuery swift
                :expect repos == ["x/swift"]
                updateQuery limited
                :expect lastError == "GitHub rate limit exceeded (HTTP 403); resets at 2027-01-15 08:00:00 UTC"
                """ + "\n", named: "replay.rsh", options: Self.replaying())
            #expect(result.lastStdoutLine == "2 passed, 0 failed, 0 errors", "\(result.transcript)")
        }
    }

    @Test(arguments: [
        ("missing.json", nil, "cannot read the cassette 'missing.json': no such file"),
        ("bad.json", "not json at all", "cannot read the cassette 'bad.json': not JSON (line 1, column 2: expected 'null', found 'o')"),
        ("other.json", #"{"format":"something else"}"#, "cannot read the cassette 'other.json': not a cassette (its 'format' is not 'reactor-shell cassette 1')"),
        ("shape.json", #"{"format":"reactor-shell cassette 1","requests":[{"query":1}]}"#,
         "cannot read the cassette 'shape.json': requests[0] needs 'query' (a string)"),
        ("folder", "", "cannot read the cassette 'folder': is a directory"),
    ] as [(String, String?, String)])
    func aBadCassetteIsAClearErrorNotACrash(file: String, contents: String?, message: String) async throws {
        try await withWorkspace { workspace in
            if file == "folder" {
                try FileManager.default.createDirectory(atPath: workspace.path + "/folder", withIntermediateDirectories: true)
            } else if let contents {
                try workspace.write(file, contents)
            }
            let result = try await workspace.run(
                "updateQuery swift\n:expect repos == []\n:state lastError\n", options: Self.replaying(file))
            #expect(result.status == 0, "\(result.transcript)")
            #expect(result.stdout.contains("\"" + message), "\(result.transcript)")
        }
    }

    @Test func recordOrReplayWithoutACassetteSaysSo() async throws {
        let result = try await runScript(
            ["updateQuery swift", ":state lastError"], options: ["--reactor", "github-search", "--fetcher", "replay"])
        #expect(result.stdout.contains("\"--fetcher replay needs --cassette FILE (the answers to give)\""), "\(result.transcript)")
    }

    @Test func aCassetteThatCannotBeWrittenOrReadIsAnErrorAndNothingIsOverwritten() async throws {
        try await withWorkspace { workspace in
            let server = try LoopbackHTTPServer.gitHubSearch(pages: [["a/one"]])
            defer { server.stop() }
            let unwritable = try await workspace.run(
                "updateQuery swift\n:state lastError\n", options: Self.recording(server, into: "no/such/dir.json"))
            #expect(unwritable.stdout.contains("\"cannot write the cassette 'no/such/dir.json': "), "\(unwritable.transcript)")
            try workspace.write("bad.json", "not json")
            let unreadable = try await workspace.run(
                "updateQuery swift\n:state lastError\n", named: "again.rsh", options: Self.recording(server, into: "bad.json"))
            #expect(unreadable.stdout.contains("\"cannot read the cassette 'bad.json': not JSON"), "\(unreadable.transcript)")
            #expect(try workspace.read("bad.json") == "not json")
        }
    }
}
