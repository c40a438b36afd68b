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

/// Everything the command line decides about a session. Custom shells may build one directly.
public struct ShellConfiguration: Sendable {
    /// The registry entry loaded at start (`--reactor`); nil loads the registry's first entry.
    public var initialReactor: String?
    /// The shell's name and version (help, banner, history path, readline's `$if`).
    public var identity: ShellIdentity = .reactorShell
    /// The values of the registry entries' settings (``RegistryOption``), by name, as the command
    /// line, the environment and the defaults gave them; entries read them through
    /// ``SceneContext/option(_:)``.
    public var options: [String: String] = [:]
    /// The settings whose environment value failed its check but matters only for some uses
    /// (``RegistryOption/usedWhen``): the problem by setting name, reported when an entry that
    /// uses the setting is loaded (``RegistryEntry/loadProblem(with:)``).
    public var deferredOptionProblems: [String: String] = [:]
    /// The longest line read from a script, standard input or the history file, in bytes
    /// (`--max-line-length`, 1 MiB by default); a longer line is an error and is skipped.
    public var maximumLineLength: Int = LineReader.defaultMaximumLineLength
    /// Text or JSON output (`--format`).
    public var format: OutputFormat = .text
    /// Colour policy (`--color`).
    public var color: ColorMode = .auto
    /// Whether diffs are printed after each reduction (`--no-diff` turns them off).
    public var showDiffs: Bool = true
    /// Whether each effect's life is printed from the start (`--trace`, as `:set trace on`).
    public var trace: Bool = false
    /// A script the interactive shell runs before its first prompt (`--init FILE`).
    public var initFile: String?
    /// The history file (`--history-file`); nil resolves env and XDG defaults.
    public var historyFile: String?
    /// The clock; nil means the mode's default (virtual in batch, real interactively).
    public var clock: ClockMode?
    /// Stop at the first failure (`run --bail`).
    public var bail: Bool = false
    /// Echo each script line before its output (`run --echo`).
    public var echo: Bool = false
    /// Step through the scripts, a key before each command line (`run --step`); needs a
    /// terminal on standard input.
    public var step: Bool = false
    /// `run --step-delay DURATION`: a stepping run's pause goes on by itself after this long
    /// unless a key holds it (implies ``step``).
    public var stepDelay: Duration?
    /// Where `run --diagram` writes the run as a sequence diagram, SVG for a `.svg` file and
    /// Mermaid otherwise (nil: nowhere).
    public var diagramFile: String?
    /// Where `run --transcript` writes the run as a Markdown transcript (nil: nowhere).
    public var transcriptFile: String?
    /// Most memory the time-travel history of one reactor is charged, in bytes
    /// (`--time-travel-memory`; default 64 MiB): past it, the oldest steps are forgotten.
    public var timeTravelMemory: Int = Timeline.defaultByteLimit
    /// The live view to start with the session (`--serve`, SPEC §10); nil: none.
    public var liveView: LiveViewSettings?
    /// Where `run --html` writes the live view's page with the run's events inside (nil: nowhere).
    public var htmlFile: String?
    /// The process environment, as seen at start.
    public var environment: [String: String] = [:]

    /// The default limit of `:wait` (SPEC: 10 s).
    public static let defaultWaitLimit: Duration = .seconds(10)

    /// How long the wait after an action may take: 1 s more than `:wait`'s default limit, so that
    /// an effect with a timeout of its own up to that limit (a network request: 10 s at most)
    /// ends in its own error, which a script can check, rather than in the wait's.
    public static let actionWaitLimit: Duration = defaultWaitLimit + .seconds(1)

    /// A configuration with every default.
    public init() {}
}

extension ShellConfiguration {
    /// The error for a line over `limit` bytes.
    static func lineTooLongMessage(_ limit: Int) -> String {
        "line longer than \(limit) bytes (the limit; see --max-line-length); the line was skipped"
    }
}
