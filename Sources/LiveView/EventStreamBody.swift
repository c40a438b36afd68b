import FlyingSocks
import Foundation

/// The body of a `GET /events` response: the Server-Sent Events after a given `seq`, then each new
/// one as it arrives, for as long as the client stays.
struct EventStreamBody: AsyncBufferedSequence {
    typealias Element = UInt8
    let log: EventLog
    let after: Int

    func makeAsyncIterator() -> Iterator { Iterator(log: log, last: after) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let log: EventLog
        var last: Int

        mutating func next() async throws -> UInt8? {
            guard let buffer = try await nextBuffer(suggested: 1) else { return nil }
            return buffer.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> Data? {
            try Task.checkCancellation()
            // The log's own text, not a copy: each piece becomes one chunk on the wire, written at once.
            let (text, newLast) = await log.serverSentEvents(after: last, limit: 256 * 1024)
            last = newLast
            return text
        }
    }
}
