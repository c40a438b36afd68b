import ReactorShell

/// Which back end the GitHub search uses (`--fetcher`).
public enum FetcherKind: String, Sendable, CaseIterable {
    /// The offline stub (default).
    case stub
    /// Real HTTP to the GitHub API (or `--github-api-url`).
    case network
    /// Real HTTP, each answer kept in `--cassette FILE`.
    case record
    /// The answers kept in `--cassette FILE`, offline.
    case replay
}
