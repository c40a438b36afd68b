import StateDiff

/// Prints what changed in a reactor's state since its last report: keeps the last reported state
/// of each reactor of the scene (the diff's baseline), compares, and hands the result to the
/// printer. Its whole interface to StateDiff is `StateValue` and `diff(_:_:appendingTo:)` (old
/// values go back through ``ShellReactorState/recycle(_:)``); except for a reactor whose state
/// lists its own changes (``ShellReactorState/listsOwnChanges``, a `StateDiffable` state), which keeps
/// its baseline itself and is asked for the changes, so that nothing it did not change is encoded.
/// While a reader of the session's journal wants them (``sharesChanges``), it keeps each report's
/// changes for it.
@MainActor
final class ChangeReporter: ExemptFields<ChangeReporter.Kept> {
    private let scene: LoadedScene
    private let output: SessionOutput
    // `baselines` and `reportedChanges` are the reporter's `ExemptFields` (IO/ShellMemory.swift),
    // without dynamic
    // exclusivity checks (about 60 instructions an access; docs/performance.md): read or changed on
    // every report, main-actor state, never passed `inout` to code that could reach them, and never
    // reached again while an access to them is under way (the optimizer cannot prove it: they grow
    // in place).
    /// What the reporter keeps from one report to the next.
    struct Kept {
        var baselines: [StateValue?] = []
        var reportedChanges: [StateChange] = []
    }
    /// The state last reported, per reactor of the scene (nil: none yet, or diffs were off).
    private var baselines: [StateValue?] {
        _read { yield fields.baselines }
        _modify { yield &fields.baselines }
    }
    /// Whether diffs are printed (`:set diff`); off, only the baselines are dropped.
    private(set) var showsDiffs: Bool
    /// The state of each reactor of the scene (``ShellReactor/state``).
    private var states: [ShellReactorState] = []
    /// The paths `:watch` asked for; while there are any, text diffs show only their changes.
    private(set) var watches = WatchList()
    /// Whether the changes of each report are kept for the session's readers (a live view): then
    /// every report diffs into ``reportedChanges``, diffs shown or not, so that the state described
    /// once for the terminal serves the readers too.
    var sharesChanges = false {
        didSet { if !sharesChanges { emptyKeepingCapacity(&reportedChanges) } }
    }
    /// While ``sharesChanges``, the changes of the last report (from the state reported before it;
    /// the whole state replacing the root when there was none), which the readers have read when
    /// the next report empties the list; otherwise an empty list. Its capacity is kept, reused by
    /// every report.
    private(set) var reportedChanges: [StateChange] {
        _read { yield fields.reportedChanges }
        _modify { yield &fields.reportedChanges }
    }

    init(scene: LoadedScene, output: SessionOutput, showsDiffs: Bool) {
        self.scene = scene
        self.output = output
        self.showsDiffs = showsDiffs
        super.init(Kept())
    }

    /// `:set diff on|off`; turning diffs on takes the current states as the baselines.
    func setShowsDiffs(_ on: Bool) {
        if on && !showsDiffs { takeBaselines() }
        showsDiffs = on
    }

    /// Changes the watches with `change` (`:watch`, `:unwatch`) and returns what it returns: on a
    /// copy, stored back, so that no access to the stored list is under way while `change` runs and
    /// the optimizer drops the list's dynamic exclusivity checks.
    func changeWatches<Result>(_ change: (inout WatchList) -> Result) -> Result {
        var changed = watches
        defer { watches = changed }
        return change(&changed)
    }

    /// Takes the current states as the baselines (a new scene, diffs turned on).
    func takeBaselines() {
        states = scene.reactors.map(\.state)
        baselines = states.map { $0.listsOwnChanges ? nil : try? $0.value() }
        for state in states where state.listsOwnChanges {
            state.resetChangeBaseline(toCurrent: true)
        }
    }

    /// Prints what changed in reactor `index` of the scene since its last report, under `label`
    /// (a time-travel or reset step: no cause); with `onlyIfChanged`, nothing when nothing did.
    func reportChange(of index: Int, label: String, onlyIfChanged: Bool = false) {
        reportChange(
            of: scene.reactors[index], at: index, reduction: nil, label: label, elapsed: nil, cause: nil,
            onlyIfChanged: onlyIfChanged)
    }

    /// Prints what changed in `reactor`, reactor `index` of the scene, from its last report to its
    /// state after `reduction` (the current state when nil), under `label`, with the mutation's `cause`.
    /// While ``sharesChanges``, the changes stay in ``reportedChanges`` for the session's readers.
    func reportChange(
        of reactor: any ShellReactor, at index: Int, reduction: Int?, label: String, elapsed: Duration?,
        cause: MutationCause?, onlyIfChanged: Bool = false
    ) {
        let state = states[index]
        let shares = sharesChanges
        // The readers are done with the last report's list (the live feed writes its event's JSON
        // as it reads it): it is emptied for this one, its memory kept.
        if shares && !reportedChanges.isEmpty { emptyKeepingCapacity(&reportedChanges) }
        guard showsDiffs || shares else {
            baselines[index] = nil
            if state.listsOwnChanges { state.resetChangeBaseline(toCurrent: false) }
            return
        }
        if state.listsOwnChanges {
            return reportOwnChanges(
                of: reactor, state: state, reduction: reduction, label: label, elapsed: elapsed, cause: cause, onlyIfChanged: onlyIfChanged)
        }
        let new: StateValue
        do {
            if let reduction {
                new = try state.value(afterReduction: reduction)
            } else {
                new = try state.value()
            }
        } catch {
            _ = output.fail("cannot describe the state of \(reactor.name): \(error)")
            return
        }
        var previous: StateValue?
        swap(&previous, &baselines[index])
        let printer = output.printer
        let several = scene.hasSeveral
        guard let old = consume previous else {
            if shares { reportedChanges.append(.replace(StatePath(), old: .null, new: new)) }
            baselines[index] = consume new
            if showsDiffs {
                printer.mutation(of: reactor, sceneHasSeveral: several, label: label, elapsed: elapsed, cause: cause, changes: [])
            }
            return
        }
        if onlyIfChanged && old == new {
            baselines[index] = consume new
            return
        }
        if showsDiffs && watches.isEmpty && (shares
            ? printer.mutation(
                of: reactor, sceneHasSeveral: several, label: label, elapsed: elapsed, cause: cause, from: old, to: new,
                listingInto: &reportedChanges)
            : printer.mutation(
                of: reactor, sceneHasSeveral: several, label: label, elapsed: elapsed, cause: cause, from: old, to: new))
        {
            // Compared and printed in one pass, which listed the readers' changes too: the two states
            // are walked once.
        } else if shares {
            diff(old, new, appendingTo: &reportedChanges)
            if showsDiffs {
                print(reportedChanges, of: reactor, several: several, label: label, elapsed: elapsed, cause: cause, watched: true)
            }
        } else if !watches.isEmpty, let text = printer as? TextPrinter {
            var changes: [StateChange] = []
            diff(old, new, appendingTo: &changes)
            printWatched(changes, of: reactor, to: text, several: several, label: label, elapsed: elapsed, cause: cause)
        } else {
            var changes: [StateChange] = []
            swap(&changes, &reportedChanges)
            diff(old, new, appendingTo: &changes)
            printer.mutation(
                of: reactor, sceneHasSeveral: several, label: label, elapsed: elapsed, cause: cause, changes: changes)
            emptyKeepingCapacity(&changes)
            swap(&changes, &reportedChanges)
        }
        // The new tree becomes the baseline only now, moved there (not copied, retained and released).
        baselines[index] = consume new
        // The old tree is referenced nowhere else now (the shared changes hold only its parts):
        // its storage goes back to be written over.
        if state.encodesThroughEncoder { state.recycle(consume old) }
    }

    /// Prints the changes that `reactor`'s `state` lists itself since its last report.
    private func reportOwnChanges(
        of reactor: any ShellReactor, state: ShellReactorState, reduction: Int?, label: String, elapsed: Duration?, cause: MutationCause?, onlyIfChanged: Bool
    ) {
        let shares = sharesChanges
        var changes: [StateChange] = []
        swap(&changes, &reportedChanges)
        defer {
            if !shares { emptyKeepingCapacity(&changes) }
            swap(&changes, &reportedChanges)
        }
        let hadBaseline: Bool
        do {
            hadBaseline = try state.appendChanges(afterReduction: reduction, into: &changes)
        } catch {
            _ = output.fail("cannot describe the state of \(reactor.name): \(error)")
            return
        }
        if shares && !hadBaseline {
            // The readers get the whole state: they have nothing to apply changes to.
            let whole = try? reduction.map { try state.value(afterReduction: $0) } ?? state.value()
            changes = [.replace(StatePath(), old: .null, new: whole ?? .null)]
        }
        if onlyIfChanged && hadBaseline && changes.isEmpty { return }
        guard showsDiffs else { return }
        print(
            hadBaseline ? changes : [], of: reactor, several: scene.hasSeveral, label: label, elapsed: elapsed, cause: cause,
            watched: hadBaseline)
    }

    /// Prints `changes` of `reactor`: with `watched`, only the watched ones and how many others
    /// there were while there are watches (text only); all of them otherwise.
    private func print(
        _ changes: [StateChange], of reactor: any ShellReactor, several: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, watched: Bool
    ) {
        if watched, !watches.isEmpty, let text = output.printer as? TextPrinter {
            return printWatched(changes, of: reactor, to: text, several: several, label: label, elapsed: elapsed, cause: cause)
        }
        output.printer.mutation(
            of: reactor, sceneHasSeveral: several, label: label, elapsed: elapsed, cause: cause, changes: changes)
    }

    /// Prints the watched part of `changes` and how many others there were (`:watch`, text only:
    /// a JSON patch stays whole, so that it still applies).
    private func printWatched(
        _ changes: [StateChange], of reactor: any ShellReactor, to printer: TextPrinter, several: Bool, label: String,
        elapsed: Duration?, cause: MutationCause?
    ) {
        let (shown, others) = watches.split(changes, of: reactor.name)
        printer.watchedMutation(
            of: reactor, sceneHasSeveral: several, label: label, elapsed: elapsed, cause: cause, changes: shown,
            otherChanges: others)
    }
}
