/// The commands that replay the session so far, for `:save`: bounded, so a long run cannot grow it
/// without end (past the bound the session can no longer be saved, and `:save` says so).
struct ReplayScript {
    static let limit = 100_000
    /// How many lines a chunk of ``chunks`` holds.
    private static let chunkSize = 4_096
    /// The lines, in chunks of ``chunkSize`` allocated at that size: a long run adds chunks
    /// instead of moving every line kept each time one array outgrows its storage.
    private var chunks: [[RecordedLine]] = []
    /// How many lines there are.
    private(set) var count = 0
    /// Whether commands were dropped past ``limit``.
    private(set) var overflowed = false

    /// Appends `line`.
    mutating func append(_ line: String) {
        append(RecordedLine(line))
    }

    /// Appends `line`.
    mutating func append(_ line: consuming RecordedLine) {
        guard count < Self.limit else {
            overflowed = true
            return
        }
        if count % Self.chunkSize == 0 {
            var chunk: [RecordedLine] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(line)
        count += 1
    }

    /// Appends `:use NAME`, replacing a `:use` that nothing followed (nothing happened in that scene).
    mutating func appendUse(_ name: String) {
        if let last = chunks.last?.last, last.isUse {
            chunks[chunks.count - 1].removeLast()
            count -= 1
            if chunks[chunks.count - 1].isEmpty { chunks.removeLast() }
        }
        append(":use \(name)")
    }

    /// The script text `:save` writes.
    func text(savedAs name: String, shellName: String = "reactor-shell") -> String {
        var text = "# \(shellName) session saved by :save; replay with: \(shellName) run \(name)\n"
        for chunk in chunks {
            for line in chunk { text += line.text + "\n" }
        }
        return text
    }
}
