/// The one-step arithmetic of the built-in reactors, which must never trap (SPEC §6): a user can
/// set a score to `Int.max` and then score, and a plain `+ 1` would stop the process with SIGILL.
/// Each built-in saturates instead, as docs/reactors.md states.
extension Int {
    /// `self + 1`, or `Int.max` when `self` is already `Int.max`.
    var saturatingSuccessor: Int { self == .max ? .max : self + 1 }

    /// `self - 1`, or `Int.min` when `self` is already `Int.min`.
    var saturatingPredecessor: Int { self == .min ? .min : self - 1 }
}
