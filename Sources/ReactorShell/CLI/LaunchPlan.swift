import ArgumentParser

/// What the command line asks for, decided before anything runs.
public enum LaunchPlan: Sendable {
    /// The shell on standard input: interactive on a terminal, else a script (same as `run -`).
    case shell(ShellConfiguration)
    /// Batch mode over files in order; `-` is standard input.
    case run(ShellConfiguration, files: [String])
    /// Each script run alone, its output compared with (or written to) its golden file.
    case test(ShellConfiguration, TestRequest)
    /// `explore`: random sequences of an entry's commands, the first failure shrunk to a script.
    case explore(ShellConfiguration, ExploreRequest)
    /// Check script files and directories against the registry without running them.
    case check(ShellConfiguration, paths: [String])
    /// Print the registry.
    case list
    /// Print `text` to stdout (help, version) and exit 0.
    case message(String)
    /// A usage error: print `text` to stderr and exit 2.
    case usageError(String)
}

/// The version of this package, printed by `reactor-shell --version`.
public let reactorShellVersion = "0.2.0"

struct RootCommand: ParsableCommand {
    /// Computed: a custom shell's name and version (``LaunchContext``).
    static var configuration: CommandConfiguration {
        let identity = LaunchContext.identity
        let name = identity.name
        let names = LaunchContext.registryNames
        let first = names.first ?? "NAME"
        let other = names.dropFirst().first ?? first
        let examples = [
            ("\(name)", "interactive, \(first) loaded"),
            ("\(name) --reactor \(other)", "start on another registry entry"),
            ("\(name) run script.rsh", "exit 0 when every :expect holds"),
            ("\(name) run --bail --format json a.rsh b.rsh", ""),
            ("echo ':state' | \(name) --reactor \(first)", ""),
            ("\(name) explore", "random sequences; a failure shrunk to a script"),
            ("\(name) check tests/", "find typos without running"),
            ("\(name) list", "the registry"),
            ("\(name) --init prelude.rsh --trace", ""),
        ]
        let width = examples.filter { !$0.1.isEmpty }.map(\.0.count).max() ?? 0
        let exampleLines = examples.map { command, comment in
            comment.isEmpty ? "  " + command : "  " + command.padded(to: width + 2) + "# " + comment
        }
        return CommandConfiguration(
            commandName: name,
            abstract: identity.abstract,
            discussion: """
                Interactive when standard input is a terminal; otherwise standard input is read as a \
                script (same as `run -`). After every reduction the shell prints what changed in the state.

                Examples:
                \(exampleLines.joined(separator: "\n"))

                `--bail` and `--echo` (see `run --help`) work without `run` too, for a script piped in.

                Exit status: 0 all commands ran and every expectation held; 1 a command failed; 2 usage error.
                Inside the shell, type :help.
                """,
            version: identity.version,
            subcommands: [RunCommand.self, TestCommand.self, ExploreCommand.self, CheckCommand.self, ListCommand.self]
        )
    }

    @OptionGroup var session: SessionOptions

    @Option(name: .customLong("init"),
            help: ArgumentHelp("Run this script first, then give the prompt (interactive only): a prelude for a class.",
                               valueName: "file"),
            completion: .file(extensions: ["rsh"]))
    var initFile: String?
}

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
          help: "With --serve: exit when the scripts end, instead of serving on until Ctrl-C.")
    var serveExit = false

    @OptionGroup var session: SessionOptions

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

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the registry: each reactor's name and summary.")
}

extension LaunchPlan {
    /// Parses command-line `arguments` (without the program name) for the shell `identity` over
    /// `registry`, whose entries' options (``RegistryOption``) are accepted besides the shell's own.
    public static func parse(
        _ arguments: [String], environment: [String: String],
        identity: ShellIdentity = .reactorShell, registry: Registry = Registry([])
    ) -> LaunchPlan {
        LaunchContext.parse(identity: identity, registryNames: registry.names) {
            parseForCurrentShell(arguments, environment: environment, identity: identity, registry: registry)
        }
    }

    private static func parseForCurrentShell(
        _ arguments: [String], environment: [String: String], identity: ShellIdentity, registry: Registry
    ) -> LaunchPlan {
        let settings: RegistryOptionValues
        switch RegistryOptionValues.resolve(
            arguments, options: registry.options, environment: environment, shellName: identity.name) {
        case .success(let values): settings = values
        case .failure(let error): return .usageError(error.text)
        }
        let remaining = settings.remainingArguments
        var plan = planWithoutArgumentParser(remaining, environment: environment)
            ?? parseWithArgumentParser(remaining, environment: environment, registry: registry)
        plan.updateConfiguration { configuration in
            configuration.identity = identity
            configuration.options = settings.values
            configuration.deferredOptionProblems = settings.deferredProblems
        }
        return plan
    }

    /// Applies `change` to the plan's configuration, if it has one.
    mutating func updateConfiguration(_ change: (inout ShellConfiguration) -> Void) {
        switch self {
        case .shell(var configuration):
            change(&configuration)
            self = .shell(configuration)
        case .run(var configuration, let files):
            change(&configuration)
            self = .run(configuration, files: files)
        case .test(var configuration, let request):
            change(&configuration)
            self = .test(configuration, request)
        case .explore(var configuration, let request):
            change(&configuration)
            self = .explore(configuration, request)
        case .check(var configuration, let paths):
            change(&configuration)
            self = .check(configuration, paths: paths)
        case .list, .message, .usageError:
            break
        }
    }

    /// Parses `arguments` with ArgumentParser (any command line, including help and errors);
    /// help and usage texts also show `registry`'s entry options.
    static func parseWithArgumentParser(
        _ arguments: [String], environment: [String: String], registry: Registry = Registry([])
    ) -> LaunchPlan {
        func plan(for error: any Error) -> LaunchPlan {
            let message = RootCommand.fullMessage(for: error)
            let text = arguments.contains("--experimental-dump-help")
                ? RegistryOptionHelp.amendDump(message, registry: registry)
                : RegistryOptionHelp.amend(message, registry: registry)
            return RootCommand.exitCode(for: error) == .success ? .message(text) : .usageError(text)
        }
        var command: ParsableCommand
        do {
            command = try RootCommand.parseAsRoot(arguments)
        } catch {
            if let plan = scriptOptionsWithoutRun(arguments, environment: environment) { return plan }
            if case .usageError(let text) = plan(for: error), let hint = runHint(arguments) {
                return .usageError(text.replacingFirstLineEnd(with: "; did you mean `\(hint)`?"))
            }
            return plan(for: error)
        }
        switch command {
        case let root as RootCommand:
            var config = root.session.configuration(environment: environment)
            config.initFile = root.initFile
            return .shell(config)
        case let run as RunCommand:
            var config = run.session.configuration(environment: environment)
            config.bail = run.bail
            config.echo = run.echo
            config.stepDelay = run.stepDelay.flatMap(DurationSyntax.parse)
            config.step = run.step || config.stepDelay != nil
            config.diagramFile = run.diagram
            config.transcriptFile = run.transcript
            config.htmlFile = run.html
            if run.serveExit {
                if config.liveView == nil { config.liveView = LiveViewSettings() }
                config.liveView?.keepsServingAfterRun = false
            }
            return .run(config, files: run.files)
        case let test as TestCommand:
            return .test(test.session.configuration(environment: environment), test.request)
        case let explore as ExploreCommand:
            return .explore(explore.session.configuration(environment: environment), explore.request)
        case let check as CheckCommand:
            return .check(check.session.configuration(environment: environment), paths: check.paths)
        case is ListCommand:
            return .list
        default:
            // ArgumentParser's own commands (`help`): running them throws the message to print.
            do {
                try command.run()
                return .message("")
            } catch {
                return plan(for: error)
            }
        }
    }
}
