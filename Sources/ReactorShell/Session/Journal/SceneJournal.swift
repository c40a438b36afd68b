import ReactorCore

/// The record of what a scene's reactors do: their runtime observers only append plain
/// ``JournalEvent`` values here (nothing runs inside `reduce` on the shell's behalf); the session
/// drains it after each `send` returns and after each wake-up of the scheduler, and hands the
/// events, in order, to its readers (recorder, reporter and printer, watch and break, then the
/// ``SessionJournalReader``s added to the session).
///
/// Events that arrive while no line is running (an effect's result on the real clock, at the
/// prompt) ask for a drain on the main actor's next turn (``lateArrival``).
@MainActor
public final class SceneJournal {
    /// The scene's scheduler, whose clock times the events.
    let scheduler: Scheduler
    /// The events not drained yet, oldest first.
    private var events: [JournalEvent] = []
    /// True while the shell sends a typed action (its synchronous part).
    var isSending = false
    /// True while a line's synchronous part runs: the line drains the journal itself.
    var isHeld = false
    /// Asked for a drain when an event arrives outside a line (set by the runner).
    var lateArrival: (@MainActor () -> Void)?
    /// Whether a drain was asked for and has not run yet.
    private var drainRequested = false

    /// A journal for the scene run by `scheduler`.
    init(scheduler: Scheduler) {
        self.scheduler = scheduler
    }

    /// Whether there is nothing to drain.
    var isEmpty: Bool { events.isEmpty }

    /// Appends an event of `kind` of reactor `reactor` (for a reduction, with its new state kept
    /// by the reactor at `stateSlot`).
    @usableFromInline
    func append(_ kind: JournalEvent.Kind, reactor: Int, stateSlot: Int = -1) {
        // While the scheduler is quiescent no effect is alive, so none is running: the task-local
        // look-up (about 100 instructions) is left out of most events.
        let running = scheduler.isQuiescent ? nil : RunningEffect.current
        events.append(JournalEvent(
            kind: kind, reactor: reactor, time: scheduler.clock.now, runningEffect: running, duringSend: isSending,
            stateSlot: stateSlot))
        if !isHeld && !drainRequested, let lateArrival {
            drainRequested = true
            lateArrival()
        }
    }

    /// Hands the events to `read`, oldest first, until none is left (one written meanwhile is read
    /// too, after those before it).
    func drain(_ read: (JournalEvent) -> Void) {
        drainRequested = false
        var batch: [JournalEvent] = []
        while !events.isEmpty {
            swap(&batch, &events)
            for event in batch { read(event) }
            batch.removeAll(keepingCapacity: true)
            // The storage goes back for the next events, unless some arrived meanwhile.
            if events.isEmpty { swap(&batch, &events) }
        }
    }
}
