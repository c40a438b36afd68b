import ReactorCore
import ReactorShell

/// `--fetcher record --cassette FILE`: searches GitHub as `--fetcher network` does and keeps
/// each answer in the cassette file (rewritten whole after each, never the token), so that a
/// lesson can be given later without the network (``CassetteReplayFetcher``). A cassette that
/// exists is added to; one that cannot be read is left alone and each search says why.
@MainActor
public final class CassetteRecordingFetcher: RepositoryFetcher {
    /// The cassette file.
    public let path: String
    private let network: NetworkRepositoryFetcher
    private let token: String?
    private var cassette: Result<SearchCassette, RepositoryFetchError>?

    /// A recorder into the cassette at `path` of what `network` (asked with `token`) answers.
    public init(path: String, network: NetworkRepositoryFetcher, token: String?) {
        self.path = path
        self.network = network
        self.token = token
    }

    /// The page from the network, kept in the cassette before it is read.
    public func searchRepositories(query: String, page: Int) async throws -> [String] {
        if case .success = cassette {} else {
            cassette = Result { () throws(RepositoryFetchError) in try SearchCassette.load(path, missingIsEmpty: true) }
        }
        _ = try cassette?.get()
        let (answer, authority) = try await network.answer(query: query, page: page)
        // Read again after the wait: another search may have kept its answer meanwhile.
        guard var kept = try cassette?.get() else { return [] }
        kept.record(query: query, page: page, authority: authority, answer: answer, hiding: token)
        cassette = .success(kept)
        if let failure = FileReplacement.write(kept.text, to: path) {
            throw RepositoryFetchError(.cassette, message: "cannot write the cassette '\(path)': \(failure.reason)")
        }
        return try GitHubSearchResponse.fullNames(of: answer, authority: authority)
    }
}
