import StateDiff

extension SessionRecord {
    /// One thing recorded, as compact as the per-line path needs: its meaning depends on ``kind``
    /// (see the fields). Read through ``SessionRecord/events``.
    struct Entry {
        enum Kind: UInt8 {
            /// A line: `first` its index in ``SessionRecord/lines``.
            case line
            /// A scene loaded or the focus moved: `first` the index in ``SessionRecord/scenes``.
            case scene
            /// An action: `first` its id (-1: a typed action its stubbed reactor never processed),
            /// `second` its `:history` step (-1: not typed, sent by an effect), `third` its line in
            /// the replay script (-1: none); `text` its label.
            case action
            /// A `:history` step that is not an action (`:reset`): `second` its step, `third` its
            /// line in the replay script (-1: none); `text` the line.
            case command
            /// A mutation: `first` the id of the action it goes back to (-1: none), `second` the
            /// effect that sent it (-1: none), `third` the cause's origin (``causeOrigins``);
            /// `text` its label.
            case mutation
            /// A step of time travel or a reset (`(undo)`): `text` its label; the states before
            /// and after in ``SessionRecord/details``.
            case travel
            /// A typed action that changed nothing.
            case noMutation
            /// An effect cancelled by another action: `first` its number, `second` the id of the
            /// action whose effect it was (-1: none), `third` the id of the cancelling action; its
            /// report (with the time) in ``SessionRecord/details``.
            case effectCancelled
            /// An effect that failed: `first` its number, `second` its action's id; `text` the error;
            /// its report in ``SessionRecord/details``.
            case effectFailed
            /// Any other step of an effect's life shown while tracing (`:set trace on`): `first` its
            /// number, `second` its action's id; its report in ``SessionRecord/details``. Prints
            /// nothing of its own (the trace line belongs to what it follows).
            case effectTraced
            /// An error or a failed expectation: `text` the located message, its diagnostic in
            /// ``SessionRecord/details``.
            case failure
            /// An `:expect` line's result, passed or failed (a failed one's `failure` follows):
            /// the result in ``SessionRecord/details``.
            case expectation
            /// The next line is about to be echoed (`--echo`): what follows is not the output of
            /// the line before.
            case echo
        }

        let kind: Kind
        /// For a step: whether it was undone and then replaced by a new action (abandoned: time
        /// travel no longer leads to it).
        var isAbandoned = false
        /// The reactor's index in the scene (for a line: how many `:load`s deep it ran).
        let reactor: Int32
        let first: Int
        let second: Int
        let third: Int
        /// Where in the captured output what it printed begins.
        let output: Int
        let text: String?
    }

    /// Where the causes' origins are kept in a mutation entry.
    static let causeOrigins: [MutationCause.Origin] = [.action, .effect, .event]

    /// What the record keeps besides an entry of the rarer kinds, whole, for the live view's
    /// history (see `LiveHistory`).
    enum Detail {
        /// A `failure`'s diagnostic.
        case diagnostic(Diagnostic)
        /// An `expectation`'s result.
        case expectation(ExpectationResult)
        /// An `effectCancelled`, `effectFailed` or `effectTraced` entry's report.
        case effect(EffectReport)
        /// A `travel` entry's reactor's state before and after it.
        case travel(before: StateValue?, after: StateValue?)
        /// An abandoned step's (``Entry/isAbandoned``) reactors' states before it, kept when the
        /// timeline dropped them.
        case statesBefore([StateValue?])
        /// A `mutation` entry's reactor's state right before it, when it followed another of the
        /// reactor's mutations in its step (moved here from the reactor when its scene ended).
        case stateBefore(StateValue)
    }
}
