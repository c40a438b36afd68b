import ArgumentParser

struct RunCommand: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "run",
        abstract: "Run script files in batch mode (`-` reads standard input).",
        discussion: """
            Each action waits until the scene is quiescent before the next line runs (a line ending \
            in ` &` does not wait). The last line is `N passed, N failed, N errors`, counting \
            :expect lines and the lines that failed (in JSON mode a `summary` event instead).

            Examples:
              \(LaunchContext.identity.name) run examples/tour.rsh
              \(LaunchContext.identity.name) run --bail --echo tests/*.rsh
              \(LaunchContext.identity.name) run --step lesson.rsh          # a key before each line
              \(LaunchContext.identity.name) run --step-delay 2s demo.rsh   # a line every 2 seconds
              cat script.rsh | \(LaunchContext.identity.name) run -
            """
    ) }

    @Flag(help: "Stop at the first failing command.")
    var bail = false

    @Flag(help: "Echo each script line (and the lines of loaded files) before its output.")
    var echo = false

    @Flag(help: ArgumentHelp(
        "Step through the scripts: show each command line and wait for a key (Enter runs it, s skips it, b steps back, c runs the rest, q stops). Needs a terminal on standard input."))
    var step = false

    @Option(name: .customLong("step-delay"), help: ArgumentHelp(
        "Step through the scripts by themselves: each command line runs after this long (e.g. 2s, 1.5s, 800ms) unless a key holds it (Space); the keys of --step work too.",
        valueName: "duration"))
    var stepDelay: String?

    @Option(help: ArgumentHelp(
        "At the end, write the run as a sequence diagram to this file: SVG for a .svg file, Mermaid otherwise (see :help :diagram).",
        valueName: "file.mmd|file.svg"))
    var diagram: String?

    @Option(help: ArgumentHelp(
        "At the end, write the run as a Markdown transcript to this file: each command with the output it showed, comments as prose (see :help :save).",
        valueName: "file.md"))
    var transcript: String?

    @Option(help: ArgumentHelp(
        "At the end, write the live view's page with the run's events inside to this file (opens offline).",
        valueName: "file.html"))
    var html: String?

    @Flag(name: .customLong("serve-exit"),
          help: "Exit when the scripts end, instead of serving the live view on until Ctrl-C. Implies --serve.")
    var serveExit = false

    @OptionGroup var session: SessionOptions

    @OptionGroup var liveView: LiveViewOptions

    @Argument(help: ArgumentHelp("Script files, run in order; `-` is standard input.", valueName: "file"),
              completion: .file())
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Missing script file (use `-` for standard input).") }
        if let stepDelay, DurationSyntax.parse(stepDelay) == nil {
            throw ValidationError(DurationSyntax.errorMessage(stepDelay, command: "--step-delay"))
        }
    }
}
