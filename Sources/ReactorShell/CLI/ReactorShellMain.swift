#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole `reactor-shell` program, for the built-in executable and for custom shells:
///
/// ```swift
/// @main struct TodoShell { static func main() async {
///     await ReactorShellMain.run(name: "todo-shell", version: "1.2.0",
///                                registry: .builtins + [TodoReactor.entry]) } }
/// ```
public enum ReactorShellMain {
    /// Parses the command line, runs the shell over `registry`, and exits with SPEC §2's status.
    ///
    /// - Parameters:
    ///   - name: the program's name in `--help`, `--version` and the banner; it also names the
    ///     history file's directory (`$XDG_STATE_HOME/NAME/history`), the variable that
    ///     overrides it (`NAME_HISTORY`) and readline's `$if NAME`.
    ///   - version: what `--version` prints.
    ///   - abstract: the first line of `--help`.
    ///   - banner: the start of the interactive greeting (default `NAME VERSION`).
    ///   - registry: the reactors the shell can load; their entries' options join the shell's.
    ///   - tools: subcommands from outside the shell library that this shell offers, such as
    ///     `ReactorLanguageServer`'s `lsp` (``ShellTool``).
    ///   - arguments: the command line without the program name; the process's by default.
    @MainActor
    public static func run(
        name: String = "reactor-shell", version: String = reactorShellVersion, abstract: String? = nil,
        banner: String? = nil, registry: Registry, tools: [ShellTool] = [],
        arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) async -> Never {
        await run(
            ShellIdentity(name: name, version: version, abstract: abstract, banner: banner),
            registry: registry, tools: tools, arguments: arguments)
    }

    /// ``run(name:version:abstract:banner:registry:tools:arguments:)`` with the identity in one value.
    @MainActor
    public static func run(
        _ identity: ShellIdentity, registry: Registry, tools: [ShellTool] = [],
        arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) async -> Never {
        signal(SIGPIPE, SIG_IGN)  // a closed pipe is seen as EPIPE (see ProcessSignals)
        ProcessSignals.reserveClosedStandardDescriptors()
        let environment = processEnvironment()
        let sink = OutputSink()
        sink.registerForSignals()
        ProcessSignals.stopOnWriteFailure(of: sink)
        ProcessSignals.installCrashReport()
        if let name = arguments.first, let tool = tools.first(where: { $0.name == name }) {
            let invocation = ShellToolInvocation(
                identity: identity, registry: registry, arguments: Array(arguments.dropFirst()), environment: environment)
            exit(await tool.run(invocation))
        }
        switch LaunchPlan.parse(arguments, environment: environment, identity: identity, registry: registry) {
        case .message(let text):
            sink.writeResult(ShellTool.amendHelp(text, tools: tools))
            sink.flush()
            exit(0)
        case .usageError(let text):
            sink.writeError(text)
            exit(2)
        case .list:
            let width = (registry.names.map(\.count).max() ?? 0) + 2
            for entry in registry.entries { sink.writeResult(entry.name.padded(to: width) + entry.summary) }
            sink.flush()
            exit(0)
        case .shell(let configuration):
            exit(await runShell(registry: registry, configuration: configuration, files: nil, sink: sink))
        case .run(let configuration, let files):
            exit(await runShell(registry: registry, configuration: configuration, files: files, sink: sink))
        case .explore(let configuration, let request):
            exit(await ExploreMain.run(
                registry: registry, configuration: configuration, request: request, arguments: arguments, sink: sink))
        case .check(let configuration, let paths):
            exit(CheckScripts.run(paths, registry: registry, configuration: configuration, sink: sink))
        case .test(let configuration, let request):
            ProcessSignals.installBatchTermination()
            exit(await GoldenScripts.run(request, registry: registry, configuration: configuration, arguments: arguments, sink: sink))
        }
    }

    /// Runs the interactive shell (no `files` and a terminal) or a batch run of `files`
    /// (standard input when nil); returns the exit status. (The registry entries' settings were
    /// checked when the command line was parsed.)
    @MainActor
    static func runShell(registry: Registry, configuration: ShellConfiguration, files: [String]?, sink: OutputSink) async -> Int32 {
        if files == nil && isatty(0) == 1 {
            if configuration.bail || configuration.echo {
                let name = configuration.identity.name
                sink.writeError("\(name): --bail and --echo apply to scripts: pipe one in, or use `\(name) run FILE`")
                return 2
            }
            return await InteractiveShell.run(registry: registry, configuration: configuration, sink: sink)
        }
        if let initFile = configuration.initFile {
            let name = configuration.identity.name
            sink.writeError("\(name): --init runs a prelude before the interactive prompt; for a batch run, name it first: `\(name) run \(initFile) FILE`")
            return 2
        }
        ProcessSignals.installBatchTermination()
        return await runBatch(
            registry: registry, configuration: configuration, files: files ?? ["-"], sink: sink, keepsSessionUntilExit: true)
    }

    /// Runs `files` in order (`-` is standard input); returns the exit status.
    ///
    /// `keepsSessionUntilExit`: the caller exits right after, so the session is not freed. Freeing
    /// it walks everything the run logged (every action line with its arguments, every mutation),
    /// a visible share of a long script's cost that would buy nothing just before `exit`.
    @MainActor
    static func runBatch(
        registry: Registry, configuration: ShellConfiguration, files: [String], sink: OutputSink,
        keepsSessionUntilExit: Bool = false
    ) async -> Int32 {
        if configuration.step, let problem = steppingProblem(files: files) {
            sink.writeError("\(configuration.identity.name): \(problem)")
            return 2
        }
        var descriptors: [(String, Int32)] = []
        for file in files {
            if file == "-" {
                descriptors.append(("<stdin>", 0))
                continue
            }
            switch ScriptFile.openForReading(file) {
            case .success(let descriptor): descriptors.append((file, descriptor))
            case .failure(let error):
                if configuration.format == .json {
                    // In JSON mode errors are events on stdout, this one too (still a usage error).
                    JSONLinesPrinter(sink: sink).fileError(source: file, message: "\(error)")
                    sink.flush()
                } else {
                    sink.writeError("\(configuration.identity.name): \(error)")
                }
                return 2
            }
        }
        let session = ShellSession(registry: registry, configuration: configuration, sink: sink, interactive: false)
        if let failure = session.loadInitialScene() {
            sink.writeError("\(configuration.identity.name): \(failure)")
            return 2
        }
        session.runLiveViewCommandsBetweenLines()
        if let settings = configuration.liveView, let problem = await session.startLiveView(settings) {
            sink.writeError("\(configuration.identity.name): \(problem)")
            return 2
        }
        if configuration.step {
            // The pauses recall and record lines in the interactive shell's history file.
            let limit = (try? HistoryStore.size(
                fromEnvironment: configuration.environment[configuration.identity.historySizeVariable],
                variable: configuration.identity.historySizeVariable).get()) ?? nil
            let store = HistoryStore.openForShell(configuration: configuration, limit: limit ?? HistoryStore.defaultLimit, sink: sink)
            session.beginStepping(history: HistoryStore.pauseHistory(store))
        }
        var exitCode: Int32?
        for (source, descriptor) in descriptors {
            let outcome = await session.runScript(
                descriptor: descriptor, source: source, echo: configuration.echo, bail: configuration.bail)
            if descriptor != 0 { close(descriptor) }
            if outcome == .bailed || outcome == .stopped { break }
            if outcome == .unreadable {
                // As for a file that cannot be opened: a usage error, and no summary line.
                sink.flush()
                return 2
            }
            if case .quit(let code) = outcome {
                exitCode = code
                break
            }
        }
        if let diagram = configuration.diagramFile, await !session.writeDiagram(to: diagram) {
            exitCode = exitCode ?? 1
        }
        if let transcript = configuration.transcriptFile, await !session.writeTranscript(to: transcript) {
            exitCode = exitCode ?? 1
        }
        if let html = configuration.htmlFile, await !session.writeHTML(to: html) {
            exitCode = exitCode ?? 1
        }
        session.printSummary()
        sink.flush()
        if session.isServingLiveView {
            if configuration.liveView?.keepsServingAfterRun == true, let code = await session.serveUntilInterrupted() {
                exitCode = code
            }
            session.stopLiveView()
        }
        if keepsSessionUntilExit { sessionKeptUntilExit = session }
        return exitCode ?? session.exitStatus
    }

    /// The batch run's session, held until the process exits (see `keepsSessionUntilExit`).
    @MainActor private static var sessionKeptUntilExit: ShellSession?

    /// Why `run --step` cannot read keys for `files`, if it cannot: it reads them from the
    /// terminal on standard input, which must be one and cannot also be a script.
    static func steppingProblem(files: [String]) -> String? {
        if files.contains("-") { return "--step reads keys from standard input, so it cannot read a script (`-`) from there too" }
        if isatty(0) != 1 { return "--step needs a terminal on standard input to read keys from" }
        return nil
    }

    /// The process environment as a dictionary (``POSIXIO/processEnvironment()``).
    static func processEnvironment() -> [String: String] {
        POSIXIO.processEnvironment()
    }
}
