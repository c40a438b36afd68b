/// The commands that replay the session so far, for `:save`: bounded, so a long run cannot grow it
/// without end (past the bound the session can no longer be saved, and `:save` says so).
struct ReplayScript {
    static let limit = 100_000
    private(set) var lines: [String] = []
    /// Whether commands were dropped past ``limit``.
    private(set) var overflowed = false

    /// Appends `line`.
    mutating func append(_ line: String) {
        if lines.count < Self.limit {
            lines.append(line)
        } else {
            overflowed = true
        }
    }

    /// Appends `:use NAME`, replacing a `:use` that nothing followed (nothing happened in that scene).
    mutating func appendUse(_ name: String) {
        if lines.last?.hasPrefix(":use ") == true { lines.removeLast() }
        append(":use \(name)")
    }

    /// The script text `:save` writes.
    func text(savedAs name: String, shellName: String = "reactor-shell") -> String {
        var text = "# \(shellName) session saved by :save; replay with: \(shellName) run \(name)\n"
        for line in lines { text += line + "\n" }
        return text
    }
}
