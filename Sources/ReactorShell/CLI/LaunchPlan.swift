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
            config.liveView = root.liveView.settings
            config.initFile = root.initFile
            return .shell(config)
        case let run as RunCommand:
            return .run(run.configuration(environment: environment), files: run.files)
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

extension RunCommand {
    /// The session's settings that this `run` command line asks for.
    func configuration(environment: [String: String]) -> ShellConfiguration {
        var config = session.configuration(environment: environment)
        config.liveView = liveView.settings
        config.bail = bail
        config.echo = echo
        config.stepDelay = stepDelay.flatMap(DurationSyntax.parse)
        config.step = step || config.stepDelay != nil
        config.diagramFile = diagram
        config.transcriptFile = transcript
        config.htmlFile = html
        if serveExit {
            if config.liveView == nil { config.liveView = LiveViewSettings() }
            config.liveView?.keepsServingAfterRun = false
        }
        return config
    }
}
