import ReactorShell

extension RegistryOption {
    /// `--fetcher stub|network|record|replay`: the GitHub search back end.
    public static let githubFetcher = RegistryOption.option(
        "fetcher", valueName: "stub|network|record|replay",
        help: "GitHub search back end: stub (offline), network, record (network, kept in --cassette) or replay (--cassette, offline).",
        values: FetcherKind.allCases.map(\.rawValue), defaultValue: FetcherKind.stub.rawValue)

    /// `--cassette FILE`: where `--fetcher record` keeps the answers and `--fetcher replay` reads them.
    public static let githubCassette = RegistryOption.option(
        "cassette", valueName: "file", help: "The GitHub answers --fetcher record keeps and --fetcher replay gives (JSON).")

    /// `--github-api-url URL` (env `GITHUB_API_URL`): the GitHub API's base URL. A URL the
    /// network fetcher could not use is a usage error before anything runs when typed on the
    /// command line (SPEC §6); from the environment it matters only where it is used: loading
    /// github-search with `--fetcher network` fails with the same message.
    public static let githubAPIURL = RegistryOption.option(
        "github-api-url", valueName: "url", help: "GitHub API base URL.", environment: "GITHUB_API_URL",
        defaultValue: GitHubSearchReactor.defaultAPIURL,
        validate: { url in
            do throws(RepositoryFetchError) {
                try NetworkRepositoryFetcher.validate(baseURL: url)
                return nil
            } catch {
                return error.message
            }
        },
        usedWhen: { settings in
            [FetcherKind.network.rawValue, FetcherKind.record.rawValue].contains(settings[RegistryOption.githubFetcher.name])
        })

    /// `--network-timeout DURATION`: the limit of one request (10 s, which is also the most:
    /// the shell's wait after an action allows 11 s, and the request's own timeout must come
    /// first so that it ends in `lastError`).
    public static let githubNetworkTimeout = RegistryOption.option(
        "network-timeout", valueName: "duration", help: "Limit of one GitHub request, at most 10s (the default).",
        defaultValue: "10s",
        validate: { text in
            guard let duration = DurationSyntax.parse(text), duration > .zero,
                  duration <= NetworkRepositoryFetcher.defaultTimeout
            else { return "expected a duration above 0 and at most 10s, such as 500ms or 5s" }
            return nil
        })

    /// env `GITHUB_TOKEN`: a bearer token for the GitHub API, never printed.
    public static let githubToken = RegistryOption.environment(
        "GITHUB_TOKEN", help: "Bearer token sent to the GitHub API; never printed.")
}
