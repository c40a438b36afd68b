import StateDiff

/// What invariants and command generators see of the session being explored: the states of the
/// scene's reactors and whether effects are running. Read only.
@MainActor
public struct ExploreProbe {
    let session: ShellSession
    /// What the step just checked started from (for invariants that compare, see
    /// ``ExploreInvariant/init(_:comparingStates:check:)``); nil otherwise.
    let stepStart: StepStart?

    /// The scene as a step found it: each reactor's state, and whether effects were running.
    struct StepStart {
        let line: String
        let states: [StateValue]
        let wasQuiescent: Bool
    }

    init(session: ShellSession, stepStart: StepStart? = nil) {
        self.session = session
        self.stepStart = stepStart
    }

    /// The line the step just checked ran (empty for a generator, which runs before its step,
    /// and for invariants that do not compare states).
    public var line: String { stepStart?.line ?? "" }

    /// Whether no effect was running when the step started (true when unknown).
    public var wasQuiescent: Bool { stepStart?.wasQuiescent ?? true }

    /// The value at `path` (as in ``value(_:)``) before the step ran; only for an invariant made
    /// with `comparingStates: true`.
    public func before(_ path: String) throws -> StateValue {
        guard let stepStart else { throw StateQueryError(path: StatePath(), message: "no state before the step was kept") }
        let (reactor, pathText) = Self.split(path)
        let index = reactor.flatMap { name in session.scene.index(named: name) } ?? session.scene.focusIndex
        guard index < stepStart.states.count else { throw StateQueryError(path: StatePath(), message: "no reactor '\(reactor ?? "")'") }
        return try stepStart.states[index].value(at: try StatePath(parsing: pathText))
    }

    private static func split(_ path: String) -> (reactor: String?, path: String) {
        guard let colon = path.firstIndex(of: ":") else { return (nil, path) }
        return (String(path[..<colon]), String(path[path.index(after: colon)...]))
    }

    /// The value at `path` of the focused reactor's state, or of another reactor's with
    /// `REACTOR:PATH` (as in `:expect`); the whole state for an empty path.
    public func value(_ path: String) throws -> StateValue {
        let reference: StatePathReference
        if let colon = path.firstIndex(of: ":") {
            reference = StatePathReference(
                reactor: LocatedText(String(path[..<colon]), column: 1),
                path: LocatedText(String(path[path.index(after: colon)...]), column: colon.utf16Offset(in: path) + 2))
        } else {
            reference = StatePathReference(reactor: nil, path: LocatedText(path, column: 1))
        }
        switch session.runner.value(at: reference) {
        case .success(let found): return found.value
        case .failure(let diagnostic): throw diagnostic
        }
    }

    /// True when no effect of the scene has work in progress or scheduled (a subscription that
    /// only listens does not count).
    public var isQuiescent: Bool { session.scene.scheduler.isQuiescent }

    /// The names of the scene's reactors, the focused one first.
    public var reactorNames: [String] { session.scene.names }

    /// Whether `:undo` would find a step to go back to.
    public var canUndo: Bool { session.recorder.timeline.canUndo }

    /// Whether `:redo` would find a step to go forward to.
    public var canRedo: Bool { session.recorder.timeline.canRedo }
}
