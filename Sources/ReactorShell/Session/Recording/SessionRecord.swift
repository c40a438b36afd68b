import StateDiff

/// What happened in a session, in order, as it happened: the one record that every export reads
/// (`:save`, `:save --expect`, `:save --transcript`, `:diagram`, and the live view's history).
///
/// It is fed as the session runs, never by running anything again:
/// - by the runner, per line: the line's text, where it came from (file and line number, and how
///   many `:load`s deep), before it runs; the prompt whenever a scene is loaded or the focus moves;
/// - by the journal's reading (the session runner's drain): each typed action, each mutation with
///   its cause, each cancelled or failed effect, each action that changed nothing; and by the
///   runner again, each step of time travel and each reset;
/// - by the session's output: each error and failed expectation;
/// - by the output sink: a copy of what the terminal was shown (`OutputCapture`), of which
///   each entry notes where its output begins.
///
/// Recording is an append of a small value per line and per event; nothing is formatted until an
/// export reads ``events`` (see `SessionRecord+Events.swift`). Bounded: past `ReplayScript.limit`
/// lines, `entryLimit` entries or `OutputCapture.limit` bytes of output, ``overflowed`` is
/// true and the exports that need the whole session say that it is too long.
///
/// A value: the session's recorder holds the one being written; a copy (as
/// ``ShellSession/record`` gives) shares its storage and reads the session as it was then.
@MainActor
public struct SessionRecord {
    /// At most this many entries (lines and events) are kept.
    static let entryLimit = 1 << 15

    /// One thing recorded, as compact as the per-line path needs: its meaning depends on ``kind``
    /// (see the fields). Read through ``SessionRecord/events``.
    struct Entry {
        enum Kind: UInt8 {
            /// A line: `first` its index in ``SessionRecord/lines``.
            case line
            /// A scene loaded or the focus moved: `first` the index in ``SessionRecord/scenes``.
            case scene
            /// A typed action: `first` its id, `second` its `:history` step, `third` its line in
            /// the replay script (-1: none); `text` its label.
            case action
            /// A mutation: `first` the id of the action it goes back to (-1: none), `second` the
            /// effect that sent it (-1: none), `third` the cause's origin (``causeOrigins``);
            /// `text` its label.
            case mutation
            /// A step of time travel or a reset (`(undo)`): `text` its label.
            case travel
            /// A typed action that changed nothing.
            case noMutation
            /// An effect cancelled by another action: `first` its number, `second` the id of the
            /// action whose effect it was (-1: none), `third` the id of the cancelling action.
            case effectCancelled
            /// An effect that failed: `first` its number, `second` its action's id; `text` the error.
            case effectFailed
            /// An error or a failed expectation: `text` the located message.
            case failure
            /// The next line is about to be echoed (`--echo`): what follows is not the output of
            /// the line before.
            case echo
        }

        let kind: Kind
        /// The reactor's index in the scene (for a line: how many `:load`s deep it ran).
        let reactor: Int32
        let first: Int
        let second: Int
        let third: Int
        /// Where in the captured output what it printed begins.
        let output: Int
        let text: String?
    }

    /// A scene as loaded (`:use`), or the focus moved within it.
    struct Scene {
        /// The registry entry (`board`).
        let entry: String
        /// Its reactors' names, in the scene's order.
        let reactors: [String]
        /// The prompt from then on (`board> `).
        let prompt: String
        /// Whether a scene was loaded (false: only the focus moved).
        let isLoad: Bool
    }

    /// Where the causes' origins are kept in a mutation entry.
    static let causeOrigins: [MutationCause.Origin] = [.action, .effect, .event]

    /// The sink whose output is captured.
    let sink: OutputSink
    /// What the terminal was shown.
    let output = OutputCapture()
    /// The lines, as given.
    private(set) var lines = SessionInput()
    /// The scenes loaded and the focus moves, in order.
    private(set) var scenes: [Scene] = []
    /// The entries, in order.
    private(set) var entries: [Entry] = []
    /// The commands that replay the session (`:save`), with ` &` where lines overlapped.
    var script = ReplayScript()
    /// Whether entries were dropped past ``entryLimit``.
    private var entriesOverflowed = false

    /// A record of the session writing to `sink`, which from now on copies its output here.
    init(sink: OutputSink) {
        self.sink = sink
        sink.capture = output
    }

    /// Whether part of the session was not kept (too long): the transcript and the diagram need
    /// all of it.
    public var overflowed: Bool { entriesOverflowed || lines.overflowed || output.overflowed }

    /// How many lines were recorded.
    public var lineCount: Int { lines.count }

    /// The lines typed or read from the scripts named on the command line (not those of `:load`ed
    /// files, whose `:load` line stands for them).
    var topLevelLines: [SessionInput.Line] { lines.lines.filter { $0.depth == 0 } }

    // MARK: Recording

    /// Appends `entry` unless the record is full.
    private mutating func append(_ entry: consuming Entry) {
        guard entries.count < Self.entryLimit else {
            entriesOverflowed = true
            return
        }
        // Reserved at its bound on first use (pages are touched only as they fill): growing would
        // copy every entry kept each time.
        if entries.capacity == 0 { entries.reserveCapacity(Self.entryLimit) }
        entries.append(entry)
    }

    /// Records the line of `bytes`, from `origin`, `depth` `:load`s deep, about to run.
    mutating func line(_ bytes: UnsafeBufferPointer<UInt8>, origin: borrowing LineOrigin, depth: Int) {
        let index = lines.nextIndex
        guard lines.append(bytes, origin: origin, depth: depth) else { return }
        append(Entry(
            kind: .line, reactor: Int32(truncatingIfNeeded: depth), first: index, second: 0, third: 0,
            output: sink.capturedCount, text: nil))
    }

    /// Records line `text` (narration shown at a stepping pause, which does not run).
    mutating func line(_ text: String, origin: LineOrigin, depth: Int) {
        var text = text
        text.withUTF8 { line($0, origin: origin, depth: depth) }
    }

    /// Records that scene `entry` with `reactors` was loaded (`isLoad`) or its focus moved, the
    /// prompt becoming `prompt`.
    mutating func scene(_ entry: String, reactors: [String], prompt: String, isLoad: Bool) {
        scenes.append(Scene(entry: entry, reactors: reactors, prompt: prompt, isLoad: isLoad))
        append(Entry(
            kind: .scene, reactor: 0, first: scenes.count - 1, second: 0, third: 0, output: sink.capturedCount, text: nil))
    }

    /// Records typed action `id` of reactor `reactor`, labelled `label`, `:history` step `step`,
    /// whose line is `scriptLine` in ``script``.
    mutating func action(_ id: Int, reactor: Int, label: String, step: Int, scriptLine: Int?) {
        append(Entry(
            kind: .action, reactor: Int32(truncatingIfNeeded: reactor), first: id, second: step, third: scriptLine ?? -1,
            output: sink.capturedCount, text: label))
    }

    /// Records mutation `label` of reactor `reactor`, from `cause`; call it before the mutation is
    /// reported, so that its output follows.
    mutating func mutation(_ label: String, reactor: Int, cause: MutationCause?) {
        let origin = cause?.origin == .effect ? 1 : cause?.origin == .event ? 2 : 0
        append(Entry(
            kind: .mutation, reactor: Int32(truncatingIfNeeded: reactor), first: cause?.actionID ?? -1,
            second: cause?.effectID ?? -1, third: origin, output: sink.capturedCount, text: label))
    }

    /// Records a step of time travel or a reset of reactor `reactor`, labelled `label` (`(undo)`),
    /// before it is reported.
    mutating func travel(_ label: String, reactor: Int) {
        append(Entry(
            kind: .travel, reactor: Int32(truncatingIfNeeded: reactor), first: 0, second: 0, third: 0,
            output: sink.capturedCount, text: label))
    }

    /// Records that the typed action of reactor `reactor` changed nothing.
    mutating func noMutation(reactor: Int) {
        append(Entry(
            kind: .noMutation, reactor: Int32(truncatingIfNeeded: reactor), first: 0, second: 0, third: 0,
            output: sink.capturedCount, text: nil))
    }

    /// Records effect step `effect`, numbered `number` in the session, of reactor `reactor`, when
    /// it is a cancellation by another action or a failure (with `failure`, its error).
    mutating func effect(_ effect: EffectStep, number: Int, reactor: Int, failure: String?) {
        let kind: Entry.Kind
        switch effect.phase {
        case .cancelled where effect.cancellingActionID != nil: kind = .effectCancelled
        case .failed: kind = .effectFailed
        default: return
        }
        append(Entry(
            kind: kind, reactor: Int32(truncatingIfNeeded: reactor), first: number, second: effect.actionID ?? -1,
            third: effect.cancellingActionID ?? -1, output: sink.capturedCount, text: failure))
    }

    /// Records that the next line is about to be shown as typed (`--echo`, a live view's command),
    /// before it is: the echo is not output of the line before.
    mutating func echo() {
        append(Entry(kind: .echo, reactor: 0, first: 0, second: 0, third: 0, output: sink.capturedCount, text: nil))
    }

    /// Records an error or a failed expectation.
    mutating func failure(_ diagnostic: Diagnostic) {
        append(Entry(
            kind: .failure, reactor: 0, first: 0, second: 0, third: 0, output: sink.capturedCount,
            text: diagnostic.description))
    }
}
