import ArgumentParser

extension OutputFormat: ExpressibleByArgument {}
extension ColorMode: ExpressibleByArgument {}

/// `--virtual-clock` / `--real-clock`.
enum ClockFlag: String, EnumerableFlag {
    case virtualClock
    case realClock

    static func help(for value: ClockFlag) -> ArgumentHelp? {
        switch value {
        case .virtualClock: "Delays cost no wall time (default in batch mode)."
        case .realClock: "Delays take wall time (default interactively)."
        }
    }
}

/// Options that shape a session, shared by the interactive shell, `run`, `test`, `explore` and
/// `check` (the live view's are ``LiveViewOptions``, the shell's and `run`'s only). The registry entries'
/// own options (``RegistryOption``) are not here: they are taken out of the command line first.
struct SessionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Registry entry to load at start (default: the first).", valueName: "name"),
            completion: .custom { _, _, _ in LaunchContext.registryNames })
    var reactor: String?

    @Option(name: .customLong("max-line-length"), parsing: .unconditional,
            help: ArgumentHelp(
                "Longest input line, \(NumericSetting.maximumLineLength.bounds), e.g. 4096 or 16MiB (default 1MiB); a longer one is an error.",
                valueName: "bytes"))
    var maximumLineLength: String?

    @Option(help: ArgumentHelp("Output format.", valueName: "text|json"))
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("Colour: auto (terminal, NO_COLOR unset or empty, TERM not dumb), always, never.",
                               valueName: "auto|always|never"))
    var color: ColorMode = .auto

    @Flag(name: .customLong("no-diff"), help: "Do not print diffs after reductions.")
    var noDiff = false

    @Flag(help: "Also show each effect's life: started, cancelled, finished (as :set trace on).")
    var trace = false

    @Option(name: .customLong("history-file"),
            help: ArgumentHelp(
                "History file (env \(LaunchContext.identity.historyVariable); default $XDG_STATE_HOME/\(LaunchContext.identity.name)/history). "
                    + "Env \(LaunchContext.identity.historySizeVariable): entries kept, \(NumericSetting.historySize("").bounds), default \(HistoryStore.defaultLimit).",
                valueName: "path"),
            completion: .file())
    var historyFile: String?

    @Flag(exclusivity: .exclusive)
    var clock: ClockFlag?

    @Option(name: .customLong("time-travel-memory"), parsing: .unconditional,
            help: ArgumentHelp(
                "Memory for each reactor's :undo history, \(NumericSetting.timeTravelMemory.bounds), e.g. 64MiB (the default), 512KiB, 0.",
                valueName: "size"))
    var timeTravelMemory: String?

    /// The numeric options, each with its text as typed.
    private var numericOptions: [(NumericSetting, String?)] {
        [(.maximumLineLength, maximumLineLength), (.timeTravelMemory, timeTravelMemory)]
    }

    func validate() throws {
        try NumericSetting.validate(numericOptions)
    }

    /// The configuration these options describe, in a process with `environment`.
    func configuration(environment: [String: String]) -> ShellConfiguration {
        var config = ShellConfiguration()
        config.environment = environment
        config.initialReactor = reactor
        if let bytes = NumericSetting.maximumLineLength.value(maximumLineLength) {
            config.maximumLineLength = bytes
        }
        config.format = format
        config.color = color
        config.showDiffs = !noDiff
        config.trace = trace
        config.historyFile = historyFile
        if let bytes = NumericSetting.timeTravelMemory.value(timeTravelMemory) {
            config.timeTravelMemory = bytes
        }
        switch clock {
        case .virtualClock: config.clock = .virtual
        case .realClock: config.clock = .real
        case nil: config.clock = nil
        }
        return config
    }
}
