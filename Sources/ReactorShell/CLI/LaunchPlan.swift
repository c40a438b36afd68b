import ArgumentParser

/// What the command line asks for, decided before anything runs.
public enum LaunchPlan: Sendable {
    /// The shell on standard input: interactive on a terminal, else a script (same as `run -`).
    case shell(ShellConfiguration)
    /// Batch mode over files in order; `-` is standard input.
    case run(ShellConfiguration, files: [String])
    /// Print the registry.
    case list
    /// Print `text` to stdout (help, version) and exit 0.
    case message(String)
    /// A usage error: print `text` to stderr and exit 2.
    case usageError(String)
}

/// The version printed by `--version`.
public let reactorShellVersion = "0.1.0"

struct RootCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reactor-shell",
        abstract: "Drive ReactorKit-style reactors from a scriptable shell.",
        discussion: """
            Interactive when standard input is a terminal; otherwise standard input is read as a \
            script (same as `run -`). After every reduction the shell prints what changed in the state.

            Examples:
              reactor-shell                          # interactive, the counter loaded
              reactor-shell --reactor github-search  # start on another registry entry
              reactor-shell run examples/counter.rsh # exit 0 when every :expect holds
              reactor-shell run --bail --format json a.rsh b.rsh
              echo 'increase' | reactor-shell --reactor counter
              reactor-shell list                     # the registry

            `--bail` and `--echo` (see `run --help`) work without `run` too, for a script piped in.

            Exit status: 0 all commands ran and every expectation held; 1 a command failed; 2 usage error.
            Inside the shell, type :help.
            """,
        version: reactorShellVersion,
        subcommands: [RunCommand.self, ListCommand.self]
    )

    @OptionGroup var session: SessionOptions
}

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run script files in batch mode (`-` reads standard input).",
        discussion: """
            Each action waits until the scene is quiescent before the next line runs (a line ending \
            in ` &` does not wait). The last line is `N passed, N failed`, counting :expect lines \
            (in JSON mode a `summary` event instead).

            Examples:
              reactor-shell run examples/tour.rsh
              reactor-shell run --bail --echo tests/*.rsh
              cat script.rsh | reactor-shell run -
            """
    )

    @Flag(help: "Stop at the first failing command.")
    var bail = false

    @Flag(help: "Echo each script line before its output.")
    var echo = false

    @OptionGroup var session: SessionOptions

    @Argument(help: ArgumentHelp("Script files, run in order; `-` is standard input.", valueName: "file"))
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Missing script file (use `-` for standard input).") }
    }
}

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the registry: each reactor's name and summary.")
}

extension LaunchPlan {
    /// Parses command-line `arguments` (without the program name).
    public static func parse(_ arguments: [String], environment: [String: String]) -> LaunchPlan {
        if let plan = planWithoutOptions(arguments, environment: environment) { return plan }
        return parseWithArgumentParser(arguments, environment: environment)
    }

    /// Parses `arguments` with ArgumentParser (any command line, including help and errors).
    static func parseWithArgumentParser(_ arguments: [String], environment: [String: String]) -> LaunchPlan {
        func plan(for error: any Error) -> LaunchPlan {
            let text = RootCommand.fullMessage(for: error)
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
            return .shell(root.session.configuration(environment: environment))
        case let run as RunCommand:
            var config = run.session.configuration(environment: environment)
            config.bail = run.bail
            config.echo = run.echo
            return .run(config, files: run.files)
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
