import ReactorCore
import ReactorShell

extension RegistryEntry {
    /// `counter`: ReactorKit's Counter — a delayed effect with a loading flag and a Pulse.
    public static let counter = RegistryEntry(
        name: "counter",
        summary: "ReactorKit's Counter: increase/decrease after 500 ms, with a loading flag and a Pulse alert"
    ) { context in
        Scene(ReactorHandle(name: "counter", reactor: CounterReactor(), commands: CounterReactor.commands, context: context))
    }.exploring(invariants: CounterReactor.invariants)

    /// `github-search`: ReactorKit's GitHubSearch — cancellation, paging, a stub or real HTTP back end.
    public static let githubSearch = RegistryEntry(
        name: "github-search",
        summary: "ReactorKit's GitHubSearch: queries that cancel older ones, paging, stub or network back end",
        options: GitHubSearchReactor.options
    ) { context in
        let reactor = GitHubSearchReactor(fetcher: GitHubSearchReactor.makeFetcher(for: context))
        return Scene(ReactorHandle(name: "github-search", reactor: reactor, commands: GitHubSearchReactor.commands, context: context))
    }.exploring(invariants: GitHubSearchReactor.invariants)

    /// `scoreboard`: ReCombine's Scoreboard — a Store built from reducers with combineReducers and forKey.
    public static let scoreboard = RegistryEntry(
        name: "scoreboard",
        summary: "ReCombine's Scoreboard: a Store of two reducers joined with combineReducers and forKey"
    ) { context in
        let store = Scoreboard.makeStore(scheduler: context.scheduler)
        return Scene(ReactorHandle(name: "scoreboard", reactor: store, commands: Scoreboard.commands, context: context))
    }.exploring(invariants: Scoreboard.invariants)

    /// `board`: two reactors (`board`, `write`) sharing a service whose events `board` merges.
    public static let board = RegistryEntry(
        name: "board",
        summary: "A list and an editor sharing a service: board merges its events in transform(mutation:)"
    ) { context in
        let service = BoardService()
        return Scene(
            ReactorHandle(name: "board", reactor: BoardReactor(service: service), commands: BoardReactor.commands, context: context),
            ReactorHandle(name: "write", reactor: WriteReactor(service: service), commands: WriteReactor.commands, context: context)
        )
    }.exploring(
        invariants: BoardReactor.invariants, generators: BoardReactor.generators, acceptedErrors: BoardReactor.acceptedErrors)
}

extension Registry {
    /// The built-in reactors, in order: `counter`, `github-search`, `scoreboard`, `board`.
    public static var builtins: Registry {
        Registry([.counter, .githubSearch, .scoreboard, .board])
    }
}
