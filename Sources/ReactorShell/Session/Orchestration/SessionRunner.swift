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
    @exclusivity(unchecked) var loadDepth = 0
    /// True in the session ``LiveEventReplay`` runs the lines of another in (`:save --html`, a live
    /// view started mid-session): `:save`, `:diagram` and `:serve` (from a `:load`ed file) do
    /// nothing there, so that the replay writes no file and starts no server or replay of its own.
    var isReplay = false
    /// How the script being run shows its lines (`--echo`), passed on to the files it loads.
    var scriptLines = ScriptLineDisplay()
    /// The person's keys and the display of the pauses, when a person is at the terminal
    /// (interactive, or `run --step`).
    var keyboard: StepKeyboard?
    /// The stepping run in progress, if any.
    @exclusivity(unchecked) var stepping: SteppingRun?
    // The fields read or changed on every line are exempt from dynamic exclusivity checks (about
    // 60 instructions an access, some 1,800 a line in all; docs/performance.md): main-actor state,
    // never passed `inout` to code that could reach it, and, the journal being drained only
    // between sends, never reached again while an access to it is under way.
    /// The `:break` conditions.
    @exclusivity(unchecked) var breakpoints: [Breakpoint] = []
    /// A break fired since the last line ended.
    @exclusivity(unchecked) var breakFired = false
    /// The readers added to the session (``ShellSession/addReader(_:)``), told of each event after
    /// the session's own.
    @exclusivity(unchecked) var readers: [any SessionJournalReader] = []
    /// The live view (`--serve`, `:serve`), once started.
    var liveView: LiveViewController?
    /// Whether the live view's commands run between the lines of the scripts (`run --serve`);
    /// otherwise the front end runs them (the interactive shell, between typed lines).
    var runsPageCommandsBetweenLines = false

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
        // the main actor's next turn.
        scene.journal.lateArrival = { [weak self] in
            Task { @MainActor in self?.drainJournal() }
        }
    }

    /// The prompt: the focused reactor's name (`counter> `).
    var prompt: String { (scene.focusedName ?? configuration.identity.name) + "> " }

    // MARK: Lines

    /// What is left of a line after its synchronous part ran (see ``start(bytes:text:origin:waitAfterAction:)``).
    enum LineProgress {
        /// The line is done.
        case done(CommandOutcome)
        /// An action was sent and its effects must be waited for, the wait's limit counted from
        /// `since` on the scheduler's clock.
        case waitForEffects(since: Duration)
        /// A meta command, which may wait (`:wait`, `:load`, `:advance`, …).
        case meta(MetaInvocation)
    }

    /// Parses and runs one line. `waitAfterAction`: wait for quiescence after an action not
    /// ending in ` &` (batch mode and scripts).
    func execute(line: String, origin: LineOrigin, waitAfterAction: Bool) async -> CommandOutcome {
        var text = line
        let progress = text.withUTF8 { start(bytes: $0, text: line, origin: origin, waitAfterAction: waitAfterAction) }
        let outcome = await finish(progress)
        breakFired = false  // a typed line only warns
        return outcome
    }

    /// Runs the synchronous part of a line, given as its `bytes` (valid UTF-8) and, when there is
    /// one already, its `text`: parsing, and for an action everything up to the wait for its
    /// effects. A batch run of actions whose effects are synchronous never suspends. The line's
    /// `String` is made only when something needs it (the full parser). Always inlined: returned
    /// from a call, the `LineProgress` is copied out through memory.
    @inline(__always)
    func start(bytes: UnsafeBufferPointer<UInt8>, text: String?, origin: LineOrigin, waitAfterAction: Bool) -> LineProgress {
        output.setOrigin(origin)
        recorder.record.line(bytes, origin: origin, depth: loadDepth)
        // What arrived since the last line (an effect's result at the prompt) is read first.
        if !scene.journal.isEmpty { drainJournal() }
        let outcome: CommandOutcome
        let isBackground: Bool
        // Consumed: the invocation is moved out, not copied (and the line destroyed once).
        var bound = BoundActionLine()
        let fast = ActionLineFastPath.parse(
            bytes, line: text, origin: origin, scene: scene.commandsReference, focus: scene.focusIndex, bound: &bound)
        // The readers are told of the line, unless it is a plain action line: its typed action's
        // event names it (see SessionJournalReader).
        if !readers.isEmpty {
            if case .bound = fast {} else { tellReaders(line: text ?? String(decoding: bytes, as: UTF8.self), origin: origin) }
        }
        switch consume fast {
        case .bound:
            do {
                try send(
                    reactor: bound.reactor, command: bound.command, arguments: bound.arguments, origin: origin,
                    column: bound.nameColumn, isBackground: bound.isBackground)
                outcome = .succeeded
            } catch {
                // No action was sent: the readers are told of the line before its error.
                if !readers.isEmpty { tellReaders(line: text ?? String(decoding: bytes, as: UTF8.self), origin: origin) }
                outcome = output.fail(error)
            }
            isBackground = bound.isBackground
        case .action(let invocation):
            (outcome, isBackground) = send(consuming: invocation)
        case .empty:
            return .done(.succeeded)
        case .fallback:
            let line = text ?? String(decoding: bytes, as: UTF8.self)
            let parsed: ParsedLine
            do {
                parsed = try ScriptParser.parseFully(line, origin: origin)
            } catch {
                // A malformed :expect is a failed expectation (SPEC §6), not an error besides.
                return .done(ScriptParser.isExpectation(line) ? output.failExpectation(error) : output.fail(error))
            }
            switch consume parsed {
            case .empty:
                return .done(.succeeded)
            case .action(let invocation):
                (outcome, isBackground) = send(consuming: invocation)
            case .meta(let meta):
                return .meta(meta)
            }
        }
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

    /// Sends the action of `invocation`; returns the outcome and whether the line ended in ` &`.
    private func send(consuming invocation: consuming ActionInvocation) -> (CommandOutcome, isBackground: Bool) {
        let outcome = send(invocation)
        // Its arguments destroyed here with code specialized for their type (the array's own
        // deinit destroys them through the runtime's generic value witnesses).
        emptyKeepingCapacity(&invocation.arguments)
        return (outcome, invocation.isBackground)
    }

    /// Runs what ``start(bytes:text:origin:waitAfterAction:)`` left of a line.
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

    /// Resolves `invocation` to a reactor and command, binds its arguments and sends it.
    private func send(_ invocation: ActionInvocation) -> CommandOutcome {
        guard !scene.isEmpty else {
            return output.fail(SceneMessages.noReactorLoaded + " (see :reactors)", column: invocation.name.column)
        }
        let index: Int, commandIndex: Int, arguments: CommandArguments
        do {
            (index, commandIndex) = try scene.resolve(invocation)
            arguments = try scene.commandTables[index].signatures[commandIndex].bind(invocation)
        } catch {
            return output.fail(error)
        }
        do {
            try send(
                reactor: index, command: commandIndex, arguments: arguments, origin: invocation.origin,
                column: invocation.name.column, isBackground: invocation.isBackground)
            return .succeeded
        } catch {
            return output.fail(error)
        }
    }

    /// Sends the action of command `commandIndex` of reactor `index`, bound to `arguments`: the
    /// recorder records the line just before the reactor sends it; then the journal is drained.
    /// Throws the error of the action's `build` (placed at `origin`, `column`), having sent nothing.
    private func send(
        reactor index: Int, command commandIndex: Int, arguments: CommandArguments, origin: LineOrigin, column: Int,
        isBackground: Bool
    ) throws(Diagnostic) {
        let reactor = scene.reactors[index]
        let command = scene.commandTables[index].signatures[commandIndex].name
        let recorder = recorder
        let journal = scene.journal
        journal.isHeld = true
        journal.isSending = true
        do {
            try reactor.send(commandIndex: commandIndex, arguments: arguments, origin: origin, column: column) {
                recorder.willSend(reactor, at: index, command: command, arguments: arguments, isBackground: isBackground)
            }
        } catch {
            journal.isSending = false
            journal.isHeld = false
            throw error
        }
        journal.isSending = false
        journal.isHeld = false
        drainJournal()
        recorder.didSend()
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
        scene.load(entry, configuration: configuration)
        reporter.takeBaselines()
        recorder.attach(entryName: entry.name)
        recorder.record.scene(entry.name, reactors: scene.names, prompt: prompt, isLoad: true)
        if !readers.isEmpty { tellReaders(SessionEvent(.sceneLoaded(entry: entry.name))) }
        return .succeeded
    }

    /// An error for a reactor name the scene does not have, naming the choices.
    func unknownReactor(_ name: LocatedText) -> CommandOutcome {
        if scene.isEmpty { return output.fail(SceneMessages.noReactorLoaded, column: name.column) }
        return output.fail(SceneMessages.noReactor(name.text, among: scene.names, listing: true), column: name.column)
    }
}
