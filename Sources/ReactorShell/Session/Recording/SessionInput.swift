/// The lines the session was given at its top level — typed at the prompt, or read from the
/// script files named on the command line (not the contents of `:load`ed files, whose `:load`
/// line stands for them) — with where each came from: what `:save --transcript` and `:diagram`
/// run again. Bounded like ``ReplayScript``.
///
/// Kept as bytes, read back as lines only by those two: a batch line is appended from the
/// reader's bytes, without a `String` made of it.
struct SessionInput {
    /// One line as given.
    struct Line {
        let text: String
        let origin: LineOrigin
    }

    /// The lines' bytes, one after the other (`byteCount` of them). Only ever appended to, so a
    /// copy of the input, which shares them, still reads its own lines.
    private let bytes = ByteStorage()
    private var byteCount = 0
    /// Where each line ends in `bytes`.
    private var ends: [Int] = []
    /// Runs of lines from one source with consecutive numbers: the index of the run's first line,
    /// its source and its number.
    private var runs: [(first: Int, source: String, number: Int)] = []
    /// The number the next line has when it continues the last run.
    private var nextNumber = 0
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
            let text = String(decoding: UnsafeBufferPointer(start: bytes.base + start, count: ends[index] - start), as: UTF8.self)
            lines.append(Line(text: text, origin: LineOrigin(source: run.source, line: run.number + index - run.first)))
        }
        return lines
    }

    /// Appends the line of `text`'s bytes (valid UTF-8), given at `origin`.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>, origin: borrowing LineOrigin) {
        guard ends.count < ReplayScript.limit else {
            overflowed = true
            return
        }
        if origin.line != nextNumber || runs.isEmpty || origin.source != runs[runs.count - 1].source {
            runs.append((ends.count, origin.source, origin.line))
        }
        nextNumber = origin.line + 1
        bytes.append(text, at: byteCount)
        byteCount += text.count
        ends.append(byteCount)
    }

    /// Appends `text`, given at `origin`.
    mutating func append(_ text: String, origin: LineOrigin) {
        var text = text
        text.withUTF8 { append($0, origin: origin) }
    }
}
