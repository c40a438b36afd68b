import StateDiff

/// An LSP `Range` on one line, between two UTF-16 offsets.
struct LineRange: Equatable {
    /// The 0-based line.
    var line: Int
    /// The UTF-16 offset where the range starts.
    var start: Int
    /// The UTF-16 offset just after it.
    var end: Int

    /// The range as JSON.
    var json: StateValue {
        .fields([
            "start": .fields(["line": .int(line), "character": .int(start)]),
            "end": .fields(["line": .int(line), "character": .int(end)]),
        ])
    }
}
