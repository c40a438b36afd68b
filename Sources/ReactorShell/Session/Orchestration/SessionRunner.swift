import StateDiff
import ReactorCore

/// Runs lines against the scene: parses each, resolves an action to a reactor and command, binds
/// and sends it (the recorder records the line on the way), drains the scene's journal and hands
/// its events to their readers (recorder, reporter and printer, breaks, the session's readers),
/// and waits for the effects when asked to; meta commands run here too. Nothing calls back into
/// the runner from inside a reactor.
@MainActor
final class SessionRunner {
    let registry: Registry
    let configuration: ShellConfiguration
    let scene: LoadedScene
    let recorder: SessionRecorder
    let reporter: ChangeReporter
    let output: SessionOutput
    /// How long `:wait` may take by default.
    let waitLimit: Duration = ShellConfiguration.defaultWaitLimit
    /// How long the wait after each batch action may take (see `ShellConfiguration.actionWaitLimit`).
    let actionWaitLimit: Duration = ShellConfiguration.actionWaitLimit
    /// The scripts being run, outermost first (canonical paths), for `:load` cycles and paths.
    var loadStack: [String] = []
    /// How many `:load`s are running: lines are recorded as the session's input only at depth 0.
    var loadDepth = 0
    /// How the script being run shows its lines (`--echo`), passed on to the files it loads.
    var scriptLines = ScriptLineDisplay()
    /// The person's keys and the display of the pauses, when a person is at the terminal
    /// (interactive, or `run --step`).
    var keyboard: StepKeyboard?
    /// The stepping run in progress, if any.
    var stepping: SteppingRun?
    /// The `:break` conditions.
    var breakpoints: [Breakpoint] = []
    /// A break fired since the last line ended.
    var breakFired = false
    /// The readers added to the session (``ShellSession/addReader(_:)``), told of each event after
    /// the session's own.
    var readers: [any SessionJournalReader] = []
    /// The live view (`--serve`, `:serve`), once started.
    var liveView: LiveViewController?
    /// Whether the live view's commands run between the lines of the scripts (`run --serve`);
    /// otherwise the front end runs them (the interactive shell, between typed lines).
    var runsPageCommandsBetweenLines = false
    /// How many of the live view's commands ``runPageCommand(_:)`` has run in this session: each
    /// is numbered on (`<live view>:1`, `:2`, …), so that errors and the record tell them apart.
    var pageCommandCount = 0
    /// The task that drains the journal when events arrive outside a line (ends with the runner).
    private var lateEventReading: Task<Void, Never>?

    init(
        registry: Registry, configuration: ShellConfiguration, scene: LoadedScene, recorder: SessionRecorder,
        reporter: ChangeReporter, output: SessionOutput
    ) {
        self.registry = registry
        self.configuration = configuration
        self.scene = scene
        self.recorder = recorder
        self.reporter = reporter
        self.output = output
        // An event that arrives while no line runs (an effect's result at the prompt) is read on
        // the main actor's next turn: the journal signals the scene's `LateEventSignal`, awaited here.
        lateEventReading = Task { [weak self, signals = scene.lateEvents.signals] in
            for await _ in signals { self?.drainJournal() }
        }
    }

    deinit { lateEventReading?.cancel() }

    /// The prompt: the focused reactor's name (`counter> `).
    var prompt: String { (scene.focusedName ?? configuration.identity.name) + "> " }

    // MARK: Lines

    /// What is left of a line after its synchronous part ran (see ``start(bytes:text:origin:waitAfterAction:arguments:)``).
    enum LineProgress {
        /// The line is done.
        case done(CommandOutcome)
        /// An action was sent and its effects must be waited for, the wait's limit counted from
        /// `since` on the scheduler's clock.
        case waitForEffects(since: Duration)
        /// A meta command, which may wait (`:wait`, `:load`, `:advance`, …). Boxed, as in
        /// `LineSyntax`: unboxed, its room made every line's progress a 145-byte value, copied
        /// twice on the way out of ``SessionRunner/start(bytes:text:origin:waitAfterAction:arguments:)``.
        indirect case meta(MetaInvocation)
    }

    /// Refuses `line`, a command from the live view's page, when it is longer than
    /// `--max-line-length`, as a script's or a typed line would be: says so at `origin`, an error
    /// of the session (in the command's answer too), and returns the failure. Nil: it may run.
    /// The server refuses such a body itself (413; it is told the limit): this guards against
    /// one that was not told.
    func refuseOverlongPageCommand(_ line: String, origin: LineOrigin) -> CommandOutcome? {
        guard line.utf8.count > configuration.maximumLineLength else { return nil }
        output.setOrigin(origin)
        return output.fail(ShellConfiguration.lineTooLongMessage(configuration.maximumLineLength))
    }

    /// Parses and runs one line. `waitAfterAction`: wait for quiescence after an action not
    /// ending in ` &` (batch mode and scripts).
    func execute(line: String, origin: LineOrigin, waitAfterAction: Bool) async -> CommandOutcome {
        var arguments: [ParsedArgument] = []
        let progress = withBytes(of: line) {
            start(bytes: $0, text: line, origin: origin, waitAfterAction: waitAfterAction, arguments: &arguments)
        }
        let outcome = await finish(progress)
        breakFired = false  // a typed line only warns
        return outcome
    }

    /// Runs the synchronous part of a line, given as its `bytes` (valid UTF-8) and, when there is
    /// one already, its `text`: parsing, and for an action everything up to the wait for its
    /// effects. A batch run of actions whose effects are synchronous never suspends. The line's
    /// `String` is made only when something shows it (a reader, the live view). `arguments` holds
    /// an action's parsed arguments (emptied first): the lines of a script reuse one array, which
    /// is then allocated once.
    func start(
        bytes: LineBytes, text: String?, origin: LineOrigin, waitAfterAction: Bool, arguments: inout [ParsedArgument]
    ) -> LineProgress {
        output.setOrigin(origin)
        recorder.record.line(bytes, origin: origin, depth: loadDepth)
        // What arrived since the last line (an effect's result at the prompt) is read first.
        if !scene.journal.isEmpty { drainJournal() }
        if !arguments.isEmpty { emptyKeepingCapacity(&arguments) }
        let syntax: LineSyntax
        do {
            syntax = try ScriptParser.parse(bytes, origin: origin, arguments: &arguments)
        } catch {
            if !readers.isEmpty { tellReaders(line: text ?? String(decoding: bytes, as: UTF8.self), origin: origin) }
            // A malformed :expect is a failed expectation (SPEC §6), not an error besides.
            return .done(ScriptParser.isExpectation(bytes) ? output.failExpectation(error) : output.fail(error))
        }
        let action: ActionLineSyntax
        switch syntax {
        case .empty:
            if !readers.isEmpty { tellReaders(line: text ?? String(decoding: bytes, as: UTF8.self), origin: origin) }
            return .done(.succeeded)
        case .meta(let meta):
            if !readers.isEmpty { tellReaders(line: text ?? String(decoding: bytes, as: UTF8.self), origin: origin) }
            return .meta(meta)
        case .action(let parsed):
            action = parsed
        }
        // The readers are told of the line, unless it is a plain action line: its typed action's
        // event names it (see SessionJournalReader).
        if !readers.isEmpty && !Self.isPlain(action, arguments: arguments) {
            tellReaders(line: text ?? String(decoding: bytes, as: UTF8.self), origin: origin)
        }
        let outcome = send(action, bytes: bytes, text: text, arguments: arguments, origin: origin)
        let isBackground = action.isBackground
        let scheduler = scene.scheduler
        guard outcome == .succeeded, waitAfterAction, !isBackground, !scheduler.isQuiescent else {
            if outcome == .succeeded { recorder.actionLineEnded() }
            return .done(outcome)
        }
        // Effects that only wait on the virtual clock end here, without an `await`.
        let since = scheduler.clock.now
        let journal = scene.journal
        journal.isHeld = true
        let quiescent = scheduler.fireParkedTimers(limit: actionWaitLimit, countingFrom: since)
        journal.isHeld = false
        drainJournal()
        if quiescent {
            recorder.actionLineEnded()
            return .done(.succeeded)
        }
        return .waitForEffects(since: since)
    }

    /// Runs what ``start(bytes:text:origin:waitAfterAction:arguments:)`` left of a line.
    func finish(_ progress: LineProgress) async -> CommandOutcome {
        switch progress {
        case .done(let outcome): return outcome
        case .waitForEffects(let since):
            let outcome = await waitForQuiescence(limit: actionWaitLimit, countingFrom: since)
            recorder.actionLineEnded()
            return outcome
        case .meta(let meta):
            let outcome = await runMeta(meta)
            drainJournal()
            return outcome
        }
    }

    /// True for a plain action line, `NAME ARGS` (no `REACTOR.` prefix, no labels), which the
    /// readers are told of by its action's event, not as a line (see ``SessionJournalReader``).
    ///
    /// Nonisolated, with the labels looked at where they lie: a closure given to `contains` was
    /// checked to run on the main actor and copied each argument, about 150 instructions a line
    /// while a live view runs.
    nonisolated private static func isPlain(_ action: ActionLineSyntax, arguments: [ParsedArgument]) -> Bool {
        guard action.reactor == nil else { return false }
        let arguments = arguments.span
        for index in arguments.indices where arguments[index].label != nil { return false }
        return true
    }

    /// Resolves the action line `action` (parsed from the line `bytes`, with its `arguments`) to
    /// a reactor and command, binds its arguments and sends it: the recorder records the line
    /// just before the reactor sends it; then the journal is drained. When no action is sent, the
    /// readers are told of a plain line (`text`, if made) before its error.
    private func send(
        _ action: ActionLineSyntax, bytes: LineBytes, text: String?, arguments: [ParsedArgument], origin: LineOrigin
    ) -> CommandOutcome {
        func fail(_ error: Diagnostic) -> CommandOutcome {
            if !readers.isEmpty && Self.isPlain(action, arguments: arguments) {
                tellReaders(line: text ?? String(decoding: bytes, as: UTF8.self), origin: origin)
            }
            return output.fail(error)
        }
        guard !scene.isEmpty else {
            return fail(Diagnostic(origin, column: action.nameColumn, SceneMessages.noReactorLoaded + " (see :reactors)"))
        }
        let bound: BoundAction
        do {
            bound = try scene.commands.bind(action, in: bytes, arguments: arguments, origin: origin, focus: scene.focusIndex)
        } catch {
            return fail(error)
        }
        let index = bound.reactor, commandIndex = bound.command, arguments = bound.arguments
        let column = action.nameColumn, isBackground = action.isBackground
        let reactor = scene.reactors[index]
        // The journal is reached through the scene each time: held in a local, it is retained
        // and released around the send.
        scene.journal.isHeld = true
        scene.journal.isSending = true
        do {
            try reactor.send(commandIndex: commandIndex, arguments: arguments, origin: origin, column: column) {
                self.recorder.willSend(reactor: index, command: commandIndex, arguments: arguments, isBackground: isBackground)
            }
        } catch {
            scene.journal.isSending = false
            scene.journal.isHeld = false
            return fail(error)
        }
        scene.journal.isSending = false
        scene.journal.isHeld = false
        // The readers' event of the typed action says what was sent: its arguments are moved there.
        if !readers.isEmpty {
            recorder.sent(SentAction(
                command: scene.commandTables[index].signatures[commandIndex].name, arguments: arguments, origin: origin))
        }
        drainJournal()
        recorder.didSend()
        return .succeeded
    }

    /// Waits until no effect of the scene has work in progress or scheduled (the limit on virtual
    /// time counted from `since`, by default now).
    func waitForQuiescence(limit: Duration, countingFrom since: Duration? = nil) async -> CommandOutcome {
        let scheduler = scene.scheduler
        defer { drainJournal() }
        do {
            try await scheduler.waitUntilQuiescent(limit: limit, countingFrom: since ?? scheduler.clock.now)
            return .succeeded
        } catch is CancellationError {
            return output.fail(interruptedMessage("while waiting for effects"))
        } catch {
            for reactor in scene.reactors { reactor.state.cancelAllEffects() }
            return output.fail("\(error); the effects in flight were cancelled")
        }
    }

    // MARK: Scene

    /// Loads registry entry `name` as the scene, replacing the current one.
    func loadScene(named name: String, column: Int) -> CommandOutcome {
        guard let entry = registry.entry(named: name) else {
            return output.fail(SceneMessages.unknownEntry(name, registry: registry), column: column)
        }
        drainJournal()
        if let problem = entry.loadProblem(with: configuration) { return output.fail(problem, column: column) }
        // The live view's history shows the scene's last states before the next one's.
        if !scene.isEmpty {
            recorder.record.sceneEnds(states: scene.reactors.map { try? $0.state.value() })
            // And its states between two mutations of a step, which its reactors kept.
            for reactor in scene.reactors {
                for kept in reactor.state.statesBeforeEntries() { recorder.record.keep(kept.value, beforeMutation: kept.entry) }
            }
        }
        scene.load(entry, configuration: configuration)
        reporter.takeBaselines()
        recorder.attach(entryName: entry.name)
        recorder.record.scene(
            entry.name, reactors: scene.names, prompt: prompt, isLoad: true, focus: scene.focusedName,
            states: recorder.sceneInitialStates)
        if !readers.isEmpty { tellReaders(SessionEvent(.sceneLoaded(entry: entry.name))) }
        return .succeeded
    }

    /// An error for a reactor name the scene does not have, naming the choices.
    func unknownReactor(_ name: LocatedText) -> CommandOutcome {
        if scene.isEmpty { return output.fail(SceneMessages.noReactorLoaded, column: name.column) }
        return output.fail(SceneMessages.noReactor(name.text, among: scene.names, listing: true), column: name.column)
    }
}
