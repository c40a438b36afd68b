import ReactorCore
import StateDiff

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
    // The fields read or changed on every line are exempt from dynamic exclusivity checks (about
    // 60 instructions an access, some 1,800 a line in all; docs/performance.md): main-actor state,
    // never passed `inout` to code that could reach it, and, the journal being drained only
    // between sends, never reached again while an access to it is under way.
    /// The events not drained yet, oldest first.
    @exclusivity(unchecked) private var events: [JournalEvent] = []
    /// True while the shell sends a typed action (its synchronous part).
    @exclusivity(unchecked) var isSending = false
    /// True while a line's synchronous part runs: the line drains the journal itself.
    @exclusivity(unchecked) var isHeld = false
    /// Asked for a drain when an event arrives outside a line (set by the runner).
    @exclusivity(unchecked) var lateArrival: (@MainActor () -> Void)?
    /// Whether a drain was asked for and has not run yet.
    @exclusivity(unchecked) private var drainRequested = false

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
        append(kind, reactor: reactor, stateSlot: stateSlot, failure: nil)
    }

    /// Appends effect event `event` of reactor `reactor`.
    @usableFromInline
    func append(_ event: EffectEvent, reactor: Int) {
        var failure: String?
        if case .failed(let error) = event.phase { failure = "\(error)" }
        append(.effect(EffectStep(event)), reactor: reactor, stateSlot: -1, failure: failure)
    }

    private func append(_ kind: JournalEvent.Kind, reactor: Int, stateSlot: Int, failure: String?) {
        // While the scheduler is quiescent no effect is alive, so none is running: the task-local
        // look-up (about 100 instructions) is left out of most events.
        let running = scheduler.isQuiescent ? nil : RunningEffect.current
        events.append(JournalEvent(
            kind: kind, reactor: reactor, time: scheduler.clock.now, runningEffect: running, duringSend: isSending,
            failure: failure, stateSlot: stateSlot))
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
            emptyKeepingCapacity(&batch)
            // The storage goes back for the next events, unless some arrived meanwhile.
            if events.isEmpty { swap(&batch, &events) }
        }
    }
}
