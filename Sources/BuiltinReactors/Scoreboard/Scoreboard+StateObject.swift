import StateDiff

/// The scoreboard's state writes its two fields itself: what `encode(to:)` gives, without the
/// encoder's containers (the shell describes the state after every reduction; pinned to the
/// synthesized encoding by a test, see docs/performance.md for what it saves).
extension Scoreboard.State: StateObjectWritable {
    public func writeFields(to object: inout StateObjectWriter) {
        object.write("home", home)
        object.write("away", away)
    }
}
