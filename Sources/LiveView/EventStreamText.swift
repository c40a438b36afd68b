import Foundation

/// The Server-Sent Events text of the shell's events (framed by ``EventFramer``), which serves them.
/// Every client gets the same text (an event's `seq` is its number in the session), so a stream
/// is served by handing over a run of it, whatever the events are.
///
/// The text stays where the framer wrote it, in chunks of memory that are never moved
/// (``ByteChunk``); every event is whole in one chunk. So a long session's text is never copied
/// to grow, and a stream is handed the text itself (shared, not copied), from any event on.
/// For each chunk the log keeps where its events end in it.
struct EventStreamText {
    /// A chunk, where each of its events ends in it, and how many events come before its first.
    private struct Block {
        let chunk: ByteChunk
        var ends: [Int]
        let eventsBefore: Int
    }

    private var blocks: [Block] = []
    /// Each block's ``Block/eventsBefore``, for finding an event's block.
    private var eventsBefore: [Int] = []

    /// The number of events (the last one's `seq`).
    private(set) var count = 0

    /// Adds the events of `run`, numbered from `count + 1`.
    mutating func append(_ run: EventFramer.Run) {
        guard !run.ends.isEmpty else { return }
        if let last = blocks.indices.last, blocks[last].chunk === run.chunk {
            blocks[last].ends.append(contentsOf: run.ends)
        } else {
            blocks.append(Block(chunk: run.chunk, ends: run.ends, eventsBefore: count))
            eventsBefore.append(count)
        }
        count += run.ends.count
    }

    /// The text of the events after `seq`, at most about `limit` bytes but at least one event, all
    /// in one chunk (shared, not copied), and the number of the last one included; nil when there
    /// is no event after `seq`.
    func text(after seq: Int, limit: Int) -> (text: Data, last: Int)? {
        guard seq >= 0 && seq < count else { return nil }
        let block = blocks[lastIndex(in: eventsBefore, atMost: seq)]
        // The index in its block of the first event to serve, number `seq + 1`.
        let first = seq - block.eventsBefore
        let start = first == 0 ? 0 : block.ends[first - 1]
        // The last event that ends within the limit; the first one at least.
        let last = max(lastIndex(in: block.ends, atMost: start + limit), first)
        return (block.chunk.bytes(start..<block.ends[last]), block.eventsBefore + last + 1)
    }

    /// The JSON object of event `seq` (from 1), with its `"seq"` (what follows `data: `).
    func object(_ seq: Int) -> Data {
        let block = blocks[lastIndex(in: eventsBefore, atMost: seq - 1)]
        let index = seq - 1 - block.eventsBefore
        let frame = block.chunk.bytes((index == 0 ? 0 : block.ends[index - 1])..<block.ends[index])
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
