extension SessionRunner {
    // MARK: The live view (`:serve`, `--serve`)

    /// The session's live view, made on first use.
    var liveViewController: LiveViewController {
        if let liveView { return liveView }
        let controller = LiveViewController(runner: self, shellName: configuration.identity.name)
        if runsPageCommandsBetweenLines {
            controller.runBetweenLines = { [weak self] line in await self?.runPageCommand(line) ?? .failed }
        }
        liveView = controller
        return controller
    }

    /// Runs `line`, a command from the live view's page, as if typed: shown after the prompt, run
    /// (waiting for its effects), its output written out. Its origin is `<live view>:N`, the
    /// session's Nth such command.
    func runPageCommand(_ line: String) async -> CommandOutcome {
        pageCommandCount += 1
        let origin = LineOrigin(source: "<live view>", line: pageCommandCount)
        if let refused = refuseOverlongPageCommand(line, origin: origin) { return refused }
        recorder.record.echo()
        output.printer.echo(prompt: prompt, line: line, origin: origin)
        let outcome = await execute(line: line, origin: origin, waitAfterAction: true)
        output.sink.flush()
        return outcome
    }

    /// Between two lines of a script while a live view runs its commands there
    /// (``runsPageCommandsBetweenLines``), when ``LiveViewController/isDueBetweenLines(needsInput:)``
    /// says so (every few milliseconds, or when the next line must be read from `input`): answers
    /// the server's requests, sends it the events so far, runs the page's commands that have
    /// arrived; when the next line must be read from `input`, serves until it can be
    /// (``serveUntilInput(_:view:)``). Nil to go on with the script, else how it ends (a command quit).
    ///
    /// None of it suspends unless a command does: a batch run stays on the main thread, as without
    /// `--serve`, instead of waking a thread of the global pool and the main queue's at every
    /// pause (``LiveViewController/receiveMessages(waitingAtMost:orUntilReadable:)`` reads the
    /// server's messages that the main queue's read source would).
    func servePageBetweenLines(_ view: LiveViewController, waitingFor input: Int32?) async -> ScriptOutcome? {
        guard view.runBetweenLines != nil, view.isServing else { return nil }
        view.servedBetweenLines()
        view.receiveMessages()
        view.flush()
        if view.hasPendingCommands, case .quit(let code)? = await view.runCommandsBetweenLines() { return .quit(code: code) }
        guard let input else { return nil }
        return await serveUntilInput(input, view: view)
    }

    /// `run --serve` before reading more of a script from `input`: while nothing is there to read
    /// (a pipe or a terminal whose next line has not come), the events so far go to the server,
    /// and its requests (the state, the page's commands) are answered, instead of all waiting in a
    /// blocked read. It waits in `poll` for either, as a run without `--serve` waits in its read.
    /// Input that is there (a file) costs one `poll`. Nil to go on with the script, else how it
    /// ends (a command quit).
    func serveUntilInput(_ input: Int32, view: LiveViewController) async -> ScriptOutcome? {
        guard view.runBetweenLines != nil, !view.receiveMessages(orUntilReadable: input) else { return nil }
        view.flush()
        while view.isServing && !view.receiveMessages(waitingAtMost: 1000, orUntilReadable: input) {
            if view.hasPendingCommands, case .quit(let code)? = await view.runCommandsBetweenLines() { return .quit(code: code) }
        }
        return nil
    }

    /// Starts the live view with `settings`, its log beginning with the events of the lines run so
    /// far; waits until it listens. An error message when it cannot start.
    func startLiveView(_ settings: LiveViewSettings) async -> String? {
        // From now on the history of a view started later (or an export) has each mutation's patch.
        recorder.record.keepsStatesWithinSteps = true
        let earlier = recorder.record.lineCount == 0 ? [] : liveHistory().events()
        let controller = liveViewController
        if let problem = controller.start(settings, catchingUp: earlier) { return problem }
        guard controller.waitUntilListening() else {
            stopLiveView()
            return controller.startFailure.map { "live view: \($0)" } ?? "the live view's server did not start"
        }
        return nil
    }

    /// The live view's events of the session so far, read from its record (``LiveHistory``).
    func liveHistory() -> LiveHistory {
        let recorder = recorder
        let reactors = scene.reactors
        return LiveHistory(
            record: recorder.record, statesBeforeStep: { recorder.states(beforeStep: $0) },
            stateBeforeMutation: { entry, reactor in reactor < reactors.count ? reactors[reactor].state.state(beforeEntry: entry) : nil },
            currentStates: reactors.map { try? $0.state.value() })
    }

    /// The live view's events of the session so far and its summary: an HTML export's.
    func exportedLiveEvents() -> [String] {
        liveHistory().events(summary: (output.passed, output.failed, output.errors))
    }

    /// Stops the live view, if it runs.
    func stopLiveView() {
        liveView?.stop()
    }

    /// `:serve [PORT]`.
    func serve(port: Int?) async -> CommandOutcome {
        var settings = liveView?.settings ?? configuration.liveView ?? LiveViewSettings()
        if let port { settings.port = port }
        if let problem = await startLiveView(settings) { return output.fail(problem) }
        return .succeeded
    }

    /// `:serve stop`.
    func stopServing() -> CommandOutcome {
        guard liveView?.isServing == true else { return output.fail("the live view is not running (start it with :serve)") }
        stopLiveView()
        output.printer.text("live view stopped")
        return .succeeded
    }
}
