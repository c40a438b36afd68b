/// The shell's events as the Server-Sent Events that serve them, made once as each event arrives:
/// `id: N`, then `data: ` and the event's JSON object with `"seq":N` put first, then a blank line.
/// Every client gets the same text (an event's `seq` is its number in the session), so a stream
/// is served by copying a run of it, whatever the events are.
///
/// The text is kept in segments of about a mebibyte, each event whole in one, so that a long
/// session's text is never copied to grow (a growing array would copy it and touch twice the
/// memory); where each event ends is kept as an offset into the text as if it were one.
struct EventStreamText {
    /// How many bytes a segment holds (a larger event gets a segment of its size).
    static let segmentSize = 1 << 20

    private var segments: [[UInt8]] = []
    /// Where each segment starts in the whole text.
    private var segmentStarts: [Int] = []
    /// Where each event ends in the whole text (event `seq` is at index `seq - 1`).
    private var ends: [Int] = []
    /// The start of the last event's text, `id: N` `\n` `data: {"seq":N`, counted up in place
    /// for the next one (N's digits end at ``idDigitsEnd`` and at the end).
    private var header = Array("id: 0\ndata: {\"seq\":0".utf8)
    private var idDigitsEnd = 5

    /// The number of events (the last one's `seq`).
    var count: Int { ends.count }

    /// Appends the event whose JSON object is `object` (its text, from `{` to `}`) as number
    /// `count + 1`.
    mutating func append(_ object: ArraySlice<UInt8>) {
        countUp()
        // After `{`: a comma follows `"seq":N` unless the object is empty (`{}`, `{ }`).
        let rest = object.dropFirst()
        let needsComma = rest.first { $0 != UInt8(ascii: " ") }.map { $0 != UInt8(ascii: "}") } ?? false
        let size = header.count + (needsComma ? 1 : 0) + rest.count + 2
        let total = (ends.last ?? 0)
        if segments.isEmpty || segments[segments.count - 1].count + size > Self.segmentSize {
            var segment: [UInt8] = []
            segment.reserveCapacity(max(Self.segmentSize, size))
            segments.append(segment)
            segmentStarts.append(total)
        }
        let last = segments.count - 1
        segments[last].append(contentsOf: header)
        if needsComma { segments[last].append(UInt8(ascii: ",")) }
        segments[last].append(contentsOf: rest)
        segments[last].append(10)
        segments[last].append(10)
        ends.append(total + size)
    }

    /// Adds one to both numbers in ``header``.
    private mutating func countUp() {
        var index = idDigitsEnd - 1
        while header[index] == UInt8(ascii: "9") {
            header[index] = UInt8(ascii: "0")
            index -= 1
        }
        if header[index] == UInt8(ascii: " ") {
            // All nines: one digit more (`id: 99` -> `id: 100`).
            let zeros = Array(repeating: UInt8(ascii: "0"), count: idDigitsEnd - index - 1)
            header = Array("id: 1".utf8) + zeros + Array("\ndata: {\"seq\":1".utf8) + zeros
            idDigitsEnd += 1
            return
        }
        header[index] += 1
        // The second number, digit for digit.
        for digit in index..<idDigitsEnd { header[header.count - idDigitsEnd + digit] = header[digit] }
    }

    /// The text of the events after `seq`, at most about `limit` bytes but at least one event, and
    /// the number of the last one included; nil when there is no event after `seq`. The events
    /// come from one segment: the next call goes on with the next.
    func text(after seq: Int, limit: Int) -> (text: [UInt8], last: Int)? {
        guard seq >= 0 && seq < count else { return nil }
        let start = seq == 0 ? 0 : ends[seq - 1]
        let segment = lastIndex(in: segmentStarts, atMost: start)
        let segmentStart = segmentStarts[segment]
        let segmentEnd = segmentStart + segments[segment].count
        // The last event that ends within the limit and the segment; the first one at least.
        let last = max(lastIndex(in: ends, atMost: min(segmentEnd, start + limit)), seq)
        return (Array(segments[segment][(start - segmentStart)..<(ends[last] - segmentStart)]), last + 1)
    }

    /// The JSON object of event `seq` (from 1), with its `"seq"` (what follows `data: `).
    func object(_ seq: Int) -> ArraySlice<UInt8> {
        let start = seq == 1 ? 0 : ends[seq - 2]
        let segment = lastIndex(in: segmentStarts, atMost: start)
        let frame = segments[segment][(start - segmentStarts[segment])..<(ends[seq - 1] - segmentStarts[segment])]
        // `id: N` `\n` `data: ` OBJECT `\n\n`
        let lineBreak = frame.firstIndex(of: 10) ?? frame.startIndex
        return frame[(lineBreak + 1 + "data: ".utf8.count)..<(frame.endIndex - 2)]
    }

    /// The index of the last of the ascending `values` that is at most `bound` (-1 when none is).
    private func lastIndex(in values: [Int], atMost bound: Int) -> Int {
        var low = 0, high = values.count  // the answer is below `high` and at least `low - 1`
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= bound { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }
}
