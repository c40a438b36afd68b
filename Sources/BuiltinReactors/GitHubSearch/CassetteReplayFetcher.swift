import ReactorCore
import ReactorShell

/// `--fetcher replay --cassette FILE`: answers from a recorded cassette, offline, after the
/// stub's latency on the shell's clock (so a newer query cancels an older one as in the room
/// where it was recorded). A request the cassette does not hold fails with
/// `not in the cassette: QUERY page N (FILE)`; a cassette that cannot be read makes every
/// search fail with the reason.
@MainActor
public final class CassetteReplayFetcher: RepositoryFetcher {
    /// The cassette file.
    public let path: String
    /// The clock the latency is spent on.
    public let clock: any ReactorClock
    private var cassette: Result<SearchCassette, RepositoryFetchError>?

    /// A replay of the cassette at `path`, answering after the stub's latency on `clock`.
    public init(path: String, clock: any ReactorClock) {
        self.path = path
        self.clock = clock
    }

    /// The recorded answer for `query`'s page `page`, read as the network fetcher reads one.
    public func searchRepositories(query: String, page: Int) async throws -> [String] {
        let loaded = cassette ?? Result { () throws(RepositoryFetchError) in try SearchCassette.load(path, missingIsEmpty: false) }
        cassette = loaded
        let kept = try loaded.get()
        try await clock.sleep(for: StubRepositoryFetcher.defaultLatency)
        guard let request = kept.request(query: query, page: page) else {
            throw RepositoryFetchError(.cassette, message: "not in the cassette: \(query) page \(page) (\(path))")
        }
        return try GitHubSearchResponse.fullNames(of: request.answer, authority: request.authority)
    }
}
