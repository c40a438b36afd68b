/// A back end of the github-search reactor: finds repositories for a query, one page at a time.
///
/// Two implementations exist: the offline stub (the default, which needs no network) and
/// ``NetworkRepositoryFetcher``, which asks GitHub's REST API.
public protocol RepositoryFetcher: Sendable {
    /// Returns the `full_name`s (`owner/name`) of the repositories on page `page` (1-based) of the
    /// search for `query`; an empty array when there are no more results.
    ///
    /// Throws ``RepositoryFetchError`` when the search fails, and `CancellationError` when the
    /// calling task is cancelled before the page arrives.
    func searchRepositories(query: String, page: Int) async throws -> [String]
}
