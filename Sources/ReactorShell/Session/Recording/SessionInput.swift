/// The lines the session ran — typed at the prompt, read from the script files named on the
/// command line, and the lines of `:load`ed files (at a depth of one per `:load`) — with where each
/// came from: the lines of the ``SessionRecord``. Bounded like ``ReplayScript``.
///
/// Kept as bytes, read back as lines only by the exports: a batch line is appended from the
/// reader's bytes, without a `String` made of it.
struct SessionInput {
    /// One line as given.
    struct Line {
        let text: String
        let origin: LineOrigin
        /// How many `:load`s deep it ran (0: typed, or a script named on the command line).
        let depth: Int
    }

    /// The lines' bytes, one after the other (`byteCount` of them). Only ever appended to, so a
    /// copy of the input, which shares them, still reads its own lines.
    private let bytes = ByteStorage()
    private var byteCount = 0
    /// Where each line ends in `bytes`.
    private var ends: [Int] = []
    /// Runs of lines from one source with consecutive numbers: the index of the run's first line,
    /// its source, its number and its depth.
    private var runs: [(first: Int, source: String, number: Int, depth: Int)] = []
    /// The number the next line has when it continues the last run.
    private var nextNumber = 0
    /// The bytes reserved at the first line: about 250,000 script lines.
    private static let initialByteCapacity = 4 << 20
    /// Whether lines were dropped past ``ReplayScript/limit``.
    private(set) var overflowed = false

    /// How many lines there are.
    var count: Int { ends.count }

    /// The lines, as given.
    var lines: [Line] {
        var lines: [Line] = []
        lines.reserveCapacity(ends.count)
        var runIndex = 0
        for index in ends.indices {
            while runIndex + 1 < runs.count && runs[runIndex + 1].first <= index { runIndex += 1 }
            let run = runs[runIndex]
            let start = index == 0 ? 0 : ends[index - 1]
            let text = bytes.string(start..<ends[index])
            lines.append(Line(
                text: text, origin: LineOrigin(source: run.source, line: run.number + index - run.first), depth: run.depth))
        }
        return lines
    }

    /// The index the next line appended gets (``count`` when nothing is dropped).
    var nextIndex: Int { ends.count }

    /// Appends the line of `text`'s bytes (valid UTF-8), given at `origin`, `depth` `:load`s deep;
    /// false when it was dropped past the limit.
    @discardableResult
    mutating func append(_ text: LineBytes, origin: borrowing LineOrigin, depth: Int = 0) -> Bool {
        guard ends.count < ReplayScript.limit else {
            overflowed = true
            return false
        }
        if origin.line != nextNumber || runs.isEmpty || origin.source != runs[runs.count - 1].source
            || depth != runs[runs.count - 1].depth
        {
            runs.append((ends.count, origin.source, origin.line, depth))
        }
        nextNumber = origin.line + 1
        // Reserved for a long run on first use (pages are touched only as they fill): growing
        // would copy every line kept each time.
        if byteCount == 0 { bytes.reserve(Self.initialByteCapacity, keeping: 0) }
        bytes.append(text, at: byteCount)
        byteCount += text.count
        ends.append(byteCount)
        return true
    }

    /// Appends `text`, given at `origin`, `depth` `:load`s deep.
    @discardableResult
    mutating func append(_ text: String, origin: LineOrigin, depth: Int = 0) -> Bool {
        withBytes(of: text) { append($0, origin: origin, depth: depth) }
    }
}
