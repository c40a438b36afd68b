import ReactorCore

/// The offline back end of github-search: canned pages after a simulated latency on a
/// ``ReactorClock`` (the shell's clock, so a virtual clock makes the latency free and deterministic).
///
/// For query `q`, page `p` in 1…3 holds `["q(3p-2)", "q(3p-1)", "q(3p)"]` — page 1 of `swift` is
/// `["swift1", "swift2", "swift3"]` — and every later page is empty.
@MainActor
public final class StubRepositoryFetcher: RepositoryFetcher {
    /// The number of non-empty pages for every query.
    public nonisolated static let pageCount = 3
    /// The number of repositories on a non-empty page.
    public nonisolated static let pageSize = 3
    /// The simulated latency of one request.
    public nonisolated static let defaultLatency: Duration = .milliseconds(300)

    /// The clock the latency is spent on.
    public let clock: any ReactorClock
    /// The simulated latency of one request.
    public let latency: Duration

    /// A stub that answers after `latency` on `clock`.
    public init(clock: any ReactorClock, latency: Duration = StubRepositoryFetcher.defaultLatency) {
        self.clock = clock
        self.latency = latency
    }

    /// The canned page `page` of `query`, after ``latency``; throws `CancellationError` when the
    /// calling task is cancelled while waiting.
    public func searchRepositories(query: String, page: Int) async throws -> [String] {
        try await clock.sleep(for: latency)
        return Self.page(page, of: query)
    }

    /// The canned page `page` of `query`, without waiting.
    public nonisolated static func page(_ page: Int, of query: String) -> [String] {
        guard (1...pageCount).contains(page) else { return [] }
        let last = page * pageSize
        return ((last - pageSize + 1)...last).map { "\(query)\($0)" }
    }
}
