import ReactorShell

extension GitHubSearchReactor {
    /// What `reactor-shell explore` checks on the search (with any fetcher).
    public nonisolated static let invariants: [ExploreInvariant] = [
        .expectWhenQuiescent("isLoadingNextPage == false"),
        ExploreInvariant("nextPage is nil or a page after the first") { probe in
            guard let page = ExploreChecks.int(probe, "nextPage"), page < 2 else { return nil }
            return ExploreViolation(expectation: "nextPage != \(page)", detail: "nextPage is \(page)")
        },
    ]
}
