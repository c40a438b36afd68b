import ReactorShell

extension GitHubSearchReactor {
    /// The shell commands of github-search: `updateQuery` (a string or `nil`) and `loadNextPage`.
    public static let commands: [ActionCommand<Action>] = [
        ActionCommand(
            "updateQuery", doc: "Searches page 1 for a query (nil or \"\" clears); cancels a search in flight.",
            parameters: [.optionalString("query")]
        ) { args in .updateQuery(try args.optionalString("query")) },
        ActionCommand("loadNextPage", doc: "Appends the next page of results, unless loading or at the end.") { _ in
            .loadNextPage
        },
    ]
}
