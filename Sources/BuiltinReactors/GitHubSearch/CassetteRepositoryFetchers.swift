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

/// A fetcher that cannot search, saying why each time (`--fetcher record` without `--cassette`).
struct UnusableFetcher: RepositoryFetcher {
    /// Why.
    let problem: String

    func searchRepositories(query: String, page: Int) async throws -> [String] {
        throw RepositoryFetchError(.cassette, message: problem)
    }
}
