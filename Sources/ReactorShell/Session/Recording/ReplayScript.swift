/// The commands that replay the session so far, for `:save`, and the lines of the record's steps
/// (`:history`): bounded, so a long run cannot grow it without end. Past the bound the oldest
/// lines are dropped, a chunk at a time, and the session can no longer be saved (`:save` says so);
/// a line keeps its index (counted from the session's first) while it is kept.
struct ReplayScript {
    static let limit = 100_000
    /// How many lines a chunk of ``chunks`` holds.
    private static let chunkSize = 4_096
    /// The lines, in chunks of ``chunkSize`` allocated at that size: a long run adds chunks
    /// instead of moving every line kept each time one array outgrows its storage. The full
    /// chunks are in `chunks`, the one being filled apart, in `current`: appending to it is one
    /// array's uniqueness check, not the outer array's and then the inner one's.
    private var chunks: [[RecordedLine]] = []
    private var current: [RecordedLine] = []
    /// How many lines were appended and not replaced: the index of the next one.
    private(set) var count = 0
    /// The index of the first line of `chunks[0]`: the oldest kept.
    private var firstKept = 0
    /// Whether more than ``limit`` commands were appended (the oldest are then dropped).
    private(set) var overflowed = false

    /// Appends `line`.
    mutating func append(_ line: String) {
        append(RecordedLine(line))
    }

    /// Appends `line`.
    mutating func append(_ line: consuming RecordedLine) {
        if current.count == Self.chunkSize {
            var full: [RecordedLine] = []
            swap(&full, &current)
            chunks.append(full)
            if count - firstKept > Self.limit {
                chunks.removeFirst()
                firstKept += Self.chunkSize
            }
        }
        if current.capacity == 0 { current.reserveCapacity(Self.chunkSize) }
        current.append(line)
        count += 1
        if count > Self.limit { overflowed = true }
    }

    /// Line `index` (counted from 0, as ``count`` counts).
    subscript(index: Int) -> RecordedLine? {
        guard index >= firstKept && index < count else { return nil }
        let chunk = (index - firstKept) / Self.chunkSize
        return chunk < chunks.count ? chunks[chunk][index % Self.chunkSize] : current[index % Self.chunkSize]
    }

    /// Makes line `index` (counted from 0, as ``count`` counts) end in ` &`.
    mutating func markBackground(line index: Int) {
        guard index >= firstKept && index < count else { return }
        let chunk = (index - firstKept) / Self.chunkSize
        if chunk < chunks.count {
            chunks[chunk][index % Self.chunkSize].markBackground()
        } else {
            current[index % Self.chunkSize].markBackground()
        }
    }

    /// Appends `:use NAME`, replacing a `:use` that nothing followed (nothing happened in that scene).
    mutating func appendUse(_ name: String) {
        if let last = current.last, last.isUse {
            current.removeLast()
            count -= 1
            // The chunk before, full, is the one being filled again (and moved back when full).
            if current.isEmpty, let previous = chunks.popLast() { current = previous }
        }
        append(":use \(name)")
    }

    /// The script text `:save` writes.
    func text(savedAs name: String, shellName: String = "reactor-shell") -> String {
        var text = "# \(shellName) session saved by :save; replay with: \(shellName) run \(name)\n"
        for chunk in chunks {
            for line in chunk { text += line.text + "\n" }
        }
        for line in current { text += line.text + "\n" }
        return text
    }
}
