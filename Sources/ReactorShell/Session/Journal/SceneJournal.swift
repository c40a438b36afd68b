import ReactorCore
import StateDiff

/// The record of what a scene's reactors do: their runtime observers only append plain
/// ``JournalEvent`` values here (nothing runs inside `reduce` on the shell's behalf); the session
/// drains it after each `send` returns and after each wake-up of the scheduler, and hands the
/// events, in order, to its readers (recorder, reporter and printer, watch and break, then the
/// ``SessionJournalReader``s added to the session).
///
/// When an event arrives while no line is running (an effect's result on the real clock, at the
/// prompt, or during a line's wait), the journal only signals it (`LateEventSignal`); the runner
/// awaits the signal and drains on the main actor's next turn.
/// Nothing of the shell is called from here.
@MainActor
public final class SceneJournal {
    /// The scene's scheduler: while it is quiescent, no effect code runs.
    let scheduler: Scheduler
    /// The scheduler's clock, which times the events: held here, so that reading the time does not
    /// retain and release it through the scheduler on every event.
    private let clock: any ReactorClock
    // `pending` is in an `ExemptFields` (no dynamic exclusivity checks, about 60 instructions an
    // access; docs/performance.md): growing its arrays may release storage, which the optimizer
    // cannot prove never reaches the journal again, so it keeps the checks. Main-actor state,
    // drained only between sends, never passed `inout` to code that could reach it. The other
    // fields need no exemption: the optimizer proves their accesses never overlap.
    /// The events not drained yet, oldest first, and their texts.
    private let pending = ExemptFields(Entries())
    /// True while the shell sends a typed action (its synchronous part).
    var isSending = false
    /// True while a line's synchronous part runs: the line drains the journal itself.
    var isHeld = false
    /// Whether a drain was asked for and has not run yet.
    private var drainRequested = false
    /// Signalled once when events wait outside a line, until the next drain (the runner awaits it).
    private let lateEvents: LateEventSignal

    /// A journal for the scene run by `scheduler`, which tells `lateEvents` when events arrive
    /// outside a line.
    init(scheduler: Scheduler, lateEvents: LateEventSignal) {
        self.scheduler = scheduler
        clock = scheduler.clock
        self.lateEvents = lateEvents
    }

    /// Whether there is nothing to drain.
    var isEmpty: Bool { pending.fields.events.isEmpty }

    /// Appends that action `id` of reactor `reactor`, labelled `label`, entered its pipeline.
    @usableFromInline
    func appendAction(_ id: Int, label: consuming String, reactor: Int) {
        append(.action(id: id), reactor: reactor, text: label, stateSlot: -1)
    }

    /// Appends that a mutation labelled `label`, sent for action `actionID`, was reduced by reactor
    /// `reactor`, which keeps the new state at `stateSlot` until the drain.
    @usableFromInline
    func appendReduction(actionID: Int?, label: consuming String, reactor: Int, stateSlot: Int) {
        append(.reduction(actionID: actionID), reactor: reactor, text: label, stateSlot: stateSlot)
    }

    /// Appends effect event `event` of reactor `reactor`.
    @usableFromInline
    func append(_ event: EffectEvent, reactor: Int) {
        var failure = ""
        if case .failed(let error) = event.phase { failure = "\(error)" }
        append(.effect(EffectStep(event)), reactor: reactor, text: failure, stateSlot: -1)
    }

    // The text is taken over (`consuming`), not copied: the observer's label moves into the journal.
    private func append(_ kind: JournalEvent.Kind, reactor: Int, text: consuming String, stateSlot: Int) {
        pending.fields.texts.append(text)
        pending.fields.events.append(JournalEvent(
            kind: kind, reactor: reactor, time: clock.now, runningEffect: runningEffect(for: kind), duringSend: isSending,
            stateSlot: stateSlot))
        if !isHeld && !drainRequested { askForDrain() }
    }

    /// Signals ``lateEvents`` that events wait outside a line, once until the next drain.
    // `@inline(never)` because it is measured to matter: inlined into `append`, the stream's yield
    // looks its type's metadata up on every event, held or not. Without the attribute, callgrind
    // on the stripped release build (docs/performance.md's method) counts the random mix 6,620
    // instructions a line instead of 6,587 (+33) and counter 22,416 instead of 22,301 (+115)
    // (first measured when the signal came in, 4b738f8: +37, +125). Drop it only with a measure.
    @inline(never)
    private func askForDrain() {
        drainRequested = true
        lateEvents.signal()
    }

    /// The effect whose code runs now, as an event of `kind` notes it: none for an effect's own
    /// step, which names its effect itself, nor while the scheduler is quiescent (no effect is
    /// alive then). The look-up (about 50 instructions in a timer's delivery, 100 in a task) is
    /// left out of those events.
    private func runningEffect(for kind: JournalEvent.Kind) -> RunningEffect? {
        if case .effect = kind { return nil }
        return scheduler.isQuiescent ? nil : RunningEffect.current
    }

    /// Hands the events to `read` with their texts ("" for none), oldest first, until none is left
    /// (one written meanwhile is read too, after those before it).
    func drain(_ read: (JournalEvent, String) -> Void) {
        drainRequested = false
        var batch = Entries()
        while !pending.fields.events.isEmpty {
            swap(&batch, &pending.fields)
            do {
                // Each text is lent to `read` where it lies (a span): a copy out of the array cost
                // a retain and a release a text.
                let texts = batch.texts.span
                for index in batch.events.indices { read(batch.events[index], texts[index]) }
            }
            batch.empty()
            // The storage goes back for the next events, unless some arrived meanwhile.
            if pending.fields.events.isEmpty { swap(&batch, &pending.fields) }
        }
    }

    /// Events and their texts, side by side ("" for an event without one: the empty string is
    /// stored in place, nothing to retain).
    private struct Entries {
        var events: [JournalEvent] = []
        var texts: [String] = []

        /// Empties both, keeping their storage, by code specialized for their types (the events
        /// are plain values; the texts are released).
        mutating func empty() {
            emptyKeepingCapacity(&events)
            emptyKeepingCapacity(&texts)
        }
    }
}
