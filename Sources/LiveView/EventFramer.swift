/// Numbers the shell's events and frames each one as the Server-Sent Event that serves it:
/// `id: N`, then `data: ` and the event's JSON object with `"seq":N` put first, then a blank line.
/// The writer's half of ``EventLog``: the events of a read are framed here, straight into the
/// log's memory (``ByteChunk``s, filled one after the other), outside the lock that the streams
/// take, and only then added to the ``EventStreamText`` they read.
struct EventFramer {
    /// The size of a chunk (about 10,000 events of a batch run). An event larger than that gets a
    /// chunk of its own.
    static let chunkSize = 2 << 20

    /// Events written into one chunk, one after the other: where each ends in it.
    struct Run {
        let chunk: ByteChunk
        var ends: [Int]
    }

    /// The number of events framed (the last one's `seq`).
    private(set) var count = 0
    /// The start of the last event's text, `id: N` `\n` `data: {"seq":N,`, counted up in place
    /// for the next one (N's digits end at ``idDigitsEnd`` and before the comma).
    private var header = Array("id: 0\ndata: {\"seq\":0,".utf8)
    private var idDigitsEnd = 5
    /// The chunk being filled, and how many bytes of it are written.
    private var chunk: ByteChunk?
    private var written = 0

    /// Frames the events whose JSON objects (each from `{` to `}`) are at `objects` in `lines`,
    /// numbered from `count + 1`, into the chunks; returns them as runs, one for each chunk they went
    /// into, in order.
    mutating func frame(_ objects: [Range<Int>], of lines: ArraySlice<UInt8>) -> [Run] {
        guard !objects.isEmpty else { return [] }
        // An event's size is at most its object's and this: `id: N\ndata: {"seq":N,` and `\n\n`
        // for the object's `{` (a line break more when the last line has none).
        let frameSize = "id: \ndata: {\"seq\":,".utf8.count + 2 * String(count + objects.count).utf8.count + 2 - 1
        var runs: [Run] = []
        var chunk = self.chunk ?? ByteChunk(capacity: Self.chunkSize), ends: [Int] = []
        ends.reserveCapacity(objects.count)
        for object in objects {
            let size = frameSize + object.count
            if written + size > chunk.capacity {
                // A new chunk (the rest of the last one is left unused).
                if !ends.isEmpty { runs.append(Run(chunk: chunk, ends: ends)) }
                ends.removeAll(keepingCapacity: true)
                chunk = ByteChunk(capacity: (size + Self.chunkSize - 1) / Self.chunkSize * Self.chunkSize)
                written = 0
            }
            written = write(object, of: lines, into: chunk)
            ends.append(written)
        }
        runs.append(Run(chunk: chunk, ends: ends))
        self.chunk = chunk
        return runs
    }

    /// Writes the next event, whose object is at `object` in `lines`, at ``written`` in `chunk`;
    /// returns where it ends.
    private mutating func write(_ object: Range<Int>, of lines: ArraySlice<UInt8>, into chunk: ByteChunk) -> Int {
        countUp()
        // After `{`: `"seq":N,`, without the comma when the object is empty (`{}`, `{ }`).
        let rest = (object.lowerBound + 1)..<object.upperBound
        let empty = lines[rest].first(where: { $0 != UInt8(ascii: " ") }) ?? UInt8(ascii: "}") == UInt8(ascii: "}")
        var end = chunk.write(header, count: empty ? header.count - 1 : header.count, at: written)
        if object.upperBound < lines.endIndex {
            end = chunk.write(lines, rest.lowerBound..<(object.upperBound + 1), at: end)  // with its line break
        } else {
            end = chunk.write(10, at: chunk.write(lines, rest, at: end))
        }
        return chunk.write(10, at: end)
    }

    /// Adds one to ``count`` and to both numbers in ``header``.
    private mutating func countUp() {
        count += 1
        var index = idDigitsEnd - 1
        while header[index] == UInt8(ascii: "9") {
            header[index] = UInt8(ascii: "0")
            index -= 1
        }
        if header[index] == UInt8(ascii: " ") {
            // All nines: one digit more (`id: 99` -> `id: 100`).
            let zeros = Array(repeating: UInt8(ascii: "0"), count: idDigitsEnd - index - 1)
            header = Array("id: 1".utf8) + zeros + Array("\ndata: {\"seq\":1".utf8) + zeros + [UInt8(ascii: ",")]
            idDigitsEnd += 1
            return
        }
        header[index] += 1
        // The second number, digit for digit.
        for digit in index..<idDigitsEnd { header[header.count - 1 - idDigitsEnd + digit] = header[digit] }
    }
}
