/// How output is written: human-readable diff blocks, or JSON Lines events.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// The text blocks of SPEC §4.
    case text
    /// One JSON object per line on stdout.
    case json
}

/// When ANSI colour is used.
public enum ColorMode: String, Sendable, CaseIterable {
    /// Only when stdout is a terminal, `NO_COLOR` is unset and `TERM` is not `dumb`.
    case auto
    /// Always.
    case always
    /// Never.
    case never
}

/// Which clock drives effects' delays.
public enum ClockMode: String, Sendable {
    /// Delays cost no wall time; the clock jumps to the next due effect when all else is idle.
    case virtual
    /// Wall-clock time.
    case real
}

/// Which back end the GitHub search uses.
public enum FetcherKind: String, Sendable, CaseIterable {
    /// The offline stub (default).
    case stub
    /// Real HTTP to the GitHub API (or `--github-api-url`).
    case network
}

/// Everything the command line decides about a session. Custom shells may build one directly.
public struct ShellConfiguration: Sendable {
    /// The registry entry loaded at start (`--reactor`); nil loads the registry's first entry.
    public var initialReactor: String?
    /// The GitHub search back end (`--fetcher`).
    public var fetcher: FetcherKind = .stub
    /// Base URL of the GitHub API (`--github-api-url`, env `GITHUB_API_URL`).
    public var githubAPIURL: String = "https://api.github.com"
    /// Bearer token for the GitHub API (env `GITHUB_TOKEN`); never printed.
    public var githubToken: String?
    /// Text or JSON output (`--format`).
    public var format: OutputFormat = .text
    /// Colour policy (`--color`).
    public var color: ColorMode = .auto
    /// Whether diffs are printed after each reduction (`--no-diff` turns them off).
    public var showDiffs: Bool = true
    /// The history file (`--history-file`); nil resolves env and XDG defaults.
    public var historyFile: String?
    /// The clock; nil means the mode's default (virtual in batch, real interactively).
    public var clock: ClockMode?
    /// Stop at the first failure (`run --bail`).
    public var bail: Bool = false
    /// Echo each script line before its output (`run --echo`).
    public var echo: Bool = false
    /// The process environment, as seen at start.
    public var environment: [String: String] = [:]

    /// A configuration with every default.
    public init() {}
}
