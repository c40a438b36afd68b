import ReactorShell

extension GitHubSearchReactor {
    /// The back end a shell's configuration asks for: the offline stub on the scene's clock
    /// (`--fetcher stub`, the default) or GitHub's API at `githubAPIURL` with `githubToken`
    /// (`--fetcher network`).
    @MainActor
    public static func makeFetcher(for context: SceneContext) -> any RepositoryFetcher {
        switch context.configuration.fetcher {
        case .stub:
            return StubRepositoryFetcher(clock: context.scheduler.clock)
        case .network:
            return NetworkRepositoryFetcher(
                baseURL: context.configuration.githubAPIURL,
                token: context.configuration.githubToken,
                timeout: context.configuration.networkTimeout
            )
        }
    }
}
