import ReactorShell

extension GitHubSearchReactor {
    /// The API's base URL when neither `--github-api-url` nor `GITHUB_API_URL` gives one.
    nonisolated public static let defaultAPIURL = "https://api.github.com"

    /// The settings the `github-search` entry brings to a shell: `--fetcher`, `--cassette`,
    /// `--github-api-url` (env `GITHUB_API_URL`), `--network-timeout` and env `GITHUB_TOKEN`.
    nonisolated public static let options: [RegistryOption] = [
        .githubFetcher, .githubCassette, .githubAPIURL, .githubNetworkTimeout, .githubToken,
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
            return networkFetcher(for: context)
        case .record:
            guard let path = context.option(RegistryOption.githubCassette.name) else {
                return UnusableFetcher(problem: "--fetcher record needs --cassette FILE (where to keep the answers)")
            }
            return CassetteRecordingFetcher(
                path: path, network: networkFetcher(for: context), token: context.option(RegistryOption.githubToken.name))
        case .replay:
            guard let path = context.option(RegistryOption.githubCassette.name) else {
                return UnusableFetcher(problem: "--fetcher replay needs --cassette FILE (the answers to give)")
            }
            return CassetteReplayFetcher(path: path, clock: context.scheduler.clock)
        }
    }

    /// GitHub's API at `--github-api-url` with `GITHUB_TOKEN` and `--network-timeout`.
    @MainActor
    private static func networkFetcher(for context: SceneContext) -> NetworkRepositoryFetcher {
        NetworkRepositoryFetcher(
            baseURL: context.option(RegistryOption.githubAPIURL.name) ?? defaultAPIURL,
            token: context.option(RegistryOption.githubToken.name),
            timeout: context.option(RegistryOption.githubNetworkTimeout.name).flatMap(DurationSyntax.parse)
                ?? NetworkRepositoryFetcher.defaultTimeout
        )
    }
}
