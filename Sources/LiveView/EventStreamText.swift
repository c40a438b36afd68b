/// The Server-Sent Events text of the shell's events (framed by ``EventFramer``), which serves them.
/// Every client gets the same text (an event's `seq` is its number in the session), so a stream
/// is served by handing over a run of it, whatever the events are.
///
/// The text is kept in the framer's pieces, each the events of one read of the shell's pipe, or
/// of part of it (a busy shell's read holds thousands); reads of a few events share a piece until
/// it holds ``completeSize`` bytes. Every event is whole in one piece. So a long session's text is
/// never copied to grow (a growing array would copy it and touch twice the memory), and a client
/// that keeps up is handed each complete piece itself, shared, not a copy of it. Where each event
/// ends is kept as an offset into the text as if it were one.
struct EventStreamText {
    /// A piece smaller than this takes the next read's events too, when they are fewer bytes;
    /// one this size or larger is complete: it never changes, and is handed over whole.
    static let completeSize = 64 * 1024

    private var pieces: [[UInt8]] = []
    /// Where each piece starts in the whole text.
    private var pieceStarts: [Int] = []
    /// Where each event ends in the whole text (event `seq` is at index `seq - 1`).
    private var ends: [Int] = []

    /// The number of events (the last one's `seq`).
    var count: Int { ends.count }

    /// Appends the events of `piece`, numbered from `count + 1`.
    mutating func append(_ piece: EventFramer.Piece) {
        guard !piece.ends.isEmpty else { return }
        let start = ends.last ?? 0
        if let last = pieces.indices.last, pieces[last].count < Self.completeSize, piece.text.count < Self.completeSize {
            pieces[last].append(contentsOf: piece.text)
        } else {
            pieces.append(piece.text)
            pieceStarts.append(start)
        }
        ends.append(contentsOf: piece.ends.lazy.map { start + $0 })
    }

    /// The text of the events after `seq` and the number of the last one included; nil when there
    /// is no event after `seq`. A complete piece that starts there is handed over whole (shared,
    /// not copied); else a copy of at most about `limit` bytes but at least one event, which stops
    /// where a complete piece starts, so that the next call hands that one over.
    func text(after seq: Int, limit: Int) -> (text: [UInt8], last: Int)? {
        guard seq >= 0 && seq < count else { return nil }
        let start = seq == 0 ? 0 : ends[seq - 1]
        var piece = lastIndex(in: pieceStarts, atMost: start)
        if pieceStarts[piece] == start && pieces[piece].count >= Self.completeSize {
            return (pieces[piece], lastIndex(in: ends, atMost: start + pieces[piece].count) + 1)
        }
        // The last event that ends within the limit; the first one at least.
        var end = ends[max(lastIndex(in: ends, atMost: start + limit), seq)]
        var text: [UInt8] = []
        text.reserveCapacity(end - start)
        var offset = start
        while offset < end {
            let pieceStart = pieceStarts[piece]
            if offset == pieceStart && offset > start && pieces[piece].count >= Self.completeSize {
                end = offset
                break
            }
            let upTo = min(end, pieceStart + pieces[piece].count)
            text.append(contentsOf: pieces[piece][(offset - pieceStart)..<(upTo - pieceStart)])
            offset = upTo
            piece += 1
        }
        return (text, lastIndex(in: ends, atMost: end) + 1)
    }

    /// The JSON object of event `seq` (from 1), with its `"seq"` (what follows `data: `).
    func object(_ seq: Int) -> ArraySlice<UInt8> {
        let start = seq == 1 ? 0 : ends[seq - 2]
        let piece = lastIndex(in: pieceStarts, atMost: start)
        let frame = pieces[piece][(start - pieceStarts[piece])..<(ends[seq - 1] - pieceStarts[piece])]
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
