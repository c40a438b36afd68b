import BuiltinReactors
import ReactorCore
import ReactorShell
import Testing

@MainActor
@Suite("the built-in registry")
struct BuiltinRegistryTests {
    private func makeContext(fetcher: FetcherKind = .stub) -> SceneContext {
        var configuration = ShellConfiguration()
        configuration.options["fetcher"] = fetcher.rawValue
        return SceneContext(scheduler: .virtual(), configuration: configuration)
    }

    @Test func theEntriesAreNamedAsTheSpecSaysInOrderWithOneLineSummaries() {
        let registry = Registry.builtins
        #expect(registry.names == ["counter", "github-search", "scoreboard", "board"])
        for entry in registry.entries {
            #expect(!entry.summary.isEmpty)
            #expect(!entry.summary.contains("\n"))
        }
    }

    @Test func eachSceneNamesItsReactorsWithTheFocusedOneFirst() {
        let context = makeContext()
        let names = Registry.builtins.entries.map { entry in entry.makeScene(context).reactors.map(\.name) }
        #expect(names == [["counter"], ["github-search"], ["scoreboard"], ["board", "write"]])
    }

    @Test func theCommandsAreDeclaredWithTheSpecsNames() {
        let context = makeContext()
        var commands: [String: [String]] = [:]
        for entry in Registry.builtins.entries {
            for reactor in entry.makeScene(context).reactors {
                commands[reactor.name] = CommandNames.of(reactor)
            }
        }
        #expect(commands == [
            "counter": ["increase", "decrease"],
            "github-search": ["updateQuery", "loadNextPage"],
            "scoreboard": ["homeScore", "awayScore", "resetScore", "setScore"],
            "board": ["refresh", "delete", "rename"],
            "write": ["updateTitle", "updateContent", "submit"],
        ])
    }

    @Test func everyReactorOfASceneRunsOnTheContextsScheduler() throws {
        let context = makeContext()
        let builtins = Registry.builtins
        let counter = try #require(builtins.entry(named: "counter")?.makeScene(context).reactors.first as? ReactorHandle<CounterReactor>)
        let search = try #require(builtins.entry(named: "github-search")?.makeScene(context).reactors.first as? ReactorHandle<GitHubSearchReactor>)
        let score = try #require(builtins.entry(named: "scoreboard")?.makeScene(context).reactors.first as? ReactorHandle<Scoreboard.ScoreStore>)
        let board = try #require(builtins.entry(named: "board")?.makeScene(context).reactors)
        let list = try #require(board.first as? ReactorHandle<BoardReactor>)
        let write = try #require(board.last as? ReactorHandle<WriteReactor>)

        #expect(counter.reactor.scheduler === context.scheduler)
        #expect(search.reactor.scheduler === context.scheduler)
        #expect(score.reactor.scheduler === context.scheduler)
        #expect(list.reactor.scheduler === context.scheduler)
        #expect(write.reactor.scheduler === context.scheduler)
    }

    @Test func eachSceneIsFreshAndBoardsReactorsShareOneNewService() throws {
        let context = makeContext()
        let entry = try #require(Registry.builtins.entry(named: "board"))
        let first = entry.makeScene(context).reactors
        let second = entry.makeScene(context).reactors
        let list = try #require(first[0] as? ReactorHandle<BoardReactor>)
        let write = try #require(first[1] as? ReactorHandle<WriteReactor>)
        let otherList = try #require(second[0] as? ReactorHandle<BoardReactor>)

        #expect(list.reactor.service === write.reactor.service)
        #expect(list.reactor.service !== otherList.reactor.service)
    }

    @Test func theSearchUsesTheStubOnTheScenesClockOrTheNetworkFetcherAsConfigured() throws {
        let stubContext = makeContext(fetcher: .stub)
        let stub = try #require(GitHubSearchReactor.makeFetcher(for: stubContext) as? StubRepositoryFetcher)
        #expect(stub.clock === stubContext.scheduler.clock)

        var configuration = ShellConfiguration()
        configuration.options = ["fetcher": "network", "github-api-url": "http://127.0.0.1:9"]
        let network = GitHubSearchReactor.makeFetcher(for: SceneContext(scheduler: .virtual(), configuration: configuration))
        #expect((network as? NetworkRepositoryFetcher)?.baseURL == "http://127.0.0.1:9")

        // Nothing set (a configuration built by hand): the stub, and GitHub's API for the network.
        #expect(GitHubSearchReactor.makeFetcher(for: SceneContext(scheduler: .virtual(), configuration: ShellConfiguration())) is StubRepositoryFetcher)
        configuration.options = ["fetcher": "network"]
        let defaulted = GitHubSearchReactor.makeFetcher(for: SceneContext(scheduler: .virtual(), configuration: configuration))
        #expect((defaulted as? NetworkRepositoryFetcher)?.baseURL == "https://api.github.com")
    }

    @Test func onlyGitHubSearchBringsOptionsAndTheyAreItsFetcherCassetteURLTimeoutAndToken() {
        #expect(Registry.builtins.entries.filter { !$0.options.isEmpty }.map(\.name) == ["github-search"])
        #expect(Registry.builtins.options.map(\.name) == ["fetcher", "cassette", "github-api-url", "network-timeout", "GITHUB_TOKEN"])
        #expect(Registry.builtins.options.map(\.environmentVariable) == [nil, nil, "GITHUB_API_URL", nil, "GITHUB_TOKEN"])
        #expect(Registry.builtins.options.map(\.isCommandLineOption) == [true, true, true, true, false])
    }
}

/// Reads the command names of a scene's reactor.
enum CommandNames {
    @MainActor
    static func of(_ reactor: any ShellReactor) -> [String] {
        reactor.commandTable.signatures.map(\.name)
    }
}
