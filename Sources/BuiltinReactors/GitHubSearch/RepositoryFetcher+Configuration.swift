import ReactorShell

/// Which back end the GitHub search uses (`--fetcher`).
public enum FetcherKind: String, Sendable, CaseIterable {
    /// The offline stub (default).
    case stub
    /// Real HTTP to the GitHub API (or `--github-api-url`).
    case network
}

extension RegistryOption {
    /// `--fetcher stub|network`: the GitHub search back end.
    public static let githubFetcher = RegistryOption.option(
        "fetcher", valueName: "stub|network", help: "GitHub search back end: stub (offline) or network.",
        values: FetcherKind.allCases.map(\.rawValue), defaultValue: FetcherKind.stub.rawValue)

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
        usedWhen: { settings in settings[RegistryOption.githubFetcher.name] == FetcherKind.network.rawValue })

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

extension GitHubSearchReactor {
    /// The API's base URL when neither `--github-api-url` nor `GITHUB_API_URL` gives one.
    nonisolated public static let defaultAPIURL = "https://api.github.com"

    /// The settings the `github-search` entry brings to a shell: `--fetcher`, `--github-api-url`
    /// (env `GITHUB_API_URL`), `--network-timeout` and env `GITHUB_TOKEN`.
    nonisolated public static let options: [RegistryOption] = [
        .githubFetcher, .githubAPIURL, .githubNetworkTimeout, .githubToken,
    ]

    /// The back end a scene's settings ask for: the offline stub on the scene's clock
    /// (`--fetcher stub`, the default) or GitHub's API at `--github-api-url` with `GITHUB_TOKEN`
    /// (`--fetcher network`).
    @MainActor
    public static func makeFetcher(for context: SceneContext) -> any RepositoryFetcher {
        switch context.option(RegistryOption.githubFetcher.name).flatMap(FetcherKind.init(rawValue:)) ?? .stub {
        case .stub:
            return StubRepositoryFetcher(clock: context.scheduler.clock)
        case .network:
            return NetworkRepositoryFetcher(
                baseURL: context.option(RegistryOption.githubAPIURL.name) ?? defaultAPIURL,
                token: context.option(RegistryOption.githubToken.name),
                timeout: context.option(RegistryOption.githubNetworkTimeout.name).flatMap(DurationSyntax.parse)
                    ?? NetworkRepositoryFetcher.defaultTimeout
            )
        }
    }
}
