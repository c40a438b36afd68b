import ReactorShell
import StateDiff

/// The search's actions and mutations label themselves: the text the shell's reflection gives
/// (`setRepos(["a/b", "c/d"], nextPage: 2)`, `updateQuery(nil)`; pinned by a test at three
/// limits), written directly, so that every distinct query and page of results is not reflected
/// on (a `Mirror` walk of the repository list per mutation).
extension GitHubSearchReactor.Action: CustomMutationLabel {
    public var mutationLabel: String {
        switch self {
        case .updateQuery(let query): "updateQuery(\(Self.optionalLiteral(query)))"
        case .loadNextPage: "loadNextPage"
        }
    }

    static func optionalLiteral(_ text: String?) -> String {
        text.map { StateValue.string($0).literal() } ?? "nil"
    }
}

extension GitHubSearchReactor.Mutation: CustomMutationLabel {
    public var mutationLabel: String {
        switch self {
        case .setQuery(let query): "setQuery(\(GitHubSearchReactor.Action.optionalLiteral(query)))"
        case .setRepos(let repos, let nextPage): Self.reposLabel("setRepos", repos, nextPage)
        case .appendRepos(let repos, let nextPage): Self.reposLabel("appendRepos", repos, nextPage)
        case .setLoadingNextPage(let isLoading): isLoading ? "setLoadingNextPage(true)" : "setLoadingNextPage(false)"
        case .setError(let message): "setError(\(GitHubSearchReactor.Action.optionalLiteral(message)))"
        }
    }

    /// `name([…], nextPage: N)`. As reflection does, the list stops once the text is long enough
    /// to be cut to the label limit (a page of results is not written out whole), and so does the
    /// page when the list alone filled it.
    private static func reposLabel(_ name: String, _ repos: [String], _ nextPage: Int?) -> String {
        let enough = MutationLabel.defaultLimit * 4
        var label = name + "(["
        for (index, repo) in repos.enumerated() {
            if label.utf8.count > enough { break }
            if index > 0 { label += ", " }
            label += StateValue.string(repo).literal()
        }
        label += "]"
        if label.utf8.count <= enough {
            label += ", nextPage: "
            label += nextPage.map(String.init) ?? "nil"
        }
        return label + ")"
    }
}
