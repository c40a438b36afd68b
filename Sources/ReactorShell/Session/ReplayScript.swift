/// The commands that replay the session so far, for `:save`: bounded, so a long run cannot grow it
/// without end (past the bound the session can no longer be saved, and `:save` says so).
struct ReplayScript {
    static let limit = 100_000
    private var recorded: [RecordedLine] = []
    /// Whether commands were dropped past ``limit``.
    private(set) var overflowed = false

    /// How many lines there are.
    var count: Int { recorded.count }

    /// Appends `line`.
    mutating func append(_ line: String) {
        append(RecordedLine(line))
    }

    /// Appends `line`.
    mutating func append(_ line: consuming RecordedLine) {
        if recorded.count < Self.limit {
            recorded.append(line)
        } else {
            overflowed = true
        }
    }

    /// Appends `:use NAME`, replacing a `:use` that nothing followed (nothing happened in that scene).
    mutating func appendUse(_ name: String) {
        if recorded.last?.isUse == true { recorded.removeLast() }
        append(":use \(name)")
    }

    /// The script text `:save` writes.
    func text(savedAs name: String, shellName: String = "reactor-shell") -> String {
        var text = "# \(shellName) session saved by :save; replay with: \(shellName) run \(name)\n"
        for line in recorded { text += line.text + "\n" }
        return text
    }
}
