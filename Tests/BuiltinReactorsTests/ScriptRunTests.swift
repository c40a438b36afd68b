import BuiltinReactors
import Foundation
import ReactorShell
import Testing
import TestSupport

/// Runs shell scripts against the built-in registry in-process, the way `reactor-shell run` does.
@MainActor
struct ScriptRun {
    let session: ShellSession
    private(set) var output: [String] = []
    /// The errors it printed (on stderr), in order.
    private(set) var errors: [String] = []

    /// Runs `script` line by line on a batch session (virtual clock) with `configuration`; with
    /// `startsInScene`, in the configuration's initial scene, as `reactor-shell run` starts.
    static func run(
        _ script: String, name: String = "test.rsh", configuration: ShellConfiguration = ShellConfiguration(),
        startsInScene: Bool = false
    ) async -> ScriptRun {
        let sink = OutputSink()
        let collected = OutputCollector()
        sink.interceptor = { collected.lines.append($0) }
        sink.errorInterceptor = { collected.errors.append($0) }
        let session = ShellSession(registry: .builtins, configuration: configuration, sink: sink, interactive: false)
        if startsInScene { _ = session.loadInitialScene() }
        var number = 0
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            _ = await session.execute(line: String(line), origin: LineOrigin(source: name, line: number), waitAfterAction: true)
        }
        var run = ScriptRun(session: session)
        run.output = collected.lines
        run.errors = collected.errors
        return run
    }

    /// The whole output as one text.
    var text: String { output.joined(separator: "\n") }
}

/// Collects the lines a session prints.
@MainActor
final class OutputCollector {
    var lines: [String] = []
    var errors: [String] = []
}

@MainActor
@Suite("scripts against the built-in registry")
struct ScriptRunTests {
    /// The repository's `examples/` folder.
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples")

    @Test(arguments: ["counter", "github-search", "scoreboard", "board", "tour"])
    func everyExampleScriptMeetsAllItsExpectations(name: String) async throws {
        let file = Self.examples.appendingPathComponent("\(name).rsh")
        let script = try String(contentsOf: file, encoding: .utf8)

        let run = await ScriptRun.run(script, name: file.path)

        #expect(run.session.failed == 0)
        #expect(run.session.passed >= 10)
        #expect(run.session.hadFailure == false)
    }

    @Test func aNewerQueryTypedWhileTheOlderOneIsInFlightIsTheOnlyOneApplied() async {
        let run = await ScriptRun.run("""
            :use github-search
            updateQuery sw &
            updateQuery swift
            :expect repos == ["swift1", "swift2", "swift3"]
            """)

        #expect(run.session.passed == 1)
        #expect(run.session.failed == 0)
        #expect(!run.text.contains("sw1"))
        #expect(run.text.split(separator: "\n").filter { $0.contains("setRepos") } == [#"  · setRepos(["swift1", "swift2", "swift3"], nextPage: 2)"#])
    }

    @Test func theNetworkFetcherIsUsedWhenConfiguredAndItsFailuresBecomeLastError() async throws {
        let server = try LoopbackHTTPServer { request in
            switch request.query("q") {
            case "swift": .gitHubSearchPage(["apple/swift", "swiftlang/swift-format"])
            case "limited": .gitHubRateLimited(status: 429)
            default: .gitHubError(status: 500, message: "Server Error")
            }
        }
        defer { server.stop() }
        var configuration = ShellConfiguration()
        configuration.options = ["fetcher": "network", "github-api-url": server.baseURL, "GITHUB_TOKEN": "ghp_doNotPrintMe"]

        let run = await ScriptRun.run("""
            :use github-search
            updateQuery swift
            :expect repos == ["apple/swift", "swiftlang/swift-format"]
            :expect nextPage == 2
            updateQuery broken
            :expect lastError contains "HTTP 500"
            :expect repos.count == 0
            updateQuery limited
            :expect lastError contains "rate limit"
            updateQuery swift
            :expect lastError == nil
            :state
            """, configuration: configuration)

        #expect(run.session.passed == 6)
        #expect(run.session.failed == 0)
        #expect(server.requests.count == 4)
        #expect(server.requests.allSatisfy { $0.header("Authorization") == "Bearer ghp_doNotPrintMe" })
        #expect(!run.text.contains("ghp_doNotPrintMe"))
    }

    @Test func boardFocusesTheListAndWriteIsReachableByName() async {
        let run = await ScriptRun.run("""
            :use board
            write.updateTitle "Hello"
            write.submit
            :expect posts[0].title == "Hello"
            :expect write:isDismissed == true
            """)

        #expect(run.session.focusedReactorName == "board")
        #expect(run.session.reactorNames == ["board", "write"])
        #expect(run.session.passed == 2)
        #expect(run.session.failed == 0)
    }
}
