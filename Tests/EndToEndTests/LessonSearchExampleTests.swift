import Foundation
import Testing
import TestSupport

/// examples/lesson-search.rsh, the lesson on effects, cancellation and paging: it runs cleanly, its
/// checked-in golden output, transcript and sequence diagrams (Mermaid and SVG) are what the binary
/// makes of it now (`scripts/update-lesson` rewrites them), and it is given the same from a
/// cassette recorded against a server (a loopback one shaped like GitHub, answering as the stub does).
@Suite("The search lesson and its exports")
struct LessonSearchExampleTests {
    static func example(_ name: String) throws -> String {
        try LessonExports.example(name)
    }

    @Test func theLessonRunsAndItsTranscriptAndDiagramsAreCurrent() async throws {
        #expect(try Self.example("lesson-search.rsh").contains("\n:pause"), "written for --step, with pauses")
        let exports = try await LessonExports.export("lesson-search")
        #expect(exports.stdout.hasSuffix("\n11 passed, 0 failed, 0 errors\n"), "\(exports.stdout)")
        try exports.expectCheckedInFilesAreCurrent()
        try exports.expectOneLifelinePerReactorAndOneArrowPerAction(reactors: ["github-search"], focused: "github-search")
    }

    @Test func theLessonShowsTheCancellationAndThePaging() throws {
        let golden = try Self.example("lesson-search.out")
        #expect(golden.contains("\n  ⊘ effect #2 of updateQuery(\"sw\") cancelled by updateQuery(\"swift\")\n"))
        #expect(golden.contains("\n  · appendRepos([], nextPage: nil)\n      nextPage: 4 → nil\n"))
        // A page load whose search a newer query cancelled before it started: shown, and the
        // flag still lowered.
        #expect(golden.contains(
            "\n  ⊘ effect #12 of loadNextPage cancelled by updateQuery(\"swift\")\n  · setLoadingNextPage(false)  ← effect #11 of loadNextPage\n"))
        #expect(golden.contains("\n  10  loadNextPage\n        · setLoadingNextPage(true)\n        · setLoadingNextPage(false)\n        ⊘ effect #12 cancelled by updateQuery(\"swift\")\n"))
        // Eleven steps: the numbers are two wide, step 2 is indented by one more.
        #expect(golden.contains("\n   2  updateQuery \"sw\"\n        · setQuery(\"sw\")\n        ⊘ effect #2 cancelled by updateQuery(\"swift\")\n"))
        let transcript = try Self.example("lesson-search.md")
        #expect(transcript.contains("\nA newer query cancels the search still in flight (flatMapLatest in ReactorKit).\n"))
        #expect(transcript.contains("⊘ effect #2 of updateQuery(\"sw\") cancelled by updateQuery(\"swift\")"))
        let diagram = try Self.example("lesson-search.mmd")
        #expect(diagram.hasPrefix("sequenceDiagram\n    actor User\n    participant github_search as github-search\n"))
        #expect(diagram.contains("cancelled by updateQuery(\"swift\")"))
        #expect(try Self.example("lesson-search.svg").contains("⊘ effect #2 of updateQuery(&quot;sw&quot;) cancelled by updateQuery(&quot;swift&quot;)"))
        #expect(try Self.example("lesson-search.svg").contains("⊘ effect #12 of loadNextPage cancelled by updateQuery(&quot;swift&quot;)"))
        #expect(diagram.contains("⊘ effect #35;12 of loadNextPage cancelled by updateQuery(\"swift\")"))
    }

    @Test func aCassetteRecordedAtHomeGivesTheLessonOffline() async throws {
        let lesson = try Self.example("lesson-search.rsh")
        let golden = try Self.example("lesson-search.out")
        try await withWorkspace { workspace in
            let server = try LoopbackHTTPServer.gitHubSearch { query, page in
                (1...3).contains(page) ? (1...3).map { "\(query)\(3 * (page - 1) + $0)" } : []
            }
            // At home: the lesson's searches go to the server and are kept (the output may differ
            // from the stub's, whose latency it does not have).
            _ = try await workspace.run(lesson, named: "lesson-search.rsh", options: [
                "--fetcher", "record", "--cassette", "search.json", "--github-api-url", server.baseURL,
            ])
            server.stop()
            #expect(server.requests.contains { $0.query("q") == "swift" && $0.query("page") == "4" })
            // In class, without the server: the same run as with the stub, line for line.
            let replayed = try await workspace.shell(
                ["run", "--fetcher", "replay", "--cassette", "search.json", "lesson-search.rsh"])
            #expect(replayed.status == 0, "\(replayed.transcript)")
            #expect(replayed.stdout == golden, "\(replayed.transcript)")
        }
    }
}
