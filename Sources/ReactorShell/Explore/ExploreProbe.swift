import StateDiff

/// What invariants and command generators see of the session being explored: the states of the
/// scene's reactors and whether effects are running. Read only.
@MainActor
public struct ExploreProbe {
    let session: ShellSession

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
