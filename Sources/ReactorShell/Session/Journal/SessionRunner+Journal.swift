import ReactorCore

extension SessionRunner {
    // MARK: Reading the journal

    /// Hands the events of the scene's journal, in order, to their readers: the recorder (log,
    /// causes, effect numbers), the reporter and printer (diffs, failures, the trace), the breaks,
    /// then the session's readers. Run after each `send` returns, after each wake-up of the
    /// scheduler, and on the main actor's next turn for events that arrive between lines.
    func drainJournal() {
        let journal = scene.journal
        guard !journal.isEmpty else { return }
        journal.drain { event in read(event) }
        for reactor in scene.reactors { reactor.forgetReducedStates() }
    }

    /// Reads one event of the journal.
    private func read(_ event: JournalEvent) {
        let reactor = scene.reactors[event.reactor]
        switch event.kind {
        case .action(let actionID, let label):
            let step = recorder.recordAction(actionID, label: label, of: event)
            if !readers.isEmpty { tellReaders(SessionEvent(.action(id: actionID, label: label, step: step), reactor: reactor, time: event.time)) }
        case .reduction(let actionID, let label):
            let (cause, elapsed) = recorder.recordReduction(label, actionID: actionID, of: event)
            reporter.reportChange(
                of: reactor, at: event.reactor, reduction: event.stateSlot, label: label, elapsed: elapsed, cause: cause)
            if !breakpoints.isEmpty { checkBreakpoints(reading: (event.reactor, event.stateSlot)) }
            if !readers.isEmpty {
                tellReaders(SessionEvent(.reduction(label: label, cause: cause), reactor: reactor, time: event.time, stateSlot: event.stateSlot))
            }
        case .effect(let effect):
            let (number, report) = recorder.recordEffect(effect, of: event)
            if let report {
                if effect.phase == .failed {
                    _ = output.fail(
                        "effect of \(report.reactor)\(report.action.map { ".\($0)" } ?? "") failed: \(event.failure ?? "")")
                }
                if report.traced || report.cancelledBy != nil { output.printer.effect(report) }
            }
            if !readers.isEmpty { tellReaders(SessionEvent(.effect(effect, number: number, failure: event.failure), reactor: reactor, time: event.time)) }
        }
    }

    /// Tells the session's readers that `line` is about to run.
    func tellReaders(line: String, origin: LineOrigin) {
        tellReaders(SessionEvent(.line(text: line, origin: origin)))
    }

    /// Hands `event` to the session's readers, in the order they were added.
    func tellReaders(_ event: SessionEvent) {
        for reader in readers { reader.read(event) }
    }

    /// Adds `reader` (see ``SessionJournalReader``): from now on it reads the session's events,
    /// errors included.
    func addReader(_ reader: any SessionJournalReader) {
        readers.append(reader)
        output.errorReader = { [weak self] diagnostic in self?.tellReaders(SessionEvent(.error(diagnostic))) }
    }
}
