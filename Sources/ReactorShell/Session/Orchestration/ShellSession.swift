import Dispatch
import LiveViewPage
import ReactorCore
import StateDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What running one command line led to.
public enum CommandOutcome: Sendable, Equatable {
    /// It ran, and any expectation held.
    case succeeded
    /// It failed: parse error, unknown name, failed expectation, timeout, …
    case failed
    /// `:quit` or `:exit [CODE]`.
    case quit(code: Int32?)
}

/// A shell session, as the front ends (batch and interactive) hold it: they feed it lines and
/// scripts, and ask it for the prompt, the completions' data and the exit status.
///
/// It owns the parts and wires them once; each has one job:
/// - `LoadedScene`: the reactors of the loaded registry entry, the focus, their scheduler;
/// - `SessionRunner`: runs lines and scripts against the scene (parse, resolve, send, wait,
///   meta commands);
/// - ``SceneJournal`` (the scene's): where the reactors' runtime observers write their events;
///   the runner drains it after each send and hands the events to their readers;
/// - `SessionRecorder`: turns what is sent and the journal's events into the log, the
///   timelines and the replay script;
/// - `ChangeReporter`: diffs each reactor's state against its last report;
/// - `SessionOutput`: the printer of the format in use (`TextPrinter`, `JSONLinesPrinter`)
///   and the tally of failures and expectations;
/// - ``SessionRecord``: what happened, in order, with what the terminal showed: what the exports
///   (`:save`, `:diagram`, the live view's history) read.
@MainActor
public final class ShellSession {
    /// The reactors that `:use` can load.
    public let registry: Registry
    /// The configuration the session started with.
    public let configuration: ShellConfiguration
    let scene: LoadedScene
    let output: SessionOutput
    let reporter: ChangeReporter
    let recorder: SessionRecorder
    let runner: SessionRunner
    /// What happened in the session so far, as it happened: what every export reads.
    public var record: SessionRecord { recorder.record }

    /// A session over `registry`, printing to `sink`; `interactive` picks the real clock by default.
    public init(registry: Registry, configuration: ShellConfiguration, sink: OutputSink, interactive: Bool) {
        self.registry = registry
        self.configuration = configuration
        scene = LoadedScene(clockMode: configuration.clock ?? (interactive ? .real : .virtual))
        output = SessionOutput(
            sink: sink, format: configuration.format, color: configuration.color,
            environment: configuration.environment)
        reporter = ChangeReporter(scene: scene, output: output, showsDiffs: configuration.showDiffs)
        let recorder = SessionRecorder(
            scene: scene, reporter: reporter, output: output, timelineByteLimit: configuration.timeTravelMemory)
        self.recorder = recorder
        output.recordFailure = { [weak recorder] diagnostic in recorder?.record.failure(diagnostic) }
        output.recordExpectation = { [weak recorder] result in recorder?.record.expectation(result) }
        recorder.trace = configuration.trace
        // Where a history export can be asked for at a cost nobody counts: a person types, or the
        // run exports or serves one anyway (`:serve` in a plain run turns it on from there).
        recorder.record.keepsStatesWithinSteps =
            interactive || configuration.htmlFile != nil || configuration.liveView != nil
        runner = SessionRunner(
            registry: registry, configuration: configuration, scene: scene, recorder: recorder,
            reporter: reporter, output: output)
        // A person at the terminal: `:pause` waits and `:load --step` can step.
        if interactive { runner.keyboard = makeKeyboard(interactive: true, sink: sink) }
    }

    private func makeKeyboard(interactive: Bool, sink: OutputSink) -> StepKeyboard? {
        let keyboard = StepKeyboard(
            interactive: interactive, sink: sink, color: configuration.color, environment: configuration.environment)
        keyboard?.completionProvider = { [weak self] line, cursor in self?.complete(line: line, cursor: cursor) ?? (cursor, []) }
        return keyboard
    }

    /// `run --step` (`--step-delay`): the whole run steps, keys read from the terminal on standard
    /// input; a line typed at a pause is recalled from and recorded in `history`.
    package func beginStepping(history: PauseHistory) {
        runner.keyboard = makeKeyboard(interactive: false, sink: output.sink)
        runner.keyboard?.history = history
        if runner.keyboard != nil { runner.stepping = SteppingRun(rootDepth: 0, autoAdvance: configuration.stepDelay) }
    }

    /// The history the pauses of this (interactive) session recall and record lines in.
    func usePauseHistory(_ history: PauseHistory) {
        runner.keyboard?.history = history
    }

    /// What Ctrl-C at a pause of this (interactive) session does besides stopping the pause:
    /// `interrupt` cancels the command running, so that a `:load` stops there.
    func useInterrupt(_ interrupt: @escaping () -> Void) {
        runner.keyboard?.interruptCommand = interrupt
    }

    /// The completions of `line` with the cursor at `cursor` (in characters): Tab at the prompt
    /// and at a pause.
    func complete(line: String, cursor: Int) -> LineCompletion {
        let cursorIndex = line.index(line.startIndex, offsetBy: min(cursor, line.count))
        let byteCursor = line.utf8.distance(from: line.startIndex, to: cursorIndex)
        let completion = CompletionEngine.complete(line: line, cursor: byteCursor, context: completionContext())
        let startIndex = line.utf8.index(line.startIndex, offsetBy: min(completion.start, line.utf8.count))
        return (line.distance(from: line.startIndex, to: startIndex), completion.candidates)
    }

    private func completionContext() -> CompletionContext {
        let session = self
        return CompletionContext(
            registryNames: { MainActor.assumeIsolated { session.registry.names } },
            reactors: { MainActor.assumeIsolated { session.commandTables } },
            focusedReactor: { MainActor.assumeIsolated { session.focusedReactorName } },
            statePaths: { reactor in MainActor.assumeIsolated { session.statePaths(of: reactor) } },
            fileNames: { partial in FileNameCompletion.candidates(for: partial) }
        )
    }

    /// The prompt: the focused reactor's name (`counter> `).
    public var prompt: String { runner.prompt }

    /// Adds `reader` to the readers of the session's journal: from now on it is told of each line,
    /// each event of the scene's reactors and each error, in order (see ``SessionJournalReader``).
    public func addReader(_ reader: any SessionJournalReader) {
        runner.addReader(reader)
    }

    /// The focused reactor's name, if a scene is loaded.
    public var focusedReactorName: String? { scene.focusedName }

    /// The names of the loaded scene's reactors.
    public var reactorNames: [String] { scene.names }

    /// The command tables of the scene's reactors, in order.
    var commandTables: [ReactorCommandTable] { scene.commandTables }

    /// `:expect` lines that held.
    public var passed: Int { output.passed }
    /// `:expect` lines that did not.
    public var failed: Int { output.failed }
    /// Errors reported: failed lines other than expectations.
    public var errors: Int { output.errors }
    /// Whether any command failed (errors and failed expectations).
    public var hadFailure: Bool { output.hadFailure }
    /// The exit status the session has earned so far: 0, or 1 after any failure.
    public var exitStatus: Int32 { output.hadFailure ? 1 : 0 }

    /// Told of every failure as it is reported: errors and failed expectations, located.
    package var failureObserver: ((Diagnostic) -> Void)? {
        get { output.failureObserver }
        set { output.failureObserver = newValue }
    }

    /// Parses and runs one line. `waitAfterAction`: wait for quiescence after an action not
    /// ending in ` &` (batch mode and scripts).
    public func execute(line: String, origin: LineOrigin, waitAfterAction: Bool) async -> CommandOutcome {
        await runner.execute(line: line, origin: origin, waitAfterAction: waitAfterAction)
    }

    /// Runs the script read from `descriptor`, named `source` in messages, line by line; waits for
    /// quiescence after each action (except ` &` lines) and at the end.
    public func runScript(descriptor: Int32, source: String, echo: Bool, bail: Bool) async -> ScriptOutcome {
        await runner.runScript(descriptor: descriptor, source: source, echo: echo, bail: bail)
    }

    /// `run --diagram FILE`: writes the session as a sequence diagram (SVG for a `.svg` path,
    /// Mermaid otherwise) to `path`; false, having said why on stderr, when it cannot.
    package func writeDiagram(to path: String) async -> Bool {
        writeExport(runner.diagramText(forFile: path), to: path)
    }

    /// `run --transcript FILE`: writes the session as a Markdown transcript to `path`; false,
    /// having said why on stderr, when it cannot.
    package func writeTranscript(to path: String) async -> Bool {
        writeExport(runner.transcriptText()?.text, to: path)
    }

    /// Writes an export's `text` to `path` (nil: the session was too long to keep whole).
    private func writeExport(_ text: String?, to path: String) -> Bool {
        let name = configuration.identity.name
        guard let text else {
            output.sink.writeError("\(name): cannot write '\(path)': the session is too long to draw or transcribe")
            return false
        }
        guard let failure = FileReplacement.write(text, to: path) else { return true }
        output.sink.writeError("\(name): cannot write '\(path)': \(failure)")
        return false
    }

    /// Starts the live view (`--serve`); an error message when it cannot start.
    package func startLiveView(_ settings: LiveViewSettings) async -> String? {
        await runner.startLiveView(settings)
    }

    /// Refuses a command from the live view's page longer than `--max-line-length` (see
    /// ``SessionRunner/refuseOverlongPageCommand(_:origin:)``); nil: it may run.
    func refuseOverlongPageCommand(_ line: String, origin: LineOrigin) -> CommandOutcome? {
        runner.refuseOverlongPageCommand(line, origin: origin)
    }

    /// Runs the live view's commands with `runner` (as if typed) from now on; nil holds them.
    func takeLiveViewCommands(_ runner: LiveViewController.CommandRunner?) {
        runner.map { runner in self.runner.liveViewController.runCommand = runner }
        if runner == nil { self.runner.liveView?.runCommand = nil }
    }

    /// `run`: the live view's commands run between the lines of the scripts, as soon as the
    /// line running when they arrive ends (the interactive shell runs them between typed lines).
    package func runLiveViewCommandsBetweenLines() {
        runner.runsPageCommandsBetweenLines = true
    }

    /// Whether the live view runs.
    package var isServingLiveView: Bool { runner.liveView?.isServing == true }

    /// Stops the live view, if it runs.
    package func stopLiveView() { runner.stopLiveView() }

    /// `run --serve` after the scripts: runs the page's commands until Ctrl-C (or until the
    /// server ends, or a command quits); returns the exit code a `:quit`/`:exit` from the page gave.
    package func serveUntilInterrupted() async -> Int32? {
        guard let controller = runner.liveView, controller.isServing else { return nil }
        var quitCode: Int32?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            var resumed = false
            let resume = {
                if !resumed {
                    resumed = true
                    continuation.resume()
                }
            }
            var interrupt: SignalPipe?
            interrupt = SignalPipe(catching: [SIGINT], once: true) { _ in
                interrupt?.cancel()
                resume()
            }
            // Said once Ctrl-C is caught (the handler is in place when SignalPipe's init returns):
            // one pressed right after the message ends the run with its status.
            output.sink.writeError("\(configuration.identity.name): serving the live view until Ctrl-C")
            controller.onStop = { resume() }
            controller.runCommand = { [weak self] line in
                guard let self else { return .failed }
                let outcome = await self.runner.runPageCommand(line)
                if case .quit(let code) = outcome {
                    quitCode = code ?? self.exitStatus
                    DispatchQueue.main.async { MainActor.assumeIsolated { resume() } }
                }
                return outcome
            }
        }
        controller.runCommand = nil
        runner.stopLiveView()
        return quitCode
    }

    /// `run --html FILE`: writes the live view's page with the run's events to `path`; false,
    /// having said why on stderr, when the file cannot be written.
    package func writeHTML(to path: String) async -> Bool {
        let events = runner.exportedLiveEvents()
        let text = LiveViewPage.html(embeddedEvents: "[\n" + events.joined(separator: ",\n") + "\n]")
        let failure: String?
        switch POSIXIO.createForWriting(path, mode: 0o644) {
        case .success(let descriptor):
            failure = POSIXIO.writeAll(text, to: descriptor).map { "\($0)" }
            POSIXIO.closeFile(descriptor)
        case .failure(let error):
            failure = "\(error)"
        }
        guard let failure else { return true }
        output.sink.writeError("\(configuration.identity.name): cannot write '\(path)': \(failure)")
        return false
    }

    /// Loads `--reactor` (or the registry's first entry); returns an error message for an unknown name.
    package func loadInitialScene() -> String? {
        guard let name = configuration.initialReactor ?? registry.entries.first?.name else { return nil }
        guard let entry = registry.entry(named: name) else {
            return "unknown reactor '\(name)'\(Suggestions.didYouMean(name, among: registry.names)); available: \(registry.names.joined(separator: ", "))"
        }
        if let problem = entry.loadProblem(with: configuration) { return problem }
        _ = runner.loadScene(named: name, column: 1)
        return nil
    }

    /// Prints the closing `N passed, N failed, N errors` line (or the `summary` event).
    package func printSummary() {
        output.printer.summary(passed: output.passed, failed: output.failed, errors: output.errors)
        if !runner.readers.isEmpty {
            runner.tellReaders(SessionEvent(.summary(passed: output.passed, failed: output.failed, errors: output.errors)))
        }
    }

    /// Paths into the state of `reactor` (the focused one when nil), for completion.
    func statePaths(of reactor: String?) -> [String] {
        guard let value = try? scene.stateValue(ofReactorNamed: reactor) else { return [] }
        return value.paths().map(\.description).filter { !$0.isEmpty }
    }
}
