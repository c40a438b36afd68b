import ReactorCore

extension SessionRunner {
    // MARK: Reading the journal

    /// Hands the events of the scene's journal, in order, to their readers: the recorder (log,
    /// causes, effect numbers, and the session's record), the reporter and printer (diffs,
    /// failures, the trace), the breaks, then the session's readers. Run after each `send` returns, after each wake-up of the
    /// scheduler, and on the main actor's next turn for events that arrive between lines.
    func drainJournal() {
        let journal = scene.journal
        guard !journal.isEmpty else { return }
        journal.drain { event, text in read(event, text: text) }
        // Then the reduced states are let go of; but, while states within steps are kept (the
        // live view's history) and effects run, each reactor's last: a mutation they send is in
        // the same step, and the state before it is that one.
        if recorder.record.keepsStatesWithinSteps {
            if !recorder.record.statesToKeep.isEmpty { keepStatesBetweenMutations() }
            if !scene.scheduler.isQuiescent {
                for reactor in scene.reactors { reactor.state.forgetReducedStatesButLast() }
                return
            }
        }
        for reactor in scene.reactors { reactor.state.forgetReducedStates() }
    }

    /// Has each reactor that changed again within a step keep the state between the two (typed,
    /// not described), while its reduced states are still there: the live view's history reads
    /// them.
    private func keepStatesBetweenMutations() {
        let firstKeptEntry = recorder.record.firstKeptEntry
        for kept in recorder.record.statesToKeep where kept.reactor < scene.reactors.count {
            scene.reactors[kept.reactor].state.keepState(
                beforeReduction: kept.slot, asBeforeEntry: kept.entry, firstKeptEntry: firstKeptEntry)
        }
        recorder.record.keptStates()
    }

    /// Reads one event of the journal, with its text (a label, a failed effect's error).
    private func read(_ event: JournalEvent, text: String) {
        switch event.kind {
        case .action(let actionID):
            let step = recorder.recordAction(actionID, label: text, of: event)
            if !readers.isEmpty {
                var read = SessionEvent(
                    .action(id: actionID, label: text, step: step), reactor: scene.reactors[event.reactor], at: event.reactor,
                    time: event.time)
                if step != nil, let sent = recorder.takeLastSentAction() { read.detail = .sent(sent) }
                tellReaders(read)
            }
        case .reduction(let actionID):
            readReduction(event, label: text, actionID: actionID)
        case .effect(let effect):
            readEffect(event, effect, failure: text)
        }
    }

    /// Reads a reduction: records it, reports what it changed, checks the breaks.
    private func readReduction(_ event: JournalEvent, label: String, actionID: Int?) {
        let reactor = scene.reactors[event.reactor]
        // An optional from the start: the reporter takes one, and wrapping it would copy the cause.
        let cause: MutationCause? = recorder.recordReduction(label, actionID: actionID, of: event)
        recorder.record.mutation(label, reactor: event.reactor, cause: cause, stateSlot: event.stateSlot)
        reporter.reportChange(
            of: reactor, at: event.reactor, reduction: event.stateSlot, label: label,
            elapsed: recorder.elapsed(since: actionID, at: event.time), cause: cause)
        if !breakpoints.isEmpty { checkBreakpoints(reading: (event.reactor, event.stateSlot)) }
        if !readers.isEmpty, let cause {
            tellReaders(SessionEvent(
                .reduction(label: label, cause: cause), reactor: consume reactor, at: event.reactor, time: event.time,
                stateSlot: event.stateSlot,
                changes: reporter.reportedChanges))
        }
    }

    /// Reads a step of an effect's life: records it, reports a failure, prints what is shown.
    private func readEffect(_ event: JournalEvent, _ effect: EffectStep, failure: String) {
        let number = recorder.recordEffect(effect, of: event)
        // Most steps print nothing (a start, a normal end): no report is made for them, nor an
        // optional one made and dropped (about 200 instructions a step).
        if effect.phase != .started && effect.phase != .finished || recorder.trace,
           let report = recorder.effectReport(effect, number: number, of: event, failure: failure)
        {
            return readReported(event, effect, number: number, failure: failure, report: report)
        }
        if !readers.isEmpty { tellReaders(effectEvent(event, effect, number: number, failure: failure)) }
    }

    /// Reads a step of an effect's life that has a report (a failure, a cancellation, a trace).
    private func readReported(
        _ event: JournalEvent, _ effect: EffectStep, number: Int, failure: String, report: EffectReport
    ) {
        recorder.record.effect(effect, number: number, reactor: event.reactor, failure: failure, report: report)
        if effect.phase == .failed {
            _ = output.fail("effect of \(report.reactor)\(report.action.map { ".\($0)" } ?? "") failed: \(failure)")
        }
        if report.traced || report.cancelledBy != nil { output.printer.effect(report) }
        if !readers.isEmpty {
            var read = effectEvent(event, effect, number: number, failure: failure)
            read.detail = .effect(report)
            tellReaders(read)
        }
    }

    /// The session's event for a step of an effect's life, as its readers get it.
    private func effectEvent(_ event: JournalEvent, _ effect: EffectStep, number: Int, failure: String) -> SessionEvent {
        SessionEvent(
            .effect(effect, number: number, failure: effect.phase == .failed ? failure : nil),
            reactor: scene.reactors[event.reactor], time: event.time)
    }

    /// Tells the session's readers that `line` is about to run. Not inlined: the line runner
    /// calls it from four places (a parse error, a blank line, a meta command, an action line
    /// with labels or a reactor), and inlined there, with the loop below, it made that function
    /// outline the destruction of its parsed line, about 40 instructions a line of every run.
    @inline(never)
    func tellReaders(line: String, origin: LineOrigin) {
        tellReaders(SessionEvent(.line(text: line, origin: origin)))
    }

    /// Hands `event` to the session's readers, in the order they were added. By index, the list
    /// read again for each: only the reader called is retained (a `for` over the list retained
    /// the list too: a retain and a release more an event). Readers are added and removed
    /// between events, never while one is read.
    func tellReaders(_ event: SessionEvent) {
        var index = 0
        while index < readers.count {
            readers[index].read(event)
            index += 1
        }
    }

    /// Adds `reader` (see ``SessionJournalReader``): from now on it reads the session's events,
    /// errors and expectations included.
    func addReader(_ reader: any SessionJournalReader) {
        // A new list is stored rather than the stored one grown in place, which would keep every
        // access to it checked for exclusivity at run time (docs/performance.md).
        readers = readers + [reader]
        recorder.servesReaders = true
        reporter.sharesChanges = true
        output.eventReader = { [weak self] event in self?.tellReaders(event) }
    }

    /// Removes `reader`: it reads nothing more.
    func removeReader(_ reader: any SessionJournalReader) {
        readers = readers.filter { $0 !== reader }
        if readers.isEmpty {
            recorder.servesReaders = false
            reporter.sharesChanges = false
            output.eventReader = nil
        }
    }
}
