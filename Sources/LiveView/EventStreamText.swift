/// The Server-Sent Events text of the shell's events (framed by ``EventFramer``), which serves them.
/// Every client gets the same text (an event's `seq` is its number in the session), so a stream
/// is served by handing over a run of it, whatever the events are.
///
/// The text is kept in the framer's pieces, each the events of one read of the shell's pipe, or
/// of part of it (a busy shell's read holds thousands); reads of a few events share a piece until
/// it holds ``completeSize`` bytes. Every event is whole in one piece. So a long session's text is
/// never copied to grow (a growing array would copy it and touch twice the memory), and a client
/// that keeps up is handed each complete piece itself, shared, not a copy of it. Each piece keeps
/// where its events end in it.
struct EventStreamText {
    /// A piece smaller than this takes the next read's events too, when they are fewer bytes;
    /// one this size or larger is complete: it never changes, and is handed over whole.
    static let completeSize = 64 * 1024

    /// The pieces, each with where its events end in its text.
    private var pieces: [EventFramer.Piece] = []
    /// How many events come before each piece.
    private var eventsBefore: [Int] = []

    /// The number of events (the last one's `seq`).
    private(set) var count = 0

    /// Appends the events of `piece`, numbered from `count + 1`.
    mutating func append(_ piece: EventFramer.Piece) {
        guard !piece.ends.isEmpty else { return }
        if let last = pieces.indices.last, pieces[last].text.count < Self.completeSize, piece.text.count < Self.completeSize {
            let offset = pieces[last].text.count
            pieces[last].text.append(contentsOf: piece.text)
            pieces[last].ends.append(contentsOf: piece.ends.lazy.map { offset + $0 })
        } else {
            pieces.append(piece)
            eventsBefore.append(count)
        }
        count += piece.ends.count
    }

    /// The text of the events after `seq` and the number of the last one included; nil when there
    /// is no event after `seq`. A complete piece that starts there is handed over whole (shared,
    /// not copied); else a copy of at most about `limit` bytes but at least one event, which stops
    /// where a complete piece starts, so that the next call hands that one over.
    func text(after seq: Int, limit: Int) -> (text: [UInt8], last: Int)? {
        guard seq >= 0 && seq < count else { return nil }
        var piece = lastIndex(in: eventsBefore, atMost: seq)
        // The index in its piece of the first event to serve, number `seq + 1`.
        var first = seq - eventsBefore[piece]
        if first == 0 && pieces[piece].text.count >= Self.completeSize {
            return (pieces[piece].text, eventsBefore[piece] + pieces[piece].ends.count)
        }
        var text: [UInt8] = [], last = seq
        while piece < pieces.count {
            let ends = pieces[piece].ends
            if first == 0 && !text.isEmpty && pieces[piece].text.count >= Self.completeSize { break }
            let start = first == 0 ? 0 : ends[first - 1]
            // The last event that ends within the limit; the first one at least.
            let end = max(lastIndex(in: ends, atMost: start + limit - text.count), text.isEmpty ? first : first - 1)
            if end < first { break }
            text.append(contentsOf: pieces[piece].text[start..<ends[end]])
            last = eventsBefore[piece] + end + 1
            if end < ends.count - 1 { break }
            piece += 1
            first = 0
        }
        return (text, last)
    }

    /// The JSON object of event `seq` (from 1), with its `"seq"` (what follows `data: `).
    func object(_ seq: Int) -> ArraySlice<UInt8> {
        let piece = lastIndex(in: eventsBefore, atMost: seq - 1)
        let index = seq - 1 - eventsBefore[piece], ends = pieces[piece].ends
        let frame = pieces[piece].text[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
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
