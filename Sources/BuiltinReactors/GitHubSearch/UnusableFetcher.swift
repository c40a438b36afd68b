import ReactorCore
import ReactorShell

/// A fetcher that cannot search, saying why each time (`--fetcher record` without `--cassette`).
struct UnusableFetcher: RepositoryFetcher {
    /// Why.
    let problem: String

    func searchRepositories(query: String, page: Int) async throws -> [String] {
        throw RepositoryFetchError(.cassette, message: problem)
    }
}
