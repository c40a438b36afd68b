import Testing
@testable import ReactorShell
import BuiltinReactors

/// The search's own labels are what reflection gives (cut to the same limit).
@Suite("github-search labels")
struct GitHubSearchLabelTests {
    @Test func eachActionAndMutationLabelsItselfAsReflectionWould() {
        let page = (1...30).map { "owner\($0)/repository-\($0)" }
        let odd = ["say \"hi\"\\\n", "👋🏽/é\t", ""]
        let long = [String(repeating: "x", count: 400)]
        let actions: [GitHubSearchReactor.Action] = [.updateQuery("swift"), .updateQuery(nil), .updateQuery(""), .updateQuery("a \"b\"\n"), .loadNextPage]
        var mutations: [GitHubSearchReactor.Mutation] = [
            .setQuery("swift"), .setQuery(nil), .setLoadingNextPage(true), .setLoadingNextPage(false),
            .setError("The request timed out."), .setError(nil),
        ]
        for repos in [[], ["a/b"], odd, page, long, Array(page.prefix(9))] {
            for nextPage in [nil, 2, Int.max] {
                mutations.append(.setRepos(repos, nextPage: nextPage))
                mutations.append(.appendRepos(repos, nextPage: nextPage))
            }
        }
        for limit in [20, 80, 200] {
            for action in actions {
                #expect(MutationLabel.shortened(action.mutationLabel, limit: limit) == reflected(action, limit: limit))
            }
            for mutation in mutations {
                #expect(MutationLabel.shortened(mutation.mutationLabel, limit: limit) == reflected(mutation, limit: limit))
            }
        }
        #expect(GitHubSearchReactor.Mutation.setRepos(["a/b", "c/d"], nextPage: 2).mutationLabel == #"setRepos(["a/b", "c/d"], nextPage: 2)"#)
        #expect(GitHubSearchReactor.Action.updateQuery(nil).mutationLabel == "updateQuery(nil)")
    }
}
