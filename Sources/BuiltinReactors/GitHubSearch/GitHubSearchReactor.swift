import ReactorCore

/// ReactorKit's GitHubSearch example: type a query, get page 1 of the matching repositories,
/// scroll for more.
///
/// - `updateQuery q` sets the query and searches page 1; a newer `updateQuery` cancels the search
///   still in flight (ReactorKit's `takeUntil(updateQuery)`), whose result is never applied. An
///   empty or nil query clears the results without a request.
/// - `loadNextPage` is ignored while a page is loading or when there is no next page; otherwise it
///   raises `isLoadingNextPage`, appends the next page, and lowers the flag again — also when a
///   newer query cancels the load.
/// - A failed request sets `lastError` (and, for page 1, empties the results); a success clears it.
public final class GitHubSearchReactor: Reactor {
    /// What the user asks for.
    public enum Action: Sendable, Equatable {
        /// A new query (nil or empty clears the results).
        case updateQuery(String?)
        /// The next page of the current query.
        case loadNextPage
    }

    /// The changes a search is made of.
    public enum Mutation: Sendable, Equatable {
        /// The query typed.
        case setQuery(String?)
        /// Page 1's repositories, and the page to load next (nil when there is none).
        case setRepos([String], nextPage: Int?)
        /// A later page's repositories appended, and the page to load next.
        case appendRepos([String], nextPage: Int?)
        /// Raises or lowers the next-page loading flag.
        case setLoadingNextPage(Bool)
        /// The message of the last failed request, or nil after a success.
        case setError(String?)
    }

    /// The search's state.
    public struct State: Encodable, Sendable, Equatable {
        /// The current query.
        public var query: String?
        /// The repositories found so far (`owner/name`).
        public var repos: [String]
        /// The page `loadNextPage` loads; nil when there are no more.
        public var nextPage: Int?
        /// True while a next page is loading.
        public var isLoadingNextPage: Bool
        /// A one-line message about the last failed request; nil after a success.
        public var lastError: String?

        /// A state with the given fields (by default: no query, nothing found, nothing loading).
        public init(
            query: String? = nil, repos: [String] = [], nextPage: Int? = nil,
            isLoadingNextPage: Bool = false, lastError: String? = nil
        ) {
            self.query = query
            self.repos = repos
            self.nextPage = nextPage
            self.isLoadingNextPage = isLoadingNextPage
            self.lastError = lastError
        }
    }

    /// The cancellation id shared by the page-1 search and next-page loads.
    private enum SearchCancellationID: Hashable, Sendable { case search }

    /// No query, nothing found.
    public let initialState = State()

    /// The pipeline storage.
    public let runtime = ReactorRuntime<GitHubSearchReactor>()

    /// Where repositories come from.
    public let fetcher: any RepositoryFetcher

    /// A search reactor over `fetcher`.
    public init(fetcher: any RepositoryFetcher) {
        self.fetcher = fetcher
    }

    /// Turns an action into its search effect.
    public func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .updateQuery(let query):
            guard let query, !query.isEmpty else {
                return .concatenate(
                    .cancel(id: SearchCancellationID.search),
                    .sequence([.setQuery(query), .setRepos([], nextPage: nil)])
                )
            }
            return .merge(
                .just(.setQuery(query)),
                search(query, page: 1).cancellable(id: SearchCancellationID.search, cancelInFlight: true)
            )
        case .loadNextPage:
            let state = currentState
            guard !state.isLoadingNextPage, let page = state.nextPage, let query = state.query, !query.isEmpty else {
                return .none
            }
            return .concatenate(
                .just(.setLoadingNextPage(true)),
                search(query, page: page).cancellable(id: SearchCancellationID.search),
                .just(.setLoadingNextPage(false))
            )
        }
    }

    /// Fetches `page` of `query` and sends its result: `setRepos` for page 1, `appendRepos` after.
    private func search(_ query: String, page: Int) -> Effect<Mutation> {
        let fetcher = fetcher
        return .run { [weak self] send in
            let outcome: Result<[String], any Error>
            do {
                outcome = .success(try await fetcher.searchRepositories(query: query, page: page))
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                outcome = .failure(error)
            }
            // A newer query cancels this search, even one whose task has not started yet (the
            // runtime registers a concatenation's cancellable parts when the effect is created);
            // what a cancelled search sends is dropped.
            guard let self else { throw CancellationError() }
            switch outcome {
            case .success(let repos):
                let nextPage = repos.isEmpty || page == .max ? nil : page + 1  // no page after Int.max
                send(page == 1 ? .setRepos(repos, nextPage: nextPage) : .appendRepos(repos, nextPage: nextPage))
                if self.currentState.lastError != nil { send(.setError(nil)) }
            case .failure(let error):
                send(.setError(Self.message(for: error)))
                if page == 1 { send(.setRepos([], nextPage: nil)) }
            }
        }
    }

    /// A one-line human message for a failed request.
    static func message(for error: any Error) -> String {
        if let fetchError = error as? RepositoryFetchError { return fetchError.message }
        let text = String(describing: error)
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Applies one mutation.
    public func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setQuery(let query):
            state.query = query
        case .setRepos(let repos, let nextPage):
            state.repos = repos
            state.nextPage = nextPage
        case .appendRepos(let repos, let nextPage):
            state.repos += repos
            state.nextPage = nextPage
        case .setLoadingNextPage(let isLoading):
            state.isLoadingNextPage = isLoading
        case .setError(let message):
            state.lastError = message
        }
        return state
    }
}
